/* chart_dist.c: medal distribution, one stacked bar per edition. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

#define LEG_COLS 4
#define LEG_COLS_NARROW 2
#define LEG_LINE 18.0
#define HEAD 20.0
#define BAR 26.0
#define LANE 20.0
#define NOTE 16.0
#define GAP 12.0
#define AXIS 26.0

/* The legend's columns: fewer on a narrow chart, whose names would not fit. */
static size_t
legend_cols(double w)
{
	return w < CHART_WIDTH - 1 ? LEG_COLS_NARROW : LEG_COLS;
}

static size_t
legend_rows(const struct computed *c, double w)
{
	return (c->project->report.nladder + legend_cols(w) - 1) / legend_cols(w);
}

static size_t
acknowledged(const struct edition_stats *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->nclaims; i++)
		if (s->claims[i].claim->note != NULL)
			n++;
	return n;
}

static double
row_height(const struct edition_stats *s)
{
	return HEAD + BAR + LANE + (double)acknowledged(s) * NOTE + GAP;
}

double
dist_height(const struct computed *c, double w)
{
	double h = TOP + (double)legend_rows(c, w) * LEG_LINE + 8;
	size_t i;

	if (c->neditions == 0)
		return TOP + 60;
	for (i = 0; i < c->neditions; i++)
		h += row_height(&c->editions[i]);
	return h + AXIS + 8;
}

/* A claim's two figures: key's text with {edition}, {figure}, {stated}, {n}. */
static char *
claim_text(const struct report *r, const char *key, const struct edition_stats *s,
    const struct claim_check *k)
{
	static const char *const names[] = {"edition", "figure", "stated", "n", NULL};
	char stated[32], n[32];
	const char *values[] = {s->edition->name, claim_figure_name(r, k->claim), stated, n,
		NULL};

	view_int_to(r, k->claim->value, stated, sizeof(stated));
	view_int_to(r, k->computed, n, sizeof(n));
	return report_format(r, key, names, values);
}

void
dist_desc(const struct computed *c, struct buf *b)
{
	static const char *const names[] = {"medals", "n", "edition", NULL};
	const struct report *r = &c->project->report;
	const struct edition_stats *s;
	struct buf list = BUF_INIT;
	char medals[32], n[32], *t;
	const char *values[] = {medals, n, NULL, NULL};
	size_t i;

	if (c->neditions == 0) {
		buf_printf(b, "%s.", report_string(r, "chart_no_editions"));
		return;
	}
	for (i = 0; i < c->neditions; i++) {
		s = &c->editions[i];
		view_int_to(&c->project->report, s->medals, medals, sizeof(medals));
		view_int_to(&c->project->report, s->reviewed, n, sizeof(n));
		values[2] = s->edition->name;
		t = report_format(r, s->edition->partial ? "dist_desc_edition_partial" :
		    "dist_desc_edition", names, values);
		buf_printf(&list, "%s%s", i ? ", " : "", t);
		free(t);
	}
	t = report_format1(r, "dist_desc", "list", list.data);
	buf_puts(b, t);
	free(t);
	buf_release(&list);
	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *e = &c->editions[i];
		size_t j;

		for (j = 0; j < e->nclaims; j++)
			if (e->claims[j].claim->note != NULL) {
				t = claim_text(r, e->edition->partial ? "dist_desc_claim_partial" :
				    "dist_desc_claim", e, &e->claims[j]);
				buf_printf(b, " %s", t);
				free(t);
			}
	}
}

static void
draw_legend(struct cx *x, const struct computed *c, double y)
{
	const struct report *r = &c->project->report;
	size_t i, cols = legend_cols(x->w);
	double colw = (x->w - 2 * MARGIN) / (double)cols, lx, ly;

	for (i = 0; i < r->nladder; i++) {
		lx = MARGIN + (double)(i % cols) * colw;
		ly = y + (double)(i / cols) * LEG_LINE + LEG_LINE / 2;
		cx_rect(x, lx, ly - 6, 12, 12, tier_rgb(&r->ladder[i]));
		cx_text(x, r->ladder[i].name, lx + 17, ly, AL_LEFT, FS_SMALL, false,
		    colw - 22, COL_INK);
	}
}

struct callout {
	double want;  /* segment centre */
	double w;     /* label width */
	char *text;   /* the tier's name and count (malloc'd): two bare
	                 figures side by side ("2 2") said nothing of which
	                 segment each belongs to (review item 21) */
};

