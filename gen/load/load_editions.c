/* load_editions.c: content/editions/<id>.yaml, and their order along the previous chain. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define EDITIONS_DIR "content/editions"
#define TRACKED_MAX 1000000000L

const char *const edition_keys[] = {"name", "published", "previous", "source",
    "tiers", "universe", "rubric", "targets", "findings", "claims", "partial", "corrections", NULL};
const char *const partial_keys[] = {"note", NULL};
const char *const universe_keys[] = {"tracked", NULL};
const char *const targets_keys[] = {"detect", "replace", NULL};

/* An edition while loading: where its previous was written, and its place. */
struct etmp {
	struct edition e;
	struct pos previous_pos;
	size_t prev;   /* index in the id-sorted vector, or SIZE_MAX */
	size_t order;  /* index in project.editions */
};

/* partial: {note: "..."} (or partial: true): the review list is incomplete. */
static void
partial_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e)
{
	bool b;

	if (n->kind == YNODE_MAP) {
		check_keys(l, file, n, partial_keys);
		e->partial = true;
		get_str(l, file, opt(n, "note"), "note", &e->partial_note);
	} else if (get_bool(l, file, n, "partial", &b))
		e->partial = b;
}

static void
edition_fields(struct loader *l, const char *file, const struct ynode *root, struct etmp *t)
{
	struct edition *e = &t->e;
	struct ynode *n;

	check_keys(l, file, root, edition_keys);
	get_str(l, file, need(l, file, root, "name"), "name", &e->name);
	get_date(l, file, need(l, file, root, "published"), "published", &e->published);
	if ((n = opt(root, "previous")) != NULL &&
	    get_id(l, file, n, "previous", &e->previous_id))
		t->previous_pos = node_pos(l, file, n);
	e->source = ref_source(l, file, opt(root, "source"));
	edition_tiers_load(l, file, opt(root, "tiers"), e);
	if ((n = opt(root, "universe")) != NULL && expect_map(l, file, n, "universe")) {
		check_keys(l, file, n, universe_keys);
		get_long(l, file, opt(n, "tracked"), "tracked", 0, TRACKED_MAX, &e->tracked);
	}
	if ((n = opt(root, "rubric")) != NULL)
		rubric_load(l, file, n, e);
	if ((n = opt(root, "targets")) != NULL && expect_map(l, file, n, "targets")) {
		check_keys(l, file, n, targets_keys);
		get_duration(l, file, opt(n, "detect"), "detect", &e->target_detect);
		get_duration(l, file, opt(n, "replace"), "replace", &e->target_replace);
	}
	if ((n = opt(root, "findings")) != NULL)
		findings_load(l, file, n, &e->findings, &e->nfindings);
	if ((n = opt(root, "claims")) != NULL)
		claims_load(l, file, n, e);
	if ((n = opt(root, "partial")) != NULL)
		partial_load(l, file, n, e);
	if ((n = opt(root, "corrections")) != NULL)
		corrections_load(l, file, n, &e->corrections, &e->ncorrections);
}

static void
edition_load(struct loader *l, const char *id, struct etmp *t)
{
	char *rel = xasprintf("%s/%s.yaml", EDITIONS_DIR, id);
	struct edition *e = &t->e;
	struct yfile yf;

	if (folder_id_reserved(id) != NULL)
		diag_error(l->d, rel, 0, 0, "edition '%s' would take the place of the "
		    "site's own 'editions/%s' (choose another file name)", id, id);

	memset(t, 0, sizeof(*t));
	e->id = arena_strdup(l->a, id);
	e->name = e->id;
	e->published = DATE_NONE;
	e->tracked = -1;
	e->target_detect = e->target_replace = -1;
	t->prev = SIZE_MAX;
	if (yfile_load(l, rel, &yf))
		edition_fields(l, yf.path, yf.root, t);
	else
		edition_tiers_load(l, yf.path, NULL, e);
	e->pos.file = yf.path;
	e->pos.line = e->pos.col = 1;
	yfile_release(l, &yf);
	free(rel);
}

static int
etmp_id_cmp(const void *a, const void *b)
{
	return strcmp(((const struct etmp *)a)->e.id, ((const struct etmp *)b)->e.id);
}

static size_t
etmp_find(const struct etmp *v, size_t n, const char *id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v[mid].e.id, id);

		if (c == 0)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

