/* chart_faults.c: failure-test timings on a log time axis, with the edition's
 * targets as reference lines; missing timings are said in words. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart_priv.h"
#include "parse.h"

#define ROW 22.0
/* The names' column and the plot's left end (struct axis's x0): 150 and
 * 176 on a page's chart; on a narrow one (chart_init_sized) the column is
 * as wide as its widest name, between NAMEW_MIN and NAMEW_MAX, and the
 * axis takes the rest. */
#define NAMEW_WIDE 150.0
#define PX0_WIDE 176.0
#define NAMEW_MIN 60.0
#define NAMEW_MAX 140.0
#define NAME_GAP 10.0
#define PX0 (a->x0)
#define LEGEND 18.0
#define TARGETS 20.0
#define AXIS 30.0
#define LEGEND_LINE 16.0   /* a second line of a phone's legend */

static const struct rgb COL_DETECT = RGB8(0x3b6ea8);
static const struct rgb COL_DRAIN = RGB8(0xb8860b);
static const struct rgb COL_REPLACE = RGB8(0x1a7f37);

/* *out is malloc'd (free it); returns how many are drawn. */
size_t
faults_select(const struct computed *c, const struct rating ***out, size_t *total)
{
	const struct edition_stats *s = chart_report_stats(c);
	const struct rating **v;
	size_t i, n = 0;

	*out = NULL;
	*total = 0;
	if (s == NULL)
		return 0;
	v = xcalloc(s->nratings + 1, sizeof(*v));
	for (i = 0; i < s->nratings; i++)
		if (s->ratings[i].review->fault != NULL)
			v[n++] = &s->ratings[i];
	*out = v;
	*total = n;
	return n > FAULTS_MAX ? FAULTS_MAX : n;
}

static bool
has_timing(const struct fault_test *f)
{
	return f->detect_after >= 0 || f->drain_after >= 0 || f->replaced_after >= 0;
}

/*
 * Whether the provider did not replace the node: the fault was detected,
 * recovery needed a human (automatic: false) and no replacement is timed
 * (Oracle left it to the user; Azure drained the node and provided none).
 * The tally's "did not replace the node" and the row's label say so; a
 * node whose replacement is only untimed is not counted so.
 */
static bool
not_replaced(const struct fault_test *f)
{
	return !f->not_injected && f->detected_by != DETECT_NONE &&
	    f->automatic == TRI_FALSE && f->replaced_after < 0;
}

/* The replacement time drawn on the axis of time after the fault, or -1: a
 * bound is said, not drawn, and so is a time counted from a person's
 * approval (replaced_from: approval), which is no time after the fault. */
static int64_t
replaced_drawn(const struct fault_test *f)
{
	return f->replaced_upper || f->replaced_from_approval ? -1 : f->replaced_after;
}

/* "43m after approval" as a data table and the text say it; free it. */
static char *
replaced_words(const struct report *r, const struct fault_test *f, const char *key)
{
	char *time = fault_step_time(r, f->replaced_after, f->replaced_upper), *t;

	if (time == NULL)
		return NULL;
	t = report_format1(r, key, "time", time);
	free(time);
	return t;
}

/*
 * The rated providers of the edition whose review gives no failure-test
 * result, as a sentence: "The reviews of CoreWeave, Firmus and 40 others
 * give no failure-test result." (up to named names, in tier order; short:
 * their short names, as the chart draws them). It does not say they were
 * not tested: the data cannot say that. NULL when there are none.
 */
static char *
faults_missing(const struct computed *c, size_t named, bool shortn)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	const char **names;
	size_t i, n = 0, all = 0;
	char *list, *others, *t;

	if (s == NULL)
		return NULL;
	for (i = 0; i < s->nratings; i++)
		all += s->ratings[i].review->fault == NULL && s->ratings[i].tier != NULL &&
		    s->ratings[i].tier->rated;
	if (all == 0)
		return NULL;
	names = xcalloc(named + 2, sizeof(*names));
	for (i = 0; i < s->nratings && n < named; i++) {
		const struct rating *rt = &s->ratings[i];

		if (rt->review->fault == NULL && rt->tier != NULL && rt->tier->rated)
			names[n++] = shortn ? provider_label(rt->provider) : rt->provider->name;
	}
	/* not "and 1 other": the one left is named */
	if (all == n + 1) {
		for (; i < s->nratings; i++) {
			const struct rating *rt = &s->ratings[i];

			if (rt->review->fault == NULL && rt->tier != NULL && rt->tier->rated) {
				names[n++] = shortn ? provider_label(rt->provider) :
				    rt->provider->name;
				break;
			}
		}
	}
	others = all > n ? report_format_n(r, all - n == 1 ? "faults_others_one" :
	    "faults_others", (long)(all - n)) : NULL;
	if (others != NULL)
		names[n] = others;
	list = view_list(r, names, n + (others != NULL));
	t = report_format1(r, all == 1 ? "faults_no_result_one" : "faults_no_result",
	    "names", list);
	free(list);
	free(others);
	free(names);
	return t;
}

