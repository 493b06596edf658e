/*
 * table_report.c: the report's tables (medals, movers, security, claims),
 * built from the computed model. Movement is always written as an arrow and
 * words ("↑ up 1"), never left to colour.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "table.h"
#include "util.h"

#define DASH "\xe2\x80\x94" /* U+2014, an empty cell */

static void
cell_provider(struct table_cell *c, const struct provider *p)
{
	char *href = xasprintf("providers/%s/", p->id);

	table_cell_set(c, p->name, href);
	free(href);
}

static void
cell_tier(struct table_cell *c, const struct tier *t)
{
	table_cell_set(c, t ? t->name : DASH, NULL);
	c->tier = t;
}

static void
cell_long(const struct report *r, struct table_cell *c, long v)
{
	table_cell_take(c, view_int(r, v), NULL);
	c->numeric = true;
}

/* Movement in words, with an arrow where there is a direction. */
static char *
movement_text(const struct report *r, enum move_status st, int steps,
    const struct provider *p)
{
	return move_text(r, st, true, steps,
	    p != NULL && p->successor != NULL ? p->successor->name : NULL);
}

/*
 * A rating's tier as the tables write it, marked as the site's medal table
 * marks it when the review says the tier is uncertain, with the reason on
 * a line of its own: "Bronze (tier uncertain)\nUncertain: inferred".
 */
char *
table_tier_text(const struct report *r, const struct rating *rt)
{
	const char *name = rt->tier != NULL ? rt->tier->name : DASH;

	if (rt->review == NULL || rt->review->tier_uncertain == NULL)
		return xstrdup(name);
	return xasprintf("%s %s\n%s %s", name, report_string(r, "tier_uncertain"),
	    report_string(r, "uncertain_label"), rt->review->tier_uncertain);
}

const struct rating *
table_rating_before(const struct computed *c, const struct rating *rt)
{
	const struct edition_stats *s = computed_edition(c, rt->review->edition);
	const struct rating *before;

	if (s == NULL || s->baseline == NULL || rt->previous == NULL)
		return NULL;
	before = edition_stats_rating(computed_edition(c, s->baseline), rt->provider);
	return before != NULL && before->tier == rt->previous ? before : NULL;
}

/* A tier cell of the rating r (NULL: a dash), marked when uncertain. */
static void
cell_rating(const struct report *rp, struct table_cell *c, const struct rating *r)
{
	if (r == NULL) {
		cell_tier(c, NULL);
		return;
	}
	table_cell_take(c, table_tier_text(rp, r), NULL);
	c->tier = r->tier;
}

/* Columns: tier, provider, and, with a baseline, previous tier and movement. */
struct table *
table_medals(const struct computed *c, const struct edition *e)
{
	const struct edition_stats *s = computed_edition(c, e);
	struct table *t;
	char *cap;
	size_t i;

	cap = report_format1(&c->project->report, "table_ratings_by_tier", "edition", e->name);
	t = table_new(cap, s && s->baseline ? 4 : 2);
	free(cap);
	table_head(t, 0, report_string(&c->project->report, "tier"), false);
	table_head(t, 1, report_string(&c->project->report, "provider"), false);
	if (t->ncols == 4) {
		cap = report_format1(&c->project->report, "in_edition", "edition", s->baseline->name);
		table_head(t, 2, cap, false);
		free(cap);
		table_head(t, 3, report_string(&c->project->report, "movement"), false);
	}
	for (i = 0; s && i < s->nratings; i++) {
		const struct rating *rt = &s->ratings[i];
		struct table_cell *row = table_row(t);

		cell_rating(&c->project->report, &row[0], rt);
		cell_provider(&row[1], rt->provider);
		if (t->ncols == 4) {
			if (table_rating_before(c, rt) != NULL)
				cell_rating(&c->project->report, &row[2], table_rating_before(c, rt));
			else
				cell_tier(&row[2], rt->previous);
			table_cell_take(&row[3], movement_text(&c->project->report, rt->status, rt->steps,
			    rt->provider), NULL);
		}
	}
	return t;
}

