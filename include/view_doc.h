/*
 * view_doc.h: what a page says, decided once per build (issue 26 item 1).
 *
 * A small document tree in the manner of pandoc's: blocks (a heading, a
 * paragraph of inlines, a list, a table, a quote, a figure that names a
 * chart, a Markdown text of the content) made of inlines (text, strong,
 * emphasis, a link to a URL or to a source or provider of the report, a
 * mark with a role such as a tier or a movement). The view phrases every
 * word of it in the report's language; the HTML back end renders the tree
 * to HTML fragments (gen/html/html_view.c), the PDF back end lays the same
 * tree out (gen/pdf/pdf_view.c), and neither phrases those parts itself.
 *
 * A page's content is a list of sections in the order a reader meets them,
 * each with an id ("opening", "fault", "security", ...) the back ends may
 * use to place it or to leave it out (the PDF gives one review, the site
 * every one).
 *
 * The tree is built in gen/viewdoc/, a folder of its own above compute
 * and the loader (it reads both), while gen/view/ (the packs and
 * formatters) sits below everything: so calls still run one way.
 *
 * Invariants: every array carries its count; every string is UTF-8, not
 * escaped, and owned by the tree unless the member says "not owned". A
 * tree is read-only once built, so several threads may render it at once.
 */
#ifndef PODIUM_VIEW_DOC_H
#define PODIUM_VIEW_DOC_H

#include <stdbool.h>
#include <stddef.h>

#include "compute.h"
#include "table.h"
#include "util.h"

enum vd_kind {
	VD_TEXT,        /* text */
	VD_STRONG,      /* text, set strong */
	VD_EMPH,        /* text, emphasised */
	VD_LINK,        /* text, linked to target/ref */
	VD_MARK,        /* text with a role (a tier, a movement, ...) */
	VD_MARKDOWN     /* inline Markdown of the content: text is its source */
};

enum vd_target {
	VD_URL,         /* ref is an external URL */
	VD_SOURCE,      /* source: its entry in the sources */
	VD_PROVIDER,    /* provider: its page or section */
	VD_AT,          /* ref is a URL into a video at a time */
	VD_PAGE         /* ref is a site path ("editions/3.0/", "#commentary-x") */
};

enum vd_role {
	VD_ROLE_TIER,     /* a tier's name: tier, uncertain */
	VD_ROLE_MOVE,     /* a movement's words: move */
	VD_ROLE_SEVERITY, /* a finding's severity: value is its id */
	VD_ROLE_DATE,     /* a date in words: value is its ISO form */
	VD_ROLE_CHECK,    /* a practice's answer as a sign: value yes or no, no text */
	VD_ROLE_PAGE      /* the number of the page value (an anchor, "#section-ID")
	                   * is on, in an output with pages (the PDF), which puts
	                   * it for text ("{page}"); others print nothing */
};

struct vd_inline {
	enum vd_kind kind;
	char *text;                 /* the words (VD_MARKDOWN: the source) */
	enum vd_target target;      /* VD_LINK */
	char *ref;                  /* VD_LINK: the URL (VD_URL, VD_AT) */
	const struct source *source;     /* VD_SOURCE (not owned) */
	const struct provider *provider; /* VD_PROVIDER (not owned) */
	enum vd_role role;          /* VD_MARK */
	const struct tier *tier;    /* VD_ROLE_TIER (not owned) */
	char *uncertain;            /* VD_ROLE_TIER: why uncertain, or NULL */
	enum move_status move;      /* VD_ROLE_MOVE */
	char *value;                /* VD_ROLE_SEVERITY, VD_ROLE_DATE, VD_ROLE_CHECK;
	                             * a field's name (VD_STRONG): the field's id */
	const char *md;             /* VD_MARKDOWN: the model's text (not owned:
	                             * the build's parsed tree is found by it) */
	const char *file;           /* VD_MARKDOWN: where the source is (not owned) */
	unsigned line;
};

/* A run of inlines. */
struct vd_inlines {
	struct vd_inline *v;
	size_t n, cap;
};

