/* pdf_layout.c: blocks prepared and placed, fonts, the two passes (pdfdoc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>

#include "escape.h"
#include "fonts.h"
#include "pdf_layout.h"

#define INK_RGB 0x222222u
#define HEADING_RGB 0x1f3a5fu

struct block_prep {
	struct pdf_text *text;    /* heading, paragraph, code, item marker, caption */
	char *plain;              /* heading: its text */
	double w, h;              /* figure: drawn size */
	long xref;                /* paragraph: its references' ordinal, or -1 */
	struct arena *scratch;    /* lazy: what its content was built in */
	size_t hooks_from;        /* lazy: the document's free hooks before it */
	size_t anchors_from;      /* lazy: the anchors before it */
};

const double pdf_heading_before[3] = {20, 14, 10};
#define heading_before pdf_heading_before
#define HEADING_AFTER 5.0

void
pdf_geometry(enum pdf_paper paper, struct pdf_geometry *g)
{
	if (paper == PDF_LETTER) {
		g->page_w = 612;
		g->page_h = 792;
	} else {
		g->page_w = 595.276;
		g->page_h = 841.89;
	}
	g->left = g->right = 64;
	g->top = 72;
	g->bottom = 68;
	g->header_y = 44;
	g->footer_y = g->page_h - 36;
}

/* Preparing blocks: pango layouts at their final widths. */
static struct block_prep *
prep_of(const struct pdf_block *b)
{
	return b->prep;
}

static char *
runs_plain(const struct pdf_run *r)
{
	struct buf b = BUF_INIT;

	for (; r != NULL; r = r->next)
		buf_puts(&b, r->text);
	return buf_detach(&b, NULL);
}

/* A table's rows' anchors (table_cell's): the first of a name keeps it. */
static void
cell_anchors_add(struct pdf_ctx *ctx, struct table *t)
{
	struct table_cell *c;
	size_t i;

	for (i = 0; i < t->nrows * t->ncols; i++) {
		c = &t->cells[i];
		if (c->anchor == NULL)
			continue;
		if (pdf_anchor_find(ctx, c->anchor) != NULL) {
			free(c->anchor);
			c->anchor = NULL;
		} else
			pdf_anchor_push(ctx, c->anchor);
	}
}

static void
anchor_add(struct pdf_ctx *ctx, struct pdf_block *b)
{
	if (b->kind == PDF_HEADING && b->anchor == NULL &&
	    (b->flags & (PDF_H_TOC | PDF_H_OUTLINE)))
		b->anchor = arena_printf(ctx->doc->arena, "sec-%u",
		    ++ctx->autoid);
	if (b->table != NULL)
		cell_anchors_add(ctx, b->table);
	if (b->anchor == NULL)
		return;
	if (pdf_anchor_find(ctx, b->anchor) != NULL) {
		b->anchor = NULL;       /* the first block keeps the name */
		return;
	}
	pdf_anchor_push(ctx, b->anchor);
}

static void block_prepare(struct pdf_ctx *, struct pdf_block *, double);

/*
 * How far a list's items or a quote's blocks are indented at a width of
 * width: by, unless that would leave less than half the body's width, and
 * then nothing (a list then hangs its markers in its parent's margin), so
 * that nesting of any depth keeps a readable measure.
 */
static double
indent(const struct pdf_ctx *ctx, double width, double by)
{
	return width - by >= (ctx->x1 - ctx->x0) / 2 ? by : 0;
}

static void
kids_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	struct pdf_block *k;
	unsigned n = b->start;
	char num[32];

	for (k = b->kids; k != NULL; k = k->next) {
		if (b->kind == PDF_LIST) {
			k->prep = xcalloc(1, sizeof(struct block_prep));
			if (b->start == 0)
				snprintf(num, sizeof(num), "\xe2\x80\xa2");
			else
				snprintf(num, sizeof(num), "%u.", n++);
			prep_of(k)->text = pdf_text_plain(ctx, num, FONT_BODY,
			    LIST_INDENT - 5, PANGO_ALIGN_RIGHT);
			kids_prepare(ctx, k, width - indent(ctx, width,
			    LIST_INDENT));
		} else
			block_prepare(ctx, k, width);
	}
}

static void
figure_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	struct block_prep *p = b->prep;
	double maxh = (ctx->y1 - ctx->y0) * 0.8, s = 1;

	if (b->width <= 0 || b->height <= 0)
		return;
	if (b->width > width)
		s = width / b->width;
	if (b->height * s > maxh)
		s = maxh / b->height;
	p->w = b->width * s;
	p->h = b->height * s;
	if (b->caption != NULL)
		p->text = pdf_text_plain(ctx, b->caption, FONT_CAPTION, width,
		    PANGO_ALIGN_CENTER);
}

static void
anchors_collect(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct pdf_block *k;

	anchor_add(ctx, b);
	for (k = b->kids; k != NULL; k = k->next)
		anchors_collect(ctx, k);
}

static void
cell_check(struct pdf_ctx *ctx, struct table_cell *c)
{
	if (c->href != NULL && !pdf_target_ok(ctx, c->href)) {
		free(c->href);    /* the table's own */
		c->href = NULL;
	}
}

