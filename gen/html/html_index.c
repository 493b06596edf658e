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
static struct tv *
distinct(const char **v, size_t n)
{
	struct tv *a = tv_array();
	size_t i;

	qsort(v, n, sizeof(*v), cmp_str);
	for (i = 0; i < n; i++)
		if (i == 0 || strcmp(v[i], v[i - 1]) != 0)
			tv_append(a, pv_str(v[i]));
	return a;
}

/*
 * Each tier's JSON made once and shared by every cell that shows it (the
 * table has a cell per provider and edition; nothing changes a cell's tier
 * after it is set), instead of one copy per cell.
 */
struct tier_memo {
	const struct tier *tier[32];
	struct tv *json[32];
	size_t n;
};

static struct tv *
tier_shared(struct tier_memo *m, const struct tier *t)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->tier[i] == t)
			return m->json[i];
	if (m->n == ARRAY_SIZE(m->tier))
		return pv_tier(t);
	m->tier[m->n] = t;
	m->json[m->n] = pv_tier(t);
	return m->json[m->n++];
}

static void
tier_memo_free(struct tier_memo *m)
{
	m->n = 0;
}

static struct tv *
provider_row(const struct computed *c, const struct provider *pr, const char *root,
    struct tier_memo *memo)
{
	struct tv *o = pv_provider_link(root, pr), *cells = tv_array(), *cell;
	const struct rating *r;
	struct buf tiers = BUF_INIT;
	size_t j;

	pv_set_str(o, "sort_name", html_provider_name(pr));
	pv_set_str(o, "kind", provider_kind_name(pr->kind));
	pv_set_str(o, "country", pr->country != NULL ? pr->country : "");
	/* newest edition first: on a phone the current one shows without scrolling */
	for (j = c->neditions; j-- > 0;) {
		cell = tv_object();
		r = edition_stats_rating(&c->editions[j], pr);
		if (r != NULL) {
			tv_set(cell, "tier", r->review->tier_uncertain != NULL ?
			    pv_rating_tier(r) : tier_shared(memo, r->tier));
			tv_set(cell, "rank", tv_int((long long)r->tier->index));
			if (tiers.len > 0)
				buf_putc(&tiers, ' ');
			buf_puts(&tiers, c->editions[j].edition->id);
			buf_putc(&tiers, ':');
			buf_puts(&tiers, r->tier->id);
		} else
			tv_set(cell, "rank", tv_int(999));
		tv_append(cells, cell);
	}
	tv_set(o, "cells", cells);
	tv_set(o, "tiers", tv_str(tiers.data));
	buf_release(&tiers);
	return o;
}

static struct tv *
editions_values(const struct computed *c)
{
	struct tv *a = tv_array(), *o;
	size_t j;

	for (j = c->neditions; j-- > 0;) {
		o = tv_object();
		pv_set_str(o, "id", c->editions[j].edition->id);
		pv_set_str(o, "name", c->editions[j].edition->name != NULL ?
		    c->editions[j].edition->name : c->editions[j].edition->id);
		tv_append(a, o);
	}
	return a;
}

static struct tv *
ladder_values(const struct report *r)
{
	struct tv *a = tv_array(), *o;
	size_t i;

	for (i = 0; i < r->nladder; i++) {
		o = tv_object();
		pv_set_str(o, "id", r->ladder[i].id);
		pv_set_str(o, "name", r->ladder[i].name != NULL ? r->ladder[i].name :
		    r->ladder[i].id);
		tv_append(a, o);
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

static struct tv *
index_row(size_t i, void *arg)
{
	const struct index_rows *rows = arg;
	struct tier_memo memo = {{0}, {0}, 0};
	struct tv *o = provider_row(rows->c, rows->v[i], rows->root, &memo);

	tier_memo_free(&memo);
	return o;
}

int
html_provider_index(struct html_ctx *h)
{
	const struct computed *c = h->c;
	const char *rel = "providers/index.html";
	struct tv *page = pv_page(h, rel, "providers", "Providers");
	const char *root = tv_str_value(tv_get(page, "root"));
	const char **kinds = xcalloc(c->nproviders + 1, sizeof(*kinds));
	const char **countries = xcalloc(c->nproviders + 1, sizeof(*countries));
	const struct provider_view **v = xcalloc(c->nproviders + 1, sizeof(*v));
	struct index_rows *rows = tv_alloc(sizeof(*rows) +
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
	pv_set_str(page, "heading", "Providers");
	tv_set(page, "count", tv_int((long long)nv));
	tv_set(page, "providers", pv_list(nv, index_row, rows));
	tv_set(page, "editions", editions_values(c));
	tv_set(page, "ladder", ladder_values(&h->p->report));
	tv_set(page, "kinds", distinct(kinds, nk));
	tv_set(page, "countries", distinct(countries, nc));
	free(kinds);
	free(countries);
	return html_page_write(h, "providers", page, rel);
}
