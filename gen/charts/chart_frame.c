/*
 * chart_frame.c: the tier-history chart drawn as a shared frame plus each
 * provider's marks. The frame (tier rows, edition names) is the same for
 * every provider of a build, and its text is what costs: cairo draws it
 * once per build as an SVG (charts/history-frame.svg) and once as a PDF
 * form, and each provider's page lays its marks over it, drawn by cairo
 * too. Both are drawn without the title's band (the page names the
 * provider): moved up by HIST_CROP, on a surface that much shorter.
 *
 * The frame's SVG is made under its lock; once made it is only read, so
 * charts may be drawn from the frame on any number of threads.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "chart_priv.h"
#include "escape.h"

struct chart_frame {
	const struct computed *c;
	struct chart ch;              /* the history charts' size (no provider) */
	pthread_mutex_t lock;
	int svg_state;                /* 0: not drawn; 1: ready; -1: cairo failed */
	struct buf svg;               /* the frame's SVG document */
};

/* On success, free with chart_frame_free(). */
struct chart_frame *
chart_frame_new_sized(const struct computed *c, bool narrow)
{
	struct chart_frame *f = xcalloc(1, sizeof(*f));

	f->c = c;
	f->ch.kind = CHART_HISTORY;
	f->ch.narrow = narrow;
	f->ch.width = narrow ? CHART_NARROW_WIDTH : CHART_WIDTH;
	f->ch.height = hist_height(c, f->ch.width);
	pthread_mutex_init(&f->lock, NULL);
	buf_init(&f->svg);
	return f;
}

struct chart_frame *
chart_frame_new(const struct computed *c)
{
	return chart_frame_new_sized(c, false);
}

void
chart_frame_free(struct chart_frame *f)
{
	if (f == NULL)
		return;
	canvas_cairo_forget(f);
	buf_release(&f->svg);
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

/*
 * Runs draw(arg, cv) on a cairo SVG surface the size of a history chart
 * without its title's band, moved up by HIST_CROP; cairo's document is
 * appended to raw. Returns 0, or -1 if cairo failed.
 */
static int
cropped_svg(const struct chart *ch, void (*draw)(void *arg, struct canvas *cv),
    void *arg, struct buf *raw)
{
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	int rc = -1;

	s = cairo_svg_surface_create_for_stream(chart_to_buf, raw, ch->width,
	    ch->height - HIST_CROP);
	cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	cairo_translate(cr, 0, -HIST_CROP);
	canvas_cairo_init(&cv, cr);
	draw(arg, &cv);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS)
		rc = 0;
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		rc = -1;
	cairo_surface_destroy(s);
	return rc;
}

/* The frame's title and description: the tier scale, the tiers set apart
 * (rated: false) and the editions. */
static void
frame_text(const struct chart_frame *f, struct buf *title, struct buf *desc)
{
	const struct report *r = &f->c->project->report;
	const struct computed *c = f->c;
	const struct tier *top = NULL, *bottom = NULL;
	struct buf list = BUF_INIT;
	char *text, *last;
	size_t i, napart = 0;

	buf_puts(title, report_string(r, "tier_history"));
	if (c->neditions == 0 || r->nladder == 0) {
		buf_printf(desc, "%s.", report_string(r, "chart_no_editions"));
		return;
	}
	for (i = 0; i < r->nladder; i++)
		if (r->ladder[i].rated) {
			if (top == NULL)
				top = &r->ladder[i];
			bottom = &r->ladder[i];
		}
	if (top != NULL) {
		static const char *const names[] = {"top", "bottom", NULL};
		const char *values[] = {top->name, bottom->name, NULL};
		char *s = report_format(r, "history_desc_tiers", names, values);

		buf_puts(desc, s);
		free(s);
	}
	for (i = 0; i < r->nladder; i++)
		if (!r->ladder[i].rated)
			buf_printf(&list, "%s%s", napart++ == 0 ? "" : ", ", r->ladder[i].name);
	if (napart > 0) {
		text = report_format1(r, top != NULL ? "history_desc_apart" :
		    "history_desc_unrated", "tiers", list.data);
		buf_puts(desc, text);
		free(text);
	}
	buf_release(&list);
	for (i = 0; i + 1 < c->neditions; i++)
		buf_printf(&list, "%s%s", i == 0 ? "" : ", ", c->editions[i].edition->name);
	if (c->neditions > 1) {
		static const char *const names[] = {"list", "last", NULL};
		const char *values[] = {list.data, c->editions[c->neditions - 1].edition->name,
			NULL};

		last = report_format(r, "history_desc_list", names, values);
	} else
		last = xstrdup(c->editions[0].edition->name);
	text = report_format1(r, "history_desc_editions", "editions", last);
	buf_puts(desc, text);
	free(text);
	free(last);
	buf_release(&list);
}

