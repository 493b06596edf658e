/*
 * load.c: project_load(): runs the loader's parts (load_report.c, ...) in
 * order over the project, then sorts their diagnostics. The parts read
 * their files through load_files.c; nothing calls back up here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "load.h"
#include "loadpriv.h"

struct ordered {
	struct diag_entry e;
	size_t idx;
};

/* Diagnostics in file, line, column order, then as reported. */
static int
ordered_cmp(const void *a, const void *b)
{
	const struct ordered *x = a, *y = b;
	int c;

	if (x->e.file == NULL || y->e.file == NULL)
		c = (x->e.file != NULL) - (y->e.file != NULL);
	else
		c = strcmp(x->e.file, y->e.file);
	if (c != 0)
		return c;
	if (x->e.line != y->e.line)
		return x->e.line < y->e.line ? -1 : 1;
	if (x->e.col != y->e.col)
		return x->e.col < y->e.col ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static void
diag_sort_from(struct diag *d, size_t from)
{
	size_t i, n = d->n - from;
	struct ordered *v;

	if (n < 2)
		return;
	v = xmalloc(n * sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].e = d->v[from + i];
		v[i].idx = i;
	}
	qsort(v, n, sizeof(*v), ordered_cmp);
	for (i = 0; i < n; i++)
		d->v[from + i] = v[i].e;
	free(v);
}

struct project *
project_load(const char *dir, struct diag *d)
{
	return project_load_cached(dir, NULL, d);
}

struct project *
project_load_cached(const char *dir, struct load_cache *cache, struct diag *d)
{
	struct loader l;
	struct project *p;
	size_t from = d->n;
	char *content;

	memset(&l, 0, sizeof(l));
	l.dir_fd = -1;
	l.cache = cache;
	if ((l.root = realpath(dir, NULL)) == NULL) {
		diag_system(d, NULL, "cannot open project folder '%s': %s", dir,
		    strerror(errno));
		return NULL;
	}
	/* content/ there but closed to us: one system error, not one a file */
	content = path_join(dir, "content");
	if (access(content, R_OK | X_OK) == -1 && errno != ENOENT) {
		diag_system(d, "content", "cannot open: %s", strerror(errno));
		free(content);
		free(l.root);
		return NULL;
	}
	free(content);
	p = xcalloc(1, sizeof(*p));
	p->arena = arena_new();
	p->dir = arena_strdup(p->arena, dir);
	l.p = p;
	l.a = p->arena;
	l.d = d;
	if (cache != NULL)
		load_cache_begin(cache);
	if (report_load(&l)) {
		sources_load(&l);
		providers_load(&l);
		editions_load(&l);
		reviews_load(&l);
		commentary_load(&l);
		pages_load(&l);
		content_unread_check(&l);
		report_resolve(&l);
		load_checks(&l);
		project_derive(p);
	}
	diag_sort_from(d, from);
	if (cache != NULL)
		load_cache_end(cache);
	loader_release(&l);
	return p;
}