/* The providers drawn whose review does not hold the test against the
 * targets (against_targets: false), as a sentence; NULL when none. */
static char *
faults_uncompared(const struct computed *c, const struct rating *const *v, size_t n,
    bool shortn)
{
	const struct report *r = &c->project->report;
	const char **names = xcalloc(n + 1, sizeof(*names));
	size_t i, k = 0;
	char *list, *t = NULL;

	for (i = 0; i < n; i++)
		if (v[i]->review->fault->not_compared)
			names[k++] = shortn ? provider_label(v[i]->provider) : v[i]->provider->name;
	if (k > 0) {
		list = view_list(r, names, k);
		t = report_format1(r, "faults_not_compared", "names", list);
		free(list);
	}
	free(names);
	return t;
}

/* Names drawn in the chart's foot: the first few, the rest counted. */
#define FOOT_NAMED 3
/* Named in the text alternative and the table's note: as many as the foot
 * names, so that the three say it in one wording (site review 7, item 4) */
#define TEXT_NAMED FOOT_NAMED

/* Does any drawn row show a detection bound, a hollow ring? */
static bool
draws_bound(const struct rating *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i]->review->fault->detect_upper && !v[i]->review->fault->not_injected)
			return true;
	return false;
}

double
faults_height(const struct computed *c, double w)
{
	const struct rating **v;
	size_t n, total;

	double h, lines = cx_foot_lines(w);
	bool foot = false;
	char *t;

	n = faults_select(c, &v, &total);
	if (n == 0) {
		free(v);
		return TOP + 60;
	}
	h = TOP + LEGEND + TARGETS + (double)n * ROW + AXIS + (total > n ? 20 : 0) + 6;
	/* a phone's legend wraps its fourth entry, the ring */
	if (lines > 1 && draws_bound(v, n))
		h += LEGEND_LINE;
	if ((t = faults_uncompared(c, v, n, true)) != NULL) {
		h += lines * CX_FOOT_LINE + (total > n ? 0 : 4);
		foot = true;
	}
	free(t);
	if ((t = faults_missing(c, FOOT_NAMED, true)) != NULL) {
		h += lines * CX_FOOT_LINE + 4;
		foot = true;
	}
	free(t);
	free(v);
	/* room for the foot's last descenders */
	return h + (foot ? 4 : 0);
}