static void
draw_callouts(struct cx *x, struct callout *co, size_t n, double bar_bottom,
    double x0, double x1)
{
	double *pos = xcalloc(n ? n : 1, sizeof(*pos));
	double *size = xcalloc(n ? n : 1, sizeof(*size));
	double ly = bar_bottom + LANE / 2 + 2;
	size_t i;

	for (i = 0; i < n; i++) {
		pos[i] = co[i].want;
		size[i] = co[i].w;
	}
	labels_spread(pos, size, n, 6, x0, x1);
	for (i = 0; i < n; i++) {
		cx_line(x, co[i].want, bar_bottom, pos[i], ly - 6, 0.8, COL_INK2);
		cx_text(x, co[i].text, pos[i], ly + 1, AL_CENTER, FS_SMALL, false, 0,
		    COL_INK);
		free(co[i].text);
	}
	free(pos);
	free(size);
}

static void
draw_bar(struct cx *x, const struct computed *c, const struct edition_stats *s,
    double y, double scale)
{
	const struct report *r = &c->project->report;
	struct callout *co = xcalloc(r->nladder ? r->nladder : 1, sizeof(*co));
	size_t i, nco = 0;
	double bx = MARGIN, w, tw, th;
	char num[24];

	for (i = 0; i < r->nladder; i++) {
		if (s->counts[i] <= 0)
			continue;
		w = (double)s->counts[i] * scale;
		cx_rect(x, bx, y, w, BAR, tier_rgb(&r->ladder[i]));
		view_int_to(&c->project->report, s->counts[i], num, sizeof(num));
		cx_measure(x, num, FS_SMALL, true, 0, &tw, &th);
		if (tw + 6 <= w)
			cx_text(x, num, bx + w / 2, y + BAR / 2, AL_CENTER, FS_SMALL, true,
			    0, rgb_text_on(tier_rgb(&r->ladder[i])));
		else {
			co[nco].want = bx + w / 2;
			co[nco].text = xasprintf("%s (%s)", r->ladder[i].name, num);
			cx_measure(x, co[nco].text, FS_SMALL, false, 0, &co[nco].w, &th);
			nco++;
		}
		/* a hairline between segments, so equal colours stay apart */
		if (bx > MARGIN)
			cx_line(x, bx, y, bx, y + BAR, 1, COL_WHITE);
		bx += w;
	}
	draw_callouts(x, co, nco, y + BAR, MARGIN, x->w - MARGIN);
	free(co);
}

/*
 * The grid's lines over [top, bottom): only across the bars, so that no
 * line runs through an edition's heading, a callout or a note.
 */
static void
draw_grid(struct cx *x, double top, double bottom, double max, double step,
    double scale)
{
	double v;

	for (v = 0; v <= max + step / 2; v += step)
		cx_line(x, MARGIN + v * scale, top, MARGIN + v * scale, bottom, 0.6,
		    COL_GRID);
}

/*
 * The dagger of an acknowledged claim goes on the figure the note is about:
 * on the count of reviews or of medals in the row's heading ("85†
 * reviewed"); a claim about another figure (a tier's count) puts it after
 * the heading. Returns whether one is left for the end.
 */
static bool
dagger_figures(const struct edition_stats *s, bool *on_n, bool *on_medals)
{
	size_t i;
	bool rest = false;

	*on_n = *on_medals = false;
	for (i = 0; i < s->nclaims; i++) {
		const struct claim *cl = s->claims[i].claim;

		if (cl->note == NULL)
			continue;
		if (cl->tier == NULL && strcmp(cl->figure, "reviewed") == 0)
			*on_n = true;
		else if (cl->tier == NULL && strcmp(cl->figure, "medals") == 0)
			*on_medals = true;
		else
			rest = true;
	}
	return rest;
}

static double
draw_row(struct cx *x, const struct computed *c, const struct edition_stats *s,
    double y, double scale, double axmax, double step)
{
	static const char *const names[] = {"n", "medals", NULL};
	const struct report *r = &c->project->report;
	double nw, hy = y + HEAD / 2;
	char medals[40], n[40], *t;
	const char *values[] = {n, medals, NULL};
	bool on_n, on_medals, rest;
	size_t i;

	nw = cx_text(x, s->edition->name, MARGIN, hy, AL_LEFT, FS_BODY, true, 300,
	    COL_INK);
	/* a partial edition's counts are of the reviews it names (SPEC 1.2) */
	view_int_to(&c->project->report, s->medals, medals, sizeof(medals) - 4);
	view_int_to(&c->project->report, s->reviewed, n, sizeof(n) - 4);
	rest = dagger_figures(s, &on_n, &on_medals);
	if (on_n)
		strcat(n, "\u2020");
	if (on_medals)
		strcat(medals, "\u2020");
	t = report_format(r, s->edition->partial ? "dist_row_partial" : "dist_row",
	    names, values);
	if (rest) {
		char *u = xasprintf("%s \u2020", t);

		free(t);
		t = u;
	}
	cx_text(x, t, MARGIN + nw + 10, hy, AL_LEFT, FS_SMALL, false,
	    x->w - 2 * MARGIN - nw - 10, COL_INK2);
	free(t);
	y += HEAD;
	/* grid first, the bar over it: from the bar's top, clear of the
	 * heading's descenders (a dagger's) */
	draw_grid(x, y, y + BAR + 3, axmax, step, scale);
	draw_bar(x, c, s, y, scale);
	y += BAR + LANE;
	for (i = 0; i < s->nclaims; i++) {
		const struct claim_check *k = &s->claims[i];

		if (k->claim->note == NULL)
			continue;
		t = claim_text(r, s->edition->partial ? "dist_claim_note_partial" :
		    "dist_claim_note", s, k);
		cx_text(x, t, MARGIN, y + NOTE / 2, AL_LEFT, FS_SMALL, false,
		    x->w - 2 * MARGIN, COL_INK);
		free(t);
		y += NOTE;
	}
	return y + GAP;
}

