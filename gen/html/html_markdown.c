/*
 * html_markdown.c: a Markdown copy of the site's pages and /llms.txt
 * (SPEC 5.3, issue 28 item 6), for readers that are programs.
 *
 * A provider's copy is written from its view (view_doc.h), the tree the
 * HTML and the PDF render, so the three say the same words, and so is an
 * edition's (its page's view: figures, medal table, funnel, movers); the
 * commentary, the custom pages and the tiers' descriptions are Markdown
 * already, written out with their shortcodes evaluated from the model.
 * Names from the content are escaped for Markdown.
 *
 * llms.txt follows llmstxt.org: "# title", "> summary", then "## section"
 * lists of "- [name](url): note" links to the copies, absolute with
 * base_url, else relative to the site's root.
 */
#include <cmark.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "markdown.h"
#include "podium.h"
#include "publish.h"
#include "render.h"
#include "view.h"
#include "view_doc.h"

/* s as Markdown text: every character that could start markup escaped. */
static void
md_text(struct buf *b, const char *s)
{
	/* a list, heading or quote mark only counts at a line's start */
	bool start = b->len == 0 || b->data[b->len - 1] == '\n';

	for (; s != NULL && *s != '\0'; s++) {
		if (strchr("\\`*_{}[]<>|~&", *s) != NULL ||
		    (start && strchr("#+->=", *s) != NULL))
			buf_putc(b, '\\');
		if (*s == '\n') {
			buf_putc(b, ' ');
			start = false;
			continue;
		}
		buf_putc(b, *s);
		start = false;
	}
}

/* A link target: '(' , ')', '<', '>' and spaces percent-encoded. */
static void
md_url(struct buf *b, const char *u)
{
	for (; *u != '\0'; u++) {
		if (strchr("()<> \\", *u) != NULL || (unsigned char)*u < 0x20)
			buf_printf(b, "%%%02X", (unsigned char)*u);
		else
			buf_putc(b, *u);
	}
}

static void
md_link(struct buf *b, const char *text, const char *root, const char *url)
{
	buf_putc(b, '[');
	md_text(b, text);
	buf_puts(b, "](");
	if (root != NULL)
		md_url(b, root);
	md_url(b, url);
	buf_putc(b, ')');
}

/* A provider's Markdown copy: its site path. malloc'd. */
static char *
provider_md(const struct provider *p)
{
	char *html = html_provider_path(p), *out;

	html[strlen(html) - strlen("index.html")] = '\0';
	out = xasprintf("%sindex.md", html);
	free(html);
	return out;
}

static void md_table(struct buf *b, const struct table *t, const char *root);

/*
 * text with the model's value for each shortcode placeholder; plain: the
 * text between them escaped (else it is Markdown already). With words
 * (plain text for the search index), nothing is escaped or linked.
 */
static void
emit_mode(struct buf *b, const struct computed *c, const struct md_doc *doc,
    const char *text, bool plain, const char *root, bool words);

static void
emit(struct buf *b, const struct computed *c, const struct md_doc *doc,
    const char *text, bool plain, const char *root)
{
	emit_mode(b, c, doc, text, plain, root, false);
}

