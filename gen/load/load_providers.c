/* load_providers.c: content/providers/<id>.yaml, one rated company each. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collate.h"
#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define PROVIDERS_DIR "content/providers"

const char *const provider_builtin_keys[] = {"name", "short", "url", "aliases",
    "successor", NULL};

/* A provider while loading, with the places its references were written. */
struct ptmp {
	struct provider pr;
	struct pos successor_pos;
	struct pos *alias_pos;
};

static void
aliases_load(struct loader *l, const char *file, const struct ynode *n, struct ptmp *t)
{
	size_t i, k = 0;

	if (!expect_seq(l, file, n, "aliases"))
		return;
	t->pr.aliases = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*t->pr.aliases));
	t->alias_pos = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*t->alias_pos));
	for (i = 0; i < n->nitems; i++)
		if (get_id(l, file, n->items[i], "aliases", &t->pr.aliases[k]))
			t->alias_pos[k++] = node_pos(l, file, n->items[i]);
	t->pr.naliases = k;
}

/* Providers read and parsed at a time, over the cores. */
#define PROVIDER_BATCH 64

/* Builds provider id from its file, read and parsed (or refused) by job j. */
static void
provider_take(struct loader *l, const char *id, struct yjob *j, struct ptmp *t)
{
	struct provider *pr = &t->pr;
	struct ynode *n;

	memset(t, 0, sizeof(*t));
	pr->id = arena_strdup(l->a, id);
	pr->name = pr->id;
	diag_move(l->d, &j->d);
	if (j->yf.root != NULL) {
		const struct ynode *root = j->yf.root;
		const char *file = j->yf.path;

		pr->pos = node_pos(l, file, root);
		pr->pos.line = pr->pos.col = 1;
		check_keys(l, file, root, l->provider_known != NULL ? l->provider_known :
		    provider_builtin_keys);
		get_str(l, file, need(l, file, root, "name"), "name", &pr->name);
		get_str(l, file, opt(root, "short"), "short", &pr->short_name);
		get_url(l, file, opt(root, "url"), "url", &pr->url);
		if ((n = opt(root, "aliases")) != NULL)
			aliases_load(l, file, n, t);
		if ((n = opt(root, "successor")) != NULL &&
		    get_id(l, file, n, "successor", &pr->successor_id))
			t->successor_pos = node_pos(l, file, n);
		field_values_load(l, file, root, l->p->report.provider_fields,
		    l->p->report.nprovider_fields, &pr->fields);
	} else
		pr->pos.file = j->yf.path;
}

/* The provider files of names from *next, a batch at a time, into v. */
static void
provider_batch(struct loader *l, char **names, size_t n, size_t *next,
    struct yjob *jobs, struct ptmp *v, size_t *m)
{
	char *ids[PROVIDER_BATCH], *id, *rel;
	size_t k = 0, i;

	for (; *next < n && k < PROVIDER_BATCH; (*next)++) {
		if ((id = loader_stem(l, PROVIDERS_DIR, names[*next], ".yaml")) == NULL)
			continue;
		rel = xasprintf("%s/%s.yaml", PROVIDERS_DIR, id);
		if (folder_id_reserved(id) != NULL)
			diag_error(l->d, rel, 0, 0, "provider '%s' would take the place of the "
			    "site's own 'providers/%s' (choose another file name)", id, id);
		jobs[k].rel = arena_strdup(l->a, rel);
		free(rel);
		ids[k++] = id;
	}
	yjobs_load(l, jobs, k);
	for (i = 0; i < k; i++) {
		provider_take(l, ids[i], &jobs[i], &v[(*m)++]);
		free(ids[i]);
	}
	yjobs_reset(jobs, k);
}

static int
ptmp_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ptmp *)a)->pr.id, ((const struct ptmp *)b)->pr.id);
}

/* Every id and alias names one provider only. */
static void
aliases_check(struct loader *l, struct ptmp *v, size_t n)
{
	const char **ids;
	const struct pos **where;
	size_t *first, total = n, i, k, m;

	for (i = 0; i < n; i++)
		total += v[i].pr.naliases;
	ids = xmalloc(total * sizeof(*ids));
	where = xmalloc(total * sizeof(*where));
	first = xmalloc(total * sizeof(*first));
	for (i = 0, m = 0; i < n; i++)
		ids[m++] = v[i].pr.id;
	for (i = 0; i < n; i++)
		for (k = 0; k < v[i].pr.naliases; k++) {
			where[m] = &v[i].alias_pos[k];
			ids[m++] = v[i].pr.aliases[k];
		}
	ids_first_dup(ids, total, first);
	for (i = n; i < total; i++) {
		if (first[i] == SIZE_MAX)
			continue;
		if (first[i] < n)
			diag_error(l->d, where[i]->file, where[i]->line, where[i]->col,
			    "alias '%s' is the id of a provider", ids[i]);
		else
			diag_error(l->d, where[i]->file, where[i]->line, where[i]->col,
			    "alias '%s' is already used (%s:%u)", ids[i],
			    where[first[i]]->file, where[first[i]]->line);
	}
	free(ids);
	free(where);
	free(first);
}

