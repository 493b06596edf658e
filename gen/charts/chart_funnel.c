/* chart_funnel.c: tracked -> reviewed -> rated -> medals for the edition. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"
#include "parse.h"

#define HEAD 20.0
#define BAR 22.0
#define GAP 12.0
#define NSTAGES 4

static const char *const stage_names[NSTAGES] = {"Tracked", "Reviewed", "Rated", "Medals"};

static void
stage_values(const struct edition_stats *s, long v[NSTAGES])
{
	v[0] = s->tracked;
	v[1] = s->reviewed;
	v[2] = s->rated;
	v[3] = s->medals;
}

static void
pct(struct buf *b, long part, long whole, const char *of)
{
	char num[32];

	if (whole <= 0)
		return;
	fmt_fixed(100.0 * (double)part / (double)whole, 1, num, sizeof(num));
	buf_printf(b, "%s%% of %s", num, of);
}

/* The share text of stage i: "23.8% of tracked". */
static void
stage_share(const long v[NSTAGES], size_t i, struct buf *b)
{
	switch (i) {
	case 1:
		pct(b, v[1], v[0], "tracked");
		break;
	case 2:
		pct(b, v[2], v[1], "reviewed");
		break;
	case 3:
		pct(b, v[3], v[1], "reviewed");
		if (v[0] > 0) {
			buf_puts(b, ", ");
			pct(b, v[3], v[0], "tracked");
		}
		break;
	}
}

double
funnel_height(const struct computed *c)
{
	if (chart_report_stats(c) == NULL)
		return TOP + 60;
	return TOP + NSTAGES * (HEAD + BAR + GAP) + 30;
}

void
funnel_desc(const struct computed *c, struct buf *b)
{
	const struct edition_stats *s = chart_report_stats(c);
	long v[NSTAGES];
	size_t i;

	if (s == NULL) {
		buf_puts(b, "No edition.");
		return;
	}
	stage_values(s, v);
	buf_printf(b, "%s: ", s->edition->name);
	if (v[0] >= 0)
		buf_printf(b, "%ld tracked, ", v[0]);
	else
		buf_puts(b, "tracked not stated, ");
	buf_printf(b, "%ld reviewed, %ld rated, %ld medals", v[1], v[2], v[3]);
	for (i = 3; i < NSTAGES; i++) {
		struct buf sh = BUF_INIT;

		stage_share(v, i, &sh);
		if (sh.len > 0)
			buf_printf(b, " (%s)", sh.data);
		buf_release(&sh);
	}
	buf_puts(b, ".");
}

static void
draw_stage(struct cx *x, const long v[NSTAGES], size_t i, double y, double scale)
{
	struct buf t = BUF_INIT, sh = BUF_INIT;
	double nw, w;

	nw = cx_text(x, stage_names[i], MARGIN, y + HEAD / 2, AL_LEFT, FS_BODY, true,
	    0, COL_INK);
	if (v[i] < 0)
		buf_puts(&t, "not stated");
	else
		buf_printf(&t, "%ld", v[i]);
	stage_share(v, i, &sh);
	if (sh.len > 0)
		buf_printf(&t, " \u00b7 %s", sh.data);
	buf_release(&sh);
	cx_text(x, t.data, MARGIN + nw + 10, y + HEAD / 2, AL_LEFT, FS_BODY, false,
	    x->w - 2 * MARGIN - nw - 10, COL_INK);
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
	const struct edition_stats *s = chart_report_stats(c);
	long v[NSTAGES];
	double max = 0, axmax, step, scale, y = TOP, bottom, ax, t;
	char num[32];
	size_t i;

	if (s == NULL) {
		cx_empty(x, "No edition");
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
		cx_line(x, ax, TOP + HEAD, ax, bottom, 0.6, COL_GRID);
		snprintf(num, sizeof(num), "%.0f", t);
		cx_text(x, num, ax, bottom + 10, t == 0 ? AL_LEFT :
		    t + step / 2 > axmax ? AL_RIGHT : AL_CENTER, FS_SMALL, false, 0,
		    COL_INK2);
	}
	cx_line(x, MARGIN, bottom, x->w - MARGIN, bottom, 1, COL_INK2);
	for (i = 0; i < NSTAGES; i++, y += HEAD + BAR + GAP)
		draw_stage(x, v, i, y, scale);
}

/* On success, free with table_free(). */
struct table *
funnel_table(const struct computed *c)
{
	const struct edition_stats *s = chart_report_stats(c);
	struct table *t = table_new("From tracked to medals", 3);
	struct table_cell *row;
	long v[NSTAGES];
	char num[32];
	size_t i;

	table_head(t, 0, "Stage", false);
	table_head(t, 1, "Providers", true);
	table_head(t, 2, "Share", false);
	if (s == NULL)
		return t;
	stage_values(s, v);
	for (i = 0; i < NSTAGES; i++) {
		struct buf sh = BUF_INIT;

		row = table_row(t);
		table_cell_set(&row[0], stage_names[i], NULL);
		if (v[i] < 0)
			snprintf(num, sizeof(num), "not stated");
		else
			snprintf(num, sizeof(num), "%ld", v[i]);
		table_cell_set(&row[1], num, NULL);
		row[1].numeric = true;
		stage_share(v, i, &sh);
		table_cell_set(&row[2], sh.data, NULL);
		buf_release(&sh);
	}
	return t;
}