static void
emit_mode(struct buf *b, const struct computed *c, const struct md_doc *doc,
    const char *text, bool plain, const char *root, bool words)
{
	const char *p;

	for (p = text; p != NULL && *p != '\0';) {
		size_t idx, n = md_placeholder(p, &idx);

		if (n == 0 || idx >= doc->ncodes) {
			if (plain && !words) {
				char one[2] = {*p, '\0'};

				md_text(b, one);
			} else
				buf_putc(b, *p);
			p++;
			continue;
		}
		p += n;
		if (words) {
			struct sc_inline v = {0};

			if (doc->codes[idx].kind == SC_TABLE ||
			    doc->codes[idx].kind == SC_CHART)
				continue;
			sc_eval_inline(c, &doc->codes[idx], &v);
			buf_puts(b, v.text);
			sc_inline_release(&v);
			continue;
		}
		if (doc->codes[idx].kind == SC_TABLE) {
			struct table *t = sc_table(c, &doc->codes[idx]);

			if (t != NULL) {
				buf_putc(b, '\n');
				md_table(b, t, root);
				table_free(t);
			}
		} else if (doc->codes[idx].kind == SC_CHART) {
			char *path = xasprintf("charts/%s.svg", doc->codes[idx].args[0]);

			md_link(b, doc->codes[idx].args[0], root, path);
			free(path);
		} else {
			struct sc_inline v = {0};

			sc_eval_inline(c, &doc->codes[idx], &v);
			if (v.href != NULL && !v.external && str_ends(v.href, "/")) {
				/* a page of the site: its Markdown copy */
				char *u = xasprintf("%sindex.md", v.href);

				md_link(b, v.text, root, u);
				free(u);
			} else if (v.href != NULL)
				md_link(b, v.text, v.external ? NULL : root, v.href);
			else
				md_text(b, v.text);
			sc_inline_release(&v);
		}
	}
}

/*
 * The words of a tree as escaped text, a blank line after each block:
 * for a text whose raw HTML must be shown as text (the tree is shared and
 * read-only, so its HTML nodes are not turned into text in place).
 */
static void
plain_md(struct buf *b, const struct computed *c, const struct md_doc *doc,
    const char *root, bool words)
{
	cmark_iter *it = cmark_iter_new(doc->root);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);

		if (ev == CMARK_EVENT_EXIT) {
			if (t == CMARK_NODE_PARAGRAPH || t == CMARK_NODE_HEADING ||
			    t == CMARK_NODE_ITEM)
				buf_puts(b, "\n\n");
			continue;
		}
		switch (t) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
		case CMARK_NODE_HTML_INLINE:
		case CMARK_NODE_HTML_BLOCK:
		case CMARK_NODE_CODE_BLOCK:
			emit_mode(b, c, doc, cmark_node_get_literal(n), true, root, words);
			if (t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_CODE_BLOCK)
				buf_puts(b, "\n\n");
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			buf_putc(b, ' ');
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
}

/* Does the tree hold raw HTML? */
static bool
has_html(cmark_node *root)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	bool found = false;

	while (!found && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
		if (ev == CMARK_EVENT_ENTER) {
			cmark_node_type t = cmark_node_get_type(cmark_iter_get_node(it));

			found = t == CMARK_NODE_HTML_BLOCK || t == CMARK_NODE_HTML_INLINE;
		}
	cmark_iter_free(it);
	return found;
}

/*
 * Content Markdown src, its shortcodes evaluated: the tree the build
 * parsed, written back as CommonMark, each shortcode's placeholder
 * replaced by its value (a table as a pipe table, a chart as a link).
 * Raw HTML is shown as text when the report does not allow it, as the
 * pages show it: such a text is written as its words, escaped.
 */
static void
content_md(struct buf *b, const struct computed *c, const char *src,
    const char *file, unsigned line, const char *root)
{
	struct md_doc own;
	const struct md_doc *doc;
	struct diag d;
	char *text;

	if (src == NULL)
		return;
	diag_init(&d);
	doc = md_doc_get(c, src, file, line, &own, &d);
	diag_release(&d);
	if (doc == NULL) {
		md_text(b, src);
		return;
	}
	if (!c->project->report.allow_html && has_html(doc->root))
		plain_md(b, c, doc, root, false);
	else {
		text = cmark_render_commonmark(doc->root, CMARK_OPT_DEFAULT, 0);
		emit(b, c, doc, text, false, root);
		free(text);
	}
	if (doc == &own)
		md_doc_release(&own);
}

