/*
 * changes.c: what changed in each edition against its previous (SPEC 5.3,
 * issue 28 item 2), once for every output: the providers whose standing
 * changed, by kind of move, and what changed in the tiers the edition
 * uses, its rubric and its thresholds. The words are the view's
 * (gen/viewdoc/view_changes.c); this file only decides what moved.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "util.h"

/* The kind of change a rating's status is, or -1 for none (same, unlisted). */
static int
change_kind_of(enum move_status s)
{
	switch (s) {
	case MOVE_UP: return CHANGE_UP;
	case MOVE_DOWN: return CHANGE_DOWN;
	case MOVE_NEW: return CHANGE_NEW;
	case MOVE_DROPPED: return CHANGE_DROPPED;
	case MOVE_MERGED: return CHANGE_MERGED;
	case MOVE_UNRATED: return CHANGE_UNRATED;
	case MOVE_RETURNED: return CHANGE_RETURNED;
	case MOVE_FIRST: return CHANGE_FIRST;
	case MOVE_SAME:
	case MOVE_UNLISTED:
		break;
	}
	return -1;
}

/* The next change of kind (its array sized by moves_count). */
static struct change *
change_add(struct edition_changes *ec, int kind, const struct provider *p)
{
	struct change *o;

	o = &ec->v[kind][ec->n[kind]++];
	memset(o, 0, sizeof(*o));
	o->provider = p;
	ec->total++;
	return o;
}

