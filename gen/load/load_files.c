/*
 * load_files.c: the loader's files and folders, read safely (inside the
 * project, within the limits) and parsed; what every part of the loader
 * calls. It calls none of them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"
#include "workers.h"

/*
 * Resolves rel inside the project; NULL after reporting when it does not
 * exist (only if report_missing), leads outside the project folder, or
 * cannot be resolved. Returns a malloc'd absolute path; free with free().
 */
static bool
under_root(const struct loader *l, const char *real)
{
	size_t n = strlen(l->root);

	return strncmp(real, l->root, n) == 0 && (real[n] == '/' || real[n] == '\0' ||
	    strcmp(l->root, "/") == 0);
}

/*
 * The fast way for a plain file name in a folder already resolved: the
 * folder's realpath (cached, as a folder's files are read one after another)
 * joined with the name. Whether the name itself is a symlink is left to
 * the caller (*unchecked). NULL: take the slow way, which resolves every
 * part and words any error.
 */
static char *
inside_folder(struct loader *l, const char *rel)
{
	const char *slash = strrchr(rel, '/'), *base;
	size_t dn;
	char *dir;

	if (slash == NULL)
		return NULL;
	base = slash + 1;
	dn = (size_t)(slash - rel);
	if (*base == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return NULL;
	if (l->dir_rel == NULL || strlen(l->dir_rel) != dn ||
	    strncmp(l->dir_rel, rel, dn) != 0) {
		free(l->dir_rel);
		free(l->dir_real);
		if (l->dir_fd != -1) {
			/* a job set up already may still open a file in it */
			l->old_fds = xgrow(l->old_fds, sizeof(*l->old_fds), l->nold_fds + 1,
			    &l->capold_fds);
			l->old_fds[l->nold_fds++] = l->dir_fd;
			l->dir_fd = -1;
		}
		l->dir_rel = xstrndup(rel, dn);
		dir = path_join(l->p->dir, l->dir_rel);
		l->dir_real = realpath(dir, NULL);
		free(dir);
		if (l->dir_real != NULL && !under_root(l, l->dir_real)) {
			free(l->dir_real);
			l->dir_real = NULL;
		}
		if (l->dir_real != NULL)
			l->dir_fd = open(l->dir_real, O_PATH | O_DIRECTORY | O_CLOEXEC);
	}
	if (l->dir_real == NULL)
		return NULL;
	return path_join(l->dir_real, base);
}

/* Closes the folders' fds that inside_folder() replaced. */
static void
old_fds_close(struct loader *l)
{
	size_t i;

	for (i = 0; i < l->nold_fds; i++)
		close(l->old_fds[i]);
	l->nold_fds = 0;
}

/* The slow way: every part resolved, any error reported in d. */
static char *
inside_resolved(const struct loader *l, const char *rel, bool report_missing,
    struct diag *d)
{
	char *full, *real;

	full = path_join(l->p->dir, rel);
	real = realpath(full, NULL);
	free(full);
	if (real == NULL) {
		if (errno != ENOENT)
			diag_system(d, rel, "cannot open: %s", strerror(errno));
		else if (report_missing)
			diag_error(d, rel, 0, 0, "file not found");
		return NULL;
	}
	if (!under_root(l, real)) {
		diag_error(d, rel, 0, 0, "'%s' leads outside the project folder", rel);
		free(real);
		return NULL;
	}
	return real;
}

static char *
inside(struct loader *l, const char *rel, bool report_missing)
{
	struct stat st;
	char *full;

	if ((full = inside_folder(l, rel)) != NULL) {
		if (lstat(full, &st) == 0 && !S_ISLNK(st.st_mode))
			return full;
		free(full);
	}
	return inside_resolved(l, rel, report_missing, l->d);
}

static bool
count_file(struct loader *l, const char *rel)
{
	if (l->too_many)
		return false;
	if (++l->nfiles > LOAD_MAX_FILES) {
		diag_error(l->d, rel, 0, 0, "too many files in the project (the limit is %u)",
		    (unsigned)LOAD_MAX_FILES);
		l->too_many = true;
		return false;
	}
	return true;
}

bool
loader_exists(struct loader *l, const char *rel)
{
	struct stat st;
	char *path = path_join(l->p->dir, rel);
	int rc = lstat(path, &st);

	free(path);
	/* a folder that cannot be searched hides what it holds: reading says so */
	return rc == 0 || (errno != ENOENT && errno != ENOTDIR);
}

bool
loader_read(struct loader *l, const char *rel, struct buf *out)
{
	struct stat st;
	char *real;
	enum file_status fs;

	if (!count_file(l, rel) || (real = inside(l, rel, true)) == NULL)
		return false;
	if (stat(real, &st) == -1 || !S_ISREG(st.st_mode)) {
		diag_error(l->d, rel, 0, 0, "not a regular file");
		free(real);
		return false;
	}
	fs = file_read(real, LOAD_MAX_FILE_SIZE, out);
	free(real);
	if (fs == FILE_TOO_BIG) {
		diag_error(l->d, rel, 0, 0, "file is larger than 16 MiB (the limit)");
		return false;
	}
	if (fs != FILE_OK) {
		diag_system(l->d, rel, "cannot read: %s", strerror(errno));
		return false;
	}
	/* the bytes read, hashed as they are: what a preview keys pages by */
	if (l->cache != NULL)
		load_cache_note(l->cache, rel, load_bytes_hash(out->data, out->len),
		    load_cache_plain(l->cache, out->data, out->len));
	return true;
}

char **
loader_list(struct loader *l, const char *rel, size_t *n, bool *missing)
{
	struct stat st;
	char *real, **v;

	*n = 0;
	*missing = false;
	if (l->too_many)
		return NULL;
	if ((real = inside(l, rel, false)) == NULL) {
		*missing = true;
		return NULL;
	}
	if (stat(real, &st) == -1 || !S_ISDIR(st.st_mode)) {
		diag_error(l->d, rel, 0, 0, "'%s' must be a folder", rel);
		free(real);
		return NULL;
	}
	v = dir_list(real, n);
	free(real);
	if (v == NULL) {
		diag_system(l->d, rel, "cannot list: %s", strerror(errno));
		return NULL;
	}
	if (*n > LOAD_MAX_FILES) {
		diag_error(l->d, rel, 0, 0, "too many files in the project (the limit is %u)",
		    (unsigned)LOAD_MAX_FILES);
		l->too_many = true;
		strv_free(v, *n);
		*n = 0;
		return NULL;
	}
	return v;
}

char *
loader_stem(struct loader *l, const char *folder, const char *name, const char *ext)
{
	char *rel, *stem;

	rel = path_join(folder, name);
	if (!str_ends(name, ext) || strlen(name) == strlen(ext)) {
		diag_warning(l->d, rel, 0, 0, "ignored: not a '%s' file", ext);
		free(rel);
		return NULL;
	}
	stem = xstrndup(name, strlen(name) - strlen(ext));
	if (!id_valid(stem)) {
		diag_error(l->d, rel, 0, 0,
		    "file name '%s' is not an id ([a-z0-9][a-z0-9._-]*)", stem);
		free(stem);
		stem = NULL;
	}
	free(rel);
	return stem;
}

bool
yfile_load(struct loader *l, const char *rel, struct yfile *yf)
{
	struct buf b = BUF_INIT;
	bool empty;
	size_t n0;

	yf->path = arena_strdup(l->a, rel);
	yf->root = NULL;
	yf->tmp = l->spare != NULL ? l->spare : arena_new();
	l->spare = NULL;
	if (!loader_read(l, rel, &b))
		goto out;
	if (l->cache != NULL &&
	    (yf->root = (struct ynode *)load_cache_get(l->cache, rel, b.data, b.len)) != NULL) {
		/* the same bytes as last time: the same tree, and nothing to say */
		load_cache_used(l->cache, rel);
		goto out;
	}
	n0 = l->d->n;
	yf->root = yaml_tree_parse(b.data, b.len, yf->path, 0, yf->tmp, l->d, &empty);
	if (l->cache != NULL && !empty && yf->root != NULL &&
	    yf->root->kind == YNODE_MAP && l->d->n == n0)
		load_cache_put(l->cache, load_cache_copy(rel, b.data, b.len, yf->root));
	if (empty)
		diag_error(l->d, yf->path, 0, 0, "file is empty (expected a mapping)");
	else if (yf->root != NULL && yf->root->kind != YNODE_MAP) {
		diag_error(l->d, yf->path, yf->root->line, yf->root->col,
		    "expected a mapping at the top of the file, not %s",
		    ynode_kind_name(yf->root));
		yf->root = NULL;
	}
out:
	buf_release(&b);
	return yf->root != NULL;
}

void
yfile_release(struct loader *l, struct yfile *yf)
{
	if (l->spare == NULL && yf->tmp != NULL) {
		/* keep one block for the next file: no malloc and free per file */
		arena_reset(yf->tmp);
		l->spare = yf->tmp;
	} else
		arena_free(yf->tmp);
	yf->tmp = NULL;
	yf->root = NULL;
}

/*
 * Opens a job's file for reading, refusing a symlink where the job's path
 * was not checked for one (O_NOFOLLOW), and then resolving it the slow way;
 * O_NONBLOCK so that a FIFO is refused instead of waited on. -1 after
 * reporting in the job's diagnostics.
 */
static int
job_open(struct yjob *j)
{
	int fd, flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;

	if (j->unchecked && j->dir_fd != -1)
		fd = openat(j->dir_fd, j->base, flags | O_NOFOLLOW);
	else
		fd = open(j->real, flags | (j->unchecked ? O_NOFOLLOW : 0));
	if (fd == -1 && j->unchecked && errno == ELOOP) {
		free(j->real);
		if ((j->real = inside_resolved(j->l, j->rel, true, &j->d)) == NULL)
			return -1;
		fd = open(j->real, flags);
	}
	if (fd == -1)
		diag_system(&j->d, j->rel, "cannot read: %s", strerror(errno));
	return fd;
}

/* Reads the open file fd of the job whole into b; false after reporting. */
static bool
job_read(struct yjob *j, int fd, struct buf *b)
{
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) == -1) {
		diag_system(&j->d, j->rel, "cannot read: %s", strerror(errno));
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(&j->d, j->rel, 0, 0, "not a regular file");
		return false;
	}
	if ((uintmax_t)st.st_size > LOAD_MAX_FILE_SIZE)
		goto too_big;
	buf_grow(b, (size_t)st.st_size + 2);
	for (;;) {
		size_t want = b->cap - b->len - 1;

		n = read(fd, b->data + b->len, want);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			diag_system(&j->d, j->rel, "cannot read: %s", strerror(errno));
			return false;
		}
		if (n == 0)
			break;
		b->len += (size_t)n;
		/*
		 * All the bytes fstat counted, in a read that asked for more:
		 * the end, without one more read to see 0.
		 */
		if ((size_t)n < want && b->len == (size_t)st.st_size)
			break;
		if (b->len > LOAD_MAX_FILE_SIZE)
			goto too_big;
		if (b->len + 1 == b->cap)
			buf_grow(b, b->cap);
	}
	b->data[b->len] = '\0';
	return true;
