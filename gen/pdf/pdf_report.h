/*
 * pdf_report.h: building the report's PDF document from the computed
 * model (gen/pdf/render_pdf.c, pdf_md.c, pdf_provider.c; the blocks they
 * share in pdf_blocks.c).
 */
#ifndef PODIUM_PDF_REPORT_H
#define PODIUM_PDF_REPORT_H

#include "chart.h"
#include "compute.h"
#include "markdown.h"
#include "pdfdoc.h"

struct pdf_report {
	const struct computed *c;
	struct pdf_doc *doc;
	struct diag *d;
	struct pdf_block *parent; /* where top-level blocks go; NULL: the body */
	struct chart_frame *frame; /* history charts' shared frame, or NULL */
	/* the commentary showed the edition's table of this kind (shown
	 * once, so not again in a section of its own) */
	bool shown_medals, shown_movers, shown_security;
	/* the built-in security and methodology parts were given under the
	 * commentary that is the report's own account of them (one part
	 * each, at the commentary's place); each tier's meaning was given
	 * with the tier table, so the methodology does not repeat it */
	bool security_merged, methodology_merged, tiers_defined;
	/* the home page's section being laid out (anchor, title), and the one
	 * that shows the movers table of the edition against its previous:
	 * the changes part points there for the moves, and the table there
	 * points to the changes part for the rest (no change listed twice) */
	const char *cur_anchor, *cur_title;
	char *movers_anchor, *movers_title;
	const char *movers_table;   /* the movers table's own anchor, or NULL */
	size_t views_built;       /* providers' views built (PODIUM_PDF_STATS) */
	/* the changes part was given right after the movers table's section
	 * (results with results), not after the home page's other parts */
	bool changes_done;
};

/* True when the PDF has a part on what changed in the report's edition
 * (its previous edition is the movement's baseline). */
bool pdf_has_changes(const struct pdf_report *r);
/* After the movers table: where the other changes are, with its page. */
void pdf_movers_pointer(struct pdf_report *r, struct pdf_block *parent);
/* A paragraph of the pack's text key, its {section} the title given and
 * {page} the page of page_anchor (NULL: anchor; a table's: its pages when
 * it runs over more than one), {count} count. */
struct pdf_block *pdf_xref_para(struct pdf_report *r, struct pdf_block *parent,
    const char *key, const char *title, const char *anchor,
    const char *page_anchor, const char *count);

/* What a provider's page is built from while it is laid out. */
struct pdf_provider_fill {
	struct pdf_report *r;
	const struct rating *rt;
	bool filled;              /* built once already: diagnostics given */
};

/*
 * A site path or URL as a PDF link target: "providers/ID/" becomes
 * "#provider-ID", "sources/#ID" "#source-ID", http(s), mailto and
 * "#anchor" stay; anything else NULL. malloc'd.
 */
char *pdf_target(const char *href);
/* Builds a table from the computed model (NULL: none). */
typedef struct table *pdf_table_build_fn(const struct computed *c,
    const void *arg);
/*
 * Adds the table build(c, arg) returns as a lazy block: built when it is
 * laid out and freed once drawn, so a table of every provider is never
 * held longer than it takes to draw it. arg (malloc'd) is owned, freed
 * with the document.
 */
void pdf_table_lazy(struct pdf_report *r, struct pdf_block *parent,
    pdf_table_build_fn *build, void *arg);
/* The same, the table given an anchor (a reference to its pages). */
void pdf_table_lazy_at(struct pdf_report *r, struct pdf_block *parent,
    pdf_table_build_fn *build, void *arg, const char *anchor);
/* Rewrites every cell's href of t with pdf_target(). */
void pdf_table_links(struct table *t);
/*
 * Appends a name (a provider's, a tier's) to paragraph p as a run, cut at
 * PDF_NAME_MAX bytes with an ellipsis as headings and table cells are:
 * a megabyte of name in running text would fill hundreds of pages.
 */
void pdf_name_run(struct pdf_doc *doc, struct pdf_block *p, const char *name,
    unsigned style, const char *link);
/* Adds a chart as a figure (nothing when it has no size). */
void pdf_chart(struct pdf_report *r, struct pdf_block *parent,
    enum chart_kind kind, const struct provider *pr);

/*
 * Adds Markdown (the text of file from line first_line on) under parent,
 * its headings at base + their level (clamped to 3). Returns 0, or -1
 * with the errors in r->d.
 */
int pdf_markdown(struct pdf_report *r, struct pdf_block *parent,
    const char *src, const char *file, unsigned first_line, unsigned base);
/* Inline Markdown (a strength, a note) as runs of paragraph p. */
int pdf_markdown_inline(struct pdf_report *r, struct pdf_block *p,
    const char *src, const char *file, unsigned first_line);

/*
 * pdf_view.c: the report view's trees laid out: inlines as runs of p (style
 * added to each), a block or a section (its title a level-3 heading) under
 * parent. The block and section forms return the last block they added,
 * or NULL.
 */
struct vd_inlines;
struct vd_block;
struct vd_section;
void pdf_view_inlines(struct pdf_report *r, struct pdf_block *p,
    const struct vd_inlines *in, unsigned style);
struct pdf_block *pdf_view_block(struct pdf_report *r, struct pdf_block *parent,
    const struct vd_block *k);
struct pdf_block *pdf_view_section(struct pdf_report *r, struct pdf_block *parent,
    const struct vd_section *s);

/*
 * One page for the provider of f->rt (set by the caller), rated in the
 * edition: its heading now, the rest built only while it is laid out. f
 * must live until the document is rendered.
 */
void pdf_provider_page(struct pdf_report *r, struct pdf_provider_fill *f);
/* A provider in a tier on the ladder (rated: true) gets a section. */
bool rating_on_ladder(const struct rating *rt);
/* The providers of st in rated: false tiers, in one compact table. */
void pdf_unrated_table(struct pdf_report *r, const struct edition_stats *st);
/* Whether rated rt is a row of the table of providers rated without
 * review text (the view's vd_provider_row), not an entry of its own: its
 * standing as plain text ("" when none; malloc'd) when it is, else NULL.
 * The view is built only for a thin review (vd_review_thin), and once. */
char *pdf_provider_row(struct pdf_report *r, const struct rating *rt);
/* That table: the ratings of st whose rows[i] (parallel to st->ratings)
 * is set, each a row (name, tier, rows[i] as the standing; the sources
 * they share once below, else a column); nothing when none is set. */
void pdf_rows_table(struct pdf_report *r, const struct edition_stats *st,
    char *const *rows);
/* The view of rt's provider: the build's when it lends one, else built
 * now into *own (free it with vd_provider_free()) and counted in
 * r->views_built. The PDF holds one provider's view at a time. */
const struct vd_provider *pdf_view_of(struct pdf_report *r, const struct rating *rt,
    struct vd_provider **own);

/* pdf_changes.c: what changed in the report's edition (its corrections
 * first); the dated corrections of one item, under it. pdf_corrections.c:
 * every correction, newest first. Each adds nothing without data. */
struct correction;
void pdf_changes(struct pdf_report *r);
void pdf_corrections_of(struct pdf_report *r, const struct correction *v, size_t n,
    const char *file);
void pdf_corrections(struct pdf_report *r);
/* After the table of providers not rated: the responses and corrections
 * of their reviews, which a row cannot hold (pdf_corrections.c). */
void pdf_unrated_notes(struct pdf_report *r, const struct edition_stats *st);
/* A view page's sections, names in its lists cut as headings' are. */
struct vd_page;
void pdf_view_page_capped(struct pdf_report *r, const struct vd_page *pg);

#endif
