/*
 * chart_stamp.c: the marks of history charts (a line's segments, the dots)
 * drawn once each as coverage masks and laid onto many charts' pixels.
 *
 * A provider's marks are a few of a small set: a dot sits at one of the
 * editions' columns and one of the tiers' rows, a segment joins two such
 * places. Drawn by cairo, each costs a stroke (a dot's ring alone, a
 * circle of Bezier arcs, took 150K instructions at 2x); here cairo draws
 * each once, with the very calls hist_draw_marks() makes but onto an A8
 * surface, whose pixels are then the coverage cairo's rasteriser gave
 * each pixel. The mask is moved by whole pixels only, so the coverage is
 * the same where the chart has it. A mask is laid as cairo's image
 * compositor lays an opaque colour on RGB24 spans: the colour where the
 * coverage is full, else the rounded blend of colour and pixel (the
 * arithmetic of its lerp), so the pixels are cairo's own. Each row of a
 * mask is cut once into runs of full and of partial coverage, so that
 * laying it visits no empty pixel and fills the full ones four at a time:
 * on the 1,000 x 5 bench, 187M instructions for the marks of 1,000
 * charts before, 142M after (of which 48M make the 214 masks).
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "chart_priv.h"

/* A run of pixels in a mask's row: all fully covered (the colour is laid
 * as it is), or all partly (each blended). */
struct span {
	int x0, x1;
	bool full;
};

/* One layer of a mark: a mask and the colour laid through it. */
struct stamp {
	int x, y, w, h;      /* the mask's place in the image */
	uint32_t px;         /* the colour, as cairo writes it */
	unsigned char *cov;  /* w x h coverage, row by row */
	struct span *sp;     /* the runs of coverage, row by row */
	int *sp_at;          /* row r's runs: sp[sp_at[r]] to sp[sp_at[r + 1]] */
};

/* A mark's layers: a dot's fill and ring, a segment's stroke. */
struct entry {
	bool used, dot;
	size_t e0, t0, e1, t1;
	struct stamp *st;    /* n of them, allocated apart: they never move */
	int n;
};

struct stamp_set {
	double s;
	int w, h;
	pthread_mutex_t lock;
	struct entry *tab;   /* open addressing, cap a power of 2 */
	size_t cap, used;
};

/* On success, free with stamp_set_free(). */
struct stamp_set *
stamp_set_new(double scale, int w, int h)
{
	struct stamp_set *ss = xcalloc(1, sizeof(*ss));

	ss->s = scale;
	ss->w = w;
	ss->h = h;
	pthread_mutex_init(&ss->lock, NULL);
	ss->cap = 64;
	ss->tab = xcalloc(ss->cap, sizeof(*ss->tab));
	return ss;
}

void
stamp_set_free(struct stamp_set *ss)
{
	size_t i;
	int k;

	if (ss == NULL)
		return;
	for (i = 0; i < ss->cap; i++) {
		for (k = 0; ss->tab[i].used && k < ss->tab[i].n; k++) {
			free(ss->tab[i].st[k].cov);
			free(ss->tab[i].st[k].sp);
			free(ss->tab[i].st[k].sp_at);
		}
		free(ss->tab[i].st);
	}
	free(ss->tab);
	pthread_mutex_destroy(&ss->lock);
	free(ss);
}

/* The pixel cairo writes for colour c on an RGB24 surface. */
static uint32_t
rgb_pixel(struct rgb c)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(s);
	uint32_t v = 0;

	cairo_set_source_rgb(cr, c.r, c.g, c.b);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (cairo_image_surface_get_data(s) != NULL)
		memcpy(&v, cairo_image_surface_get_data(s), sizeof(v));
	cairo_surface_destroy(s);
	return v;
}

/* Draws layer k of mark m onto cr, as hist_draw_marks() does. */
static void
mark_path(cairo_t *cr, const struct hist_mark *m, int k)
{
	static const double dash[] = {HIST_DASH, HIST_DASH};

	if (m->dot) {
		cairo_new_path(cr);
		cairo_arc(cr, m->x1, m->y1, HIST_DOT_R, 0, 2 * M_PI);
		if (k == 0) {
			cairo_fill(cr);
			return;
		}
		cairo_set_line_width(cr, HIST_DOT_W);
		cairo_stroke(cr);
		return;
	}
	if (m->dashed)
		cairo_set_dash(cr, dash, 2, 0);
	cairo_set_line_width(cr, HIST_LINE_W);
	cairo_move_to(cr, m->x0, m->y0);
	cairo_line_to(cr, m->x1, m->y1);
	cairo_stroke(cr);
}

/* Are the 8 bytes at p all zero? */
static inline bool
zero8(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v == 0;
}

