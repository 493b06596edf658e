/*
 * chart_frame.c: the tier-history chart drawn as a shared frame plus each
 * provider's marks. The frame (tier rows, edition names) is the same for
 * every provider of a build, and its text is what costs: it is drawn once,
 * lazily, per surface kind (a canvas form for vector targets, SVG bytes, a
 * PNG-sized image, which holds the title's first words too), and each
 * chart adds only its title (or the provider's name) and marks, from the
 * same geometry code chart_draw() uses (chart_hist.c).
 *
 * The frame's caches are built under its lock; once built they are only
 * read, so charts may be drawn from it on any number of threads.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "chart_priv.h"

struct chart_frame {
	const struct computed *c;
	struct chart ch;              /* the history charts' size (no provider) */
	pthread_mutex_t lock;
	int svg_state;                /* 0: not drawn; 1: ready; -1: cairo failed */
	struct buf svg_head;          /* the XML declaration and <svg ...> */
	struct buf svg_body;          /* cairo's drawing up to the closing </g> */
	struct buf svg_tail;          /* from that </g> to the end */
	struct buf svg_rules;         /* dark-mode rules for the frame's and marks' inks */
	size_t frame_rules;           /* the length of those for the frame's */
	char **svg_fill;              /* "rgb(...)" of each tier, by ladder index */
	char *svg_ink, *svg_ink2;     /* of COL_INK and COL_INK2 */
	int png_state;                /* as svg_state */
	double png_scale;
	cairo_surface_t *png;         /* the frame on white at png_scale */
	struct png_ref *png_ref;      /* its rows coded once */
	struct stamp_set *stamps;     /* the marks at png_scale */
	PangoRectangle pre_log;       /* the title's prefix, drawn in png: its
	                                 logical extents */
	unsigned char **pool;         /* pixel buffers free for a chart, each
	                                 holding the frame's pixels */
	size_t npool, cappool;
};

/* On success, free with chart_frame_free(). */
struct chart_frame *
chart_frame_new(const struct computed *c)
{
	struct chart_frame *f = xcalloc(1, sizeof(*f));

	f->c = c;
	f->ch.kind = CHART_HISTORY;
	f->ch.width = CHART_WIDTH;
	f->ch.height = hist_height(c);
	pthread_mutex_init(&f->lock, NULL);
	buf_init(&f->svg_head);
	buf_init(&f->svg_body);
	buf_init(&f->svg_tail);
	buf_init(&f->svg_rules);
	return f;
}

void
chart_frame_free(struct chart_frame *f)
{
	size_t i;

	if (f == NULL)
		return;
	canvas_cairo_forget(f);
	png_ref_free(f->png_ref);
	stamp_set_free(f->stamps);
	if (f->png != NULL)
		cairo_surface_destroy(f->png);
	while (f->npool > 0)
		free(f->pool[--f->npool]);
	free(f->pool);
	buf_release(&f->svg_head);
	buf_release(&f->svg_body);
	buf_release(&f->svg_tail);
	buf_release(&f->svg_rules);
	for (i = 0; f->svg_fill != NULL && i < f->c->project->report.nladder; i++)
		free(f->svg_fill[i]);
	free(f->svg_fill);
	free(f->svg_ink);
	free(f->svg_ink2);
	pthread_mutex_destroy(&f->lock);
	free(f);
}

/* Draws the frame onto cv at scale s. */
static void
frame_draw(struct chart_frame *f, struct canvas *cv, double s)
{
	struct cx x;

	cx_begin(&x, &f->ch, cv, s, NULL);
	hist_draw_frame(&x, f->c);
	cx_end(&x);
}

/* Draws the frame onto cr at scale s. */
static void
frame_draw_cairo(struct chart_frame *f, cairo_t *cr, double s)
{
	struct canvas cv;

	canvas_cairo_init(&cv, cr);
	frame_draw(f, &cv, s);
}

/* The frame as a form, at natural size. */
static void
frame_form(void *arg, struct canvas *cv)
{
	frame_draw(arg, cv, 1);
}

