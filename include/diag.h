/*
 * diag.h: diagnostics, collected during a run and printed GCC style.
 *
 * Library code reports problems here and never exits; main() prints them
 * (diag_print) and picks the exit status. A diagnostic's file is relative to
 * the project folder; line and col are 1-based (0 = unknown, not printed).
 */
#ifndef PODIUM_DIAG_H
#define PODIUM_DIAG_H

#include <stdio.h>
#include "util.h"

#define DIAG_MAX_SHOWN 100

enum diag_kind { DIAG_ERROR, DIAG_WARNING };

struct diag_entry {
	enum diag_kind kind;
	char *file; /* may be NULL: a message about the run, not a file */
	unsigned line, col;
	char *msg;
};

struct diag {
	struct diag_entry *v;
	size_t n, cap;
	size_t nerrors;
	size_t nwarnings;
	bool strict; /* warnings count as errors */
	bool system; /* an I/O or system error happened: exit 3 */
	bool usage;  /* the command asked for something refused: exit 2 */
};

/* How diag_print writes each diagnostic (--format). */
enum diag_style {
	DIAG_GCC,     /* path:line:col: error: message */
	DIAG_GITHUB,  /* ::error file=path,line=L,col=C::message */
	DIAG_JSON     /* {"severity": ..., "file": ..., "line": ..., "col": ..., "message": ...} */
};

void diag_init(struct diag *d);
void diag_release(struct diag *d);
void diag_error(struct diag *d, const char *file, unsigned line, unsigned col,
    const char *fmt, ...) PRINTF_LIKE(5, 6);
void diag_warning(struct diag *d, const char *file, unsigned line, unsigned col,
    const char *fmt, ...) PRINTF_LIKE(5, 6);
/* An I/O or system failure (exit status 3). */
void diag_system(struct diag *d, const char *file, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
/* Moves every entry of from (a job's own diagnostics) to the end of to, in
 * order, with its counts and system flag; from is left empty. */
void diag_move(struct diag *to, struct diag *from);
/* True when the run must fail: errors, or warnings under strict. */
bool diag_failed(const struct diag *d);
/* Prints every entry (up to DIAG_MAX_SHOWN, then a count of the rest). */
void diag_print(const struct diag *d, FILE *fp);
/*
 * diag_print in a style; prefix (NULL: none) goes before each file name
 * in the GitHub style, where paths are the repository's, not the project's.
 */
void diag_print_style(const struct diag *d, FILE *fp, enum diag_style style,
    const char *prefix);
/*
 * Where a style's diagnostics go: JSON, for machines, to standard output
 * (`podium check --format json | jq .`), the others to standard error.
 */
FILE *diag_stream(enum diag_style style);
/* The style named "gcc", "github" or "json"; false for another name. */
bool diag_style_parse(const char *name, enum diag_style *style);
/* Drops each entry equal to one before it (kind, place and message). */
void diag_dedupe(struct diag *d);
/* Formats one entry as printed, without the newline, into b. */
void diag_format(const struct diag_entry *e, bool strict, struct buf *b);

/*
 * A command line podium cannot take: "podium: error: " and fmt (with one
 * %s for arg) on stderr, then the command's usage. Returns EXIT_USAGE.
 */
int usage_error(const char *usage, const char *fmt, const char *arg);

#endif