static void
draw_axis(struct cx *x, const struct report *r, double bottom, double max, double step,
    double scale)
{
	double v, ax;
	char num[32];

	for (v = 0; v <= max + step / 2; v += step) {
		ax = MARGIN + v * scale;
		cx_line(x, ax, bottom - 4, ax, bottom, 0.6, COL_INK2);
		snprintf(num, sizeof(num), "%.0f", v);
		cx_text(x, num, ax, bottom + 10, v == 0 ? AL_LEFT :
		    v + step / 2 > max ? AL_RIGHT : AL_CENTER, FS_SMALL, false, 0,
		    COL_INK2);
	}
	cx_line(x, MARGIN, bottom, x->w - MARGIN, bottom, 1, COL_INK2);
	cx_text(x, report_string(r, "chart_reviews"), x->w - MARGIN, bottom + 22, AL_RIGHT, FS_SMALL, false, 0,
	    COL_INK2);
}

void
dist_draw(struct cx *x, const struct computed *c)
{
	double y, top, max = 0, axmax, step, scale;
	size_t i;

	if (c->neditions == 0) {
		cx_empty(x, report_string(&c->project->report, "chart_no_editions"));
		return;
	}
	draw_legend(x, c, TOP);
	top = TOP + (double)legend_rows(c, x->w) * LEG_LINE + 8;
	for (i = 0; i < c->neditions; i++)
		max = fmax(max, (double)c->editions[i].reviewed);
	nice_axis(max, &axmax, &step);
	scale = (x->w - 2 * MARGIN) / axmax;
	y = top;
	for (i = 0; i < c->neditions; i++)
		y += row_height(&c->editions[i]);
	draw_axis(x, &c->project->report, y - GAP / 2, axmax, step, scale);
	y = top;
	for (i = 0; i < c->neditions; i++)
		y = draw_row(x, c, &c->editions[i], y, scale, axmax, step);
}

/* On success, free with table_free(). */
struct table *
dist_table(const struct computed *c)
{
	const struct report *r = &c->project->report;
	size_t ncols = r->nladder + 3, i, j;
	struct table *t;
	struct table_cell *row;
	char num[32];
	bool absent = false;

	/* a tier an edition did not have reads "\u2014", not 0: the caption
	 * says so, once */
	for (i = 0; i < c->neditions; i++)
		for (j = 0; j < r->nladder; j++)
			absent |= !edition_has_tier(c->editions[i].edition, &r->ladder[j]);
	t = table_new(report_string(r, absent ? "dist_table_caption_absent" :
	    "dist_table_caption"), ncols);

	table_head(t, 0, report_string(r, "edition"), false);
	for (j = 0; j < r->nladder; j++) {
		table_head(t, j + 1, r->ladder[j].name, true);
		t->head[j + 1].tier = &r->ladder[j];
	}
	table_head(t, r->nladder + 1, report_string(r, "reviewed"), true);
	table_head(t, r->nladder + 2, report_string(r, "medals"), true);
	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *s = &c->editions[i];

		row = table_row(t);
		table_cell_set(&row[0], s->edition->name, NULL);
		for (j = 0; j < r->nladder; j++) {
			if (edition_has_tier(s->edition, &r->ladder[j]))
				view_int_to(&c->project->report, s->counts[j], num, sizeof(num));
			else
				snprintf(num, sizeof(num), "\u2014");
			table_cell_set(&row[j + 1], num, NULL);
			row[j + 1].numeric = true;
		}
		view_int_to(&c->project->report, s->reviewed, num, sizeof(num));
		table_cell_set(&row[r->nladder + 1], num, NULL);
		row[r->nladder + 1].numeric = true;
		view_int_to(&c->project->report, s->medals, num, sizeof(num));
		table_cell_set(&row[r->nladder + 2], num, NULL);
		row[r->nladder + 2].numeric = true;
	}
	return t;
}
