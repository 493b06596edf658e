/* pdf_table.c: tables that wrap their cells, fit the body's width and
 * repeat their header row on every page they span. */
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

#define PAD_X 4.0
#define PAD_Y 2.5
#define HEAD_RGB 0xe3e8efu
#define ZEBRA_RGB 0xf5f7f9u
#define RULE_RGB 0x44546au

struct table_prep {
	size_t ncols, nrows;
	double *colw;             /* each column's width, padding included */
	struct pdf_text **head;   /* ncols */
	struct pdf_text **cells;  /* nrows * ncols */
	double head_h;
	double *row_h;
	struct pdf_text *caption;
	double width;
};

/* Natural (unwrapped) width and the widest word of one cell's text. */
static void
cell_measure(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    double *nat, double *min)
{
	PangoLayout *l = pango_layout_new(ctx->pc);
	PangoRectangle r;

	pango_layout_set_font_description(l, ctx->font[font]);
	pango_layout_set_text(l, s, -1);
	pango_layout_get_extents(l, NULL, &r);
	if ((double)r.width / PANGO_SCALE > *nat)
		*nat = (double)r.width / PANGO_SCALE;
	pango_layout_set_width(l, 1);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD);
	pango_layout_get_extents(l, NULL, &r);
	if ((double)r.width / PANGO_SCALE > *min)
		*min = (double)r.width / PANGO_SCALE;
	g_object_unref(l);
}

static enum pdf_font
cell_font(const struct table_cell *c, bool head)
{
	return head || c->tier != NULL ? FONT_TABLE_HEAD : FONT_TABLE;
}

/* Column widths: natural widths stretched to the body's width when they
 * fit; otherwise each column gets its widest word and a share of the rest
 * in proportion to how much more it would like. */
static void
columns_fit(struct table_prep *p, const double *nat, const double *min,
    double avail)
{
	double sn = 0, sm = 0, slack = 0;
	size_t c, n = p->ncols;

	for (c = 0; c < n; c++) {
		sn += nat[c] + 2 * PAD_X;
		sm += min[c] + 2 * PAD_X;
		slack += nat[c] - min[c];
	}
	for (c = 0; c < n; c++) {
		if (sn <= avail)
			p->colw[c] = (nat[c] + 2 * PAD_X) * avail / sn;
		else if (sm >= avail)
			p->colw[c] = (min[c] + 2 * PAD_X) * avail / sm;
		else
			p->colw[c] = min[c] + 2 * PAD_X + (slack > 0 ?
			    (nat[c] - min[c]) * (avail - sm) / slack : 0);
	}
	p->width = avail;
}

static struct pdf_text *
cell_text(struct pdf_ctx *ctx, const struct table_cell *c, bool head,
    double w)
{
	struct pdf_run run;

	memset(&run, 0, sizeof(run));
	run.text = c->text != NULL ? c->text : "";
	run.link = c->href != NULL && pdf_target_ok(ctx, c->href) ? c->href :
	    NULL;
	return pdf_text_new(ctx, &run, cell_font(c, head), w - 2 * PAD_X,
	    c->numeric ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT, false);
}

void
pdf_table_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	const struct table *t = b->table;
	struct table_prep *p = xcalloc(1, sizeof(*p));
	double *nat, *min, h;
	size_t r, c, n = t->ncols;

	b->prep = p;
	p->ncols = n;
	p->nrows = t->nrows;
	if (n == 0)
		return;
	nat = xcalloc(n, sizeof(double));
	min = xcalloc(n, sizeof(double));
	p->colw = xcalloc(n, sizeof(double));
	for (c = 0; c < n; c++)
		cell_measure(ctx, t->head[c].text ? t->head[c].text : "",
		    FONT_TABLE_HEAD, &nat[c], &min[c]);
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < n; c++) {
			const struct table_cell *cell = &t->cells[r * n + c];

			cell_measure(ctx, cell->text ? cell->text : "",
			    cell_font(cell, false), &nat[c], &min[c]);
		}
	columns_fit(p, nat, min, width);
	free(nat);
	free(min);
	p->head = xcalloc(n, sizeof(*p->head));
	p->cells = xcalloc(t->nrows * n + 1, sizeof(*p->cells));
	p->row_h = xcalloc(t->nrows + 1, sizeof(double));
	for (c = 0; c < n; c++) {
		p->head[c] = cell_text(ctx, &t->head[c], true, p->colw[c]);
		h = pdf_text_height(p->head[c]) + 2 * PAD_Y;
		if (h > p->head_h)
			p->head_h = h;
	}
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < n; c++) {
			p->cells[r * n + c] = cell_text(ctx, &t->cells[r * n + c],
			    false, p->colw[c]);
			h = pdf_text_height(p->cells[r * n + c]) + 2 * PAD_Y;
			if (h > p->row_h[r])
				p->row_h[r] = h;
		}
	if (t->caption != NULL)
		p->caption = pdf_text_plain(ctx, t->caption, FONT_H3, width,
		    PANGO_ALIGN_LEFT);
}

