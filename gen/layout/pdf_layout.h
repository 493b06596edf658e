/*
 * pdf_layout.h: the insides of the PDF layout, shared by gen/layout/pdf_*.c.
 *
 * pdf_render() places the document twice, each block prepared (pango
 * layouts at their final width) just before it is placed and released
 * after. The first pass draws nothing: it learns the page count and the
 * page of every anchor. The second draws onto cairo's PDF surface, which
 * cannot go back to a page: "page N of M" and the contents page's numbers
 * come from the first pass. The texts the first pass shaped wait on the
 * tape (below) for the second, so that each is shaped once.
 */
#ifndef PODIUM_PDF_LAYOUT_H
#define PODIUM_PDF_LAYOUT_H

#include <pango/pangocairo.h>

#include "fonts.h"
#include "pdfdoc.h"

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

/*
 * A text over CHUNK bytes is laid out in pieces of about that size, each
 * its own layout, their lines one after another: pango shapes what is
 * left of a text again for each line it breaks, which is quadratic in a
 * long text (a 200 KB word, a 1 MiB name).
 */
#define PDF_TEXT_CHUNK 4096
/* A link is clickable on its first this many lines (pdf_text.c). */
#define PDF_LINK_LINES 60

struct pdf_text {
	PangoLayout **layouts;    /* the pieces, in order */
	int *layout_base;         /* each piece's first byte in the text */
	int nlayouts;
	int *line_layout;         /* each line's piece, */
	int *line_no;             /* and its number in it */
	int nlines;
	double *top, *bottom;     /* each line's extent from the layout's top */
	double *base;             /* each line's baseline from the layout's top */
	double *lx;               /* each line's x offset (alignment) */
	struct pdf_link_span *links;
	size_t nlinks;
	double width;             /* the widest line's logical width */
	double link_dx;           /* the alignment pango did not see (unwrapped) */
	unsigned refs;            /* holders: its maker and the text cache */
};

struct pdf_text_cache;
struct pdf_size_memo;
struct pdf_tape;

/*
 * The tape: what the first pass shaped, in the order it asked for it, kept
 * for the second pass, which asks for the same texts in the same order
 * (the layout does not depend on what is drawn) and takes each from the
 * tape instead of shaping it again. It holds at most PDF_TAPE_BUDGET bytes
 * (an estimate of the layouts' memory); texts past it are shaped in each
 * pass, so memory stays bounded on a document of any size.
 */
enum pdf_tape_mode { TAPE_OFF, TAPE_RECORD, TAPE_PLAY };
#define PDF_TAPE_BUDGET (64u << 20)

struct pdf_anchor {
	const char *name;
	unsigned page;            /* where it was placed; 0: not yet */
	double y;                 /* and how far down */
	bool drawn;               /* its destination is in the PDF */
};

struct pdf_placed {
	char *name;               /* owned */
	unsigned page;
	double y;
};

/* Where a paragraph with a page reference was placed in the first pass:
 * the second says "above" or "below" by it when the reference's target is
 * on the same page. */
struct pdf_xref {
	unsigned page;
	double y;
};

struct pdf_tag {
	const char *name;
	char *attrs;              /* malloc'd or NULL */
};

/*
 * Open structure elements. pdf_md.c clamps Markdown's nesting (PDF_NEST_MAX
 * lists and quotes), so the stack stays far below this; a tag past it is
 * not written (and its pop skipped), never an abort.
 */
#define PDF_TAG_MAX 64
#define PDF_QUOTE_MAX 16

