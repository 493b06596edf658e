/*
 * loadpriv.h: what the loader's files (gen/load/) share; not for other code.
 * Calls run one way: load.c (project_load) runs the parts (load_report.c,
 * load_sources.c, ...), which use load_rubric.c, load_findings.c,
 * load_value.c and load_files.c below them; nothing calls back up.
 *
 * Message style, for every diagnostic the loader writes:
 *   path:line:col: error: message
 * - path relative to the project folder ("content/reviews/3.0/aws.yaml");
 *   line and col 1-based, of the offending key or value (a missing key: the
 *   mapping that lacks it; a whole file: no line);
 * - the message is lowercase, has no full stop, and puts every subject from
 *   the content in single quotes: "unknown tier 'golden' (edition '3.0' uses:
 *   platinum, gold)", "unknown key 'sumary' (did you mean 'summary'?)",
 *   "'published' must be a date YYYY-MM-DD, not 'soon'",
 *   "missing required key 'name'", "duplicate key 'tier' (first at line 2)";
 * - a limit is named with its number: "nesting deeper than 64 levels (the limit)".
 * At the end of project_load the loader's diagnostics are sorted by file, line
 * and column, so a run's output is the same whatever order the checks ran in.
 */
#ifndef PODIUM_LOADPRIV_H
#define PODIUM_LOADPRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "keys.h"
#include "model.h"
#include "util.h"
#include "yamltree.h"

/* One parsed YAML file: its path (in the project arena) and its tree. */
struct yfile {
	const char *path;     /* relative to the project folder */
	struct ynode *root;   /* a mapping, or NULL when the file failed */
	struct arena *tmp;    /* the tree's arena */
};

struct loader {
	struct project *p;
	struct arena *a;      /* the project's arena */
	struct diag *d;
	char *root;           /* realpath of the project folder */
	char *dir_rel;        /* the folder last resolved (relative) ... */
	char *dir_real;       /* ... and its realpath inside root, or NULL */
	int dir_fd;           /* dir_real opened (O_PATH), or -1 */
	int *old_fds;         /* folders' fds replaced while jobs may use them */
	size_t nold_fds, capold_fds;
	struct arena *spare;  /* a released file's arena, reset for the next */
	size_t nfiles;        /* files read so far */
	bool too_many;        /* LOAD_MAX_FILES reached (reported once) */
	bool sources_failed;  /* sources.yaml unreadable: no "unknown source" noise */
	/* report.yaml, kept until its references are resolved */
	struct yfile report;
	/* the keys a provider / review file may have: built in and declared */
	const char *const *provider_known;
	const char *const *review_known;
	/* reviews collected before being sorted into p->reviews */
	struct review *reviews;
	size_t nreviews, capreviews;
	/* trees kept between loads (load_cache.c), or NULL */
	struct load_cache *cache;
};

/*
 * load_cache.c: the trees kept between loads. load_cache_get (read only:
 * from the jobs' threads at once) gives the tree kept for rel when its bytes
 * are these; else a job parses and makes a copy of a tree whose parse
 * reported nothing (load_cache_copy, in its thread), which the loader then
 * puts in the cache in job order. load_cache_used marks a tree taken;
 * load_cache_end drops those this load neither took nor put.
 */
struct ycache_new {
	char *rel, *bytes;
	size_t len;
	struct ynode *root;
	void *block;
};
const struct ynode *load_cache_get(const struct load_cache *c, const char *rel,
    const char *bytes, size_t len);
struct ycache_new *load_cache_copy(const char *rel, const char *bytes,
    size_t len, const struct ynode *root);
void load_cache_used(struct load_cache *c, const char *rel);
void load_cache_put(struct load_cache *c, struct ycache_new *nw);
void load_cache_drop(struct ycache_new *nw);
void load_cache_begin(struct load_cache *c);
void load_cache_end(struct load_cache *c);
/*
 * What the load read (load.h, load_cache_reads): every file's bytes are
 * hashed (load_bytes_hash, nonzero) and scanned (load_cache_plain) as read,
 * in the reading thread, and noted by the loader's thread in reading order
 * (load_cache_note).
 */
uint64_t load_bytes_hash(const char *bytes, size_t len);
bool load_cache_plain(const struct load_cache *c, const char *bytes, size_t len);
void load_cache_note(struct load_cache *c, const char *rel, uint64_t hash, bool plain);


/* load_files.c: files and folders, below every part of the loader. */
/* Frees what the loader holds (not the project). */
void loader_release(struct loader *l);
/* Reads and parses rel (a path relative to the project) as a YAML mapping.
 * Returns false after reporting; on success free with yfile_release(). */
bool yfile_load(struct loader *l, const char *rel, struct yfile *yf);
void yfile_release(struct loader *l, struct yfile *yf);