static int
change_cmp(const void *a, const void *b)
{
	const struct change *x = a, *y = b;

	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

/* Each kind's array, sized for the changes of that kind in s. */
static void
moves_alloc(struct edition_changes *ec, const struct edition_stats *s)
{
	size_t n[CHANGE_NKINDS] = {0}, i;
	int k;

	for (i = 0; i < s->nratings; i++)
		if ((k = change_kind_of(s->ratings[i].status)) >= 0)
			n[k]++;
	for (i = 0; i < s->ngone; i++)
		if ((k = change_kind_of(s->gone[i].status)) >= 0)
			n[k]++;
	for (k = 0; k < CHANGE_NKINDS; k++)
		ec->v[k] = xcalloc(n[k] + 1, sizeof(*ec->v[k]));
}

/* Whether the sentence w names the tier t. */
static bool
names_tier(const char *w, const struct tier *t)
{
	return t != NULL && t->name != NULL && strstr(w, t->name) != NULL;
}

/* Does the sentence s (n bytes) name the tier t in at most eight words, or
 * both the tier before and t in at most twelve? Then it only restates the
 * move ("Moved down to Bronze in 3.0.", "Moved from Gold in 2.0 to
 * Unavailable in 3.0."). */
static bool
restates(const char *s, size_t n, const struct tier *t, const struct tier *before)
{
	char *w = xstrndup(s, n);
	size_t words = 1, i;
	bool names = names_tier(w, t), both = names && names_tier(w, before);

	for (i = 0; i < n; i++)
		words += s[i] == ' ';
	free(w);
	return (names && words <= 8) || (both && words <= 12);
}

/* The opening sentence of summary s, as plain text, if it says more than
 * a move from before to t; else NULL (it only restates the move, or it is
 * written with Markdown markup: a table cell and a list item give it
 * alike). malloc'd. */
static char *
summary_reason(const char *s, const struct tier *t, const struct tier *before)
{
	const char *p = s, *end;
	char *w, *q;
	size_t n;

	if (p == NULL)
		return NULL;
	while (*p == ' ' || *p == '\n')
		p++;
	/* a sentence ends at ". " (or "! ", "? ") or at the end */
	for (end = p; *end != '\0'; end++)
		if (strchr(".!?", *end) != NULL && (end[1] == ' ' || end[1] == '\n' ||
		    end[1] == '\0')) {
			end++;
			break;
		}
	n = (size_t)(end - p);
	if (n == 0 || restates(p, n, t, before))
		return NULL;
	w = xstrndup(p, n);
	if (strpbrk(w, "{[*_`<\\") != NULL) {
		free(w);
		return NULL;   /* written with markup */
	}
	for (q = w; *q != '\0'; q++)
		if (*q == '\n')
			*q = ' ';
	return w;
}

char *
move_reason(const struct review *rv, const struct tier *t, const struct tier *before)
{
	return rv != NULL ? summary_reason(rv->summary, t, before) : NULL;
}

/* The ratings that moved, and the providers gone since the baseline. */
static void
moves_compute(struct edition_changes *ec, const struct edition_stats *s)
{
	struct change *o;
	size_t i;
	int k;

	moves_alloc(ec, s);
	for (i = 0; i < s->nratings; i++) {
		const struct rating *rt = &s->ratings[i];

		if ((k = change_kind_of(rt->status)) < 0)
			continue;
		o = change_add(ec, k, rt->provider);
		o->before = rt->previous;
		o->after = rt->tier;
		o->steps = rt->steps;
		o->has_steps = rt->has_steps;
		o->review = rt->review;
		o->earlier = edition_review(s->baseline, rt->provider);
		o->reason = move_reason(rt->review, rt->tier, rt->previous);
	}
	for (i = 0; i < s->ngone; i++) {
		if ((k = change_kind_of(s->gone[i].status)) < 0)
			continue;
		o = change_add(ec, k, s->gone[i].provider);
		o->before = s->gone[i].previous;
		o->earlier = edition_review(s->baseline, s->gone[i].provider);
	}
	for (k = 0; k < CHANGE_NKINDS; k++)
		if (ec->n[k] > 1)
			qsort(ec->v[k], ec->n[k], sizeof(*ec->v[k]), change_cmp);
}

static struct rule_change *
rule_add(struct edition_changes *ec, enum rule_change_kind kind)
{
	struct rule_change *o;

	ec->rules = xrealloc(ec->rules, (ec->nrules + 1) * sizeof(*o));
	o = &ec->rules[ec->nrules++];
	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->from = o->to = NAN;
	return o;
}

/* Tiers the edition uses that the baseline did not, and the other way. */
static void
tiers_compare(struct edition_changes *ec, const struct edition *e, const struct edition *b)
{
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		if (!edition_has_tier(b, e->tiers[i]))
			rule_add(ec, RULE_TIER_ADDED)->tier = e->tiers[i];
	for (i = 0; i < b->ntiers; i++)
		if (!edition_has_tier(e, b->tiers[i]))
			rule_add(ec, RULE_TIER_REMOVED)->tier = b->tiers[i];
}

static const struct criterion *
criterion_by_id(const struct rubric *rb, const char *id)
{
	size_t i;

	for (i = 0; i < rb->ncriteria; i++)
		if (strcmp(rb->criteria[i].id, id) == 0)
			return &rb->criteria[i];
	return NULL;
}

/* A threshold's requirement on criterion id, or NAN. */
static double
require_of(const struct threshold *t, const char *id)
{
	size_t i;

	for (i = 0; t != NULL && i < t->nrequire; i++)
		if (strcmp(t->require[i].criterion->id, id) == 0)
			return t->require[i].min;
	return NAN;
}

static bool
differ(double a, double b)
{
	return isnan(a) != isnan(b) || (!isnan(a) && a != b);
}

static void
criteria_compare(struct edition_changes *ec, const struct rubric *r, const struct rubric *b)
{
	const struct criterion *old;
	struct rule_change *o;
	size_t i;

	if (r->scale != b->scale) {
		o = rule_add(ec, RULE_SCALE);
		o->from = b->scale;
		o->to = r->scale;
	}
	for (i = 0; i < r->ncriteria; i++) {
		if ((old = criterion_by_id(b, r->criteria[i].id)) == NULL) {
			rule_add(ec, RULE_CRITERION_ADDED)->criterion = &r->criteria[i];
		} else if (old->weight != r->criteria[i].weight) {
			o = rule_add(ec, RULE_WEIGHT);
			o->criterion = &r->criteria[i];
			o->from = old->weight;
			o->to = r->criteria[i].weight;
		}
	}
	for (i = 0; i < b->ncriteria; i++)
		if (criterion_by_id(r, b->criteria[i].id) == NULL)
			rule_add(ec, RULE_CRITERION_REMOVED)->criterion = &b->criteria[i];
}

/* One tier's threshold: its minimum, then each criterion it requires. */
static void
threshold_compare(struct edition_changes *ec, const struct tier *t, const struct rubric *r,
    const struct rubric *b)
{
	const struct threshold *tn = rubric_threshold(r, t), *tb = rubric_threshold(b, t);
	struct rule_change *o;
	size_t i;

	if (differ(tn != NULL ? tn->min : NAN, tb != NULL ? tb->min : NAN)) {
		o = rule_add(ec, RULE_MIN);
		o->tier = t;
		o->from = tb != NULL ? tb->min : NAN;
		o->to = tn != NULL ? tn->min : NAN;
	}
	for (i = 0; i < r->ncriteria; i++) {
		double a = require_of(tb, r->criteria[i].id), z = require_of(tn, r->criteria[i].id);

		if (!differ(a, z))
			continue;
		o = rule_add(ec, RULE_REQUIRE);
		o->tier = t;
		o->criterion = &r->criteria[i];
		o->from = a;
		o->to = z;
	}
}

static void
rubric_compare(struct edition_changes *ec, const struct project *p,
    const struct edition *e, const struct edition *b)
{
	const struct rubric *r = e->rubric, *rb = b->rubric;
	struct rule_change *o;
	size_t i;

	if (r == NULL && rb == NULL)
		return;
	if (r == NULL || rb == NULL) {
		rule_add(ec, r != NULL ? RULE_RUBRIC_ADDED : RULE_RUBRIC_DROPPED);
		return;
	}
	criteria_compare(ec, r, rb);
	for (i = 0; i < p->report.nladder; i++)
		threshold_compare(ec, &p->report.ladder[i], r, rb);
	if (r->floor != rb->floor) {
		o = rule_add(ec, RULE_FLOOR);
		o->tier = r->floor;
		o->earlier = rb->floor;
	}
}

void
changes_compute(struct computed *c)
{
	const struct project *p = c->project;
	size_t i;

	c->changes = xcalloc(c->neditions + 1, sizeof(*c->changes));
	for (i = 0; i < c->neditions; i++) {
		struct edition_changes *ec = &c->changes[i];
		const struct edition_stats *s = &c->editions[i];

		ec->edition = s->edition;
		ec->baseline = s->baseline;
		if (s->baseline == NULL || s->edition->partial || s->baseline->partial)
			continue;
		ec->computed = true;
		moves_compute(ec, s);
		tiers_compare(ec, s->edition, s->baseline);
		rubric_compare(ec, p, s->edition, s->baseline);
	}
}

void
changes_free(struct computed *c)
{
	size_t i;
	int k;

	for (i = 0; c->changes != NULL && i < c->neditions; i++) {
		for (k = 0; k < CHANGE_NKINDS; k++) {
			size_t j;

			for (j = 0; j < c->changes[i].n[k]; j++)
				free(c->changes[i].v[k][j].reason);
			free(c->changes[i].v[k]);
		}
		free(c->changes[i].rules);
	}
	free(c->changes);
	c->changes = NULL;
}

const struct edition_changes *
computed_changes(const struct computed *c, const struct edition *e)
{
	if (c->changes == NULL || e == NULL || e->index >= c->neditions)
		return NULL;
	return &c->changes[e->index];
}
