/* chart_hist.c: one provider's tier across the editions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

#define ROW 20.0
#define NAMEW 150.0
#define PX0 (MARGIN + NAMEW + 20)
#define EDLABELS 24.0

double
hist_height(const struct computed *c)
{
	size_t nl = c->project->report.nladder;

	if (c->neditions == 0 || nl == 0)
		return TOP + 60;
	return TOP + (double)nl * ROW + EDLABELS + 8;
}

void
hist_desc(const struct computed *c, const struct provider *p, struct buf *b)
{
	const struct provider_view *pv = computed_provider(c, p);
	size_t i;

	if (pv == NULL || pv->nhistory == 0) {
		buf_printf(b, "%s has no reviews.", p->name);
		return;
	}
	buf_printf(b, "%s: ", p->name);
	for (i = 0; i < pv->nhistory; i++)
		buf_printf(b, "%s%s in %s", i ? ", " : "",
		    pv->history[i].rating->tier->name, pv->history[i].edition->name);
	buf_puts(b, ".");
}

#define INSET 50.0 /* room for centred edition names at both ends */

static double
col_x(const struct cx *x, const struct computed *c, size_t i)
{
	double x0 = PX0 + INSET, w = x->w - MARGIN - INSET - x0;

	if (c->neditions == 1)
		return x0 + w / 2;
	return x0 + w * (double)i / (double)(c->neditions - 1);
}

static double
tier_y(const struct tier *t)
{
	return TOP + ((double)t->index + 0.5) * ROW;
}

static void
draw_frame(struct cx *x, const struct computed *c)
{
	const struct report *r = &c->project->report;
	double colw, cx0, y = TOP + (double)r->nladder * ROW;
	size_t i;

	for (i = 0; i < r->nladder; i++) {
		cx_line(x, PX0, tier_y(&r->ladder[i]), x->w - MARGIN,
		    tier_y(&r->ladder[i]), 0.6, COL_GRID);
		cx_text(x, r->ladder[i].name, MARGIN, tier_y(&r->ladder[i]), AL_LEFT,
		    FS_SMALL, false, NAMEW, COL_INK);
	}
	colw = c->neditions > 1 ? (col_x(x, c, 1) - col_x(x, c, 0)) - 8 : 200;
	colw = fmin(colw, 2 * INSET);
	for (i = 0; i < c->neditions; i++) {
		cx0 = col_x(x, c, i);
		cx_text(x, c->editions[i].edition->name, cx0, y + EDLABELS / 2 + 2,
		    AL_CENTER, FS_SMALL, false, colw, COL_INK2);
	}
}

void
hist_draw(struct cx *x, const struct computed *c, const struct provider *p)
{
	static const double dash[] = {3, 3};
	const struct provider_view *pv = computed_provider(c, p);
	const struct history_entry *h, *prev = NULL;
	double hx, hy;
	size_t i;

	if (c->neditions == 0 || c->project->report.nladder == 0) {
		cx_empty(x, "No editions");
		return;
	}
	draw_frame(x, c);
	if (pv == NULL || pv->nhistory == 0)
		return;
	for (i = 0; i < pv->nhistory; i++, prev = h) {
		h = &pv->history[i];
		if (prev == NULL)
			continue;
		cairo_save(x->cr);
		/* a gap: editions in between without a review */
		if (h->edition->index != prev->edition->index + 1)
			cairo_set_dash(x->cr, dash, 2, 0);
		cx_line(x, col_x(x, c, prev->edition->index),
		    tier_y(prev->rating->tier), col_x(x, c, h->edition->index),
		    tier_y(h->rating->tier), 2, COL_INK2);
		cairo_restore(x->cr);
	}
	for (i = 0; i < pv->nhistory; i++) {
		h = &pv->history[i];
		hx = col_x(x, c, h->edition->index);
		hy = tier_y(h->rating->tier);
		cx_color(x, tier_rgb(h->rating->tier));
		cairo_arc(x->cr, hx, hy, 6, 0, 2 * M_PI);
		cairo_fill_preserve(x->cr);
		cx_color(x, COL_INK);
		cairo_set_line_width(x->cr, 1.2);
		cairo_stroke(x->cr);
	}
}

/* On success, free with table_free(). */
struct table *
hist_table(const struct computed *c, const struct provider *p)
{
	const struct provider_view *pv = computed_provider(c, p);
	struct table *t = table_new("Tier history", 2);
	struct table_cell *row;
	size_t i;
	char *href;

	table_head(t, 0, "Edition", false);
	table_head(t, 1, "Tier", false);
	for (i = 0; pv != NULL && i < pv->nhistory; i++) {
		row = table_row(t);
		href = xasprintf("editions/%s/", pv->history[i].edition->id);
		table_cell_set(&row[0], pv->history[i].edition->name, href);
		free(href);
		table_cell_set(&row[1], pv->history[i].rating->tier->name, NULL);
		row[1].tier = pv->history[i].rating->tier;
	}
	return t;
}