/*
 * Many files at once, read and parsed over the machine's cores. The caller
 * fills rel (in the project arena) of each job; yjobs_load reports what
 * touches the loader (the file count, the folder's path check) in job
 * order, then reads and parses the files in parallel, each job keeping its
 * own diagnostics (a file that is a symlink is resolved and checked by its
 * job: those diagnostics come with the file's). The caller then takes the jobs in order: diag_move(l->d,
 * &job->d) first, then job->yf as from yfile_load. yjobs_reset readies the
 * jobs for another round; yjobs_free frees them.
 */
struct yjob {
	const char *rel;      /* in: path relative to the project */
	struct yfile yf;      /* out: as yfile_load fills it */
	struct diag d;        /* out: the job's diagnostics */
	char *real;           /* the resolved path, or NULL when refused */
	bool unchecked;       /* real is the resolved folder and the name, not yet
	                         checked for a symlink: the job checks it */
	int dir_fd;           /* unchecked: the resolved folder, opened (or -1), */
	const char *base;     /* and the name in it: opened without walking the
	                         whole path again */
	const struct loader *l; /* read only, for that check */
	/*
	 * in: called by the job once its file is parsed into a mapping, with
	 * ctx: builds what it can from the tree without touching anything
	 * shared (the loader only read; what it keeps allocated from keep,
	 * which the caller adopts into the project's arena, and diagnostics
	 * to the job's d).
	 */
	void (*then)(struct yjob *j);
	void *ctx;
	struct arena *keep;
	/* with the loader's cache: the tree was taken from it, or a copy of
	 * the one parsed, for it */
	bool hit;
	struct ycache_new *fresh;
	/* with the cache: its file was read, the hash of the bytes read and
	 * what the cache's scan said of them (load_cache_note) */
	bool read;
	uint64_t read_hash;
	bool read_plain;
};
void yjobs_load(struct loader *l, struct yjob *jobs, size_t n);
void yjobs_reset(struct yjob *jobs, size_t n);
void yjobs_free(struct yjob *jobs, size_t n);
/* True when rel exists (a symlink counts, even a dangling one). */
bool loader_exists(struct loader *l, const char *rel);
/* Reads rel into out, checking the size limit, file count and that the path
 * stays inside the project. Returns false after reporting. */
bool loader_read(struct loader *l, const char *rel, struct buf *out);
/* Sorted entries of folder rel that are inside the project; NULL if the
 * folder is absent (*missing set) or after reporting. Free with strv_free(). */
char **loader_list(struct loader *l, const char *rel, size_t *n, bool *missing);
/* The id named by a file "<id><ext>", or NULL after a warning or error. */
char *loader_stem(struct loader *l, const char *folder, const char *name, const char *ext);

/* load_value.c: typed fields. Each reports at the node and returns false on
 * a bad value; a NULL node (absent key) returns false without a report. */
struct pos node_pos(const struct loader *l, const char *file, const struct ynode *n);
/* Where the scalar n was written, its source bytes kept in the project's arena
 * (for Markdown read from YAML: its diagnostics are placed through it). */
struct text_origin text_origin_of(struct loader *l, const struct ynode *n);
/* The closest of ids (n of them) to s, within 2 edits and fewer edits than
 * the shorter of the two has letters (the first of equals), or NULL: the
 * "did you mean" of a message. */
const char *closest_id(const char *s, const char *const *ids, size_t n);
/* Reports keys of map not in known (NULL-terminated), with "did you mean". */
void check_keys(struct loader *l, const char *file, const struct ynode *map,
    const char *const *known);
/* The value of key, reporting "missing required key" when required. */
struct ynode *need(struct loader *l, const char *file, const struct ynode *map,
    const char *key);
/*
 * The value of key, or NULL when absent; a key written with no value
 * ("draft:", "draft: ~") is reported ("'draft' has no value: write
 * EXPECTED, or leave the key out") rather than read as absent: for keys
 * such as draft and embargo, whose absence publishes.
 */
struct ynode *given(struct loader *l, const char *file, const struct ynode *map,
    const char *key, const char *expected);
/* The value of key, or NULL when absent or null. In line, for a literal
 * key's length (see ynode_get). */
static inline struct ynode *
opt(const struct ynode *map, const char *key)
{
	struct ynode *v = ynode_get(map, key);

	return v == NULL || ynode_is_null(v) ? NULL : v;
}
bool expect_map(struct loader *l, const char *file, const struct ynode *n, const char *what);
bool expect_seq(struct loader *l, const char *file, const struct ynode *n, const char *what);
bool get_str(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out);
bool get_id(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out);
bool get_bool(struct loader *l, const char *file, const struct ynode *n,
    const char *what, bool *out);
bool get_long(struct loader *l, const char *file, const struct ynode *n,
    const char *what, long min, long max, long *out);
bool get_number(struct loader *l, const char *file, const struct ynode *n,
    const char *what, double min, double max, double *out);
bool get_date(struct loader *l, const char *file, const struct ynode *n,
    const char *what, pdate *out);
bool get_duration(struct loader *l, const char *file, const struct ynode *n,
    const char *what, int64_t *out);
bool get_timestamp(struct loader *l, const char *file, const struct ynode *n,
    const char *what, int64_t *out);