/* Can ch be drawn from f? */
static bool
frame_fits(const struct chart_frame *f, const struct chart *ch,
    const struct computed *c)
{
	return f != NULL && ch->kind == CHART_HISTORY && c == f->c &&
	    ch->width == f->ch.width && ch->height == f->ch.height;
}

void
chart_draw_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, struct canvas *cv, double width, double height)
{
	struct cx x;

	if (!frame_fits(f, ch, c)) {
		chart_draw(ch, c, cv, width, height);
		return;
	}
	cx_begin(&x, ch, cv, chart_scale(ch, width, height), NULL);
	chart_draw_title(&x, ch);
	cv_form(cv, f, f->ch.width, f->ch.height, frame_form, f);
	hist_draw_marks(&x, c, ch->provider);
	cx_end(&x);
}

static char *svg_rgb_new(struct rgb c);
static void rows_flag(unsigned char *rows, int h, double y0, double y1);

/* The colours the marks are written in, and dark rules for their inks. */
static void
frame_svg_colours(struct chart_frame *f)
{
	const struct report *r = &f->c->project->report;
	struct buf inks = BUF_INIT;
	size_t i;

	f->svg_ink = svg_rgb_new(COL_INK);
	f->svg_ink2 = svg_rgb_new(COL_INK2);
	f->svg_fill = xcalloc(r->nladder, sizeof(*f->svg_fill));
	for (i = 0; i < r->nladder; i++)
		f->svg_fill[i] = svg_rgb_new(tier_rgb(&r->ladder[i]));
	buf_printf(&inks, "stroke:%s;stroke:%s", f->svg_ink2, f->svg_ink);
	svg_dark_rules(inks.data, &f->svg_rules);
	buf_release(&inks);
}

/* The frame's SVG, cut where the marks go in (under f->lock). */
/*
 * The <svg> start tag of framed history charts: cairo's, with the title's
 * band cut off (the page's caption names the chart), so its height and
 * viewBox start at HIST_CROP. Marks keep their coordinates.
 */
static void svg_num(struct buf *b, double v);

static void
frame_svg_head(struct chart_frame *f, const char *head)
{
	const char *svg = strstr(head, "<svg");
	size_t pre = (size_t)(svg - head);

	buf_add(&f->svg_head, head, pre);
	buf_puts(&f->svg_head, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"");
	svg_num(&f->svg_head, f->ch.width);
	buf_puts(&f->svg_head, "px\" height=\"");
	svg_num(&f->svg_head, f->ch.height - HIST_CROP);
	buf_puts(&f->svg_head, "px\" viewBox=\"0 ");
	svg_num(&f->svg_head, HIST_CROP);
	buf_putc(&f->svg_head, ' ');
	svg_num(&f->svg_head, f->ch.width);
	buf_putc(&f->svg_head, ' ');
	svg_num(&f->svg_head, f->ch.height - HIST_CROP);
	buf_puts(&f->svg_head, "\" version=\"1.1\">");
}

static int
frame_svg(struct chart_frame *f)
{
	struct buf raw = BUF_INIT, rest = BUF_INIT;
	cairo_surface_t *s;
	cairo_t *cr;
	const char *svg, *end = NULL, *g, *p;

	s = cairo_svg_surface_create_for_stream(chart_to_buf, &raw, f->ch.width,
	    f->ch.height);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	frame_draw_cairo(f, cr, 1);
	f->svg_state = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 1 : -1;
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		f->svg_state = -1;
	cairo_surface_destroy(s);
	if (f->svg_state == 1 && ((svg = strstr(raw.data, "<svg")) == NULL ||
	    (end = strchr(svg, '>')) == NULL))
		f->svg_state = -1;
	if (f->svg_state == 1) {
		end++;
		frame_svg_head(f, raw.data);
		svg_dark_rules(raw.data, &f->svg_rules);
		f->frame_rules = f->svg_rules.len;
		frame_svg_colours(f);
		svg_renumber_surfaces(end, &rest);
		/* the marks go inside cairo's last group, over the frame */
		for (g = NULL, p = rest.data; (p = strstr(p, "</g>")) != NULL; p++)
			g = p;
		if (g == NULL)
			f->svg_state = -1;
		else {
			buf_add(&f->svg_body, rest.data, (size_t)(g - rest.data));
			buf_puts(&f->svg_tail, g);
		}
	}
	buf_release(&rest);
	buf_release(&raw);
	return f->svg_state;
}

