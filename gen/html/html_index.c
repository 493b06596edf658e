/* html_index.c: providers/index.html, every provider with its tier in each
 * edition. The table is complete without JavaScript; assets/podium.js adds
 * sorting and the filters (by edition, tier, and each declared provider
 * field with filter: true that some provider has a value for). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html.h"

/* Providers in reader order (provider.order: by name, collated in the
 * report's language, then id). */
static int
cmp_provider(const void *a, const void *b)
{
	const struct provider *x = (*(const struct provider_view *const *)a)->provider;
	const struct provider *y = (*(const struct provider_view *const *)b)->provider;

	return (x->order > y->order) - (x->order < y->order);
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

/* The filter fields shown: report.provider_fields with filter: true that
 * some listed provider has a value for. */
struct filter_cols {
	size_t n;
	size_t idx[]; /* into report.provider_fields */
};

/* A field's value as plain text (field_value_text), a boolean in the
 * report's words ("yes", "ja"); malloc'd, or NULL when not set. */
static char *
field_words(const struct report *r, const struct field_def *f,
    const struct field_value *v)
{
	if (v != NULL && v->set && field_types[f->type].shows == SHOWS_BOOLEAN)
		return xstrdup(report_string(r, v->boolean ? "yes" : "no"));
	return field_value_text(f, v);
}

/* A filter value as the row's data attribute: a list's items joined by '|'. */
static char *
filter_value(const struct report *r, const struct field_def *f, const struct field_value *v)
{
	struct buf b = BUF_INIT;
	size_t k;

	if (v == NULL || !v->set)
		return xstrdup("");
	if (field_types[f->type].shows != SHOWS_LIST)
		return field_words(r, f, v);
	for (k = 0; k < v->nitems; k++)
		buf_printf(&b, "%s%s", k ? "|" : "", v->items[k]);
	return buf_detach(&b, NULL);
}

static struct tv *
provider_row(const struct computed *c, const struct provider *pr, const char *root,
    struct tier_memo *memo, const struct filter_cols *fc)
{
	const struct report *rp = &c->project->report;
	struct tv *fv = tv_array(), *f;
	size_t k;
	struct tv *o = pv_provider_link(root, pr), *cells = tv_array(), *cell;
	const struct rating *r;
	struct buf tiers = BUF_INIT;
	size_t j;

	pv_set_str(o, "sort_name", html_provider_name(pr));
	pv_set_taken(o, "compare_label", report_format1(rp, "compare_item", "name",
	    html_provider_name(pr)));
	for (k = 0; k < fc->n; k++) {
		const struct field_def *d = &rp->provider_fields[fc->idx[k]];
		const struct field_value *v = pr->fields != NULL ? &pr->fields[fc->idx[k]] : NULL;

		f = tv_object();
		pv_set_lit(f, "id", d->id);
		pv_set_str(f, "name", d->name);   /* a phone's label of the cell */
		pv_set_taken(f, "data", filter_value(rp, d, v));
		pv_set_taken(f, "value", v != NULL && v->set ? field_words(rp, d, v) :
		    xstrdup(""));
		tv_append(fv, f);
	}
	tv_set(o, "filter_values", fv);
	/* newest edition first: on a phone the current one shows without scrolling */
	for (j = c->neditions; j-- > 0;) {
		cell = tv_object();
		/* the cell's label when a phone shows the row as a card */
		pv_set_str(cell, "edition", c->editions[j].edition->name != NULL ?
		    c->editions[j].edition->name : c->editions[j].edition->id);
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
		} else {
			tv_set(cell, "rank", tv_int(999));
			/* a partial edition may have reviewed it without naming it */
			pv_set_str(cell, "none", report_string(&c->project->report,
			    c->editions[j].edition->partial ? "cell_not_named" :
			    "cell_not_reviewed"));
		}
		tv_append(cells, cell);
	}
	tv_set(o, "cells", cells);
	tv_set(o, "tiers", tv_str(tiers.data));
	buf_release(&tiers);
	return o;
}

/*
 * The index's opening: how many providers it lists, and, for each partial
 * edition (newest first, as the columns are), what "not named" in its
 * column means, said once here instead of in every cell.
 */