bool get_url(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char **out);
/* One of names (NULL-terminated); *out is its index. */
bool get_enum(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char *const *names, int *out);
/* The same over count names, each stride bytes after the one before (a
 * column of a table of structs: &rows[0].name, sizeof(rows[0])). */
bool get_enum_of(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char *const *first, size_t stride, size_t count, int *out);
/* A sequence of strings (ids when ids) into an arena array. */
bool get_strv(struct loader *l, const char *file, const struct ynode *n,
    const char *what, bool ids, const char ***out, size_t *count);
/* get_strv for Markdown texts, with *at (count entries) where each was written. */
bool get_textv(struct loader *l, const char *file, const struct ynode *n,
    const char *what, const char ***out, struct text_origin **at, size_t *count);
/* The value's text for messages: quoted content, cut to 40 bytes. */
const char *shown(struct loader *l, const struct ynode *n);
/* first[i]: index of the earliest equal id, or SIZE_MAX (O(n log n)). */
void ids_first_dup(const char *const *ids, size_t n, size_t *first);
/* A resolved source id, or NULL after "unknown source". */
const struct source *ref_source(struct loader *l, const char *file, const struct ynode *n);
/* corrections: [{date, text}] of a review, an edition or a section's front
 * matter (load_reviews.c), into an arena array in the order written. */
void corrections_load(struct loader *l, const char *file, const struct ynode *n,
    struct correction **out, size_t *count);
/* A finding (edition or review security finding). */
bool finding_load(struct loader *l, const char *file, const struct ynode *n,
    struct finding *out);
/* The findings sequence n, checking unique ids. */
void findings_load(struct loader *l, const char *file, const struct ynode *n,
    struct finding **out, size_t *count);

/* "platinum, gold": tier ids for messages (in the arena). */
const char *tier_list(struct loader *l, const struct tier *const *tiers, size_t n);
/* The tier named by n among edition e's tiers, or NULL after reporting. */
const struct tier *edition_tier(struct loader *l, const char *file,
    const struct edition *e, const struct ynode *n);
/* The criterion named by n in rubric r, or NULL after reporting. */
const struct criterion *rubric_criterion(struct loader *l, const char *file,
    const struct edition *e, const struct ynode *n);

/* load_rubric.c: parts of an edition file. */
void edition_tiers_load(struct loader *l, const char *file, const struct ynode *n,
    struct edition *e);
void rubric_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e);
void claims_load(struct loader *l, const char *file, const struct ynode *n, struct edition *e);

/* load_fields.c: what the report declares about its subject. */
/* The built-in keys of a provider and of a review file: keys.h. */
/* True when s (len bytes) is an assigned ISO 3166-1 alpha-2 code. */
bool country_code_valid(const char *s, size_t len);
/* provider_fields / review_fields: the sequence n, checked. */
void fields_decl_load(struct loader *l, const char *file, const struct ynode *n,
    bool provider, const char *const *builtin, struct field_def **out, size_t *count);
/* Declared ids that would clash in ratings.csv (a built-in column, or a
 * provider and a review field of one id). */
void fields_cross_check(struct loader *l, const char *file);
/* builtin then the declared ids, NULL-terminated, in the arena. */
const char **fields_known_keys(struct loader *l, const char *const *builtin,
    const struct field_def *defs, size_t n);
/* The declared fields' values in the mapping root (a provider or review). */
void field_values_load(struct loader *l, const char *file, const struct ynode *root,
    const struct field_def *defs, size_t n, struct field_value **out);
/* security: in report.yaml (its practices). */
void practices_decl_load(struct loader *l, const char *file, const struct ynode *sec);
/* A review's security.practices mapping: one answer per declared practice. */
void practice_values_load(struct loader *l, const char *file, const struct ynode *map,
    enum tri **out);
/* "a, b": the declared practice ids, for messages (in the arena). */
const char *practice_list(struct loader *l);
/* strings: in report.yaml. */
void strings_load(struct loader *l, const char *file, const struct ynode *n);

/* load_commentary.c: a Markdown file with YAML front matter. */
bool md_file_parse(struct loader *l, const char *file, const struct buf *b,
    void (*front)(struct loader *, const char *, const struct ynode *, void *), void *ctx,
    const char **body, unsigned *body_line);

/* The parts, in the order project_load runs them. */
/* False when there is no report.yaml: nothing else is worth loading. */
bool report_load(struct loader *l);
/* load_checks.c: warnings about what the content most likely does not mean,
 * once everything is loaded and resolved. */
void load_checks(struct loader *l);
void sources_load(struct loader *l);
void providers_load(struct loader *l);
void editions_load(struct loader *l);
void reviews_load(struct loader *l);
void commentary_load(struct loader *l);
/* load_pages.c: content/pages/<id>.md, and a warning for what under
 * content/ podium does not read. */
void pages_load(struct loader *l);
void content_unread_check(struct loader *l);
void report_resolve(struct loader *l);

#endif