/* Makes the frame's SVG document (under f->lock). */
static int
frame_svg(struct chart_frame *f)
{
	struct buf raw = BUF_INIT, title = BUF_INIT, desc = BUF_INIT;

	f->svg_state = -1;
	if (cropped_svg(&f->ch, frame_form, f, &raw) == 0) {
		frame_text(f, &title, &desc);
		if (svg_document(title.data, desc.data, &raw, &f->svg) == 0)
			f->svg_state = 1;
	}
	buf_release(&title);
	buf_release(&desc);
	buf_release(&raw);
	return f->svg_state;
}

int
chart_svg_frame(struct chart_frame *f, struct buf *out)
{
	int state;

	pthread_mutex_lock(&f->lock);
	state = f->svg_state != 0 ? f->svg_state : frame_svg(f);
	pthread_mutex_unlock(&f->lock);
	if (state == -1)
		return -1;
	buf_add(out, f->svg.data, f->svg.len);
	return 0;
}

struct marks_arg {
	const struct chart *ch;
	const struct computed *c;
};

static void
marks_draw(void *arg, struct canvas *cv)
{
	const struct marks_arg *m = arg;
	struct cx x;

	cx_begin(&x, m->ch, cv, 1, NULL);
	hist_draw_marks(&x, m->c, m->ch->provider);
	cx_end(&x);
}

/*
 * Marks of the same shape are drawn once a build: many providers share a
 * history (the same tiers in the same editions), and their marks differ
 * in nothing but the text alternative, which is not part of what cairo
 * draws. The cache is keyed by the chart's size and the marks themselves
 * (hist_marks(): their coordinates, colours and kinds), and holds what
 * follows the aria-label: the style sheet and cairo's drawing.
 */
struct marks_entry {
	uint64_t hash;
	struct buf key;
	char *svg;
};

struct marks_cache {
	pthread_mutex_t lock;
	struct marks_entry *slot;    /* open addressing; a power of two */
	size_t cap, n;
};

struct marks_cache *
marks_cache_new(void)
{
	struct marks_cache *mc = xcalloc(1, sizeof(*mc));

	pthread_mutex_init(&mc->lock, NULL);
	return mc;
}

void
marks_cache_free(struct marks_cache *mc)
{
	size_t i;

	if (mc == NULL)
		return;
	for (i = 0; i < mc->cap; i++)
		if (mc->slot[i].svg != NULL) {
			buf_release(&mc->slot[i].key);
			free(mc->slot[i].svg);
		}
	free(mc->slot);
	pthread_mutex_destroy(&mc->lock);
	free(mc);
}

static void
key_double(struct buf *k, double v)
{
	buf_printf(k, "%a;", v);
}

/* The key of a chart's marks: its size, then each mark, in text (%a gives
 * every double exactly). */
static void
marks_key(const struct chart *ch, const struct hist_mark *m, size_t n, struct buf *k)
{
	size_t i;

	key_double(k, ch->width);
	key_double(k, ch->height);
	for (i = 0; i < n; i++) {
		key_double(k, m[i].x0);
		key_double(k, m[i].y0);
		key_double(k, m[i].x1);
		key_double(k, m[i].y1);
		key_double(k, m[i].fill.r);
		key_double(k, m[i].fill.g);
		key_double(k, m[i].fill.b);
		buf_printf(k, "%d%d%d|", m[i].dot, m[i].dashed, m[i].hollow);
	}
}

static uint64_t
key_hash(const struct buf *k)
{
	uint64_t h = 1469598103934665603u;
	size_t i;

	for (i = 0; i < k->len; i++)
		h = (h ^ (unsigned char)k->data[i]) * 1099511628211u;
	return h;
}

/* The slot of key in mc: its entry, or the empty slot where it goes. */
static struct marks_entry *
cache_slot(struct marks_cache *mc, const struct buf *key, uint64_t h)
{
	size_t i = (size_t)h & (mc->cap - 1);

	while (mc->slot[i].svg != NULL && (mc->slot[i].hash != h ||
	    mc->slot[i].key.len != key->len ||
	    memcmp(mc->slot[i].key.data, key->data, key->len) != 0))
		i = (i + 1) & (mc->cap - 1);
	return &mc->slot[i];
}

