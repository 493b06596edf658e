/*
 * table.h: the report's tables (medals, movers, security, ...) as data, built
 * once from the computed model and drawn by each back end (HTML, PDF), so the
 * two can never disagree.
 */
#ifndef PODIUM_TABLE_H
#define PODIUM_TABLE_H

#include "compute.h"
#include "table_data.h"
#include "util.h"

/*
 * HTML of a table: <table> with <caption>, <thead> and <tbody>; a body cell
 * carries its column's head as data-label. root_rel is
 * the path from the page to the site root ("", "../") put before hrefs.
 * A tier cell carries class "tier tier-ID" and the tier's name as text.
 */
void table_html(const struct table *t, const char *root_rel, struct buf *out);
/* A table of more columns than this is "wide" (class "data wide"): a phone
 * shows it a row at a time, each cell under its column's name; a narrower
 * one (the movers, a chart's data) stays a table there (issue 27). */
#define TABLE_PHONE_COLS 4
/* The table's notes, a <p class="table-note"> each: put after the table's
 * scroll box, not inside it. */
void table_notes_html(const struct table *t, struct buf *out);

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
/* The medal table as a reader reads it: a row per tier with its count, then
 * its providers (the PDF's, a commentary's {{table medals}}). */
struct table *table_medals_by_tier(const struct computed *c, const struct edition *e);
struct table *table_movers(const struct computed *c, const struct edition *from,
    const struct edition *to);
/* The same; without lines, none of the notes that sum up the new, the
 * dropped, the not rated and the rated for the first time (the PDF lists
 * them once, in its part on what changed). */
struct table *table_movers_opt(const struct computed *c, const struct edition *from,
    const struct edition *to, bool lines);
struct table *table_security(const struct computed *c, const struct edition *e);
struct table *table_claims(const struct computed *c, const struct edition *e);

#endif