/*
 * A link to a missing anchor or a refused URL becomes plain text, a table
 * cell's too: the anchors seen here are those seen when it is placed.
 */
static void
runs_check(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct pdf_run *r;
	struct pdf_block *k;
	size_t i;

	/* a page number's target may come later than the first pass
	 * reaches it (a table laid out after its reference is made): it
	 * keeps it, the number found then, and the link drawn only if it is
	 * there (pdf_link_rects) */
	for (r = b->runs; r != NULL; r = r->next)
		if (r->link != NULL && !((r->style & PDF_S_PAGE) && r->link[0] == '#') &&
		    !pdf_target_ok(ctx, r->link))
			r->link = NULL;
	if (b->table != NULL) {
		for (i = 0; i < b->table->ncols; i++)
			cell_check(ctx, &b->table->head[i]);
		for (i = 0; i < b->table->nrows * b->table->ncols; i++)
			cell_check(ctx, &b->table->cells[i]);
	}
	for (k = b->kids; k != NULL; k = k->next)
		runs_check(ctx, k);
}

/*
 * Builds a lazy block's content into an arena of its own, its anchors
 * visible from now until lazy_collapse().
 */
static void
lazy_expand(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct block_prep *p = b->prep;
	struct pdf_doc *doc = ctx->doc;
	struct arena *main_arena = doc->arena;
	struct pdf_block *k;

	p->scratch = arena_new();
	p->hooks_from = doc->nhooks;
	p->anchors_from = ctx->nanchors;
	doc->arena = p->scratch;
	b->fill(b->arg, doc, b);
	for (k = b->kids; k != NULL; k = k->next)
		anchors_collect(ctx, k);
	doc->arena = main_arena;
	runs_check(ctx, b);
}

static void
lazy_collapse(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct block_prep *p = b->prep;

	pdf_blocks_free_tables(b->kids);
	if (p->hooks_from != SIZE_MAX)
		pdfdoc_hooks_run(ctx->doc, p->hooks_from);
	pdf_anchors_pop(ctx, p->anchors_from);
	arena_free(p->scratch);
	b->kids = b->last_kid = NULL;
}

/* Prepares a lazy block's own state and builds its content. */
static void
lazy_open(struct pdf_ctx *ctx, struct pdf_block *b)
{
	b->prep = xcalloc(1, sizeof(struct block_prep));
	lazy_expand(ctx, b);
}

/*
 * Where the paragraph being prepared (its page references the ordinal-th
 * of this pass) will be: the first pass's record in the second; in the
 * first, the cursor's page (a guess: it is decided in the second).
 */
static unsigned
xref_here(const struct pdf_ctx *ctx, size_t ordinal, double *y)
{
	if (ctx->cr != NULL && ordinal < ctx->nxrefs) {
		*y = ctx->xrefs[ordinal].y;
		return ctx->xrefs[ordinal].page;
	}
	*y = ctx->y;
	return ctx->page;
}

/*
 * Whether text ends with the words a page reference puts before its
 * number (PDF_PAGE_REF's before "{page}"); *n: their length.
 */
static bool
ends_with_page_words(const struct pdf_ctx *ctx, const char *text, size_t *n)
{
	const char *fmt = ctx->doc->meta[PDF_PAGE_REF], *at;
	size_t len = strlen(text);

	if (fmt == NULL || (at = strstr(fmt, "{page}")) == NULL || at == fmt)
		return false;
	*n = (size_t)(at - fmt);
	return len >= *n && memcmp(text + len - *n, fmt, *n) == 0;
}

/*
 * The page a table that starts on another ends on (its anchor's end,
 * pdf_table_place), when the document says how to give a range of pages
 * (PDF_PAGES_REF); else 0.
 */
static unsigned
page_end(struct pdf_ctx *ctx, const char *anchor)
{
	char *name;
	unsigned pg;
	double y;

	if (ctx->doc->meta[PDF_PAGES_REF] == NULL)
		return 0;
	name = xasprintf("%s" PDF_END_SUFFIX, anchor);
	pg = pdf_anchor_where(ctx, name, &y);
	free(name);
	return pg;
}

/* PDF_PAGES_REF with {from} and {to} put in. */
static char *
pages_text(const char *fmt, unsigned from, unsigned to)
{
	struct buf b = BUF_INIT;
	const char *s;

	for (s = fmt; *s != '\0'; s++) {
		if (strncmp(s, "{from}", 6) == 0) {
			buf_printf(&b, "%u", from);
			s += 5;
		} else if (strncmp(s, "{to}", 4) == 0) {
			buf_printf(&b, "%u", to);
			s += 3;
		} else
			buf_putc(&b, *s);
	}
	return buf_detach(&b, NULL);
}

/*
 * A paragraph's text, each page-number run (PDF_S_PAGE) given the page of
 * its anchor: the first pass's (a forward reference) or this pass's. A
 * reference to the page the paragraph is on says "above" or "below"
 * instead of "page N" (PDF_PAGE_REF, PDF_HERE_ABOVE, PDF_HERE_BELOW):
 * *ordinal is the paragraph's number among those with references, -1 when
 * it has none.
 */
