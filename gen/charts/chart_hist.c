/* chart_hist.c: one provider's tier across the editions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"

#define ROW 20.0
#define EDLABELS 24.0
/* A narrow chart's (chart_init_sized) tier names are given less room, its
 * editions' columns come closer, and where three or more would crowd their
 * names, each name wraps under its own column ("ClusterMAX" over "1.0"),
 * the names on one row of two lines (a phone read staggered names as two
 * rows of editions: reader review #7). */
#define NARROW(w) ((w) < CHART_WIDTH - 1)
#define NAMEW(w) (NARROW(w) ? 122.0 : 150.0)
#define PX0(w) (MARGIN + NAMEW(w) + (NARROW(w) ? 8.0 : 20.0))
#define LINE2 14.0 /* a wrapped edition name's second line, below its first */
/* Between the ladder's rows and those of the tiers with rated: false, which
 * are drawn apart: moving into one is not a step down. */
#define UNRATED_GAP 14.0

/* The ladder's rated tiers and its others. */
static void
ladder_counts(const struct report *r, size_t *rated, size_t *unrated)
{
	size_t i;

	*rated = *unrated = 0;
	for (i = 0; i < r->nladder; i++)
		(*(r->ladder[i].rated ? rated : unrated))++;
}

/* May the edition names wrap to two lines? */
static bool
wrapped(const struct computed *c, double w)
{
	return NARROW(w) && c->neditions >= 3;
}

double
hist_height(const struct computed *c, double w)
{
	size_t nr, nu;

	ladder_counts(&c->project->report, &nr, &nu);
	if (c->neditions == 0 || nr + nu == 0)
		return TOP + 60;
	return TOP + (double)nr * ROW + (nu > 0 ? UNRATED_GAP + (double)nu * ROW : 0) +
	    EDLABELS + 8 + (wrapped(c, w) ? LINE2 : 0);
}

void
hist_desc(const struct computed *c, const struct provider *p, struct buf *b)
{
	static const char *const names[] = {"tier", "edition", NULL};
	const struct report *r = &c->project->report;
	const struct provider_view *pv = computed_provider(c, p);
	struct buf list = BUF_INIT;
	const char *values[3];
	char *t;
	size_t i;

	if (pv == NULL || pv->nhistory == 0) {
		t = report_format1(r, "hist_desc_none", "name", p->name);
		buf_puts(b, t);
		free(t);
		return;
	}
	for (i = 0; i < pv->nhistory; i++) {
		values[0] = pv->history[i].rating->tier->name;
		values[1] = pv->history[i].edition->name;
		values[2] = NULL;
		/* an uncertain tier is drawn as a dashed ring: the text says so */
		t = report_format(r, pv->history[i].rating->review->tier_uncertain != NULL ?
		    "hist_desc_tier_uncertain" : "hist_desc_tier", names, values);
		buf_printf(&list, "%s%s", i > 0 ? ", " : "", t);
		free(t);
	}
	values[0] = p->name, values[1] = list.data, values[2] = NULL;
	{
		static const char *const dn[] = {"name", "list", NULL};

		t = report_format(r, "hist_desc", dn, values);
	}
	buf_puts(b, t);
	free(t);
	buf_release(&list);
}

/* room for centred edition names at both ends */
#define INSET(w) (NARROW(w) ? 42.0 : 50.0)

static double
col_x(double w, const struct computed *c, size_t i)
{
	double x0 = PX0(w) + INSET(w), cw = w - MARGIN - INSET(w) - x0;

	if (c->neditions == 1)
		return x0 + cw / 2;
	return x0 + cw * (double)i / (double)(c->neditions - 1);
}

/*
 * A tier's row: the rated tiers in ladder order, then, after a gap, the
 * others (rated: false) in ladder order.
 */
