/* chart_funnel.c: tracked -> reviewed -> rated -> medals for the edition. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"
#include "parse.h"

/* A stage's heading: one line, or on a narrow chart two, its shares on the
 * second (a phone's width holds "Medals 19" but not the shares beside). */
#define HEAD (CX_NARROW(x) ? HEAD_NARROW : 20.0)
#define HEAD_NARROW 36.0
#define BAR 22.0
#define GAP 12.0
#define NSTAGES 4

/* the stages' names are interface words (the strings table) */
static const char *const stage_keys[NSTAGES] = {"chart_tracked", "reviewed", "rated", "medals"};

static void
stage_values(const struct edition_stats *s, long v[NSTAGES])
{
	v[0] = s->tracked;
	v[1] = s->reviewed;
	v[2] = s->rated;
	v[3] = s->medals;
}

static void
pct(const struct report *r, struct buf *b, long part, long whole, const char *of)
{
	static const char *const names[] = {"pct", "of", NULL};
	const char *values[3];
	char num[32], *s, *dec;

	if (whole <= 0)
		return;
	fmt_fixed(100.0 * (double)part / (double)whole, 1, num, sizeof(num));
	values[0] = dec = view_decimal(r, num);
	values[1] = report_string(r, of);
	values[2] = NULL;
	s = report_format(r, "chart_pct_of", names, values);
	buf_puts(b, s);
	free(s);
	free(dec);
}

/* The share text of stage i: "23.8% of tracked". */
static void
stage_share(const struct report *r, const long v[NSTAGES], size_t i, struct buf *b)
{
	switch (i) {
	case 1:
		pct(r, b, v[1], v[0], "step_tracked");
		break;
	case 2:
		pct(r, b, v[2], v[1], "step_reviewed");
		break;
	case 3:
		pct(r, b, v[3], v[1], "step_reviewed");
		if (v[0] > 0) {
			buf_puts(b, ", ");
			pct(r, b, v[3], v[0], "step_tracked");
		}
		break;
	}
}

double
funnel_height(const struct computed *c, double w)
{
	if (chart_report_stats(c) == NULL)
		return TOP + 60;
	return TOP + NSTAGES * ((w < CHART_WIDTH - 1 ? HEAD_NARROW : 20.0) + BAR + GAP) + 30;
}

void
funnel_desc(const struct computed *c, struct buf *b)
{
	static const char *const names[] = {"edition", "tracked", "reviewed", "rated",
		"medals", NULL};
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	const char *values[6];
	char num[4][32], *text;
	long v[NSTAGES];
	size_t i;

	if (s == NULL) {
		buf_printf(b, "%s.", report_string(r, "chart_no_edition"));
		return;
	}
	stage_values(s, v);
	values[0] = s->edition->name;
	for (i = 0; i < NSTAGES; i++) {
		view_int_to(&c->project->report, v[i], num[i], sizeof(num[i]));
		values[i + 1] = num[i];
	}
	values[5] = NULL;
	text = report_format(r, v[0] >= 0 ? "funnel_desc" : "funnel_desc_untracked",
	    names, values);
	buf_puts(b, text);
	free(text);
	for (i = 3; i < NSTAGES; i++) {
		struct buf sh = BUF_INIT;

		stage_share(r, v, i, &sh);
		if (sh.len > 0)
			buf_printf(b, " (%s)", sh.data);
		buf_release(&sh);
	}
	buf_puts(b, ".");
}