void
pdf_table_release(struct pdf_block *b)
{
	struct table_prep *p = b->prep;
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; p->head != NULL && i < p->ncols; i++)
		pdf_text_free(p->head[i]);
	for (i = 0; p->cells != NULL && i < p->nrows * p->ncols; i++)
		pdf_text_free(p->cells[i]);
	pdf_text_free(p->caption);
	free(p->head);
	free(p->cells);
	free(p->row_h);
	free(p->colw);
	free(p);
	b->prep = NULL;
}

static double
caption_h(const struct table_prep *p)
{
	return p->caption != NULL ? pdf_text_height(p->caption) + 4 : 0;
}

double
pdf_table_min(const struct pdf_block *b)
{
	const struct table_prep *p = b->prep;

	if (p->ncols == 0)
		return 0;
	return caption_h(p) + p->head_h + (p->nrows > 0 ? p->row_h[0] : 0);
}

static void
fill(struct pdf_ctx *ctx, unsigned rgb, double x, double y, double w,
    double h)
{
	if (ctx->cr == NULL)
		return;
	pdf_set_rgb(ctx, rgb);
	cairo_rectangle(ctx->cr, x, y, w, h);
	cairo_fill(ctx->cr);
}

static void
row_draw(struct pdf_ctx *ctx, const struct table_prep *p,
    struct pdf_text **texts, double x, double h, const char *cell_tag)
{
	double cx = x;
	size_t c;

	pdf_tag_push(ctx, "TR", NULL);
	for (c = 0; c < p->ncols; c++) {
		pdf_tag_push(ctx, cell_tag, NULL);
		pdf_text_draw(ctx, texts[c], cx + PAD_X, ctx->y + PAD_Y, 0,
		    texts[c]->nlines);
		pdf_tag_pop(ctx);
		cx += p->colw[c];
	}
	pdf_tag_pop(ctx);
	ctx->y += h;
	ctx->at_top = false;
}

static void
head_draw(struct pdf_ctx *ctx, const struct table_prep *p, double x)
{
	fill(ctx, HEAD_RGB, x, ctx->y, p->width, p->head_h);
	fill(ctx, RULE_RGB, x, ctx->y + p->head_h - 0.8, p->width, 0.8);
	row_draw(ctx, p, p->head, x, p->head_h, "TH");
}

void
pdf_table_place(struct pdf_ctx *ctx, struct pdf_block *b, double x)
{
	const struct table_prep *p = b->prep;
	size_t r;

	if (p->ncols == 0)
		return;
	pdf_need(ctx, pdf_table_min(b));
	pdf_tag_push(ctx, "Table", NULL);
	pdf_dest_begin(ctx, b->anchor);
	if (p->caption != NULL) {
		pdf_tag_push(ctx, "Caption", NULL);
		pdf_text_draw(ctx, p->caption, x, ctx->y, 0,
		    p->caption->nlines);
		pdf_tag_pop(ctx);
		ctx->y += caption_h(p);
	}
	head_draw(ctx, p, x);
	pdf_dest_end(ctx, b->anchor);
	for (r = 0; r < p->nrows; r++) {
		if (ctx->y + p->row_h[r] > ctx->y1 + 0.01) {
			fill(ctx, RULE_RGB, x, ctx->y, p->width, 0.5);
			pdf_new_page(ctx);
			head_draw(ctx, p, x);
		}
		if (r % 2 == 1)
			fill(ctx, ZEBRA_RGB, x, ctx->y, p->width, p->row_h[r]);
		row_draw(ctx, p, &p->cells[r * p->ncols], x, p->row_h[r], "TD");
	}
	fill(ctx, RULE_RGB, x, ctx->y, p->width, 0.5);
	pdf_tag_pop(ctx);
	ctx->y += 12;
}