static void
md_table(struct buf *b, const struct table *t, const char *root)
{
	size_t i, j;

	if (t->nrows == 0)
		goto notes;   /* no row: the notes alone say it, as on the page */
	if (t->caption != NULL) {
		buf_putc(b, '*');
		md_text(b, t->caption);
		buf_puts(b, "*\n\n");
	}
	buf_puts(b, "|");
	for (j = 0; j < t->ncols; j++) {
		buf_putc(b, ' ');
		md_text(b, t->head[j].text);
		buf_puts(b, " |");
	}
	buf_puts(b, "\n|");
	for (j = 0; j < t->ncols; j++)
		buf_puts(b, t->head[j].numeric ? " ---: |" : " --- |");
	buf_putc(b, '\n');
	for (i = 0; i < t->nrows; i++) {
		buf_puts(b, "|");
		for (j = 0; j < t->ncols; j++) {
			const struct table_cell *cl = &t->cells[i * t->ncols + j];

			buf_putc(b, ' ');
			if (cl->href != NULL && cl->text != NULL &&
			    strncmp(cl->href, "providers/", 10) == 0 &&
			    cl->href[strlen(cl->href) - 1] == '/') {
				char *u = xasprintf("%sindex.md", cl->href);

				md_link(b, cl->text, root, u);
				free(u);
			} else if (cl->href != NULL && cl->text != NULL)
				md_link(b, cl->text, strstr(cl->href, "://") ? NULL : root, cl->href);
			else
				md_text(b, cl->text);
			buf_puts(b, " |");
		}
		buf_putc(b, '\n');
	}
	buf_putc(b, '\n');
notes:
	for (i = 0; i < t->nnotes; i++) {
		md_text(b, t->notes[i]);
		buf_puts(b, "\n\n");
	}
}

static void
md_inlines(struct buf *b, const struct computed *c, const struct vd_inlines *in,
    const char *root)
{
	size_t i;

	for (i = 0; i < in->n; i++) {
		const struct vd_inline *x = &in->v[i];

		switch (x->kind) {
		case VD_TEXT:
		case VD_MARK:
			/* a practice's sign: the words beside it say it */
			if (!(x->kind == VD_MARK && (x->role == VD_ROLE_CHECK || x->role == VD_ROLE_PAGE)))
				md_text(b, x->text);
			break;
		case VD_STRONG:
			buf_puts(b, "**");
			md_text(b, x->text);
			buf_puts(b, "**");
			break;
		case VD_EMPH:
			buf_putc(b, '*');
			md_text(b, x->text);
			buf_putc(b, '*');
			break;
		case VD_LINK:
			if ((x->target == VD_URL || x->target == VD_AT) && x->ref != NULL)
				md_link(b, x->text, NULL, x->ref);
			else if (x->target == VD_PROVIDER && x->provider != NULL) {
				char *u = provider_md(x->provider);

				md_link(b, x->text, root, u);
				free(u);
			} else if (x->target == VD_SOURCE && x->source != NULL) {
				char *u = html_source_path(x->source);

				md_link(b, x->text, x->source->url != NULL ? NULL : root,
				    x->source->url != NULL ? x->source->url : u);
				free(u);
			} else
				md_text(b, x->text);
			break;
		case VD_MARKDOWN: {
			struct buf t = BUF_INIT;

			content_md(&t, c, x->md != NULL ? x->md : x->text, x->file,
			    x->line, root);
			while (t.len > 0 && t.data[t.len - 1] == '\n')
				t.len--;
			buf_add(b, t.data, t.len);
			buf_release(&t);
			break;
		}
		}
	}
}

/*
 * The medal table as the page gives it: a row per tier, its count and its
 * providers on the row, each linked to its copy, marked as the page marks
 * it (a draft, an uncertain tier), a dash where the tier holds none.
 */
