/* load_rubric.c: an edition's tiers, rubric (criteria, thresholds, floor) and claims. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

const char *const rubric_keys[] = {"scale", "criteria", "thresholds", "floor", NULL};
const char *const criterion_keys[] = {"id", "name", "weight", NULL};
const char *const threshold_keys[] = {"min", "require", NULL};
const char *const claim_keys[] = {"reviewed", "rated", "medals", "tiers", NULL};
const char *const claim_value_keys[] = {"value", "note", NULL};

#define CLAIM_MAX 1000000000L
#define SCALE_MAX 1e6

const char *
tier_list(struct loader *l, const struct tier *const *tiers, size_t n)
{
	struct buf b = BUF_INIT;
	const char *s;
	size_t i;

	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", tiers[i]->id);
	s = arena_strdup(l->a, b.data);
	buf_release(&b);
	return s;
}

/* The id of tiers (n of them) closest to s, or NULL: a "did you mean". */
static const char *
tier_guess(const char *s, const struct tier *const *tiers, size_t n)
{
	const char **ids = xcalloc(n + 1, sizeof(*ids));
	const char *guess;
	size_t i;

	for (i = 0; i < n; i++)
		ids[i] = tiers[i]->id;
	guess = closest_id(s, ids, n);
	free(ids);
	return guess;
}

const struct tier *
edition_tier(struct loader *l, const char *file, const struct edition *e,
    const struct ynode *n)
{
	const struct tier *t;
	const char *guess;

	if (n == NULL)
		return NULL;
	if (n->kind != YNODE_SCALAR) {
		diag_error(l->d, file, n->line, n->col, "a tier must be a tier id, not %s",
		    ynode_kind_name(n));
		return NULL;
	}
	t = project_tier(l->p, n->str);
	if (t != NULL && edition_has_tier(e, t))
		return t;
	if (l->p->report.nladder == 0) /* report.yaml's errors say it all */
		return NULL;
	if (t == NULL && (guess = tier_guess(n->str, e->tiers, e->ntiers)) != NULL)
		diag_error(l->d, file, n->line, n->col, "unknown tier '%s' (did you mean '%s'?)",
		    shown(l, n), guess);
	else
		diag_error(l->d, file, n->line, n->col, "unknown tier '%s' (edition '%s' uses: %s)",
		    shown(l, n), e->id, tier_list(l, e->tiers, e->ntiers));
	return NULL;
}

const struct criterion *
rubric_criterion(struct loader *l, const char *file, const struct edition *e,
    const struct ynode *n)
{
	const struct rubric *r = e->rubric;
	struct buf b = BUF_INIT;
	const char **ids, *guess;
	size_t i;

	for (i = 0; i < r->ncriteria; i++)
		if (strcmp(r->criteria[i].id, n->str) == 0)
			return &r->criteria[i];
	ids = xcalloc(r->ncriteria + 1, sizeof(*ids));
	for (i = 0; i < r->ncriteria; i++) {
		buf_printf(&b, "%s%s", i ? ", " : "", r->criteria[i].id);
		ids[i] = r->criteria[i].id;
	}
	if ((guess = closest_id(n->str, ids, r->ncriteria)) != NULL)
		diag_error(l->d, file, n->line, n->col,
		    "unknown criterion '%s' (did you mean '%s'?)", shown(l, n), guess);
	else
		diag_error(l->d, file, n->line, n->col,
		    "unknown criterion '%s' (edition '%s' has: %s)", shown(l, n), e->id, b.data);
	free(ids);
	buf_release(&b);
	return NULL;
}

