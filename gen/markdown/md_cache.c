/*
 * md_cache.c: Markdown trees kept between builds (podium serve; markdown.h).
 * A text is known again by its bytes, its file and its first line (the
 * shortcodes' places, which a diagnostic names, come from those); its tree
 * is taken again when every shortcode in it still checks against the
 * model of the build under way, which is all md_parse asks of the model.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"

struct mc_entry {
	char *src, *file;
	unsigned first_line;
	uint64_t hash;
	struct md_doc doc;
	atomic_bool used;      /* taken or put by the build under way */
};

struct md_cache {
	pthread_rwlock_t lock; /* get reads, put writes */
	struct mc_entry **v;
	size_t n, cap;
	struct htab t;         /* hash -> v */
	atomic_size_t hits, puts;
};

struct md_cache *
md_cache_new(void)
{
	struct md_cache *mc = xcalloc(1, sizeof(*mc));

	pthread_rwlock_init(&mc->lock, NULL);
	return mc;
}

static void
entry_free(struct mc_entry *e)
{
	md_doc_release(&e->doc);
	free(e->src);
	free(e->file);
	free(e);
}

void
md_cache_free(struct md_cache *mc)
{
	size_t i;

	if (mc == NULL)
		return;
	for (i = 0; i < mc->n; i++)
		entry_free(mc->v[i]);
	free(mc->v);
	htab_free(&mc->t);
	pthread_rwlock_destroy(&mc->lock);
	free(mc);
}

static uint64_t
key_hash(const char *src, const char *file, unsigned first_line)
{
	uint64_t h = hash_bytes(HASH_SEED, src, strlen(src) + 1);

	h = hash_bytes(h, file != NULL ? file : "", file != NULL ? strlen(file) + 1 : 1);
	return hash_bytes(h, &first_line, sizeof(first_line));
}

/* The entry of the key, or NULL; the lock is held. */
static struct mc_entry *
find(const struct md_cache *mc, uint64_t h, const char *src, const char *file,
    unsigned first_line)
{
	size_t at = 0, k;
	struct mc_entry *e;

	while (htab_next(&mc->t, h, &at, &k)) {
		e = mc->v[k];
		if (e->first_line == first_line && strcmp(e->src, src) == 0 &&
		    strcmp(e->file, file != NULL ? file : "") == 0)
			return e;
	}
	return NULL;
}

const struct md_doc *
md_cache_get(struct md_cache *mc, const struct computed *c, const char *src,
    const char *file, unsigned first_line)
{
	uint64_t h = key_hash(src, file, first_line);
	struct mc_entry *e;
	struct diag scratch;
	size_t i;
	bool ok = true;

	pthread_rwlock_rdlock(&mc->lock);
	e = find(mc, h, src, file, first_line);
	pthread_rwlock_unlock(&mc->lock);
	if (e == NULL)
		return NULL;
	/* the ids the shortcodes name may have gone from the model: then it is
	 * parsed again, which says so */
	diag_init(&scratch);
	for (i = 0; i < e->doc.ncodes && ok; i++)
		ok = sc_check(c, &e->doc.codes[i], &scratch) && scratch.n == 0;
	diag_release(&scratch);
	if (!ok)
		return NULL;
	atomic_store(&e->used, true);
	atomic_fetch_add(&mc->hits, 1);
	return &e->doc;
}

const struct md_doc *
md_cache_put(struct md_cache *mc, const char *src, const char *file,
    unsigned first_line, struct md_doc *doc)
{
	uint64_t h = key_hash(src, file, first_line);
	struct mc_entry *e;
	size_t i;

	pthread_rwlock_wrlock(&mc->lock);
	if ((e = find(mc, h, src, file, first_line)) != NULL) {
		/* put by another thread meanwhile: one tree is kept */
		md_doc_release(doc);
	} else {
		if (doc->root != NULL)
			md_tree_warm(doc->root);
		e = xcalloc(1, sizeof(*e));
		e->src = xstrdup(src);
		e->file = xstrdup(file != NULL ? file : "");
		e->first_line = first_line;
		e->hash = h;
		e->doc = *doc;
		memset(doc, 0, sizeof(*doc));
		for (i = 0; i < e->doc.ncodes; i++)
			e->doc.codes[i].pos.file = e->file;
		mc->v = xgrow(mc->v, sizeof(*mc->v), mc->n + 1, &mc->cap);
		htab_add(&mc->t, h, mc->n);
		mc->v[mc->n++] = e;
	}
	atomic_store(&e->used, true);
	atomic_fetch_add(&mc->puts, 1);
	pthread_rwlock_unlock(&mc->lock);
	return &e->doc;
}

void
md_cache_begin(struct md_cache *mc)
{
	size_t i;

	for (i = 0; i < mc->n; i++)
		atomic_store(&mc->v[i]->used, false);
	atomic_store(&mc->hits, 0);
	atomic_store(&mc->puts, 0);
}

void
md_cache_end(struct md_cache *mc)
{
	size_t i, n = 0;

	for (i = 0; i < mc->n; i++) {
		if (atomic_load(&mc->v[i]->used))
			mc->v[n++] = mc->v[i];
		else
			entry_free(mc->v[i]);
	}
	if (n == mc->n)
		return;
	mc->n = n;
	htab_clear(&mc->t);
	for (i = 0; i < n; i++)
		htab_add(&mc->t, mc->v[i]->hash, i);
}

size_t
md_cache_count(const struct md_cache *mc, size_t *hits, size_t *puts)
{
	if (hits != NULL)
		*hits = atomic_load(&mc->hits);
	if (puts != NULL)
		*puts = atomic_load(&mc->puts);
	return mc->n;
}