enum vd_block_kind {
	VB_HEADING,     /* in, at level */
	VB_PARA,        /* in */
	VB_LIST,        /* items, one paragraph each */
	VB_TABLE,       /* table */
	VB_QUOTE,       /* in: the quoted words; items[0]: who said it */
	VB_FIGURE,      /* a chart of kind chart (for provider) */
	VB_MARKDOWN,    /* a Markdown text of the content: md, at file:line */
	VB_MEDALS       /* the medal table by tier: medals */
};

/* A provider in a tier of the medal table. */
struct vd_medal_entry {
	const struct rating *rating;  /* not owned */
	char *name;                   /* the provider's name */
	char *mark;                   /* "(tier uncertain)" or NULL */
	char *uncertain;              /* why, after "Uncertain:", or NULL */
	bool draft;                   /* a draft review (a build with drafts) */
	char *move;                   /* its movement in words ("up 1"), the
	                               * PDF's where no movers table gives it;
	                               * NULL for no change, or elsewhere */
};

/* A tier of the medal table: its count and its providers, in order. */
struct vd_medal_tier {
	const struct tier *tier;      /* not owned */
	const char *group;            /* the group's label on the first tier
	                               * of adjacent ones in it, else NULL
	                               * (not owned) */
	long count;
	char *count_text;             /* "2" */
	char *unit;                   /* "providers" (plural of count) */
	struct vd_medal_entry *v;
	size_t n;
};

/*
 * The medal table (view_home.c), every tier of an edition best first:
 * the site gives a tier's providers on its row, under column heads; the
 * PDF in a paragraph after its name and count, without them. Neither
 * gives the baseline's tiers, which the movers table gives; the PDF's
 * home table gives each provider's movement only when there is no movers
 * table.
 */
struct vd_medals {
	char *caption;
	char *head_tier, *head_count, *head_who; /* the site's column heads */
	char *draft;                   /* the draft mark's word */
	char *uncertain_label;         /* "Uncertain:" */
	/* the PDF's: what a not-rated tier's row says in place of its
	 * providers, who are named once, in the providers part's table
	 * ("listed in “Reviewed, not rated”"); NULL on the site */
	char *unrated_ref;
	struct vd_medal_tier *tiers;
	size_t n;
};

struct vd_block {
	enum vd_block_kind kind;
	const char *role;           /* what it is, a class for the back ends
	                             * ("tier-description", "findings"); static */
	int level;                  /* VB_HEADING: 3 under a section's title */
	struct vd_inlines in;
	struct vd_inlines *items;   /* VB_LIST, VB_QUOTE */
	size_t nitems;
	struct table *table;        /* VB_TABLE: head, rows, alignment, caption */
	int chart;                  /* VB_FIGURE: an enum chart_kind */
	const struct provider *provider; /* VB_FIGURE (not owned) */
	const struct section *section;   /* VB_MARKDOWN of a commentary section
	                             * (not owned), else NULL */
	const char *md;             /* VB_MARKDOWN (not owned: the model's) */
	const char *file;
	unsigned line;
	struct vd_medals *medals;   /* VB_MEDALS */
	/* VB_MARKDOWN of a commentary section that a page of its own gives
	 * in full (page: methodology, security: true): the site's home page
	 * gives its opening and then this link ("More in Security" to
	 * "security/"); the PDF, which has no such page, gives it whole */
	char *more;
	char *more_ref;             /* a site path ("methodology/#section-ID") */
};

/* A section of a page: a title (may be NULL) and its blocks. */
struct vd_section {
	const char *id;             /* "opening", "fault", ...; static */
	char *title;
	struct vd_block *b;
	size_t n, cap;
};

/* The sections of one review, in order. */
struct vd_review {
	const struct rating *rating; /* not owned */
	bool thin;                  /* a tier and its sources only */
	/* its heading's first word: "Review", or the title of the one section
	 * it holds besides its sources ("Quotes" for CoreWeave 3.0, "Failure
	 * test"), which is then under that heading, with no heading of its own
	 * below an empty "Review" */
	const char *part;           /* not owned */
	const char *only;           /* that section's id ("fault", "security",
	                             * "quotes"), or NULL */
	struct vd_section *s;
	size_t n;
};