static int
tierp_cmp(const void *a, const void *b)
{
	const struct tier *x = *(const struct tier *const *)a, *y = *(const struct tier *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

/* tiers: [..] (ladder ids, each once), else the whole ladder; in ladder order. */
void
edition_tiers_load(struct loader *l, const char *file, const struct ynode *n,
    struct edition *e)
{
	const struct report *r = &l->p->report;
	bool *seen;
	size_t i;

	if (n == NULL || !expect_seq(l, file, n, "tiers")) {
		e->tiers = arena_array(l->a, r->nladder ? r->nladder : 1, sizeof(*e->tiers));
		for (i = 0; i < r->nladder; i++)
			e->tiers[i] = &r->ladder[i];
		e->ntiers = r->nladder;
		return;
	}
	e->tiers = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*e->tiers));
	seen = xcalloc(r->nladder + 1, sizeof(*seen));
	for (i = 0; i < n->nitems; i++) {
		const struct ynode *it = n->items[i];
		const struct tier *t = it->kind == YNODE_SCALAR ? project_tier(l->p, it->str) : NULL;
		const struct tier *const *all = NULL;
		const char *guess;

		if (t == NULL) {
			const struct tier **v = arena_array(l->a, r->nladder + 1, sizeof(*v));
			size_t k;

			for (k = 0; k < r->nladder; k++)
				v[k] = &r->ladder[k];
			all = v;
			if (r->nladder > 0 && it->kind == YNODE_SCALAR &&
			    (guess = tier_guess(it->str, all, r->nladder)) != NULL)
				diag_error(l->d, file, it->line, it->col,
				    "unknown tier '%s' (did you mean '%s'?)", shown(l, it), guess);
			else if (r->nladder > 0)
				diag_error(l->d, file, it->line, it->col,
				    "unknown tier '%s' (the ladder has: %s)", shown(l, it),
				    tier_list(l, all, r->nladder));
			continue;
		}
		if (seen[t->index]) {
			diag_error(l->d, file, it->line, it->col, "tier '%s' is listed twice", t->id);
			continue;
		}
		seen[t->index] = true;
		e->tiers[e->ntiers++] = t;
	}
	free(seen);
	qsort(e->tiers, e->ntiers, sizeof(*e->tiers), tierp_cmp);
}

static void
criteria_load(struct loader *l, const char *file, const struct ynode *n, struct rubric *r)
{
	const char **ids;
	size_t *first, i;

	if (!expect_seq(l, file, n, "criteria"))
		return;
	if (n->nitems == 0) {
		diag_error(l->d, file, n->line, n->col, "'criteria' must list at least one criterion");
		return;
	}
	r->criteria = arena_array(l->a, n->nitems, sizeof(*r->criteria));
	ids = xcalloc(n->nitems, sizeof(*ids));
	first = xmalloc(n->nitems * sizeof(*first));
	for (i = 0; i < n->nitems; i++) {
		const struct ynode *it = n->items[i];
		struct criterion *c = &r->criteria[i];

		c->weight = 1;
		c->pos = node_pos(l, file, it);
		if (!expect_map(l, file, it, "criteria"))
			continue;
		check_keys(l, file, it, criterion_keys);
		get_str(l, file, need(l, file, it, "name"), "name", &c->name);
		get_number(l, file, opt(it, "weight"), "weight", 0, 1e6, &c->weight);
		if (c->weight == 0) {
			const struct ynode *w = ynode_get(it, "weight");

			diag_error(l->d, file, w->line, w->col, "'weight' must be more than 0");
		}
		if (get_id(l, file, need(l, file, it, "id"), "id", &c->id))
			ids[i] = c->id;
	}
	ids_first_dup(ids, n->nitems, first);
	for (i = 0; i < n->nitems; i++) {
		struct criterion *c = &r->criteria[i];

		if (ids[i] == NULL)
			continue;
		if (first[i] != SIZE_MAX)
			diag_error(l->d, file, c->pos.line, c->pos.col,
			    "duplicate criterion '%s' (first at line %u)", c->id,
			    r->criteria[first[i]].pos.line);
		else {
			if (c->name == NULL)
				c->name = c->id;
			r->criteria[r->ncriteria++] = *c;
		}
	}
	free(ids);
	free(first);
}

static void
require_load(struct loader *l, const char *file, const struct ynode *n,
    const struct edition *e, struct threshold *th)
{
	size_t i;

	if (!expect_map(l, file, n, "require"))
		return;
	th->require = arena_array(l->a, n->npairs ? n->npairs : 1, sizeof(*th->require));
	for (i = 0; i < n->npairs; i++) {
		const struct ypair *kv = &n->pairs[i];
		struct requirement *rq = &th->require[th->nrequire];

		if (kv->duplicate || (rq->criterion = rubric_criterion(l, file, e, kv->key)) == NULL)
			continue;
		rq->pos = node_pos(l, file, kv->key);
		if (get_number(l, file, kv->value, kv->key->str, 0, e->rubric->scale, &rq->min))
			th->nrequire++;
	}
}

static int
threshold_cmp(const void *a, const void *b)
{
	const struct threshold *x = a, *y = b;

	return x->tier->index < y->tier->index ? -1 : x->tier->index > y->tier->index;
}

