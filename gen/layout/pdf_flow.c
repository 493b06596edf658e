/*
 * pdf_flow.c: pages and the cursor: opening and closing pages (quote bars
 * and the running header and footer drawn as a page closes), page breaks
 * and space.
 */
#include <stdlib.h>

#include "pdf_layout.h"

void
pdf_page_open(struct pdf_ctx *ctx)
{
	size_t i;

	ctx->page++;
	ctx->y = ctx->y0;
	ctx->at_top = true;
	ctx->chrome = ctx->page > 1;
	free(ctx->page_section);
	ctx->page_section = ctx->section != NULL ? xstrdup(ctx->section) : NULL;
	ctx->page_section_level = ctx->section_level;
	free(ctx->page_last);
	ctx->page_last = NULL;
	ctx->page_has_section = false;
	for (i = 0; i < ctx->nquotes; i++)
		ctx->quote_y[i] = ctx->y0;
}

void
pdf_quote_bar(struct pdf_ctx *ctx, size_t i, double y_end)
{
	if (ctx->cr == NULL || y_end <= ctx->quote_y[i])
		return;
	pdf_set_rgb(ctx, 0xb8c4d6);
	cairo_rectangle(ctx->cr, ctx->quote_x[i], ctx->quote_y[i], 2.5,
	    y_end - ctx->quote_y[i]);
	cairo_fill(ctx->cr);
}

void
pdf_page_close(struct pdf_ctx *ctx)
{
	size_t i;

	for (i = 0; i < ctx->nquotes; i++)
		pdf_quote_bar(ctx, i, ctx->y);
	if (ctx->cr == NULL)
		return;
	if (ctx->chrome)
		pdf_chrome(ctx);
	cairo_show_page(ctx->cr);
}

void
pdf_new_page(struct pdf_ctx *ctx)
{
	pdf_page_close(ctx);
	pdf_page_open(ctx);
}

/* Starts a new page unless h fits below the cursor (or the page is empty). */
void
pdf_need(struct pdf_ctx *ctx, double h)
{
	if (!ctx->at_top && ctx->y + h > ctx->y1 + 0.01)
		pdf_new_page(ctx);
}

void
pdf_space(struct pdf_ctx *ctx, double h)
{
	if (!ctx->at_top)
		ctx->y += h;
}