/* A provider's page: the sections above its reviews, then each review
 * (newest first, thin ones too: a back end decides whether to show them). */
struct vd_provider {
	const struct provider *provider; /* not owned */
	char *description;          /* for link previews: plain text */
	/* the opening line's clauses after the tier ("held since ClusterMAX
	 * 1.0", "down 1 since ClusterMAX 2.0; not reviewed in ..."), for a
	 * row of the PDF's table of providers rated without review text;
	 * empty when the line has none */
	struct vd_inlines standing;
	struct vd_section *s;
	size_t n;
	struct vd_review *reviews;
	size_t nreviews;
};

/*
 * A page that is not a provider's, in sections: the home page, an
 * edition's page, an edition's changes, the corrections.
 * The home page's sections, in order:
 * "figures" (a table: label, value, detail, note), "medals" (the medal
 * table by tier and the distribution chart, each unless the commentary
 * shows it), "movement" (the movement chart and the movers table, the
 * same rule), then one "commentary" section per commentary text (a
 * VB_MARKDOWN block naming its section), except that a first commentary
 * section of prose alone comes first, before the figures whose words it
 * defines. The site and the PDF give them in this order (view_home.c). A page of its own (changes, corrections)
 * has a title and one sentence for link previews and the feed.
 */
struct vd_page {
	const char *id;             /* "home", or an edition's id (not owned) */
	char *title;                /* or NULL */
	char *description;          /* or NULL */
	struct vd_section *s;
	size_t n;
};

/*
 * The security page (gen/viewdoc/view_security.c), the site's and the
 * PDF's security section: sections "scope" (what it covers, the report's
 * own account of security, how many findings are public), "findings"
 * (every public finding of the report's edition in one table; those not
 * yet public are counted in the scope) and "practices" (what each means, then each
 * provider's answers), the ones with nothing to show left out.
 */
struct vd_security {
	const struct edition *edition; /* the report's (not owned) */
	char *title;
	struct vd_section *s;
	size_t n;
};

/* One correction as the corrections page, the PDF, the feed and the JSON
 * give it: what it corrects, phrased, and where that is in the site. */
struct vd_correction {
	const struct correction *correction; /* not owned */
	const struct edition *edition;   /* the edition, or the review's (not owned) */
	const struct provider *provider; /* a review's provider, or NULL */
	const struct section *section;   /* a commentary section, or NULL */
	char *about;                     /* "Review of AWS, ClusterMAX 3.0" */
	char *href;                      /* a site path: the corrected item */
	char *plain;                     /* its text as plain text (the feed) */
	size_t nth;                      /* its place in its item's list, from 1 */
};

/* The report's view: a page for every provider (parallel to the
 * project's providers; a provider with no visible review has none), and
 * the security page (NULL when the report has no security part), the
 * home page and each edition's page. */
struct view_report {
	const struct computed *c;
	/*
	 * A provider's page is not kept for the whole build: the job that
	 * writes its page builds it, lends it here while the page and what
	 * else is made from it are made (view_provider_lend), and frees it, so
	 * that memory does not grow with the providers. A slot is NULL
	 * otherwise: a back end then builds the page itself
	 * (vd_provider_new) and frees it when done. What the pages of the
	 * whole report need of a provider's page is kept as it is returned:
	 * its description (llms.txt), parallel to the project's providers.
	 */
	struct vd_provider **providers;
	char **descriptions;
	size_t nproviders;
	/* each edition's changes page (view_changes.c), parallel to the
	 * computed editions */
	struct vd_page **changes;
	size_t nchanges;
	/* every visible correction, newest first, and the page that lists
	 * them (NULL when there is none) */
	struct vd_correction *corrections;
	size_t ncorrections, capcorrections;
	struct vd_page *corrections_page;
	struct vd_security *security;
	struct vd_page *home;
	struct vd_page **editions;  /* parallel to the computed editions */
	size_t neditions;
};

