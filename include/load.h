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

#endif