/*
 * The medal table grouped by tier (issue 27 PDF 6): a row naming the tier
 * and how many it holds, "Gold (2)", then its providers, the tier's marks
 * (uncertain) beside the provider. Without the movement column when the
 * report has a movers table (its providers are there).
 */
struct table *
table_medals_by_tier(const struct computed *c, const struct edition *e)
{
	const struct edition_stats *st = computed_edition(c, e);
	struct table *flat = table_medals(c, e), *t;
	struct table_cell *row, *from;
	size_t i, j, k, n, ncols;
	bool movers = c->has_compare && c->compare.baseline != NULL;

	if (flat == NULL || st == NULL || flat->nrows != st->nratings)
		return flat;
	ncols = flat->ncols == 4 && movers ? 2 : flat->ncols - 1;
	t = table_new(flat->caption, ncols);
	for (j = 0; j < ncols; j++)
		table_head(t, j, flat->head[j + 1].text, flat->head[j + 1].numeric);
	for (i = 0; i < flat->nrows; i = k) {
		const struct tier *tier = st->ratings[i].tier;
		/* the name the tier cells start with (a dash: no tier) */
		const char *name = tier != NULL ? tier->name : DASH, *label;

		for (k = i; k < flat->nrows && st->ratings[k].tier == tier; k++)
			;
		n = k - i;
		row = table_row(t);
		{
			char *count = view_int(&c->project->report, (long long)n);

			table_cell_take(&row[0], xasprintf("%s (%s)", name, count), NULL);
			free(count);
		}
		row[0].tier = tier;
		for (j = 1; j < ncols; j++)
			table_cell_set(&row[j], "", NULL);
		for (; i < k; i++) {
			from = &flat->cells[i * flat->ncols];
			row = table_row(t);
			/* the tier cell's marks (uncertain) after the provider */
			label = from[0].text;
			if (strncmp(label, name, strlen(name)) == 0)
				label += strlen(name);
			else
				label = "";
			table_cell_take(&row[0], xasprintf("%s%s", from[1].text, label),
			    from[1].href);
			for (j = 1; j < ncols; j++) {
				table_cell_set(&row[j], from[j + 1].text, from[j + 1].href);
				row[j].tier = from[j + 1].tier;
				row[j].numeric = from[j + 1].numeric;
			}
		}
	}
	table_free(flat);
	return t;
}

struct mover {
	const struct provider *provider;
	const struct rating *r1, *r2;
	const struct tier *t1, *t2;
	enum move_status status;
	int steps;
};

/* Was p in a rated tier in e or an edition before it? */
static bool
rated_from_start(const struct computed *c, const struct provider *p,
    const struct edition *e)
{
	const struct edition_stats *s;
	const struct rating *r;

	for (; e != NULL; e = e->previous)
		if ((s = computed_edition(c, e)) != NULL &&
		    (r = edition_stats_rating(s, p)) != NULL && r->tier->rated)
			return true;
	return false;
}

/* The same rules as SPEC 2.2, for any pair of editions. */
static void
mover_status(const struct computed *c, struct mover *m, const struct edition *from,
    const struct edition *to)
{
	const struct tier *t1 = m->t1, *t2 = m->t2;

	m->steps = 0;
	if (t2 == NULL && to->partial)
		m->status = MOVE_SAME; /* not named in a partial edition: unknown */
	else if (t2 == NULL)
		m->status = m->provider->successor ? MOVE_MERGED : MOVE_DROPPED;
	else if (t1 == NULL)
		m->status = from->partial ? MOVE_UNLISTED : MOVE_NEW;
	else if (!t1->rated && !t2->rated)
		m->status = MOVE_SAME;
	else if (!t2->rated)
		m->status = MOVE_UNRATED;
	else if (!t1->rated)
		m->status = rated_from_start(c, m->provider, from) ? MOVE_RETURNED : MOVE_FIRST;
	else {
		m->steps = (int)t1->index - (int)t2->index;
		m->status = m->steps > 0 ? MOVE_UP : m->steps < 0 ? MOVE_DOWN : MOVE_SAME;
	}
}