static struct pdf_text *
para_text(struct pdf_ctx *ctx, const struct pdf_run *runs, double width,
    long *ordinal)
{
	struct pdf_run *copy = NULL, **tail = &copy, *c, *prev = NULL;
	const struct pdf_run *r;
	struct pdf_text *t;
	char num[16][16], *cut[16];
	size_t n = 0, ncut = 0, words, i;
	unsigned here;
	double here_y, ay;

	*ordinal = -1;
	for (r = runs; r != NULL && !(r->style & PDF_S_PAGE); r = r->next)
		;
	if (r == NULL)
		return pdf_text_new(ctx, runs, FONT_BODY, width, PANGO_ALIGN_LEFT, false);
	*ordinal = (long)ctx->xref_next++;
	here = xref_here(ctx, (size_t)*ordinal, &here_y);
	for (r = runs; r != NULL; r = r->next) {
		c = xmalloc(sizeof(*c));
		*c = *r;
		c->next = NULL;
		if ((r->style & PDF_S_PAGE) && n < 16) {
			unsigned pg = r->link != NULL && r->link[0] == '#' ?
			    pdf_anchor_where(ctx, r->link + 1, &ay) : 0;
			const char *word = pg == here ? ctx->doc->meta[ay <= here_y ?
			    PDF_HERE_ABOVE : PDF_HERE_BELOW] : NULL;

			unsigned end = pg > 0 ? page_end(ctx, r->link + 1) : 0;

			if (end > pg && prev != NULL && ncut < 15 &&
			    !(prev->style & PDF_S_PAGE) &&
			    ends_with_page_words(ctx, prev->text, &words)) {
				/* a table over pages: "…, pages 5–6" */
				cut[ncut] = xstrdup(prev->text);
				cut[ncut][strlen(cut[ncut]) - words] = '\0';
				prev->text = cut[ncut++];
				cut[ncut] = pages_text(ctx->doc->meta[PDF_PAGES_REF], pg, end);
				c->text = cut[ncut++];
				n++;
			} else if (word != NULL && prev != NULL && ncut < 16 &&
			    !(prev->style & PDF_S_PAGE) &&
			    ends_with_page_words(ctx, prev->text, &words)) {
				/* "…, page 11" on page 11: "…, above" */
				cut[ncut] = xstrdup(prev->text);
				cut[ncut][strlen(cut[ncut]) - words] = '\0';
				prev->text = cut[ncut++];
				c->text = word;
				n++;
			} else {
				if (pg > 0)
					snprintf(num[n], sizeof(num[n]), "%u", pg);
				else
					snprintf(num[n], sizeof(num[n]), "00");
				c->text = num[n++];
			}
		}
		c->style &= ~PDF_S_PAGE;
		*tail = c;
		tail = &c->next;
		prev = c;
	}
	t = pdf_text_new(ctx, copy, FONT_BODY, width, PANGO_ALIGN_LEFT, false);
	while (copy != NULL) {
		c = copy->next;
		free(copy);
		copy = c;
	}
	for (i = 0; i < ncut; i++)
		free(cut[i]);
	return t;
}

/* The first pass notes where a paragraph with page references went. */
static void
xref_record(struct pdf_ctx *ctx, long ordinal, unsigned page, double y)
{
	size_t i;

	if (ctx->cr != NULL || ordinal < 0)
		return;
	if ((size_t)ordinal >= ctx->nxrefs) {
		ctx->xrefs = xgrow(ctx->xrefs, sizeof(*ctx->xrefs),
		    (size_t)ordinal + 1, &ctx->xrefcap);
		for (i = ctx->nxrefs; i <= (size_t)ordinal; i++)
			ctx->xrefs[i] = (struct pdf_xref){0, 0};
		ctx->nxrefs = (size_t)ordinal + 1;
	}
	ctx->xrefs[ordinal] = (struct pdf_xref){page, y};
}

static void
block_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	struct block_prep *p;

	if (b->kind == PDF_TABLE) {
		pdf_table_prepare(ctx, b, width);
		return;
	}
	if (b->kind == PDF_LAZY) {
		if (b->prep == NULL)
			lazy_open(ctx, b);
		kids_prepare(ctx, b, width);
		return;
	}
	p = b->prep = xcalloc(1, sizeof(*p));
	switch (b->kind) {
	case PDF_HEADING:
		p->plain = runs_plain(b->runs);
		p->text = pdf_text_new(ctx, b->runs, FONT_H1 + b->level - 1,
		    width, PANGO_ALIGN_LEFT, false);
		break;
	case PDF_PARA:
		/* ragged right: pango does not hyphenate, and justified
		 * lines without hyphens open rivers */
		p->text = para_text(ctx, b->runs, width, &p->xref);
		break;
	case PDF_CODE:
		p->text = pdf_text_plain(ctx, b->runs->text, FONT_CODE,
		    width - 2 * CODE_PAD, PANGO_ALIGN_LEFT);
		break;
	case PDF_FIGURE:
		figure_prepare(ctx, b, width);
		break;
	case PDF_QUOTE:
		kids_prepare(ctx, b, width - indent(ctx, width, QUOTE_INDENT));
		break;
	case PDF_BODY:
	case PDF_LIST:
	case PDF_ITEM:
		kids_prepare(ctx, b, width);
		break;
	default:
		break;
	}
}