/* A number for an SVG attribute: rounded to 3 decimals, no trailing zeros. */
static void
svg_num(struct buf *b, double v)
{
	long long m;
	unsigned long long ip, fp;
	char s[48], t[24];
	int n = 0, k = 0;

	if (!(fabs(v) < 1e12)) {
		buf_putc(b, '0');
		return;
	}
	m = llround(v * 1000);
	ip = (unsigned long long)(m < 0 ? -m : m);
	fp = ip % 1000;
	ip /= 1000;
	if (m < 0)
		s[n++] = '-';
	do {
		t[k++] = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip > 0);
	while (k > 0)
		s[n++] = t[--k];
	if (fp > 0) {
		s[n++] = '.';
		s[n++] = (char)('0' + fp / 100);
		s[n++] = (char)('0' + fp / 10 % 10);
		s[n++] = (char)('0' + fp % 10);
		while (s[n - 1] == '0')
			n--;
	}
	buf_add(b, s, (size_t)n);
}

/* A channel (0..1) as cairo's SVG surface spells it: percent, "%f" with
 * trailing zeros dropped; appended to b. */
static void
svg_channel(struct buf *b, double v)
{
	char s[64];
	size_t n;

	n = (size_t)snprintf(s, sizeof(s), "%f", v * 100);
	while (n > 0 && s[n - 1] == '0')
		n--;
	if (n > 0 && s[n - 1] == '.')
		n--;
	buf_add(b, s, n);
}

/* The spelling of each 8-bit channel n / 255.0, made once: every page
 * writes a few colours, and "%f" is slow. */
static char *channel8[256];
static pthread_once_t channel8_once = PTHREAD_ONCE_INIT;

static void
channel8_make(void)
{
	struct buf b = BUF_INIT;
	int i;

	for (i = 0; i < 256; i++) {
		svg_channel(&b, i / 255.0);
		channel8[i] = buf_detach(&b, NULL);
	}
}

/* A colour as cairo's SVG surface spells it, so the dark rules match;
 * malloc'd. */
static char *
svg_rgb_new(struct rgb c)
{
	double v[3] = {c.r, c.g, c.b};
	struct buf b = BUF_INIT;
	long k;
	size_t i;

	pthread_once(&channel8_once, channel8_make);
	buf_grow(&b, 48);
	buf_puts(&b, "rgb(");
	for (i = 0; i < 3; i++) {
		k = lround(v[i] * 255);
		if (k >= 0 && k <= 255 && k / 255.0 == v[i])
			buf_puts(&b, channel8[k]);
		else
			svg_channel(&b, v[i]);
		buf_puts(&b, i < 2 ? "%," : "%)");
	}
	return buf_detach(&b, NULL);
}

/* The colours marks are written in, as cairo spells them. */
struct mark_inks {
	const char *ink, *ink2;     /* COL_INK (dot rings), COL_INK2 (the line) */
	char *const *fill;          /* each tier's, by ladder index */
};

/*
 * The provider's marks as SVG elements, in drawing order. Each has a class
 * (hm-line, hm-dot) so that a page's style sheet can switch its ink for
 * dark pages; the standalone SVG's rules match the style instead.
 */
