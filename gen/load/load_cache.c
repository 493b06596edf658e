/*
 * load_cache.c: the YAML trees of one project's files, kept between loads
 * (podium serve): a file whose bytes are the same as when it was last
 * parsed gets its tree again instead of being parsed by libyaml.
 *
 * Only a tree whose parse reported nothing is kept, so a load that takes
 * one reports exactly what a parse would have (nothing), and everything
 * built from the tree (the model, its checks and their diagnostics) is
 * built again from it as from a fresh parse. Each kept tree is a copy in
 * one block of its own, freed alone when its file changes or goes.
 */
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"

struct ycache_entry {
	char *rel;             /* the file, relative to the project */
	char *bytes;           /* what it held when parsed */
	size_t len;
	struct ynode *root;    /* its tree, in block */
	void *block;
	bool used;             /* met by the load under way */
};

struct load_cache {
	struct ycache_entry *v;
	size_t n, cap;
	struct htab by_rel;    /* hash_str(rel) -> v */
	size_t hits, parses;   /* of the last load */
	/* what the load under way (or the last) read, file by file: sorted
	 * by path at its end (load_cache_end) */
	struct load_read *reads;
	size_t nreads, capreads;
	bool (*scan)(const char *bytes, size_t len);
};

struct load_cache *
load_cache_new(void)
{
	return xcalloc(1, sizeof(struct load_cache));
}

static void
entry_free(struct ycache_entry *e)
{
	free(e->rel);
	free(e->bytes);
	free(e->block);
}

static void
reads_clear(struct load_cache *c)
{
	size_t i;

	for (i = 0; i < c->nreads; i++)
		free(c->reads[i].rel);
	c->nreads = 0;
}

void
load_cache_free(struct load_cache *c)
{
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++)
		entry_free(&c->v[i]);
	free(c->v);
	reads_clear(c);
	free(c->reads);
	htab_free(&c->by_rel);
	free(c);
}

static struct ycache_entry *
find(const struct load_cache *c, const char *rel)
{
	size_t at = 0, k;
	uint64_t h = hash_str(rel);

	while (htab_next(&c->by_rel, h, &at, &k))
		if (strcmp(c->v[k].rel, rel) == 0)
			return &c->v[k];
	return NULL;
}

const struct ynode *
load_cache_get(const struct load_cache *c, const char *rel, const char *bytes,
    size_t len)
{
	const struct ycache_entry *e = c != NULL ? find(c, rel) : NULL;

	if (e == NULL || e->len != len || memcmp(e->bytes, bytes, len) != 0)
		return NULL;
	return e->root;
}

/* The size of a copy of tree n (nodes, arrays and strings), aligned. */
#define ALIGN_UP(x) (((x) + alignof(max_align_t) - 1) / alignof(max_align_t) * \
    alignof(max_align_t))

static size_t
tree_size(const struct ynode *n)
{
	size_t s = ALIGN_UP(sizeof(*n)), i;

	if (n->str != NULL)
		s += ALIGN_UP(n->len + 1);
	if (n->src != NULL)
		s += ALIGN_UP(n->src_len + 1);
	s += ALIGN_UP(n->nitems * sizeof(*n->items));
	for (i = 0; i < n->nitems; i++)
		s += tree_size(n->items[i]);
	s += ALIGN_UP(n->npairs * sizeof(*n->pairs));
	for (i = 0; i < n->npairs; i++)
		s += tree_size(n->pairs[i].key) + tree_size(n->pairs[i].value);
	return s;
}

static void *
take(char **at, size_t n)
{
	void *p = *at;

	*at += ALIGN_UP(n);
	return p;
}