static void
block_release(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct block_prep *p;
	struct pdf_block *k;

	for (k = b->kids; k != NULL; k = k->next)
		block_release(ctx, k);
	if (b->kind == PDF_TABLE) {
		pdf_table_release(b);
		return;
	}
	if ((p = b->prep) == NULL)
		return;
	if (b->kind == PDF_LAZY)
		lazy_collapse(ctx, b);
	pdf_text_free(p->text);
	free(p->plain);
	free(p);
	b->prep = NULL;
}

/*
 * The lines a text needs to start on a page: two, or all three of three
 * (two and one would leave a widow: pdf_text.c's lines_here moves it all).
 */
static int
head_lines(const struct pdf_text *t)
{
	return t->nlines == 3 ? 3 : 2;
}

static double block_min(const struct pdf_block *);
static double block_height(const struct pdf_block *);
static double block_start(const struct pdf_ctx *, const struct pdf_block *, double);

/* Whether b stays on the page of the block after it. */
static bool
kept_with_next(const struct pdf_block *b)
{
	/* a heading, a short paragraph and a figure: the paragraph leads
	 * from the heading into the figure, and a heading with two lines
	 * under it is not left at a page's foot with its figure overleaf */
	if (b->kind == PDF_PARA && b->after_heading && b->next != NULL &&
	    b->next->kind == PDF_FIGURE && b->prep != NULL && prep_of(b)->text != NULL &&
	    prep_of(b)->text->nlines <= 3)
		return true;
	/* a heading that starts a page is at the top of one anyway */
	return b->keep_with_next && b->next != NULL &&
	    !(b->kind == PDF_HEADING && (b->flags & PDF_H_NEWPAGE));
}

/*
 * Whether a prepared block kept with the next breaks over pages, its end
 * going with the next: a paragraph of five lines or more, a table of six
 * rows or more.
 */
static bool
block_breaks(const struct pdf_block *b)
{
	return (b->kind == PDF_PARA && prep_of(b)->text->nlines >= 5) ||
	    (b->kind == PDF_TABLE && pdf_table_breaks(b));
}

/*
 * What a chain of blocks kept each with the next, from b, needs below the
 * cursor: each block but the last whole (a heading with the space around
 * it, an opening line, the sentence above a chart), and what the last
 * needs to start (with ctx: all of it when it is kept together and short).
 */
static double
chain_height(const struct pdf_ctx *ctx, const struct pdf_block *b)
{
	double h = 0;

	for (; kept_with_next(b); b = b->next) {
		/* one that breaks over pages (kids_place) needs only its start:
		 * its last lines or rows go with the rest of the chain */
		if (block_breaks(b))
			return h + block_min(b);
		h += block_height(b);
	}
	return h + (ctx != NULL ? block_start(ctx, b, h) : block_min(b));
}

/* The height a block needs below the cursor to start on this page. */
static double
block_min(const struct pdf_block *b)
{
	const struct block_prep *p = b->prep;

	switch (b->kind) {
	case PDF_HEADING:
		/* with the space below it, before the block it keeps with */
		return heading_before[b->level - 1] + pdf_text_height(p->text) +
		    HEADING_AFTER;
	case PDF_PARA:
		return pdf_text_head(p->text, head_lines(p->text));
	case PDF_CODE:
		return pdf_text_head(p->text, head_lines(p->text)) + 2 * CODE_PAD;
	case PDF_LIST:
	case PDF_ITEM:
	case PDF_QUOTE:
	case PDF_LAZY:
		if (b->kids == NULL)
			return 0;
		/* a first block kept with the next needs the chain */
		return chain_height(NULL, b->kids);
	case PDF_TABLE:
		return pdf_table_min(b);
	case PDF_FIGURE:
		return p->h + (p->text != NULL ? pdf_text_height(p->text) + 6 : 0);
	default:
		return 0;
	}
}

/*
 * The height a prepared block takes placed whole, with the space after it:
 * an estimate on the high side (no page break inside), used only to keep a
 * short block on one page.
 */
static double
block_height(const struct pdf_block *b)
{
	const struct block_prep *p = b->prep;
	const struct pdf_block *k;
	double h = 0;

	switch (b->kind) {
	case PDF_HEADING:
		return block_min(b);
	case PDF_PARA:
		return pdf_text_height(p->text) + PARA_AFTER;
	case PDF_CODE:
		return pdf_text_height(p->text) + 2 * CODE_PAD + PARA_AFTER;
	case PDF_TABLE:
		return pdf_table_height(b);
	case PDF_FIGURE:
		return block_min(b) + 10;
	case PDF_PAGEBREAK:
		return 1e9;
	default:
		for (k = b->kids; k != NULL; k = k->next)
			h += block_height(k);
		return h + PARA_AFTER;
	}
}

