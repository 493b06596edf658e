/*
 * serve_path.c: from a request path to an open file inside the served
 * folder, or a refusal. The path arrives still percent-encoded (the server's
 * own unescaping is turned off) so that an encoded '/', NUL or "." segment
 * can be told apart and refused. Files are opened one component at a time
 * with openat(O_NOFOLLOW) from the folder's descriptor: no symlink is
 * followed, and nothing outside the folder can be named.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve_path.h"

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decodes one segment (len bytes of raw); NULL when it must be refused. */
static char *
segment_decode(const char *raw, size_t len)
{
	char *out = xmalloc(len + 1), *o = out;
	size_t i;
	int hi, lo;

	for (i = 0; i < len; i++) {
		if (raw[i] != '%') {
			*o++ = raw[i];
			continue;
		}
		if (i + 2 >= len || (hi = hexval(raw[i + 1])) < 0 ||
		    (lo = hexval(raw[i + 2])) < 0)
			goto bad;
		*o = (char)(hi * 16 + lo);
		if (*o == '\0' || *o == '/' || *o == '\\')
			goto bad;
		o++;
		i += 2;
	}
	*o = '\0';
	if (strcmp(out, ".") == 0 || strcmp(out, "..") == 0 || strchr(out, '\\'))
		goto bad;
	return out;
bad:
	free(out);
	return NULL;
}

void
req_path_free(struct req_path *p)
{
	strv_free(p->seg, p->nseg);
	memset(p, 0, sizeof(*p));
}

int
req_path_parse(const char *raw, struct req_path *p)
{
	const char *s;
	size_t n, cap = 0;
	char *seg;

	memset(p, 0, sizeof(*p));
	if (raw[0] != '/')
		return -1;
	for (s = raw + 1; *s != '\0'; s += n + 1) {
		n = strcspn(s, "/");
		if (n == 0 || (seg = segment_decode(s, n)) == NULL)
			goto bad;
		p->seg = xgrow(p->seg, sizeof(*p->seg), p->nseg + 1, &cap);
		p->seg[p->nseg++] = seg;
		if (s[n] == '\0')
			return 0;
		if (s[n + 1] == '\0') {
			p->slash = true;
			return 0;
		}
	}
	p->slash = true; /* "/" alone */
	return 0;
bad:
	req_path_free(p);
	return -1;
}

/* Opens name under dirfd, following no symlink. */
static int
open_beneath(int dirfd, const char *name, struct stat *st)
{
	int fd;

	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1)
		return -1;
	if (fstat(fd, st) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

static enum found
errno_found(void)
{
	return errno == ENOENT || errno == ENOTDIR ? FOUND_NONE : FOUND_REFUSED;
}

enum found
req_path_open(int rootfd, const struct req_path *p, int *fdp, struct stat *st,
    const char **name)
{
	int fd, next;
	size_t i;

	*fdp = -1;
	*name = "index.html";
	if ((fd = open_beneath(rootfd, ".", st)) == -1)
		return FOUND_NONE;
	for (i = 0; i < p->nseg; i++) {
		if (!S_ISDIR(st->st_mode)) {
			close(fd);
			return FOUND_NONE;
		}
		next = open_beneath(fd, p->seg[i], st);
		close(fd);
		if (next == -1)
			return errno_found();
		fd = next;
		*name = p->seg[i];
	}
	if (S_ISDIR(st->st_mode)) {
		if (p->nseg > 0 && !p->slash) {
			close(fd);
			return FOUND_FOLDER;
		}
		next = open_beneath(fd, "index.html", st);
		close(fd);
		if (next == -1)
			return errno_found();
		fd = next;
		*name = "index.html";
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return FOUND_REFUSED;
	}
	*fdp = fd;
	return FOUND_FILE;
}
