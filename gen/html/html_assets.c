/* html_assets.c: assets/ (every built-in asset, each overridden by the
 * project's file of the same name, plus the project's own) and sitemap.xml. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "html.h"
#include "resources.h"

#define ASSET_MAX (16u << 20)
#define ASSET_DEPTH 8

static bool
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Copies one project file to the site; rel is relative to both roots. */
static int
asset_copy(struct html_ctx *h, const char *full, const char *rel)
{
	struct buf b = BUF_INIT;
	enum file_status st;
	int rc = 0;

	if ((st = file_read(full, ASSET_MAX, &b)) != FILE_OK) {
		diag_error(h->d, rel, 0, 0, st == FILE_TOO_BIG ?
		    "asset is larger than 16 MiB" : "cannot read asset");
		rc = -1;
	} else if (site_out_write(h->o, rel, b.data, b.len) == -1)
		rc = -1;
	buf_release(&b);
	return rc;
}

/* The project's assets/ folder, file by file (names in sorted order). */
static int
assets_walk(struct html_ctx *h, const char *rel, int depth)
{
	char **names, *full, *sub;
	size_t i, n;
	int rc = 0;

	full = path_join(h->p->dir, rel);
	names = dir_list(full, &n);
	free(full);
	if (names == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		sub = path_join(rel, names[i]);
		full = path_join(h->p->dir, sub);
		if (is_dir(full)) {
			if (depth < ASSET_DEPTH && assets_walk(h, sub, depth + 1) == -1)
				rc = -1;
		} else if (asset_copy(h, full, sub) == -1)
			rc = -1;
		free(full);
		free(sub);
	}
	strv_free(names, n);
	return rc;
}

int
html_assets(struct html_ctx *h)
{
	struct stat st;
	char *full;
	size_t i;
	int rc = 0;

	for (i = 0; i < nresources; i++) {
		if (!str_starts(resources[i].name, "assets/"))
			continue;
		full = h->p->dir != NULL ? path_join(h->p->dir, resources[i].name) : NULL;
		/* The project's copy, if any, is written by assets_walk. */
		if (full == NULL || stat(full, &st) != 0)
			if (site_out_write(h->o, resources[i].name, resources[i].data,
			    resources[i].len) == -1)
				rc = -1;
		free(full);
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