void
faults_desc(const struct computed *c, struct buf *b)
{
	static const char *const names[] = {"edition", "n", "replaced", NULL};
	static const char *const rest[] = {"undetected", "untimed", NULL};
	static const char *const tnames[] = {"n", "time", NULL};
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	const struct rating **v;
	size_t n, total, i, repl = 0, within = 0, undetected = 0, untimed = 0;
	size_t uninjected = 0, unreplaced = 0, approval = 0, uncompared = 0;
	size_t unreplace_timed = 0;
	int64_t target = s != NULL ? s->edition->target_replace : -1;
	char d[128], n1[32], n2[32], *t, *appr = NULL;
	const char *values[4];

	n = faults_select(c, &v, &total);
	(void)n;
	if (total == 0) {
		buf_printf(b, "%s.", report_string(r, "faults_none"));
		free(v);
		return;
	}
	for (i = 0; i < total; i++) {
		const struct fault_test *f = v[i]->review->fault;

		/* each provider in one count, so that they add up to n */
		if (f->replaced_after >= 0) {
			repl++;
			/* a time from a person's approval is not held against the target */
			within += target >= 0 && !f->replaced_from_approval &&
			    !f->not_compared && f->replaced_after <= target;
			approval += f->replaced_from_approval;
			/* against_targets: false: not held against the target */
			uncompared += target >= 0 && f->not_compared;
		} else if (f->not_injected)
			uninjected++;
		else if (f->detected_by == DETECT_NONE)
			undetected++;
		else if (not_replaced(f))
			unreplaced++;
		else if (!has_timing(f))
			untimed++;
		else
			unreplace_timed++;
	}
	snprintf(n1, sizeof(n1), "%zu", total);
	snprintf(n2, sizeof(n2), "%zu", repl);
	values[0] = s->edition->name, values[1] = n1, values[2] = n2, values[3] = NULL;
	t = report_format(r, total == 1 ? "faults_desc_one" : "faults_desc", names, values);
	buf_puts(b, t);
	free(t);
	if (approval) {
		/* which replacements are timed from a person's approval, by name:
		 * "1 of these" left the reader to guess whether of the replaced
		 * or of those within the target (site review 7, item 16) */
		const char **an = xcalloc(approval + 1, sizeof(*an));
		size_t k = 0;
		char *list;

		for (i = 0; i < total; i++)
			if (v[i]->review->fault->replaced_after >= 0 &&
			    v[i]->review->fault->replaced_from_approval)
				an[k++] = v[i]->provider->name;
		list = view_list(r, an, k);
		appr = report_format1(r, approval == 1 ? "faults_desc_approval_one" :
		    "faults_desc_approval", "names", list);
		free(list);
		free(an);
	}
	if (target >= 0) {
		report_duration(r, target, d, sizeof(d));
		snprintf(n1, sizeof(n1), "%zu", within);
		values[0] = n1, values[1] = d, values[2] = NULL;
		t = report_format(r, "faults_desc_target", tnames, values);
		/* the approval inside the target's brackets, where it belongs */
		if (appr != NULL && t[0] != '\0' && t[strlen(t) - 1] == ')') {
			t[strlen(t) - 1] = '\0';
			buf_printf(b, " %s; %s)", t, appr);
		} else
			buf_printf(b, " %s%s%s", t, appr != NULL ? ", " : "",
			    appr != NULL ? appr : "");
		free(t);
	} else if (appr != NULL)
		buf_printf(b, ", %s", appr);
	free(appr);
	snprintf(n1, sizeof(n1), "%zu", undetected);
	snprintf(n2, sizeof(n2), "%zu", untimed);
	values[0] = n1, values[1] = n2, values[2] = NULL;
	t = report_format(r, "faults_desc_rest", rest, values);
	buf_printf(b, ", %s", t);
	free(t);
	if (unreplaced) {
		t = report_format_n(r, "faults_desc_unreplaced", (long)unreplaced);
		buf_printf(b, ", %s", t);
		free(t);
	}
	if (unreplace_timed) {
		t = report_format_n(r, "faults_desc_no_replace_time", (long)unreplace_timed);
		buf_printf(b, ", %s", t);
		free(t);
	}
	if (uninjected) {
		t = report_format_n(r, "faults_desc_uninjected", (long)uninjected);
		buf_printf(b, ", %s", t);
		free(t);
	}
	buf_putc(b, '.');
	if (uncompared) {
		t = faults_uncompared(c, v, total, false);
		buf_printf(b, " %s", t);
		free(t);
	}
	if ((t = faults_missing(c, TEXT_NAMED, false)) != NULL) {
		buf_printf(b, " %s", t);
		free(t);
	}
	free(v);
}

#define BOUND_R 4.0

struct axis {
	double x0, x1, lmax; /* log10 of the axis maximum; minimum is 1 s */
};

/*
 * The axis runs to the first of 1d, 1w, 30d and 365d that holds every
 * time drawn; a time past 365d is drawn at the axis's end with an arrow,
 * so that no time is shown shorter than it is without a mark.
 */
#define AXIS_MONTH 2592000
#define AXIS_YEAR 31536000

static int64_t
axis_max(int64_t longest)
{
	static const int64_t ends[] = {86400, 604800, AXIS_MONTH, AXIS_YEAR};
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(ends) && longest > ends[i]; i++)
		;
	return ends[i];
}

/* Is sec past the axis's end (drawn there, clipped)? */
static bool
axis_clips(const struct axis *a, int64_t sec)
{
	return sec >= 1 && log10((double)sec) > a->lmax + 1e-9;
}

static double
axis_x(const struct axis *a, int64_t sec)
{
	/* the axis starts at 1 s: "instant" (0) sits there, under "≤1s" */
	double l = sec < 1 ? 0 : log10((double)sec);

	if (l > a->lmax)
		l = a->lmax;
	return a->x0 + l / a->lmax * (a->x1 - a->x0);
}

