/* publish.c: a staging folder beside OUT, swapped in atomically at the end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "publish.h"

static void
strip_slashes(char *s)
{
	size_t n = strlen(s);

	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
}

int
site_out_begin(struct site_out *o, const char *out, struct diag *d)
{
	memset(o, 0, sizeof(*o));
	o->d = d;
	o->out = xstrdup(out);
	strip_slashes(o->out);
	o->tmp = xasprintf("%s.tmp-%ld", o->out, (long)getpid());
	o->tmpfd = -1;
	if (remove_tree(o->tmp) == -1 || mkdir_p(o->tmp) == -1 ||
	    (o->tmpfd = open(o->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1) {
		diag_system(d, NULL, "cannot create '%s': %s", o->tmp, strerror(errno));
		remove_tree(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		o->failed = true;
		return -1;
	}
	return 0;
}

/* A relative path that stays inside the folder: no "..", no absolute path. */
static bool
rel_safe(const char *rel)
{
	const char *p = rel;

	if (*rel == '\0' || *rel == '/')
		return false;
	while (*p) {
		size_t n = strcspn(p, "/");

		if ((n == 2 && p[0] == '.' && p[1] == '.') || (n == 1 && p[0] == '.') || n == 0)
			return false;
		p += n;
		if (*p == '/')
			p++;
	}
	return true;
}

char *
site_out_path(const struct site_out *o, const char *rel)
{
	return path_join(o->tmp ? o->tmp : o->out, rel);
}

/* Adds rel to the list of files written. */
static void
files_add(struct site_out *o, const char *rel)
{
	o->files = xgrow(o->files, sizeof(*o->files), o->nfiles + 1, &o->cap);
	o->files[o->nfiles++] = xstrdup(rel);
}

int
site_out_put(const struct site_out *o, const char *rel, const void *p, size_t n)
{
	static const char page[] = "/index.html";
	size_t len;

	if (o->tmp == NULL)
		return EINVAL;
	if (!rel_safe(rel))
		return -1;
	/* a page in a folder of its own: the folder is made first */
	len = strlen(rel);
	if (file_write_at(o->tmpfd, rel, p, n, len > sizeof(page) - 1 &&
	    memcmp(rel + len - (sizeof(page) - 1), page, sizeof(page) - 1) == 0) == -1)
		return errno != 0 ? errno : EIO;
	return 0;
}

int
site_out_open(const struct site_out *o, const char *rel, int *fd)
{
	*fd = -1;
	if (o->tmp == NULL)
		return EINVAL;
	if (!rel_safe(rel))
		return -1;
	if ((*fd = file_open_at(o->tmpfd, rel, false)) == -1)
		return errno != 0 ? errno : EIO;
	return 0;
}

int
site_out_record(struct site_out *o, const char *rel, int put)
{
	char *path;

	if (o->tmp == NULL)
		return -1;
	if (put == -1) {
		diag_system(o->d, NULL, "refusing to write outside the output folder: '%s'", rel);
		o->failed = true;
		return -1;
	}
	if (put != 0) {
		path = path_join(o->tmp, rel);
		diag_system(o->d, NULL, "cannot write '%s': %s", path, strerror(put));
		free(path);
		o->failed = true;
		return -1;
	}
	files_add(o, rel);
	return 0;
}

int
site_out_write(struct site_out *o, const char *rel, const void *p, size_t n)
{
	return site_out_record(o, rel, site_out_put(o, rel, p, n));
}

int
site_out_commit(struct site_out *o)
{
	struct stat st;

	if (o->tmp == NULL || o->failed)
		return -1;
	close(o->tmpfd);
	o->tmpfd = -1;
	if (lstat(o->out, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			diag_system(o->d, NULL, "'%s' exists and is not a folder", o->out);
			return -1;
		}
		/* swap both names in one step; the old site ends up in tmp */
		if (renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->out, RENAME_EXCHANGE) == -1) {
			diag_system(o->d, NULL, "cannot replace '%s': %s", o->out, strerror(errno));
			return -1;
		}
	} else if (rename(o->tmp, o->out) == -1) {
		diag_system(o->d, NULL, "cannot create '%s': %s", o->out, strerror(errno));
		return -1;
	}
	remove_tree(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	return 0;
}

void
site_out_abort(struct site_out *o)
{
	if (o->tmp != NULL) {
		if (o->tmpfd != -1)
			close(o->tmpfd);
		o->tmpfd = -1;
		remove_tree(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	strv_free(o->files, o->nfiles);
	o->files = NULL;
	o->nfiles = o->cap = 0;
	free(o->out);
	o->out = NULL;
}