static double
tier_y(const struct report *r, const struct tier *t)
{
	size_t i, k = 0, nr, nu;

	ladder_counts(r, &nr, &nu);
	for (i = 0; i < t->index && i < r->nladder; i++)
		k += r->ladder[i].rated == t->rated;
	if (t->rated)
		return TOP + ((double)k + 0.5) * ROW;
	return TOP + (double)nr * ROW + UNRATED_GAP + ((double)k + 0.5) * ROW;
}

/* The bottom of the last row. */
static double
rows_bottom(const struct report *r)
{
	size_t nr, nu;

	ladder_counts(r, &nr, &nu);
	return TOP + (double)nr * ROW + (nu > 0 ? UNRATED_GAP + (double)nu * ROW : 0);
}

/* Does edition e's ladder have tier t? (No list: the whole ladder.) */
static bool
edition_has(const struct edition *e, const struct tier *t)
{
	size_t i;

	if (e->ntiers == 0)
		return true;
	for (i = 0; i < e->ntiers; i++)
		if (e->tiers[i] == t || (e->tiers[i] != NULL && e->tiers[i]->index == t->index))
			return true;
	return false;
}

/*
 * A tier's row line, drawn only across the editions whose ladder had the
 * tier: each such edition's column holds it from halfway to the column
 * before to halfway to the one after (the plot's edges at the ends).
 */
static void
tier_row(struct cx *x, const struct computed *c, const struct tier *t, double y)
{
	size_t i, first;
	double l, rt;

	for (i = 0; i < c->neditions; i++) {
		if (!edition_has(c->editions[i].edition, t))
			continue;
		for (first = i; i + 1 < c->neditions &&
		    edition_has(c->editions[i + 1].edition, t); i++)
			;
		l = first == 0 ? PX0(x->w) :
		    (col_x(x->w, c, first - 1) + col_x(x->w, c, first)) / 2;
		rt = i + 1 == c->neditions ? x->w - MARGIN :
		    (col_x(x->w, c, i) + col_x(x->w, c, i + 1)) / 2;
		cx_line(x, l, y, rt, y, 0.6, COL_GRID);
	}
}

/*
 * The length of the words every edition's name begins with, with the space
 * after them, where some name does not fit its column and the rest of
 * each does; else 0.
 */
static size_t
names_shared(struct cx *x, const struct computed *c, double w)
{
	const char *first = c->editions[0].edition->name;
	size_t n = 0, i, k;
	double tw, th;
	bool wide = false;

	/* the longest prefix ending in a space that every name has */
	for (k = 0; first[k] != '\0'; k++) {
		if (first[k] != ' ')
			continue;
		for (i = 1; i < c->neditions; i++)
			if (strncmp(c->editions[i].edition->name, first, k + 1) != 0)
				break;
		if (i < c->neditions)
			break;
		n = k + 1;
	}
	if (n == 0)
		return 0;
	for (i = 0; i < c->neditions; i++) {
		const char *name = c->editions[i].edition->name;

		if (name[n] == '\0')
			return 0;
		cx_measure(x, name, FS_SMALL, false, 0, &tw, &th);
		wide |= tw > w;
		cx_measure(x, name + n, FS_SMALL, false, 0, &tw, &th);
		if (tw > w)
			return 0;
	}
	return wide ? n : 0;
}

/*
 * An edition's name under its column, in at most two lines of width w
 * centred at cx0, the first at my: as many of its words as fit on the
 * first, the rest on the second (ellipsized should they not fit).
 */
static void
edition_name_wrapped(struct cx *x, const char *name, double cx0, double my, double w)
{
	const char *sp = NULL, *p;
	double tw, th;
	char *head;

	cx_measure(x, name, FS_SMALL, false, 0, &tw, &th);
	if (tw <= w) {
		cx_text(x, name, cx0, my, AL_CENTER, FS_SMALL, false, w, COL_INK2);
		return;
	}
	/* the last space whose words before it fit */
	for (p = strchr(name, ' '); p != NULL; p = strchr(p + 1, ' ')) {
		head = xstrndup(name, (size_t)(p - name));
		cx_measure(x, head, FS_SMALL, false, 0, &tw, &th);
		free(head);
		if (tw > w && sp != NULL)
			break;
		sp = p;
	}
	if (sp == NULL) {
		cx_text(x, name, cx0, my, AL_CENTER, FS_SMALL, false, w, COL_INK2);
		return;
	}
	head = xstrndup(name, (size_t)(sp - name));
	cx_text(x, head, cx0, my, AL_CENTER, FS_SMALL, false, w, COL_INK2);
	cx_text(x, sp + 1, cx0, my + LINE2, AL_CENTER, FS_SMALL, false, w, COL_INK2);
	free(head);
}