static int
status_rank(enum move_status s)
{
	switch (s) {
	case MOVE_UP: return 0;
	case MOVE_DOWN: return 1;
	case MOVE_UNRATED: return 2;
	case MOVE_RETURNED: return 3;
	case MOVE_FIRST: return 3;
	case MOVE_NEW: return 4;
	case MOVE_MERGED: return 5;
	case MOVE_DROPPED: return 6;
	case MOVE_UNLISTED: return 7;
	default: return 8;
	}
}

static size_t
mover_tier_index(const struct mover *m)
{
	const struct tier *t = m->t2 ? m->t2 : m->t1;

	return t ? t->index : 0;
}

/* Up, down, unrated, returned, new, merged, dropped; then by tier, then in
 * reader order (provider.order). */
static int
cmp_mover(const void *a, const void *b)
{
	const struct mover *x = a, *y = b;
	int rx = status_rank(x->status), ry = status_rank(y->status);
	size_t ix = mover_tier_index(x), iy = mover_tier_index(y);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	if (ix != iy)
		return ix < iy ? -1 : 1;
	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

/* Every provider rated in from or to, with its move; same ones left out. */
static struct mover *
movers_collect(const struct computed *c, const struct edition *from,
    const struct edition *to, size_t *n)
{
	const struct edition_stats *s1 = computed_edition(c, from);
	const struct edition_stats *s2 = computed_edition(c, to);
	const struct project *p = c->project;
	struct mover *v = xcalloc(p->nproviders ? p->nproviders : 1, sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; s1 && s2 && i < p->nproviders; i++) {
		const struct rating *r1 = edition_stats_rating(s1, &p->providers[i]);
		const struct rating *r2 = edition_stats_rating(s2, &p->providers[i]);
		struct mover *m = &v[*n];

		if (r1 == NULL && r2 == NULL)
			continue;
		m->provider = &p->providers[i];
		m->r1 = r1;
		m->r2 = r2;
		m->t1 = r1 ? r1->tier : NULL;
		m->t2 = r2 ? r2->tier : NULL;
		mover_status(c, m, from, to);
		if (m->status != MOVE_SAME)
			(*n)++;
	}
	qsort(v, *n, sizeof(*v), cmp_mover);
	return v;
}

/* The movers table's reason for a move, from move_reason() (the changes
 * page gives the same): a summary sentence as it stands; else NULL.
 * A move to a rated tier has a reason only in a sentence that names that
 * tier: one that does not ("Nebius now shares the top of the ladder with
 * CoreWeave.") is about the provider, not the move, and no "Why ...
 * moved:" heads it. malloc'd. */
static char *
mover_reason(const struct rating *rt, bool to)
{
	char *w;

	if (rt == NULL || (w = move_reason(rt->review, rt->tier, rt->previous)) == NULL)
		return NULL;
	/* to: rt is the rating moved to (a merger's is the one before, whose
	 * tier its reason need not name) */
	if (to && rt->tier != NULL && rt->tier->rated && rt->tier->name != NULL &&
	    strstr(w, rt->tier->name) == NULL) {
		free(w);
		return NULL;
	}
	return w;
}

/* "New in 3.0 (2): A and B." for the movers of status st, or nothing. */
static int
provider_order_cmp(const void *a, const void *b)
{
	const struct provider *x = *(const struct provider *const *)a;
	const struct provider *y = *(const struct provider *const *)b;

	return (x->order > y->order) - (x->order < y->order);
}

static void
movers_line(const struct computed *c, struct table *t, const struct mover *v, size_t n,
    enum move_status st, const char *key, const struct edition *from,
    const struct edition *to)
{
	const struct report *rp = &c->project->report;
	const char **names = xcalloc(n + 1, sizeof(*names));
	const struct provider **pv = xcalloc(n + 1, sizeof(*pv));
	char *list, *count;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i].status == st)
			pv[k++] = v[i].provider;
	/* a list of names in a sentence: by name, whatever their tiers */
	qsort(pv, k, sizeof(*pv), provider_order_cmp);
	for (i = 0; i < k; i++)
		names[i] = pv[i]->name;
	free(pv);
	if (k > 0) {
		list = view_list(rp, names, k);
		count = view_int(rp, (long long)k);
		table_note_take(t, report_format(rp, key,
		    (const char *[]){"edition", "from", "count", "names", NULL},
		    (const char *[]){to->name, from->name, count, list, NULL}));
		free(list);
		free(count);
	}
	free(names);
}

