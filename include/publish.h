/*
 * publish.h: the output folder, written atomically. A build writes into a
 * temporary folder beside OUT ("OUT.tmp-PID") and swaps it in at the end;
 * a failed build removes the temporary folder and leaves OUT as it was.
 * Paths given to site_out_write are relative and never leave the folder.
 *
 * OUT a mount point (it cannot be renamed) is staged in itself instead
 * ("OUT/.podium-tmp-PID"), and its contents swapped. Names starting with
 * ".podium-" at the top of OUT are podium's own; the publisher's there,
 * any other name starting with a dot and CNAME, are kept by every build.
 *
 * Every site podium builds holds the marker file SITE_MARKER; OUT may be
 * replaced only when it is absent, empty (but for the publisher's files)
 * or holds the marker (or --force), and only when it is a folder or a
 * link to one; never when it is the project folder, above it, in its
 * content, templates or assets, or holds such a folder (site_out_check).
 */
#ifndef PODIUM_PUBLISH_H
#define PODIUM_PUBLISH_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "diag.h"

#define SITE_MARKER ".podium-site"
/* How each part of the site was built (the options), for --only. */
#define BUILD_RECORD ".podium-build"

/* What the copies of one build's site_out share (one per thread). */
struct site_out_shared;

struct site_out {
	char *out;     /* final folder */
	char *tmp;     /* staging folder */
	int tmpfd;     /* open on tmp while tmp is not NULL: files are made
	                  relative to it, a short walk instead of the whole path */
	struct diag *d;
	bool failed;   /* a write failed; commit will refuse */
	size_t nfiles;
	char **files;  /* relative paths written, in order (for sitemaps, tests) */
	size_t cap;
	bool discard;  /* check: files are made and thrown away */
	bool in_place; /* OUT is a mount point: staged in it, its contents
	                  swapped (site_out_commit) */
	const char *record; /* written to OUT/BUILD_RECORD by the commit, or
	                       NULL: the options each part was built with */
	/* a partial build: the previous OUT's file rel is kept when this says
	 * so and this build did not write it; NULL: nothing is kept */
	bool (*carry)(const char *rel, void *arg);
	void *carry_arg;
	/* made by site_out_begin, shared by the copies: the first failed
	 * write is the one reported */
	struct site_out_shared *shared;
};

/*
 * May the site replace out? 0, or -1 after an error saying why (usage
 * set: exit 2; system set when out could not be read). A site of an older
 * podium, without the marker, is known by its data/ratings.json ("generator":
 * "podium ...") and replaced too. Touches nothing.
 */
int site_out_check(const char *dir, const char *out, bool force,
    struct diag *d);
/*
 * From now on, SIGINT, SIGTERM and SIGHUP remove the staging folder before
 * the process ends. Called once, before any other thread starts.
 */
void site_out_guard_signals(void);
/*
 * The processes the guard sends a signal on to (and waits for) before it
 * removes the staging folder: the build's drawing processes (draw.h);
 * NULL, 0 once they have ended.
 */
void site_out_guard_children(const pid_t *pids, size_t n);
/* Ends the guard's thread, once the run is over (the signals stay blocked,
 * and the process ends right after). */
void site_out_guard_stop(void);

/*
 * Creates the staging folder (holding the marker), after removing the
 * staging folders of builds of out that were killed (their process is gone).
 * Returns 0, or -1 after a diag_system.
 */
int site_out_begin(struct site_out *o, const char *out, struct diag *d);
/* For check: files are made in memory and thrown away; commit refuses. */
int site_out_begin_discard(struct site_out *o, struct diag *d);
/* Writes one file (creating folders). Returns 0, or -1 after a diag_system. */
int site_out_write(struct site_out *o, const char *rel, const void *p, size_t n);
/*
 * The two halves of site_out_write, for pages written by several threads:
 * site_out_put writes the file only, touching nothing in o, and may run in
 * several threads at once; it returns 0, an errno value, or -1 for a path
 * that would leave the folder. site_out_record then takes that result, in
 * the caller's thread and in a fixed order: it records rel as written, or
 * reports the failure as site_out_write does. Returns 0 or -1.
 */
int site_out_put(const struct site_out *o, const char *rel, const void *p, size_t n);
int site_out_record(struct site_out *o, const char *rel, int put);
/*
 * A write into the staging folder failed with errno err: the build fails,
 * and only the build's first failed write is reported ("cannot write
 * PATH: ERROR"), whatever thread it was on; the later ones follow from it
 * (a full disk). Returns -1.
 */
int site_out_failed(struct site_out *o, const char *rel, int err);
/*
 * For a write that failed in another process (draw.h), reported there:
 * true if it is the build's first failed write (its message is kept),
 * false if one was reported already (its message is dropped).
 */