/* "'1.0' -> '2.0' -> '1.0'", cut after a few steps. */
static const char *
loop_text(struct loader *l, const struct etmp *v, size_t start)
{
	struct buf b = BUF_INIT;
	const char *s;
	size_t i = start, steps = 0;

	do {
		buf_printf(&b, "'%s' -> ", v[i].e.id);
		i = v[i].prev;
	} while (i != start && ++steps < 8);
	buf_printf(&b, i == start ? "'%s'" : "... -> '%s'", v[start].e.id);
	s = arena_strdup(l->a, b.data);
	buf_release(&b);
	return s;
}

/* Resolves each previous, and breaks (and reports) every loop. */
static void
previous_resolve(struct loader *l, struct etmp *v, size_t n)
{
	unsigned char *state = xcalloc(n ? n : 1, 1);
	size_t i, q, k;

	for (i = 0; i < n; i++) {
		const struct pos *at = &v[i].previous_pos;

		if (v[i].e.previous_id == NULL)
			continue;
		v[i].prev = etmp_find(v, n, v[i].e.previous_id);
		if (v[i].prev == SIZE_MAX)
			diag_error(l->d, at->file, at->line, at->col,
			    "unknown edition '%s' as 'previous'", v[i].e.previous_id);
	}
	for (i = 0; i < n; i++) {
		for (q = i; q != SIZE_MAX && state[q] == 0; q = v[q].prev)
			state[q] = 1;
		if (q != SIZE_MAX && state[q] == 1) {
			const struct pos *at = &v[q].previous_pos;

			diag_error(l->d, at->file, at->line, at->col,
			    "the 'previous' chain loops: %s", loop_text(l, v, q));
		} else
			q = SIZE_MAX;
		for (k = i; k != SIZE_MAX && state[k] == 1; k = v[k].prev)
			state[k] = 2;
		if (q != SIZE_MAX)
			v[q].prev = SIZE_MAX; /* broken after marking, so the walk ends */
	}
	free(state);
}

static int
etmp_date_cmp(const void *a, const void *b)
{
	const struct etmp *x = *(const struct etmp *const *)a, *y = *(const struct etmp *const *)b;

	if (x->e.published != y->e.published)
		return x->e.published < y->e.published ? -1 : 1;
	return strcmp(x->e.id, y->e.id);
}

/*
 * Oldest first: in (published, id) order, each edition placed after its
 * previous chain. The chains have no loops left, so every walk ends.
 */
static void
editions_order(struct loader *l, struct etmp *v, size_t n)
{
	struct project *p = l->p;
	struct etmp **byd = xmalloc((n ? n : 1) * sizeof(*byd));
	size_t *stack = xmalloc((n ? n : 1) * sizeof(*stack));
	bool *placed = xcalloc(n ? n : 1, sizeof(*placed));
	size_t i, q, sp, m = 0;

	for (i = 0; i < n; i++)
		byd[i] = &v[i];
	qsort(byd, n, sizeof(*byd), etmp_date_cmp);
	for (i = 0; i < n; i++) {
		sp = 0;
		for (q = (size_t)(byd[i] - v); q != SIZE_MAX && !placed[q]; q = v[q].prev) {
			stack[sp++] = q;
			placed[q] = true;
		}
		while (sp > 0)
			v[stack[--sp]].order = m++;
	}
	p->editions = arena_array(l->a, n ? n : 1, sizeof(*p->editions));
	for (i = 0; i < n; i++) {
		p->editions[v[i].order] = v[i].e;
		p->editions[v[i].order].index = v[i].order;
	}
	for (i = 0; i < n; i++)
		if (v[i].prev != SIZE_MAX)
			p->editions[v[i].order].previous = &p->editions[v[v[i].prev].order];
	p->neditions = n;
	free(byd);
	free(stack);
	free(placed);
}

void
editions_load(struct loader *l)
{
	struct etmp *v;
	char **names, *id;
	size_t n, i, m = 0;
	bool missing;

	if ((names = loader_list(l, EDITIONS_DIR, &n, &missing)) == NULL) {
		if (missing)
			diag_error(l->d, EDITIONS_DIR, 0, 0,
			    "folder not found: a report needs at least one edition");
		return;
	}
	v = xcalloc(n ? n : 1, sizeof(*v));
	for (i = 0; i < n; i++)
		if ((id = loader_stem(l, EDITIONS_DIR, names[i], ".yaml")) != NULL) {
			edition_load(l, id, &v[m++]);
			free(id);
		}
	strv_free(names, n);
	qsort(v, m, sizeof(*v), etmp_id_cmp);
	previous_resolve(l, v, m);
	editions_order(l, v, m);
	free(v);
}