/* "Merged into another provider before 3.0 (1): Voltage Park (into
 * Lightning).": the mergers summed up in a line as the others are, so
 * that the lines add up (85 - 22 - 1 + 15 = 77). */
static void
movers_line_merged(const struct computed *c, struct table *t, const struct mover *v,
    size_t n, const struct edition *from, const struct edition *to)
{
	const struct report *rp = &c->project->report;
	const struct provider **pv = xcalloc(n + 1, sizeof(*pv));
	char **own = xcalloc(n + 1, sizeof(*own));
	char *list, *count;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i].status == MOVE_MERGED)
			pv[k++] = v[i].provider;
	qsort(pv, k, sizeof(*pv), provider_order_cmp);
	for (i = 0; i < k; i++)
		own[i] = pv[i]->successor != NULL ? report_format(rp, "movers_merged_item",
		    (const char *[]){"provider", "successor", NULL},
		    (const char *[]){pv[i]->name, pv[i]->successor->name, NULL}) :
		    xstrdup(pv[i]->name);
	if (k > 0) {
		list = view_list(rp, (const char *const *)own, k);
		count = view_int(rp, (long long)k);
		table_note_take(t, report_format(rp, "movers_line_merged",
		    (const char *[]){"edition", "from", "count", "names", NULL},
		    (const char *[]){to->name, from->name, count, list, NULL}));
		free(list);
		free(count);
	}
	for (i = 0; i < k; i++)
		free(own[i]);
	free(own);
	free(pv);
}

/*
 * The movers table (issue 27): a row for each provider that moved up or
 * down or merged, with the reason where its review gives one (a column
 * when most rows have one, else a note each under the table); the new,
 * the dropped, the not rated, the rated again and the rated for the first
 * time each summed up in a note
 * with their names; against a partial edition, one note says why the
 * providers it does not name show no move.
 * Columns: provider, tier in from, tier in to, movement, reason.
 */
struct table *
table_movers(const struct computed *c, const struct edition *from,
    const struct edition *to)
{
	return table_movers_opt(c, from, to, true);
}

