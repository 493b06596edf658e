/*
 * mustache.c: the template set. Templates are compiled once when added and
 * kept in a hash table by name; the partials and parents a template names
 * are found (or loaded) when it is added, so rendering only reads the set.
 */
#include <stdlib.h>
#include <string.h>

#include "mustache_int.h"
#include "resources.h"

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
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		template_free(s->v[i]);
	free(s->v);
	htab_free(&s->by_name);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

struct mtemplate *
mustache_find(const struct mustache_set *s, const char *name)
{
	uint64_t h = hash_str(name);
	size_t at = 0, k;

	while (htab_next(&s->by_name, h, &at, &k))
		if (strcmp(s->v[k]->name, name) == 0)
			return s->v[k];
	return NULL;
}

static void
set_insert(struct mustache_set *s, struct mtemplate *t)
{
	s->v = xgrow(s->v, sizeof(*s->v), s->n + 1, &s->cap);
	s->v[s->n] = t;
	htab_add(&s->by_name, hash_str(t->name), s->n);
	s->n++;
}

/*
 * Resolves the partials and parents t names, loading those not yet in the
 * set. A name found nowhere renders as nothing (the spec's rule) and is a
 * warning at the tag (an error with --strict); a named template that fails
 * to compile is an error.
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
		else if (n->ref == NULL)
			diag_warning(d, t->path, n->line, n->col, "no template '%s' for "
			    "this %s", n->name, n->kind == MN_PARENT ? "parent" : "partial");
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

/* The name segments the built-in templates use: values podium gives. */
struct vocab {
	struct arena *a;
	const char **v;
	size_t n, cap;
};

static void
vocab_fill(struct vocab *vb, struct diag *d)
{
	size_t i, k;
	uint32_t j;

	for (i = 0; resources[i].name != NULL; i++) {
		const char *name = resources[i].name;
		size_t len = strlen(name);
		struct mtemplate t;

		if (strncmp(name, "templates/", 10) != 0 || len < 9 ||
		    strcmp(name + len - 9, ".mustache") != 0)
			continue;
		memset(&t, 0, sizeof(t));
		t.name = t.path = (char *)name;
		t.src = xstrndup(resources[i].data, resources[i].len);
		t.len = resources[i].len;
		t.arena = arena_new();
		if (mustache_parse(&t, d) == 0)
			for (j = 0; j < t.nnodes; j++)
				for (k = 0; k < t.nodes[j].nseg; k++) {
					vb->v = xgrow(vb->v, sizeof(*vb->v), vb->n + 1, &vb->cap);
					vb->v[vb->n++] = arena_strndup(vb->a, t.nodes[j].seg[k],
					    t.nodes[j].seglen[k]);
				}
		free(t.src);
		free(t.nodes);
		arena_free(t.arena);
	}
}

static bool
vocab_has(const struct vocab *vb, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < vb->n; i++)
		if (strlen(vb->v[i]) == len && memcmp(vb->v[i], s, len) == 0)
			return true;
	return false;
}

/* Is every part of n's name one the built-in templates use? */
static bool
vocab_knows(struct vocab *vb, const struct mnode *n, struct diag *d)
{
	uint32_t k;

	if (vb->a == NULL) {
		vb->a = arena_new();
		vocab_fill(vb, d);
	}
	for (k = 0; k < n->nseg; k++)
		if (!vocab_has(vb, n->seg[k], n->seglen[k]))
			return false;
	return true;
}

void
mustache_names_check(struct mustache_set *s, struct diag *d)
{
	struct mtemplate **v = NULL, *t;
	struct vocab vb;
	size_t nv = 0, cap = 0, i, k;
	uint32_t j;

	memset(&vb, 0, sizeof(vb));
	pthread_mutex_lock(&s->lock);
	for (i = 0; i < s->n; i++) {
		v = xgrow(v, sizeof(*v), nv + 1, &cap);
		v[nv++] = s->v[i];
	}
	/* in the order of their names, whatever the order they were added in */
	for (i = 1; i < nv; i++)
		for (k = i; k > 0 && strcmp(v[k - 1]->path, v[k]->path) > 0; k--) {
			t = v[k];
			v[k] = v[k - 1];
			v[k - 1] = t;
		}
	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i]->nnodes; j++) {
			struct mnode *n = &v[i]->nodes[j];

			if (n->kind != MN_VAR && n->kind != MN_RAW &&
			    n->kind != MN_SECTION && n->kind != MN_INVERTED)
				continue;
			if (atomic_load_explicit(&n->seen, memory_order_relaxed) == MNODE_LOOKED &&
			    !vocab_knows(&vb, n, d))
				diag_warning(d, v[i]->path, n->line, n->col,
				    "no template value named '%s'", n->name);
		}
	pthread_mutex_unlock(&s->lock);
	free(v);
	free(vb.v);
	arena_free(vb.a);
}

int
mustache_load(struct mustache_set *s, const char *name, struct diag *d)
{
	return mustache_get(s, name, d) != NULL ? 0 : -1;
}
