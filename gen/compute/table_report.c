/*
 * table_report.c: the report's tables (medals, movers, security, claims),
 * built from the computed model. Movement is always written as an arrow and
 * words ("↑ up 1"), never left to colour.
 */
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

/* Up, down, unrated, returned, new, merged, dropped; then by tier, then id. */
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
	return strcmp(x->provider->id, y->provider->id);
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

/* Columns: provider, tier in from, tier in to, movement. */
struct table *
table_movers(const struct computed *c, const struct edition *from,
    const struct edition *to)
{
	struct table *t;
	struct mover *v;
	char *cap;
	size_t i, n;

	cap = report_format(&c->project->report, "table_movers_caption", (const char *[]){"from", "to", NULL},
	    (const char *[]){from->name, to->name, NULL});
	t = table_new(cap, 4);
	free(cap);
	table_head(t, 0, report_string(&c->project->report, "provider"), false);
	table_head(t, 1, from->name, false);
	table_head(t, 2, to->name, false);
	table_head(t, 3, report_string(&c->project->report, "movement"), false);
	v = movers_collect(c, from, to, &n);
	for (i = 0; i < n; i++) {
		struct table_cell *row = table_row(t);

		cell_provider(&row[0], v[i].provider);
		cell_rating(&c->project->report, &row[1], v[i].r1);
		cell_rating(&c->project->report, &row[2], v[i].r2);
		table_cell_take(&row[3], movement_text(&c->project->report, v[i].status, v[i].steps,
		    v[i].provider), NULL);
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

	if (f->severity != SEV_UNSET)
		buf_printf(b, "%s, ", view_word(r, "severity", severity_name(f->severity)));
	buf_puts(b, view_word(r, "class", finding_class_name(f->cls)));
	if (f->disclosed != DATE_NONE) {
		d = view_date(r, f->disclosed);
		buf_printf(b, "; %s %s", report_string(r, "disclosed_lc"), d);
		free(d);
	}
	if (f->patched != DATE_NONE) {
		d = view_date(r, f->patched);
		buf_printf(b, "; %s %s", report_string(r, "patched_lc"), d);
		free(d);
	} else if (f->patched_after >= 0) {
		report_duration(r, f->patched_after, dur, sizeof(dur));
		w = report_format1(r, "after_disclosure", "time", dur);
		buf_printf(b, "; %s %s", report_string(r, "patched_lc"), w);
		free(w);
	}
	if (f->verified != DATE_NONE) {
		d = view_date(r, f->verified);
		buf_printf(b, "; %s %s", report_string(r, "fix_verified"), d);
		free(d);
	} else if (f->verified_flag)
		buf_printf(b, "; %s", report_string(r, "fix_verified"));
}

/* One public finding: "Title (high, cross-tenant; disclosed ...; ...)". */
static void
finding_text(const struct report *r, struct buf *b, const struct finding *f)
{
	buf_printf(b, "%s (", f->title);
	table_finding_details(r, b, f);
	buf_putc(b, ')');
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
	size_t np = rp->npractices, i, k;
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
		const struct rating *rt = edition_stats_rating(s, &p->providers[i]);
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
	if (e->nfindings) {
		struct table_cell *row = table_row(t);

		table_cell_set(&row[0], report_string(rp, "not_named"), NULL);
		for (i = 1; i <= np; i++)
			table_cell_set(&row[i], DASH, NULL);
		table_cell_take(&row[np + 1], findings_text(rp, e->findings, e->nfindings), NULL);
	}
	table_drop_empty_columns(t, DASH);
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

	cap = report_format1(rp, "table_claims_caption", "edition", e->name);
	t = table_new(cap, 4);
	free(cap);
	table_head(t, 0, report_string(rp, "figure"), false);
	table_head(t, 1, report_string(rp, "stated_head"), true);
	table_head(t, 2, report_string(rp, "counted_head"), true);
	table_head(t, 3, report_string(rp, "note"), false);
	for (i = 0; s && i < s->nclaims; i++) {
		const struct claim_check *ck = &s->claims[i];
		struct table_cell *row = table_row(t);

		cell_figure(rp, &row[0], ck->claim);
		cell_long(rp, &row[1], ck->claim->value);
		cell_long(rp, &row[2], ck->computed);
		/* as the edition's page says it: the note, else whether they agree */
		if (ck->claim->note)
			table_cell_set(&row[3], ck->claim->note, NULL);
		else
			table_cell_set(&row[3], report_string(rp, ck->claim->value == ck->computed ?
			    "they_agree" : "does_not_match"), NULL);
	}
	return t;
}
