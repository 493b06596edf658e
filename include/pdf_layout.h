/*
 * pdf_layout.h: the insides of the PDF layout, shared by gen/pdf_*.c.
 *
 * pdf_render() places the document in one pass, each block prepared
 * (pango layouts at their final width) just before it is placed, or a few
 * blocks ahead on helper threads (pdf_ahead.c), and released after. What is known only at the end, the page count of "page N
 * of M" and the contents page's numbers, is drawn in Form XObjects the
 * pages paint now and whose content is written after the last page.
 */
#ifndef PODIUM_PDF_LAYOUT_H
#define PODIUM_PDF_LAYOUT_H

#include <stdatomic.h>

#include <pango/pangocairo.h>

#include "pdfdoc.h"
#include "pdfw.h"

/* Spacing of the layout, points. */
#define PARA_AFTER 6.0
#define ITEM_AFTER 2.0
#define LIST_INDENT 18.0
#define QUOTE_INDENT 14.0
#define CODE_PAD 4.0
extern const double pdf_heading_before[3];

struct pdf_free_hook;
struct pdf_toc;

struct pdf_doc {
	struct arena *arena;
	struct pdf_block *root;
	const char *meta[PDF_KEY_MAX];
	const char *lines[8];     /* title page lines */
	size_t nlines;
	enum pdf_paper paper;
	struct pdf_free_hook *hooks;
	size_t nhooks, hookcap;
};

enum pdf_font {
	FONT_BODY, FONT_H1, FONT_H2, FONT_H3, FONT_CODE, FONT_TABLE,
	FONT_TABLE_HEAD, FONT_SMALL, FONT_CAPTION, FONT_TITLE, FONT_SUBTITLE,
	FONT_MAX
};

/* A prepared piece of text: a pango layout and its lines' positions. */
struct pdf_link_span {
	int start, end;           /* byte range in the layout's text */
	const char *link;
};

struct pdf_text {
	PangoLayout *layout;      /* NULL for a quick text (pdf_quick.c): */
	GSList *qruns;            /* its one line's glyph runs, in order */
	char *qtext;              /* and the text they index */
	int nlines;
	double *top, *bottom;     /* each line's extent from the layout's top */
	double *base;             /* each line's baseline from the layout's top */
	double *lx;               /* each line's x offset (alignment) */
	struct pdf_link_span *links;
	size_t nlinks;
	double width;             /* the widest line's logical width */
	double link_dx;           /* the alignment pango did not see (unwrapped) */
	atomic_uint refs;         /* holders: its maker and the text caches */
};

struct pdf_text_cache;
struct pdf_size_memo;
struct pdf_ahead;

struct pdf_anchor {
	const char *name;
	unsigned page;            /* where it was placed; 0: not yet */
	size_t next;              /* the next in its hash chain, plus one */
};

struct pdf_tag {
	const char *name;
	char *attrs;              /* malloc'd or NULL */
};

/* A form drawn at the end: a footer, or a contents entry's number. */
struct pdf_later {
	uint32_t id;              /* pdfw_form_later() */
	unsigned num;             /* footer: its page */
	const char *toc;          /* contents: the entry's anchor; NULL: footer */
	double baseline;          /* contents: the number's baseline */
};

#define PDF_TAG_MAX 32
#define PDF_QUOTE_MAX 16

struct pdf_ctx {
	struct pdf_doc *doc;
	struct pdf_geometry g;
	PangoFontMap *fontmap;     /* our own: freed with its caches */
	PangoContext *pc;
	PangoFontDescription *font[FONT_MAX];
	struct pdfw *w;           /* NULL: nothing drawn */
	double x0, x1, y0, y1;    /* the body's box */
	double y;                 /* the cursor */
	bool at_top;              /* nothing placed on this page yet */
	bool chrome;              /* this page has header and footer */
	unsigned page;            /* 1-based */
	char *section;            /* running header: the current section (owned) */
	char *page_section;       /* the one shown on this page (owned) */
	struct pdf_tag tags[PDF_TAG_MAX];
	size_t ntags;
	int outline[3];           /* last outline id of each level */
	struct pdf_anchor *anchors;
	size_t nanchors, anchorcap;
	size_t *buckets;          /* chain heads (index plus one), a power of 2 */
	size_t nbuckets;
	double quote_x[PDF_QUOTE_MAX], quote_y[PDF_QUOTE_MAX];
	size_t nquotes;
	struct pdf_text *marker;  /* a list item's marker, drawn with its first line */
	double marker_x;
	struct pdf_result res;
	unsigned autoid;
	unsigned list_depth;
	const char *anchor;       /* the next placed text's destination */
	unsigned ink;               /* text colour of pdf_text_draw */
	bool page_has_section;   /* a running heading started on this page */
	struct pdf_toc *toc;       /* the contents page, prepared */
	struct pdf_text_cache *tcache; /* short texts, shared while they repeat */
	struct pdf_size_memo *memo; /* table cells' measurements */
	struct pdf_quick *quick;  /* fonts and line heights of quick texts */
	PangoLayout *chrome_line[2]; /* running header: title and section lines */
	char *chrome_text[2];
	struct pdf_later *later;  /* the forms to draw at the end */
	size_t nlater, latercap;
	struct pdf_ahead *ahead;  /* NULL: blocks are prepared as they come */
};

