/*
 * table_data.h: a table as data: a caption, an anchor id, a header row
 * and rows of cells, each a text with an optional link, a tier it names
 * (a style hint) and whether it is a number. What the report's tables
 * hold is table.h's; how a table is drawn is each back end's (the HTML's
 * table_html, the PDF layout's pdf_table).
 */
#ifndef PODIUM_TABLE_DATA_H
#define PODIUM_TABLE_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "tier.h"

/* What a cell's text is, for the back ends to mark it (a style hint). */
enum table_role {
	TABLE_ROLE_NONE,
	TABLE_ROLE_SEVERITY       /* a finding's severity (the view's
	                             VD_ROLE_SEVERITY): role_id is its id */
};

struct table_cell {
	char *text;               /* UTF-8, not escaped; malloc'd; '\n' = line break */
	char *href;               /* site path ("providers/aws/") or NULL */
	const struct tier *tier;  /* the cell names a tier: style hint */
	bool numeric;             /* right-aligned */
	enum table_role role;     /* TABLE_ROLE_NONE: plain text */
	const char *role_id;      /* the role's id ("high"): a static string,
	                             not owned; NULL with TABLE_ROLE_NONE */
	char *anchor;             /* the PDF's: a destination at this cell's
	                             row ("provider-ID"), malloc'd, or NULL */
};

struct table {
	char *caption;            /* malloc'd, may be NULL */
	char *id;                 /* anchor id, malloc'd, may be NULL */
	size_t ncols;
	struct table_cell *head;  /* ncols cells */
	struct table_cell *cells; /* nrows * ncols cells, row-major */
	size_t nrows;
	size_t cap;
	char **notes;             /* sentences shown after the table, each a
	                           * paragraph of its own (malloc'd) */
	size_t nnotes;
};

/* On success, free with table_free(). */
struct table *table_new(const char *caption, size_t ncols);
void table_free(struct table *t);
/* Sets header cell i. */
void table_head(struct table *t, size_t i, const char *text, bool numeric);
/* Appends a row; returns its first cell (ncols cells to fill). */
struct table_cell *table_row(struct table *t);
void table_cell_set(struct table_cell *c, const char *text, const char *href);
/* As table_cell_set, taking over text (malloc'd). */
void table_cell_take(struct table_cell *c, char *text, const char *href);

/* Appends a note after the table, taking over text (malloc'd). */
void table_note_take(struct table *t, char *text);
/* Drops every column after the first whose cells all read "" or empty. */
void table_drop_empty_columns(struct table *t, const char *empty);
/* Every cell of rows r0 to r1 (exclusive; at most nrows) of column col
 * (every column: SIZE_MAX) whose text is mark gets words instead: a mark
 * that stands for two things (a dash: not known, does not apply) is put
 * in words once the empty columns are gone. */
void table_cells_say(struct table *t, size_t col, size_t r0, size_t r1,
    const char *mark, const char *words);

#endif