bool site_out_claim_failure(struct site_out *o);
/*
 * site_out_put for a file whose bytes (p, n) are those of from, a file
 * this process wrote already: rel is made a hard link to from (the bytes
 * are written once), or where the file system will not link, written.
 */
int site_out_put_same(const struct site_out *o, const char *from,
    const char *rel, const void *p, size_t n);
/*
 * For a file written in pieces: opens rel in the staging folder (making its
 * folder) and sets *fd, or returns what site_out_put would have (an errno
 * value, or -1). The caller writes, closes *fd, and passes the first
 * failure's errno (or 0) to site_out_record.
 */
int site_out_open(const struct site_out *o, const char *rel, int *fd);
/*
 * From now on (after site_out_begin), a hash of every file this build
 * writes, made as it is written (podium serve: did a rebuild change what a
 * browser shows?): of each file's name and bytes, summed over the files,
 * the stylesheets apart. A file written in pieces (site_out_open) is read
 * once when recorded. Files written by other processes are not counted:
 * a hashing build draws on a thread of its own (pipeline/build.c).
 */
void site_out_hash_begin(struct site_out *o);
/*
 * The files a hashing build wrote (their names, hashes and sizes) and the
 * folder they are in once it is swapped in: podium serve hands them to its
 * next build (site_out_prev_use), whose files that come out the same (name,
 * hash and size) are linked from there instead of written; a preview
 * writes only the files that differ. take: after a commit (NULL when the
 * build did not hash, or dir cannot be opened); free with site_prev_free().
 */
struct site_prev;
void site_out_prev_use(struct site_out *o, const struct site_prev *prev);
struct site_prev *site_out_prev_take(struct site_out *o, const char *dir);
void site_prev_free(struct site_prev *pv);
/*
 * Applied in place: when prev's folder is OUT itself (podium serve builds
 * into the folder it serves), the build writes into the staging folder
 * only the files whose bytes (hashed as they are made, never read from
 * OUT) differ from prev's, and the commit moves those into OUT, each by a
 * rename (a reader opens the old file or the new, whole), and removes
 * OUT's files that the build did not make; the files that are the same
 * are not touched (same inode, same times). A build that fails changes
 * nothing in OUT. A commit that fails after its first change leaves OUT a
 * mix: prev is then broken (site_prev_broken), and a build given it
 * writes a whole site, staged and swapped in. lock, when set, is held for
 * writing while the files move: the readers of OUT take it for reading
 * while they open a file, so that none opens one mid-apply.
 * `podium build` never applies in place: its builds are staged whole and
 * swapped in (site_out_commit).
 */
void site_prev_lock(struct site_prev *pv, pthread_rwlock_t *lock);
bool site_prev_broken(const struct site_prev *pv);
/*
 * Keys: a hashing build may give a file it writes the key of what it was
 * made from (a page's template values, a badge's tier and edition: a hash,
 * never 0), and the next build, with the same key for it, links the
 * previous build's file instead of making it again: a preview redraws and
 * re-renders only what changed. note_key gives rel (written, or to be
 * written, by this build) its key; put_prev links the previous build's rel
 * when it was made from key (and notes the key again): 0, then the caller
 * records rel as written (site_out_record with 0); -1, nothing done, when
 * there is no such file, its key differs, or the link fails: then the
 * caller makes the file. Both may run in several threads at once.
 */
void site_out_note_key(const struct site_out *o, const char *rel, uint64_t key);
int site_out_put_prev(const struct site_out *o, const char *rel, uint64_t key);
/* How many files site_out_put_prev has linked in this build. */
size_t site_out_reused(const struct site_out *o);
/* Its files, for podium serve to tell what a rebuild changed: how many,
 * the name (and hash and size) of file i, and whether rel is one of them
 * with that hash and size (false for a NULL pv). */
size_t site_prev_count(const struct site_prev *pv);
const char *site_prev_file(const struct site_prev *pv, size_t i, uint64_t *hash,
    size_t *size);
bool site_prev_same(const struct site_prev *pv, const char *rel, uint64_t hash,
    size_t size);
/* The hashes so far; false when site_out_hash_begin() was not called. */
bool site_out_hash(const struct site_out *o, uint64_t *css, uint64_t *other);
/* Carries the kept files of the previous OUT in (o->carry), then swaps the
 * staging folder in. Returns 0, or -1 after a diag_system. */
int site_out_commit(struct site_out *o);
/* What OUT/BUILD_RECORD says (malloc'd), or NULL when there is none. */
char *site_out_built_with(const char *out);
/* Removes the staging folder; OUT is untouched. Safe after commit. */
void site_out_abort(struct site_out *o);
/* Full path of a file in the staging folder; malloc'd. */
char *site_out_path(const struct site_out *o, const char *rel);

#endif