static char *
take_str(char **at, const char *s, size_t n)
{
	char *p = take(at, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static struct ynode *
tree_copy(const struct ynode *n, char **at)
{
	struct ynode *c = take(at, sizeof(*c));
	size_t i;

	*c = *n;
	if (n->str != NULL)
		c->str = take_str(at, n->str, n->len);
	if (n->src != NULL)
		c->src = take_str(at, n->src, n->src_len);
	c->items = n->nitems ? take(at, n->nitems * sizeof(*c->items)) : NULL;
	for (i = 0; i < n->nitems; i++)
		c->items[i] = tree_copy(n->items[i], at);
	c->pairs = n->npairs ? take(at, n->npairs * sizeof(*c->pairs)) : NULL;
	for (i = 0; i < n->npairs; i++) {
		c->pairs[i] = n->pairs[i];
		c->pairs[i].key = tree_copy(n->pairs[i].key, at);
		c->pairs[i].value = tree_copy(n->pairs[i].value, at);
	}
	return c;
}

struct ycache_new *
load_cache_copy(const char *rel, const char *bytes, size_t len,
    const struct ynode *root)
{
	struct ycache_new *nw = xmalloc(sizeof(*nw));
	char *at;

	nw->rel = xstrdup(rel);
	nw->bytes = xmalloc(len + 1);
	memcpy(nw->bytes, bytes, len);
	nw->bytes[len] = '\0';
	nw->len = len;
	nw->block = at = xmalloc(tree_size(root));
	nw->root = tree_copy(root, &at);
	return nw;
}

void
load_cache_used(struct load_cache *c, const char *rel)
{
	struct ycache_entry *e = find(c, rel);

	if (e != NULL)
		e->used = true;
	c->hits++;
}

void
load_cache_put(struct load_cache *c, struct ycache_new *nw)
{
	struct ycache_entry *e = find(c, nw->rel);

	if (e != NULL)
		entry_free(e);
	else {
		c->v = xgrow(c->v, sizeof(*c->v), c->n + 1, &c->cap);
		e = &c->v[c->n];
		htab_add(&c->by_rel, hash_str(nw->rel), c->n++);
	}
	e->rel = nw->rel;
	e->bytes = nw->bytes;
	e->len = nw->len;
	e->root = nw->root;
	e->block = nw->block;
	e->used = true;
	c->parses++;
	free(nw);
}

void
load_cache_drop(struct ycache_new *nw)
{
	if (nw == NULL)
		return;
	free(nw->rel);
	free(nw->bytes);
	free(nw->block);
	free(nw);
}

void
load_cache_begin(struct load_cache *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		c->v[i].used = false;
	c->hits = c->parses = 0;
	reads_clear(c);
}

static int
read_cmp(const void *a, const void *b)
{
	const struct load_read *x = a, *y = b;

	return strcmp(x->rel, y->rel);
}

/* The reads sorted by path, a file read twice made one entry (hash 0 when
 * its bytes were not the same both times). */
static void
reads_sort(struct load_cache *c)
{
	size_t i, n = 0;

	if (c->nreads > 1)
		qsort(c->reads, c->nreads, sizeof(*c->reads), read_cmp);
	for (i = 0; i < c->nreads; i++) {
		struct load_read *r = &c->reads[i];

		if (n > 0 && strcmp(c->reads[n - 1].rel, r->rel) == 0) {
			if (c->reads[n - 1].hash != r->hash)
				c->reads[n - 1].hash = 0;
			c->reads[n - 1].plain = c->reads[n - 1].plain && r->plain;
			free(r->rel);
		} else
			c->reads[n++] = *r;
	}
	c->nreads = n;
}

void
load_cache_end(struct load_cache *c)
{
	size_t i, n = 0;

	reads_sort(c);

	for (i = 0; i < c->n; i++) {
		if (!c->v[i].used)
			entry_free(&c->v[i]);
		else
			c->v[n++] = c->v[i];
	}
	if (n == c->n)
		return;
	c->n = n;
	htab_clear(&c->by_rel);
	for (i = 0; i < n; i++)
		htab_add(&c->by_rel, hash_str(c->v[i].rel), i);
}

size_t
load_cache_count(const struct load_cache *c, size_t *hits, size_t *parses)
{
	if (hits != NULL)
		*hits = c->hits;
	if (parses != NULL)
		*parses = c->parses;
	return c->n;
}

uint64_t
load_bytes_hash(const char *bytes, size_t len)
{
	uint64_t h = hash_bytes(HASH_SEED, &len, sizeof(len));

	h = hash_bytes(h, bytes, len);
	return h + (h == 0);
}

bool
load_cache_plain(const struct load_cache *c, const char *bytes, size_t len)
{
	return c->scan == NULL || c->scan(bytes, len);
}

void
load_cache_note(struct load_cache *c, const char *rel, uint64_t hash, bool plain)
{
	struct load_read *r;

	c->reads = xgrow(c->reads, sizeof(*c->reads), c->nreads + 1, &c->capreads);
	r = &c->reads[c->nreads++];
	r->rel = xstrdup(rel);
	r->hash = hash;
	r->plain = plain;
}

void
load_cache_scan(struct load_cache *c, bool (*scan)(const char *bytes, size_t len))
{
	c->scan = scan;
}

const struct load_read *
load_cache_reads(const struct load_cache *c, size_t *n)
{
	*n = c != NULL ? c->nreads : 0;
	return c != NULL ? c->reads : NULL;
}

const struct load_read *
load_cache_read_of(const struct load_cache *c, const char *rel)
{
	struct load_read key;

	if (c == NULL || c->nreads == 0)
		return NULL;
	key.rel = (char *)rel;
	return bsearch(&key, c->reads, c->nreads, sizeof(*c->reads), read_cmp);
}
