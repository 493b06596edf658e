/*
 * publish.c: a staging folder beside OUT, swapped in atomically at the end;
 * the checks that OUT may be replaced; signals that remove the staging folder.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "publish.h"

/* What the marker says; it is published with the site, so it says little. */
static const char marker_text[] =
    "This folder is a site built by podium; `podium build` replaces it.\n";

static void
strip_slashes(char *s)
{
	size_t n = strlen(s);

	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
}

/* The staging folder, and the previous site's files on their way out, when
 * OUT is a mount point: in OUT, with the PID after these. */
#define STAGE_IN ".podium-tmp-"
#define OLD_IN ".podium-old-"

/* A file of the previous build (site_prev): its name, hash and size, and
 * the key of what it was made from (site_out_note_key), 0 when none. While
 * a build applying itself in place runs (site_out_prev_use), a file of the
 * build: staged says it is in the staging folder, to be moved into OUT
 * (its bytes differ from OUT's). */
struct prev_file {
	char *rel;
	uint64_t hash;
	size_t size;
	uint64_t key;
	bool staged;
};

/* A file's key, noted while the build runs (site_out_note_key). */
struct file_key {
	char *rel;
	uint64_t key;
};

/* The files an earlier build wrote, where they are now (publish.h). */
struct site_prev {
	int dirfd;
	dev_t dev;              /* the folder dirfd is open on */
	ino_t ino;
	struct prev_file *v;
	size_t n;
	struct htab t;          /* hash_str(rel) -> v */
	char *record;           /* the BUILD_RECORD the folder holds, or NULL */
	pthread_rwlock_t *lock; /* held for writing while a build applies
	                           itself to the folder (site_prev_lock) */
	atomic_bool broken;     /* an apply into the folder failed half way */
};

struct site_out_shared {
	atomic_flag reported;  /* a failed write was reported */
	bool hashing;          /* site_out_hash_begin() */
	/* the sums of each written file's hash (of its name and bytes): the
	 * stylesheets', the other files' (order does not matter, so threads
	 * add theirs as they write) */
	_Atomic uint64_t css, other;
	pthread_mutex_t mu;    /* guards opened and now */
	char **opened;         /* files written in pieces (site_out_open): hashed
	                          from the file when recorded */
	size_t nopened, cap;
	const struct site_prev *prev; /* files the same as these are linked */
	bool apply;            /* prev's folder is OUT: the build writes only
	                          the files that differ from it, into the
	                          staging folder, and the commit moves those
	                          into OUT (site_out_prev_use) */
	struct prev_file *now; /* the files written, for the next build's prev */
	size_t nnow, capnow;
	struct file_key *keys; /* the keys noted, set on now's files by
	                          site_out_prev_take */
	size_t nkeys, capkeys;
	_Atomic size_t nreused; /* files linked by their key (put_prev) */
};

/* A file's hash: of its name and bytes. */
static uint64_t
file_hash(const char *rel, const void *p, size_t n)
{
	return hash_bytes(hash_bytes(HASH_SEED, rel, strlen(rel) + 1), p, n);
}

/* Adds file rel (hash h, n bytes) to the hashes and the files written;
 * staged: it is in the staging folder, and differs from OUT's (apply). */
static void
hash_note(struct site_out_shared *sh, const char *rel, uint64_t h, size_t n,
    bool staged)
{
	atomic_fetch_add(str_ends(rel, ".css") ? &sh->css : &sh->other, h);
	pthread_mutex_lock(&sh->mu);
	sh->now = xgrow(sh->now, sizeof(*sh->now), sh->nnow + 1, &sh->capnow);
	sh->now[sh->nnow].rel = xstrdup(rel);
	sh->now[sh->nnow].hash = h;
	sh->now[sh->nnow].key = 0;
	sh->now[sh->nnow].staged = staged;
	sh->now[sh->nnow++].size = n;
	pthread_mutex_unlock(&sh->mu);
}

/* Did the previous build write rel with these bytes (hash h, n of them)? */
static bool prev_same(const struct site_prev *pv, const char *rel, uint64_t h,
    size_t n);

/* Adds the bytes of rel, in the staging folder, to the hashes. */
static void
hash_add(struct site_out_shared *sh, const char *rel, const void *p, size_t n)
{
	uint64_t h = file_hash(rel, p, n);

	hash_note(sh, rel, h, n, sh->apply && !prev_same(sh->prev, rel, h, n));
}

/* The previous build's file rel, or NULL. */
static const struct prev_file *
prev_find(const struct site_prev *pv, const char *rel)
{
	size_t at = 0, item;

	while (htab_next(&pv->t, hash_str(rel), &at, &item))
		if (strcmp(pv->v[item].rel, rel) == 0)
			return &pv->v[item];
	return NULL;
}

/* Did the previous build write rel with these bytes (hash h, n of them)? */
static bool
prev_same(const struct site_prev *pv, const char *rel, uint64_t h, size_t n)
{
	const struct prev_file *f = prev_find(pv, rel);

	return f != NULL && f->hash == h && f->size == n;
}

/* Links the previous build's rel into the staging folder, making its
 * folders. 0, or -1 (then it is written instead). */
static int
prev_link(const struct site_out *o, const char *rel)
{
	char *dir, *slash;

	if (linkat(o->shared->prev->dirfd, rel, o->tmpfd, rel, 0) == 0)
		return 0;
	if (errno != ENOENT)
		return -1;
	dir = xstrdup(rel);
	for (slash = strchr(dir, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdirat(o->tmpfd, dir, 0777) == -1 && errno != EEXIST) {
			free(dir);
			return -1;
		}
		*slash = '/';
	}
	free(dir);
	return linkat(o->shared->prev->dirfd, rel, o->tmpfd, rel, 0);
}

/* ---- the staging folder a signal must remove ---- */

static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static char *guard_tmp;  /* the staging folder now, or NULL */
static pthread_t guard_tid;
static bool guarding;    /* guard_tid runs */
static pid_t guard_pids[64]; /* the build's drawing processes (draw.h) */
static size_t guard_npids;

/* The same path for a crash's handler, which may not take the lock nor
 * allocate: set once crash_ok says so. */
static char crash_tmp[PATH_MAX];
static volatile sig_atomic_t crash_ok;
/* Under an address-space limit, what a crash says before exit 3 (written
 * once, before the build: a handler may not format), else empty. */
static char crash_why[256];
static size_t crash_why_len;

