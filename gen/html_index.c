/* html_index.c: providers/index.html, every provider with its tier in each
 * edition. The table is complete without JavaScript; assets/podium.js adds
 * sorting and the filters (by edition, tier, kind and country). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html.h"

/* Providers by name, case folded, then id: the order a reader expects. */
static int
cmp_provider(const void *a, const void *b)
{
	const struct provider *x = (*(const struct provider_view *const *)a)->provider;
	const struct provider *y = (*(const struct provider_view *const *)b)->provider;
	int r = strcasecmp(html_provider_name(x), html_provider_name(y));

	return r != 0 ? r : strcmp(x->id, y->id);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted, distinct values as a JSON array of strings. */
static json_t *
distinct(const char **v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++)
		if (i == 0 || strcmp(v[i], v[i - 1]) != 0)
			json_array_append_new(a, hj_str(v[i]));
	return a;
}

/*
 * Each tier's JSON made once and shared by every cell that shows it (the
 * table has a cell per provider and edition; nothing changes a cell's tier
 * after it is set), instead of one copy per cell.
 */
struct tier_memo {
	const struct tier *tier[32];
	json_t *json[32];
	size_t n;
};

static json_t *
tier_shared(struct tier_memo *m, const struct tier *t)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->tier[i] == t)
			return json_incref(m->json[i]);
	if (m->n == ARRAY_SIZE(m->tier))
		return hj_tier(t);
	m->tier[m->n] = t;
	m->json[m->n] = hj_tier(t);
	return json_incref(m->json[m->n++]);
}

static void
tier_memo_free(struct tier_memo *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		json_decref(m->json[i]);
	m->n = 0;
}

static json_t *
provider_row(const struct computed *c, const struct provider *pr, const char *root,
    struct tier_memo *memo)
{
	json_t *o = hj_provider_link(root, pr), *cells = json_array(), *cell;
	const struct rating *r;
	struct buf tiers = BUF_INIT;
	size_t j;

	hj_sets(o, "sort_name", html_provider_name(pr));
	hj_sets(o, "kind", provider_kind_name(pr->kind));
	hj_sets(o, "country", pr->country != NULL ? pr->country : "");
	for (j = 0; j < c->neditions; j++) {
		cell = json_object();
		r = edition_stats_rating(&c->editions[j], pr);
		if (r != NULL) {
			json_object_set_new_nocheck(cell, "tier", tier_shared(memo, r->tier));
			json_object_set_new_nocheck(cell, "rank", json_integer((json_int_t)r->tier->index));
			buf_printf(&tiers, "%s%s:%s", tiers.len ? " " : "",
			    c->editions[j].edition->id, r->tier->id);
		} else
			json_object_set_new_nocheck(cell, "rank", json_integer(999));
		json_array_append_new(cells, cell);
	}
	json_object_set_new_nocheck(o, "cells", cells);
	json_object_set_new_nocheck(o, "tiers", json_string(tiers.data));
	buf_release(&tiers);
	return o;
}

static json_t *
editions_json(const struct computed *c)
{
	json_t *a = json_array(), *o;
	size_t j;

	for (j = 0; j < c->neditions; j++) {
		o = json_object();
		hj_sets(o, "id", c->editions[j].edition->id);
		hj_sets(o, "name", c->editions[j].edition->name != NULL ?
		    c->editions[j].edition->name : c->editions[j].edition->id);
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
ladder_json(const struct report *r)
{
	json_t *a = json_array(), *o;
	size_t i;

	for (i = 0; i < r->nladder; i++) {
		o = json_object();
		hj_sets(o, "id", r->ladder[i].id);
		hj_sets(o, "name", r->ladder[i].name != NULL ? r->ladder[i].name :
		    r->ladder[i].id);
		json_array_append_new(a, o);
	}
	return a;
}

/* The index's rows, made as the page renders. */
struct index_rows {
	const struct computed *c;
	const char *root;
	size_t n;
	const struct provider *v[];
};

static json_t *
index_row(size_t i, void *arg)
{
	const struct index_rows *rows = arg;
	struct tier_memo memo = {{0}, {0}, 0};
	json_t *o = provider_row(rows->c, rows->v[i], rows->root, &memo);

	tier_memo_free(&memo);
	return o;
}

int
html_provider_index(struct html_ctx *h)
{
	const struct computed *c = h->c;
	const char *rel = "providers/index.html";
	json_t *page = hj_page(h, rel, "providers", "Providers");
	const char *root = json_string_value(json_object_get(page, "root"));
	const char **kinds = xcalloc(c->nproviders + 1, sizeof(*kinds));
	const char **countries = xcalloc(c->nproviders + 1, sizeof(*countries));
	const struct provider_view **v = xcalloc(c->nproviders + 1, sizeof(*v));
	struct index_rows *rows = xcalloc(1, sizeof(*rows) +
	    (c->nproviders + 1) * sizeof(rows->v[0]));
	const struct provider *pr;
	size_t i, nv = 0, nk = 0, nc = 0;

	for (i = 0; i < c->nproviders; i++)
		if (c->providers[i].visible)
			v[nv++] = &c->providers[i];
	qsort(v, nv, sizeof(*v), cmp_provider);
	rows->c = c;
	rows->root = root;
	for (i = 0; i < nv; i++) {
		pr = v[i]->provider;
		rows->v[rows->n++] = pr;
		kinds[nk++] = provider_kind_name(pr->kind);
		if (pr->country != NULL)
			countries[nc++] = pr->country;
	}
	free(v);
	hj_sets(page, "heading", "Providers");
	json_object_set_new_nocheck(page, "count", json_integer((json_int_t)nv));
	json_object_set_new_nocheck(page, "providers", hj_list(h, nv, index_row, rows));
	json_object_set_new_nocheck(page, "editions", editions_json(c));
	json_object_set_new_nocheck(page, "ladder", ladder_json(&h->p->report));
	json_object_set_new_nocheck(page, "kinds", distinct(kinds, nk));
	json_object_set_new_nocheck(page, "countries", distinct(countries, nc));
	free(kinds);
	free(countries);
	return html_page_write(h, "providers", page, rel);
}
