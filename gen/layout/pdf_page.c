/* pdf_page.c: the title page and the contents page. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

#define TOC_NUMW 36.0
#define TOC_INDENT 14.0
#define MUTED_RGB 0x5b6675u
#define ACCENT_RGB 0x1f3a5fu

/* An entry's text is laid out only while it is placed. */
struct pdf_toc_entry {
	const struct pdf_block *b;
	double indent;
};

struct pdf_toc {
	struct pdf_text *title;
	struct pdf_toc_entry *v;
	size_t n, cap;
};

static void
para_at(struct pdf_ctx *ctx, struct pdf_text *t, unsigned rgb)
{
	unsigned ink = ctx->ink;

	pdf_tag_push(ctx, "P", NULL);
	ctx->ink = rgb;
	pdf_text_draw(ctx, t, ctx->x0, ctx->y, 0, t->nlines);
	ctx->ink = ink;
	pdf_tag_pop(ctx);
	ctx->y += pdf_text_height(t);
	pdf_text_free(t);
}

/*
 * Whether every line of t but its last ends at a pause (a comma, colon,
 * semicolon or dash): a title broken where it would be read aloud.
 */
static bool
breaks_at_pauses(const struct pdf_text *t)
{
	int i;

	if (t->layouts == NULL)
		return false;
	for (i = 0; i + 1 < t->nlines; i++) {
		PangoLayout *l = t->layouts[t->line_layout[i]];
		PangoLayoutLine *line = pango_layout_get_line_readonly(l, t->line_no[i]);
		const char *text = pango_layout_get_text(l);
		int end;

		if (line == NULL)
			return false;
		end = line->start_index + line->length;
		while (end > line->start_index && (text[end - 1] == ' ' ||
		    text[end - 1] == '\n'))
			end--;
		if (end == line->start_index)
			return false;
		if (strchr(",:;", text[end - 1]) == NULL && !(end - line->start_index >= 3 &&
		    (memcmp(text + end - 3, "\xe2\x80\x94", 3) == 0 ||
		    memcmp(text + end - 3, "\xe2\x80\x93", 3) == 0)))
			return false;
	}
	return true;
}

/*
 * A title laid out in as few lines as at width w, its lines even: not a
 * full line and a stub after it ("fewer medals, a / higher bar": review
 * item 23). The narrowest width that keeps the count is found by halving
 * (pango wraps); then, of the widths from there to w, the narrowest whose
 * lines all end at a pause, if one does ("ClusterMAX 3.0: fewer medals, /
 * a higher bar"), else the narrowest.
 */
static struct pdf_text *
text_balanced(struct pdf_ctx *ctx, const char *s, enum pdf_font font, double w)
{
	struct pdf_text *best = pdf_text_plain(ctx, s, font, w, PANGO_ALIGN_LEFT), *t;
	double lo, hi = w, mid, step;
	int n = best->nlines, i;

	if (n < 2)
		return best;
	lo = w / n;
	for (i = 0; i < 10 && hi - lo > 1; i++) {
		mid = (lo + hi) / 2;
		t = pdf_text_plain(ctx, s, font, mid, PANGO_ALIGN_LEFT);
		if (t->nlines <= n) {
			pdf_text_free(best);
			best = t;
			hi = mid;
		} else {
			pdf_text_free(t);
			lo = mid;
		}
	}
	if (breaks_at_pauses(best))
		return best;
	step = (w - hi) / 16;
	for (i = 1; step > 0.5 && i <= 16; i++) {
		t = pdf_text_plain(ctx, s, font, hi + step * i, PANGO_ALIGN_LEFT);
		if (t->nlines == best->nlines && breaks_at_pauses(t)) {
			pdf_text_free(best);
			return t;
		}
		pdf_text_free(t);
	}
	return best;
}

void
pdf_title_page(struct pdf_ctx *ctx)
{
	const struct pdf_doc *doc = ctx->doc;
	double w = ctx->x1 - ctx->x0;
	size_t i;

	ctx->y = ctx->g.page_h * 0.26;
	if (ctx->cr != NULL) {
		pdf_set_rgb(ctx, ACCENT_RGB);
		cairo_rectangle(ctx->cr, ctx->x0, ctx->y - 24, 56, 5);
		cairo_fill(ctx->cr);
	}
	if (doc->meta[PDF_TITLE] != NULL)
		para_at(ctx, text_balanced(ctx, doc->meta[PDF_TITLE], FONT_TITLE, w),
		    ACCENT_RGB);
	ctx->y += 10;
	if (doc->meta[PDF_SUBTITLE] != NULL)
		para_at(ctx, pdf_text_plain(ctx, doc->meta[PDF_SUBTITLE],
		    FONT_SUBTITLE, w, PANGO_ALIGN_LEFT), MUTED_RGB);
	if (doc->meta[PDF_LEDE] != NULL) {
		ctx->y += 14;
		para_at(ctx, pdf_text_plain(ctx, doc->meta[PDF_LEDE],
		    FONT_SUBTITLE, w, PANGO_ALIGN_LEFT), 0x222222u);
	}
	if (ctx->y < ctx->g.page_h * 0.62)
		ctx->y = ctx->g.page_h * 0.62;
	for (i = 0; i < doc->nlines; i++) {
		para_at(ctx, pdf_text_plain(ctx, doc->lines[i], FONT_H3, w,
		    PANGO_ALIGN_LEFT), i == 0 ? ACCENT_RGB : MUTED_RGB);
		ctx->y += 5;
	}
	ctx->at_top = false;
}

