/*
 * load_pages.c: content/pages/<id>.md, pages of the report's own (about, a
 * FAQ) with YAML front matter, built at site/<id>/index.html; and the check
 * that names what under content/ podium does not read.
 */
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"
#include "resources.h"

#define PAGES_DIR "content/pages"
#define ORDER_MAX 1000000000L

static const char *const page_keys[] = {"title", "nav", "order", "layout", "pdf", NULL};

/* What podium reads under content/. */
static const char *const content_known[] = {"report.yaml", "sources.yaml", "editions",
    "providers", "reviews", "commentary", "pages", NULL};

/* A template name: what templates/NAME.mustache may be called. */
static bool
layout_valid(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > 64)
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-' || s[i] == '_'))
			return false;
	return true;
}

/* A template of that name: the project's own, or a built-in one. */
static bool
layout_exists(struct loader *l, const char *name)
{
	char *rel = xasprintf("templates/%s.mustache", name);
	bool found = resource_find(rel) != NULL || loader_exists(l, rel);

	free(rel);
	return found;
}

static void
page_front(struct loader *l, const char *file, const struct ynode *root, void *ctx)
{
	struct page *pg = ctx;
	const struct ynode *n;

	check_keys(l, file, root, page_keys);
	get_str(l, file, need(l, file, root, "title"), "title", &pg->title);
	get_bool(l, file, opt(root, "nav"), "nav", &pg->nav);
	get_long(l, file, opt(root, "order"), "order", -ORDER_MAX, ORDER_MAX, &pg->order);
	get_bool(l, file, opt(root, "pdf"), "pdf", &pg->pdf);
	if ((n = opt(root, "layout")) != NULL) {
		if (n->kind != YNODE_SCALAR || !layout_valid(n->str))
			diag_error(l->d, file, n->line, n->col,
			    "'layout' must be a template name ([a-z0-9_-]+, for "
			    "templates/NAME.mustache), not '%s'", shown(l, n));
		else if (!layout_exists(l, n->str))
			diag_error(l->d, file, n->line, n->col,
			    "unknown layout '%s' (no templates/%s.mustache in the project, "
			    "nor built in)", n->str, n->str);
		else
			pg->layout = arena_strdup(l->a, n->str);
	}
}

static bool
page_load(struct loader *l, const char *id, struct page *pg)
{
	char *rel = xasprintf("%s/%s.md", PAGES_DIR, id);
	struct buf b = BUF_INIT;
	bool ok = false;

	memset(pg, 0, sizeof(*pg));
	pg->id = arena_strdup(l->a, id);
	pg->pos.file = arena_strdup(l->a, rel);
	pg->pos.line = pg->pos.col = 1;
	if (page_id_reserved(id) != NULL) {
		diag_error(l->d, pg->pos.file, 0, 0,
		    "page '%s' would take the place of the site's own '%s' "
		    "(choose another file name)", id, id);
		free(rel);
		return false;
	}
	if (loader_read(l, rel, &b))
		ok = md_file_parse(l, pg->pos.file, &b, page_front, pg, &pg->body,
		    &pg->body_line);
	if (pg->title == NULL)
		pg->title = pg->id;
	buf_release(&b);
	free(rel);
	return ok;
}

static int
page_cmp(const void *a, const void *b)
{
	const struct page *x = a, *y = b;

	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return strcmp(x->id, y->id);
}

void
pages_load(struct loader *l)
{
	struct project *p = l->p;
	char **names, *id;
	size_t n, i;
	bool missing;

	if ((names = loader_list(l, PAGES_DIR, &n, &missing)) == NULL)
		return;
	p->pages = arena_array(l->a, n ? n : 1, sizeof(*p->pages));
	for (i = 0; i < n; i++)
		if ((id = loader_stem(l, PAGES_DIR, names[i], ".md")) != NULL) {
			if (page_load(l, id, &p->pages[p->npages]))
				p->npages++;
			free(id);
		}
	strv_free(names, n);
	qsort(p->pages, p->npages, sizeof(*p->pages), page_cmp);
}

void
content_unread_check(struct loader *l)
{
	char **names, *rel;
	size_t n, i, k;
	bool missing;

	if ((names = loader_list(l, "content", &n, &missing)) == NULL)
		return;
	for (i = 0; i < n; i++) {
		for (k = 0; content_known[k] != NULL; k++)
			if (strcmp(content_known[k], names[i]) == 0)
				break;
		if (content_known[k] != NULL)
			continue;
		rel = path_join("content", names[i]);
		diag_warning(l->d, rel, 0, 0, "ignored: podium does not read '%s' (it reads "
		    "report.yaml, sources.yaml, editions/, providers/, reviews/, commentary/ "
		    "and pages/)", names[i]);
		free(rel);
	}
	strv_free(names, n);
}
