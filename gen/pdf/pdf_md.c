/* pdf_md.c: Markdown (cmark's tree, with podium's shortcodes) as PDF blocks. */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "pdf_report.h"

struct md_walk {
	struct pdf_report *r;
	const struct md_doc *md;
	unsigned base;            /* heading level of a Markdown "#" less one */
};

static const struct shortcode *
code_at(const struct md_walk *w, const char *p, size_t *len)
{
	size_t idx;

	if ((*len = md_placeholder(p, &idx)) == 0 || idx >= w->md->ncodes)
		return NULL;
	return &w->md->codes[idx];
}

/* Text with inline shortcodes evaluated (as_written: put back as typed). */
static void
text_runs(struct md_walk *w, struct pdf_block *b, const char *s,
    unsigned style, const char *link, bool as_written)
{
	struct pdf_doc *doc = w->r->doc;
	const struct shortcode *sc;
	const char *run = s;
	struct sc_inline v;
	size_t len;
	char *target;

	for (; *s != '\0'; s++) {
		if ((sc = code_at(w, s, &len)) == NULL)
			continue;
		pdf_run(doc, b, run, (size_t)(s - run), style, link);
		if (as_written || sc->block)
			pdf_run(doc, b, sc->raw, (size_t)-1, style, link);
		else {
			sc_eval_inline(w->r->c, sc, &v);
			target = link == NULL ? pdf_target(v.href) : NULL;
			pdf_run(doc, b, v.text, (size_t)-1,
			    style | (v.tier != NULL ? PDF_S_BOLD : 0),
			    target != NULL ? target : link);
			free(target);
			sc_inline_release(&v);
		}
		s += len - 1;
		run = s + 1;
	}
	pdf_run(doc, b, run, (size_t)-1, style, link);
}

/* The style and link of the inline containers open around a text. */
struct inline_frame {
	unsigned style;
	const char *link;
	char *owned;              /* a link's target made here, or NULL */
};

/*
 * The inlines under n (a paragraph or a heading) as runs of b, walked with
 * cmark's iterator: emphasis, links and images nested to any depth take a
 * frame of a heap stack each, never a C stack frame.
 */
static void
inlines(struct md_walk *w, struct pdf_block *b, cmark_node *n)
{
	struct inline_frame *st = NULL, *top;
	size_t nst = 0, cap = 0;
	cmark_iter *it = cmark_iter_new(n);
	cmark_event_type ev;
	cmark_node *k;
	unsigned style;
	const char *link;
	char *target;

	st = xgrow(st, sizeof(*st), 1, &cap);
	st[nst++] = (struct inline_frame){0, NULL, NULL};
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		k = cmark_iter_get_node(it);
		if (k == n)
			continue;
		top = &st[nst - 1];
		if (ev == CMARK_EVENT_EXIT) {
			free(top->owned);
			nst--;
			continue;
		}
		style = top->style;
		link = top->link;
		target = NULL;
		switch (cmark_node_get_type(k)) {
		case CMARK_NODE_TEXT:
			text_runs(w, b, cmark_node_get_literal(k), style, link,
			    false);
			continue;
		case CMARK_NODE_CODE:
			text_runs(w, b, cmark_node_get_literal(k),
			    style | PDF_S_CODE, link, true);
			continue;
		case CMARK_NODE_SOFTBREAK:
			pdf_run(w->r->doc, b, " ", 1, style, link);
			continue;
		case CMARK_NODE_LINEBREAK:
			pdf_run(w->r->doc, b, "\n", 1, style, link);
			continue;
		case CMARK_NODE_HTML_INLINE:
			/* allow_html off: text, as the site shows it */
			if (!w->r->c->project->report.allow_html)
				text_runs(w, b, cmark_node_get_literal(k), style, link, false);
			continue;
		case CMARK_NODE_EMPH:
		case CMARK_NODE_IMAGE:
			style |= PDF_S_ITALIC;
			break;
		case CMARK_NODE_STRONG:
			style |= PDF_S_BOLD;
			break;
		case CMARK_NODE_LINK:
			if (link == NULL)
				link = target = pdf_target(cmark_node_get_url(k));
			break;
		default:
			/* anything else, with what it holds, is left out */
			cmark_iter_reset(it, k, CMARK_EVENT_EXIT);
			continue;
		}
		st = xgrow(st, sizeof(*st), nst + 1, &cap);
		st[nst++] = (struct inline_frame){style, link, target};
	}
	while (nst > 0)
		free(st[--nst].owned);
	free(st);
	cmark_iter_free(it);
}

