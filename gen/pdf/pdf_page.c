/* pdf_page.c: the title page, the contents page, running header and footer. */
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

/* A layout of one line, cut with an ellipsis to w; unref it when done. */
static PangoLayout *
line_layout(struct pdf_ctx *ctx, const char *s, enum pdf_font font, double w,
    PangoAlignment align)
{
	PangoLayout *l = pango_layout_new(ctx->pc);

	pango_layout_set_font_description(l, ctx->font[font]);
	pango_layout_set_width(l, (int)(w * PANGO_SCALE));
	pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	pango_layout_set_alignment(l, align);
	pango_layout_set_text(l, s, -1);
	return l;
}

static void
layout_at(struct pdf_ctx *ctx, PangoLayout *l, double x, double baseline)
{
	pdfw_layout(ctx->w, l, x, baseline -
	    (double)pango_layout_get_baseline(l) / PANGO_SCALE);
}

/* One line of text at a baseline, cut with an ellipsis to w. */
static void
line_at(struct pdf_ctx *ctx, const char *s, enum pdf_font font, double x,
    double w, PangoAlignment align, double baseline)
{
	PangoLayout *l;
	struct pdf_text *t;
	double top;

	if (ctx->w == NULL || s == NULL)
		return;
	/* a text that fits needs no ellipsis, nor a layout */
	if ((t = pdf_quick_new(ctx, NULL, s, font, w, align)) != NULL) {
		top = baseline - t->base[0];
		pdf_text_line_draw(ctx->w, t, 0, x + t->lx[0], top + t->base[0]);
		pdf_text_free(t);
		return;
	}
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
	if (ctx->w == NULL || s == NULL)
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

/* A form's box around a line at baseline: above and below it. */
#define FORM_ABOVE 14.0
#define FORM_BELOW 6.0

/*
 * The footer, "page N of M", is a form drawn at the end (M is the page
 * count), one for each page: the line is centred as a whole.
 */
void
pdf_chrome(struct pdf_ctx *ctx)
{
	double w = ctx->x1 - ctx->x0;
	struct pdf_later *f;

	if (ctx->w == NULL)
		return;
	pdf_set_rgb(ctx, MUTED_RGB);
	chrome_at(ctx, 0, ctx->doc->meta[PDF_TITLE], ctx->x0, w * 0.48,
	    PANGO_ALIGN_LEFT, ctx->g.header_y);
	chrome_at(ctx, 1, ctx->page_section, ctx->x0 + w * 0.5, w * 0.5,
	    PANGO_ALIGN_RIGHT, ctx->g.header_y);
	pdfw_rect(ctx->w, ctx->x0, ctx->g.header_y + 6, w, 0.4);
	pdfw_fill(ctx->w, false);
	ctx->later = xgrow(ctx->later, sizeof(*ctx->later), ctx->nlater + 1,
	    &ctx->latercap);
	f = &ctx->later[ctx->nlater++];
	f->id = pdfw_form_later(ctx->w, ctx->x0, ctx->g.footer_y - FORM_ABOVE,
	    w, FORM_ABOVE + FORM_BELOW);
	f->num = ctx->page;
	f->toc = NULL;
	pdfw_form_paint(ctx->w, f->id);
}

static void
para_at(struct pdf_ctx *ctx, struct pdf_text *t, unsigned rgb)
{
	pdf_tag_push(ctx, "P", NULL);
	pdf_set_rgb(ctx, rgb);
	if (ctx->w != NULL) {
		if (t->layout != NULL)
			pdfw_layout(ctx->w, t->layout, ctx->x0, ctx->y);
		else
			pdf_text_line_draw(ctx->w, t, 0, ctx->x0 + t->lx[0] -
			    t->link_dx, ctx->y + t->base[0]);
	}
	pdf_tag_pop(ctx);
	ctx->y += pdf_text_height(t);
	pdf_text_free(t);
}

void
pdf_title_page(struct pdf_ctx *ctx)
{
	const struct pdf_doc *doc = ctx->doc;
	double w = ctx->x1 - ctx->x0;
	size_t i;

	ctx->y = ctx->g.page_h * 0.26;
	if (ctx->w != NULL) {
		pdf_set_rgb(ctx, ACCENT_RGB);
		pdfw_rect(ctx->w, ctx->x0, ctx->y - 24, 56, 5);
		pdfw_fill(ctx->w, false);
	}
	if (doc->meta[PDF_TITLE] != NULL)
		para_at(ctx, pdf_text_plain(ctx, doc->meta[PDF_TITLE],
		    FONT_TITLE, w, PANGO_ALIGN_LEFT), ACCENT_RGB);
	ctx->y += 10;
	if (doc->meta[PDF_SUBTITLE] != NULL)
		para_at(ctx, pdf_text_plain(ctx, doc->meta[PDF_SUBTITLE],
		    FONT_SUBTITLE, w, PANGO_ALIGN_LEFT), MUTED_RGB);
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

/* An entry's text; free with pdf_text_free(). */
static struct pdf_text *
toc_text(struct pdf_ctx *ctx, const struct pdf_toc_entry *e)
{
	struct pdf_run run;
	struct pdf_text *t;
	char *plain = runs_text(e->b->runs);

	memset(&run, 0, sizeof(run));
	run.text = plain;
	run.style = e->b->level == 1 ? PDF_S_BOLD : 0;
	t = pdf_text_new(ctx, &run, FONT_BODY,
	    ctx->x1 - ctx->x0 - e->indent - TOC_NUMW, PANGO_ALIGN_LEFT, false);
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

	if (ctx->w == NULL || first >= to)
		return;
	last = first + 4.5 * (double)(long)((to - first) / 4.5);
	if (last >= to)
		last -= 4.5;
	pdfw_save(ctx->w);
	pdf_set_rgb(ctx, 0x8a94a3);
	pdfw_line_width(ctx->w, 1.2);
	pdfw_line_cap(ctx->w, CV_CAP_ROUND);
	pdfw_dash(ctx->w, dash, 2, 0);
	pdfw_move_to(ctx->w, first, baseline - 1);
	pdfw_line_to(ctx->w, last + 0.5, baseline - 1);
	pdfw_stroke(ctx->w);
	pdfw_restore(ctx->w);
}

/*
 * The entry's page number is a form drawn at the end, right-aligned in a
 * box of TOC_NUMW at the right margin; the leaders end before the box.
 */
static void
toc_number(struct pdf_ctx *ctx, const struct pdf_toc_entry *e,
    double baseline)
{
	struct pdf_later *f;

	ctx->later = xgrow(ctx->later, sizeof(*ctx->later), ctx->nlater + 1,
	    &ctx->latercap);
	f = &ctx->later[ctx->nlater++];
	/* a number wider than the box still shows, as it did when laid out */
	f->id = pdfw_form_later(ctx->w, ctx->x1 - 2 * TOC_NUMW,
	    baseline - FORM_ABOVE, 2 * TOC_NUMW, FORM_ABOVE + FORM_BELOW);
	f->num = 0;
	f->toc = e->b->anchor;
	f->baseline = baseline;
	pdfw_form_paint(ctx->w, f->id);
}

static void
toc_entry(struct pdf_ctx *ctx, const struct pdf_toc_entry *e)
{
	struct pdf_text *t = toc_text(ctx, e);
	struct pdf_anchor *a = pdf_anchor_find(ctx, e->b->anchor);
	double x = ctx->x0 + e->indent, h = pdf_text_height(t);
	double last_base, lastw;

	pdf_need(ctx, h + (e->b->level == 1 ? 6 : 2));
	last_base = ctx->y + t->base[t->nlines - 1] - t->top[0];
	if (e->b->level == 1)
		ctx->y += 4, last_base += 4;
	pdf_tag_push(ctx, "TOCI", NULL);
	if (a != NULL) {
		char *target = xasprintf("#%s", a->name);

		pdf_link(ctx, target, x, ctx->y, ctx->x1 - x, h);
		free(target);
	}
	pdf_text_draw(ctx, t, x, ctx->y, 0, t->nlines);
	if (a != NULL && ctx->w != NULL) {
		lastw = pdf_text_line_width(t, t->nlines - 1);
		leaders(ctx, x + lastw + 4, ctx->x1 - TOC_NUMW + 8, last_base);
		toc_number(ctx, e, last_base);
	}
	pdf_tag_pop(ctx);
	ctx->y += h + 2;
	ctx->at_top = false;
	pdf_text_free(t);
}

/* Draws the forms of the numbers known only now, once every page is done. */
void
pdf_later_fill(struct pdf_ctx *ctx)
{
	const struct pdf_later *f;
	const struct pdf_anchor *a;
	double w = ctx->x1 - ctx->x0;
	char s[64];
	size_t i;

	for (i = 0; i < ctx->nlater; i++) {
		f = &ctx->later[i];
		pdfw_form_fill_begin(ctx->w, f->id);
		if (f->toc == NULL) {
			snprintf(s, sizeof(s), "page %u of %u", f->num,
			    ctx->page);
			pdf_set_rgb(ctx, MUTED_RGB);
			line_at(ctx, s, FONT_SMALL, ctx->x0, w,
			    PANGO_ALIGN_CENTER, ctx->g.footer_y);
		} else if ((a = pdf_anchor_find(ctx, f->toc)) != NULL) {
			snprintf(s, sizeof(s), "%u", a->page);
			pdf_set_rgb(ctx, 0x222222);
			line_at(ctx, s, FONT_BODY, ctx->x1 - TOC_NUMW,
			    TOC_NUMW, PANGO_ALIGN_RIGHT, f->baseline);
		}
		pdfw_form_fill_end(ctx->w);
	}
	free(ctx->later);
	ctx->later = NULL;
	ctx->nlater = ctx->latercap = 0;
}

void
pdf_toc_place(struct pdf_ctx *ctx)
{
	struct pdf_toc *toc = ctx->toc;
	size_t i;

	pdf_tag_push(ctx, "H1", NULL);
	pdf_text_draw(ctx, toc->title, ctx->x0, ctx->y, 0, toc->title->nlines);
	pdf_tag_pop(ctx);
	ctx->y += pdf_text_height(toc->title) + 12;
	ctx->at_top = false;
	pdf_tag_push(ctx, "TOC", NULL);
	for (i = 0; i < toc->n; i++)
		toc_entry(ctx, &toc->v[i]);
	pdf_tag_pop(ctx);
}