too_big:
	diag_error(&j->d, j->rel, 0, 0, "file is larger than 16 MiB (the limit)");
	return false;
}

/* The part of loader_read and yfile_load that touches nothing shared. */
static void
yjob_run(size_t i, void *arg)
{
	struct yjob *j = (struct yjob *)arg + i;
	struct buf b = BUF_INIT;
	bool empty, ok;
	size_t n0;
	int fd;

	if (j->real == NULL || (fd = job_open(j)) == -1)
		return;
	ok = job_read(j, fd, &b);
	close(fd);
	if (!ok)
		goto out;
	if (j->l->cache != NULL) {
		j->read = true;
		j->read_hash = load_bytes_hash(b.data, b.len);
		j->read_plain = load_cache_plain(j->l->cache, b.data, b.len);
	}
	if (j->l->cache != NULL && (j->yf.root = (struct ynode *)load_cache_get(j->l->cache,
	    j->rel, b.data, b.len)) != NULL) {
		/* the same bytes as last time: the same tree, and nothing to say */
		j->hit = true;
		goto built;
	}
	n0 = j->d.n;
	j->yf.root = yaml_tree_parse(b.data, b.len, j->yf.path, 0, j->yf.tmp, &j->d, &empty);
	if (j->l->cache != NULL && !empty && j->yf.root != NULL &&
	    j->yf.root->kind == YNODE_MAP && j->d.n == n0)
		j->fresh = load_cache_copy(j->rel, b.data, b.len, j->yf.root);
	if (empty)
		diag_error(&j->d, j->yf.path, 0, 0, "file is empty (expected a mapping)");
	else if (j->yf.root != NULL && j->yf.root->kind != YNODE_MAP) {
		diag_error(&j->d, j->yf.path, j->yf.root->line, j->yf.root->col,
		    "expected a mapping at the top of the file, not %s",
		    ynode_kind_name(j->yf.root));
		j->yf.root = NULL;
	}
built:
	if (j->yf.root != NULL && j->then != NULL) {
		if (j->keep == NULL)
			j->keep = arena_new();
		j->then(j);
	}
out:
	buf_release(&b);
}