static void
svg_marks(const struct mark_inks *k, const struct chart *ch,
    const struct computed *c, struct buf *b)
{
	struct hist_mark *m;
	size_t i, n;

	m = hist_marks(c, ch->provider, ch->width, &n);
	for (i = 0; i < n; i++) {
		if (m[i].dot) {
			buf_puts(b, "<circle class=\"hm-dot\" cx=\"");
			svg_num(b, m[i].x1);
			buf_puts(b, "\" cy=\"");
			svg_num(b, m[i].y1);
			buf_puts(b, "\" r=\"");
			svg_num(b, HIST_DOT_R);
			buf_puts(b, "\" style=\"fill:");
			buf_puts(b, k->fill[m[i].tier->index]);
			buf_puts(b, ";stroke:");
			buf_puts(b, k->ink);
			buf_puts(b, ";stroke-width:");
			svg_num(b, HIST_DOT_W);
			buf_puts(b, "\"/>\n");
			continue;
		}
		buf_puts(b, "<path class=\"hm-line\" style=\"fill:none;stroke:");
		buf_puts(b, k->ink2);
		buf_puts(b, ";stroke-width:");
		svg_num(b, HIST_LINE_W);
		if (m[i].dashed) {
			buf_puts(b, ";stroke-dasharray:");
			svg_num(b, HIST_DASH);
			buf_putc(b, ',');
			svg_num(b, HIST_DASH);
		}
		buf_puts(b, "\" d=\"M ");
		svg_num(b, m[i].x0);
		buf_putc(b, ' ');
		svg_num(b, m[i].y0);
		buf_puts(b, " L ");
		svg_num(b, m[i].x1);
		buf_putc(b, ' ');
		svg_num(b, m[i].y1);
		buf_puts(b, "\"/>\n");
	}
	free(m);
}

static void
frame_inks(const struct chart_frame *f, struct mark_inks *k)
{
	k->ink = f->svg_ink;
	k->ink2 = f->svg_ink2;
	k->fill = f->svg_fill;
}

int
chart_history_marks(const struct chart *ch, const struct computed *c,
    struct buf *out)
{
	const struct report *r = &c->project->report;
	struct mark_inks k;
	char *ink, *ink2, **fill;
	size_t i;

	if (ch->kind != CHART_HISTORY || ch->provider == NULL)
		return -1;
	ink = svg_rgb_new(COL_INK);
	ink2 = svg_rgb_new(COL_INK2);
	fill = xcalloc(r->nladder + 1, sizeof(*fill));
	for (i = 0; i < r->nladder; i++)
		fill[i] = svg_rgb_new(tier_rgb(&r->ladder[i]));
	k.ink = ink;
	k.ink2 = ink2;
	k.fill = fill;
	/* about 200 bytes a mark: grown once, not mark by mark */
	buf_grow(out, 512 + strlen(ch->desc != NULL ? ch->desc : "") +
	    400 * c->neditions);
	buf_puts(out, "<svg class=\"history-marks\" viewBox=\"0 ");
	svg_num(out, HIST_CROP);
	buf_putc(out, ' ');
	svg_num(out, ch->width);
	buf_putc(out, ' ');
	svg_num(out, ch->height - HIST_CROP);
	buf_puts(out, "\" role=\"img\" aria-label=\"");
	svg_xml_text(out, ch->desc != NULL ? ch->desc : "");
	buf_puts(out, "\">\n");
	svg_marks(&k, ch, c, out);
	buf_puts(out, "</svg>");
	for (i = 0; i < r->nladder; i++)
		free(fill[i]);
	free(fill);
	free(ink);
	free(ink2);
	return 0;
}

/* The frame's title and description: the tier scale and the editions. */
static void
frame_text(const struct chart_frame *f, struct buf *title, struct buf *desc)
{
	const struct report *r = &f->c->project->report;
	const struct computed *c = f->c;
	size_t i;

	buf_puts(title, "Tier history");
	if (c->neditions == 0 || r->nladder == 0) {
		buf_puts(desc, "No editions.");
		return;
	}
	buf_printf(desc, "Tiers from %s (top) to %s (bottom), by edition: ",
	    r->ladder[0].name, r->ladder[r->nladder - 1].name);
	for (i = 0; i < c->neditions; i++)
		buf_printf(desc, "%s%s", i == 0 ? "" : i + 1 == c->neditions ?
		    " and " : ", ", c->editions[i].edition->name);
	buf_puts(desc, ", from left to right.");
}