static void
md_medals(struct buf *b, const struct vd_medals *m, const char *root)
{
	size_t i, j;

	buf_putc(b, '*');
	md_text(b, m->caption);
	buf_puts(b, "*\n\n| ");
	md_text(b, m->head_tier);
	buf_puts(b, " | ");
	md_text(b, m->head_count);
	buf_puts(b, " | ");
	md_text(b, m->head_who);
	buf_puts(b, " |\n| --- | ---: | --- |\n");
	for (i = 0; i < m->n; i++) {
		const struct vd_medal_tier *t = &m->tiers[i];

		buf_puts(b, "| ");
		md_text(b, t->tier->name);
		buf_puts(b, " | ");
		md_text(b, t->count_text);
		buf_putc(b, ' ');
		md_text(b, t->unit);
		buf_puts(b, " | ");
		for (j = 0; j < t->n; j++) {
			const struct vd_medal_entry *en = &t->v[j];
			char *u = provider_md(en->rating->provider);

			if (j > 0)
				buf_puts(b, ", ");
			md_link(b, en->name, root, u);
			free(u);
			if (en->draft) {
				buf_putc(b, ' ');
				md_text(b, m->draft);
			}
			if (en->mark != NULL) {
				buf_putc(b, ' ');
				md_text(b, en->mark);
			}
		}
		if (t->n == 0)
			buf_puts(b, "\xe2\x80\x94");
		buf_puts(b, " |\n");
	}
	buf_putc(b, '\n');
}

/* A block of a section whose title is at level: its headings below it. */
static void
md_block(struct buf *b, const struct computed *c, const struct vd_block *k,
    const char *root, int level)
{
	size_t i;

	switch (k->kind) {
	case VB_HEADING:
		buf_puts(b, level >= 3 ? "#### " : "### ");
		md_inlines(b, c, &k->in, root);
		buf_puts(b, "\n\n");
		break;
	case VB_PARA:
		md_inlines(b, c, &k->in, root);
		buf_puts(b, "\n\n");
		break;
	case VB_LIST:
		for (i = 0; i < k->nitems; i++) {
			buf_puts(b, "- ");
			md_inlines(b, c, &k->items[i], root);
			buf_putc(b, '\n');
		}
		buf_putc(b, '\n');
		break;
	case VB_QUOTE:
		buf_puts(b, "> ");
		md_inlines(b, c, &k->in, root);
		buf_putc(b, '\n');
		for (i = 0; i < k->nitems; i++) {
			buf_puts(b, ">\n> ");
			md_inlines(b, c, &k->items[i], root);
			buf_putc(b, '\n');
		}
		buf_putc(b, '\n');
		break;
	case VB_TABLE:
		md_table(b, k->table, root);
		break;
	case VB_FIGURE:
		break;  /* a chart: its table is beside it in the view */
	case VB_MEDALS:
		md_medals(b, k->medals, root);
		break;
	case VB_MARKDOWN:
		content_md(b, c, k->md, k->file, k->line, root);
		buf_putc(b, '\n');
		break;
	}
}

/* The sections, their titles as headings at level (2: "##"). */
static void
md_sections(struct buf *b, const struct computed *c, const struct vd_section *s,
    size_t n, const char *root, int level)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (s[i].title != NULL) {
			buf_puts(b, level >= 3 ? "### " : "## ");
			md_text(b, s[i].title);
			buf_puts(b, "\n\n");
		}
		for (k = 0; k < s[i].n; k++)
			md_block(b, c, &s[i].b[k], root, level);
	}
}

static void
heading(struct buf *b, const char *title)
{
	buf_puts(b, "# ");
	md_text(b, title);
	buf_puts(b, "\n\n");
}

/* One line break at the end. */
static void
trim_end(struct buf *b)
{
	while (b->len > 1 && b->data[b->len - 1] == '\n' && b->data[b->len - 2] == '\n')
		b->len--;
}

static int
out(struct site_out *o, const char *rel, struct buf *b)
{
	int rc;

	trim_end(b);
	rc = site_out_write(o, rel, b->data, b->len);
	buf_release(b);
	return rc;
}

/* A provider's page, from its view: the sections above the reviews, then
 * each review that is more than a tier and its sources, newest first. */