static int
alias_ref_cmp(const void *a, const void *b)
{
	const struct alias_ref *x = a, *y = b;
	int c = strcmp(x->alias, y->alias);

	if (c != 0)
		return c;
	/* a repeated alias (reported) resolves to the first provider by id */
	return x->provider->index < y->provider->index ? -1 :
	    x->provider->index > y->provider->index;
}

/* p->aliases: every alias with its provider, sorted for project_provider. */
static void
alias_index(struct loader *l)
{
	struct project *p = l->p;
	size_t i, k, n = 0;

	for (i = 0; i < p->nproviders; i++)
		n += p->providers[i].naliases;
	p->aliases = arena_array(l->a, n ? n : 1, sizeof(*p->aliases));
	for (i = 0; i < p->nproviders; i++)
		for (k = 0; k < p->providers[i].naliases; k++) {
			p->aliases[p->naliases].alias = p->providers[i].aliases[k];
			p->aliases[p->naliases++].provider = &p->providers[i];
		}
	/* qsort is not stable: the comparison orders equal aliases itself */
	qsort(p->aliases, p->naliases, sizeof(*p->aliases), alias_ref_cmp);
}

static void
successors_resolve(struct loader *l, struct ptmp *v, size_t n)
{
	struct project *p = l->p;
	unsigned char *state = xcalloc(n ? n : 1, 1);
	size_t i;

	for (i = 0; i < n; i++) {
		struct provider *pr = &p->providers[i];
		const struct pos *at = &v[i].successor_pos;

		if (pr->successor_id == NULL)
			continue;
		pr->successor = project_provider(p, pr->successor_id);
		if (pr->successor == NULL)
			diag_error(l->d, at->file, at->line, at->col,
			    "unknown provider '%s' as 'successor'", pr->successor_id);
		else if (pr->successor == pr) {
			diag_error(l->d, at->file, at->line, at->col,
			    "provider '%s' cannot be its own successor", pr->id);
			pr->successor = NULL;
		}
	}
	/* successor chains must end: walk each once, marking as we go */
	for (i = 0; i < n; i++) {
		const struct provider *q, *k;

		for (q = &p->providers[i]; q != NULL && state[q->index] == 0; q = q->successor)
			state[q->index] = 1;
		if (q != NULL && state[q->index] == 1) {
			const struct pos *at = &v[q->index].successor_pos;

			diag_error(l->d, at->file, at->line, at->col,
			    "the 'successor' chain of '%s' loops", q->id);
		} else
			q = NULL;
		for (k = &p->providers[i]; k != NULL && state[k->index] == 1; k = k->successor)
			state[k->index] = 2;
		if (q != NULL)
			p->providers[q->index].successor = NULL; /* after marking */
	}
	free(state);
}

/* Each provider's place in the order a reader sees: its name collated in
 * the report's language, then its id. */
static void
providers_order(struct loader *l)
{
	struct project *p = l->p;
	size_t n = p->nproviders, i;
	const char **keys = xcalloc(n ? n : 1, sizeof(*keys));
	const char **ids = xcalloc(n ? n : 1, sizeof(*ids));
	size_t *rank = xcalloc(n ? n : 1, sizeof(*rank));

	for (i = 0; i < n; i++) {
		keys[i] = p->providers[i].name != NULL ? p->providers[i].name : p->providers[i].id;
		ids[i] = p->providers[i].id;
	}
	collate_rank(p->report.language, keys, ids, n, rank);
	p->by_name = arena_array(l->a, n ? n : 1, sizeof(*p->by_name));
	for (i = 0; i < n; i++) {
		p->providers[i].order = rank[i];
		p->by_name[rank[i]] = &p->providers[i];
	}
	free(keys);
	free(ids);
	free(rank);
}

void
providers_load(struct loader *l)
{
	struct project *p = l->p;
	struct ptmp *v;
	struct yjob *jobs;
	char **names;
	size_t n, i, m = 0, next = 0;
	bool missing;

	if ((names = loader_list(l, PROVIDERS_DIR, &n, &missing)) == NULL)
		return;
	v = xcalloc(n ? n : 1, sizeof(*v));
	jobs = xcalloc(PROVIDER_BATCH, sizeof(*jobs));
	while (next < n)
		provider_batch(l, names, n, &next, jobs, v, &m);
	yjobs_free(jobs, PROVIDER_BATCH);
	strv_free(names, n);
	qsort(v, m, sizeof(*v), ptmp_cmp);
	p->providers = arena_array(l->a, m ? m : 1, sizeof(*p->providers));
	for (i = 0; i < m; i++) {
		p->providers[i] = v[i].pr;
		p->providers[i].index = i;
	}
	p->nproviders = m;
	providers_order(l);
	alias_index(l);
	aliases_check(l, v, m);
	successors_resolve(l, v, m);
	free(v);
}