/*
 * A block kept together that does not fit below the cursor goes whole to
 * the next page only when that leaves less than this share of the body
 * blank; else it breaks where its own keeps let it (a provider's entry
 * over two pages, its heading still with its chart), so that no page ends
 * far short of its foot when the next block could have started there
 * (at 0.2, the pages before two entries moved whole ended a sixth short:
 * PDF review 7, item 12).
 */
#define MOVE_BLANK_MAX 0.1

/*
 * What a block kept with b (the blocks before it in the chain taking
 * before) needs to start below the cursor: all of b when b is kept
 * together, short (half the body's height at most) and fits, or when
 * moving it leaves little blank; else what it needs to start.
 */
static double
block_start(const struct pdf_ctx *ctx, const struct pdf_block *b, double before)
{
	double h, body = ctx->y1 - ctx->y0, left = ctx->y1 - ctx->y;

	if (b->keep_together) {
		h = block_height(b);
		if (h <= body / 2 && (before + h <= left || left < MOVE_BLANK_MAX * body))
			return h;
	}
	return block_min(b);
}

static void kids_place(struct pdf_ctx *, struct pdf_block *, double);

/*
 * A part's heading (level 1) opens a page's last stretch only with a
 * fair start of the part under it, PART_START of the body's height,
 * or as much as its first blocks take when they take less: a heading
 * and one paragraph at a page's foot, the part overleaf, read as a
 * stranded heading (review item 15). Less than that left is left blank.
 * A fair start is the heading and about four lines: more (it was 0.12)
 * left a fifth of a page blank under a chart when the part's opening
 * paragraph could have begun there (PDF review 7, item 12).
 */
#define PART_START 0.07

/* What a chain of blocks kept each with the next, from b, needs to start
 * here: a part's heading, a fair start of the part. */
static double
part_start(const struct pdf_ctx *ctx, const struct pdf_block *b)
{
	double h = chain_height(ctx, b), want, more = 0;
	const struct pdf_block *k;

	if (b->kind != PDF_HEADING || b->level != 1)
		return h;
	want = block_min(b) + PART_START * (ctx->y1 - ctx->y0);
	/* the part's blocks as far as they are known (prepared): a short
	 * part needs no more than itself */
	for (k = b->next; k != NULL && k->prep != NULL && more < want; k = k->next) {
		if (k->kind == PDF_HEADING && k->level == 1)
			break;
		more += block_height(k);
	}
	if (k == NULL || (k->kind == PDF_HEADING && k->level == 1))
		want = block_min(b) + more < want ? block_min(b) + more : want;
	return h > want ? h : want;
}

static void
outline_add(struct pdf_ctx *ctx, const struct pdf_block *b)
{
	unsigned parent = CAIRO_PDF_OUTLINE_ROOT;
	const char *name = prep_of(b)->plain;
	struct buf plain = BUF_INIT;
	char *esc, *attrs;
	int l;

	for (l = (int)b->level - 2; l >= 0; l--)
		if (ctx->outline[l] != 0) {
			parent = (unsigned)ctx->outline[l];
			break;
		}
	esc = pdf_attr_escape(b->anchor);
	attrs = xasprintf("dest='%s'", esc);
	/* a reader's bookmark pane lists entries one under another: a bidi
	 * control in one would reorder it, an unclosed one the next ones */
	if (text_has_bidi(name)) {
		esc_bidi_strip(&plain, name, strlen(name));
		name = plain.data;
	}
	ctx->outline[b->level - 1] = cairo_pdf_surface_add_outline(
	    ctx->surface, (int)parent, name, attrs, 0);
	buf_release(&plain);
	free(attrs);
	free(esc);
	for (l = (int)b->level; l < 3; l++)
		ctx->outline[l] = 0;
	ctx->res.outlines++;
}