int
html_markdown_provider(struct html_ctx *h, const struct vd_provider *vp)
{
	const struct computed *c = h->c;
	struct buf b = BUF_INIT;
	char *rel = provider_md(vp->provider);
	size_t i;
	int rc;

	heading(&b, html_provider_name(vp->provider));
	md_sections(&b, c, vp->s, vp->n, "../../", 2);
	for (i = 0; i < vp->nreviews; i++) {
		const struct vd_review *r = &vp->reviews[i];
		const struct edition *e = r->rating->review->edition;

		if (r->thin)
			continue;
		buf_puts(&b, "## ");
		md_text(&b, e->name != NULL ? e->name : e->id);
		buf_puts(&b, "\n\n");
		md_sections(&b, c, r->s, r->n, "../../", 3);
	}
	trim_end(&b);
	rc = html_job_write(h, rel, b.data, b.len);
	buf_release(&b);
	free(rel);
	return rc;
}

/* The focus edition's pointer to the front page, as its view words it
 * (vd_edition_new's "see-home"): its words, the front page's copy linked. */
static void
see_home(struct buf *b, const struct computed *c, const struct vd_section *sec)
{
	size_t i, k;

	for (i = 0; i < sec->n; i++) {
		const struct vd_inlines *in = &sec->b[i].in;

		if (sec->b[i].kind != VB_PARA)
			continue;
		for (k = 0; k < in->n; k++) {
			const struct vd_inline *x = &in->v[k];

			if (x->kind == VD_LINK && x->target == VD_PAGE && x->ref != NULL &&
			    x->ref[0] == '\0')
				md_link(b, x->text, "../../", "index.md");
			else {
				struct vd_inlines one = {(struct vd_inline *)x, 1, 1};

				md_inlines(b, c, &one, "../../");
			}
		}
		buf_puts(b, "\n\n");
	}
}

/*
 * An edition's page, from its view (view_home.c): its description, then
 * its sections as the page gives them (the figures, the medal table, the
 * funnel, the movers, the stated and counted figures); a section that
 * holds only a chart is left out (its figures are in the tables).
 */
static int
edition_copy(const struct computed *c, const struct edition_stats *s,
    struct site_out *o)
{
	const struct report *r = &c->project->report;
	const struct edition *e = s->edition;
	const struct vd_page *vp = view_edition(c->view, e);
	struct vd_page *own = NULL;
	struct buf b = BUF_INIT;
	char *rel = xasprintf("editions/%s/index.md", e->id), *desc;
	size_t i, k;
	int rc;

	if (vp == NULL)   /* a build without the view (a unit test's) */
		vp = own = vd_edition_new(c, s);
	heading(&b, e->name != NULL ? e->name : e->id);
	desc = html_edition_description(r, s);
	md_text(&b, desc);
	free(desc);
	buf_puts(&b, "\n\n");
	for (i = 0; i < vp->n; i++) {
		/* the focus edition's pointer to the front page, where its
		 * overview is (view_home.c): the front page's copy linked */
		if (strcmp(vp->s[i].id, "see-home") == 0) {
			see_home(&b, c, &vp->s[i]);
			continue;
		}
		for (k = 0; k < vp->s[i].n && vp->s[i].b[k].kind == VB_FIGURE; k++)
			;
		if (k < vp->s[i].n)
			md_sections(&b, c, &vp->s[i], 1, "../../", 2);
	}
	vd_page_free(own);
	rc = out(o, rel, &b);
	free(rel);
	return rc;
}

