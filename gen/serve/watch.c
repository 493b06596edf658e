/*
 * watch.c: inotify on a project's content/, templates/ and assets/, every
 * folder below them included. Folders created, moved in or removed later are
 * followed; the project folder itself is watched (not recursively) so that
 * one of the three folders created after start is picked up too.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve.h"

#define WATCH_MASK (IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | \
    IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | \
    IN_ONLYDIR)
#define TOP_MASK (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR)

static const char *const watched[] = {"content", "templates", "assets"};

struct watch_dir {
	int wd;
	char *path;
};

struct watch {
	int fd;
	char *root;
	int root_wd;
	struct watch_dir *dirs; /* by watch descriptor, unordered */
	size_t ndirs, cap;
};

static struct watch_dir *
dir_by_wd(struct watch *w, int wd)
{
	size_t i;

	for (i = 0; i < w->ndirs; i++)
		if (w->dirs[i].wd == wd)
			return &w->dirs[i];
	return NULL;
}

/* Watches path and every folder below it; missing folders are no error. */
static void
watch_tree(struct watch *w, const char *path)
{
	struct watch_dir *known;
	struct stat st;
	char **names, *sub;
	size_t i, n;
	int wd;

	if (lstat(path, &st) == -1 || !S_ISDIR(st.st_mode))
		return;
	if ((wd = inotify_add_watch(w->fd, path, WATCH_MASK)) == -1)
		return;
	if ((known = dir_by_wd(w, wd)) != NULL) {
		free(known->path);
		known->path = xstrdup(path);
	} else {
		w->dirs = xgrow(w->dirs, sizeof(*w->dirs), w->ndirs + 1, &w->cap);
		w->dirs[w->ndirs].wd = wd;
		w->dirs[w->ndirs++].path = xstrdup(path);
	}
	if ((names = dir_list(path, &n)) == NULL)
		return;
	for (i = 0; i < n; i++) {
		sub = path_join(path, names[i]);
		watch_tree(w, sub);
		free(sub);
	}
	strv_free(names, n);
}

static void
watch_forget(struct watch *w, int wd)
{
	struct watch_dir *d = dir_by_wd(w, wd);

	if (d == NULL)
		return;
	free(d->path);
	*d = w->dirs[--w->ndirs];
}

struct watch *
watch_new(const char *dir)
{
	struct watch *w = xcalloc(1, sizeof(*w));
	size_t i;
	char *p;

	w->root = xstrdup(dir);
	if ((w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) == -1) {
		free(w->root);
		free(w);
		return NULL;
	}
	w->root_wd = inotify_add_watch(w->fd, dir, TOP_MASK);
	for (i = 0; i < ARRAY_SIZE(watched); i++) {
		p = path_join(dir, watched[i]);
		watch_tree(w, p);
		free(p);
	}
	return w;
}

void
watch_free(struct watch *w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; i < w->ndirs; i++)
		free(w->dirs[i].path);
	free(w->dirs);
	close(w->fd);
	free(w->root);
	free(w);
}

int
watch_fd(const struct watch *w)
{
	return w->fd;
}

/* Editors' scratch files (swap files, backups, vim's "4913" probe). */
static bool
ignored_name(const char *name)
{
	return name[0] == '.' || str_ends(name, "~") || str_ends(name, ".swp") ||
	    str_ends(name, ".swx") || strcmp(name, "4913") == 0;
}

static bool
top_name(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(watched); i++)
		if (strcmp(name, watched[i]) == 0)
			return true;
	return false;
}

/* Handles one event; true when it is worth a rebuild. */
static bool
watch_event(struct watch *w, const struct inotify_event *ev)
{
	struct watch_dir *d;
	char *sub;

	if (ev->mask & IN_Q_OVERFLOW)
		return true;
	if (ev->mask & IN_IGNORED) {
		watch_forget(w, ev->wd);
		return false;
	}
	if (ev->wd == w->root_wd) {
		if (ev->len == 0 || !top_name(ev->name))
			return false;
		sub = path_join(w->root, ev->name);
		watch_tree(w, sub);
		free(sub);
		return true;
	}
	if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF))
		return true;
	if ((d = dir_by_wd(w, ev->wd)) == NULL || ev->len == 0)
		return false;
	if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO))) {
		sub = path_join(d->path, ev->name);
		watch_tree(w, sub);
		free(sub);
	}
	if (ev->mask & IN_ISDIR)
		return true;
	return !ignored_name(ev->name);
}

bool
watch_read(struct watch *w)
{
	char chunk[16 * (sizeof(struct inotify_event) + NAME_MAX + 1)]
	    __attribute__((aligned(__alignof__(struct inotify_event))));
	const struct inotify_event *ev;
	bool changed = false;
	ssize_t n;
	char *p;

	for (;;) {
		n = read(w->fd, chunk, sizeof(chunk));
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (p = chunk; p < chunk + n; p += sizeof(*ev) + ev->len) {
			ev = (const struct inotify_event *)p;
			if (watch_event(w, ev))
				changed = true;
		}
	}
	return changed;
}