/* The block shortcode a paragraph consists of, or NULL. */
static const struct shortcode *
block_code(const struct md_walk *w, cmark_node *para)
{
	cmark_node *t = cmark_node_first_child(para);
	const struct shortcode *sc;
	const char *s;
	size_t len;

	if (t == NULL || cmark_node_next(t) != NULL ||
	    cmark_node_get_type(t) != CMARK_NODE_TEXT)
		return NULL;
	s = cmark_node_get_literal(t);
	while (*s == ' ')
		s++;
	if ((sc = code_at(w, s, &len)) == NULL || !sc->block)
		return NULL;
	for (s += len; *s == ' '; s++)
		;
	return *s == '\0' ? sc : NULL;
}

/* A table shortcode's words, kept for building the table when it is laid
 * out. */
struct sc_words {
	struct shortcode sc;
	char *args[3];
	char buf[];
};

/* The shortcode's table; sc_table() reads its kind and words only. */
static struct table *
build_sc_table(const struct computed *c, const void *arg)
{
	const struct sc_words *sw = arg;

	return sc_table(c, &sw->sc);
}

/* A copy of sc's kind and first three words; malloc'd. */
static struct sc_words *
sc_words(const struct shortcode *sc)
{
	size_t i, n = sc->nargs < 3 ? sc->nargs : 3, len = 0;
	struct sc_words *sw;
	char *p;

	for (i = 0; i < n; i++)
		len += strlen(sc->args[i]) + 1;
	sw = xcalloc(1, sizeof(*sw) + len);
	sw->sc.kind = sc->kind;
	sw->sc.block = sc->block;
	sw->sc.nargs = sc->nargs;
	sw->sc.args = sw->args;
	for (p = sw->buf, i = 0; i < n; i++) {
		sw->args[i] = p;
		strcpy(p, sc->args[i]);
		p += strlen(p) + 1;
	}
	return sw;
}

/* Notes a table of the report's edition that the commentary shows. */
static void
shown_note(struct pdf_report *r, const struct shortcode *sc)
{
	const struct computed *c = r->c;
	const struct edition *e = c->project->report.edition;
	const struct edition *base = c->has_compare ? c->compare.baseline : NULL;
	const struct project *p = c->project;

	if (sc->nargs == 2 && project_edition(p, sc->args[1]) == e) {
		if (strcmp(sc->args[0], "medals") == 0)
			r->shown_medals = true;
		else if (strcmp(sc->args[0], "security") == 0)
			r->shown_security = true;
	}
	if (sc->nargs == 3 && strcmp(sc->args[0], "movers") == 0 &&
	    base != NULL && project_edition(p, sc->args[1]) == base &&
	    project_edition(p, sc->args[2]) == e) {
		r->shown_movers = true;
		if (r->movers_anchor == NULL && r->cur_anchor != NULL) {
			r->movers_anchor = xstrdup(r->cur_anchor);
			r->movers_title = xstrdup(r->cur_title ? r->cur_title : "");
		}
	}
}

/* The movers table of the report's edition, its other changes left to
 * the PDF's part on them. */
static struct table *
build_movers_rows(const struct computed *c, const void *arg)
{
	const struct sc_words *sw = arg;
	const struct project *p = c->project;

	return table_movers_opt(c, project_edition(p, sw->sc.args[1]),
	    project_edition(p, sw->sc.args[2]), false);
}

static void
block_shortcode(struct md_walk *w, struct pdf_block *parent,
    const struct shortcode *sc)
{
	int kind;

	if (sc->kind == SC_TABLE) {
		bool had = w->r->shown_movers;

		shown_note(w->r, sc);
		if (!had && w->r->shown_movers && pdf_has_changes(w->r)) {
			/* its own anchor: a reference to it gives the pages it
			 * is on, not its part's first (PDF review 8, item 8) */
			w->r->movers_table = "movers-table";
			pdf_table_lazy_at(w->r, parent, build_movers_rows,
			    sc_words(sc), w->r->movers_table);
			pdf_movers_pointer(w->r, parent);
		} else
			pdf_table_lazy(w->r, parent, build_sc_table, sc_words(sc));
	}
	else if (sc->kind == SC_CHART && sc->nargs > 0 &&
	    (kind = chart_kind_parse(sc->args[0])) >= 0)
		pdf_chart(w->r, parent, (enum chart_kind)kind, NULL);
}

