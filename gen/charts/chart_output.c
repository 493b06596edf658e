/*
 * chart_output.c: a chart as SVG and PNG bytes, both written by cairo. The
 * SVG is cairo's SVG surface's, edited as text in three small ways only:
 * <title> and <desc> after the <svg> tag, a style sheet that switches the
 * ink colours on dark pages, and cairo's "surfaceN" ids renumbered.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "chart_priv.h"
#include "escape.h"

/* Why this thread's last chart could not be drawn (cairo's words). */
static _Thread_local const char *why;

const char *
chart_failure(void)
{
	return why != NULL ? why : "cairo could not draw it";
}

/* st, when it is a failure, is the reason; returns whether it is one. */
static bool
failed(cairo_status_t st)
{
	if (st == CAIRO_STATUS_SUCCESS)
		return false;
	why = cairo_status_to_string(st);
	return true;
}

cairo_status_t
chart_to_buf(void *closure, const unsigned char *data, unsigned int n)
{
	buf_add(closure, data, n);
	return CAIRO_STATUS_SUCCESS;
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
add_rule(struct buf *rules, const char *scope, const char *prop, const char *rgb,
    size_t n, unsigned dark)
{
	char key[128];

	if (n + strlen(prop) + 2 >= sizeof(key))
		return;
	snprintf(key, sizeof(key), "%s:%.*s", prop, (int)n, rgb);
	if (strstr(rules->data, key) != NULL)
		return;
	buf_printf(rules, "%s[style*=\"%s\"]{%s:#%06x !important}", scope, key, prop,
	    dark);
}

/* Rules for every ink colour cairo wrote, in its own spelling. */
void
svg_dark_rules(const char *svg, const char *scope, struct buf *rules)
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
				add_rule(rules, scope, fill ? "fill" : "stroke", p, n,
				    chart_inks[i].dark);
		p += n;
	}
}

/*
 * cairo names surfaces by a counter global to the process ("surface6"):
 * renumber them by first appearance so that the bytes depend on the chart
 * only.
 */
void
svg_renumber_surfaces(const char *in, struct buf *out)
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

int
svg_document(const char *title, const char *desc, const struct buf *raw,
    struct buf *out)
{
	struct buf rules = BUF_INIT;
	const char *svg, *end;

	if ((svg = strstr(raw->data, "<svg")) == NULL ||
	    (end = strchr(svg, '>')) == NULL)
		return -1;
	end++;
	svg_dark_rules(raw->data, "", &rules);
	buf_add(out, raw->data, (size_t)(end - raw->data));
	buf_puts(out, "\n<title>");
	esc_xml(out, title);
	buf_puts(out, "</title>\n<desc>");
	esc_xml(out, desc);
	buf_puts(out, "</desc>\n");
	if (rules.len > 0)
		buf_printf(out, "<style>@media (prefers-color-scheme: dark){%s}</style>",
		    rules.data);
	svg_renumber_surfaces(end, out);
	buf_release(&rules);
	return 0;
}

int
chart_svg(const struct chart *ch, const struct computed *c, struct buf *out)
{
	struct buf raw = BUF_INIT;
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	int rc = -1;

	why = NULL;
	s = cairo_svg_surface_create_for_stream(chart_to_buf, &raw, ch->width, ch->height);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	canvas_cairo_init(&cv, cr);
	chart_draw(ch, c, &cv, ch->width, ch->height);
	if (!failed(cairo_status(cr))) {
		cairo_destroy(cr);
		cairo_surface_finish(s);
		if (!failed(cairo_surface_status(s)) &&
		    (rc = svg_document(ch->title, ch->desc, &raw, out)) == -1)
			why = "cairo's SVG has no <svg> element";
	} else
		cairo_destroy(cr);
	cairo_surface_destroy(s);
	buf_release(&raw);
	return rc;
}

/*
 * The PNG: cairo draws on an image surface painted white, and libpng
 * encodes it (png_out.c).
 */
int
chart_png(const struct chart *ch, const struct computed *c, double scale,
    struct buf *out)
{
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	int w = (int)ceil(ch->width * scale), h = (int)ceil(ch->height * scale);
	int rc = -1;

	why = NULL;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	canvas_cairo_init(&cv, cr);
	chart_draw(ch, c, &cv, w, h);
	if (!failed(cairo_status(cr))) {
		if (surface_png(s, out) == 0)
			rc = 0;
		else
			why = "libpng could not encode the chart";
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc;
}
