/*
 * table.h: the report's tables (medals, movers, security, ...) as data, built
 * once from the computed model and drawn by each back end (HTML, PDF), so the
 * two can never disagree.
 */
#ifndef PODIUM_TABLE_H
#define PODIUM_TABLE_H

#include "compute.h"
#include "util.h"

struct table_cell {
	char *text;               /* UTF-8, not escaped; malloc'd; '\n' = line break */
	char *href;               /* site path ("providers/aws/") or NULL */
	const struct tier *tier;  /* the cell names a tier: style hint */
	bool numeric;             /* right-aligned */
};

struct table {
	char *caption;            /* malloc'd, may be NULL */
	char *id;                 /* anchor id, malloc'd, may be NULL */
	size_t ncols;
	struct table_cell *head;  /* ncols cells */
	struct table_cell *cells; /* nrows * ncols cells, row-major */
	size_t nrows;
	size_t cap;
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

/* Drops every column after the first whose cells all read "" or empty. */
void table_drop_empty_columns(struct table *t, const char *empty);

/*
 * HTML of a table: <table> with <caption>, <thead> and <tbody>. root_rel is
 * the path from the page to the site root ("", "../") put before hrefs.
 * A tier cell carries class "tier tier-ID" and the tier's name as text.
 */
void table_html(const struct table *t, const char *root_rel, struct buf *out);

/*
 * A rating's tier as text, "(tier uncertain)" and the reason after it when
 * the review gives one (the words of the strings table). malloc'd.
 */
char *table_tier_text(const struct report *r, const struct rating *rt);
/*
 * The rating rt->previous comes from (the provider's in the edition before
 * rt's), or NULL when there is none.
 */
const struct rating *table_rating_before(const struct computed *c,
    const struct rating *rt);

/*
 * A public finding's severity, class, dates and fix, appended to b in the
 * strings table's words (the security table's and the PDF's one order).
 */
void table_finding_details(const struct report *r, struct buf *b,
    const struct finding *f);

/* The report's tables. */
struct table *table_medals(const struct computed *c, const struct edition *e);
struct table *table_movers(const struct computed *c, const struct edition *from,
    const struct edition *to);
struct table *table_security(const struct computed *c, const struct edition *e);
struct table *table_claims(const struct computed *c, const struct edition *e);

#endif
