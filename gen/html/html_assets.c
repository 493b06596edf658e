/* html_assets.c: assets/ (every built-in asset, each overridden by the
 * project's file of the same name, plus the project's own) and sitemap.xml. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "resources.h"

#define ASSET_MAX (16u << 20)
#define ASSET_DEPTH 8

/* Copies one project file to the site; rel is relative to both roots. */
static int
asset_copy(struct html_ctx *h, const char *rel)
{
	struct buf b = BUF_INIT;
	int rc = 0;

	if (project_file_read(h->p->dir, rel, ASSET_MAX, &b, h->d) != 0)
		rc = -1;
	else if (site_out_write(h->o, rel, b.data, b.len) == -1)
		rc = -1;
	buf_release(&b);
	return rc;
}

/*
 * The project's folder rel (assets/ or one inside it), file by file, names
 * in sorted order. Every path is resolved first: one that leads outside
 * the project is refused, not followed.
 */
static int
assets_walk(struct html_ctx *h, const char *rel, int depth)
{
	enum project_path kind;
	char **names, *real, *sub;
	size_t i, n;
	int rc = 0;

	if ((real = project_path_resolve(h->p->dir, rel, &kind, h->d)) == NULL)
		return kind == PROJECT_PATH_ERROR ? -1 : 0;
	if (kind != PROJECT_PATH_DIR) {
		diag_error(h->d, rel, 0, 0, "'%s' must be a folder", rel);
		free(real);
		return -1;
	}
	names = dir_list(real, &n);
	free(real);
	if (names == NULL) {
		diag_system(h->d, rel, "cannot list: %s", strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		sub = path_join(rel, names[i]);
		real = project_path_resolve(h->p->dir, sub, &kind, h->d);
		if (kind == PROJECT_PATH_ERROR)
			rc = -1;
		else if (kind == PROJECT_PATH_DIR) {
			if (depth < ASSET_DEPTH && assets_walk(h, sub, depth + 1) == -1)
				rc = -1;
		} else if (kind != PROJECT_PATH_NONE && asset_copy(h, sub) == -1)
			rc = -1;
		free(real);
		free(sub);
	}
	strv_free(names, n);
	return rc;
}

int
html_assets(struct html_ctx *h)
{
	enum project_path kind;
	struct diag quiet;
	char *real;
	size_t i;
	int rc = 0;

	for (i = 0; i < nresources; i++) {
		if (!str_starts(resources[i].name, "assets/"))
			continue;
		/* The project's copy, if any, is written (or refused) by assets_walk. */
		kind = PROJECT_PATH_NONE;
		if (h->p->dir != NULL) {
			diag_init(&quiet);
			real = project_path_resolve(h->p->dir, resources[i].name, &kind,
			    &quiet);
			free(real);
			diag_release(&quiet);
		}
		if (kind == PROJECT_PATH_DIR) {
			diag_error(h->d, resources[i].name, 0, 0,
			    "a folder, not a file");
			rc = -1;
		} else if (kind == PROJECT_PATH_NONE && site_out_write(h->o,
		    resources[i].name, resources[i].data, resources[i].len) == -1)
			rc = -1;
	}
	if (h->p->dir != NULL && assets_walk(h, "assets", 0) == -1)
		rc = -1;
	if (rc == -1)
		h->failed = true;
	return rc;
}

int
html_sitemap(struct html_ctx *h)
{
	const char *base = h->p->report.base_url;
	struct buf b = BUF_INIT, url = BUF_INIT;
	size_t i, n;
	int rc;

	if (base == NULL)
		return 0;
	buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
	for (i = 0; i < h->npages; i++) {
		if (strcmp(h->pages[i], "404.html") == 0)
			continue;
		n = strlen(h->pages[i]);
		if (str_ends(h->pages[i], "index.html"))
			n -= strlen("index.html");
		buf_reset(&url);
		buf_puts(&url, base);
		buf_add(&url, h->pages[i], n);
		buf_puts(&b, "<url><loc>");
		esc_xml(&b, url.data);
		buf_puts(&b, "</loc></url>\n");
	}
	buf_puts(&b, "</urlset>\n");
	rc = site_out_write(h->o, "sitemap.xml", b.data, b.len);
	if (rc == -1)
		h->failed = true;
	buf_release(&b);
	buf_release(&url);
	return rc;
}