static int
methodology_copy(const struct computed *c, struct site_out *o)
{
	const struct report *r = &c->project->report;
	struct buf b = BUF_INIT;
	size_t i;

	heading(&b, report_string(r, "methodology"));
	buf_puts(&b, "## ");
	md_text(&b, report_string(r, "the_ladder"));
	buf_puts(&b, "\n\n");
	for (i = 0; i < r->nladder; i++) {
		const struct tier *t = &r->ladder[i];

		buf_puts(&b, "- **");
		md_text(&b, t->name);
		buf_puts(&b, "**");
		if (t->description != NULL) {
			struct buf d = BUF_INIT;
			char *sep = report_label_sep(r);

			md_text(&b, sep);
			free(sep);
			content_md(&d, c, t->description, t->pos.file,
			    t->description_at.line, "../");
			while (d.len > 0 && d.data[d.len - 1] == '\n')
				d.len--;
			for (size_t k = 0; k < d.len; k++)
				buf_putc(&b, d.data[k] == '\n' ? ' ' : d.data[k]);
			buf_release(&d);
		}
		buf_putc(&b, '\n');
	}
	return out(o, "methodology/index.md", &b);
}

/* The home page: the report's title, its description, its commentary. */
static int
home_copy(const struct computed *c, struct site_out *o)
{
	const struct report *r = &c->project->report;
	struct buf b = BUF_INIT;
	size_t i;

	heading(&b, r->title);
	if (r->description != NULL || r->subtitle != NULL) {
		md_text(&b, r->description != NULL ? r->description : r->subtitle);
		buf_puts(&b, "\n\n");
	}
	for (i = 0; i < c->nsections; i++) {
		const struct section *s = c->sections[i];

		buf_puts(&b, "## ");
		md_text(&b, s->title);
		buf_puts(&b, "\n\n");
		content_md(&b, c, s->body, s->pos.file, s->body_line, "");
		buf_putc(&b, '\n');
	}
	return out(o, "index.md", &b);
}

static int
page_copy(const struct computed *c, const struct page *pg, struct site_out *o)
{
	struct buf b = BUF_INIT;
	char *rel = xasprintf("%s/index.md", pg->id);
	int rc;

	heading(&b, pg->title);
	content_md(&b, c, pg->body, pg->pos.file, pg->body_line, "../");
	rc = out(o, rel, &b);
	free(rel);
	return rc;
}

/* "- [name](url): note" */
static void
llms_link(struct buf *b, const struct report *r, const char *name,
    const char *rel, const char *note)
{
	buf_puts(b, "- ");
	md_link(b, name, r->base_url, rel);
	if (note != NULL && *note != '\0') {
		buf_puts(b, ": ");
		md_text(b, note);
	}
	buf_putc(b, '\n');
}

static void
llms_section(struct buf *b, const char *title)
{
	buf_puts(b, "\n## ");
	md_text(b, title);
	buf_puts(b, "\n\n");
}

static int
llms_txt(const struct computed *c, struct site_out *o)
{
	const struct project *p = c->project;
	const struct report *r = &p->report;
	struct buf b = BUF_INIT;
	size_t i;

	heading(&b, r->title);
	buf_puts(&b, "> ");
	md_text(&b, r->description != NULL ? r->description :
	    r->subtitle != NULL ? r->subtitle : r->title);
	buf_putc(&b, '\n');
	llms_section(&b, report_string(r, "report"));
	llms_link(&b, r, r->title, "index.md", r->subtitle);
	llms_link(&b, r, report_string(r, "methodology"), "methodology/index.md", NULL);
	llms_section(&b, report_string(r, "editions"));
	for (i = c->neditions; i-- > 0;) {
		const struct edition *e = c->editions[i].edition;
		char *rel = xasprintf("editions/%s/index.md", e->id);
		char *note = html_edition_description(r, &c->editions[i]);

		llms_link(&b, r, e->name != NULL ? e->name : e->id, rel, note);
		free(note);
		free(rel);
	}
	llms_section(&b, report_string(r, "providers"));
	for (i = 0; c->view != NULL && i < c->view->nproviders; i++) {
		const struct provider *pr = c->project->by_name[i];
		struct vd_provider *own;
		const char *desc = view_provider_description(c->view, pr, &own);
		char *rel;

		if (desc == NULL)
			continue;
		rel = provider_md(pr);
		llms_link(&b, r, html_provider_name(pr), rel, desc);
		free(rel);
		vd_provider_free(own);
	}
	if (p->npages > 0) {
		llms_section(&b, report_string(r, "more_pages"));
		for (i = 0; i < p->npages; i++) {
			char *rel = xasprintf("%s/index.md", p->pages[i].id);

			llms_link(&b, r, p->pages[i].title, rel, NULL);
			free(rel);
		}
	}
	llms_section(&b, report_string(r, "downloads_heading"));
	for (i = 0; i < HTML_NDOWNLOADS; i++)
		llms_link(&b, r, html_downloads[i].label, html_downloads[i].path,
		    html_downloads[i].type);
	return out(o, "llms.txt", &b);
}