void
yjobs_load(struct loader *l, struct yjob *jobs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct yjob *j = &jobs[i];

		j->yf.path = j->rel;
		j->yf.root = NULL;
		if (j->yf.tmp == NULL)
			j->yf.tmp = arena_new();
		j->real = NULL;
		j->unchecked = false;
		j->dir_fd = -1;
		j->l = l;
		j->hit = false;
		j->fresh = NULL;
		j->read = false;
		if (!count_file(l, j->rel))
			continue;
		if ((j->real = inside_folder(l, j->rel)) != NULL) {
			j->unchecked = true;
			j->dir_fd = l->dir_fd;
			j->base = strrchr(j->rel, '/') + 1;
		} else {
			j->real = inside_resolved(l, j->rel, true, l->d);
		}
	}
	parallel_for(n, yjob_run, jobs);
	old_fds_close(l);
	for (i = 0; l->cache != NULL && i < n; i++) {
		if (jobs[i].read)
			load_cache_note(l->cache, jobs[i].rel, jobs[i].read_hash,
			    jobs[i].read_plain);
		if (jobs[i].hit)
			load_cache_used(l->cache, jobs[i].rel);
		else if (jobs[i].fresh != NULL)
			load_cache_put(l->cache, jobs[i].fresh);
		jobs[i].fresh = NULL;
	}
}

void
yjobs_reset(struct yjob *jobs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(jobs[i].real);
		jobs[i].real = NULL;
		jobs[i].yf.root = NULL;
		arena_reset(jobs[i].yf.tmp);
		diag_release(&jobs[i].d);
	}
}

void
yjobs_free(struct yjob *jobs, size_t n)
{
	size_t i;

	yjobs_reset(jobs, n);
	for (i = 0; i < n; i++) {
		arena_free(jobs[i].yf.tmp);
		arena_free(jobs[i].keep);
	}
	free(jobs);
}

void
loader_release(struct loader *l)
{
	arena_free(l->spare);
	free(l->dir_rel);
	free(l->dir_real);
	old_fds_close(l);
	free(l->old_fds);
	if (l->dir_fd != -1)
		close(l->dir_fd);
	free(l->root);
}