static void
thresholds_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e)
{
	struct rubric *r = e->rubric;
	size_t i;

	if (!expect_map(l, file, n, "thresholds"))
		return;
	r->thresholds = arena_array(l->a, n->npairs ? n->npairs : 1, sizeof(*r->thresholds));
	for (i = 0; i < n->npairs; i++) {
		const struct ypair *kv = &n->pairs[i];
		struct threshold *th = &r->thresholds[r->nthresholds];

		if (kv->duplicate || (th->tier = edition_tier(l, file, e, kv->key)) == NULL)
			continue;
		th->pos = node_pos(l, file, kv->key);
		if (!expect_map(l, file, kv->value, th->tier->id))
			continue;
		check_keys(l, file, kv->value, threshold_keys);
		get_number(l, file, need(l, file, kv->value, "min"), "min", 0, 100, &th->min);
		if (opt(kv->value, "require") != NULL)
			require_load(l, file, opt(kv->value, "require"), e, th);
		r->nthresholds++;
	}
	qsort(r->thresholds, r->nthresholds, sizeof(*r->thresholds), threshold_cmp);
}

void
rubric_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e)
{
	struct rubric *r;
	struct ynode *c;

	if (!expect_map(l, file, n, "rubric"))
		return;
	r = e->rubric = arena_alloc(l->a, sizeof(*r));
	r->pos = node_pos(l, file, n);
	check_keys(l, file, n, rubric_keys);
	if (get_number(l, file, need(l, file, n, "scale"), "scale", 0, SCALE_MAX, &r->scale) &&
	    r->scale == 0) {
		c = ynode_get(n, "scale");
		diag_error(l->d, file, c->line, c->col, "'scale' must be more than 0");
	}
	/* unknown scale: check no score against it rather than report each one */
	if (!(r->scale > 0))
		r->scale = SCALE_MAX;
	if ((c = need(l, file, n, "criteria")) != NULL)
		criteria_load(l, file, c, r);
	if ((c = opt(n, "thresholds")) != NULL)
		thresholds_load(l, file, c, e);
	r->floor = edition_tier(l, file, e, need(l, file, n, "floor"));
}

/* One figure: N, or {value: N, note: "..."} to acknowledge a discrepancy. */
static bool
claim_value(struct loader *l, const char *file, const struct ynode *n, const char *what,
    struct claim *c)
{
	if (n->kind != YNODE_MAP)
		return get_long(l, file, n, what, 0, CLAIM_MAX, &c->value);
	check_keys(l, file, n, claim_value_keys);
	get_str(l, file, need(l, file, n, "note"), "note", &c->note);
	return get_long(l, file, need(l, file, n, "value"), "value", 0, CLAIM_MAX, &c->value) &&
	    c->note != NULL;
}

static void
claim_tiers_load(struct loader *l, const char *file, const struct ynode *n,
    struct edition *e, size_t cap)
{
	size_t i;

	if (!expect_map(l, file, n, "tiers"))
		return;
	for (i = 0; i < n->npairs && e->nclaims < cap; i++) {
		const struct ypair *kv = &n->pairs[i];
		struct claim *c = &e->claims[e->nclaims];

		if (kv->duplicate || (c->tier = edition_tier(l, file, e, kv->key)) == NULL)
			continue;
		c->figure = arena_printf(l->a, "tiers.%s", c->tier->id);
		c->pos = node_pos(l, file, kv->value);
		if (claim_value(l, file, kv->value, c->figure, c))
			e->nclaims++;
	}
}

void
claims_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e)
{
	size_t i, cap;
	struct ynode *t;

	if (!expect_map(l, file, n, "claims"))
		return;
	check_keys(l, file, n, claim_keys);
	t = opt(n, "tiers");
	cap = n->npairs + (t != NULL && t->kind == YNODE_MAP ? t->npairs : 0);
	e->claims = arena_array(l->a, cap ? cap : 1, sizeof(*e->claims));
	for (i = 0; i < n->npairs; i++) {
		const struct ypair *kv = &n->pairs[i];
		struct claim *c = &e->claims[e->nclaims];
		const char *k = kv->key->str;

		if (kv->duplicate || ynode_is_null(kv->value))
			continue;
		if (strcmp(k, "tiers") == 0) {
			claim_tiers_load(l, file, kv->value, e, cap);
			continue;
		}
		if (strcmp(k, "reviewed") != 0 && strcmp(k, "rated") != 0 &&
		    strcmp(k, "medals") != 0)
			continue;
		c->figure = arena_strdup(l->a, k);
		c->pos = node_pos(l, file, kv->value);
		if (claim_value(l, file, kv->value, k, c))
			e->nclaims++;
	}
}