static char *
providers_intro(const struct computed *c, size_t nv)
{
	const struct report *rp = &c->project->report;
	struct buf b = BUF_INIT;
	char *s;
	size_t j;

	s = report_format_n(rp, view_plural(rp, (double)nv,
	    "providers_count_intro_one", "providers_count_intro"), (long)nv);
	buf_puts(&b, s);
	free(s);
	for (j = c->neditions; j-- > 0;) {
		const struct edition *e = c->editions[j].edition;

		if (!e->partial)
			continue;
		s = report_format1(rp, "providers_partial_note", "edition",
		    e->name != NULL ? e->name : e->id);
		buf_putc(&b, ' ');
		buf_puts(&b, s);
		free(s);
	}
	return buf_detach(&b, NULL);
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
	const struct filter_cols *fc;
	size_t n;
	const struct provider *v[];
};

static struct tv *
index_row(size_t i, void *arg)
{
	const struct index_rows *rows = arg;
	struct tier_memo memo = {{0}, {0}, 0};
	struct tv *o = provider_row(rows->c, rows->v[i], rows->root, &memo, rows->fc);

	tier_memo_free(&memo);
	return o;
}

/* The distinct values of filter field fi among the listed providers. */
static struct tv *
filter_options(const struct report *rp, size_t fi, const struct provider *const *v, size_t n)
{
	const struct field_def *d = &rp->provider_fields[fi];
	const char **vals;
	char **owned;
	size_t i, k, m = 0, no = 0;
	struct tv *a;

	for (i = 0, k = 0; i < n; i++)
		if (v[i]->fields != NULL && v[i]->fields[fi].set)
			k += field_types[d->type].shows == SHOWS_LIST ? v[i]->fields[fi].nitems : 1;
	vals = xcalloc(k + 1, sizeof(*vals));
	owned = xcalloc(n + 1, sizeof(*owned));
	for (i = 0; i < n; i++) {
		const struct field_value *fv = v[i]->fields != NULL ? &v[i]->fields[fi] : NULL;

		if (fv == NULL || !fv->set)
			continue;
		if (field_types[d->type].shows == SHOWS_LIST) {
			for (k = 0; k < fv->nitems; k++)
				vals[m++] = fv->items[k];
		} else
			vals[m++] = owned[no++] = field_words(rp, d, fv);
	}
	a = distinct(vals, m);
	for (i = 0; i < no; i++)
		free(owned[i]);
	free(owned);
	free(vals);
	return a;
}

int
html_provider_index(struct html_ctx *h)
{
	const struct computed *c = h->c;
	const struct report *rp = &h->p->report;
	const char *rel = "providers/index.html";
	struct tv *page = pv_page(h, rel, "providers", report_string(rp, "providers"));
	const char *root = tv_str_value(tv_get(page, "root"));
	const struct provider_view **v = xcalloc(c->nproviders + 1, sizeof(*v));
	struct index_rows *rows = tv_alloc(sizeof(*rows) +
	    (c->nproviders + 1) * sizeof(rows->v[0]));
	struct filter_cols *fc = tv_alloc(sizeof(*fc) +
	    (rp->nprovider_fields + 1) * sizeof(fc->idx[0]));
	struct tv *filters = tv_array(), *f;
	size_t i, k, nv = 0;

	for (i = 0; i < c->nproviders; i++)
		if (c->providers[i].visible)
			v[nv++] = &c->providers[i];
	qsort(v, nv, sizeof(*v), cmp_provider);
	rows->c = c;
	rows->root = root;
	rows->fc = fc;
	for (i = 0; i < nv; i++)
		rows->v[rows->n++] = v[i]->provider;
	free(v);
	fc->n = 0;
	for (k = 0; k < rp->nprovider_fields; k++) {
		if (!rp->provider_fields[k].filter)
			continue;
		for (i = 0; i < rows->n; i++)
			if (rows->v[i]->fields != NULL && rows->v[i]->fields[k].set)
				break;
		if (i == rows->n)
			continue; /* no provider has one: no column */
		fc->idx[fc->n++] = k;
		f = tv_object();
		pv_set_lit(f, "id", rp->provider_fields[k].id);
		pv_set_lit(f, "name", rp->provider_fields[k].name);
		tv_set(f, "options", filter_options(rp, k, rows->v, rows->n));
		tv_append(filters, f);
	}
	pv_set_str(page, "heading", report_string(rp, "providers"));
	tv_set(page, "count", tv_int((long long)nv));
	pv_set_taken(page, "intro", providers_intro(c, nv));
	tv_set(page, "filters", filters);
	tv_set(page, "providers", pv_list(nv, index_row, rows));
	tv_set(page, "editions", editions_values(c));
	tv_set(page, "ladder", ladder_values(&h->p->report));
	return html_page_out(h, "providers", page, rel);
}
