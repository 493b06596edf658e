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

#endif