/* The frame as an SVG document, without marks; appended to out. */
int
chart_svg_frame(struct chart_frame *f, struct buf *out)
{
	struct buf title = BUF_INIT, desc = BUF_INIT;
	int state;

	pthread_mutex_lock(&f->lock);
	state = f->svg_state != 0 ? f->svg_state : frame_svg(f);
	pthread_mutex_unlock(&f->lock);
	if (state == -1)
		return -1;
	frame_text(f, &title, &desc);
	buf_add(out, f->svg_head.data, f->svg_head.len);
	buf_puts(out, "\n<title>");
	svg_xml_text(out, title.data);
	buf_puts(out, "</title>\n<desc>");
	svg_xml_text(out, desc.data);
	buf_puts(out, "</desc>\n");
	buf_puts(out, "<style>@media (prefers-color-scheme: dark){");
	buf_add(out, f->svg_rules.data, f->frame_rules);
	buf_puts(out, "}</style>");
	buf_add(out, f->svg_body.data, f->svg_body.len);
	buf_add(out, f->svg_tail.data, f->svg_tail.len);
	buf_release(&title);
	buf_release(&desc);
	return 0;
}

int
chart_svg_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, struct buf *out)
{
	struct buf marks = BUF_INIT;
	struct mark_inks k;
	int state;

	if (!frame_fits(f, ch, c))
		return chart_svg(ch, c, out);
	pthread_mutex_lock(&f->lock);
	state = f->svg_state != 0 ? f->svg_state : frame_svg(f);
	pthread_mutex_unlock(&f->lock);
	if (state == -1)
		return -1;
	frame_inks(f, &k);
	svg_marks(&k, ch, c, &marks);
	buf_grow(out, f->svg_head.len + f->svg_body.len + f->svg_tail.len +
	    marks.len + f->svg_rules.len + strlen(ch->title) + strlen(ch->desc) + 128);
	buf_add(out, f->svg_head.data, f->svg_head.len);
	buf_puts(out, "\n<title>");
	svg_xml_text(out, ch->title);
	buf_puts(out, "</title>\n<desc>");
	svg_xml_text(out, ch->desc);
	buf_puts(out, "</desc>\n");
	buf_puts(out, "<style>@media (prefers-color-scheme: dark){");
	buf_add(out, f->svg_rules.data, f->svg_rules.len);
	buf_puts(out, "}</style>");
	buf_add(out, f->svg_body.data, f->svg_body.len);
	buf_add(out, marks.data, marks.len);
	buf_add(out, f->svg_tail.data, f->svg_tail.len);
	buf_release(&marks);
	return 0;
}

/* The title's left edge and top, for a line of logical extents log. */
static void
title_place(const PangoRectangle *log, double *lx, double *ty)
{
	*lx = MARGIN - (double)log->x / PANGO_SCALE;
	*ty = TITLE_Y - (double)log->height / PANGO_SCALE / 2 -
	    (double)log->y / PANGO_SCALE;
}

/*
 * Every history title starts with the same words: they are drawn into the
 * PNG's frame, as chart_draw_title() places them, and each chart draws only
 * the provider's name after them (title_name()).
 */
static void
frame_png_prefix(struct chart_frame *f, cairo_t *cr, double s)
{
	struct canvas cv;
	struct cx x;
	PangoRectangle ink;
	double lx, ty;

	canvas_cairo_init(&cv, cr);
	cx_begin(&x, &f->ch, &cv, s, NULL);
	cx_layout_set(&x, HIST_TITLE_PREFIX, FS_TITLE, true, 0);
	pango_layout_get_extents(x.layout, &ink, &f->pre_log);
	title_place(&f->pre_log, &lx, &ty);
	cx_color(&x, COL_INK);
	cv_layout(&cv, x.layout, lx, ty);
	cx_end(&x);
}