/* Cuts each row of st's mask into runs of full and of partial coverage. */
static void
stamp_spans(struct stamp *st)
{
	const unsigned char *cov;
	size_t n = 0, cap = 0;
	int r, c, e;
	bool full;

	st->sp = NULL;
	st->sp_at = xcalloc((size_t)st->h + 1, sizeof(*st->sp_at));
	for (r = 0; r < st->h; r++) {
		st->sp_at[r] = (int)n;
		cov = st->cov + (size_t)r * (size_t)st->w;
		for (c = 0; c < st->w; c = e) {
			if (cov[c] == 0) {
				/* most of a mask is empty: eight bytes a step */
				for (e = c + 1; e + 8 <= st->w && zero8(cov + e); e += 8)
					;
				continue;
			}
			full = cov[c] == 255;
			for (e = c + 1; e < st->w && cov[e] != 0 && (cov[e] == 255) == full; e++)
				;
			st->sp = xgrow(st->sp, sizeof(*st->sp), n + 1, &cap);
			st->sp[n].x0 = c;
			st->sp[n].x1 = e;
			st->sp[n++].full = full;
		}
	}
	st->sp_at[st->h] = (int)n;
}

/* Makes layer k of mark m (under ss->lock). */
static void
stamp_make(struct stamp_set *ss, const struct hist_mark *m, int k,
    struct stamp *st)
{
	double pad = (m->dot ? HIST_DOT_R + HIST_DOT_W : HIST_LINE_W) * ss->s + 4;
	int x0, y0, x1, y1, r, stride;
	cairo_surface_t *a8;
	cairo_t *cr;
	const unsigned char *d;

	x0 = (int)floor(ss->s * fmin(m->x0, m->x1) - pad);
	y0 = (int)floor(ss->s * fmin(m->y0, m->y1) - pad);
	x1 = (int)ceil(ss->s * fmax(m->x0, m->x1) + pad);
	y1 = (int)ceil(ss->s * fmax(m->y0, m->y1) + pad);
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 > ss->w ? ss->w : x1;
	y1 = y1 > ss->h ? ss->h : y1;
	memset(st, 0, sizeof(*st));
	st->px = rgb_pixel(m->dot && k == 0 ? m->fill : m->dot ? COL_INK : COL_INK2);
	if (x1 <= x0 || y1 <= y0)
		return;
	st->x = x0;
	st->y = y0;
	st->w = x1 - x0;
	st->h = y1 - y0;
	st->cov = xcalloc((size_t)st->w * (size_t)st->h, 1);
	a8 = cairo_image_surface_create(CAIRO_FORMAT_A8, st->w, st->h);
	cr = cairo_create(a8);
	cairo_translate(cr, -x0, -y0);
	cairo_scale(cr, ss->s, ss->s);
	mark_path(cr, m, k);
	cairo_destroy(cr);
	cairo_surface_flush(a8);
	d = cairo_image_surface_get_data(a8);
	stride = cairo_image_surface_get_stride(a8);
	for (r = 0; d != NULL && r < st->h; r++)
		memcpy(st->cov + (size_t)r * (size_t)st->w, d + (size_t)r * (size_t)stride,
		    (size_t)st->w);
	stamp_spans(st);
	cairo_surface_destroy(a8);
}

static size_t
entry_hash(const struct hist_mark *m)
{
	uint64_t h = m->dot ? 0x9e3779b97f4a7c15u : 0x2545f4914f6cdd1du;

	h = (h ^ m->e0) * 0x100000001b3u;
	h = (h ^ m->t0) * 0x100000001b3u;
	h = (h ^ m->e1) * 0x100000001b3u;
	h = (h ^ m->t1) * 0x100000001b3u;
	return (size_t)(h ^ h >> 29);
}

static bool
entry_is(const struct entry *e, const struct hist_mark *m)
{
	return e->dot == m->dot && e->e0 == m->e0 && e->t0 == m->t0 &&
	    e->e1 == m->e1 && e->t1 == m->t1;
}

static void tab_grow(struct stamp_set *ss);

/* The entry of mark m, made on first use (under ss->lock). The entry moves
 * when the table grows; its stamps never do. */
static const struct entry *
entry_get(struct stamp_set *ss, const struct hist_mark *m)
{
	struct entry *e;
	size_t i;

	if (2 * (ss->used + 1) > ss->cap)
		tab_grow(ss);
	for (i = entry_hash(m) & (ss->cap - 1); ss->tab[i].used; i = (i + 1) & (ss->cap - 1))
		if (entry_is(&ss->tab[i], m))
			return &ss->tab[i];
	e = &ss->tab[i];
	e->used = true;
	e->dot = m->dot;
	e->e0 = m->e0;
	e->t0 = m->t0;
	e->e1 = m->e1;
	e->t1 = m->t1;
	e->n = m->dot ? 2 : 1;
	e->st = xcalloc((size_t)e->n, sizeof(*e->st));
	stamp_make(ss, m, 0, &e->st[0]);
	if (m->dot)
		stamp_make(ss, m, 1, &e->st[1]);
	ss->used++;
	return e;
}

