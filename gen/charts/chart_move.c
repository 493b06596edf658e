/* chart_move.c: movement, a slope chart from the compare edition's tiers to
 * the report edition's, one slot per provider so labels never overlap. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

/* The left and right axes: a narrow chart (chart_init_sized) gives the
 * names less room and the lines between them less length. */
#define LX (CX_NARROW(x) ? 112.0 : 220.0)
#define RX (CX_NARROW(x) ? 184.0 : 420.0)
#define SLOT 17.0
#define BAND_HEAD 18.0
#define BAND_PAD 6.0
#define COLS_HEAD 24.0

static bool
candidate(const struct rating *r)
{
	/* reviewed in both, and rated in at least one of them */
	return r != NULL && r->previous != NULL && (r->previous->rated || r->tier->rated);
}

static bool
is_mover(const struct rating *r)
{
	return r->status != MOVE_SAME;
}

static int
cmp_priority(const void *a, const void *b)
{
	const struct rating *x = *(const struct rating *const *)a;
	const struct rating *y = *(const struct rating *const *)b;
	int sx = x->has_steps ? abs(x->steps) : 0, sy = y->has_steps ? abs(y->steps) : 0;

	if (is_mover(x) != is_mover(y))
		return is_mover(x) ? -1 : 1;
	if (sx != sy)
		return sy - sx;
	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

/* *out is malloc'd (free it); returns how many are drawn. */
size_t
move_select(const struct computed *c, const struct rating ***out, size_t *total)
{
	const struct report *rep = &c->project->report;
	const struct rating **v;
	const struct rating *r;
	size_t i, n = 0;

	*out = NULL;
	*total = 0;
	if (!c->has_compare || c->compare.baseline == NULL)
		return 0;
	v = xcalloc(c->compare.nratings + rep->nfeatured + 1, sizeof(*v));
	if (rep->featured != NULL) {
		for (i = 0; i < rep->nfeatured; i++)
			if (candidate(r = edition_stats_rating(&c->compare, rep->featured[i])))
				v[n++] = r;
	} else {
		for (i = 0; i < c->compare.nratings; i++)
			if (candidate(r = &c->compare.ratings[i]))
				v[n++] = r;
	}
	*total = n;
	if (n > MOVE_MAX) {
		qsort(v, n, sizeof(*v), cmp_priority);
		n = MOVE_MAX;
	}
	*out = v;
	return n;
}

/*
 * With featured: providers the report chose, so a reader is told the chart
 * is a choice: "The report's 9 featured providers, of 47 reviewed in both
 * editions." malloc'd; NULL when the chart draws every candidate.
 */
static char *
featured_note(const struct computed *c, size_t drawn)
{
	static const char *const names[] = {"n", "total", NULL};
	const struct report *rep = &c->project->report;
	size_t i, all = 0;
	char n1[32], n2[32];
	const char *values[] = {n1, n2, NULL};

	if (rep->featured == NULL)
		return NULL;
	for (i = 0; i < c->compare.nratings; i++)
		all += candidate(&c->compare.ratings[i]);
	if (all <= drawn)
		return NULL;
	view_int_to(rep, (long long)drawn, n1, sizeof(n1));
	view_int_to(rep, (long long)all, n2, sizeof(n2));
	return report_format(rep, "move_featured", names, values);
}

/* A rating's change in words ("up 1"), malloc'd, as the pages give it. */
static char *
change_words(const struct report *rep, const struct rating *r)
{
	return move_words(rep, r->status, r->has_steps, r->steps, NULL);
}

struct band {
	const struct tier *tier;
	size_t nl, nr;
	double top;
};

/* Bands for the tiers in use, in ladder order; returns the total height. */
static double
bands_make(const struct computed *c, const struct rating **v, size_t n,
    struct band *b, double top)
{
	const struct report *rep = &c->project->report;
	size_t i, j;
	double y = top;

	for (i = 0; i < rep->nladder; i++) {
		b[i].tier = &rep->ladder[i];
		b[i].nl = b[i].nr = 0;
		for (j = 0; j < n; j++) {
			b[i].nl += v[j]->previous == b[i].tier;
			b[i].nr += v[j]->tier == b[i].tier;
		}
		b[i].top = y;
		if (b[i].nl + b[i].nr > 0)
			y += BAND_HEAD + (double)(b[i].nl > b[i].nr ? b[i].nl : b[i].nr) *
			    SLOT + BAND_PAD;
	}
	return y - top;
}

double
move_height(const struct computed *c, double w)
{
	const struct rating **v;
	struct band *b;
	size_t n, total;
	double h;
	char *t;

	n = move_select(c, &v, &total);
	if (n == 0) {
		free(v);
		return TOP + 60;
	}
	b = xcalloc(c->project->report.nladder + 1, sizeof(*b));
	t = featured_note(c, n);
	/* the note under the chart, on two lines on a phone (cx_foot) */
	h = TOP + COLS_HEAD + bands_make(c, v, n, b, 0) + (t != NULL ?
	    cx_foot_lines(w) * CX_FOOT_LINE + 7 : total > n ? 22 : 0) + 10;
	free(t);
	free(b);
	free(v);
	return h;
}

void
move_desc(const struct computed *c, struct buf *b)
{
	const struct rating **v;
	static const char *const names[] = {"from", "to", "n", "up", "down", "same", NULL};
	static const char *const more[] = {"unrated", "returned", NULL};
	static const char *const mover[] = {"name", "change", "tier", NULL};
	const struct report *rep = &c->project->report;
	size_t n, total, i, named = 0;
	size_t k[MOVE_FIRST + 1] = {0};
	char num[4][32], *t, *ch;
	const char *values[7];

	n = move_select(c, &v, &total);
	if (total == 0) {
		buf_printf(b, "%s.", report_string(rep, "move_desc_none"));
		free(v);
		return;
	}
	for (i = 0; i < n; i++)
		k[v[i]->status]++;
	snprintf(num[0], sizeof(num[0]), "%zu", total);
	snprintf(num[1], sizeof(num[1]), "%zu", k[MOVE_UP]);
	snprintf(num[2], sizeof(num[2]), "%zu", k[MOVE_DOWN]);
	snprintf(num[3], sizeof(num[3]), "%zu", k[MOVE_SAME]);
	values[0] = c->compare.baseline->name, values[1] = c->compare.edition->name;
	values[2] = num[0], values[3] = num[1], values[4] = num[2], values[5] = num[3];
	values[6] = NULL;
	t = report_format(rep, view_plural(rep, (double)total, "move_desc_one", "move_desc"), names, values);
	buf_puts(b, t);
	free(t);
	if (k[MOVE_UNRATED] + k[MOVE_RETURNED] > 0) {
		snprintf(num[0], sizeof(num[0]), "%zu", k[MOVE_UNRATED]);
		snprintf(num[1], sizeof(num[1]), "%zu", k[MOVE_RETURNED]);
		values[0] = num[0], values[1] = num[1], values[2] = NULL;
		t = report_format(rep, "move_desc_unrated", more, values);
		buf_printf(b, ", %s", t);
		free(t);
	}
	if (total > n) {
		t = report_format_n(rep, "move_desc_drawn", (long)n);
		buf_printf(b, " %s", t);
		free(t);
	}
	buf_puts(b, ".");
	if ((t = featured_note(c, n)) != NULL) {
		buf_printf(b, " %s", t);
		free(t);
	}
	for (i = 0; i < n && named < 10; i++) {
		if (v[i]->status != MOVE_UP && v[i]->status != MOVE_DOWN)
			continue;
		/* the arrow glyph is decoration; the words carry it */
		ch = change_words(rep, v[i]);
		values[0] = provider_label(v[i]->provider), values[1] = ch;
		values[2] = v[i]->tier->name, values[3] = NULL;
		t = report_format(rep, "move_desc_mover", mover, values);
		buf_printf(b, "%s%s", named ? "; " : " ", t);
		free(t);
		free(ch);
		named++;
	}
	if (named > 0)
		buf_puts(b, ".");
	free(v);
}

/* Sort keys within a band: the other side's tier, then reader order. */
static int
cmp_left(const void *a, const void *b)
{
	const struct rating *x = *(const struct rating *const *)a;
	const struct rating *y = *(const struct rating *const *)b;

	if (x->previous->index != y->previous->index)
		return x->previous->index < y->previous->index ? -1 : 1;
	if (x->tier->index != y->tier->index)
		return x->tier->index < y->tier->index ? -1 : 1;
	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

static int
cmp_right(const void *a, const void *b)
{
	const struct rating *x = *(const struct rating *const *)a;
	const struct rating *y = *(const struct rating *const *)b;

	if (x->tier->index != y->tier->index)
		return x->tier->index < y->tier->index ? -1 : 1;
	if (x->previous->index != y->previous->index)
		return x->previous->index < y->previous->index ? -1 : 1;
	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

/* y of each rating's slot on one side; v is sorted by that side's tier. */
static void
slots(const struct rating **v, size_t n, const struct band *b, bool left, double *y)
{
	size_t i, k = 0;
	const struct tier *t, *prev = NULL;

	for (i = 0; i < n; i++) {
		t = left ? v[i]->previous : v[i]->tier;
		if (t != prev)
			k = 0;
		prev = t;
		y[i] = b[t->index].top + BAND_HEAD + ((double)k + 0.5) * SLOT;
		k++;
	}
}

static void
arrow_head(struct cx *x, double x0, double y0, double x1, double y1, struct rgb col)
{
	double a = atan2(y1 - y0, x1 - x0), l = 8, s = 0.45;

	cx_color(x, col);
	cv_move_to(x->cv, x1, y1);
	cv_line_to(x->cv, x1 - l * cos(a - s), y1 - l * sin(a - s));
	cv_line_to(x->cv, x1 - l * cos(a + s), y1 - l * sin(a + s));
	cv_close_path(x->cv);
	cv_fill(x->cv);
}

static void
draw_link(struct cx *x, const struct rating *r, double yl, double yr)
{
	static const double dash[] = {5, 3}, dot[] = {1.5, 2.5};
	struct rgb col = COL_INK2;
	double lw = 1;

	cv_save(x->cv);
	if (r->status == MOVE_UP) {
		col = COL_UP;
		lw = 1.8;
	} else if (r->status == MOVE_DOWN) {
		col = COL_DOWN;
		lw = 1.8;
		cv_dash(x->cv, dash, 2, 0);
	} else if (r->status != MOVE_SAME)
		cv_dash(x->cv, dot, 2, 0);
	cx_line(x, LX, yl, RX - (r->status == MOVE_UP || r->status == MOVE_DOWN ? 6 : 0),
	    yr, lw, col);
	cv_restore(x->cv);
	if (r->status == MOVE_UP || r->status == MOVE_DOWN)
		arrow_head(x, LX, yl, RX, yr, col);
	cx_color(x, col);
	cv_arc(x->cv, LX, yl, 2.5, 0, 2 * M_PI);
	cv_fill(x->cv);
}

/* A right-hand label's change: in words ("\u2191 up 1"), or short: the
 * arrow and the steps, and for a move without steps nothing (the line's
 * colour and dash, the text alternative and the table give the words).
 * Malloc'd. */
static char *
change_label(const struct report *rep, const struct rating *r, bool short_form)
{
	if (!short_form)
		return move_text(rep, r->status, r->has_steps, r->steps, NULL);
	if (r->has_steps && (r->status == MOVE_UP || r->status == MOVE_DOWN))
		return xasprintf("%s%d", move_mark(r->status), abs(r->steps));
	return xstrdup("");
}

/* Would the changes in words cut a right-hand name short (a narrow chart, a
 * long language)? Then every label takes the short form. */
static bool
changes_short(struct cx *x, const struct report *rep, const struct rating **v,
    size_t n)
{
	double cw, ch, nw, nh, avail = x->w - MARGIN - (RX + 8);
	size_t i;
	char *t;

	for (i = 0; i < n; i++) {
		t = change_label(rep, v[i], false);
		cx_measure(x, t, FS_SMALL, v[i]->status != MOVE_SAME, 0, &cw, &ch);
		free(t);
		cx_measure(x, provider_label(v[i]->provider), FS_BODY, false, 0, &nw, &nh);
		if (nw > avail - cw - 8)
			return true;
	}
	return false;
}

static void
draw_right_label(struct cx *x, const struct report *rep, const struct rating *r,
    double y, bool short_form)
{
	char *ch = change_label(rep, r, short_form);
	double cw, chh, avail = x->w - MARGIN - (RX + 8), nw;

	cx_measure(x, ch, FS_SMALL, r->status != MOVE_SAME, 0, &cw, &chh);
	nw = cx_text(x, provider_label(r->provider), RX + 8, y, AL_LEFT, FS_BODY,
	    false, avail - cw - 8, COL_INK);
	cx_text(x, ch, RX + 8 + nw + 6, y, AL_LEFT, FS_SMALL, r->status != MOVE_SAME,
	    0, COL_INK2);
	free(ch);
}

static void
draw_bands(struct cx *x, const struct band *b, size_t nb)
{
	size_t i;

	for (i = 0; i < nb; i++) {
		if (b[i].nl + b[i].nr == 0)
			continue;
		cx_line(x, MARGIN, b[i].top + 2, x->w - MARGIN, b[i].top + 2, 0.6,
		    COL_GRID);
		/* left of the lines, where only names stand */
		cx_text(x, b[i].tier->name, MARGIN, b[i].top + BAND_HEAD / 2 + 2,
		    AL_LEFT, FS_SMALL, true, x->w - 2 * MARGIN, COL_INK2);
	}
}

void
move_draw(struct cx *x, const struct computed *c)
{
	const struct rating **v, **l, **r;
	struct band *b;
	size_t n, total, i, j;
	double *yl, *yr, top = TOP + COLS_HEAD, h;
	bool short_form;
	char *t;

	n = move_select(c, &v, &total);
	if (n == 0) {
		cx_empty(x, report_string(&c->project->report, "move_desc_none"));
		free(v);
		return;
	}
	b = xcalloc(c->project->report.nladder + 1, sizeof(*b));
	h = bands_make(c, v, n, b, top);
	cx_text(x, c->compare.baseline->name, LX, TOP + 6, AL_RIGHT,
	    CX_NARROW(x) ? FS_SMALL : FS_BODY, true, LX - MARGIN, COL_INK);
	cx_text(x, c->compare.edition->name, RX, TOP + 6, AL_LEFT,
	    CX_NARROW(x) ? FS_SMALL : FS_BODY, true, x->w - MARGIN - RX, COL_INK);
	draw_bands(x, b, c->project->report.nladder);
	l = xcalloc(n, sizeof(*l));
	r = xcalloc(n, sizeof(*r));
	memcpy(l, v, n * sizeof(*l));
	memcpy(r, v, n * sizeof(*r));
	qsort(l, n, sizeof(*l), cmp_left);
	qsort(r, n, sizeof(*r), cmp_right);
	yl = xcalloc(n, sizeof(*yl));
	yr = xcalloc(n, sizeof(*yr));
	slots(l, n, b, true, yl);
	slots(r, n, b, false, yr);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n && r[j] != l[i]; j++)
			;
		draw_link(x, l[i], yl[i], yr[j]);
		cx_text(x, provider_label(l[i]->provider), LX - 8, yl[i], AL_RIGHT,
		    FS_BODY, false, LX - 8 - MARGIN, COL_INK);
	}
	short_form = changes_short(x, &c->project->report, r, n);
	for (j = 0; j < n; j++)
		draw_right_label(x, &c->project->report, r[j], yr[j], short_form);
	if ((t = featured_note(c, n)) != NULL) {
		cx_foot(x, t, top + h + 11 - CX_FOOT_LINE / 2, 0);
		free(t);
	} else if (total > n) {
		static const char *const names[] = {"n", "total", NULL};
		char n1[32], n2[32];
		const char *values[] = {n1, n2, NULL};

		snprintf(n1, sizeof(n1), "%zu", n);
		snprintf(n2, sizeof(n2), "%zu", total);
		t = report_format(&c->project->report, "move_showing", names, values);
		cx_text(x, t, MARGIN, top + h + 11, AL_LEFT, FS_SMALL, false,
		    x->w - 2 * MARGIN, COL_INK2);
		free(t);
	}
	free(yl);
	free(yr);
	free(l);
	free(r);
	free(b);
	free(v);
}

static void
table_provider(struct table_cell *cell, const struct provider *p)
{
	char *href = xasprintf("providers/%s/", p->id);

	table_cell_set(cell, p->name, href);
	free(href);
}

/* On success, free with table_free(). Every provider, not only those drawn. */
struct table *
move_table(const struct computed *c)
{
	const struct report *rep = &c->project->report;
	struct table *t = table_new(report_string(rep, "move_table_caption"), 4);
	struct table_cell *row;
	size_t i, k;

	table_head(t, 0, report_string(rep, "provider"), false);
	table_head(t, 1, c->compare.baseline ? c->compare.baseline->name :
	    report_string(rep, "move_before"), false);
	table_head(t, 2, c->compare.edition ? c->compare.edition->name :
	    report_string(rep, "move_after"), false);
	table_head(t, 3, report_string(rep, "move_change"), false);
	if (!c->has_compare || c->compare.baseline == NULL)
		return t;
	/* every candidate, drawn or not, in the compute order */
	for (i = 0; i < c->compare.nratings; i++) {
		const struct rating *r = &c->compare.ratings[i];
		bool in = rep->featured == NULL;

		for (k = 0; !in && k < rep->nfeatured; k++)
			in = rep->featured[k] == r->provider;
		if (!in || !candidate(r))
			continue;
		row = table_row(t);
		table_provider(&row[0], r->provider);
		table_cell_set(&row[1], r->previous->name, NULL);
		row[1].tier = r->previous;
		table_cell_set(&row[2], r->tier->name, NULL);
		row[2].tier = r->tier;
		table_cell_take(&row[3], change_words(rep, r), NULL);
	}
	return t;
}