/* The part every provider shares: tier rows and edition names. */
void
hist_draw_frame(struct cx *x, const struct computed *c)
{
	const struct report *r = &c->project->report;
	double colw, cx0, y = rows_bottom(r), sep;
	size_t i, nr, nu, pre;
	bool apart = false;

	if (c->neditions == 0 || r->nladder == 0) {
		cx_empty(x, report_string(r, "chart_no_editions"));
		return;
	}
	ladder_counts(r, &nr, &nu);
	for (i = 0; i < r->nladder; i++) {
		const struct tier *t = &r->ladder[i];

		if (!t->rated && !apart && nr > 0) {
			/* the rule that sets the unrated tiers apart */
			sep = TOP + (double)nr * ROW + UNRATED_GAP / 2;
			cx_line(x, MARGIN, sep, x->w - MARGIN, sep, 1, COL_GRID);
			apart = true;
		}
		tier_row(x, c, t, tier_y(r, t));
		cx_text(x, t->name, MARGIN, tier_y(r, t), AL_LEFT, FS_SMALL, false,
		    NAMEW(x->w), t->rated ? COL_INK : COL_INK2);
	}
	colw = c->neditions > 1 ? (col_x(x->w, c, 1) - col_x(x->w, c, 0)) - 8 : 200;
	colw = fmin(colw, 2 * INSET(x->w));
	/* names too wide for their columns that share their first words
	 * ("ClusterMAX 1.0", "ClusterMAX 2.0"): what differs under each
	 * column ("1.0"), what they share once under all of them */
	if (wrapped(c, x->w) && (pre = names_shared(x, c, colw)) > 0) {
		char *shared = xstrndup(c->editions[0].edition->name, pre - 1);

		for (i = 0; i < c->neditions; i++)
			cx_text(x, c->editions[i].edition->name + pre, col_x(x->w, c, i),
			    y + EDLABELS / 2 + 2, AL_CENTER, FS_SMALL, false, colw, COL_INK2);
		cx_text(x, shared, (col_x(x->w, c, 0) + col_x(x->w, c, c->neditions - 1)) / 2,
		    y + EDLABELS / 2 + 2 + LINE2, AL_CENTER, FS_SMALL, false,
		    x->w - PX0(x->w) - MARGIN, COL_INK2);
		free(shared);
		return;
	}
	for (i = 0; i < c->neditions; i++) {
		cx0 = col_x(x->w, c, i);
		if (wrapped(c, x->w))
			edition_name_wrapped(x, c->editions[i].edition->name, cx0,
			    y + EDLABELS / 2 + 2, colw);
		else
			cx_text(x, c->editions[i].edition->name, cx0, y + EDLABELS / 2 + 2,
			    AL_CENTER, FS_SMALL, false, colw, COL_INK2);
	}
}

/*
 * The provider's marks: a line joining its reviews in rated tiers (dashed
 * across editions without such a review), then a dot at each review, in
 * its tier's colour; a review in a tier with rated: false is a hollow ring
 * in the band apart, joined to nothing. On success, free with free(); *n
 * set to the number of marks.
 */
