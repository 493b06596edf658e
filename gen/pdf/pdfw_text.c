/* pdfw_text.c: pango's shaped lines as PDF text, and the canvas over pdfw. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pdfw_int.h"

/* The colour a run's attributes give, if any. */
static bool
run_color(const PangoItem *item, double rgb[3])
{
	const GSList *l;
	const PangoAttribute *a;
	const PangoColor *c;

	for (l = item->analysis.extra_attrs; l != NULL; l = l->next) {
		a = l->data;
		if (a->klass->type != PANGO_ATTR_FOREGROUND)
			continue;
		c = &((const PangoAttrColor *)a)->color;
		rgb[0] = c->red / 65535.0;
		rgb[1] = c->green / 65535.0;
		rgb[2] = c->blue / 65535.0;
		return true;
	}
	return false;
}

/* v rounded to the nearest whole number, halves away from zero, as
 * lround() does (|v| well below 2^31 here). */
static inline int
round_away(double v)
{
	double t = (double)(long)v, d = v - t;

	if (d >= 0.5)
		t += 1;
	else if (d <= -0.5)
		t -= 1;
	return (int)t;
}

/* Glyph v as four hex digits at s. */
static void
hex4(char *s, unsigned v)
{
	static const char hex[] = "0123456789ABCDEF";

	s[0] = hex[(v >> 12) & 15];
	s[1] = hex[(v >> 8) & 15];
	s[2] = hex[(v >> 4) & 15];
	s[3] = hex[v & 15];
}