struct table *
table_movers_opt(const struct computed *c, const struct edition *from,
    const struct edition *to, bool lines)
{
	const struct report *rp = &c->project->report;
	struct table *t;
	struct mover *v;
	char *cap;
	size_t i, n, unlisted = 0, reasons = 0, rows = 0;
	bool column;
	char **why;

	v = movers_collect(c, from, to, &n);
	why = xcalloc(n + 1, sizeof(*why));
	for (i = 0; i < n; i++)
		if (v[i].status == MOVE_UP || v[i].status == MOVE_DOWN ||
		    v[i].status == MOVE_MERGED)
			rows++, reasons += (why[i] = mover_reason(v[i].r2 != NULL ?
			    v[i].r2 : v[i].r1, v[i].r2 != NULL)) != NULL;
	/* a column of reasons when most rows have one; a few reasons are
	 * notes under the table, not a column that mostly says none */
	column = reasons > 0 && reasons * 2 >= rows;
	cap = report_format(rp, "table_movers_caption", (const char *[]){"from", "to", NULL},
	    (const char *[]){from->name, to->name, NULL});
	t = table_new(cap, column ? 5 : 4);
	free(cap);
	table_head(t, 0, report_string(rp, "provider"), false);
	table_head(t, 1, from->name, false);
	table_head(t, 2, to->name, false);
	table_head(t, 3, report_string(rp, "movement"), false);
	if (column)
		table_head(t, 4, report_string(rp, "movers_reason"), false);
	for (i = 0; i < n; i++) {
		struct table_cell *row;

		unlisted += v[i].status == MOVE_UNLISTED;
		if (v[i].status != MOVE_UP && v[i].status != MOVE_DOWN &&
		    v[i].status != MOVE_MERGED)
			continue;
		row = table_row(t);
		cell_provider(&row[0], v[i].provider);
		cell_rating(rp, &row[1], v[i].r1);
		cell_rating(rp, &row[2], v[i].r2);
		/* merged: no review in the later edition, said in words */
		if (v[i].r2 == NULL)
			table_cell_set(&row[2], report_string(rp, "cell_not_reviewed"), NULL);
		table_cell_take(&row[3], movement_text(rp, v[i].status, v[i].steps,
		    v[i].provider), NULL);
		if (column) {
			table_cell_take(&row[4], why[i] != NULL ? why[i] :
			    xstrdup(report_string(rp, "cell_no_reason")), NULL);
			why[i] = NULL;
		}
	}
	/* the few reasons, in the rows' order, each after its provider */
	for (i = 0; i < n; i++)
		if (why[i] != NULL) {
			const char *name = v[i].provider->name != NULL ?
			    v[i].provider->name : v[i].provider->id;
			size_t len = strlen(name);

			/* a reason that names its provider first stands alone:
			 * not "Voltage Park: Voltage Park merged ..." */
			if (strncmp(why[i], name, len) == 0 && (why[i][len] == ' ' ||
			    why[i][len] == '\'' ||
			    strncmp(why[i] + len, "\u2019", strlen("\u2019")) == 0))
				table_note_take(t, why[i]);
			else {
				table_note_take(t, report_format(rp, "movers_line_reason",
				    (const char *[]){"provider", "reason", NULL},
				    (const char *[]){name, why[i], NULL}));
				free(why[i]);
			}
		}
	free(why);
	if (lines) {
		movers_line(c, t, v, n, MOVE_NEW, "movers_line_new", from, to);
		movers_line(c, t, v, n, MOVE_RETURNED, "movers_line_returned", from, to);
		movers_line(c, t, v, n, MOVE_FIRST, "movers_line_first", from, to);
		movers_line(c, t, v, n, MOVE_UNRATED, "movers_line_unrated", from, to);
		movers_line(c, t, v, n, MOVE_DROPPED, "movers_line_dropped", from, to);
		movers_line_merged(c, t, v, n, from, to);
	}
	if (unlisted > 0) {
		char *count = view_int(rp, (long long)unlisted);

		table_note_take(t, report_format(rp, view_plural(rp, (double)unlisted,
		    "movers_line_unlisted_one", "movers_line_unlisted"),
		    (const char *[]){"edition", "from", "count", NULL},
		    (const char *[]){to->name, from->name, count, NULL}));
		free(count);
	}
	free(v);
	return t;
}

static const char *
tri_text(const struct report *r, enum tri v)
{
	return v == TRI_TRUE ? report_string(r, "yes") : v == TRI_FALSE ?
	    report_string(r, "no") : DASH;
}

/*
 * A public finding's particulars, in the one order the site, the tables
 * and the PDF use: "high, cross-tenant; disclosed 2025-11-01; patched
 * 2025-11-03; fix verified 2025-11-10".
 */
