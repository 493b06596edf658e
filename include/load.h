/*
 * load.h: reads a project folder into the content model (SPEC section 1),
 * validating every field and cross-reference. Errors go to diag; loading goes
 * on after an error so that a run reports them all.
 */
#ifndef PODIUM_LOAD_H
#define PODIUM_LOAD_H

#include "diag.h"
#include "model.h"

#define LOAD_MAX_FILE_SIZE (16u * 1024 * 1024)
#define LOAD_MAX_DEPTH 64
#define LOAD_MAX_FILES 100000
#define LOAD_MAX_STRING (1u * 1024 * 1024)

/*
 * Loads the project at dir. Returns the project (free with project_free())
 * even when errors were reported, so callers can go on checking; returns NULL
 * only when nothing could be read (diag says why).
 */
struct project *project_load(const char *dir, struct diag *d);

/*
 * The YAML trees of a project's files kept between loads (podium serve):
 * project_load_cached() parses only the files whose bytes changed since the
 * last load with the same cache, and takes the trees of the others from it
 * (only a tree whose parse reported nothing is kept). The project it
 * returns, and every diagnostic, are those project_load() gives. The cache
 * then holds the trees of this load's files, and no others.
 */
struct load_cache;
struct load_cache *load_cache_new(void);
void load_cache_free(struct load_cache *c);
struct project *project_load_cached(const char *dir, struct load_cache *c,
    struct diag *d);
/* Trees kept; of the last load, the files whose tree was taken from the
 * cache (*hits) and those parsed and kept (*parses). */
size_t load_cache_count(const struct load_cache *c, size_t *hits,
    size_t *parses);

/*
 * What the last load with the cache read, file by file (each YAML and
 * Markdown file under content/, parsed or not): its path from the project
 * and a hash of the very bytes the load parsed, found as they were read,
 * never by reading the file again. A file read twice with different bytes
 * (written in between) has hash 0. With a scan given (load_cache_scan),
 * what it said of those bytes too (plain: true when none was given).
 * Sorted by path; load_cache_read_of finds one (NULL: not read).
 */
struct load_read {
	char *rel;
	uint64_t hash;
	bool plain;
};
const struct load_read *load_cache_reads(const struct load_cache *c, size_t *n);
const struct load_read *load_cache_read_of(const struct load_cache *c,
    const char *rel);
void load_cache_scan(struct load_cache *c, bool (*scan)(const char *bytes,
    size_t len));

#endif