/* The home page's view; free with vd_page_free(). */
struct vd_page *vd_home_new(const struct computed *c);
/*
 * An edition's page (the site's only: the PDF has none): "lead" (what it
 * found); for the report's own edition, whose overview is the front
 * page's, "see-home" (a sentence linking the front page), else "figures"
 * (as the home page's, against the edition's baseline), "medals" and
 * "movers" (the movers table against the baseline); "funnel" (its chart
 * for the report's edition, else a list: each step's count, strong, then
 * what it counts); "claims" (the figures the source states: one sentence,
 * role "claims-agree", when all agree with the count, else a table,
 * figure | stated | counted, or "empty" when it states none).
 */
struct vd_page *vd_edition_new(const struct computed *c, const struct edition_stats *s);
/* The medal table of edition e (with the baseline's tiers and the
 * movement as the PDF shows them when pdf); free with vd_medals_free(). */
struct vd_medals *vd_medals_new(const struct computed *c, const struct edition *e,
    bool pdf);
void vd_medals_free(struct vd_medals *m);
/* The medal table of page p, or NULL. Not owned. */
const struct vd_medals *vd_page_medals(const struct vd_page *p);
/* The page of edition e, or NULL. Not owned. */
const struct vd_page *view_edition(const struct view_report *v, const struct edition *e);
void vd_page_free(struct vd_page *p);
/*
 * The headline figures of s (against cmp's baseline when cmp has one): a
 * table of rows label, value, detail and, when one has it, a note, for the home page,
 * an edition's page and the PDF. Free with table_free().
 */
/* The table of the figures edition e states and those counted, one layout
 * for every edition (figure, stated, counted), each note under it as a
 * sentence, the figures that agree said once; strip (a page with the
 * figures strip, the site's): without the notes the strip gives, any
 * other in a column of notes. Free with table_free(). */
struct table *vd_claims_table(const struct computed *c, const struct edition *e,
    bool strip);
struct table *vd_figures(const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp);
/* A count as the figures give it: "84 stated; 85 counted" where an
 * acknowledged claim differs, "16 named" in a partial edition; malloc'd. */
char *vd_figure_value(const struct report *r, const struct edition_stats *s,
    const char *figure, long computed);

/* Builds the view of the whole report. Free with view_report_free(). */
struct view_report *view_report_new(const struct computed *c);
void view_report_free(struct view_report *v);
/* The page of provider p, or NULL. Not owned. */
const struct vd_provider *view_provider(const struct view_report *v,
    const struct provider *p);
/*
 * Lends vp (provider p's page, built by the caller) to v: view_provider
 * gives it until view_provider_return, which keeps its description and
 * empties the slot; the caller then frees vp. One thread per provider: a
 * slot is only read by the thread that lent it.
 */
void view_provider_lend(const struct view_report *v, const struct provider *p,
    const struct vd_provider *vp);
void view_provider_return(const struct view_report *v, const struct provider *p);
/* The description of p's page (for links to it): the one kept when its
 * page was written, else its page built now into *own (free it with
 * vd_provider_free); NULL when p has no page. */
const char *view_provider_description(const struct view_report *v,
    const struct provider *p, struct vd_provider **own);
/* One provider's page; free with vd_provider_free(). */
struct vd_provider *vd_provider_new(const struct computed *c,
    const struct provider_view *pv);
void vd_provider_free(struct vd_provider *p);
/*
 * Whether the PDF gives p's review rt as a row of one table (the name, the
 * tier, the standing) instead of an entry: the review is thin and the page
 * says nothing above it but its opening line (no site, successor, fields,
 * or uncertain tier).
 */
bool vd_provider_row(const struct vd_provider *p, const struct rating *rt);
/* Whether review rating rt says nothing of its own (a tier and its
 * sources only): its vd_review's thin, from the model without a view, so
 * that vd_provider_row is false without building the page when not. */
bool vd_review_thin(const struct rating *rt);
/* The security page; NULL without security practices or findings. Free
 * with vd_security_free(). */
struct vd_security *vd_security_new(const struct computed *c);
void vd_security_free(struct vd_security *v);