void
table_finding_details(const struct report *r, struct buf *b, const struct finding *f)
{
	char dur[128], *w, *d;
	size_t start = b->len;

	if (f->severity != SEV_UNSET)
		buf_puts(b, view_word(r, "severity", severity_name(f->severity)));
	/* "other" names no class: left out (issue 27, plain words) */
	if (f->cls != FCLASS_OTHER)
		buf_printf(b, "%s%s", b->len > start ? ", " : "",
		    view_word(r, "class", finding_class_name(f->cls)));
#define SEP (b->len > start ? "; " : "")
	if (f->disclosed != DATE_NONE) {
		d = view_date(r, f->disclosed);
		buf_printf(b, "%s%s %s", SEP, report_string(r, "disclosed_lc"), d);
		free(d);
	}
	if (f->patched != DATE_NONE) {
		d = view_date(r, f->patched);
		buf_printf(b, "%s%s %s", SEP, report_string(r, "patched_lc"), d);
		free(d);
	} else if (f->patched_after >= 0) {
		report_duration(r, f->patched_after, dur, sizeof(dur));
		w = report_format1(r, "after_disclosure", "time", dur);
		buf_printf(b, "%s%s %s", SEP, report_string(r, "patched_lc"), w);
		free(w);
	}
	if (f->verified != DATE_NONE) {
		d = view_date(r, f->verified);
		buf_printf(b, "%s%s %s", SEP, report_string(r, "fix_verified"), d);
		free(d);
	} else if (f->verified_flag)
		buf_printf(b, "%s%s", SEP, report_string(r, "fix_verified"));
#undef SEP
}

/* One public finding: "Title (high, cross-tenant; disclosed ...; ...)". */
static void
finding_text(const struct report *r, struct buf *b, const struct finding *f)
{
	size_t at;

	buf_printf(b, "%s (", f->title);
	at = b->len;
	table_finding_details(r, b, f);
	if (b->len > at)
		buf_putc(b, ')');
	else
		b->len = at - 2;   /* nothing to say in parentheses */
	b->data[b->len] = '\0';
}

/*
 * Public findings one a line, then a count of the others: a finding that is
 * not public shows nothing but that count (SPEC 4.3).
 */
static char *
findings_text(const struct report *r, const struct finding *f, size_t n)
{
	struct buf b = BUF_INIT;
	size_t i, hidden = 0;
	char *w;

	for (i = 0; i < n; i++) {
		if (!f[i].public) {
			hidden++;
			continue;
		}
		if (b.len)
			buf_putc(&b, '\n');
		finding_text(r, &b, &f[i]);
	}
	if (hidden) {
		if (b.len)
			buf_putc(&b, '\n');
		w = report_format_n(r, view_plural(r, (double)hidden, "undisclosed_one", "undisclosed_many"),
		    (long)hidden);
		buf_puts(&b, w);
		free(w);
	}
	if (b.len == 0)
		buf_puts(&b, report_string(r, "none_reported"));
	return buf_detach(&b, NULL);
}

