/*
 * html_files.c: reads the project's own templates and assets, as SPEC 4.5
 * has content read: a path that leads outside the project folder (through
 * a symlink) is refused, and so is anything but a regular file (a FIFO is
 * opened without waiting for a writer, then refused), or a file over the
 * limit. Only a file that is not there at all lets the caller fall back to
 * its built-in one; every other failure is an error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"

/* real is dir_real or inside it. */
static bool
under(const char *dir_real, const char *real)
{
	size_t n = strlen(dir_real);

	if (strcmp(dir_real, "/") == 0)
		return true;
	return strncmp(real, dir_real, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

char *
project_path_resolve(const char *dir, const char *rel, enum project_path *kind,
    struct diag *d)
{
	struct stat st;
	char *full, *root = NULL, *real = NULL;

	full = path_join(dir, rel);
	if (lstat(full, &st) == -1) {
		if (errno == ENOENT) {
			*kind = PROJECT_PATH_NONE;
			free(full);
			return NULL;
		}
		diag_system(d, rel, "cannot open: %s", strerror(errno));
		goto fail;
	}
	if ((root = realpath(dir, NULL)) == NULL) {
		diag_system(d, rel, "cannot open: %s", strerror(errno));
		goto fail;
	}
	if ((real = realpath(full, NULL)) == NULL) {
		if (errno == ENOENT || errno == ELOOP)
			diag_error(d, rel, 0, 0, "'%s' is a broken symbolic link", rel);
		else
			diag_system(d, rel, "cannot open: %s", strerror(errno));
		goto fail;
	}
	if (!under(root, real)) {
		diag_error(d, rel, 0, 0, "'%s' leads outside the project folder", rel);
		goto fail;
	}
	if (stat(real, &st) == -1) {
		diag_system(d, rel, "cannot open: %s", strerror(errno));
		goto fail;
	}
	*kind = S_ISDIR(st.st_mode) ? PROJECT_PATH_DIR : S_ISREG(st.st_mode) ?
	    PROJECT_PATH_FILE : PROJECT_PATH_OTHER;
	free(full);
	free(root);
	return real;
fail:
	*kind = PROJECT_PATH_ERROR;
	free(full);
	free(root);
	free(real);
	return NULL;
}

int
project_file_read(const char *dir, const char *rel, size_t max, struct buf *out,
    struct diag *d)
{
	enum project_path kind;
	struct stat st;
	char chunk[65536];
	char *real;
	size_t total = 0;
	ssize_t n;
	int fd;

	if ((real = project_path_resolve(dir, rel, &kind, d)) == NULL)
		return kind == PROJECT_PATH_NONE ? 1 : -1;
	/* O_NONBLOCK: a FIFO put there since is opened, not waited on */
	fd = open(real, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	free(real);
	if (fd == -1) {
		diag_system(d, rel, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		diag_system(d, rel, "cannot read: %s", strerror(errno));
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(d, rel, 0, 0, S_ISDIR(st.st_mode) ?
		    "a folder, not a file" : "not a regular file");
		goto fail;
	}
	if ((uintmax_t)st.st_size > max)
		goto too_big;
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			diag_system(d, rel, "cannot read: %s", strerror(errno));
			goto fail;
		}
		if (n == 0)
			break;
		if ((size_t)n > max - total)
			goto too_big;
		total += (size_t)n;
		buf_add(out, chunk, (size_t)n);
	}
	close(fd);
	return 0;
too_big:
	diag_error(d, rel, 0, 0, "file is larger than %zu MiB (the limit)", max >> 20);
fail:
	close(fd);
	return -1;
}