static void
heading_place(struct pdf_ctx *ctx, const struct pdf_block *b, double x)
{
	const struct block_prep *p = b->prep;
	char tag[4];

	if ((b->flags & PDF_H_NEWPAGE) && !ctx->at_top)
		pdf_new_page(ctx);
	pdf_space(ctx, heading_before[b->level - 1]);
	pdf_need(ctx, pdf_text_height(p->text));
	/* level 1: the section; level 2 flagged so (a provider's entry):
	 * the part of it in force until the next such heading */
	if ((b->flags & PDF_H_RUNNING) && b->level <= 2) {
		free(ctx->section);
		ctx->section = xstrdup(p->plain);
		ctx->section_level = b->level;
		/*
		 * The book's rule: the head names the first section begun
		 * on the page, else the one in force at its top (PDF review 7,
		 * item 13: a page mostly "The failure test" was headed by the
		 * section its first lines ended). A page that opens in an
		 * entry (level 2) and begins more keeps its range, the first
		 * and the last entry on it ("Nebius – Oracle"), as a
		 * dictionary's.
		 */
		if (!ctx->page_has_section && (ctx->at_top || b->level == 1 ||
		    ctx->page_section_level != 2 || ctx->page_section == NULL)) {
			free(ctx->page_section);
			ctx->page_section = xstrdup(p->plain);
			ctx->page_section_level = b->level;
			free(ctx->page_last);
			ctx->page_last = NULL;
		} else {
			/* an entry (level 2) begun further down a page whose
			 * head names one: the last such names the page's end;
			 * a part (level 1) begun there ends the run of entries */
			free(ctx->page_last);
			ctx->page_last = NULL;
			if (b->level == 2 && ctx->page_section_level == 2 &&
			    ctx->page_section != NULL &&
			    strcmp(ctx->page_section, p->plain) != 0)
				ctx->page_last = xstrdup(p->plain);
		}
		ctx->page_has_section = true;
	}
	if (ctx->cr != NULL && (b->flags & PDF_H_OUTLINE) && b->anchor != NULL)
		outline_add(ctx, b);
	snprintf(tag, sizeof(tag), "H%u", b->level);
	pdf_tag_push(ctx, tag, NULL);
	pdf_dest_begin(ctx, b->anchor);
	ctx->ink = HEADING_RGB;
	pdf_text_draw(ctx, p->text, x, ctx->y, 0, p->text->nlines);
	ctx->ink = INK_RGB;
	pdf_dest_end(ctx, b->anchor);
	pdf_tag_pop(ctx);
	ctx->y += pdf_text_height(p->text) + HEADING_AFTER;
	ctx->at_top = false;
}

static void
figure_place(struct pdf_ctx *ctx, const struct pdf_block *b, double x,
    double width)
{
	const struct block_prep *p = b->prep;
	double w = p->w, h = p->h, room = ctx->y1 - ctx->y, fx;

	if (p->h <= 0)
		return;
	/* a figure a little taller than the room left on a page is drawn a
	 * little smaller there (down to 80%), rather than leaving the rest of
	 * the page blank; a caption below it keeps it at its size */
	if (!ctx->at_top && p->text == NULL && h > room && h * 0.8 <= room) {
		w *= room / h;
		h = room;
	} else
		pdf_need(ctx, block_min(b));
	fx = x + (width - w) / 2;
	pdf_tag_push(ctx, "Figure", NULL);
	pdf_dest_begin(ctx, b->anchor);
	if (ctx->cr != NULL) {
		struct canvas cv;

		canvas_cairo_init_direct(&cv, ctx->cr);
		cairo_save(ctx->cr);
		cairo_rectangle(ctx->cr, fx, ctx->y, w, h);
		cairo_clip(ctx->cr);
		cairo_translate(ctx->cr, fx, ctx->y);
		b->draw(b->arg, &cv, w, h);
		cairo_restore(ctx->cr);
	}
	pdf_dest_end(ctx, b->anchor);
	pdf_tag_pop(ctx);
	ctx->y += h;
	ctx->at_top = false;
	if (p->text != NULL) {
		ctx->y += 4;
		pdf_tag_push(ctx, "Caption", NULL);
		pdf_text_draw(ctx, p->text, x, ctx->y, 0, p->text->nlines);
		pdf_tag_pop(ctx);
		ctx->y += pdf_text_height(p->text);
	}
	ctx->y += 10;
}

static void
list_place(struct pdf_ctx *ctx, struct pdf_block *b, double x)
{
	double in = indent(ctx, ctx->x1 - x, LIST_INDENT);
	struct pdf_block *item;

	pdf_tag_push(ctx, "L", NULL);
	ctx->list_depth++;
	for (item = b->kids; item != NULL; item = item->next) {
		if (item->kids != NULL)
			pdf_need(ctx, block_min(item->kids));
		pdf_tag_push(ctx, "LI", NULL);
		ctx->marker = prep_of(item)->text;
		ctx->marker_x = x + in - LIST_INDENT;
		kids_place(ctx, item, x + in);
		ctx->marker = NULL;
		pdf_tag_pop(ctx);
	}
	ctx->list_depth--;
	pdf_tag_pop(ctx);
	if (ctx->list_depth == 0)
		ctx->y += PARA_AFTER - ITEM_AFTER;
}

static void
quote_place(struct pdf_ctx *ctx, struct pdf_block *b, double x)
{
	double in = indent(ctx, ctx->x1 - x, QUOTE_INDENT);
	size_t i;

	if (ctx->nquotes == PDF_QUOTE_MAX) {
		kids_place(ctx, b, x);
		return;
	}
	if (b->kids != NULL)
		pdf_need(ctx, block_min(b->kids));
	i = ctx->nquotes++;
	ctx->quote_x[i] = x + in - QUOTE_INDENT + 2;
	ctx->quote_y[i] = ctx->y;
	pdf_tag_push(ctx, "BlockQuote", NULL);
	kids_place(ctx, b, x + in);
	pdf_tag_pop(ctx);
	pdf_quote_bar(ctx, i, ctx->y - PARA_AFTER);
	ctx->nquotes--;
	ctx->y += 2;
}