/* Where a row's note stands: its text, anchor, alignment and extent. */
struct note {
	char text[512];
	double ax, maxw, x0, x1;  /* x1 <= x0: no note */
	enum align al;
	bool bound;               /* a detection bound: a ring at bx, the note beside it */
	double bx;
	bool apart;               /* the targets do not apply to the row: their
	                             lines break there (against_targets: false) */
};


static double
row_span(const struct axis *a, const struct fault_test *f, double *lo,
    double *hi)
{
	/* a bound ("within 1h") is said in the note, never drawn as a time */
	int64_t t[3] = {f->detect_upper ? -1 : f->detect_after,
	    f->drain_upper ? -1 : f->drain_after, replaced_drawn(f)};
	int i;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < 3; i++) {
		if (t[i] < 0)
			continue;
		*lo = fmin(*lo, axis_x(a, t[i]));
		*hi = fmax(*hi, axis_x(a, t[i]));
	}
	return *hi - *lo;
}

/* Copies src into dst (size bytes), cut before a whole UTF-8 character when
 * it does not fit (a report's own text may be long). */
static void
text_set(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size) {
		n = size - 1;
		while (n > 0 && utf8_continues(src[n]))
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Does [x0, x1] keep clear of the row's marks, [lo, hi] (none: hi < lo)? */
static bool
clear_of(double x0, double x1, double lo, double hi)
{
	return hi < lo || x1 + 8 <= lo || x0 >= hi + 8;
}

/*
 * A detection known only as a bound ("within 1s") is drawn as a ring at
 * the bound, and its note stands beside that ring, not beside the row's
 * other marks (where it would read as their time): right of it, else left
 * of it, where it keeps clear of them, as far left as the row's name ends
 * (left). Returns false if neither side fits.
 */
static bool
place_bound(struct cx *x, const struct axis *a, const struct fault_test *f,
    struct note *nt, double tw, double lo, double hi, double left)
{
	double bx = axis_x(a, f->detect_after), l, r;

	r = bx + BOUND_R + 5;
	l = bx - BOUND_R - 5;
	if (r + tw <= x->w - MARGIN && clear_of(bx - BOUND_R, r + tw, lo, hi)) {
		nt->ax = r;
		nt->al = AL_LEFT;
		nt->x0 = bx - BOUND_R;
		nt->x1 = r + tw;
	} else if (l - tw >= left && clear_of(l - tw, bx + BOUND_R, lo, hi)) {
		nt->ax = l;
		nt->al = AL_RIGHT;
		nt->x0 = l - tw;
		nt->x1 = bx + BOUND_R;
	} else
		return false;
	nt->bound = true;
	nt->bx = bx;
	return true;
}

static void
row_note(struct cx *x, const struct report *r, const struct axis *a,
    const struct rating *rt, struct note *nt)
{
	const struct fault_test *f = rt->review->fault;
	double nw, nh;
	const char *key = NULL;
	double lo, hi, tw, th;
	char d[128], *t;

	memset(nt, 0, sizeof(*nt));
	nt->apart = f->not_compared;
	if (f->not_injected)
		key = "faults_not_injected";
	else if (f->detect_upper) { /* a bound is said, never drawn as a time */
		report_duration(r, f->detect_after, d, sizeof(d));
		t = report_format1(r, "faults_detected_within", "time", d);
		text_set(nt->text, sizeof(nt->text), t);
		free(t);
	} else if (f->detected_by == DETECT_NONE)
		key = "faults_not_detected";
	else if (not_replaced(f))   /* a human had to act: the provider did not */
		key = f->detected_by == DETECT_CUSTOMER ? "faults_customer_not_replaced" :
		    "faults_not_replaced";
	else if (!has_timing(f))
		key = f->detected_by == DETECT_CUSTOMER ? "faults_customer_no_timing" :
		    "faults_no_timing";
	else if (f->replaced_after < 0)   /* not stated: not "never" */
		key = f->detected_by == DETECT_CUSTOMER ? "faults_customer_no_replace_time" :
		    "faults_no_replace_time";
	else if (f->detected_by == DETECT_CUSTOMER)
		key = "faults_customer";
	else if (f->first_missed)   /* the times are for a later injection */
		key = "faults_first_missed";
	if (key != NULL)
		text_set(nt->text, sizeof(nt->text), report_string(r, key));
	if (f->replaced_from_approval && !f->not_injected &&
	    (t = replaced_words(r, f, "faults_replaced_after_approval")) != NULL) {
		/* said beside the row, never drawn as a time after the fault */
		char both[sizeof(nt->text)];

		if (nt->text[0] != '\0') {
			snprintf(both, sizeof(both), "%s; %s", nt->text, t);
			text_set(nt->text, sizeof(nt->text), both);
		} else
			text_set(nt->text, sizeof(nt->text), t);
		free(t);
	}
	if (nt->text[0] == '\0')
		return;
	row_span(a, f, &lo, &hi);
	cx_measure(x, nt->text, FS_SMALL, false, 0, &tw, &th);
	cx_measure(x, provider_label(rt->provider), FS_BODY, false, a->x0 - MARGIN - 6,
	    &nw, &nh);
	if (f->detect_upper && !f->not_injected &&
	    place_bound(x, a, f, nt, tw, lo, hi, fmin(PX0, MARGIN + nw + 8)))
		return;
	if (hi < lo) {
		/* no marker: the note stands in the plot */
		nt->ax = PX0 + 2;
		nt->al = AL_LEFT;
		nt->maxw = x->w - MARGIN - PX0 - 2;
		nt->x0 = nt->ax;
		nt->x1 = nt->ax + fmin(tw, nt->maxw);
	} else if (f->replaced_from_approval && !f->not_injected &&
	    x->w - MARGIN - tw >= hi + 40) {
		/* a time from a person's approval is on no point of the axis:
		 * its note stands at the plot's end, away from the detection's
		 * mark, so that it is not read as that mark's time (PDF review
		 * 8, item 14) */
		nt->ax = x->w - MARGIN;
		nt->al = AL_RIGHT;
		nt->x0 = nt->ax - tw;
		nt->x1 = nt->ax;
	} else if (hi + 10 + tw <= x->w - MARGIN) {
		nt->ax = hi + 10;
		nt->al = AL_LEFT;
		nt->x0 = nt->ax;
		nt->x1 = nt->ax + tw;
	} else {
		nt->ax = lo - 10;
		nt->al = AL_RIGHT;
		nt->maxw = lo - 10 - PX0;
		nt->x1 = nt->ax;
		nt->x0 = nt->ax - fmin(tw, nt->maxw);
	}
}

/*
 * A vertical line at tx from y0 down to the rows' bottom, broken at each
 * row whose note it would cross (n rows of ROW from top).
 */
static void
gapped_line(struct cx *x, double tx, double y0, double top,
    const struct note *nt, size_t n, double width, struct rgb col)
{
	double from = y0, y;
	size_t i;

	for (i = 0; i < n; i++) {
		y = top + (double)i * ROW;
		if (nt[i].apart ||
		    (nt[i].x1 > nt[i].x0 && tx >= nt[i].x0 - 3 && tx <= nt[i].x1 + 3)) {
			if (y > from)
				cx_line(x, tx, from, tx, y, width, col);
			from = y + ROW;
		}
	}
	y = top + (double)n * ROW;
	if (y > from)
		cx_line(x, tx, from, tx, y, width, col);
}

static void
draw_axis(struct cx *x, const struct report *r, const struct axis *a, double top, double bottom,
    const struct note *nt, size_t n)
{
	/* the first tick, 1 s, also stands for the instant ones: "<=1s" */
	static const struct {
		int64_t s;
		unsigned count;
		const char *unit;
	} ticks[] = {{1, 1, "unit_s"}, {10, 10, "unit_s"}, {60, 1, "unit_m"},
	    {600, 10, "unit_m"}, {3600, 1, "unit_h"}, {86400, 1, "unit_d"},
	    {604800, 1, "unit_w"}, {AXIS_MONTH, 30, "unit_d"},
	    {AXIS_YEAR, 365, "unit_d"}};
	char label[128];
	double tx;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ticks); i++) {
		if (log10((double)ticks[i].s) > a->lmax + 1e-9)
			break;
		tx = axis_x(a, ticks[i].s);
		gapped_line(x, tx, top, top, nt, n, 0.6, COL_GRID);
		snprintf(label, sizeof(label), "%s%u%s", i == 0 ? "\u2264" : "",
		    ticks[i].count, report_string(r, ticks[i].unit));
		cx_text(x, label, tx, bottom + 10, i == 0 ? AL_LEFT : AL_CENTER,
		    FS_SMALL, false, 0, COL_INK2);
	}
	cx_line(x, a->x0, bottom, a->x1, bottom, 1, COL_INK2);
	cx_text(x, report_string(r, "faults_axis"), a->x1, bottom + 23, AL_RIGHT,
	    FS_SMALL, false, 0, COL_INK2);
}