/* A heading's text, its runs joined; malloc'd. */
static char *
runs_text(const struct pdf_run *r)
{
	struct buf b = BUF_INIT;

	for (; r != NULL; r = r->next)
		buf_puts(&b, r->text);
	return buf_detach(&b, NULL);
}

static void
toc_collect(struct pdf_ctx *ctx, struct pdf_toc *toc,
    const struct pdf_block *b)
{
	struct pdf_toc_entry *e;

	for (; b != NULL; b = b->next) {
		toc_collect(ctx, toc, b->kids);
		if (b->kind != PDF_HEADING || !(b->flags & PDF_H_TOC) ||
		    b->anchor == NULL)
			continue;
		toc->v = xgrow(toc->v, sizeof(*toc->v), toc->n + 1, &toc->cap);
		e = &toc->v[toc->n++];
		e->b = b;
		e->indent = (b->level - 1) * TOC_INDENT;
	}
}

/* An entry's text, w points wide with its number; free with pdf_text_free(). */
static struct pdf_text *
toc_text(struct pdf_ctx *ctx, const struct pdf_toc_entry *e, double w)
{
	struct pdf_run run;
	struct pdf_text *t;
	char *plain = runs_text(e->b->runs);

	memset(&run, 0, sizeof(run));
	run.text = plain;
	run.style = e->b->level == 1 ? PDF_S_BOLD : 0;
	t = pdf_text_new(ctx, &run, FONT_BODY, w - TOC_NUMW, PANGO_ALIGN_LEFT, false);
	free(plain);
	return t;
}

void
pdf_toc_prepare(struct pdf_ctx *ctx)
{
	struct pdf_toc *toc;

	if (ctx->doc->meta[PDF_TOC_TITLE] == NULL)
		return;
	toc = ctx->toc = xcalloc(1, sizeof(*toc));
	toc->title = pdf_text_plain(ctx, ctx->doc->meta[PDF_TOC_TITLE],
	    FONT_H1, ctx->x1 - ctx->x0, PANGO_ALIGN_LEFT);
	toc_collect(ctx, toc, ctx->doc->root->kids);
}

void
pdf_toc_release(struct pdf_ctx *ctx)
{
	if (ctx->toc == NULL)
		return;
	free(ctx->toc->v);
	pdf_text_free(ctx->toc->title);
	free(ctx->toc);
	ctx->toc = NULL;
}

/*
 * Dots every 4.5 points between from and to: one dashed stroke with round
 * caps (a zero-length dash is a dot), not one circle per dot.
 */