static void
draw_stage(struct cx *x, const struct report *r, const long v[NSTAGES], size_t i,
    double y, double scale)
{
	struct buf t = BUF_INIT, sh = BUF_INIT;
	double nw, w, line = y + (CX_NARROW(x) ? 10.0 : HEAD / 2);

	nw = cx_text(x, report_string(r, stage_keys[i]), MARGIN, line, AL_LEFT, FS_BODY, true,
	    0, COL_INK);
	if (v[i] < 0)
		buf_puts(&t, report_string(r, "not_stated"));
	else
		buf_printf(&t, "%ld", v[i]);
	stage_share(r, v, i, &sh);
	if (sh.len > 0 && !CX_NARROW(x))
		buf_printf(&t, " \u00b7 %s", sh.data);
	cx_text(x, t.data, MARGIN + nw + 10, line, AL_LEFT, FS_BODY, false,
	    x->w - 2 * MARGIN - nw - 10, COL_INK);
	if (sh.len > 0 && CX_NARROW(x))
		cx_text(x, sh.data, MARGIN, line + 15, AL_LEFT, FS_SMALL, false,
		    x->w - 2 * MARGIN, COL_INK);
	buf_release(&sh);
	buf_release(&t);
	if (v[i] < 0) {
		static const double dash[] = {4, 3};

		cv_save(x->cv);
		cv_dash(x->cv, dash, 2, 0);
		cx_color(x, COL_INK2);
		cv_line_width(x->cv, 1);
		cv_rect(x->cv, MARGIN + 0.5, y + HEAD + 0.5, 120, BAR - 1);
		cv_stroke(x->cv);
		cv_restore(x->cv);
		return;
	}
	w = (double)v[i] * scale;
	if (w > 0)
		cx_rect(x, MARGIN, y + HEAD, w, BAR, COL_BAR);
}

void
funnel_draw(struct cx *x, const struct computed *c)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	long v[NSTAGES];
	double max = 0, axmax, step, scale, y = TOP, bottom, ax, t;
	char num[32];
	size_t i;

	if (s == NULL) {
		cx_empty(x, report_string(r, "chart_no_edition"));
		return;
	}
	stage_values(s, v);
	for (i = 0; i < NSTAGES; i++)
		max = fmax(max, (double)v[i]);
	nice_axis(max, &axmax, &step);
	scale = (x->w - 2 * MARGIN) / axmax;
	bottom = TOP + NSTAGES * (HEAD + BAR + GAP);
	for (t = 0; t <= axmax + step / 2; t += step) {
		ax = MARGIN + t * scale;
		/* across each bar only: no line runs through a stage's words */
		for (i = 0; i < NSTAGES; i++) {
			double by = TOP + (double)i * (HEAD + BAR + GAP) + HEAD;

			cx_line(x, ax, by, ax, i + 1 < NSTAGES ? by + BAR + 3 : bottom,
			    0.6, COL_GRID);
		}
		snprintf(num, sizeof(num), "%.0f", t);
		cx_text(x, num, ax, bottom + 10, t == 0 ? AL_LEFT :
		    t + step / 2 > axmax ? AL_RIGHT : AL_CENTER, FS_SMALL, false, 0,
		    COL_INK2);
	}
	cx_line(x, MARGIN, bottom, x->w - MARGIN, bottom, 1, COL_INK2);
	for (i = 0; i < NSTAGES; i++, y += HEAD + BAR + GAP)
		draw_stage(x, r, v, i, y, scale);
}

/* On success, free with table_free(). */
struct table *
funnel_table(const struct computed *c)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	struct table *t = table_new(report_string(r, "chart_funnel"), 3);
	struct table_cell *row;
	long v[NSTAGES];
	char num[32];
	size_t i;

	table_head(t, 0, report_string(r, "chart_stage"), false);
	table_head(t, 1, report_string(r, "providers"), true);
	table_head(t, 2, report_string(r, "chart_share"), false);
	if (s == NULL)
		return t;
	stage_values(s, v);
	for (i = 0; i < NSTAGES; i++) {
		struct buf sh = BUF_INIT;

		row = table_row(t);
		table_cell_set(&row[0], report_string(r, stage_keys[i]), NULL);
		view_int_to(&c->project->report, v[i], num, sizeof(num));
		table_cell_set(&row[1], v[i] < 0 ? report_string(r, "not_stated") : num, NULL);
		row[1].numeric = true;
		stage_share(r, v, i, &sh);
		table_cell_set(&row[2], sh.data, NULL);
		buf_release(&sh);
	}
	return t;
}