/*
 * Building a tree (gen/viewdoc): each adder appends to its run, section or
 * block and returns what it added; strings are copied.
 */
struct vd_inline *vd_add(struct vd_inlines *in, enum vd_kind kind, const char *text);
struct vd_inline *vd_add_link(struct vd_inlines *in, const char *text, enum vd_target t);
struct vd_inline *vd_add_tier(struct vd_inlines *in, const struct tier *t,
    const char *uncertain);
/* A copy of v (its strings too) appended to in. */
void vd_add_copy(struct vd_inlines *in, const struct vd_inline *v);
/*
 * The string key of the report's pack with each {name} replaced by the
 * inline of the same index in vals (names NULL-terminated; vals copied),
 * the text between as VD_TEXT.
 */
/*
 * The order the sources are listed in, site and PDF: by date, oldest
 * first; one dated only in words ("April 2026") right after the source
 * before it in sources.yaml; one with no date last, in file order. An
 * array of p->nsources indexes into p->sources; malloc'd (NULL if none).
 */
size_t *vd_sources_order(const struct project *p);
void vd_add_format(struct vd_inlines *in, const struct report *r, const char *key,
    const char *const *names, const struct vd_inline *vals);
/*
 * A name and its value joined as the pack's label_value joins them
 * ("{label}: {value}", French "{label}\u00a0: {value}"): label's inline
 * and value's inlines copied, the pack's words between them as VD_TEXT.
 */
void vd_add_label_value(struct vd_inlines *in, const struct report *r,
    const struct vd_inline *label, const struct vd_inlines *value);
const struct vd_block *vd_section_block(const struct vd_page *pg, const struct section *s);
struct vd_section *vd_section_add(struct vd_section **s, size_t *n, const char *id,
    const char *title);
struct vd_block *vd_block_add(struct vd_section *s, enum vd_block_kind kind,
    const char *role);
/* A new item of a list or quote block. */
struct vd_inlines *vd_item_add(struct vd_block *b);
void vd_inlines_release(struct vd_inlines *in);
void vd_sections_free(struct vd_section *s, size_t n);

/*
 * The changes and corrections (view_changes.c): view_report_new builds
 * them with view_changes_build and frees them with view_changes_release.
 */
void view_changes_build(struct view_report *v);
void view_changes_release(struct view_report *v);
/* The changes page of edition e, or NULL. Not owned. */
const struct vd_page *view_changes(const struct view_report *v, const struct edition *e);
/* The site path of e's changes page: "editions/ID/changes/" (malloc'd). */
char *view_changes_path(const struct edition *e);
/* " date" in words, as key's {date} (a VD_ROLE_DATE mark) after prefix;
 * nothing when date is DATE_NONE. */
void vd_add_dated(struct vd_inlines *in, const struct report *r, const char *prefix,
    const char *key, pdate date);
/* A "corrections" section of n corrections, newest first, each "Corrected
 * on DATE: TEXT" (nothing when n is 0). */
void vd_corrections_section(struct vd_section **s, size_t *ns, const struct report *r,
    const struct correction *v, size_t n, const char *file);

/* The section with id in a list of them, or NULL. */
const struct vd_section *vd_section_find(const struct vd_section *s, size_t n,
    const char *id);

/* The plain text of inlines (Markdown as written), appended to b. */
void vd_inlines_text(const struct vd_inlines *in, struct buf *b);
/*
 * The text of the provider pages as a reader reads them, one line per
 * paragraph, list item, table row (cells after a tab) or quote:
 * "provider<TAB>review edition or -<TAB>section<TAB>where<TAB>text", then
 * the security page's as "@security<TAB>-<TAB>section<TAB>site,pdf<TAB>text"
 * (a table there one cell a line: the PDF may wrap a cell), then the home
 * page's as "home<TAB>-<TAB>section<TAB>site,pdf<TAB>text" (its section
 * titles, figures, medal table (its baseline tiers the PDF's only), movers
 * rows and notes) and each edition page's. For
 * tests: what the site and the PDF must both say.
 */
void view_report_dump(const struct view_report *v, struct buf *b);

#endif