/* pdf_doc.c */
/* Frees the tables of b, its siblings after it and all their kids. */
void pdf_blocks_free_tables(struct pdf_block *b);
/* Runs the free hooks from the from-th on, in order, and forgets them. */
void pdfdoc_hooks_run(struct pdf_doc *doc, size_t from);

/* pdf_text.c */
/* On success, free with pdf_text_free(). */
struct pdf_text *pdf_text_new(struct pdf_ctx *ctx, const struct pdf_run *runs,
    enum pdf_font font, double width, PangoAlignment align, bool justify);
/* One plain string. */
struct pdf_text *pdf_text_plain(struct pdf_ctx *ctx, const char *s,
    enum pdf_font font, double width, PangoAlignment align);
void pdf_text_free(struct pdf_text *t);
/* Drops the text cache (at the end of a rendering). */
void pdf_text_cache_free(struct pdf_ctx *ctx);
double pdf_text_height(const struct pdf_text *t);
/* Height of the first n lines. */
double pdf_text_head(const struct pdf_text *t, int n);
/* Draws lines [first, last) with line first's top at y. */
void pdf_text_draw(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    double y, int first, int last);
/* Places all lines from the cursor, breaking pages (widows, orphans). */
void pdf_text_place(struct pdf_ctx *ctx, const struct pdf_text *t, double x,
    const char *tag);
/* The same, on a tinted box of width w (code blocks). */
void pdf_text_place_boxed(struct pdf_ctx *ctx, const struct pdf_text *t,
    double x, double w, const char *tag, unsigned rgb);

/* The colour of links' text. */
#define PDF_LINK_RGB 0x1a4d8fu
/* Code spans: this family at this scale of their text's size. */
#define PDF_CODE_FAMILY "DejaVu Sans Mono"
#define PDF_CODE_SCALE 0.88
/* Body text's line spacing, a factor of its lines' height. */
#define PDF_BODY_SPACING 1.3f

/* pdf_text.c: the attributes of a run of style (PDF_S_*), a link or not,
 * over bytes [start, end), added to al. */
void pdf_style_attrs(PangoAttrList *al, unsigned style, bool link,
    size_t start, size_t end);
/* A new attribute of links' colour, over the whole text. */
PangoAttribute *pdf_link_colour(void);

/*
 * pdf_quick.c: a text of one line without a pango layout: shaped run by
 * run as pango's layout would, for the characters and styles where that
 * gives the same glyphs (test_pdf_text checks); NULL where it does not
 * (the caller then makes a layout), or where it does not fit width (< 0:
 * any width).
 */
struct pdf_text *pdf_quick_new(struct pdf_ctx *ctx, const struct pdf_run *runs,
    const char *plain, enum pdf_font font, double width, PangoAlignment align);
/* Frees a quick text's runs. */
void pdf_quick_runs_free(GSList *runs);
/* Where pango puts a line of width lw in a layout of width w (units). */
int pdf_align_offset(PangoAlignment align, int w, int lw);
/* Drops the context's quick fonts and line heights. */
void pdf_quick_free(struct pdf_ctx *ctx);
/* Off: every text gets a layout (for tests). */
void pdf_quick_enable(bool on);
/* Draws line i of t with its baseline's start at (x, y). */
void pdf_text_line_draw(struct pdfw *w, const struct pdf_text *t, int i,
    double x, double y);
/* The logical width of line i of t. */
double pdf_text_line_width(const struct pdf_text *t, int i);
/* The x ranges of bytes [a, b) on line i of t, from the line's start, in
 * pango units, as pango_layout_line_get_x_ranges() gives them. */
void pdf_text_x_ranges(const struct pdf_text *t, int i, int a, int b,
    int **ranges, int *n);

/* pdf_table.c: a table cell's text measured unwrapped: its logical width
 * in pango units, and its height (-1: more than one line). */
void pdf_cell_measure(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    int *units, double *h);

