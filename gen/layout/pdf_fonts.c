/* pdf_fonts.c: the PDF's faces, sizes and line heights, and setting them
 * on a layout. Below the layout and its parts: it calls none of them. */
#include "pdf_layout.h"

static const struct {
	const char *family;
	PangoWeight weight;
	PangoStyle style;
	double size;
	double line;   /* a factor of the face's line height; 0: its own */
} font_specs[FONT_MAX] = {
	[FONT_BODY] = {FONT_SERIF_LIST, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, 10},
	[FONT_H1] = {FONT_SANS_LIST, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, 17, PDF_SANS_LINE},
	[FONT_H2] = {FONT_SANS_LIST, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, 13, PDF_SANS_LINE},
	[FONT_H3] = {FONT_SANS_LIST, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, 10.5, PDF_SANS_LINE},
	[FONT_CODE] = {FONT_MONO, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, 8},
	[FONT_TABLE] = {FONT_SANS_LIST, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, 8, PDF_SANS_LINE},
	[FONT_TABLE_HEAD] = {FONT_SANS_LIST, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, 8, PDF_SANS_LINE},
	[FONT_SMALL] = {FONT_SANS_LIST, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, 7.5, PDF_SANS_LINE},
	[FONT_CAPTION] = {FONT_SERIF_LIST, PANGO_WEIGHT_NORMAL, PANGO_STYLE_ITALIC, 8.5},
	[FONT_TITLE] = {FONT_SANS_LIST, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, 30, PDF_SANS_LINE},
	[FONT_SUBTITLE] = {FONT_SANS_LIST, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, 15, PDF_SANS_LINE},
};

/*
 * Sets font on l, with attrs (or none): TeX Gyre Heros' line is 1.44 of
 * its size, most of it above the capitals (room for accents on them),
 * which set rows and headings loose and their text high; its sans texts
 * get a line height of PDF_SANS_LINE of that, the cut shared above and
 * below (pango's line-height attribute).
 */
void
pdf_layout_font(struct pdf_ctx *ctx, PangoLayout *l, enum pdf_font font,
    PangoAttrList *attrs)
{
	PangoAttrList *al;

	pango_layout_set_font_description(l, ctx->font[font]);
	if (font_specs[font].line == 0) {
		if (attrs != NULL)
			pango_layout_set_attributes(l, attrs);
		return;
	}
	al = attrs != NULL ? pango_attr_list_copy(attrs) : pango_attr_list_new();
	pango_attr_list_insert_before(al,
	    pango_attr_line_height_new(font_specs[font].line));
	pango_layout_set_attributes(l, al);
	pango_attr_list_unref(al);
}

/* A new description of font (free with pango_font_description_free). */
PangoFontDescription *
pdf_font_description(enum pdf_font font)
{
	PangoFontDescription *fd = pango_font_description_new();

	pango_font_description_set_family(fd, font_specs[font].family);
	pango_font_description_set_weight(fd, font_specs[font].weight);
	pango_font_description_set_style(fd, font_specs[font].style);
	pango_font_description_set_absolute_size(fd,
	    font_specs[font].size * PANGO_SCALE);
	return fd;
}
