/*
 * pdfdoc.h: a small document model for the PDF report, and its layout.
 *
 * A document is a title page, an optional table of contents and a tree of
 * blocks (headings, paragraphs of inline runs, lists, quotes, code, tables,
 * figures, page breaks). pdf_render() lays it out on pages with pango and
 * draws it on cairo's PDF surface: running header and footer ("page N of
 * M"), outline entries for headings, internal and external links, structure
 * tags, metadata. The model knows nothing of ratings; gen/pdf/render_pdf.c
 * builds one from the computed model.
 *
 * Invariants:
 * - The document owns everything in it: strings are copied into its arena,
 *   tables handed to pdf_table() are freed by pdfdoc_free().
 * - A link is "#anchor" (a destination in the document: a heading's, a
 *   table's or a figure's anchor) or an external URL (http, https, mailto).
 *   A link to an anchor that does not exist is drawn as plain text.
 * - Output never depends on the clock: the metadata dates are the ones set.
 * - Memory stays bounded by the largest top-level block, not the document:
 *   top-level blocks are prepared just before they are placed and released
 *   right after, and a lazy block (pdf_lazy) builds its content only while
 *   it is being placed, into memory freed as soon as it is placed. A lazy
 *   block's content may hold no contents-page (PDF_H_TOC) headings, and its
 *   anchors are visible only inside it.
 * - The document is laid out twice (a lazy block's fill runs once in
 *   each): the first pass draws nothing and learns the page count and each
 *   anchor's page, the second draws with them (cairo writes a page once).
 *   The second takes the texts the first shaped from it (up to a memory
 *   budget), in the order the first asked for them: a fill that added
 *   other text in the second pass would have it shaped again, never
 *   drawn wrong.
 * - The tree's depth is the builder's: the layout recurses over it, so a
 *   builder of untrusted nesting clamps it (pdf_md.c: PDF_NEST_MAX).
 */
#ifndef PODIUM_PDFDOC_H
#define PODIUM_PDFDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <cairo.h>

#include "canvas.h"

#include "table_data.h"
#include "util.h"

enum pdf_paper { PDF_A4, PDF_LETTER };

/* Inline run styles (bits). */
#define PDF_S_BOLD   1u
#define PDF_S_ITALIC 2u
#define PDF_S_CODE 4u
/* The run's text is replaced, as it is laid out, by the number of the page
 * its link ("#anchor") is on: a cross-reference ("see ..., page 9"). The
 * first pass, which does not know it yet, lays out "00". */
#define PDF_S_PAGE 8u
/* No line break inside the run (a URL's scheme and host). */
#define PDF_S_NOBREAK 16u
/* An address (a URL): on a line of its own when it fits on one, else
 * broken only after a "/" or a "-" of its path, never a few characters
 * alone on a line (pdf_text.c). */
#define PDF_S_URL 32u

/*
 * Lists and quotes nested deeper than this (in Markdown) go into the
 * deepest one drawn, so that the tree stays shallow (pdf_md.c).
 */
#define PDF_NEST_MAX 8

