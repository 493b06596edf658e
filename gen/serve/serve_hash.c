/* serve_hash.c: a content hash of a built folder, to tell whether a rebuild
 * changed anything a browser would show (and whether only stylesheets did). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "serve.h"

/* Hashes the file's relative name and bytes into the CSS or the other hash. */
static int
hash_file(const char *path, const char *rel, struct site_hash *h)
{
	struct buf b = BUF_INIT;
	uint64_t *into = str_ends(rel, ".css") ? &h->css : &h->other;

	if (file_read(path, SIZE_MAX, &b) != FILE_OK) {
		buf_release(&b);
		return -1;
	}
	*into = hash_bytes(*into, rel, strlen(rel) + 1);
	*into = hash_bytes(*into, b.data, b.len);
	buf_release(&b);
	return 0;
}

static int
hash_tree(const char *path, const char *rel, struct site_hash *h)
{
	struct stat st;
	char **names, *sub, *subrel;
	size_t i, n;
	int rc = 0;

	if (lstat(path, &st) == -1)
		return -1;
	if (!S_ISDIR(st.st_mode))
		return S_ISREG(st.st_mode) ? hash_file(path, rel, h) : 0;
	if ((names = dir_list(path, &n)) == NULL)
		return -1;
	for (i = 0; i < n && rc == 0; i++) {
		sub = path_join(path, names[i]);
		subrel = *rel ? path_join(rel, names[i]) : xstrdup(names[i]);
		rc = hash_tree(sub, subrel, h);
		free(sub);
		free(subrel);
	}
	strv_free(names, n);
	return rc;
}

int
site_hash_dir(const char *path, struct site_hash *h)
{
	h->css = HASH_SEED;
	h->other = HASH_SEED;
	return hash_tree(path, "", h);
}