static void
marker(struct cx *x, int kind, double mx, double my)
{
	struct canvas *cv = x->cv;

	cv_new_path(cv);
	switch (kind) {
	case 0:
		cx_color(x, COL_DETECT);
		cv_arc(cv, mx, my, 4.5, 0, 2 * M_PI);
		break;
	case 1:
		cx_color(x, COL_DRAIN);
		cv_rect(cv, mx - 4, my - 4, 8, 8);
		break;
	default:
		cx_color(x, COL_REPLACE);
		cv_move_to(cv, mx, my - 6);
		cv_line_to(cv, mx + 6, my);
		cv_line_to(cv, mx, my + 6);
		cv_line_to(cv, mx - 6, my);
		cv_close_path(cv);
	}
	cv_fill(cv);
}

/* The hollow ring of a detection known only as a bound ("within 11m"). */
static void
ring(struct cx *x, double mx, double my)
{
	cx_color(x, COL_DETECT);
	cv_new_path(x->cv);
	cv_arc(x->cv, mx, my, BOUND_R - 0.75, 0, 2 * M_PI);
	cv_line_width(x->cv, 1.5);
	cv_stroke(x->cv);
}

/*
 * The markers' legend over the plot (a narrow chart's from its left edge,
 * to fit), and the hollow ring's when a row draws one (bound); on a phone
 * an entry that does not fit the line starts the next (faults_height keeps
 * room for it).
 */