void
md_words(struct buf *b, const struct computed *c, const char *src,
    const char *file, unsigned line)
{
	struct md_doc own;
	const struct md_doc *doc;
	struct diag d;

	if (src == NULL)
		return;
	diag_init(&d);
	doc = md_doc_get(c, src, file, line, &own, &d);
	diag_release(&d);
	if (doc == NULL) {
		buf_puts(b, src);
		return;
	}
	plain_md(b, c, doc, "", true);
	if (doc == &own)
		md_doc_release(&own);
}

static void
words_inlines(struct buf *b, const struct computed *c, const struct vd_inlines *in)
{
	size_t i;

	for (i = 0; i < in->n; i++) {
		const struct vd_inline *x = &in->v[i];

		if (x->kind == VD_MARKDOWN)
			md_words(b, c, x->md != NULL ? x->md : x->text, x->file, x->line);
		else if (!(x->kind == VD_MARK && (x->role == VD_ROLE_CHECK || x->role == VD_ROLE_PAGE)))
			buf_puts(b, x->text);
	}
	buf_putc(b, ' ');
}

void
view_words(struct buf *b, const struct computed *c, const struct vd_section *s,
    size_t n)
{
	size_t i, k, j;

	for (i = 0; i < n; i++) {
		if (s[i].title != NULL) {
			buf_puts(b, s[i].title);
			buf_puts(b, ". ");
		}
		for (k = 0; k < s[i].n; k++) {
			const struct vd_block *bl = &s[i].b[k];

			switch (bl->kind) {
			case VB_HEADING:
			case VB_PARA:
				words_inlines(b, c, &bl->in);
				break;
			case VB_LIST:
			case VB_QUOTE:
				if (bl->kind == VB_QUOTE)
					words_inlines(b, c, &bl->in);
				for (j = 0; j < bl->nitems; j++) {
					words_inlines(b, c, &bl->items[j]);
					/* an item ends where a sentence would: a
					 * search snippet does not run "16 named in
					 * its text 16 of them on the ladder" */
					if (b->len >= 2 && b->data[b->len - 1] == ' ' &&
					    strchr(".!?:;", b->data[b->len - 2]) == NULL) {
						b->data[b->len - 1] = '.';
						buf_putc(b, ' ');
					}
				}
				break;
			case VB_TABLE:
				break;  /* figures, said in the paragraphs */
			case VB_FIGURE:
			case VB_MEDALS:
				break;
			case VB_MARKDOWN:
				md_words(b, c, bl->md, bl->file, bl->line);
				buf_putc(b, ' ');
				break;
			}
		}
	}
}

int
render_markdown(const struct computed *c, struct site_out *o, struct diag *d)
{
	const struct project *p = c->project;
	size_t i;
	int rc = 0;

	(void)d;
	if (p->report.edition == NULL || c->view == NULL)
		return 0;
	rc |= home_copy(c, o);
	for (i = 0; i < c->neditions; i++)
		rc |= edition_copy(c, &c->editions[i], o);
	/* the providers' copies are written with their pages (render_html.c) */
	rc |= methodology_copy(c, o);
	for (i = 0; i < p->npages; i++)
		rc |= page_copy(c, &p->pages[i], o);
	rc |= llms_txt(c, o);
	return rc != 0 ? -1 : 0;
}
