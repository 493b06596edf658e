/*
 * mustache.c: the template set. Templates are compiled once when added and
 * kept in a hash table by name; the partials and parents a template names
 * are found (or loaded) when it is added, so rendering only reads the set.
 */
#include <stdlib.h>
#include <string.h>

#include "mustache_int.h"

static uint64_t
name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

/* On success, free with mustache_set_free(). */
struct mustache_set *
mustache_set_new(mustache_loader loader, void *ctx)
{
	struct mustache_set *s = xcalloc(1, sizeof(*s));

	pthread_mutexattr_t attr;

	s->loader = loader;
	s->ctx = ctx;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&s->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	s->ntab = 64;
	s->tab = xcalloc(s->ntab, sizeof(*s->tab));
	return s;
}

static void
template_free(struct mtemplate *t)
{
	if (t == NULL)
		return;
	free(t->name);
	free(t->path);
	free(t->src);
	free(t->nodes);
	arena_free(t->arena);
	free(t);
}

void
mustache_set_free(struct mustache_set *s)
{
	struct mtemplate *t, *next;
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ntab; i++)
		for (t = s->tab[i]; t != NULL; t = next) {
			next = t->hnext;
			template_free(t);
		}
	free(s->tab);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

struct mtemplate *
mustache_find(const struct mustache_set *s, const char *name)
{
	struct mtemplate *t;

	t = s->tab[name_hash(name) & (s->ntab - 1)];
	for (; t != NULL; t = t->hnext)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

static void
set_rehash(struct mustache_set *s)
{
	size_t ntab = s->ntab * 2, i;
	struct mtemplate **tab = xcalloc(ntab, sizeof(*tab));
	struct mtemplate *t, *next;

	for (i = 0; i < s->ntab; i++)
		for (t = s->tab[i]; t != NULL; t = next) {
			size_t h = name_hash(t->name) & (ntab - 1);

			next = t->hnext;
			t->hnext = tab[h];
			tab[h] = t;
		}
	free(s->tab);
	s->tab = tab;
	s->ntab = ntab;
}

static void
set_insert(struct mustache_set *s, struct mtemplate *t)
{
	size_t h;

	if (s->n + 1 > s->ntab)
		set_rehash(s);
	h = name_hash(t->name) & (s->ntab - 1);
	t->hnext = s->tab[h];
	s->tab[h] = t;
	s->n++;
}

/*
 * Resolves the partials and parents t names, loading those not yet in the
 * set. A name found nowhere renders as nothing (the spec's rule); a named
 * template that fails to compile is an error.
 */
static int
template_resolve(struct mustache_set *s, struct mtemplate *t, struct diag *d)
{
	uint32_t i;
	int rc = 0;
	size_t before = d->nerrors;

	for (i = 0; i < t->nnodes; i++) {
		struct mnode *n = &t->nodes[i];

		if ((n->kind != MN_PARTIAL && n->kind != MN_PARENT) || n->dynamic)
			continue;
		n->ref = mustache_get(s, n->name, d);
		if (n->ref == NULL && d->nerrors > before)
			rc = -1;
	}
	return rc;
}

/*
 * Compiles and adds a template; src is taken over (malloc'd, NUL at len).
 * A template whose references fail stays in the set (others may already
 * point at it) but the call reports -1.
 */
static int
set_add_owned(struct mustache_set *s, const char *name, char *src,
    size_t len, char *path, struct diag *d, struct mtemplate **out)
{
	struct mtemplate *t = xcalloc(1, sizeof(*t));

	*out = NULL;
	t->name = xstrdup(name);
	t->path = path;
	t->src = src;
	t->len = len;
	t->arena = arena_new();
	if (mustache_parse(t, d) == -1) {
		template_free(t);
		return -1;
	}
	/* In the set before its references resolve, so cycles end. */
	set_insert(s, t);
	*out = t;
	return template_resolve(s, t, d);
}

static struct mtemplate *
get_locked(struct mustache_set *s, const char *name, struct diag *d)
{
	struct mtemplate *t = mustache_find(s, name);
	char *src = NULL, *path = NULL;
	size_t len = 0;

	if (t != NULL || s->loader == NULL)
		return t;
	if (s->loader(s->ctx, name, &src, &len, &path, d) == -1)
		return NULL;
	src = xrealloc(src, len + 1);
	src[len] = '\0';
	if (path == NULL)
		path = xstrdup(name);
	if (set_add_owned(s, name, src, len, path, d, &t) == -1)
		return NULL;
	return t;
}

/* Several threads may render at once: finding or loading a name is done
 * under the set's lock (held again, recursively, for partials). */
struct mtemplate *
mustache_get(struct mustache_set *s, const char *name, struct diag *d)
{
	struct mtemplate *t;

	pthread_mutex_lock(&s->lock);
	t = get_locked(s, name, d);
	pthread_mutex_unlock(&s->lock);
	return t;
}

struct mtemplate *
mustache_find_locked(struct mustache_set *s, const char *name)
{
	struct mtemplate *t;

	pthread_mutex_lock(&s->lock);
	t = mustache_find(s, name);
	pthread_mutex_unlock(&s->lock);
	return t;
}

int
mustache_set_add(struct mustache_set *s, const char *name, const char *src,
    size_t len, const char *path, struct diag *d)
{
	struct mtemplate *t;

	int rc;

	pthread_mutex_lock(&s->lock);
	if (mustache_find(s, name) != NULL) {
		diag_error(d, path, 0, 0, "template '%s' added twice", name);
		rc = -1;
	} else
		rc = set_add_owned(s, name, xstrndup(src, len), len,
		    xstrdup(path != NULL ? path : name), d, &t);
	pthread_mutex_unlock(&s->lock);
	return rc;
}

int
mustache_load(struct mustache_set *s, const char *name, struct diag *d)
{
	return mustache_get(s, name, d) != NULL ? 0 : -1;
}

int
mustache_render(struct mustache_set *s, const char *name, const struct tv *data,
    struct buf *out, struct diag *d)
{
	return mustache_render_sink(s, name, data, out, NULL, d);
}

int
mustache_render_sink(struct mustache_set *s, const char *name,
    const struct tv *data, struct buf *out, const struct mustache_sink *sink,
    struct diag *d)
{
	struct mtemplate *t;
	size_t before = d->nerrors;

	t = mustache_get(s, name, d);
	if (t == NULL) {
		if (d->nerrors == before)
			diag_error(d, NULL, 0, 0, "unknown template '%s'", name);
		return -1;
	}
	return mustache_render_template(s, t, data, out, sink, d);
}