static void
draw_legend(struct cx *x, const struct report *r, const struct axis *a, double y,
    bool bound)
{
	static const char *const names[] = {"faults_legend_detected",
		"faults_legend_drained", "faults_legend_replaced", "faults_legend_bound"};
	double left = CX_NARROW(x) ? MARGIN : PX0, lx = left, tw, th;
	int i;

	for (i = 0; i < (bound ? 4 : 3); i++) {
		cx_measure(x, report_string(r, names[i]), FS_SMALL, false, 0, &tw, &th);
		if (lx > left && lx + 14 + tw > x->w - MARGIN && CX_NARROW(x)) {
			lx = left;
			y += LEGEND_LINE;
		}
		if (i < 3)
			marker(x, i, lx + 6, y);
		else
			ring(x, lx + 6, y);
		lx += 16 + cx_text(x, report_string(r, names[i]), lx + 14, y, AL_LEFT, FS_SMALL,
		    false, 0, COL_INK) + 14;
	}
}

static void
draw_targets(struct cx *x, const struct report *r, const struct axis *a,
    const struct edition *e,
    double lane, double top, const struct note *nt, size_t nn)
{
	static const double dash[] = {4, 3};
	int64_t t[2] = {e->target_detect, e->target_replace};
	const char *what[2] = {"faults_target_detect", "faults_target_replace"};
	char label[2][512], d[128], *text;
	double pos[2], size[2], th;
	size_t n = 0, i;

	for (i = 0; i < 2; i++) {
		if (t[i] < 0)
			continue;
		report_duration(r, t[i], d, sizeof(d));
		text = report_format1(r, what[i], "time", d);
		text_set(label[n], sizeof(label[n]), text);
		free(text);
		pos[n] = axis_x(a, t[i]);
		cx_measure(x, label[n], FS_SMALL, true, 0, &size[n], &th);
		n++;
	}
	if (n == 2 && pos[1] < pos[0]) {
		/* a replace target below the detect target: keep the order */
		double p = pos[0], s = size[0];
		char l[512];

		memcpy(l, label[0], sizeof(l));
		memcpy(label[0], label[1], sizeof(l));
		memcpy(label[1], l, sizeof(l));
		pos[0] = pos[1], size[0] = size[1];
		pos[1] = p, size[1] = s;
	}
	cv_save(x->cv);
	cv_dash(x->cv, dash, 2, 0);
	for (i = 0; i < n; i++)
		gapped_line(x, pos[i], lane + 8, top, nt, nn, 1.2, COL_INK);
	cv_restore(x->cv);
	labels_spread(pos, size, n, 8, MARGIN, x->w - MARGIN);
	for (i = 0; i < n; i++)
		cx_text(x, label[i], pos[i], lane, AL_CENTER, FS_SMALL, true, 0, COL_INK);
}

