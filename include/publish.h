/*
 * publish.h: the output folder, written atomically. A build writes into a
 * temporary folder beside OUT ("OUT.tmp.PID") and swaps it in at the end;
 * a failed build removes the temporary folder and leaves OUT as it was.
 * Paths given to site_out_write are relative and never leave the folder.
 */
#ifndef PODIUM_PUBLISH_H
#define PODIUM_PUBLISH_H

#include <stddef.h>
#include "diag.h"

struct site_out {
	char *out;     /* final folder */
	char *tmp;     /* staging folder */
	struct diag *d;
	bool failed;   /* a write failed; commit will refuse */
	size_t nfiles;
	char **files;  /* relative paths written, in order (for sitemaps, tests) */
	size_t cap;
};

/* Creates the staging folder. Returns 0, or -1 after a diag_system. */
int site_out_begin(struct site_out *o, const char *out, struct diag *d);
/* Writes one file (creating folders). Returns 0, or -1 after a diag_system. */
int site_out_write(struct site_out *o, const char *rel, const void *p, size_t n);
/* Swaps the staging folder in. Returns 0, or -1 after a diag_system. */
int site_out_commit(struct site_out *o);
/* Removes the staging folder; OUT is untouched. Safe after commit. */
void site_out_abort(struct site_out *o);
/* Full path of a file in the staging folder; malloc'd. */
char *site_out_path(const struct site_out *o, const char *rel);

#endif