/* A copy of what the cache holds for key, or NULL. */
static char *
cache_get(struct marks_cache *mc, const struct buf *key, uint64_t h)
{
	char *svg = NULL;

	pthread_mutex_lock(&mc->lock);
	if (mc->cap > 0) {
		const struct marks_entry *e = cache_slot(mc, key, h);

		if (e->svg != NULL)
			svg = xstrdup(e->svg);
	}
	pthread_mutex_unlock(&mc->lock);
	return svg;
}

/* Keeps svg for key (a copy of both), unless another thread kept it first. */
static void
cache_put(struct marks_cache *mc, const struct buf *key, uint64_t h, const char *svg)
{
	struct marks_entry *e;
	size_t i;

	pthread_mutex_lock(&mc->lock);
	if (2 * (mc->n + 1) > mc->cap) {
		struct marks_entry *old = mc->slot;
		size_t oldcap = mc->cap;

		mc->cap = oldcap == 0 ? 64 : 2 * oldcap;
		mc->slot = xcalloc(mc->cap, sizeof(*mc->slot));
		for (i = 0; i < oldcap; i++)
			if (old[i].svg != NULL)
				*cache_slot(mc, &old[i].key, old[i].hash) = old[i];
		free(old);
	}
	e = cache_slot(mc, key, h);
	if (e->svg == NULL) {
		e->hash = h;
		buf_init(&e->key);
		buf_add(&e->key, key->data, key->len);
		e->svg = xstrdup(svg);
		mc->n++;
	}
	pthread_mutex_unlock(&mc->lock);
}

/*
 * What follows a marks <svg>'s aria-label: a style sheet that switches
 * their ink on dark pages (scoped to the marks: it is in the page), and
 * cairo's drawing with its "surfaceN" group ids dropped (a page may hold
 * other SVGs, and cairo numbers surfaces for the whole process).
 */
static int
marks_body(const struct chart *ch, const struct computed *c, struct buf *out)
{
	struct marks_arg m = {ch, c};
	struct buf raw = BUF_INIT, rules = BUF_INIT;
	const char *p, *q, *end;
	int rc = -1;

	if (cropped_svg(ch, marks_draw, &m, &raw) == 0 &&
	    (p = strstr(raw.data, "<svg")) != NULL && (p = strchr(p, '>')) != NULL &&
	    (end = strstr(p, "</svg>")) != NULL) {
		p++;
		buf_puts(out, "\">");
		svg_dark_rules(p, ".history-marks ", &rules);
		if (rules.len > 0)
			buf_printf(out, "<style>@media (prefers-color-scheme: dark){%s}"
			    "</style>", rules.data);
		while ((q = strstr(p, "<g id=\"surface")) != NULL && q < end) {
			buf_add(out, p, (size_t)(q - p));
			buf_puts(out, "<g");
			p = q + strlen("<g id=\"surface");
			p += strcspn(p, "\"");
			if (*p == '"')
				p++;
		}
		buf_add(out, p, (size_t)(end - p));
		buf_puts(out, "</svg>");
		rc = 0;
	}
	buf_release(&rules);
	buf_release(&raw);
	return rc;
}

/* cairo's drawing of the marks, for a page, in an <svg> that names them
 * and gives their text alternative (chart.h). */
int
chart_history_marks(const struct chart *ch, const struct computed *c,
    struct marks_cache *mc, struct buf *out)
{
	struct buf key = BUF_INIT, body = BUF_INIT;
	struct hist_mark *m;
	uint64_t h = 0;
	char *svg = NULL;
	size_t n;
	int rc = 0;

	if (ch->kind != CHART_HISTORY || ch->provider == NULL)
		return -1;
	if (mc != NULL) {
		m = hist_marks(c, ch->provider, ch->width, &n);
		marks_key(ch, m, n, &key);
		free(m);
		h = key_hash(&key);
		svg = cache_get(mc, &key, h);
	}
	if (svg == NULL) {
		rc = marks_body(ch, c, &body);
		if (rc == 0 && mc != NULL)
			cache_put(mc, &key, h, body.data);
	}
	if (rc == 0) {
		buf_printf(out, "<svg class=\"history-marks\" viewBox=\"0 0 %ld %ld\" "
		    "role=\"img\" aria-label=\"", lround(ch->width),
		    lround(ch->height - HIST_CROP));
		esc_xml(out, ch->desc != NULL ? ch->desc : "");
		buf_puts(out, svg != NULL ? svg : body.data);
	}
	free(svg);
	buf_release(&body);
	buf_release(&key);
	return rc;
}

double
chart_history_framed_height(const struct chart *ch)
{
	return ch->height - HIST_CROP;
}