static void
block_place(struct pdf_ctx *ctx, struct pdf_block *b, double x)
{
	const struct block_prep *p = b->prep;
	double width = ctx->x1 - x;

	switch (b->kind) {
	case PDF_HEADING:
		heading_place(ctx, b, x);
		break;
	case PDF_PARA:
		ctx->anchor = b->anchor;
		pdf_text_place(ctx, p->text, x, "P");
		/* the reference is taken to be on the paragraph's last page,
		 * its end (a short paragraph's, where references are) */
		xref_record(ctx, p->xref, ctx->page, ctx->y);
		ctx->y += ctx->list_depth > 0 ? ITEM_AFTER : PARA_AFTER;
		break;
	case PDF_CODE:
		pdf_text_place_boxed(ctx, p->text, x, width, "Code", 0xf1f3f6);
		ctx->y += PARA_AFTER;
		break;
	case PDF_LIST:
		list_place(ctx, b, x);
		break;
	case PDF_QUOTE:
		quote_place(ctx, b, x);
		break;
	case PDF_TABLE:
		pdf_table_place(ctx, b, x);
		break;
	case PDF_FIGURE:
		figure_place(ctx, b, x, width);
		break;
	case PDF_PAGEBREAK:
		if (!ctx->at_top)
			pdf_new_page(ctx);
		break;
	default:
		kids_place(ctx, b, x);
		break;
	}
}

void
pdf_block_prepare(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	block_prepare(ctx, b, width);
}

static void
block_ensure(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	if (b->prep == NULL)
		block_prepare(ctx, b, width);
}

/*
 * The body's blocks are prepared as they come (the next one too when the
 * two must stay together) and released once placed.
 */
static void
kids_place(struct pdf_ctx *ctx, struct pdf_block *parent, double x)
{
	bool stream = parent->kind == PDF_BODY, chained = false, kept;
	struct pdf_block *b;
	double h;

	for (b = parent->kids; b != NULL; b = b->next, chained = kept) {
		kept = false;
		if (stream)
			block_ensure(ctx, b, ctx->x1 - x);
		if (kept_with_next(b)) {
			const struct pdf_block *k;

			kept = true;
			for (k = b; stream && kept_with_next(k); k = k->next)
				block_ensure(ctx, k->next, ctx->x1 - x);
			/* a paragraph of five lines or more breaks where its
			 * last two go over with what it is kept with, a
			 * table of six rows or more where its last three do */
			if (block_breaks(b))
				ctx->keep_after = chain_height(ctx, b->next);
			else if ((h = part_start(ctx, b)) <= ctx->y1 - ctx->y0)
				pdf_need(ctx, h);
		} else if (b->keep_together && !chained)
			/* a block the one before is kept with was placed by the
			 * chain's decision (its start, or all of it, here): moving
			 * it now would strand the heading placed for it */
			pdf_need(ctx, block_start(ctx, b, 0));
		block_place(ctx, b, x);
		if (stream)
			block_release(ctx, b);
	}
}

/*
 * The pango context: a font map of its own, unhinted metrics, and the
 * document's language (PDF_LANG, report.yaml's language; else English),
 * which picks the fonts' localised forms and the line-breaking rules.
 */
static void
ctx_pango(struct pdf_ctx *ctx)
{
	cairo_font_options_t *fo;

	fonts_text_thread();
	fonts_config_load();
	ctx->fontmap = pango_cairo_font_map_new();
	ctx->pc = pango_font_map_create_context(ctx->fontmap);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx->pc, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_language(ctx->pc, pango_language_from_string(
	    ctx->doc->meta[PDF_LANG] != NULL ? ctx->doc->meta[PDF_LANG] : "en"));
	pango_context_set_round_glyph_positions(ctx->pc, FALSE);
}

static void
ctx_init(struct pdf_ctx *ctx, struct pdf_doc *doc)
{
	size_t i;

	memset(ctx, 0, sizeof(*ctx));
	ctx->doc = doc;
	pdf_geometry(doc->paper, &ctx->g);
	ctx->x0 = ctx->g.left;
	ctx->x1 = ctx->g.page_w - ctx->g.right;
	ctx->y0 = ctx->g.top;
	ctx->y1 = ctx->g.page_h - ctx->g.bottom;
	ctx_pango(ctx);
	for (i = 0; i < FONT_MAX; i++)
		ctx->font[i] = pdf_font_description((enum pdf_font)i);
}

static void
ctx_release(struct pdf_ctx *ctx)
{
	size_t i;

	for (i = 0; i < FONT_MAX; i++)
		pango_font_description_free(ctx->font[i]);
	g_object_unref(ctx->pc);
	g_object_unref(ctx->fontmap);
	free(ctx->anchors);
	free(ctx->xrefs);
	htab_free(&ctx->anchor_index);
	pdf_placed_free(ctx);
	free(ctx->section);
	free(ctx->page_section);
	free(ctx->page_last);
	pdf_text_cache_free(ctx);
	pdf_size_memo_free(ctx);
	pdf_chrome_release(ctx);
}