/* Adjustment a (not 0) as " a" at s; returns the bytes written. */
static int
adj_put(char *s, int a)
{
	char tmp[12];
	unsigned u = a < 0 ? 0u - (unsigned)a : (unsigned)a;
	int n = 0, k = 0;

	do {
		tmp[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	s[n++] = ' ';
	if (a < 0)
		s[n++] = '-';
	while (k > 0)
		s[n++] = tmp[--k];
	return n;
}

/* The bytes of the cluster of glyph i: [*start, *end) of the item's text. */
static void
cluster_of(const PangoGlyphString *gs, const PangoItem *item, int i,
    int *start, int *end)
{
	int c = gs->log_clusters[i], e = item->length, j;

	for (j = 0; j < gs->num_glyphs; j++)
		if (gs->log_clusters[j] > c && gs->log_clusters[j] < e)
			e = gs->log_clusters[j];
	*start = c;
	*end = e;
}

static void
text_matrix(struct buf *b, double x, double y)
{
	buf_puts(b, "1 0 0 -1 ");
	pdfw_num(b, x);
	buf_putc(b, ' ');
	pdfw_num(b, y);
	buf_puts(b, " Tm");
}

/*
 * One glyph run at (x, y): glyphs shown with TJ, each placed where pango
 * put it (the adjustments correct the PDF's own advances to pango's).
 */
static void
run_show(struct pdfw *w, PangoGlyphItem *run, const char *text, double x,
    double y)
{
	PangoGlyphString *g = run->glyphs;
	PangoItem *item = run->item;
	struct buf *b = w->cs;
	struct pdfw_font *f;
	double size, rgb[3], pen = 0, want, adv, cur_y = NAN, gy;
	int i, cs, ce, units = 0, adj;
	char *p;
	bool open = false, hexopen = false;
	unsigned glyph;

	f = pdfw_font_of(w, item->analysis.font, &size);
	if (f == NULL || size <= 0)
		return;
	if (!run_color(item, rgb))
		memcpy(rgb, w->gs[w->ngs - 1].rgb, sizeof(rgb));
	pdfw_fill_color(w, rgb);
	if (f != w->text_font || size != w->text_size) {
		pdfw_fill_font(w, pdfw_font_id(f));
		buf_puts(b, "/F");
		buf_uint(b, pdfw_font_id(f));
		buf_putc(b, ' ');
		pdfw_num(b, size);
		buf_puts(b, " Tf\n");
		w->text_font = f;
		w->text_size = size;
	}
	for (i = 0; i < g->num_glyphs; i++) {
		PangoGlyphInfo *gi = &g->glyphs[i];

		glyph = gi->glyph;
		want = (double)(units + gi->geometry.x_offset) / PANGO_SCALE;
		gy = y + (double)gi->geometry.y_offset / PANGO_SCALE;
		units += gi->geometry.width;
		if (glyph == PANGO_GLYPH_EMPTY || (glyph & PANGO_GLYPH_UNKNOWN_FLAG) ||
		    glyph > 0xffff)
			continue;
		if (!pdfw_font_has_text(f, glyph) && (i == 0 ||
		    g->log_clusters[i - 1] != g->log_clusters[i])) {
			cluster_of(g, item, i, &cs, &ce);
			pdfw_font_set_text(f, glyph, text + item->offset + cs,
			    (size_t)(ce - cs));
		}
		adv = pdfw_font_use(f, glyph) * size / 1000;
		if (!open || gy != cur_y) {
			if (hexopen)
				buf_putc(b, '>');
			if (open)
				buf_puts(b, "]TJ\n");
			text_matrix(b, x + want, gy);
			buf_putc(b, '[');
			open = true;
			hexopen = false;
			cur_y = gy;
			pen = want;
		}
		/* the glyph's bytes written in place: at most 18 */
		buf_grow(b, 18);
		p = b->data + b->len;
		adj = round_away((pen - want) * 1000 / size);
		if (adj != 0) {
			if (hexopen)
				*p++ = '>';
			hexopen = false;
			p += adj_put(p, adj);
			pen -= adj * size / 1000;
		}
		if (!hexopen)
			*p++ = '<';
		hexopen = true;
		hex4(p, glyph);
		p += 4;
		*p = '\0';
		b->len = (size_t)(p - b->data);
		pen += adv;
	}
	if (hexopen)
		buf_putc(b, '>');
	if (open)
		buf_puts(b, "]TJ\n");
}

void
pdfw_glyph_runs(struct pdfw *w, const char *text, GSList *runs, double x,
    double y)
{
	GSList *l;
	PangoGlyphItem *run;
	double rx = x;

	if (w->cs == NULL || runs == NULL)
		return;
	pdfw_mark(w);
	buf_puts(w->cs, "BT\n");
	w->text_font = NULL;
	for (l = runs; l != NULL; l = l->next) {
		run = l->data;
		run_show(w, run, text, rx, y);
		rx += (double)pango_glyph_string_get_width(run->glyphs) /
		    PANGO_SCALE;
	}
	buf_puts(w->cs, "ET\n");
}

void
pdfw_layout_line(struct pdfw *w, PangoLayoutLine *line, double x, double y)
{
	if (line == NULL)
		return;
	pdfw_glyph_runs(w, pango_layout_get_text(line->layout), line->runs, x, y);
}

void
pdfw_layout(struct pdfw *w, PangoLayout *l, double x, double y)
{
	PangoLayoutIter *it;
	PangoRectangle r;
	int base;

	if (w->cs == NULL)
		return;
	it = pango_layout_get_iter(l);
	do {
		pango_layout_iter_get_line_extents(it, NULL, &r);
		base = pango_layout_iter_get_baseline(it);
		pdfw_layout_line(w, pango_layout_iter_get_line_readonly(it),
		    x + (double)r.x / PANGO_SCALE, y + (double)base / PANGO_SCALE);
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
}

/* The canvas. */
static void cv_w_save(void *p) { pdfw_save(p); }
static void cv_w_restore(void *p) { pdfw_restore(p); }
static void cv_w_translate(void *p, double x, double y) { pdfw_translate(p, x, y); }
static void cv_w_scale(void *p, double x, double y) { pdfw_scale(p, x, y); }
static void cv_w_rgb(void *p, double r, double g, double b) { pdfw_rgb(p, r, g, b); }
static void cv_w_line_width(void *p, double lw) { pdfw_line_width(p, lw); }
static void cv_w_line_cap(void *p, enum cv_cap c) { pdfw_line_cap(p, c); }
static void
cv_w_dash(void *p, const double *d, int n, double off)
{
	pdfw_dash(p, d, n, off);
}
static void cv_w_new_path(void *p) { pdfw_new_path(p); }
static void cv_w_move_to(void *p, double x, double y) { pdfw_move_to(p, x, y); }
static void cv_w_line_to(void *p, double x, double y) { pdfw_line_to(p, x, y); }
static void
cv_w_rect(void *p, double x, double y, double wd, double h)
{
	pdfw_rect(p, x, y, wd, h);
}
static void
cv_w_arc(void *p, double xc, double yc, double r, double a1, double a2)
{
	pdfw_arc(p, xc, yc, r, a1, a2);
}
static void cv_w_close_path(void *p) { pdfw_close_path(p); }
static void cv_w_fill(void *p, int preserve) { pdfw_fill(p, preserve != 0); }
static void cv_w_stroke(void *p) { pdfw_stroke(p); }
static void cv_w_clip(void *p) { pdfw_clip(p); }
static void
cv_w_layout(void *p, PangoLayout *l, double x, double y)
{
	pdfw_layout(p, l, x, y);
}
static void
cv_w_layout_line(void *p, PangoLayoutLine *line, double x, double y)
{
	pdfw_layout_line(p, line, x, y);
}
static void
cv_w_form(void *p, struct canvas *self, const void *key, double wd, double h,
    void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	pdfw_form(p, self, key, wd, h, draw, arg);
}
static cairo_t *
cv_w_cairo(void *p)
{
	(void)p;
	return NULL;
}

static const struct canvas_ops pdfw_canvas_ops = {
	cv_w_save, cv_w_restore, cv_w_translate, cv_w_scale, cv_w_rgb,
	cv_w_line_width, cv_w_line_cap, cv_w_dash, cv_w_new_path, cv_w_move_to,
	cv_w_line_to, cv_w_rect, cv_w_arc, cv_w_close_path, cv_w_fill,
	cv_w_stroke, cv_w_clip, cv_w_layout, cv_w_layout_line, cv_w_form,
	cv_w_cairo,
};

void
pdfw_canvas_init(struct canvas *cv, struct pdfw *w)
{
	cv->ops = &pdfw_canvas_ops;
	cv->impl = w;
}
