/*
 * chart_svg.c: a chart as SVG and PNG bytes. The SVG gets <title>, <desc>
 * and a style sheet that switches the ink colours on dark pages; cairo's own
 * output is left as it is otherwise.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <png.h>

#include "chart_priv.h"

static cairo_status_t
to_buf(void *closure, const unsigned char *data, unsigned int n)
{
	buf_add(closure, data, n);
	return CAIRO_STATUS_SUCCESS;
}

/* XML text: & < > " escaped, C0 controls dropped. */
static void
xml_text(struct buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			buf_puts(b, "&amp;");
			break;
		case '<':
			buf_puts(b, "&lt;");
			break;
		case '>':
			buf_puts(b, "&gt;");
			break;
		case '"':
			buf_puts(b, "&quot;");
			break;
		default:
			/* no C0 (but tab, newline), DEL or C1 (C2 80..C2 9F) controls */
			if ((unsigned char)*s == 0xc2 && (unsigned char)s[1] >= 0x80 &&
			    (unsigned char)s[1] <= 0x9f)
				s++;
			else if (((unsigned char)*s >= 0x20 && *s != 0x7f) || *s == '\t' ||
			    *s == '\n')
				buf_putc(b, *s);
		}
	}
}

/* Parses "rgb(R%,G%,B%)" at s into 0xrrggbb; the length read in *len. */
static bool
parse_rgb(const char *s, unsigned *out, size_t *len)
{
	const char *p = s + 4;
	unsigned v = 0;
	char *end;
	double d;
	int i;

	for (i = 0; i < 3; i++) {
		d = strtod(p, &end);
		if (end == p || *end != '%')
			return false;
		v = v << 8 | (unsigned)lround(d * 2.55);
		p = end + 1;
		if (*p != (i < 2 ? ',' : ')'))
			return false;
		p++;
	}
	*out = v;
	*len = (size_t)(p - s);
	return true;
}

static void
add_rule(struct buf *rules, const char *prop, const char *rgb, size_t n, unsigned dark)
{
	char key[128];

	if (n + strlen(prop) + 2 >= sizeof(key))
		return;
	snprintf(key, sizeof(key), "%s:%.*s", prop, (int)n, rgb);
	if (strstr(rules->data, key) != NULL)
		return;
	buf_printf(rules, "[style*=\"%s\"]{%s:#%06x !important}", key, prop, dark);
}

/* Rules for every ink colour cairo wrote, in its own spelling. */
static void
dark_rules(const char *svg, struct buf *rules)
{
	const char *p = svg;
	unsigned v;
	size_t n, i;
	bool fill;

	while ((p = strstr(p, "rgb(")) != NULL) {
		fill = p - svg >= 5 && memcmp(p - 5, "fill:", 5) == 0;
		if (!fill && !(p - svg >= 7 && memcmp(p - 7, "stroke:", 7) == 0)) {
			p += 4;
			continue;
		}
		if (!parse_rgb(p, &v, &n)) {
			p += 4;
			continue;
		}
		for (i = 0; i < chart_ninks; i++)
			if (chart_inks[i].light == v)
				add_rule(rules, fill ? "fill" : "stroke", p, n,
				    chart_inks[i].dark);
		p += n;
	}
}

/*
 * cairo names surfaces by a counter global to the process ("surface6"):
 * renumber them by first appearance so that the bytes depend on the chart
 * only.
 */
static void
renumber_surfaces(const char *in, struct buf *out)
{
	unsigned long seen[16];
	size_t nseen = 0, i;
	const char *p = in, *q;
	unsigned long v;
	char *end;

	while ((q = strstr(p, "surface")) != NULL) {
		buf_add(out, p, (size_t)(q - p) + 7);
		p = q + 7;
		if (*p < '0' || *p > '9')
			continue;
		v = strtoul(p, &end, 10);
		for (i = 0; i < nseen && seen[i] != v; i++)
			;
		if (i == nseen && nseen < ARRAY_SIZE(seen))
			seen[nseen++] = v;
		buf_printf(out, "%zu", i + 1);
		p = end;
	}
	buf_puts(out, p);
}

static int
svg_finish(const struct chart *ch, const struct buf *raw, struct buf *out)
{
	struct buf rules = BUF_INIT;
	const char *svg, *end;

	if ((svg = strstr(raw->data, "<svg")) == NULL ||
	    (end = strchr(svg, '>')) == NULL)
		return -1;
	end++;
	dark_rules(raw->data, &rules);
	buf_add(out, raw->data, (size_t)(end - raw->data));
	buf_puts(out, "\n<title>");
	xml_text(out, ch->title);
	buf_puts(out, "</title>\n<desc>");
	xml_text(out, ch->desc);
	buf_puts(out, "</desc>\n");
	if (rules.len > 0)
		buf_printf(out, "<style>@media (prefers-color-scheme: dark){%s}</style>",
		    rules.data);
	renumber_surfaces(end, out);
	buf_release(&rules);
	return 0;
}

int
chart_svg(const struct chart *ch, const struct computed *c, struct buf *out)
{
	struct buf raw = BUF_INIT;
	cairo_surface_t *s;
	cairo_t *cr;
	int rc = -1;

	s = cairo_svg_surface_create_for_stream(to_buf, &raw, ch->width, ch->height);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	chart_draw(ch, c, cr, ch->width, ch->height);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		cairo_surface_finish(s);
		if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
			rc = svg_finish(ch, &raw, out);
	} else
		cairo_destroy(cr);
	cairo_surface_destroy(s);
	buf_release(&raw);
	return rc;
}

static void
png_to_buf(png_structp png, png_bytep data, png_size_t n)
{
	buf_add(png_get_io_ptr(png), data, n);
}

static void
png_flush_none(png_structp png)
{
	(void)png;
}

/*
 * Encodes an RGB24 image surface with libpng itself rather than cairo's
 * writer. Charts are flat colour on white: with no row filter and zlib
 * level 3 the files come out a little smaller than with SUB at level 6, for
 * less than half the instructions (measured on the benchmark's history
 * charts; levels 4 and up cost twice as much for a few percent). No time or
 * text chunks, so the bytes depend on the pixels only.
 */
static int
png_encode(cairo_surface_t *s, struct buf *out)
{
	png_structp png;
	png_infop info;
	unsigned char *data = cairo_image_surface_get_data(s), *row;
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), x, y;
	volatile int rc = -1;
	uint32_t px;

	row = xmalloc((size_t)w * 3);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png != NULL ? png_create_info_struct(png) : NULL;
	if (info == NULL || setjmp(png_jmpbuf(png)))
		goto out;
	png_set_write_fn(png, out, png_to_buf, png_flush_none);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(png, 3);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		const unsigned char *src = data + (size_t)y * (size_t)stride;
		unsigned char *dst = row;

		for (x = 0; x < w; x++, src += 4, dst += 3) {
			memcpy(&px, src, 4);
			dst[0] = (unsigned char)(px >> 16);
			dst[1] = (unsigned char)(px >> 8);
			dst[2] = (unsigned char)px;
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	rc = 0;
out:
	png_destroy_write_struct(&png, &info);
	free(row);
	return rc;
}

int
chart_png(const struct chart *ch, const struct computed *c, double scale,
    struct buf *out)
{
	cairo_surface_t *s;
	cairo_t *cr;
	int w = (int)ceil(ch->width * scale), h = (int)ceil(ch->height * scale);
	int rc = -1;

	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	chart_draw(ch, c, cr, w, h);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		cairo_surface_flush(s);
		rc = png_encode(s, out);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc;
}