static void
heading(struct md_walk *w, struct pdf_block *parent, cmark_node *n)
{
	unsigned level = w->base + (unsigned)cmark_node_get_heading_level(n);
	struct pdf_block *h;

	if (level > 3)
		level = 3;
	h = pdf_heading(w->r->doc, parent, level, NULL, NULL,
	    level <= 2 ? PDF_H_OUTLINE | PDF_H_TOC : PDF_H_OUTLINE);
	inlines(w, h, n);
}

/* A container open around the blocks being added. */
struct block_frame {
	struct pdf_block *b;      /* where its blocks go */
	bool nests;               /* a list or quote of its own (not clamped) */
};

/*
 * The blocks under root as blocks of parent, walked with cmark's iterator
 * and a heap stack, so any depth cmark accepts is laid out without a C
 * stack frame a level. Lists and quotes deeper than PDF_NEST_MAX go into
 * the deepest one drawn (their text kept, in order), so the document's
 * tree, which the layout recurses over, stays shallow.
 */
static void
blocks(struct md_walk *w, struct pdf_block *parent, cmark_node *root)
{
	struct pdf_doc *doc = w->r->doc;
	struct block_frame *st = NULL, *top;
	size_t nst = 0, cap = 0;
	unsigned nest = 0;
	cmark_iter *it = cmark_iter_new(root);
	const struct shortcode *sc;
	cmark_event_type ev;
	cmark_node *n;
	struct pdf_block *b;
	bool nests;

	st = xgrow(st, sizeof(*st), 1, &cap);
	st[nst++] = (struct block_frame){parent, false};
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		n = cmark_iter_get_node(it);
		if (n == root)
			continue;
		top = &st[nst - 1];
		if (ev == CMARK_EVENT_EXIT) {
			nest -= top->nests;
			nst--;
			continue;
		}
		b = top->b;
		nests = false;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_PARAGRAPH:
			if ((sc = block_code(w, n)) != NULL)
				block_shortcode(w, b, sc);
			else
				inlines(w, pdf_para(doc, b), n);
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		case CMARK_NODE_HEADING:
			heading(w, b, n);
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		case CMARK_NODE_CODE_BLOCK:
			pdf_code(doc, b, cmark_node_get_literal(n));
			continue;
		case CMARK_NODE_LIST:
			if (nest < PDF_NEST_MAX) {
				b = pdf_list(doc, b, cmark_node_get_list_type(n) ==
				    CMARK_ORDERED_LIST ?
				    (unsigned)cmark_node_get_list_start(n) : 0);
				nests = true;
			}
			break;
		case CMARK_NODE_ITEM:
			if (b->kind == PDF_LIST)
				b = pdf_item(doc, b);
			break;
		case CMARK_NODE_BLOCK_QUOTE:
			if (nest < PDF_NEST_MAX) {
				b = pdf_quote(doc, b);
				nests = true;
			}
			break;
		case CMARK_NODE_HTML_BLOCK:
		case CMARK_NODE_THEMATIC_BREAK:
			continue;
		default:
			cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
			continue;
		}
		nest += nests;
		st = xgrow(st, sizeof(*st), nst + 1, &cap);
		st[nst++] = (struct block_frame){b, nests};
	}
	free(st);
	cmark_iter_free(it);
}

int
pdf_markdown(struct pdf_report *r, struct pdf_block *parent, const char *src,
    const char *file, unsigned first_line, unsigned base)
{
	struct md_doc own;
	const struct md_doc *md;
	struct md_walk w;

	if (src == NULL)
		return 0;
	if ((md = md_doc_get(r->c, src, file, first_line, &own, r->d)) == NULL)
		return -1;
	w.r = r;
	w.md = md;
	w.base = base;
	blocks(&w, parent, md->root);
	md_doc_release(&own);
	return 0;
}

int
pdf_markdown_inline(struct pdf_report *r, struct pdf_block *p,
    const char *src, const char *file, unsigned first_line)
{
	struct md_doc own;
	const struct md_doc *md;
	struct md_walk w;
	cmark_node *n;

	if (src == NULL)
		return 0;
	if ((md = md_doc_get(r->c, src, file, first_line, &own, r->d)) == NULL)
		return -1;
	w.r = r;
	w.md = md;
	w.base = 0;
	for (n = cmark_node_first_child(md->root); n != NULL;
	    n = cmark_node_next(n)) {
		if (n != cmark_node_first_child(md->root))
			pdf_run(r->doc, p, " ", 1, 0, NULL);
		if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH ||
		    cmark_node_get_type(n) == CMARK_NODE_HEADING)
			inlines(&w, p, n);
	}
	md_doc_release(&own);
	return 0;
}