static void
tab_grow(struct stamp_set *ss)
{
	struct entry *old = ss->tab;
	size_t n = ss->cap, i, j;

	ss->cap *= 2;
	ss->tab = xcalloc(ss->cap, sizeof(*ss->tab));
	for (i = 0; i < n; i++) {
		if (!old[i].used)
			continue;
		for (j = entry_hash(&(struct hist_mark){.dot = old[i].dot, .e0 = old[i].e0,
		    .t0 = old[i].t0, .e1 = old[i].e1, .t1 = old[i].t1}) & (ss->cap - 1);
		    ss->tab[j].used; j = (j + 1) & (ss->cap - 1))
			;
		ss->tab[j] = old[i];
	}
	free(old);
}

#ifdef __SSE2__
/* src over dst with coverage a (1..254) as cairo's opaque span filler
 * blends: each channel's two products with a and 255 - a rounded as cairo
 * rounds them (a half less one: 0x7f), their sum held at 255. One pixel in
 * four 16-bit lanes. */
static inline uint32_t
blend(uint32_t src, uint32_t a, uint32_t dst)
{
	const __m128i z = _mm_setzero_si128(), half = _mm_set1_epi16(0x7f);
	__m128i s = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)src), z);
	__m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)dst), z);

	s = _mm_add_epi16(_mm_mullo_epi16(s, _mm_set1_epi16((short)a)), half);
	d = _mm_add_epi16(_mm_mullo_epi16(d, _mm_set1_epi16((short)(255 - a))), half);
	s = _mm_srli_epi16(_mm_add_epi16(s, _mm_srli_epi16(s, 8)), 8);
	d = _mm_srli_epi16(_mm_add_epi16(d, _mm_srli_epi16(d, 8)), 8);
	return (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(_mm_packus_epi16(s, z),
	    _mm_packus_epi16(d, z)));
}
#else
/* Two 8-bit channels (bits 0-7 and 16-23) times a / 255, rounded as cairo
 * rounds them (a half less one: 0x7f). */
static inline uint32_t
mul2(uint32_t v, uint32_t a)
{
	uint32_t t = (v & 0x00ff00ffu) * a + 0x007f007fu;

	return ((t + (t >> 8 & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
}

/* Two channels' sum, each held at 255. */
static inline uint32_t
add2(uint32_t a, uint32_t b)
{
	uint32_t t = a + b;

	t |= 0x01000100u - (t >> 8 & 0x00ff00ffu);
	return t & 0x00ff00ffu;
}

/* src over dst with coverage a (1..254): each of the two products rounded,
 * their sum held at 255, as cairo's opaque span filler blends. */
static inline uint32_t
blend(uint32_t src, uint32_t a, uint32_t dst)
{
	return add2(mul2(src, a), mul2(dst, 255 - a)) |
	    add2(mul2(src >> 8, a), mul2(dst >> 8, 255 - a)) << 8;
}
#endif

/* n pixels of colour v; four at a time where SSE2 is. */
static inline void
fill(uint32_t *p, int n, uint32_t v)
{
	int c = 0;
#ifdef __SSE2__
	__m128i vv = _mm_set1_epi32((int)v);

	for (; c + 4 <= n; c += 4)
		_mm_storeu_si128((__m128i *)(void *)(p + c), vv);
#endif
	for (; c < n; c++)
		p[c] = v;
}

static void
stamp_lay(const struct stamp *st, unsigned char *px, int stride, unsigned char *rows)
{
	const unsigned char *cov;
	const struct span *sp;
	uint32_t *row;
	int r, c, i;

	for (r = 0; r < st->h; r++) {
		if (st->sp_at[r] == st->sp_at[r + 1])
			continue;
		rows[st->y + r] = 1;
		row = (uint32_t *)(void *)(px + (size_t)(st->y + r) * (size_t)stride) + st->x;
		cov = st->cov + (size_t)r * (size_t)st->w;
		for (i = st->sp_at[r]; i < st->sp_at[r + 1]; i++) {
			sp = &st->sp[i];
			if (sp->full)
				fill(row + sp->x0, sp->x1 - sp->x0, st->px);
			else
				for (c = sp->x0; c < sp->x1; c++)
					row[c] = blend(st->px, cov[c], row[c]);
		}
	}
}

void
stamp_marks(struct stamp_set *ss, const struct hist_mark *m, size_t n,
    unsigned char *px, int stride, unsigned char *rows, int cols[2])
{
	const struct stamp **st = xmalloc((2 * n + 1) * sizeof(*st));
	const struct entry *e;
	size_t i, k = 0;
	int j;

	pthread_mutex_lock(&ss->lock);
	for (i = 0; i < n; i++)
		for (e = entry_get(ss, &m[i]), j = 0; j < e->n; j++)
			st[k++] = &e->st[j];
	pthread_mutex_unlock(&ss->lock);
	for (i = 0; i < k; i++) {
		stamp_lay(st[i], px, stride, rows);
		if (st[i]->w > 0 && st[i]->x < cols[0])
			cols[0] = st[i]->x;
		if (st[i]->w > 0 && st[i]->x + st[i]->w > cols[1])
			cols[1] = st[i]->x + st[i]->w;
	}
	free(st);
}