struct pdf_ctx {
	struct pdf_doc *doc;
	struct pdf_geometry g;
	PangoFontMap *fontmap;     /* our own: freed with its caches */
	PangoContext *pc;
	PangoFontDescription *font[FONT_MAX];
	cairo_surface_t *surface; /* the PDF surface, in the drawing pass */
	cairo_t *cr;              /* NULL in the first pass: nothing drawn */
	unsigned npages;          /* the first pass's page count */
	double x0, x1, y0, y1;    /* the body's box */
	double y;                 /* the cursor */
	bool at_top;              /* nothing placed on this page yet */
	bool chrome;              /* this page has header and footer */
	unsigned page;            /* 1-based */
	char *section;            /* running header: the current section (owned) */
	char *page_section;       /* the one shown on this page (owned) */
	unsigned section_level, page_section_level; /* their headings' levels */
	/* the last level 2 running heading placed on this page, when the
	 * page opens in one (owned): the head then names the first and the
	 * last entry on the page ("Nebius – Oracle"), as a dictionary's */
	char *page_last;
	struct pdf_tag tags[PDF_TAG_MAX];
	size_t ntags;
	size_t tag_over;          /* pushes past PDF_TAG_MAX, not written */
	int outline[3];           /* last outline id of each level */
	struct pdf_anchor *anchors;
	size_t nanchors, anchorcap;
	struct htab anchor_index; /* hash_str(name) -> entry of anchors */
	/* every anchor placed so far (the first pass's too), kept after a
	 * lazy block's are forgotten: a reference from outside the block
	 * (a quote printed in an earlier entry) still finds its page and its
	 * destination, which the PDF keeps */
	struct pdf_placed *placed;
	size_t nplaced, placedcap;
	struct htab placed_index; /* hash_str(name) -> entry of placed */
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
	struct pdf_text_cache *dcache; /* the same, of texts only drawn */
	struct pdf_size_memo *memo; /* table cells' measurements */
	struct pdf_tape *tape;     /* the first pass's texts (pdf_text.c) */
	enum pdf_tape_mode tape_mode;
	bool tape_bypass;          /* texts only the second pass asks for */
	struct pdf_xref *xrefs;    /* by the paragraphs' order (first pass) */
	size_t nxrefs, xrefcap;
	size_t xref_next;          /* this pass's next paragraph's */
	double keep_after;         /* the next text or table placed is kept
	                              with what needs this much after it
	                              (pdf_text.c, pdf_table.c) */
	unsigned long shaped[2], reused, twice; /* for pdf_result */
	PangoLayout *chrome_line[2]; /* running header: title and section lines */
	char *chrome_text[2];
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
/* Drops the text cache (at the end of a rendering, and as a pass starts,
 * so that both passes ask the tape for the same texts). */
void pdf_text_cache_free(struct pdf_ctx *ctx);
/* Sets the tape's mode: TAPE_RECORD as the first pass starts, TAPE_PLAY
 * as the second does, TAPE_OFF (freeing what is left) at the end. */
void pdf_tape_mode(struct pdf_ctx *ctx, enum pdf_tape_mode mode);
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
#define PDF_CODE_FAMILY FONT_MONO
#define PDF_CODE_SCALE 0.88
/* Sans texts' line height, a factor of the face's own (pdf_layout_font). */
#define PDF_SANS_LINE 0.84
/* pdf_fonts.c: a new description of font (free with
 * pango_font_description_free). */
PangoFontDescription *pdf_font_description(enum pdf_font font);
/* pdf_fonts.c: sets font on l, and attrs (may be NULL) with the font's line
 * height. */
void pdf_layout_font(struct pdf_ctx *ctx, PangoLayout *l, enum pdf_font font,
    PangoAttrList *attrs);
/* Body text's line spacing, a factor of its lines' height. */
#define PDF_BODY_SPACING 1.3f

/* pdf_text.c: the attributes of a run of style (PDF_S_*), a link or not,
 * over bytes [start, end), added to al. */
void pdf_style_attrs(PangoAttrList *al, unsigned style, bool link,
    size_t start, size_t end);
/* A new attribute of links' colour, over the whole text. */
PangoAttribute *pdf_link_colour(void);

/* Where pango puts a line of width lw in a layout of width w (units). */
int pdf_align_offset(PangoAlignment align, int w, int lw);
/* Draws line i of t with its baseline's start at (x, y). */
void pdf_text_line_draw(struct pdf_ctx *ctx, const struct pdf_text *t, int i,
    double x, double y);
/* The logical width of line i of t. */
double pdf_text_line_width(const struct pdf_text *t, int i);

/* pdf_table.c: a table cell's text measured unwrapped: its logical width
 * in pango units, and its height (-1: more than one line). */
void pdf_cell_measure(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    int *units, double *h);

/* pdf_marks.c: colour, structure tags, anchors, links, destinations. */
void pdf_set_rgb(struct pdf_ctx *ctx, unsigned rgb);
/* A cairo tag attribute value: s with ' and \ escaped; malloc'd. */
char *pdf_attr_escape(const char *s);
struct pdf_anchor *pdf_anchor_find(struct pdf_ctx *ctx, const char *name);
/* The page an anchor was placed on in this pass or the first, 0 when
 * none: one a lazy block held is found after the block is gone. */
unsigned pdf_anchor_page(struct pdf_ctx *ctx, const char *name);
/* The same, and how far down the page (*y). */
unsigned pdf_anchor_where(struct pdf_ctx *ctx, const char *name, double *y);
void pdf_placed_note(struct pdf_ctx *ctx, const char *name, unsigned page, double y);
/* A table's anchor with this after it: where the table ends. */
#define PDF_END_SUFFIX "#end"
void pdf_placed_free(struct pdf_ctx *ctx);
/* Adds an anchor (not yet placed) under name. */
void pdf_anchor_push(struct pdf_ctx *ctx, const char *name);
/* Forgets the anchors added since there were n. */
void pdf_anchors_pop(struct pdf_ctx *ctx, size_t n);
void pdf_tag_push(struct pdf_ctx *ctx, const char *name, const char *attrs);
void pdf_tag_pop(struct pdf_ctx *ctx);
/* A link over a rectangle: target "#anchor" or a URL. */
void pdf_link(struct pdf_ctx *ctx, const char *target, double x, double y,
    double w, double h);
/* One link over n rectangles (r: x, y, w, h each), on the current page. */
void pdf_link_rects(struct pdf_ctx *ctx, const char *target, const double *r,
    size_t n);
/* What is drawn between the two is the destination name (NULL: none). */
void pdf_dest_begin(struct pdf_ctx *ctx, const char *name);
void pdf_dest_end(struct pdf_ctx *ctx, const char *name);
/* A link target that exists: a known "#anchor" or an allowed URL. */
bool pdf_target_ok(struct pdf_ctx *ctx, const char *target);

/* pdf_chrome.c: one line of text at a baseline, cut with an ellipsis to
 * w; the running header and footer. */
void pdf_line_at(struct pdf_ctx *ctx, const char *s, enum pdf_font font,
    double x, double w, PangoAlignment align, double baseline);
void pdf_chrome(struct pdf_ctx *ctx);
void pdf_chrome_release(struct pdf_ctx *ctx);

/* pdf_flow.c: pages and the cursor. */
/* Starts the next page: the cursor at the top of the body. */
void pdf_page_open(struct pdf_ctx *ctx);
/* Ends the page: its quote bars, header and footer. */
void pdf_page_close(struct pdf_ctx *ctx);
/* Draws quote i's bar from its top on this page down to y_end. */
void pdf_quote_bar(struct pdf_ctx *ctx, size_t i, double y_end);
void pdf_need(struct pdf_ctx *ctx, double h);
void pdf_new_page(struct pdf_ctx *ctx);
void pdf_space(struct pdf_ctx *ctx, double h);

/* pdf_layout.c: preparing blocks. */
void pdf_block_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width);

/* pdf_table.c */
void pdf_table_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width);
void pdf_table_place(struct pdf_ctx *ctx, struct pdf_block *b, double x);
double pdf_table_min(const struct pdf_block *b);
/* Its whole height, prepared, with the space after it. */
double pdf_table_height(const struct pdf_block *b);
void pdf_table_release(struct pdf_block *b);
/* Whether a prepared table is long enough to break over pages (its last
 * rows go with what it is kept with, pdf_ctx's keep_after). */
bool pdf_table_breaks(const struct pdf_block *b);
void pdf_size_memo_free(struct pdf_ctx *ctx);


/* pdf_page.c: title page and contents. */
void pdf_title_page(struct pdf_ctx *ctx);
void pdf_toc_prepare(struct pdf_ctx *ctx);
void pdf_toc_place(struct pdf_ctx *ctx);
void pdf_toc_release(struct pdf_ctx *ctx);

#endif