static void
leaders(struct pdf_ctx *ctx, double from, double to, double baseline)
{
	static const double dash[] = {0, 4.5};
	double first = 4.5 * (double)(long)(from / 4.5 + 1), last;

	if (ctx->cr == NULL || first >= to)
		return;
	last = first + 4.5 * (double)(long)((to - first) / 4.5);
	if (last >= to)
		last -= 4.5;
	cairo_save(ctx->cr);
	pdf_set_rgb(ctx, 0x8a94a3);
	cairo_set_line_width(ctx->cr, 1.2);
	cairo_set_line_cap(ctx->cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_dash(ctx->cr, dash, 2, 0);
	cairo_move_to(ctx->cr, first, baseline - 1);
	cairo_line_to(ctx->cr, last + 0.5, baseline - 1);
	cairo_stroke(ctx->cr);
	cairo_restore(ctx->cr);
}

/* The entry's page number (the first pass's), right-aligned at xr. */
static void
toc_number(struct pdf_ctx *ctx, const struct pdf_anchor *a, double xr,
    double baseline)
{
	char s[32];

	snprintf(s, sizeof(s), "%u", a->page);
	pdf_set_rgb(ctx, 0x222222);
	pdf_line_at(ctx, s, FONT_BODY, xr - TOC_NUMW, TOC_NUMW,
	    PANGO_ALIGN_RIGHT, baseline);
}

/* Draws entry e, its text t, between x and xr with its top at y. */
static void
toc_draw(struct pdf_ctx *ctx, const struct pdf_toc_entry *e,
    const struct pdf_text *t, double x, double xr, double y)
{
	struct pdf_anchor *a = pdf_anchor_find(ctx, e->b->anchor);
	double h = pdf_text_height(t);
	double last_base = y + t->base[t->nlines - 1] - t->top[0];

	pdf_tag_push(ctx, "TOCI", NULL);
	if (a != NULL) {
		char *target = xasprintf("#%s", a->name);

		pdf_link(ctx, target, x, y, xr - x, h);
		free(target);
	}
	pdf_text_draw(ctx, t, x, y, 0, t->nlines);
	if (a != NULL && ctx->cr != NULL) {
		leaders(ctx, x + pdf_text_line_width(t, t->nlines - 1) + 4,
		    xr - TOC_NUMW + 8, last_base);
		toc_number(ctx, a, xr, last_base);
	}
	pdf_tag_pop(ctx);
}

static void
toc_entry(struct pdf_ctx *ctx, const struct pdf_toc_entry *e)
{
	double x = ctx->x0 + e->indent;
	struct pdf_text *t = toc_text(ctx, e, ctx->x1 - x);
	double h = pdf_text_height(t);

	pdf_need(ctx, h + (e->b->level == 1 ? 6 : 2));
	if (e->b->level == 1)
		ctx->y += 4;
	toc_draw(ctx, e, t, x, ctx->x1, ctx->y);
	ctx->y += h + 2;
	ctx->at_top = false;
	pdf_text_free(t);
}

/*
 * A long run of entries of one level below the first (the providers) in
 * two columns, balanced on each page they cover: the contents of a report
 * of a hundred providers fit a page, and a long list takes half the pages.
 */
#define TOC_COLUMNS_MIN 12
#define TOC_COLUMN_GAP 18.0

static void
toc_columns(struct pdf_ctx *ctx, const struct pdf_toc_entry *v, size_t n)
{
	double x = ctx->x0 + v[0].indent;
	double colw = (ctx->x1 - x - TOC_COLUMN_GAP) / 2, rest = 0;
	struct pdf_text **t = xcalloc(n, sizeof(*t));
	double *h = xcalloc(n, sizeof(*h));
	size_t k, i;

	for (k = 0; k < n; k++) {
		t[k] = toc_text(ctx, &v[k], colw);
		h[k] = pdf_text_height(t[k]) + 2;
		rest += h[k];
	}
	for (k = 0; k < n; ) {
		double space, target, h1 = 0, h2 = 0;
		size_t first = k, second;

		pdf_need(ctx, h[k]);
		space = ctx->y1 - ctx->y;
		target = rest / 2 < space ? rest / 2 : space;
		/* the first column: to half of what is left, or the page's foot */
		while (k < n && (k == first || (h1 + h[k] <= space + 0.01 && h1 < target)))
			h1 += h[k++];
		/* the second: no deeper than the first */
		second = k;
		while (k < n && h2 + h[k] <= h1 + 0.01)
			h2 += h[k++];
		for (i = first; i < second; i++) {
			toc_draw(ctx, &v[i], t[i], x, x + colw, ctx->y);
			ctx->y += h[i];
		}
		ctx->y -= h1;
		for (i = second; i < k; i++) {
			toc_draw(ctx, &v[i], t[i], x + colw + TOC_COLUMN_GAP, ctx->x1, ctx->y);
			ctx->y += h[i];
		}
		ctx->y += h1 - h2;
		ctx->at_top = false;
		for (i = first; i < k; i++)
			rest -= h[i];
		if (k < n)
			pdf_new_page(ctx);
	}
	for (k = 0; k < n; k++)
		pdf_text_free(t[k]);
	free(t);
	free(h);
}

void
pdf_toc_place(struct pdf_ctx *ctx)
{
	struct pdf_toc *toc = ctx->toc;
	size_t i, j;

	pdf_tag_push(ctx, "H1", NULL);
	pdf_text_draw(ctx, toc->title, ctx->x0, ctx->y, 0, toc->title->nlines);
	pdf_tag_pop(ctx);
	ctx->y += pdf_text_height(toc->title) + 12;
	ctx->at_top = false;
	pdf_tag_push(ctx, "TOC", NULL);
	for (i = 0; i < toc->n; ) {
		unsigned level = toc->v[i].b->level;

		for (j = i + 1; j < toc->n && toc->v[j].b->level == level; j++)
			;
		if (level > 1 && j - i >= TOC_COLUMNS_MIN) {
			toc_columns(ctx, &toc->v[i], j - i);
			i = j;
		} else
			toc_entry(ctx, &toc->v[i++]);
	}
	pdf_tag_pop(ctx);
}