static void
draw_row(struct cx *x, const struct axis *a, const struct rating *r,
    const struct note *nt, double y)
{
	const struct fault_test *f = r->review->fault;
	int64_t t[3] = {f->detect_upper ? -1 : f->detect_after,
	    f->drain_upper ? -1 : f->drain_after, replaced_drawn(f)};
	double lo, hi;
	int i;

	cx_text(x, provider_label(r->provider), MARGIN, y, AL_LEFT, FS_BODY, false,
	    CX_NARROW(x) ? a->x0 - MARGIN - NAME_GAP + 1 : NAMEW_WIDE - 6, COL_INK);
	if (row_span(a, f, &lo, &hi) > 0)
		cx_line(x, lo, y, hi, y, 1.2, COL_INK2);
	for (i = 0; i < 3; i++) {
		if (t[i] < 0)
			continue;
		marker(x, i, axis_x(a, t[i]), y);
		if (axis_clips(a, t[i]))
			cx_text(x, "\u2192", axis_x(a, t[i]) + 5, y, AL_LEFT, FS_SMALL,
			    true, 0, COL_INK);
	}
	if (nt->bound)
		ring(x, nt->bx, y);
	if (nt->x1 > nt->x0)
		cx_text(x, nt->text, nt->ax, y, nt->al, FS_SMALL, false, nt->maxw,
		    COL_INK);
}

void
faults_draw(struct cx *x, const struct computed *c)
{
	const struct report *r = &c->project->report;
	const struct edition_stats *s = chart_report_stats(c);
	const struct rating **v;
	size_t n, total, i;
	int64_t longest = 0;
	struct axis a;
	struct note *notes;
	double top, bottom, legend2, foot;
	bool bound = false;
	char *t;

	n = faults_select(c, &v, &total);
	if (n == 0) {
		cx_empty(x, report_string(r, "faults_none_edition"));
		free(v);
		return;
	}
	for (i = 0; i < n; i++) {
		const struct fault_test *f = v[i]->review->fault;

		if (f->detect_after > longest)
			longest = f->detect_after;
		if (f->drain_after > longest)
			longest = f->drain_after;
		/* a bound still reaches as far; a time from approval is not drawn */
		if (!f->replaced_from_approval && f->replaced_after > longest)
			longest = f->replaced_after;
	}
	if (CX_NARROW(x)) {
		double nw, nh, widest = NAMEW_MIN;

		for (i = 0; i < n; i++) {
			cx_measure(x, provider_label(v[i]->provider), FS_BODY, false, 0,
			    &nw, &nh);
			widest = fmax(widest, nw);
		}
		a.x0 = MARGIN + fmin(widest, NAMEW_MAX) + NAME_GAP;
	} else
		a.x0 = PX0_WIDE;
	a.x1 = x->w - MARGIN - 8;
	a.lmax = log10((double)axis_max(longest));
	/* a phone's legend may take a second line (faults_height's room) */
	legend2 = cx_foot_lines(x->w) > 1 && draws_bound(v, n) ? LEGEND_LINE : 0;
	top = TOP + LEGEND + legend2 + TARGETS;
	bottom = top + (double)n * ROW;
	notes = xcalloc(n, sizeof(*notes));
	for (i = 0; i < n; i++) {
		row_note(x, r, &a, v[i], &notes[i]);
		bound |= notes[i].bound;
	}
	draw_legend(x, r, &a, TOP + LEGEND / 2 - 2, bound);
	draw_axis(x, r, &a, top, bottom, notes, n);
	draw_targets(x, r, &a, s->edition, TOP + LEGEND + legend2 + TARGETS / 2 - 1, top,
	    notes, n);
	for (i = 0; i < n; i++)
		draw_row(x, &a, v[i], &notes[i], top + ((double)i + 0.5) * ROW);
	free(notes);
	/* under the axis's words: who is not compared with the targets, then
	 * whose review gives no result (each on cx_foot_lines() lines) */
	foot = bottom + AXIS + (total > n ? 20 : 0) + 6;
	if ((t = faults_uncompared(c, v, n, true)) != NULL) {
		foot = cx_foot(x, t, foot, total > n ? 0 : 4);
		free(t);
	}
	if ((t = faults_missing(c, FOOT_NAMED, true)) != NULL) {
		cx_foot(x, t, foot, 4);
		free(t);
	}
	if (total > n) {
		static const char *const names[] = {"n", "total", NULL};
		char n1[32], n2[32];
		const char *values[] = {n1, n2, NULL};

		snprintf(n1, sizeof(n1), "%zu", n);
		snprintf(n2, sizeof(n2), "%zu", total);
		t = report_format(r, "faults_showing", names, values);
		cx_text(x, t, MARGIN, bottom + AXIS + 10, AL_LEFT, FS_SMALL, false,
		    x->w - 2 * MARGIN, COL_INK2);
		free(t);
	}
	free(v);
}

