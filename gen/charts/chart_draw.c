/*
 * chart_draw.c: what every chart kind draws with, below the dispatcher
 * (chart.c) and the kinds: the drawing context and its pango text, colours,
 * lines, label spreading, axes, and the few facts the kinds share.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"
#include "fonts.h"
#include "tier_color.h"

const struct rgb COL_INK = RGB8(0x1f1f1f);
const struct rgb COL_INK2 = RGB8(0x595959);
const struct rgb COL_GRID = RGB8(0xd0d0d0);
const struct rgb COL_BAR = RGB8(0x3b6ea8);
const struct rgb COL_UP = RGB8(0x1a7f37);
const struct rgb COL_DOWN = RGB8(0xc0392b);
const struct rgb COL_BLACK = RGB8(0x000000);
const struct rgb COL_WHITE = RGB8(0xffffff);

/* Dark twins: #e6e6e6 on #111 is 15:1, #a6a6a6 is 7.8:1 (WCAG AA 4.5:1). */
const struct ink_pair chart_inks[] = {
	{0x1f1f1f, 0xe6e6e6},
	{0x595959, 0xa6a6a6},
	{0xd0d0d0, 0x3d3d3d},
};
const size_t chart_ninks = ARRAY_SIZE(chart_inks);

/* The shared palette's colour (tier_color.h), stepped off an ink colour,
 * which the SVG would switch on dark pages. */
static unsigned
tier_hex(const struct tier *t)
{
	unsigned v = tier_color_rgb(t);
	size_t i;

	for (i = 0; i < chart_ninks; i++)
		if (v == chart_inks[i].light)
			v ^= 1;
	return v;
}

struct rgb
tier_rgb(const struct tier *t)
{
	unsigned v = tier_hex(t);
	struct rgb c = RGB8(v);

	return c;
}

