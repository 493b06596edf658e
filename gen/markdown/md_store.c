/*
 * md_store.c: each Markdown text's tree, parsed once per build and kept
 * for every back end (include/markdown.h). Found by the text's address:
 * the model's strings never move while a build runs.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"

struct md_entry {
	const char *src;   /* the model's text (not owned) */
	struct md_doc doc;
	bool lent;         /* doc is a tree kept between builds (md_cache_*),
	                      not the store's */
};

struct md_store {
	struct md_entry *v;
	size_t n, cap;
};

struct md_store *
md_store_new(void)
{
	return xcalloc(1, sizeof(struct md_store));
}

void
md_store_put(struct md_store *s, const char *src, struct md_doc *doc)
{
	s->v = xgrow(s->v, sizeof(*s->v), s->n + 1, &s->cap);
	s->v[s->n].src = src;
	s->v[s->n].lent = false;
	s->v[s->n++].doc = *doc;
	memset(doc, 0, sizeof(*doc));
}

void
md_store_lend(struct md_store *s, const char *src, const struct md_doc *doc)
{
	s->v = xgrow(s->v, sizeof(*s->v), s->n + 1, &s->cap);
	s->v[s->n].src = src;
	s->v[s->n].lent = true;
	s->v[s->n++].doc = *doc;
}

void
md_store_move(struct md_store *to, struct md_store *from)
{
	size_t i;

	for (i = 0; i < from->n; i++)
		if (from->v[i].lent)
			md_store_lend(to, from->v[i].src, &from->v[i].doc);
		else
			md_store_put(to, from->v[i].src, &from->v[i].doc);
	free(from->v);
	memset(from, 0, sizeof(*from));
}

static int
cmp_entry(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct md_entry *)a)->src;
	uintptr_t y = (uintptr_t)((const struct md_entry *)b)->src;

	return x < y ? -1 : x > y;
}

/*
 * cmark may turn a node's string into a C string the first time it is
 * asked for it: asked once here, before any thread reads the tree.
 */
void
md_tree_warm(cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	cmark_node *n;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		if (ev != CMARK_EVENT_ENTER)
			continue;
		n = cmark_iter_get_node(it);
		(void)cmark_node_get_literal(n);
		(void)cmark_node_get_url(n);
		(void)cmark_node_get_title(n);
		(void)cmark_node_get_fence_info(n);
		(void)cmark_node_get_on_enter(n);
		(void)cmark_node_get_on_exit(n);
	}
	cmark_iter_free(it);
}

void
md_store_seal(struct md_store *s)
{
	size_t i;

	if (s->n > 1)
		qsort(s->v, s->n, sizeof(*s->v), cmp_entry);
	/* a lent tree was warmed in the build that parsed it */
	for (i = 0; i < s->n; i++)
		if (s->v[i].doc.root != NULL && !s->v[i].lent)
			md_tree_warm(s->v[i].doc.root);
}

const struct md_doc *
md_store_find(const struct md_store *s, const char *src)
{
	struct md_entry key, *e;

	if (s == NULL || src == NULL || s->n == 0)
		return NULL;
	key.src = src;
	e = bsearch(&key, s->v, s->n, sizeof(*s->v), cmp_entry);
	return e != NULL ? &e->doc : NULL;
}

size_t
md_store_count(const struct md_store *s)
{
	return s != NULL ? s->n : 0;
}

void
md_store_free(struct md_store *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		if (!s->v[i].lent)
			md_doc_release(&s->v[i].doc);
	free(s->v);
	free(s);
}

/*
 * A thread's scope (md_scope_begin): the trees parsed in it for texts the
 * build did not keep, each in a block of its own (so that a tree handed
 * out never moves), found by the text's address.
 */
struct md_scoped {
	const char *src;
	struct md_doc doc;
};

struct md_scope {
	struct md_scoped **v;
	size_t n, cap;
};

static _Thread_local struct md_scope *scope;

void
md_scope_begin(void)
{
	if (scope == NULL)
		scope = xcalloc(1, sizeof(*scope));
}

void
md_scope_end(void)
{
	size_t i;

	if (scope == NULL)
		return;
	for (i = 0; i < scope->n; i++) {
		md_doc_release(&scope->v[i]->doc);
		free(scope->v[i]);
	}
	free(scope->v);
	free(scope);
	scope = NULL;
}

const struct md_doc *
md_doc_get(const struct computed *c, const char *src, const char *file,
    unsigned first_line, struct md_doc *own, struct diag *d)
{
	const struct md_doc *kept = md_store_find(c->texts, src);
	struct md_scoped *e;
	size_t i;

	memset(own, 0, sizeof(*own));
	if (kept != NULL)
		return kept;
	if (scope == NULL || src == NULL) {
		if (md_parse(c, src, file, first_line, own, d) != 0)
			return NULL;
		return own;
	}
	/* a scope holds one piece of work's texts: a few dozen */
	for (i = 0; i < scope->n; i++)
		if (scope->v[i]->src == src)
			return &scope->v[i]->doc;
	e = xcalloc(1, sizeof(*e));
	if (md_parse(c, src, file, first_line, &e->doc, d) != 0) {
		free(e);
		return NULL;
	}
	e->src = src;
	scope->v = xgrow(scope->v, sizeof(*scope->v), scope->n + 1, &scope->cap);
	scope->v[scope->n++] = e;
	return &e->doc;
}