/* A step's time as the provider's page gives it: "at once", "within 11m";
 * none: "not stated", or "does not apply" when no fault was injected or
 * none was detected (na). */
static void
cell_duration(const struct report *r, struct table_cell *cell, int64_t s, bool upper,
    bool na)
{
	char *t = fault_step_time(r, s, upper);

	if (t == NULL)
		table_cell_set(cell, report_string(r, na ? "cell_not_applicable" :
		    "not_stated"), NULL);
	else
		table_cell_take(cell, t, NULL);
	cell->numeric = true;
}

/* On success, free with table_free(). */
struct table *
faults_table(const struct computed *c)
{
	static const char *const by[] = {"faults_by_provider", "faults_by_customer",
		"faults_not_detected"};
	static const char *const later[] = {"faults_by_provider_later",
		"faults_by_customer_later", NULL};
	const struct report *r = &c->project->report;
	const struct rating **v;
	struct table *t = table_new(report_string(r, "chart_faults"), 6);
	struct table_cell *row;
	size_t n, total, i;
	char *href, *text;

	table_head(t, 0, report_string(r, "provider"), false);
	table_head(t, 1, report_string(r, "detected_by"), false);
	table_head(t, 2, report_string(r, "faults_col_detect"), true);
	table_head(t, 3, report_string(r, "faults_col_drain"), true);
	table_head(t, 4, report_string(r, "step_replaced"), true);
	table_head(t, 5, report_string(r, "automatic"), false);
	n = faults_select(c, &v, &total);
	(void)n;
	for (i = 0; i < total; i++) {
		const struct fault_test *f = v[i]->review->fault;
		bool na = f->not_injected || f->detected_by == DETECT_NONE;

		row = table_row(t);
		href = xasprintf("providers/%s/", v[i]->provider->id);
		table_cell_set(&row[0], v[i]->provider->name, href);
		free(href);
		table_cell_set(&row[1], f->not_injected ?
		    report_string(r, "faults_not_injected") :
		    f->detected_by == DETECT_UNSET ? report_string(r, "not_stated") :
		    /* first_missed: not to read as catching the first injection */
		    f->first_missed && f->detected_by != DETECT_NONE ?
		    report_string(r, later[f->detected_by]) :
		    report_string(r, by[f->detected_by]), NULL);
		if (!na && f->detect_after < 0 && (f->detected_by == DETECT_PROVIDER ||
		    f->detected_by == DETECT_CUSTOMER)) {
			/* detected, with no time: as the provider's page says it
			 * (site review 7, item 17), not "not stated" */
			table_cell_set(&row[2], report_string(r, "no_time_given"), NULL);
			row[2].numeric = true;
		} else
			cell_duration(r, &row[2], f->detect_after, f->detect_upper, na);
		cell_duration(r, &row[3], f->drain_after, f->drain_upper, na);
		if (f->replaced_from_approval && f->replaced_after >= 0) {
			table_cell_take(&row[4], replaced_words(r, f, "time_after_approval"), NULL);
			row[4].numeric = true;
		} else if (not_replaced(f)) {
			/* did not happen, as the row's label and the prose say
			 * (Oracle, Azure): not "not stated" (site review 8, item 2) */
			table_cell_set(&row[4], report_string(r, "cell_not_replaced"), NULL);
			row[4].numeric = true;
		} else
			cell_duration(r, &row[4], f->replaced_after, f->replaced_upper, na);
		table_cell_set(&row[5], f->automatic == TRI_TRUE ? report_string(r, "yes") :
		    f->automatic == TRI_FALSE ? report_string(r, "no") :
		    report_string(r, na ? "cell_not_applicable" : "not_stated"), NULL);
	}
	free(v);
	/* the rows' order, which the table does not show (reader review #21) */
	table_note_take(t, xstrdup(report_string(r, "faults_order")));
	/* the rated providers it has no row for, once */
	if ((text = faults_missing(c, TEXT_NAMED, false)) != NULL)
		table_note_take(t, text);
	return t;
}