/* Columns: provider, the report's declared practices, findings. */
struct table *
table_security(const struct computed *c, const struct edition *e)
{
	const struct edition_stats *s = computed_edition(c, e);
	const struct project *p = c->project;
	const struct report *rp = &p->report;
	size_t np = rp->npractices, i, k, named;
	struct table *t;
	char *cap;

	cap = report_format1(rp, "table_security_caption", "edition", e->name);
	t = table_new(cap, np + 2);
	free(cap);
	table_head(t, 0, report_string(rp, "provider"), false);
	for (k = 0; k < np; k++)
		table_head(t, k + 1, rp->practices[k].name, false);
	table_head(t, np + 1, report_string(rp, "findings"), false);
	for (i = 0; s && i < p->nproviders; i++) {
		const struct rating *rt = edition_stats_rating(s, p->by_name[i]);
		const struct review *r = rt ? rt->review : NULL;
		struct table_cell *row;

		if (r == NULL || !r->has_security)
			continue;
		row = table_row(t);
		cell_provider(&row[0], rt->provider);
		for (k = 0; k < np; k++)
			table_cell_set(&row[k + 1],
			    tri_text(rp, r->practices != NULL ? r->practices[k] : TRI_UNSET), NULL);
		table_cell_take(&row[np + 1], findings_text(rp, r->findings, r->nfindings), NULL);
	}
	named = t->nrows;
	if (e->nfindings) {
		struct table_cell *row = table_row(t);

		table_cell_set(&row[0], report_string(rp, "not_named"), NULL);
		for (i = 1; i <= np; i++)
			table_cell_set(&row[i], DASH, NULL);
		table_cell_take(&row[np + 1], findings_text(rp, e->findings, e->nfindings), NULL);
	}
	table_drop_empty_columns(t, DASH);
	/* a practice not recorded, and one that has no meaning for a
	 * finding no provider is named for: each in its own words */
	table_cells_say(t, SIZE_MAX, 0, named, DASH, report_string(rp, "not_known"));
	table_cells_say(t, SIZE_MAX, named, t->nrows, DASH,
	    report_string(rp, "cell_not_applicable"));
	return t;
}

static void
cell_figure(const struct report *r, struct table_cell *c, const struct claim *cl)
{
	if (cl->tier != NULL) {
		table_cell_set(c, cl->tier->name, NULL);
		c->tier = cl->tier;
	} else if (strcmp(cl->figure, "reviewed") == 0)
		table_cell_set(c, report_string(r, "reviewed"), NULL);
	else if (strcmp(cl->figure, "rated") == 0)
		table_cell_set(c, report_string(r, "rated"), NULL);
	else if (strcmp(cl->figure, "medals") == 0)
		table_cell_set(c, report_string(r, "medals"), NULL);
	else
		table_cell_set(c, cl->figure, NULL);
}

/* Columns: figure, stated, counted, note. */
struct table *
table_claims(const struct computed *c, const struct edition *e)
{
	const struct edition_stats *s = computed_edition(c, e);
	const struct report *rp = &c->project->report;
	struct table *t;
	char *cap;
	size_t i;

	bool notes = false;

	/* a column of notes only where a figure has one or differs: seven
	 * rows of "they agree" say it once, under the table */
	for (i = 0; s && i < s->nclaims; i++)
		notes |= s->claims[i].claim->note != NULL ||
		    s->claims[i].claim->value != s->claims[i].computed;
	cap = report_format1(rp, "table_claims_caption", "edition", e->name);
	t = table_new(cap, notes ? 4 : 3);
	free(cap);
	table_head(t, 0, report_string(rp, "figure"), false);
	table_head(t, 1, report_string(rp, "stated_head"), true);
	table_head(t, 2, report_string(rp, "counted_head"), true);
	if (notes)
		table_head(t, 3, report_string(rp, "note"), false);
	for (i = 0; s && i < s->nclaims; i++) {
		const struct claim_check *ck = &s->claims[i];
		struct table_cell *row = table_row(t);

		cell_figure(rp, &row[0], ck->claim);
		cell_long(rp, &row[1], ck->claim->value);
		cell_long(rp, &row[2], ck->computed);
		/* as the edition's page says it: the note, else whether they agree */
		if (!notes)
			continue;
		if (ck->claim->note)
			table_cell_set(&row[3], ck->claim->note, NULL);
		else
			table_cell_set(&row[3], report_string(rp, ck->claim->value == ck->computed ?
			    "they_agree" : "does_not_match"), NULL);
	}
	if (!notes && s != NULL && s->nclaims > 0)
		table_note_take(t, report_format1(rp, "claims_all_agree", "edition",
		    e->name != NULL ? e->name : e->id));
	return t;
}