static void
guard_set_locked(const char *tmp)
{
	free(guard_tmp);
	guard_tmp = tmp != NULL ? xstrdup(tmp) : NULL;
	crash_ok = 0;
	if (tmp != NULL && strlen(tmp) < sizeof(crash_tmp)) {
		strcpy(crash_tmp, tmp);
		crash_ok = 1;
	}
}

static void
guard_set(const char *tmp)
{
	pthread_mutex_lock(&guard_lock);
	guard_set_locked(tmp);
	pthread_mutex_unlock(&guard_lock);
}

/*
 * Removes name (relative to the folder dirfd) and all under it with
 * system calls only, as a signal handler may: no allocation, no stdio.
 */
static void
crash_remove(int dirfd, const char *name, int depth)
{
	char buf[2048];
	long n, at;
	int fd;

	if (unlinkat(dirfd, name, 0) == 0 || errno != EISDIR || depth > 32)
		return;
	if ((fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return;
	while ((n = getdents64(fd, buf, sizeof(buf))) > 0)
		for (at = 0; at < n;) {
			struct dirent64 *de = (struct dirent64 *)(buf + at);

			if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
				crash_remove(fd, de->d_name, depth + 1);
			at += de->d_reclen;
		}
	close(fd);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

/*
 * A library that aborts the process (GLib, when it cannot make a thread
 * or allocate; cairo, on an internal assertion) ends it without the
 * guard: the staging folder is removed here, then the signal goes on.
 */
static void
crash_run(int sig)
{
	static const char *const names[] = {[SIGTRAP] = "SIGTRAP", [SIGABRT] = "SIGABRT",
	    [SIGBUS] = "SIGBUS", [SIGSEGV] = "SIGSEGV"};
	int saved = errno, i;
	struct stat st;

	if (crash_ok)
		for (i = 0; i < 3 && lstat(crash_tmp, &st) == 0; i++)
			crash_remove(AT_FDCWD, crash_tmp, 0);
	/* under a memory limit, a library that cannot allocate ends the run:
	 * say so, and end as a system error does */
	if (crash_why_len > 0 && sig > 0 && (size_t)sig < sizeof(names) / sizeof(names[0]) &&
	    names[sig] != NULL) {
		static const char pre[] = "podium: error: the build stopped on ";

		if (write(STDERR_FILENO, pre, sizeof(pre) - 1) >= 0 &&
		    write(STDERR_FILENO, names[sig], strlen(names[sig])) >= 0 &&
		    write(STDERR_FILENO, crash_why, crash_why_len) >= 0)
			_exit(3);
		_exit(3);
	}
	errno = saved;
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Under an address-space limit (ulimit -v), an allocation that fails in
 * GLib, fontconfig, cairo or the allocator ends the process (an abort, a
 * trap, a null pointer read): the crash handler then names the limit.
 * Without a limit a crash is a bug, and is left to end the process as it
 * would (a sanitizer's report, a core).
 */
static bool
crash_why_set(void)
{
	struct rlimit as;
	int n;

	if (getrlimit(RLIMIT_AS, &as) == -1 || as.rlim_cur == RLIM_INFINITY)
		return false;
	n = snprintf(crash_why, sizeof(crash_why), " in a library: out of memory "
	    "under the address-space limit (ulimit -v %llu kB); the staging folder "
	    "is removed, the previous site kept; raise the limit\n",
	    (unsigned long long)(as.rlim_cur / 1024));
	crash_why_len = n > 0 && (size_t)n < sizeof(crash_why) ? (size_t)n : 0;
	return crash_why_len > 0;
}

/*
 * The rendering threads may still be writing into the folder while it is
 * removed: a file made in a folder already emptied makes its rmdir fail,
 * so the removal is tried again. Once the top folder is gone, nothing can
 * be made in it any more (its descriptor names a removed folder).
 */
static void
remove_hard(const char *path)
{
	int i;

	for (i = 0; i < 200; i++) {
		if (remove_tree(path) == 0)
			return;
		usleep(1000);
	}
}

static void *
guard_run(void *arg)
{
	sigset_t *set = arg;
	int sig = 0;

	while (sigwait(set, &sig) != 0)
		;
	if (sig == SIGUSR1)
		return NULL;    /* site_out_guard_stop(): the run is over */
	/* held to the end: a swap in progress finishes first, none starts */
	pthread_mutex_lock(&guard_lock);
	/* the signal reaches the drawing processes too, and they end first:
	 * nothing writes into the folder removed below */
	for (size_t i = 0; i < guard_npids; i++)
		kill(guard_pids[i], sig);
	for (size_t i = 0; i < guard_npids; i++)
		while (waitpid(guard_pids[i], NULL, 0) == -1 && errno == EINTR)
			;
	if (guard_tmp != NULL)
		remove_hard(guard_tmp);
	signal(sig, SIG_DFL);
	pthread_sigmask(SIG_UNBLOCK, set, NULL);
	raise(sig);
	_exit(128 + sig);
}

/* exit() mid-build (out of memory: oom()) removes the staging folder too;
 * at any other time there is none */
static void
crash_exit(void)
{
	struct stat st;

	if (crash_ok && lstat(crash_tmp, &st) == 0)
		crash_remove(AT_FDCWD, crash_tmp, 0);
}

void
site_out_guard_signals(void)
{
	static sigset_t set;

	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = crash_run;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigaction(SIGABRT, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
	if (crash_why_set()) {
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGBUS, &sa, NULL);
	}
	atexit(crash_exit);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	/* blocked here, before any other thread starts, so in every thread */
	if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0)
		return;
	if (pthread_create(&guard_tid, NULL, guard_run, &set) != 0) {
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
		return;
	}
	guarding = true;
}

void
site_out_guard_children(const pid_t *pids, size_t n)
{
	pthread_mutex_lock(&guard_lock);
	guard_npids = 0;
	for (size_t i = 0; i < n && i < sizeof(guard_pids) / sizeof(guard_pids[0]); i++)
		guard_pids[guard_npids++] = pids[i];
	pthread_mutex_unlock(&guard_lock);
}

void
site_out_guard_stop(void)
{
	if (!guarding)
		return;
	pthread_kill(guard_tid, SIGUSR1);
	pthread_join(guard_tid, NULL);
	guarding = false;
}

/* ---- where OUT may be ---- */

/*
 * path made absolute and free of symbolic links, "." and "..", though its
 * last parts may not exist yet (they are made as given). malloc'd, or NULL.
 */
static char *
resolve(const char *path)
{
	char *copy = xstrdup(path), *rest = NULL, *real = NULL, *slash;
	struct buf b = BUF_INIT;
	const char *p;

	/* the longest part of path that exists */
	for (;;) {
		if ((real = realpath(copy[0] != '\0' ? copy : ".", NULL)) != NULL)
			break;
		if (errno != ENOENT || copy[0] == '\0' || (slash = strrchr(copy, '/')) == NULL) {
			/* not there and nothing left to take off (even "." is gone) */
			if (errno != ENOENT || copy[0] == '\0')
				goto out;
			free(rest);
			rest = xstrdup(path);
			copy[0] = '\0';
			continue;
		}
		free(rest);
		rest = xstrdup(path + (slash - copy) + 1);
		*slash = '\0';
		if (slash == copy) {
			real = xstrdup("/");
			break;
		}
	}
	buf_puts(&b, real);
	for (p = rest; p != NULL && *p != '\0';) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (b.len > 1 && b.data[b.len - 1] != '/')
				b.len--;
			if (b.len > 1)
				b.len--;
			b.data[b.len] = '\0';
		} else if (n > 0 && !(n == 1 && p[0] == '.')) {
			if (b.len > 1)
				buf_putc(&b, '/');
			buf_add(&b, p, n);
		}
		p += n;
		while (*p == '/')
			p++;
	}
	free(real);
	real = buf_detach(&b, NULL);
out:
	free(copy);
	free(rest);
	return real;
}

/* a is b or a folder above it */
static bool
holds(const char *a, const char *b)
{
	size_t n = strlen(a);

	if (strcmp(a, "/") == 0)
		return true;
	return strncmp(a, b, n) == 0 && (b[n] == '\0' || b[n] == '/');
}

static bool
has_entry(const char *dir, const char *name)
{
	struct stat st;
	char *p = path_join(dir, name);
	bool r = lstat(p, &st) == 0;

	free(p);
	return r;
}

/* A site of an older podium, without the marker: its data/ratings.json says
 * podium made it. */
static bool
legacy_site(const char *out)
{
	char *p = path_join(out, "data/ratings.json");
	struct buf b = BUF_INIT;
	bool r = false;

	if (has_entry(out, "index.html") && file_read(p, 1u << 20, &b) == FILE_OK)
		r = strstr(b.data, "\n  \"generator\": \"podium ") != NULL;
	buf_release(&b);
	free(p);
	return r;
}

/* 1: empty, 0: not, -1: cannot tell (errno) */
static int
dir_empty(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *de;
	int r = 1;

	if (dir == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
			r = 0;
			break;
		}
	closedir(dir);
	return r;
}

/*
 * Names podium keeps to itself at the top of OUT: the marker, the build's
 * record and the staging folders of a mount point ("OUT/.podium-tmp-PID").
 */
static bool
own_name(const char *name)
{
	return strncmp(name, ".podium-", 8) == 0;
}

/*
 * The publisher's files at the top of OUT, kept across every build: any
 * name starting with a dot (.git/, .nojekyll, .well-known/) and CNAME.
 */
static bool
kept_name(const char *name)
{
	return (name[0] == '.' && strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
	    !own_name(name)) || strcmp(name, "CNAME") == 0;
}

/* 1: nothing but kept files, 0: more, -1: cannot tell (errno) */
static int
dir_only_kept(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *de;
	int r = 1;

	if (dir == NULL)
		return -1;
	while ((de = readdir(dir)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0 &&
		    !kept_name(de->d_name)) {
			r = 0;
			break;
		}
	closedir(dir);
	return r;
}

static int
refuse(struct diag *d, const char *fmt, const char *a, const char *b)
{
	diag_error(d, NULL, 0, 0, fmt, a, b);
	d->usage = true;
	return -1;
}

int
site_out_check(const char *dir, const char *out, bool force, struct diag *d)
{
	static const char *const project_parts[] = {"content", "templates", "assets"};
	char *root = realpath(dir, NULL), *o = resolve(out);
	struct stat st;
	size_t i;
	int rc = 0, empty;
	bool site;

	if (o == NULL) {
		diag_system(d, NULL, "cannot resolve '%s': %s", out, strerror(errno));
		rc = -1;
		goto out;
	}
	/* never, even with --force */
	if (root != NULL && strcmp(o, root) == 0) {
		rc = refuse(d, "'%s' is the project folder; the site may not replace it, "
		    "even with --force%s", out, "");
		goto out;
	}
	if (root != NULL && holds(o, root)) {
		rc = refuse(d, "'%s' holds the project folder '%s'; the site may not "
		    "replace it, even with --force", out, dir);
		goto out;
	}
	for (i = 0; root != NULL && i < ARRAY_SIZE(project_parts); i++) {
		char *part = path_join(root, project_parts[i]);
		bool in = holds(part, o);

		free(part);
		if (in) {
			rc = refuse(d, "'%s' is in the project's %s/ folder; the site may "
			    "not go there, even with --force", out, project_parts[i]);
			goto out;
		}
	}
	if (lstat(out, &st) == -1) {
		if (errno != ENOENT) {
			diag_system(d, NULL, "cannot open '%s': %s", out, strerror(errno));
			rc = -1;
		}
		goto out;
	}
	/* a site podium built holds its own assets/, and nothing else of a project */
	site = S_ISDIR(st.st_mode) && (has_entry(out, SITE_MARKER) || legacy_site(out));
	for (i = 0; S_ISDIR(st.st_mode) && i < ARRAY_SIZE(project_parts); i++)
		if ((i < 2 || !site) && has_entry(out, project_parts[i])) {
			rc = refuse(d, "'%s' holds '%s/', as a project folder does; the "
			    "site may not replace it, even with --force", out,
			    project_parts[i]);
			goto out;
		}
	/*
	 * Only a folder is ever replaced, or a link to one (the link, not its
	 * folder): a file, a device or a FIFO is not a site, even with --force.
	 */
	if (S_ISLNK(st.st_mode)) {
		struct stat to;

		if (stat(out, &to) == -1 || !S_ISDIR(to.st_mode))
			rc = refuse(d, "'%s' is not a folder; the site may not "
			    "replace it, even with --force%s", out, "");
		else if (!force)
			rc = refuse(d, "'%s' is a symbolic link; use --force to "
			    "replace it%s", out, "");
		goto out;
	}
	if (!S_ISDIR(st.st_mode)) {
		rc = refuse(d, "'%s' is not a folder; the site may not replace it, "
		    "even with --force%s", out, "");
		goto out;
	}
	if (force)
		goto out;
	/* its kept files only (a fresh checkout of a publishing branch) */
	if ((empty = dir_only_kept(out)) == -1) {
		diag_system(d, NULL, "cannot open '%s': %s", out, strerror(errno));
		rc = -1;
		goto out;
	}
	if (empty == 1 || site)
		goto out;
	rc = refuse(d, "'%s' is not empty and is not a site podium built; use "
	    "--force to replace it%s", out, "");
out:
	free(root);
	free(o);
	return rc;
}

/* ---- staging folders left by a build that was killed ---- */

/* "PREFIXPID" (PREFIX: "NAME.tmp-" beside OUT, ".podium-tmp-" or
 * ".podium-old-" in it) of a process that is gone, holding a site or
 * nothing (beside OUT) */
static bool
stale(const char *parent, const char *entry, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *s;
	char *end, *path;
	long pid;
	bool r;

	if (strncmp(entry, prefix, n) != 0)
		return false;
	s = entry + n;
	if (*s < '1' || *s > '9')
		return false;
	errno = 0;
	pid = strtol(s, &end, 10);
	if (*end != '\0' || errno != 0 || pid <= 0 || pid > INT_MAX ||
	    pid == (long)getpid())
		return false;
	if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
		return false;
	/* in OUT, the name is podium's own (own_name): whatever it holds */
	if (strncmp(prefix, ".podium-", 8) == 0)
		return true;
	path = path_join(parent, entry);
	r = has_entry(path, SITE_MARKER) || dir_empty(path) == 1;
	free(path);
	return r;
}

/* Removes the stale folders PREFIXPID in parent. */
static void
remove_stale_in(const char *parent, const char *prefix)
{
	DIR *dir;
	struct dirent *de;

	if ((dir = opendir(parent)) == NULL)
		return;
	while ((de = readdir(dir)) != NULL)
		if (stale(parent, de->d_name, prefix)) {
			char *p = path_join(parent, de->d_name);

			remove_tree(p);
			free(p);
		}
	closedir(dir);
}

static void
remove_stale(const char *out)
{
	char *copy = xstrdup(out), *slash = strrchr(copy, '/'), *prefix;
	const char *parent = ".", *base = copy;

	if (slash != NULL) {
		*slash = '\0';
		parent = slash == copy ? "/" : copy;
		base = slash + 1;
	}
	prefix = xasprintf("%s.tmp-", base);
	remove_stale_in(parent, prefix);
	free(prefix);
	remove_stale_in(out, STAGE_IN);
	remove_stale_in(out, OLD_IN);
	free(copy);
}

/*
 * Is out (a folder, not a link) the root of a mount (a container's volume,
 * a tmpfs)? Such a folder cannot be renamed (EBUSY): its contents are
 * swapped instead (site_out_commit).
 */
static bool
mount_point(const char *out)
{
	struct statx sx;
	struct stat st, up;
	char *parent;
	bool r;

	if (statx(AT_FDCWD, out, AT_SYMLINK_NOFOLLOW, STATX_TYPE, &sx) == 0 &&
	    (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
		return S_ISDIR(sx.stx_mode) && (sx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
	/* older kernels: another device than the folder above */
	if (lstat(out, &st) == -1 || !S_ISDIR(st.st_mode))
		return false;
	parent = path_join(out, "..");
	r = stat(parent, &up) == 0 && up.st_dev != st.st_dev;
	free(parent);
	return r;
}

/* ---- the staging folder ---- */

int
site_out_begin(struct site_out *o, const char *out, struct diag *d)
{
	memset(o, 0, sizeof(*o));
	o->d = d;
	o->out = xstrdup(out);
	strip_slashes(o->out);
	o->in_place = mount_point(o->out);
	if (o->in_place)
		o->tmp = xasprintf("%s/" STAGE_IN "%ld", o->out, (long)getpid());
	else
		o->tmp = xasprintf("%s.tmp-%ld", o->out, (long)getpid());
	o->tmpfd = -1;
	o->shared = xcalloc(1, sizeof(*o->shared));
	atomic_flag_clear(&o->shared->reported);
	pthread_mutex_init(&o->shared->mu, NULL);
	remove_stale(o->out);
	guard_set(o->tmp);
	if (remove_tree(o->tmp) == -1 || mkdir_p(o->tmp) == -1 ||
	    (o->tmpfd = open(o->tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 ||
	    file_write_at(o->tmpfd, SITE_MARKER, marker_text,
	    sizeof(marker_text) - 1, false) == -1) {
		diag_system(d, NULL, "cannot create '%s': %s", o->tmp, strerror(errno));
		site_out_abort(o);
		o->failed = true;
		return -1;
	}
	return 0;
}

int
site_out_begin_discard(struct site_out *o, struct diag *d)
{
	const char *t = getenv("TMPDIR");
	bool made;
	int err = 0;

	memset(o, 0, sizeof(*o));
	o->d = d;
	o->discard = true;
	o->tmpfd = -1;
	o->tmp = xasprintf("%s/podium-check-XXXXXX", t != NULL && *t == '/' ? t : "/tmp");
	/* made and guarded in one step: a signal in between would leave it */
	pthread_mutex_lock(&guard_lock);
	if ((made = mkdtemp(o->tmp) != NULL))
		guard_set_locked(o->tmp);
	else
		err = errno;
	pthread_mutex_unlock(&guard_lock);
	if (!made) {
		diag_system(d, NULL, "cannot create '%s': %s", o->tmp, strerror(err));
		free(o->tmp);
		o->tmp = NULL;
		o->failed = true;
		return -1;
	}
	o->out = xstrdup(o->tmp);
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
	bool hashing = o->shared != NULL && o->shared->hashing;
	uint64_t h = 0;
	size_t len;

	if (o->tmp == NULL)
		return EINVAL;
	if (!rel_safe(rel))
		return -1;
	if (o->discard)
		return 0;
	if (hashing) {
		h = file_hash(rel, p, n);
		/* the same bytes as the previous build's: linked, not written */
		if (o->shared->prev != NULL && prev_same(o->shared->prev, rel, h, n) &&
		    (o->shared->apply || prev_link(o, rel) == 0)) {
			/* (applied in place: OUT has it already) */
			hash_note(o->shared, rel, h, n, false);
			return 0;
		}
	}
	/* a page in a folder of its own: the folder is made first */
	len = strlen(rel);
	if (file_write_at(o->tmpfd, rel, p, n, len > sizeof(page) - 1 &&
	    memcmp(rel + len - (sizeof(page) - 1), page, sizeof(page) - 1) == 0) == -1)
		return errno != 0 ? errno : EIO;
	if (hashing)
		hash_note(o->shared, rel, h, n, o->shared->apply);
	return 0;
}

int
site_out_put_same(const struct site_out *o, const char *from, const char *rel,
    const void *p, size_t n)
{
	if (o->tmp == NULL)
		return EINVAL;
	if (!rel_safe(rel) || !rel_safe(from))
		return -1;
	if (o->discard)
		return 0;
	/* applied in place: written only when it differs from OUT's */
	if (o->shared != NULL && o->shared->apply)
		return site_out_put(o, rel, p, n);
	/* a link where the file system allows it, else the bytes again */
	if (linkat(o->tmpfd, from, o->tmpfd, rel, 0) == -1)
		return site_out_put(o, rel, p, n);
	if (o->shared != NULL && o->shared->hashing)
		hash_add(o->shared, rel, p, n);
	return 0;
}

void
site_out_note_key(const struct site_out *o, const char *rel, uint64_t key)
{
	struct site_out_shared *sh = o->shared;

	if (sh == NULL || !sh->hashing || key == 0)
		return;
	pthread_mutex_lock(&sh->mu);
	sh->keys = xgrow(sh->keys, sizeof(*sh->keys), sh->nkeys + 1, &sh->capkeys);
	sh->keys[sh->nkeys].rel = xstrdup(rel);
	sh->keys[sh->nkeys++].key = key;
	pthread_mutex_unlock(&sh->mu);
}

int
site_out_put_prev(const struct site_out *o, const char *rel, uint64_t key)
{
	const struct site_prev *pv;
	const struct prev_file *f;

	if (o->tmp == NULL || o->discard || o->shared == NULL || !o->shared->hashing ||
	    (pv = o->shared->prev) == NULL || key == 0 || !rel_safe(rel))
		return -1;
	/* (applied in place: OUT has it already) */
	if ((f = prev_find(pv, rel)) == NULL || f->key != key ||
	    (!o->shared->apply && prev_link(o, rel) == -1))
		return -1;
	hash_note(o->shared, rel, f->hash, f->size, false);
	site_out_note_key(o, rel, key);
	atomic_fetch_add(&o->shared->nreused, 1);
	return 0;
}

size_t
site_out_reused(const struct site_out *o)
{
	return o->shared != NULL ? atomic_load(&o->shared->nreused) : 0;
}

int
site_out_open(const struct site_out *o, const char *rel, int *fd)
{
	*fd = -1;
	if (o->tmp == NULL)
		return EINVAL;
	if (!rel_safe(rel))
		return -1;
	if (o->discard)
		*fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	else
		*fd = file_open_at(o->tmpfd, rel, false);
	if (*fd != -1 && !o->discard && o->shared != NULL && o->shared->hashing) {
		pthread_mutex_lock(&o->shared->mu);
		o->shared->opened = xgrow(o->shared->opened, sizeof(char *),
		    o->shared->nopened + 1, &o->shared->cap);
		o->shared->opened[o->shared->nopened++] = xstrdup(rel);
		pthread_mutex_unlock(&o->shared->mu);
	}
	if (*fd == -1)
		return errno != 0 ? errno : EIO;
	return 0;
}

/* A file written in pieces is hashed once it is recorded (written whole),
 * from the file: its writer holds its bytes only a piece at a time. */
static void
hash_opened(struct site_out *o, const char *rel)
{
	struct site_out_shared *sh = o->shared;
	struct buf b = BUF_INIT;
	bool found = false;
	char *path;
	size_t i;

	pthread_mutex_lock(&sh->mu);
	for (i = 0; i < sh->nopened && !found; i++)
		if (strcmp(sh->opened[i], rel) == 0) {
			free(sh->opened[i]);
			sh->opened[i] = sh->opened[--sh->nopened];
			found = true;
		}
	pthread_mutex_unlock(&sh->mu);
	if (!found)
		return;
	path = site_out_path(o, rel);
	if (file_read(path, SIZE_MAX, &b) == FILE_OK)
		hash_add(sh, rel, b.data, b.len);
	else {
		/* a change, to be safe: a hash no file has, and moved into OUT
		 * when applied in place */
		atomic_fetch_add(&sh->other, 1);
		hash_note(sh, rel, 0, SIZE_MAX, sh->apply);
	}
	free(path);
	buf_release(&b);
}

void
site_out_hash_begin(struct site_out *o)
{
	if (o->shared == NULL)
		return;
	o->shared->hashing = true;
	atomic_init(&o->shared->css, 0);
	atomic_init(&o->shared->other, 0);
}

void
site_out_prev_use(struct site_out *o, const struct site_prev *prev)
{
	struct stat st;

	if (o->shared == NULL || !o->shared->hashing || prev == NULL)
		return;
	o->shared->prev = prev;
	/* the previous build's folder is OUT itself (podium serve): applied in
	 * place, unless an apply into it failed half way */
	o->shared->apply = !o->in_place && !atomic_load(&prev->broken) &&
	    lstat(o->out, &st) == 0 && S_ISDIR(st.st_mode) &&
	    st.st_dev == prev->dev && st.st_ino == prev->ino;
}

struct site_prev *
site_out_prev_take(struct site_out *o, const char *dir)
{
	struct site_out_shared *sh = o->shared;
	struct site_prev *pv;
	struct stat st;
	size_t i;
	int fd;

	if (sh == NULL || !sh->hashing ||
	    (fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return NULL;
	pv = xcalloc(1, sizeof(*pv));
	pv->dirfd = fd;
	if (fstat(fd, &st) == 0) {
		pv->dev = st.st_dev;
		pv->ino = st.st_ino;
	}
	pv->record = o->record != NULL ? xstrdup(o->record) : NULL;
	atomic_init(&pv->broken, false);
	pv->v = sh->now;
	pv->n = sh->nnow;
	pv->t = (struct htab)HTAB_INIT;
	for (i = 0; i < pv->n; i++)
		htab_add(&pv->t, hash_str(pv->v[i].rel), i);
	/* a key noted for a file the build did not write is dropped */
	for (i = 0; i < sh->nkeys; i++) {
		struct prev_file *f = (struct prev_file *)prev_find(pv, sh->keys[i].rel);

		if (f != NULL)
			f->key = sh->keys[i].key;
	}
	sh->now = NULL;
	sh->nnow = sh->capnow = 0;
	return pv;
}

void
site_prev_free(struct site_prev *pv)
{
	size_t i;

	if (pv == NULL)
		return;
	close(pv->dirfd);
	for (i = 0; i < pv->n; i++)
		free(pv->v[i].rel);
	free(pv->v);
	htab_free(&pv->t);
	free(pv->record);
	free(pv);
}

void
site_prev_lock(struct site_prev *pv, pthread_rwlock_t *lock)
{
	if (pv != NULL)
		pv->lock = lock;
}

bool
site_prev_broken(const struct site_prev *pv)
{
	return pv != NULL && atomic_load(&pv->broken);
}

size_t
site_prev_count(const struct site_prev *pv)
{
	return pv != NULL ? pv->n : 0;
}

const char *
site_prev_file(const struct site_prev *pv, size_t i, uint64_t *hash, size_t *size)
{
	*hash = pv->v[i].hash;
	*size = pv->v[i].size;
	return pv->v[i].rel;
}

bool
site_prev_same(const struct site_prev *pv, const char *rel, uint64_t hash,
    size_t size)
{
	return pv != NULL && prev_same(pv, rel, hash, size);
}

bool
site_out_hash(const struct site_out *o, uint64_t *css, uint64_t *other)
{
	if (o->shared == NULL || !o->shared->hashing)
		return false;
	*css = atomic_load(&o->shared->css);
	*other = atomic_load(&o->shared->other);
	return true;
}

int
site_out_record(struct site_out *o, const char *rel, int put)
{
	if (o->tmp == NULL)
		return -1;
	if (put == -1) {
		diag_system(o->d, NULL, "refusing to write outside the output folder: '%s'", rel);
		o->failed = true;
		return -1;
	}
	if (put != 0)
		return site_out_failed(o, rel, put);
	files_add(o, rel);
	if (o->shared != NULL && o->shared->hashing && o->shared->nopened > 0)
		hash_opened(o, rel);
	return 0;
}

bool
site_out_claim_failure(struct site_out *o)
{
	return o->shared == NULL || !atomic_flag_test_and_set(&o->shared->reported);
}

int
site_out_failed(struct site_out *o, const char *rel, int err)
{
	char *path;

	o->failed = true;
	if (o->shared != NULL && atomic_flag_test_and_set(&o->shared->reported))
		return -1;
	path = path_join(o->tmp != NULL ? o->tmp : o->out, rel);
	diag_system(o->d, NULL, "cannot write '%s': %s", path, strerror(err));
	free(path);
	return -1;
}

int
site_out_write(struct site_out *o, const char *rel, const void *p, size_t n)
{
	return site_out_record(o, rel, site_out_put(o, rel, p, n));
}

/* ---- the previous site's files kept: a partial build's, the publisher's ---- */

struct carry {
	struct site_out *o;
	struct buf rel;     /* the path under OUT being walked */
	bool parts;         /* the parts this build does not make are kept */
	bool keep;          /* in a kept folder of the publisher's: all of it */
	int err;            /* the first failure's errno */
};

/* Links (else copies) the file name in from to the same name in to. */
static int
carry_file(int from, int to, const char *name, const struct stat *st)
{
	char target[PATH_MAX];
	ssize_t n;
	int in, out, rc = 0;
	char chunk[65536];

	if (S_ISLNK(st->st_mode)) {
		if ((n = readlinkat(from, name, target, sizeof(target) - 1)) == -1)
			return -1;
		target[n] = '\0';
		return symlinkat(target, to, name);
	}
	if (!S_ISREG(st->st_mode))
		return 0;
	if (linkat(from, name, to, name, 0) == 0)
		return 0;
	if ((in = openat(from, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return -1;
	if ((out = openat(to, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    st->st_mode & 07777)) == -1) {
		close(in);
		return -1;
	}
	while ((n = read(in, chunk, sizeof(chunk))) > 0)
		if (write_all(out, chunk, (size_t)n) == -1) {
			rc = -1;
			break;
		}
	if (n == -1)
		rc = -1;
	close(in);
	if (close(out) == -1)
		rc = -1;
	return rc;
}

/* Walks the folder open as from (OUT's folder at c->rel) into to. */
static void
carry_dir(struct carry *c, int from, int to)
{
	DIR *dir;
	struct dirent *de;
	struct stat st, there;
	size_t at = c->rel.len;
	bool keep = c->keep;
	int fd = dup(from);

	if (fd == -1 || (dir = fdopendir(fd)) == NULL) {
		if (fd != -1)
			close(fd);
		c->err = c->err ? c->err : errno;
		return;
	}
	while ((de = readdir(dir)) != NULL && c->err == 0) {
		const char *name = de->d_name;

		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		/* podium's own (made anew), and the publisher's, which stay
		 * where they are in a mount point */
		if (at == 0 && (own_name(name) || (c->o->in_place && kept_name(name))))
			continue;
		c->keep = keep || (at == 0 && kept_name(name));
		if (!c->keep && !c->parts)
			continue;
		if (fstatat(from, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
			c->err = errno;
			break;
		}
		c->rel.len = at;
		if (at > 0)
			buf_putc(&c->rel, '/');
		buf_puts(&c->rel, name);
		if (S_ISDIR(st.st_mode)) {
			int sub_from, sub_to;

			if (mkdirat(to, name, c->keep ? 0700 : 0777) == -1) {
				if (errno != EEXIST) {
					c->err = errno;
					break;
				}
				/* a file of the rebuilt parts where a folder was */
				if (fstatat(to, name, &there, AT_SYMLINK_NOFOLLOW) == -1 ||
				    !S_ISDIR(there.st_mode))
					continue;
			}
			sub_from = openat(from, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			sub_to = openat(to, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub_from != -1 && sub_to != -1)
				carry_dir(c, sub_from, sub_to);
			else
				c->err = errno;
			if (sub_from != -1)
				close(sub_from);
			if (sub_to != -1)
				close(sub_to);
			if (c->keep)
				/* the publisher's folder as it was, empty or not */
				fchmodat(to, name, st.st_mode & 07777, 0);
			else
				/* a folder of the rebuilt parts only, and now empty: not kept */
				unlinkat(to, name, AT_REMOVEDIR);
		} else if (fstatat(to, name, &there, AT_SYMLINK_NOFOLLOW) == -1 &&
		    (c->keep || c->o->carry(c->rel.data, c->o->carry_arg))) {
			if (carry_file(from, to, name, &st) == -1)
				c->err = errno;
		}
	}
	c->keep = keep;
	c->rel.len = at;
	if (c->rel.data != NULL)
		c->rel.data[at] = '\0';
	closedir(dir);
}

/*
 * The files of the previous OUT that this build keeps, into the staging
 * folder: the parts a partial build does not make, from a site podium
 * built only (a folder replaced with --force is not kept), and the
 * publisher's files (kept_name), always; but in a mount point, where
 * those stay in place.
 */
static int
carry_old(struct site_out *o)
{
	struct carry c;
	int from;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.parts = o->carry != NULL && (has_entry(o->out, SITE_MARKER) || legacy_site(o->out));
	if (!c.parts && o->in_place)
		return 0;
	if ((from = open(o->out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)
			return 0;
		diag_system(o->d, NULL, "cannot open '%s': %s", o->out, strerror(errno));
		return -1;
	}
	buf_init(&c.rel);
	carry_dir(&c, from, o->tmpfd);
	close(from);
	buf_release(&c.rel);
	if (c.err != 0) {
		diag_system(o->d, NULL, "cannot keep the files of '%s': %s", o->out,
		    strerror(c.err));
		return -1;
	}
	return 0;
}

/* The names in the folder open as fd but "." and ".."; malloc'd, or NULL
 * (errno). */
static char **
names_at(int fd, size_t *n)
{
	DIR *dir;
	struct dirent *de;
	char **v = NULL;
	size_t cap = 0;
	int d = dup(fd);

	*n = 0;
	if (d == -1 || (dir = fdopendir(d)) == NULL) {
		if (d != -1)
			close(d);
		return NULL;
	}
	while ((de = readdir(dir)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
			v = xgrow(v, sizeof(*v), *n + 1, &cap);
			v[(*n)++] = xstrdup(de->d_name);
		}
	closedir(dir);
	if (v == NULL)
		v = xgrow(v, sizeof(*v), 1, &cap);
	return v;
}

/* Moves the first n of names from the folder from to the folder to, back
 * where a failure left them; for the undoing, failures are not told. */
static void
move_back(int from, int to, char **names, size_t n)
{
	while (n-- > 0)
		renameat(from, names[n], to, names[n]);
}

/*
 * OUT is a mount point: it cannot be renamed, so its contents are. The
 * previous site's entries (not the publisher's kept files) go into
 * OUT/.podium-old-PID, then the staging folder's into OUT, and the old
 * ones are removed. Each step is a rename in one file system; a failure
 * moves back what had moved. Not one step, as the swap of two folders is:
 * a process killed outright (SIGKILL) in the middle leaves a mix, which
 * the next build replaces. Called with guard_lock held.
 */
static int
swap_contents(struct site_out *o, char **old_path)
{
	const char *tmpname = strrchr(o->tmp, '/') + 1;
	char *oldname = xasprintf(OLD_IN "%ld", (long)getpid());
	char **prev = NULL, **next = NULL;
	size_t nprev = 0, nnext = 0, i, moved;
	int outfd, oldfd = -1, tmpfd = -1, rc = -1, err = 0;

	*old_path = path_join(o->out, oldname);
	if ((outfd = open(o->out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1 ||
	    (tmpfd = openat(outfd, tmpname, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1 ||
	    (mkdirat(outfd, oldname, 0700) == -1 && errno != EEXIST) ||
	    (oldfd = openat(outfd, oldname, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) == -1 ||
	    (prev = names_at(outfd, &nprev)) == NULL ||
	    (next = names_at(tmpfd, &nnext)) == NULL) {
		err = errno;
		goto out;
	}
	/* the previous site out of the way: podium's files, not the publisher's */
	for (i = moved = 0; i < nprev; i++) {
		const char *name = prev[i];

		if (kept_name(name) || strncmp(name, STAGE_IN, strlen(STAGE_IN)) == 0 ||
		    strncmp(name, OLD_IN, strlen(OLD_IN)) == 0)
			continue;
		if (renameat(outfd, name, oldfd, name) == -1) {
			err = errno;
			move_back(oldfd, outfd, prev, moved);
			goto out;
		}
		/* the moved names first, for move_back */
		prev[i] = prev[moved];
		prev[moved++] = (char *)name;
	}
	for (i = 0; i < nnext; i++)
		if (renameat(tmpfd, next[i], outfd, next[i]) == -1) {
			err = errno;
			move_back(outfd, tmpfd, next, i);
			move_back(oldfd, outfd, prev, moved);
			goto out;
		}
	rc = 0;
out:
	if (rc == -1) {
		diag_system(o->d, NULL, "cannot replace the contents of '%s': %s", o->out,
		    strerror(err));
		if (oldfd != -1)
			unlinkat(outfd, oldname, AT_REMOVEDIR);
	}
	strv_free(prev, nprev);
	strv_free(next, nnext);
	if (oldfd != -1)
		close(oldfd);
	if (tmpfd != -1)
		close(tmpfd);
	if (outfd != -1)
		close(outfd);
	free(oldname);
	return rc;
}

/* OUT is still what site_out_check let through: absent, a folder, or a
 * link to a folder. */
static bool
still_replaceable(const char *out)
{
	struct stat st;

	if (lstat(out, &st) == -1)
		return errno == ENOENT;
	if (S_ISLNK(st.st_mode) && stat(out, &st) == -1)
		return false;
	return S_ISDIR(st.st_mode);
}

/* Whether rel is one of the n files v (looked up in t). */
static bool
in_files(const struct htab *t, const struct prev_file *v, const char *rel)
{
	size_t at = 0, item;

	while (htab_next(t, hash_str(rel), &at, &item))
		if (strcmp(v[item].rel, rel) == 0)
			return true;
	return false;
}

/* Removes rel from the folder dirfd, then its folders that it leaves
 * empty. 0, or -1 (errno). */
static int
unlink_up(int dirfd, const char *rel)
{
	char *dir, *slash;

	if (unlinkat(dirfd, rel, 0) == -1 && errno != ENOENT)
		return -1;
	dir = xstrdup(rel);
	while ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if (unlinkat(dirfd, dir, AT_REMOVEDIR) == -1)
			break;
	}
	free(dir);
	return 0;
}

/* Moves rel from the staging folder to the same name in OUT (dirfd),
 * replacing OUT's at once (a rename in one file system), making its
 * folders. 0, or -1 (errno). */
static int
move_in(int from, int to, const char *rel)
{
	const char *slash;
	char *dir;
	int rc;

	if (renameat(from, rel, to, rel) == 0)
		return 0;
	if (errno != ENOENT || (slash = strrchr(rel, '/')) == NULL)
		return -1;
	dir = xstrndup(rel, (size_t)(slash - rel));
	rc = mkdir_p_at(to, dir);
	free(dir);
	if (rc == -1)
		return -1;
	return renameat(from, rel, to, rel);
}

/*
 * A build applied in place (podium serve; site_out_prev_use): OUT holds
 * the previous build's files, the staging folder this build's files that
 * differ from them. Under the lock of the folder's readers (site_prev_lock)
 * and the guard's, the files OUT has and this build did not make are
 * removed (with the folders they leave empty), then each staged file
 * replaces OUT's by a rename: a reader opens a whole file, the old or the
 * new, never half of one, and none opens one while the files move. Only
 * the files that differ are touched: the others keep their inode and
 * times. A failure before the first change leaves OUT as it was; after it,
 * OUT is a mix, and its site_prev is marked broken: the next build writes
 * a whole site again. Returns 0, or -1 after a diag_system.
 */
static int
apply_in_place(struct site_out *o)
{
	struct site_out_shared *sh = o->shared;
	struct site_prev *pv = (struct site_prev *)sh->prev;
	struct htab t = HTAB_INIT;
	const char *failed = NULL;
	bool record, changed = false;
	size_t i;
	int err = 0;

	for (i = 0; i < sh->nnow; i++)
		htab_add(&t, hash_str(sh->now[i].rel), i);
	/* the options, noted in the staging folder when they changed */
	record = o->record != NULL &&
	    (pv->record == NULL || strcmp(pv->record, o->record) != 0);
	if (record && file_write_at(o->tmpfd, BUILD_RECORD, o->record,
	    strlen(o->record), false) == -1) {
		htab_free(&t);
		return site_out_failed(o, BUILD_RECORD, errno);
	}
	pthread_mutex_lock(&guard_lock);
	if (pv->lock != NULL)
		pthread_rwlock_wrlock(pv->lock);
	for (i = 0; i < pv->n && failed == NULL; i++)
		if (!in_files(&t, sh->now, pv->v[i].rel)) {
			if (unlink_up(pv->dirfd, pv->v[i].rel) == -1) {
				err = errno;
				failed = pv->v[i].rel;
			} else
				changed = true;
		}
	for (i = 0; i < sh->nnow && failed == NULL; i++)
		if (sh->now[i].staged) {
			if (move_in(o->tmpfd, pv->dirfd, sh->now[i].rel) == -1) {
				err = errno;
				failed = sh->now[i].rel;
			} else
				changed = true;
		}
	if (failed == NULL && record) {
		if (renameat(o->tmpfd, BUILD_RECORD, pv->dirfd, BUILD_RECORD) == -1) {
			err = errno;
			failed = BUILD_RECORD;
		}
	}
	if (failed != NULL && changed)
		atomic_store(&pv->broken, true);
	if (pv->lock != NULL)
		pthread_rwlock_unlock(pv->lock);
	pthread_mutex_unlock(&guard_lock);
	htab_free(&t);
	if (failed != NULL) {
		diag_system(o->d, NULL, "cannot update '%s' in '%s': %s", failed,
		    o->out, strerror(err));
		return -1;
	}
	return 0;
}

int
site_out_commit(struct site_out *o)
{
	struct stat st;
	char *old = NULL;
	int rc = 0;

	if (o->tmp == NULL || o->failed || o->discard)
		return -1;
	if (o->shared != NULL && o->shared->apply) {
		if (apply_in_place(o) == -1)
			return -1;
		close(o->tmpfd);
		o->tmpfd = -1;
		remove_tree(o->tmp);
		guard_set(NULL);
		free(o->tmp);
		o->tmp = NULL;
		return 0;
	}
	if (carry_old(o) == -1)
		return -1;
	if (o->record != NULL && file_write_at(o->tmpfd, BUILD_RECORD, o->record,
	    strlen(o->record), false) == -1)
		return site_out_failed(o, BUILD_RECORD, errno);
	close(o->tmpfd);
	o->tmpfd = -1;
	pthread_mutex_lock(&guard_lock);
	if (!still_replaceable(o->out)) {
		diag_system(o->d, NULL, "'%s' is no longer a folder; the site may not "
		    "replace it", o->out);
		rc = -1;
	} else if (o->in_place) {
		if ((rc = swap_contents(o, &old)) == 0) {
			/* a signal from now on removes the old site's files */
			guard_set_locked(old);
		}
	} else if (lstat(o->out, &st) == 0) {
		/* swap both names in one step; the old site ends up in tmp */
		if (renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->out, RENAME_EXCHANGE) == -1) {
			diag_system(o->d, NULL, "cannot replace '%s': %s", o->out, strerror(errno));
			rc = -1;
		}
	} else if (rename(o->tmp, o->out) == -1) {
		diag_system(o->d, NULL, "cannot create '%s': %s", o->out, strerror(errno));
		rc = -1;
	}
	pthread_mutex_unlock(&guard_lock);
	if (rc == -1) {
		free(old);
		return -1;
	}
	if (old != NULL)
		remove_tree(old);
	remove_tree(o->tmp);
	guard_set(NULL);
	free(old);
	free(o->tmp);
	o->tmp = NULL;
	return 0;
}

char *
site_out_built_with(const char *out)
{
	char *p = path_join(out, BUILD_RECORD);
	struct buf b = BUF_INIT;

	if (file_read(p, 1u << 16, &b) != FILE_OK) {
		buf_release(&b);
		free(p);
		return NULL;
	}
	free(p);
	return buf_detach(&b, NULL);
}

void
site_out_abort(struct site_out *o)
{
	if (o->tmp != NULL) {
		if (o->tmpfd != -1)
			close(o->tmpfd);
		o->tmpfd = -1;
		remove_tree(o->tmp);
		guard_set(NULL);
		free(o->tmp);
		o->tmp = NULL;
	}
	if (o->shared != NULL) {
		strv_free(o->shared->opened, o->shared->nopened);
		for (size_t i = 0; i < o->shared->nnow; i++)
			free(o->shared->now[i].rel);
		free(o->shared->now);
		for (size_t i = 0; i < o->shared->nkeys; i++)
			free(o->shared->keys[i].rel);
		free(o->shared->keys);
		pthread_mutex_destroy(&o->shared->mu);
	}
	free(o->shared);
	o->shared = NULL;
	strv_free(o->files, o->nfiles);
	o->files = NULL;
	o->nfiles = o->cap = 0;
	free(o->out);
	o->out = NULL;
}