/*
 * Draws the provider's name after the frame's prefix, flagging in maybe the
 * rows it may touch; the pixels are those of the whole title drawn at once
 * when the name is printable ASCII (one font, no shaping across the space
 * that ends the prefix, each glyph at the same place: pango's positions
 * are sums of whole units, exact in doubles), has the prefix's line
 * extents and fits unshortened. Returns false, having drawn nothing, for
 * any other name.
 */
static bool
title_name(struct chart_frame *f, struct cx *x, const struct chart *ch,
    unsigned char *maybe, int h, double s, int cols[2])
{
	const size_t np = sizeof(HIST_TITLE_PREFIX) - 1;
	const char *name = ch->title + np, *p;
	PangoRectangle ink, log;
	double lx, ty;

	if (strncmp(ch->title, HIST_TITLE_PREFIX, np) != 0 || *name == '\0')
		return false;
	for (p = name; *p != '\0'; p++)
		if (*p < 0x20 || *p > 0x7e)
			return false;
	cx_layout_set(x, name, FS_TITLE, true, 0);
	pango_layout_get_extents(x->layout, &ink, &log);
	if (log.x != 0 || f->pre_log.x != 0 || log.y != f->pre_log.y ||
	    log.height != f->pre_log.height ||
	    (double)(f->pre_log.width + log.width) / PANGO_SCALE + 1 >
	    x->w - 2 * MARGIN)
		return false;
	title_place(&f->pre_log, &lx, &ty);
	lx += (double)f->pre_log.width / PANGO_SCALE;
	cx_color(x, COL_INK);
	cv_layout(x->cv, x->layout, lx, ty);
	rows_flag(maybe, h, (ty + (double)ink.y / PANGO_SCALE) * s,
	    (ty + (double)(ink.y + ink.height) / PANGO_SCALE) * s);
	/* the columns, with room for antialiasing */
	cols[0] = (int)floor((lx + (double)ink.x / PANGO_SCALE) * s) - 8;
	cols[1] = (int)ceil((lx + (double)(ink.x + ink.width) / PANGO_SCALE) * s) + 8;
	return true;
}

/* The frame on white at scale (under f->lock). */
static int
frame_png(struct chart_frame *f, double scale)
{
	int w = (int)ceil(f->ch.width * scale), h = (int)ceil(f->ch.height * scale);
	cairo_t *cr;

	f->png = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	f->png_scale = scale;
	cr = cairo_create(f->png);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	frame_draw_cairo(f, cr, chart_scale(&f->ch, w, h));
	frame_png_prefix(f, cr, chart_scale(&f->ch, w, h));
	f->png_state = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 1 : -1;
	cairo_destroy(cr);
	cairo_surface_flush(f->png);
	if (f->png_state == 1 && (f->png_ref = png_ref_new(f->png)) == NULL)
		f->png_state = -1;
	if (f->png_state == 1)
		f->stamps = stamp_set_new(chart_scale(&f->ch, w, h), w, h);
	return f->png_state;
}

/*
 * A buffer holding the frame's pixels, for one chart: taken from the pool
 * (so that a thread drawing one chart after another reuses memory already
 * mapped and filled) or new. Give it back with pool_put(), with the frame's
 * pixels again.
 */
static unsigned char *
pool_get(struct chart_frame *f, size_t n)
{
	unsigned char *p = NULL;

	pthread_mutex_lock(&f->lock);
	if (f->npool > 0)
		p = f->pool[--f->npool];
	pthread_mutex_unlock(&f->lock);
	if (p == NULL) {
		p = xmalloc(n);
		memcpy(p, cairo_image_surface_get_data(f->png), n);
	}
	return p;
}

static void
pool_put(struct chart_frame *f, unsigned char *p)
{
	pthread_mutex_lock(&f->lock);
	f->pool = xgrow(f->pool, sizeof(*f->pool), f->npool + 1, &f->cappool);
	f->pool[f->npool++] = p;
	pthread_mutex_unlock(&f->lock);
}

/* Puts the frame's pixels back in the rows of px that differ from them,
 * in the columns [cols[0], cols[1]) the chart drew in (all rows and
 * columns if changed is NULL). */