/* pdf_layout.c */
void pdf_need(struct pdf_ctx *ctx, double h);
void pdf_new_page(struct pdf_ctx *ctx);
void pdf_space(struct pdf_ctx *ctx, double h);
void pdf_tag_push(struct pdf_ctx *ctx, const char *name, const char *attrs);
void pdf_tag_pop(struct pdf_ctx *ctx);
/* A link over a rectangle: target "#anchor" or a URL. */
void pdf_link(struct pdf_ctx *ctx, const char *target, double x, double y,
    double w, double h);
/* What is drawn between the two is the destination name (NULL: none). */
void pdf_dest_begin(struct pdf_ctx *ctx, const char *name);
void pdf_dest_end(struct pdf_ctx *ctx, const char *name);
/* A link target that exists: a known "#anchor" or an allowed URL. */
bool pdf_target_ok(struct pdf_ctx *ctx, const char *target);
struct pdf_anchor *pdf_anchor_find(struct pdf_ctx *ctx, const char *name);
void pdf_set_rgb(struct pdf_ctx *ctx, unsigned rgb);

/* pdf_layout.c: preparing and releasing blocks. */
void pdf_block_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width);
/*
 * Builds the content of the lazy blocks in b (b itself or below it), in
 * the order preparing b would, each one's hooks left to its caller: see
 * pdf_ahead.c.
 */
void pdf_block_expand(struct pdf_ctx *ctx, struct pdf_block *b);
/* The anchors from the (n+1)-th on: forgotten, or added again. */
size_t pdf_anchors_count(const struct pdf_ctx *ctx);
const char **pdf_anchors_detach(struct pdf_ctx *ctx, size_t from, size_t *n);
void pdf_anchors_attach(struct pdf_ctx *ctx, const char **names, size_t n);
/* A context of the same fonts and geometry for another thread, drawing
 * nothing; free with pdf_ctx_helper_free() after the last text it made. */
void pdf_ctx_helper_init(struct pdf_ctx *h, const struct pdf_ctx *ctx);
void pdf_ctx_helper_free(struct pdf_ctx *h);

/*
 * pdf_ahead.c: the body's top-level blocks prepared a few ahead of the one
 * being placed, on other threads (PODIUM_THREADS > 1).
 */
#define PDF_AHEAD_MAX 8     /* blocks prepared or queued at once */
/* NULL when there is one thread only. Free with pdf_ahead_free(). */
struct pdf_ahead *pdf_ahead_new(struct pdf_ctx *ctx);
/*
 * Queues the body's first blocks (first: its first kid) to be prepared
 * while the title and contents pages are placed; nothing with ahead NULL.
 */
void pdf_ahead_start(struct pdf_ctx *ctx, struct pdf_block *first,
    double width);
/* Returns once b (a kid of the body) is prepared; queues those after it. */
void pdf_ahead_ready(struct pdf_ctx *ctx, struct pdf_block *b, double width);
/* Makes b's own anchors visible: just before it is placed. */
void pdf_ahead_attach(struct pdf_ctx *ctx, struct pdf_block *b);
/* After b was placed and released: its hooks run, its record forgotten. */
void pdf_ahead_done(struct pdf_ctx *ctx, struct pdf_block *b);
void pdf_ahead_free(struct pdf_ahead *ah);

/* pdf_doc.c */
/* Hands over the hooks from the from-th on (malloc'd array of *n). */
struct pdf_free_hook *pdfdoc_hooks_take(struct pdf_doc *doc, size_t from,
    size_t *n);
/* Runs n hooks taken with pdfdoc_hooks_take(), in order, and frees them. */
void pdfdoc_hooks_run_taken(struct pdf_free_hook *hooks, size_t n);

/* pdf_table.c */
void pdf_table_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width);
void pdf_table_place(struct pdf_ctx *ctx, struct pdf_block *b, double x);
double pdf_table_min(const struct pdf_block *b);
void pdf_table_release(struct pdf_block *b);
void pdf_size_memo_free(struct pdf_ctx *ctx);


/* pdf_page.c: title page, contents, header and footer. */
void pdf_title_page(struct pdf_ctx *ctx);
void pdf_toc_prepare(struct pdf_ctx *ctx);
void pdf_toc_place(struct pdf_ctx *ctx);
void pdf_toc_release(struct pdf_ctx *ctx);
void pdf_chrome(struct pdf_ctx *ctx);
void pdf_chrome_release(struct pdf_ctx *ctx);
/* Draws the forms of ctx->later after the last page, and forgets them. */
void pdf_later_fill(struct pdf_ctx *ctx);

#endif