/*
 * One pass over the whole document: the first (ctx->cr NULL) only counts
 * pages and notes each anchor's page, the second draws.
 */
static void
pass_run(struct pdf_ctx *ctx, unsigned autoid)
{
	free(ctx->section);
	free(ctx->page_section);
	free(ctx->page_last);
	ctx->section = ctx->page_section = ctx->page_last = NULL;
	ctx->section_level = ctx->page_section_level = 0;
	memset(ctx->outline, 0, sizeof(ctx->outline));
	memset(&ctx->res, 0, sizeof(ctx->res));
	ctx->page = 0;
	ctx->xref_next = 0;
	ctx->autoid = autoid;
	/* each pass asks the cache, and so the tape, for the same texts */
	pdf_text_cache_free(ctx);
	ctx->ink = INK_RGB;
	pdf_tag_push(ctx, "Document", NULL);
	pdf_page_open(ctx);
	pdf_title_page(ctx);
	if (ctx->doc->meta[PDF_TOC_TITLE] != NULL) {
		pdf_new_page(ctx);
		pdf_toc_place(ctx);
	}
	pdf_new_page(ctx);
	kids_place(ctx, ctx->doc->root, ctx->x0);
	pdf_page_close(ctx);
	pdf_tag_pop(ctx);
	ctx->res.pages = ctx->page;
}

static cairo_status_t
write_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

static void
metadata_set(struct pdf_ctx *ctx)
{
	static const struct {
		enum pdf_key from;
		cairo_pdf_metadata_t to;
	} keys[] = {
		{PDF_TITLE, CAIRO_PDF_METADATA_TITLE},
		{PDF_AUTHOR, CAIRO_PDF_METADATA_AUTHOR},
		{PDF_SUBJECT, CAIRO_PDF_METADATA_SUBJECT},
		{PDF_KEYWORDS, CAIRO_PDF_METADATA_KEYWORDS},
		{PDF_CREATOR, CAIRO_PDF_METADATA_CREATOR},
	};
	const char *const *m = ctx->doc->meta;
	/* never the clock: cairo would otherwise date the file itself */
	const char *date = m[PDF_DATE] != NULL ? m[PDF_DATE] :
	    "1970-01-01T00:00:00Z";
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (m[keys[i].from] != NULL)
			cairo_pdf_surface_set_metadata(ctx->surface, keys[i].to,
			    m[keys[i].from]);
	cairo_pdf_surface_set_metadata(ctx->surface,
	    CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(ctx->surface,
	    CAIRO_PDF_METADATA_MOD_DATE, date);
}

static int
draw_pass(struct pdf_ctx *ctx, cairo_write_func_t write, void *closure,
    unsigned autoid, const char **err)
{
	cairo_status_t st;

	ctx->surface = cairo_pdf_surface_create_for_stream(write, closure,
	    ctx->g.page_w, ctx->g.page_h);
	cairo_pdf_surface_restrict_to_version(ctx->surface,
	    CAIRO_PDF_VERSION_1_5);
	metadata_set(ctx);
	ctx->cr = cairo_create(ctx->surface);
	pass_run(ctx, autoid);
	st = cairo_status(ctx->cr);
	cairo_destroy(ctx->cr);
	ctx->cr = NULL;
	cairo_surface_finish(ctx->surface);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(ctx->surface);
	cairo_surface_destroy(ctx->surface);
	ctx->surface = NULL;
	if (st != CAIRO_STATUS_SUCCESS) {
		*err = cairo_status_to_string(st);
		return -1;
	}
	return 0;
}

int
pdf_render_stream(struct pdf_doc *doc, cairo_write_func_t write,
    void *closure, struct pdf_result *res, const char **err)
{
	struct pdf_ctx ctx;
	unsigned autoid;
	int rc;

	if (fonts_missing(FONTS_PDF, NULL) != NULL) {
		*err = "a font family it needs is not installed";
		return -1;
	}
	ctx_init(&ctx, doc);
	anchors_collect(&ctx, doc->root);
	autoid = ctx.autoid;
	runs_check(&ctx, doc->root);
	pdf_toc_prepare(&ctx);
	/* the first pass's texts kept for the second: each shaped once */
	pdf_tape_mode(&ctx, TAPE_RECORD);
	pass_run(&ctx, autoid);
	ctx.npages = ctx.page;
	pdf_tape_mode(&ctx, TAPE_PLAY);
	rc = draw_pass(&ctx, write, closure, autoid, err);
	pdf_tape_mode(&ctx, TAPE_OFF);
	ctx.res.shaped[0] = ctx.shaped[0];
	ctx.res.shaped[1] = ctx.shaped[1];
	ctx.res.reused = ctx.reused;
	ctx.res.twice = ctx.twice;
	if (res != NULL)
		*res = ctx.res;
	block_release(&ctx, doc->root);
	pdf_toc_release(&ctx);
	ctx_release(&ctx);
	return rc;
}

int
pdf_render(struct pdf_doc *doc, struct buf *out, struct pdf_result *res,
    const char **err)
{
	return pdf_render_stream(doc, write_buf, out, res, err);
}