struct hist_mark *
hist_marks(const struct computed *c, const struct provider *p, double w, size_t *n)
{
	const struct report *r = &c->project->report;
	const struct provider_view *pv = computed_provider(c, p);
	const struct history_entry *h, *prev = NULL;
	struct hist_mark *m;
	size_t i, k = 0;

	*n = 0;
	if (c->neditions == 0 || r->nladder == 0 || pv == NULL || pv->nhistory == 0)
		return NULL;
	m = xcalloc(2 * pv->nhistory, sizeof(*m));
	/* the line first, then the dots over it */
	for (i = 0; i < pv->nhistory; i++) {
		h = &pv->history[i];
		if (!h->rating->tier->rated)
			continue;
		if (prev != NULL) {
			m[k].x0 = col_x(w, c, prev->edition->index);
			m[k].y0 = tier_y(r, prev->rating->tier);
			m[k].x1 = col_x(w, c, h->edition->index);
			m[k].y1 = tier_y(r, h->rating->tier);
			/* a gap: editions in between without a rated review */
			m[k].dashed = h->edition->index != prev->edition->index + 1;
			k++;
		}
		prev = h;
	}
	for (i = 0; i < pv->nhistory; i++) {
		h = &pv->history[i];
		m[k].dot = true;
		m[k].hollow = !h->rating->tier->rated;
		/* a tier the source does not state for certain: a dashed ring in
		 * its colour, as the failure chart draws a bound hollow (a dot's
		 * dashed, which the marks' cache keys, says it) */
		m[k].dashed = h->rating->review->tier_uncertain != NULL;
		m[k].x0 = m[k].x1 = col_x(w, c, h->edition->index);
		m[k].y0 = m[k].y1 = tier_y(r, h->rating->tier);
		m[k].fill = tier_rgb(h->rating->tier);
		k++;
	}
	*n = k;
	return m;
}

void
hist_draw_marks(struct cx *x, const struct computed *c, const struct provider *p)
{
	static const double dash[] = {HIST_DASH, HIST_DASH};
	struct hist_mark *m;
	size_t i, n;

	m = hist_marks(c, p, x->w, &n);
	for (i = 0; i < n; i++) {
		if (!m[i].dot) {
			cv_save(x->cv);
			if (m[i].dashed)
				cv_dash(x->cv, dash, 2, 0);
			cx_line(x, m[i].x0, m[i].y0, m[i].x1, m[i].y1, HIST_LINE_W,
			    COL_INK2);
			cv_restore(x->cv);
			continue;
		}
		/* a dot of its own: no line from wherever the pen last was */
		cv_new_path(x->cv);
		if (m[i].dashed && !m[i].hollow) {
			static const double ring[] = {HIST_RING_W * 1.5, HIST_RING_W};

			cv_save(x->cv);
			cv_arc(x->cv, m[i].x1, m[i].y1, HIST_DOT_R - HIST_RING_W / 2, 0,
			    2 * M_PI);
			cv_dash(x->cv, ring, 2, 0);
			cx_color(x, m[i].fill);
			cv_line_width(x->cv, HIST_RING_W);
			cv_stroke(x->cv);
			cv_restore(x->cv);
			continue;
		}
		if (m[i].hollow) {
			cv_arc(x->cv, m[i].x1, m[i].y1, HIST_DOT_R - HIST_RING_W / 2, 0,
			    2 * M_PI);
			cx_color(x, COL_INK2);
			cv_line_width(x->cv, HIST_RING_W);
			cv_stroke(x->cv);
			continue;
		}
		cv_arc(x->cv, m[i].x1, m[i].y1, HIST_DOT_R, 0, 2 * M_PI);
		cx_color(x, m[i].fill);
		cv_fill_preserve(x->cv);
		cx_color(x, COL_INK);
		cv_line_width(x->cv, HIST_DOT_W);
		cv_stroke(x->cv);
	}
	free(m);
}

/* On success, free with table_free(). */
struct table *
hist_table(const struct computed *c, const struct provider *p)
{
	const struct report *r = &c->project->report;
	const struct provider_view *pv = computed_provider(c, p);
	struct table *t = table_new(report_string(r, "tier_history"), 2);
	struct table_cell *row;
	size_t i;
	char *href;

	table_head(t, 0, report_string(r, "edition"), false);
	table_head(t, 1, report_string(r, "tier"), false);
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
