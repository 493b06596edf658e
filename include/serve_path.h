/*
 * serve_path.h: request paths of `podium serve`, checked and opened inside
 * the served folder only.
 */
#ifndef PODIUM_SERVE_PATH_H
#define PODIUM_SERVE_PATH_H

#include <stdbool.h>
#include <sys/stat.h>

#include "util.h"

struct req_path {
	char **seg;   /* decoded segments, none empty, "." or ".." */
	size_t nseg;
	bool slash;   /* the path ends with '/' (or is "/") */
};

enum found {
	FOUND_FILE,    /* a regular file, open */
	FOUND_FOLDER,  /* a folder asked for without its trailing '/' */
	FOUND_NONE,    /* nothing there */
	FOUND_REFUSED  /* a symlink or a special file */
};

/*
 * Splits and percent-decodes a raw request path. Returns -1 (p empty) for
 * what must be refused: no leading '/', an empty segment ("//"), "." or
 * "..", encoded or not, an encoded '/', '\\' or NUL, or a bad escape.
 * On success, free with req_path_free().
 */
int req_path_parse(const char *raw, struct req_path *p);
void req_path_free(struct req_path *p);

/*
 * Opens the file p names under the folder rootfd (a folder gives its
 * index.html), following no symlink. On FOUND_FILE, *fd is open (the
 * caller closes it), st describes it and *name is its last component.
 */
enum found req_path_open(int rootfd, const struct req_path *p, int *fd,
    struct stat *st, const char **name);

#endif