/* Heading flags (bits). */
#define PDF_H_OUTLINE 1u /* an entry in the PDF outline */
#define PDF_H_TOC     2u /* a line in the table of contents */
#define PDF_H_RUNNING 4u /* level 1 or 2: becomes the running header's
                            section (a level 2 one until the next heading
                            so flagged: a provider's entry in its part) */
#define PDF_H_NEWPAGE 8u /* starts a new page */
#define PDF_H_ALL     (PDF_H_OUTLINE | PDF_H_TOC | PDF_H_RUNNING)

enum pdf_block_kind {
	PDF_BODY,      /* the root: kids are the document's blocks */
	PDF_HEADING,   /* level, runs, anchor, flags */
	PDF_PARA,      /* runs */
	PDF_LIST,      /* kids are PDF_ITEMs; start: 0 bulleted, else first number */
	PDF_ITEM,      /* kids are blocks */
	PDF_QUOTE,     /* kids are blocks */
	PDF_CODE,      /* one run: preformatted text */
	PDF_TABLE,     /* table (owned); anchor */
	PDF_FIGURE,    /* draw(arg, cv, w, h) at width x height; caption; anchor */
	PDF_PAGEBREAK,
	PDF_LAZY       /* fill(arg, doc, self) adds the kids when they are placed */
};

struct pdf_run {
	struct pdf_run *next;
	const char *text;   /* UTF-8 */
	unsigned style;     /* PDF_S_BOLD | PDF_S_ITALIC | PDF_S_CODE */
	const char *link;   /* "#anchor", an external URL, or NULL */
};

/* Draws a figure onto cv from (0,0), width x height points. */
typedef void pdf_draw_fn(void *arg, struct canvas *cv, double width,
    double height);
/*
 * Adds a lazy block's content under self with the usual builders. Called
 * once for each layout pass (twice), so it must add the same blocks each
 * time; what it allocates through the document is freed after placing.
 */
struct pdf_doc;
struct pdf_block;
typedef void pdf_fill_fn(void *arg, struct pdf_doc *doc, struct pdf_block *self);

struct pdf_block {
	enum pdf_block_kind kind;
	struct pdf_block *next;
	struct pdf_block *kids, *last_kid;
	struct pdf_run *runs, *last_run;
	unsigned level;           /* heading: 1..3 */
	unsigned flags;           /* heading: PDF_H_* */
	unsigned start;           /* list: 0 bulleted, else the first number */
	const char *anchor;       /* destination name or NULL (heading, paragraph,
	                             table, figure) */
	bool after_heading;       /* the block just before it is a heading */
	bool keep_with_next;      /* never a page break between this and next:
	                             blocks kept each with the next start on
	                             one page together (when they fit one); a
	                             paragraph of five lines or more breaks so
	                             that its last two lines go with the next,
	                             a table of six rows or more so that its
	                             last three do */
	bool keep_together;       /* a short one (half a page at most) is not
	                             broken over pages */
	struct table *table;      /* PDF_TABLE, owned by the document */
	pdf_draw_fn *draw;        /* PDF_FIGURE */
	void *arg;
	double width, height;     /* PDF_FIGURE: natural size in points */
	const char *caption;      /* PDF_FIGURE */
	pdf_fill_fn *fill;        /* PDF_LAZY, with arg */
	void *prep;               /* the layout's own state while rendering */
};

/* On success, free with pdfdoc_free(). */
struct pdf_doc *pdfdoc_new(void);
void pdfdoc_free(struct pdf_doc *doc);

enum pdf_key {
	PDF_TITLE, PDF_SUBTITLE, PDF_AUTHOR, PDF_SUBJECT, PDF_KEYWORDS,
	PDF_CREATOR,
	PDF_DATE,      /* metadata dates, "YYYY-MM-DDThh:mm:ssZ" */
	PDF_LANG,      /* the document's language, "en" */
	PDF_TOC_TITLE, /* the contents page's heading; NULL: no contents page */
	PDF_FOOTER,    /* each page's footer, {page} and {pages} put in;
	                  NULL: "page {page} of {pages}" */
	PDF_LEDE,      /* the title page's opening words, under the subtitle */
	PDF_PAGE_REF,  /* a page reference's words, "page {page}": the text
	                  before a page number's run that ends with its words
	                  before {page} goes, with the number, when the target
	                  is on the same page, for one of these two words */
	PDF_HERE_ABOVE, /* "above" */
	PDF_HERE_BELOW, /* "below" */
	PDF_PAGES_REF, /* a reference to a table over two pages or more:
	                  "pages {from}\u2013{to}", in place of PDF_PAGE_REF's
	                  words and number; NULL: the first page alone */
	PDF_TABLE_CONT, /* a line over a table's header repeated on a page it
	                   continues on, {title} put in (its caption, else the
	                   heading it stands under): "{title} (continued)";
	                   NULL: none */
	PDF_KEY_MAX
};
/* Copies value (NULL clears it). */
void pdfdoc_set(struct pdf_doc *doc, enum pdf_key key, const char *value);
const char *pdfdoc_get(const struct pdf_doc *doc, enum pdf_key key);
void pdfdoc_paper(struct pdf_doc *doc, enum pdf_paper paper);
/* A line under the title on the title page (publisher, authors, date). */
void pdfdoc_title_line(struct pdf_doc *doc, const char *text);
/* Called with arg on free (figures' arguments). */
void pdfdoc_on_free(struct pdf_doc *doc, void (*fn)(void *), void *arg);
/* Copies a string into the document's arena. */
const char *pdfdoc_strdup(struct pdf_doc *doc, const char *s);

/* Headings, table cells and captions longer than this many bytes are cut
 * there and end with an ellipsis (as the charts cut their texts). */
#define PDF_NAME_MAX 4096

/* Builders. parent NULL means the body. Each returns the new block. */
struct pdf_block *pdf_heading(struct pdf_doc *doc, struct pdf_block *parent,
    unsigned level, const char *text, const char *anchor, unsigned flags);
struct pdf_block *pdf_para(struct pdf_doc *doc, struct pdf_block *parent);
/* Appends a run of len bytes of text (len (size_t)-1: up to the NUL). */
void pdf_run(struct pdf_doc *doc, struct pdf_block *b, const char *text,
    size_t len, unsigned style, const char *link);
struct pdf_block *pdf_list(struct pdf_doc *doc, struct pdf_block *parent,
    unsigned start);
struct pdf_block *pdf_item(struct pdf_doc *doc, struct pdf_block *list);
struct pdf_block *pdf_quote(struct pdf_doc *doc, struct pdf_block *parent);
struct pdf_block *pdf_code(struct pdf_doc *doc, struct pdf_block *parent,
    const char *text);
/* Takes ownership of t. Cells' href become links: "#anchor" or a URL. */
struct pdf_block *pdf_table(struct pdf_doc *doc, struct pdf_block *parent,
    struct table *t, const char *anchor);
struct pdf_block *pdf_figure(struct pdf_doc *doc, struct pdf_block *parent,
    double width, double height, pdf_draw_fn *draw, void *arg,
    const char *caption, const char *anchor);
struct pdf_block *pdf_pagebreak(struct pdf_doc *doc, struct pdf_block *parent);
/* A block whose content fill(arg, ...) adds only while it is laid out. */
struct pdf_block *pdf_lazy(struct pdf_doc *doc, struct pdf_block *parent,
    pdf_fill_fn *fill, void *arg);

/* The geometry pdf_render uses (points), for callers and tests. */
struct pdf_geometry {
	double page_w, page_h;
	double left, right, top, bottom;  /* margins: the body's box */
	double header_y, footer_y;        /* baselines of header and footer */
};
void pdf_geometry(enum pdf_paper paper, struct pdf_geometry *g);

struct pdf_result {
	unsigned pages;
	unsigned outlines;  /* outline entries written */
	unsigned links;     /* link annotations written */
	/* texts pango laid out (shaped) in the first and the second pass,
	 * those the second took from the first instead (pdf_text.c's tape),
	 * and those the second shaped again after the first */
	unsigned long shaped[2], reused, twice;
};

/*
 * Lays out and draws doc as PDF, appending the bytes to out. Returns 0, or
 * -1 with a message in *err (static) when writing fails.
 */
int pdf_render(struct pdf_doc *doc, struct buf *out, struct pdf_result *res,
    const char **err);
/* The same, handing the bytes to write(closure, data, len) as they come. */
int pdf_render_stream(struct pdf_doc *doc, cairo_write_func_t write,
    void *closure, struct pdf_result *res, const char **err);

#endif