static double
channel(double v)
{
	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

double
rgb_luminance(struct rgb c)
{
	return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double
rgb_contrast(struct rgb a, struct rgb b)
{
	double la = rgb_luminance(a), lb = rgb_luminance(b);

	if (la < lb)
		return (lb + 0.05) / (la + 0.05);
	return (la + 0.05) / (lb + 0.05);
}

struct rgb
rgb_text_on(struct rgb bg)
{
	return rgb_contrast(bg, COL_BLACK) >= rgb_contrast(bg, COL_WHITE) ?
	    COL_BLACK : COL_WHITE;
}

void
cx_color(struct cx *x, struct rgb c)
{
	cv_rgb(x->cv, c.r, c.g, c.b);
}

void
cx_line(struct cx *x, double x0, double y0, double x1, double y1, double lw,
    struct rgb c)
{
	cx_color(x, c);
	cv_line_width(x->cv, lw);
	cv_move_to(x->cv, x0, y0);
	cv_line_to(x->cv, x1, y1);
	cv_stroke(x->cv);
}

void
cx_rect(struct cx *x, double x0, double y0, double w, double h, struct rgb c)
{
	cx_color(x, c);
	cv_rect(x->cv, x0, y0, w, h);
	cv_fill(x->cv);
}

/* A text laid out in this drawing, with its settings. */
struct cx_lay {
	char *s;
	double size, maxw;
	bool bold;
	PangoLayout *l;
};


static uint64_t
lay_hash(const char *s, double size, bool bold, double maxw)
{
	double v[2] = {size, maxw};

	return hash_bytes(hash_bytes(hash_str(s), v, sizeof(v)), &bold, sizeof(bold));
}

/*
 * How much of s is laid out: no chart shows more than TEXT_MAX bytes of a
 * text (a line of the widest chart holds a few hundred characters, and
 * longer texts are ellipsized), and pango measures in ints of 1/1024 px,
 * which a text of a few million pixels would overflow. Cut at a character.
 */
#define TEXT_MAX 4096

static int
text_len(const char *s)
{
	size_t n = strnlen(s, TEXT_MAX + 1);

	if (n > TEXT_MAX) {
		n = TEXT_MAX;
		while (n > 0 && utf8_continues(s[n]))
			n--;
	}
	return (int)n;
}

static void
lay_fill(struct cx *x, PangoLayout *l, const char *s, double size, bool bold,
    double maxw)
{
	pango_font_description_set_absolute_size(x->font, size * PANGO_SCALE);
	pango_font_description_set_weight(x->font,
	    bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_layout_set_font_description(l, x->font);
	if (maxw > 0) {
		pango_layout_set_width(l, (int)(maxw * PANGO_SCALE));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	} else {
		pango_layout_set_width(l, -1);
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_NONE);
	}
	pango_layout_set_text(l, s, text_len(s));
}

/*
 * A pango context for the charts: the thread's pango-cairo font map, no
 * hinting, unrounded glyph positions, and the identity matrix whatever the
 * scale the chart is drawn at. Unhinted, a text's glyph positions scale
 * with the size, so a layout made at scale 1 is the same drawing at any
 * scale (cairo makes the glyphs at the size it draws them), and every
 * canvas and scale shares pango's font sets: each set pango makes costs a
 * fontconfig substitution and sort over the machine's fonts, and two
 * threads. Free with g_object_unref().
 */
static PangoContext *
chart_context(void)
{
	cairo_font_options_t *fo;
	PangoContext *pc;

	fonts_text_thread();
	fonts_config_load();
	pc = pango_font_map_create_context(pango_cairo_font_map_get_default());
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(pc, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(pc, FALSE);
	return pc;
}

void
cx_layout_set(struct cx *x, const char *s, double size, bool bold, double maxw)
{
	struct cx_texts *t = &x->t;
	uint64_t hash = lay_hash(s, size, bold, maxw);
	struct cx_lay *e;
	size_t at = 0, i;

	if (t->lays == NULL)
		t->lays = xcalloc(CX_LAYS, sizeof(*t->lays));
	while (htab_next(&t->index, hash, &at, &i)) {
		e = &t->lays[i];
		if (e->size == size && e->bold == bold && e->maxw == maxw &&
		    strcmp(e->s, s) == 0) {
			x->layout = e->l;
			return;
		}
	}
	if (t->n == CX_LAYS) {       /* full: emptied, its layouts reused */
		htab_clear(&t->index);
		t->n = 0;
	}
	e = &t->lays[t->n];
	htab_add(&t->index, hash, t->n++);
	if (e->l == NULL) {
		if (t->pc == NULL)
			t->pc = chart_context();
		t->made++;
		e->l = pango_layout_new(t->pc);
		pango_layout_set_auto_dir(e->l, FALSE);
		pango_layout_set_single_paragraph_mode(e->l, TRUE);
	}
	free(e->s);
	e->s = xstrdup(s);
	e->size = size;
	e->bold = bold;
	e->maxw = maxw;
	lay_fill(x, e->l, s, size, bold, maxw);
	x->layout = e->l;
}

void
cx_texts_free(struct cx_texts *t)
{
	size_t i;

	for (i = 0; i < t->made; i++) {
		g_object_unref(t->lays[i].l);
		free(t->lays[i].s);
	}
	free(t->lays);
	htab_free(&t->index);
	if (t->pc != NULL)
		g_object_unref(t->pc);
	memset(t, 0, sizeof(*t));
}

void
cx_measure(struct cx *x, const char *s, double size, bool bold, double maxw,
    double *w, double *h)
{
	PangoRectangle ink, log;

	cx_layout_set(x, s, size, bold, maxw);
	pango_layout_get_extents(x->layout, &ink, &log);
	*w = (double)log.width / PANGO_SCALE;
	*h = (double)log.height / PANGO_SCALE;
}

static void
trace_add(struct cx *x, double x0, double y0, double x1, double y1)
{
	struct chart_trace *t = x->trace;
	cairo_t *cr;
	double xs[4] = {x0, x1, x0, x1}, ys[4] = {y0, y0, y1, y1};
	struct chart_box b = {INFINITY, INFINITY, -INFINITY, -INFINITY};
	size_t i;

	if (t == NULL || x1 <= x0 || y1 <= y0 || (cr = cv_cairo(x->cv)) == NULL)
		return;
	for (i = 0; i < 4; i++) {
		cairo_user_to_device(cr, &xs[i], &ys[i]);
		b.x0 = fmin(b.x0, xs[i]);
		b.x1 = fmax(b.x1, xs[i]);
		b.y0 = fmin(b.y0, ys[i]);
		b.y1 = fmax(b.y1, ys[i]);
	}
	t->v = xgrow(t->v, sizeof(*t->v), t->n + 1, &t->cap);
	t->v[t->n++] = b;
}

double
cx_text(struct cx *x, const char *s, double ax, double my, enum align al,
    double size, bool bold, double maxw, struct rgb col)
{
	PangoRectangle ink, log;
	double w, h, lx, ty;

	if (*s == '\0')
		return 0;
	cx_layout_set(x, s, size, bold, maxw);
	pango_layout_get_extents(x->layout, &ink, &log);
	w = (double)log.width / PANGO_SCALE;
	h = (double)log.height / PANGO_SCALE;
	lx = al == AL_LEFT ? ax : al == AL_CENTER ? ax - w / 2 : ax - w;
	lx -= (double)log.x / PANGO_SCALE;
	ty = my - h / 2 - (double)log.y / PANGO_SCALE;
	cx_color(x, col);
	cv_layout(x->cv, x->layout, lx, ty);
	trace_add(x, lx + (double)ink.x / PANGO_SCALE, ty + (double)ink.y / PANGO_SCALE,
	    lx + (double)(ink.x + ink.width) / PANGO_SCALE,
	    ty + (double)(ink.y + ink.height) / PANGO_SCALE);
	return w;
}

void
cx_empty(struct cx *x, const char *msg)
{
	cx_text(x, msg, x->w / 2, TOP + (x->h - TOP) / 2, AL_CENTER, FS_BODY, false,
	    x->w - 2 * MARGIN, COL_INK2);
}

struct cluster {
	size_t first, n;
	double top, len, want; /* want: sum of wanted tops */
};

static void
cluster_place(struct cluster *k, double lo, double hi)
{
	k->top = k->want / (double)k->n;
	if (k->top + k->len > hi)
		k->top = hi - k->len;
	if (k->top < lo)
		k->top = lo;
}

void
labels_spread(double *pos, const double *size, size_t n, double gap,
    double lo, double hi)
{
	struct cluster *k;
	size_t nk = 0, i, j;
	double off;

	if (n == 0)
		return;
	k = xcalloc(n, sizeof(*k));
	for (i = 0; i < n; i++) {
		k[nk].first = i;
		k[nk].n = 1;
		k[nk].len = size[i];
		k[nk].want = pos[i] - size[i] / 2;
		cluster_place(&k[nk], lo, hi);
		nk++;
		/* merge with the previous cluster while they overlap */
		while (nk > 1 && k[nk - 2].top + k[nk - 2].len + gap > k[nk - 1].top) {
			struct cluster *a = &k[nk - 2], *b = &k[nk - 1];

			/* b's members sit a->len + gap further down than their own tops */
			a->want += b->want - (double)b->n * (a->len + gap);
			a->len += gap + b->len;
			a->n += b->n;
			cluster_place(a, lo, hi);
			nk--;
		}
	}
	for (j = 0; j < nk; j++) {
		off = k[j].top;
		for (i = k[j].first; i < k[j].first + k[j].n; i++) {
			pos[i] = off + size[i] / 2;
			off += size[i] + gap;
		}
	}
	free(k);
}

void
nice_axis(double m, double *max, double *step)
{
	static const double mult[] = {1, 2, 5};
	double p = 1, s = 1;
	size_t i;

	if (!(m > 0)) {
		*max = *step = 1;
		return;
	}
	for (;;) {
		for (i = 0; i < ARRAY_SIZE(mult); i++) {
			s = mult[i] * p;
			if (m / s <= 5)
				goto done;
		}
		p *= 10;
	}
done:
	*step = s;
	*max = ceil(m / s) * s;
}

const char *
claim_figure_name(const struct report *r, const struct claim *cl)
{
	return cl->tier != NULL ? cl->tier->name : view_word(r, "figure", cl->figure);
}

const struct edition_stats *
chart_report_stats(const struct computed *c)
{
	const struct edition *e = c->project->report.edition;

	return e == NULL ? NULL : computed_edition(c, e);
}

const char *
provider_label(const struct provider *p)
{
	return p->short_name != NULL ? p->short_name : p->name;
}


/*
 * Starts drawing chart ch onto cv at scale s: a pango layout with the same
 * glyph positions on every canvas, at every scale. End with cx_end().
 */
void
cx_begin(struct cx *x, const struct chart *ch, struct canvas *cv, double s,
    struct chart_trace *t)
{
	memset(x, 0, sizeof(*x));
	x->cv = cv;
	x->w = ch->width;
	x->h = ch->height;
	x->trace = t;
	cv_save(cv);
	cv_scale(cv, s, s);
	x->keep = ch->keep;
	if (x->keep != NULL) {
		/* the layouts of the chart's last drawing, taken back */
		x->t = *x->keep;
		memset(x->keep, 0, sizeof(*x->keep));
	}
	x->font = pango_font_description_new();
	pango_font_description_set_family(x->font, FONT_SANS_LIST);
}

void
cx_end(struct cx *x)
{
	pango_font_description_free(x->font);
	if (x->keep != NULL)
		*x->keep = x->t;
	else
		cx_texts_free(&x->t);
	cv_restore(x->cv);
}

double
chart_scale(const struct chart *ch, double width, double height)
{
	double s = width / ch->width;

	if (height / ch->height < s)
		s = height / ch->height;
	return s;
}

double
cx_foot_lines(double w)
{
	return w < CHART_WIDTH - 1 ? 2 : 1;
}

/*
 * A note in the chart's foot, from y + gap: its words on cx_foot_lines()
 * lines, broken between words, the last cut short if it must be (the text
 * alternative and the table say it whole). Returns where the next starts.
 */
double
cx_foot(struct cx *x, const char *text, double y, double gap)
{
	double maxw = x->w - 2 * MARGIN, tw, th, my;
	size_t lines = (size_t)cx_foot_lines(x->w), line, len = strlen(text), at = 0;
	char *part = xmalloc(len + 1);

	my = y + gap + CX_FOOT_LINE / 2;
	for (line = 0; line < lines && at < len; line++) {
		size_t end = len, best = 0, k;

		/* the most whole words that fit, unless this is the last line */
		if (line + 1 < lines) {
			for (k = at; k <= len; k++) {
				if (k < len && text[k] != ' ')
					continue;
				memcpy(part, text + at, k - at);
				part[k - at] = '\0';
				cx_measure(x, part, FS_SMALL, false, 0, &tw, &th);
				if (tw > maxw && best > 0)
					break;
				best = k;
				if (tw > maxw)
					break;
			}
			end = best;
		}
		memcpy(part, text + at, end - at);
		part[end - at] = '\0';
		cx_text(x, part, MARGIN, my, AL_LEFT, FS_SMALL, false, maxw, COL_INK2);
		my += CX_FOOT_LINE;
		at = end;
		while (at < len && text[at] == ' ')
			at++;
	}
	free(part);
	return y + gap + (double)lines * CX_FOOT_LINE;
}