static void
frame_restore(struct chart_frame *f, unsigned char *px, const unsigned char *changed,
    const int cols[2])
{
	const unsigned char *fr = cairo_image_surface_get_data(f->png);
	size_t stride = (size_t)cairo_image_surface_get_stride(f->png), at, n;
	int y, h = cairo_image_surface_get_height(f->png);
	int w = cairo_image_surface_get_width(f->png);
	int c0 = cols[0] < 0 ? 0 : cols[0], c1 = cols[1] > w ? w : cols[1];

	if (changed != NULL && c1 <= c0)
		return;
	at = changed == NULL ? 0 : (size_t)c0 * 4;
	n = changed == NULL ? stride : (size_t)(c1 - c0) * 4;
	for (y = 0; y < h; y++)
		if (changed == NULL || changed[y])
			memcpy(px + (size_t)y * stride + at, fr + (size_t)y * stride + at, n);
}

/* Flags rows y0..y1 of device space (rounded outwards, with a pixel more
 * for antialiasing), within 0..h - 1. */
static void
rows_flag(unsigned char *rows, int h, double y0, double y1)
{
	int a = (int)floor(y0) - 2, b = (int)ceil(y1) + 2;

	if (a < 0)
		a = 0;
	if (b > h - 1)
		b = h - 1;
	if (a <= b)
		memset(rows + a, 1, (size_t)(b - a + 1));
}

/*
 * The chart drawn over a copy of the frame that is kept from chart to
 * chart: cairo draws the provider's name after the title's first words,
 * which the frame holds (title_name(); other titles are drawn in full by
 * chart_png()), the marks are laid from their masks (chart_stamp.c). Only the rows a chart may have changed (those of its
 * title's ink and of its marks) are compared with the frame's, only the
 * rows it changed are put back, and only they are coded anew
 * (png_encode_ref()).
 */
int
chart_png_framed(struct chart_frame *f, const struct chart *ch,
    const struct computed *c, double scale, struct buf *out)
{
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	struct cx x;
	struct hist_mark *m;
	unsigned char *px, *changed, *maybe;
	int state, w, h, stride, rc = -1;
	bool named;
	size_t n;
	int cols[2];

	if (!frame_fits(f, ch, c))
		return chart_png(ch, c, scale, out);
	pthread_mutex_lock(&f->lock);
	state = f->png_state != 0 ? f->png_state : frame_png(f, scale);
	pthread_mutex_unlock(&f->lock);
	if (state == -1)
		return -1;
	if (f->png_scale != scale)
		return chart_png(ch, c, scale, out);
	w = cairo_image_surface_get_width(f->png);
	h = cairo_image_surface_get_height(f->png);
	stride = cairo_image_surface_get_stride(f->png);
	px = pool_get(f, (size_t)stride * (size_t)h);
	changed = xmalloc((size_t)h);
	maybe = xcalloc((size_t)h, 1);
	cols[0] = w;
	cols[1] = 0;
	s = cairo_image_surface_create_for_data(px, CAIRO_FORMAT_RGB24, w, h, stride);
	cr = cairo_create(s);
	canvas_cairo_init(&cv, cr);
	/* the title does not touch the frame: drawn after it, the same pixels */
	cx_begin(&x, ch, &cv, chart_scale(ch, w, h), NULL);
	named = title_name(f, &x, ch, maybe, h, chart_scale(ch, w, h), cols);
	cx_end(&x);
	if (!named) {
		/* the frame's prefix would not match this title */
		rc = chart_png(ch, c, scale, out);
	} else if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
		cairo_surface_flush(s);
		m = hist_marks(c, ch->provider, ch->width, &n);
		stamp_marks(f->stamps, m, n, px, stride, maybe, cols);
		free(m);
		rc = png_encode_ref(s, f->png_ref, maybe, changed, out);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	if (named)
		frame_restore(f, px, rc == 0 ? changed : NULL, cols);
	free(maybe);
	free(changed);
	pool_put(f, px);
	return rc;
}

double
chart_history_framed_height(const struct chart *ch)
{
	return ch->height - HIST_CROP;
}
