/*
 * pdf_chrome.c: single lines of text at a baseline, and the running
 * header and footer drawn with them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

#define MUTED_RGB 0x5b6675u

/* A layout of one line, cut with an ellipsis to w; unref it when done. */
static PangoLayout *
line_layout(struct pdf_ctx *ctx, const char *s, enum pdf_font font, double w,
    PangoAlignment align)
{
	PangoLayout *l = pango_layout_new(ctx->pc);

	pdf_layout_font(ctx, l, font, NULL);
	pango_layout_set_width(l, (int)(w * PANGO_SCALE));
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	pango_layout_set_alignment(l, align);
	pango_layout_set_text(l, s, -1);
	return l;
}

static void
layout_at(struct pdf_ctx *ctx, PangoLayout *l, double x, double baseline)
{
	cairo_move_to(ctx->cr, x, baseline -
	    (double)pango_layout_get_baseline(l) / PANGO_SCALE);
	pango_cairo_show_layout(ctx->cr, l);
}

/* One line of text at a baseline, cut with an ellipsis to w. */
void
pdf_line_at(struct pdf_ctx *ctx, const char *s, enum pdf_font font, double x,
    double w, PangoAlignment align, double baseline)
{
	PangoLayout *l;

	if (ctx->cr == NULL || s == NULL)
		return;
	l = line_layout(ctx, s, font, w, align);
	layout_at(ctx, l, x, baseline);
	g_object_unref(l);
}

/*
 * A running-header line (slot 0 the title, 1 the section): laid out again
 * only when its text changes.
 */
static void
chrome_at(struct pdf_ctx *ctx, int slot, const char *s, double x, double w,
    PangoAlignment align, double baseline)
{
	if (ctx->cr == NULL || s == NULL)
		return;
	if (ctx->chrome_line[slot] == NULL || strcmp(ctx->chrome_text[slot], s) != 0) {
		if (ctx->chrome_line[slot] != NULL)
			g_object_unref(ctx->chrome_line[slot]);
		free(ctx->chrome_text[slot]);
		ctx->chrome_line[slot] = line_layout(ctx, s, FONT_SMALL, w, align);
		ctx->chrome_text[slot] = xstrdup(s);
	}
	layout_at(ctx, ctx->chrome_line[slot], x, baseline);
}

void
pdf_chrome_release(struct pdf_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ctx->chrome_line); i++) {
		if (ctx->chrome_line[i] != NULL)
			g_object_unref(ctx->chrome_line[i]);
		free(ctx->chrome_text[i]);
		ctx->chrome_line[i] = NULL;
		ctx->chrome_text[i] = NULL;
	}
}

/*
 * The footer's words (PDF_FOOTER, else "page {page} of {pages}") with the
 * page's number and the page count put in.
 */
static void
footer_text(const char *fmt, unsigned page, unsigned pages, struct buf *b)
{
	const char *s;

	for (s = fmt != NULL ? fmt : "page {page} of {pages}"; *s != '\0'; s++) {
		if (strncmp(s, "{page}", 6) == 0) {
			buf_printf(b, "%u", page);
			s += 5;
		} else if (strncmp(s, "{pages}", 7) == 0) {
			buf_printf(b, "%u", pages);
			s += 6;
		} else
			buf_putc(b, *s);
	}
	if (b->len == 0)
		buf_puts(b, "");
}

/*
 * The running header (the report's title, the section) and the footer,
 * "page N of M": M is the first pass's page count.
 */
void
pdf_chrome(struct pdf_ctx *ctx)
{
	double w = ctx->x1 - ctx->x0;
	struct buf foot = BUF_INIT, head = BUF_INIT;

	if (ctx->cr == NULL)
		return;
	pdf_set_rgb(ctx, MUTED_RGB);
	chrome_at(ctx, 0, ctx->doc->meta[PDF_TITLE], ctx->x0, w * 0.48,
	    PANGO_ALIGN_LEFT, ctx->g.header_y);
	/* the entry in force at the top, and the last begun on the page */
	if (ctx->page_section != NULL && ctx->page_last != NULL)
		buf_printf(&head, "%s \xe2\x80\x93 %s", ctx->page_section, ctx->page_last);
	chrome_at(ctx, 1, head.len > 0 ? head.data : ctx->page_section,
	    ctx->x0 + w * 0.5, w * 0.5, PANGO_ALIGN_RIGHT, ctx->g.header_y);
	buf_release(&head);
	cairo_rectangle(ctx->cr, ctx->x0, ctx->g.header_y + 6, w, 0.4);
	cairo_fill(ctx->cr);
	footer_text(ctx->doc->meta[PDF_FOOTER], ctx->page, ctx->npages, &foot);
	pdf_line_at(ctx, foot.data, FONT_SMALL, ctx->x0, w, PANGO_ALIGN_CENTER,
	    ctx->g.footer_y);
	buf_release(&foot);
}
