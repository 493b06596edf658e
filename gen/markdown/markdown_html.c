/*
 * markdown_html.c: a checked Markdown document to HTML. One walk over the
 * cmark tree; shortcodes are evaluated where their placeholders stand, every
 * string from content is escaped for where it goes, and raw HTML passes only
 * with report.allow_html.
 */
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "escape.h"
#include "markdown.h"
#include "parse.h"
#include "util.h"

/* How text with placeholders is written. */
enum text_mode {
	TEXT_LIVE,   /* escaped; shortcodes evaluated */
	TEXT_HTML,   /* raw HTML (allow_html); shortcodes evaluated */
	TEXT_CODE    /* escaped; shortcodes as written */
};

struct render {
	const struct computed *c;
	const struct md_doc *doc;
	const char *root;       /* path to the site root */
	const char *id_prefix;  /* before heading ids */
	bool allow_html;
	struct buf *out;
	int in_link;            /* inside a link: shortcodes give text only */
	cmark_node *bare;       /* a paragraph written without <p>, or NULL */
	char **ids;             /* heading ids given so far */
	size_t *next_k;         /* per id: the next "-K" to try after it */
	size_t nids, idcap, kcap;
	struct htab idtab;      /* ids by hash_str() */
};

static const struct shortcode *
code_at(const struct render *r, const char *p, size_t *len)
{
	size_t idx;

	if ((*len = md_placeholder(p, &idx)) == 0 || idx >= r->doc->ncodes)
		return NULL;
	return &r->doc->codes[idx];
}

/* s with every placeholder put back as written; malloc'd. */
static char *
text_as_written(const struct render *r, const char *s)
{
	struct buf b = BUF_INIT;
	const struct shortcode *sc;
	size_t len;

	if (strchr(s, '\xee') == NULL)
		return xstrdup(s);
	for (; *s; s++) {
		if ((sc = code_at(r, s, &len)) != NULL) {
			buf_puts(&b, sc->raw);
			s += len - 1;
		} else
			buf_putc(&b, *s);
	}
	return buf_detach(&b, NULL);
}

/* A site path with index.html written out ("providers/aws/" ->
 * "providers/aws/index.html"), so the site works from file:// too; escaped
 * as esc_url() escapes. */
static void
site_path_put(struct buf *out, const char *url)
{
	size_t n = strcspn(url, "#?");

	esc_url_bytes(out, url, n);
	if (n > 0 && url[n - 1] == '/')
		buf_add(out, "index.html", 10);
	esc_url_bytes(out, url + n, strlen(url + n));
}

/*
 * A link target. A relative one is a site path, so with site_path the way
 * to the root goes in front; a refused one becomes "#". What url_allowed()
 * passes it passes with the root and "index.html" added too (they add no
 * scheme, space or leading "//"), so it is asked once.
 */
void
md_href_write(struct buf *out, const char *root, const char *url, bool site_path)
{
	if (!url_allowed(url)) {
		buf_putc(out, '#');
		return;
	}
	if (site_path && !str_starts(url, "http://") && !str_starts(url, "https://") &&
	    !str_starts(url, "mailto:") && *url != '/' && *url != '#' && *url != '?') {
		esc_url_bytes(out, root, strlen(root));
		site_path_put(out, url);
	} else
		esc_url_bytes(out, url, strlen(url));
}

static void
put_href(const struct render *r, const char *url, bool site_path)
{
	md_href_write(r->out, r->root, url, site_path);
}

static void
put_inline_code(const struct render *r, const struct shortcode *sc)
{
	struct sc_inline v;

	sc_eval_inline(r->c, sc, &v);
	if (v.href && r->in_link == 0) {
		buf_puts(r->out, "<a");
		if (v.tier) {
			buf_puts(r->out, " class=\"tier tier-");
			esc_attr(r->out, v.tier->id);
			buf_putc(r->out, '"');
		}
		buf_puts(r->out, " href=\"");
		put_href(r, v.href, !v.external);
		buf_puts(r->out, "\">");
		esc_html(r->out, v.text);
		buf_puts(r->out, "</a>");
	} else if (v.note) {
		buf_puts(r->out, "<span class=\"claim\" title=\"");
		esc_attr(r->out, v.note);
		buf_puts(r->out, "\">");
		esc_html(r->out, v.text);
		buf_puts(r->out, "</span>");
	} else
		esc_html(r->out, v.text);
	sc_inline_release(&v);
}

static void
put_text(const struct render *r, const char *s, enum text_mode mode)
{
	const struct shortcode *sc;
	const char *run = s;
	size_t len;

	/* a placeholder starts with U+E000, whose lead byte is 0xee */
	for (; (s = strchr(s, '\xee')) != NULL; s++) {
		if ((sc = code_at(r, s, &len)) == NULL)
			continue;
		if (mode == TEXT_HTML)
			buf_add(r->out, run, (size_t)(s - run));
		else
			esc_html_n(r->out, run, (size_t)(s - run));
		if (mode == TEXT_CODE || sc->block)
			esc_html(r->out, sc->raw);
		else
			put_inline_code(r, sc);
		s += len - 1;
		run = s + 1;
	}
	if (mode == TEXT_HTML)
		buf_puts(r->out, run);
	else
		esc_html(r->out, run);
}

/* The plain text of a node's inlines (alt text, heading ids). */
static void
plain_text(const struct render *r, cmark_node *node, struct buf *b)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		const struct shortcode *sc;
		const char *lit, *s;
		size_t len;

		if (ev != CMARK_EVENT_ENTER)
			continue;
		if (cmark_node_get_type(n) == CMARK_NODE_SOFTBREAK ||
		    cmark_node_get_type(n) == CMARK_NODE_LINEBREAK) {
			buf_putc(b, ' ');
			continue;
		}
		if (n == node || (lit = cmark_node_get_literal(n)) == NULL)
			continue;
		if (cmark_node_get_type(n) == CMARK_NODE_CODE) {
			/* code shows shortcodes as written; they were never checked */
			char *raw = text_as_written(r, lit);

			buf_puts(b, raw);
			free(raw);
			continue;
		}
		for (s = lit; *s; s++) {
			if ((sc = code_at(r, s, &len)) != NULL && !sc->block) {
				struct sc_inline v;

				sc_eval_inline(r->c, sc, &v);
				buf_puts(b, v.text);
				sc_inline_release(&v);
				s += len - 1;
			} else
				buf_putc(b, *s);
		}
	}
	cmark_iter_free(it);
}

/* The index of id among the ids given so far, or -1. */
static long
id_find(const struct render *r, const char *id)
{
	size_t at = 0, item;
	uint64_t h = hash_str(id);

	while (htab_next(&r->idtab, h, &at, &item))
		if (strcmp(r->ids[item], id) == 0)
			return (long)item;
	return -1;
}

static void
id_add(struct render *r, const char *id)
{
	r->ids = xgrow(r->ids, sizeof(*r->ids), r->nids + 1, &r->idcap);
	r->next_k = xgrow(r->next_k, sizeof(*r->next_k), r->nids + 1, &r->kcap);
	r->ids[r->nids] = xstrdup(id);
	r->next_k[r->nids] = 2;
	htab_add(&r->idtab, hash_str(id), r->nids);
	r->nids++;
}

/* A unique id for a heading: lowercase words joined by '-', without the
 * bidi controls and marks of its text (invisible: two ids that look the
 * same would differ). */
static void
put_heading_id(struct render *r, cmark_node *heading)
{
	struct buf text = BUF_INIT, id = BUF_INIT;
	const char *s;
	size_t base, k;
	long first;

	plain_text(r, heading, &text);
	buf_puts(&id, r->id_prefix);
	base = id.len;
	if (text_has_bidi(text.data)) {
		struct buf t = BUF_INIT;

		esc_bidi_strip(&t, text.data, text.len);
		buf_release(&text);
		text = t;
	}
	for (s = text.data; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch >= 0x80)
			buf_putc(&id, (char)ch);
		else if (ch >= 'A' && ch <= 'Z')
			buf_putc(&id, (char)(ch - 'A' + 'a'));
		else if (id.len > base && id.data[id.len - 1] != '-')
			buf_putc(&id, '-');
	}
	while (id.len > base && id.data[id.len - 1] == '-')
		id.data[--id.len] = '\0';
	if (id.len == base)
		buf_puts(&id, "section");
	base = id.len;
	/* taken: "-2", "-3", ... from where the last heading of that id stopped,
	 * so that n headings of one text cost n look-ups, not n squared */
	if ((first = id_find(r, id.data)) != -1) {
		for (k = r->next_k[first];; k++) {
			id.len = base;
			buf_printf(&id, "-%zu", k);
			if (id_find(r, id.data) == -1)
				break;
		}
		r->next_k[first] = k + 1;
	}
	id_add(r, id.data);
	buf_puts(r->out, " id=\"");
	esc_attr(r->out, id.data);
	buf_putc(r->out, '"');
	buf_release(&id);
	buf_release(&text);
}

/* A table's scroll box: reached by keyboard, named by the table's caption. */
static void
table_wrap_open(const struct render *r, const struct table *t)
{
	buf_puts(r->out, "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" "
	    "aria-label=\"");
	esc_attr(r->out, t->caption != NULL ? t->caption :
	    report_string(&r->c->project->report, "table_scroll"));
	buf_puts(r->out, "\">\n");
}

/*
 * A chart: its title, the SVG with the chart's description as alt text,
 * and its data as a table beside it (SPEC 4.1). The caption comes first so
 * that the figure may hold more than the picture. Until the chart module is
 * linked, its stand-ins give no title: the name stands in.
 */
static void
put_chart(const struct render *r, const struct shortcode *sc)
{
	const char *name = sc->args[0];
	int kind = chart_kind_parse(name);
	struct buf src = BUF_INIT, narrow_src = BUF_INIT;
	struct chart ch, narrow;
	struct table *t;

	if (kind < 0)
		return;
	chart_init(&ch, r->c, (enum chart_kind)kind, NULL);
	chart_init_sized(&narrow, r->c, (enum chart_kind)kind, NULL, true);
	buf_printf(&src, "%scharts/", r->root);
	esc_url_segment(&src, name);
	buf_puts(&src, ".svg");
	/* the picture draws its title: the caption is for screen readers only */
	buf_puts(r->out, "<figure class=\"chart\">\n<figcaption class=\"visually-hidden\">");
	esc_html(r->out, ch.title ? ch.title : name);
	/* a phone sees the chart's narrow variant (chart.h), drawn for it */
	buf_puts(r->out, "</figcaption>\n<picture><source media=\"" CHART_NARROW_MEDIA
	    "\" srcset=\"");
	buf_printf(&narrow_src, "%scharts/" CHART_NARROW_DIR, r->root);
	esc_url_segment(&narrow_src, name);
	buf_puts(&narrow_src, ".svg");
	esc_url(r->out, narrow_src.data);
	buf_printf(r->out, "\" width=\"%.0f\" height=\"%.0f\"><img src=\"",
	    narrow.width, narrow.height);
	esc_url(r->out, src.data);
	buf_puts(r->out, "\" alt=\"");
	if (ch.desc)
		esc_attr(r->out, ch.desc);
	else {
		char *alt = report_format1(&r->c->project->report, "chart_alt", "name", name);

		esc_attr(r->out, alt);
		free(alt);
	}
	buf_putc(r->out, '"');
	if (ch.width > 0 && ch.height > 0)
		buf_printf(r->out, " width=\"%.0f\" height=\"%.0f\"", ch.width, ch.height);
	buf_puts(r->out, "></picture>\n");
	if ((t = chart_table(&ch, r->c)) != NULL) {
		buf_puts(r->out, "<details class=\"chart-data\">\n<summary>");
		esc_html(r->out, report_string(&r->c->project->report, "chart_data"));
		buf_puts(r->out, "</summary>\n");
		table_wrap_open(r, t);
		table_html(t, r->root, r->out);
		buf_puts(r->out, "</div>\n");
		table_notes_html(t, r->out);
		buf_puts(r->out, "</details>\n");
		table_free(t);
	}
	buf_puts(r->out, "</figure>\n");
	buf_release(&src);
	buf_release(&narrow_src);
	chart_release(&ch);
	chart_release(&narrow);
}

static void
put_block(const struct render *r, const struct shortcode *sc)
{
	struct table *t;

	if (sc->kind == SC_CHART) {
		put_chart(r, sc);
		return;
	}
	/* a table scrolls in its own box, never the page */
	if ((t = sc_table(r->c, sc)) != NULL) {
		table_wrap_open(r, t);
		table_html(t, r->root, r->out);
		buf_puts(r->out, "</div>\n");
		/* its notes after the box: they do not scroll with it */
		table_notes_html(t, r->out);
		table_free(t);
	}
}

/* A paragraph holding only a block shortcode, or NULL. */
static const struct shortcode *
block_of(const struct render *r, cmark_node *para)
{
	cmark_node *t = cmark_node_first_child(para);
	const struct shortcode *sc;
	const char *lit;
	size_t len;

	if (t == NULL || cmark_node_next(t) != NULL ||
	    cmark_node_get_type(t) != CMARK_NODE_TEXT ||
	    (lit = cmark_node_get_literal(t)) == NULL ||
	    (sc = code_at(r, lit, &len)) == NULL || !sc->block || lit[len] != '\0')
		return NULL;
	return sc;
}

static bool
in_tight_list(cmark_node *para)
{
	cmark_node *item = cmark_node_parent(para), *list;

	if (item == NULL || cmark_node_get_type(item) != CMARK_NODE_ITEM)
		return false;
	list = cmark_node_parent(item);
	return list && cmark_node_get_list_tight(list);
}

/* Returns true when the node's children are done (skip them). */
static bool
render_paragraph(struct render *r, cmark_node *node, bool enter)
{
	const struct shortcode *sc = block_of(r, node);

	if (sc != NULL) {
		if (enter)
			put_block(r, sc);
		return true;
	}
	if (node == r->bare || in_tight_list(node))
		return false;
	buf_puts(r->out, enter ? "<p>" : "</p>\n");
	return false;
}

static void
render_list(struct render *r, cmark_node *node, bool enter)
{
	bool ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST;
	int start = cmark_node_get_list_start(node);

	if (!enter)
		buf_puts(r->out, ordered ? "</ol>\n" : "</ul>\n");
	else if (!ordered)
		buf_puts(r->out, "<ul>\n");
	else if (start != 1)
		buf_printf(r->out, "<ol start=\"%d\">\n", start);
	else
		buf_puts(r->out, "<ol>\n");
}

static void
render_code_block(struct render *r, cmark_node *node)
{
	const char *info = cmark_node_get_fence_info(node);
	char *lit = text_as_written(r, cmark_node_get_literal(node));
	size_t n = info ? strcspn(info, " \t") : 0;

	buf_puts(r->out, "<pre><code");
	if (n > 0) {
		char *lang = xstrndup(info, n);
		char *lang_w = text_as_written(r, lang);

		buf_puts(r->out, " class=\"language-");
		esc_attr(r->out, lang_w);
		buf_putc(r->out, '"');
		free(lang_w);
		free(lang);
	}
	buf_putc(r->out, '>');
	esc_html(r->out, lit);
	buf_puts(r->out, "</code></pre>\n");
	free(lit);
}

static void
render_html_block(struct render *r, cmark_node *node)
{
	const char *lit = cmark_node_get_literal(node);
	char *trimmed;
	size_t n;

	if (r->allow_html) {
		put_text(r, lit, TEXT_HTML);
		return;
	}
	n = strlen(lit);
	while (n > 0 && lit[n - 1] == '\n')
		n--;
	trimmed = xstrndup(lit, n);
	buf_puts(r->out, "<p>");
	put_text(r, trimmed, TEXT_LIVE);
	buf_puts(r->out, "</p>\n");
	free(trimmed);
}

static void
render_link(struct render *r, cmark_node *node, bool enter)
{
	char *url = text_as_written(r, cmark_node_get_url(node));
	const char *title = cmark_node_get_title(node);

	r->in_link += enter ? 1 : -1;
	if (url_allowed(url) || *url == '\0') {
		if (!enter)
			buf_puts(r->out, "</a>");
		else {
			buf_puts(r->out, "<a href=\"");
			put_href(r, url, true);
			buf_putc(r->out, '"');
			if (title && *title) {
				char *t = text_as_written(r, title);

				buf_puts(r->out, " title=\"");
				esc_attr(r->out, t);
				buf_putc(r->out, '"');
				free(t);
			}
			buf_putc(r->out, '>');
		}
	}
	free(url);
}

static void
render_image(struct render *r, cmark_node *node)
{
	char *url = text_as_written(r, cmark_node_get_url(node));
	struct buf alt = BUF_INIT;

	plain_text(r, node, &alt);
	if (url_allowed(url)) {
		buf_puts(r->out, "<img src=\"");
		put_href(r, url, true);
		buf_puts(r->out, "\" alt=\"");
		esc_attr(r->out, alt.data);
		buf_puts(r->out, "\">");
	} else
		esc_html(r->out, alt.data);
	buf_release(&alt);
	free(url);
}

static void
render_simple(struct render *r, const char *open, const char *close, bool enter)
{
	buf_puts(r->out, enter ? open : close);
}

/* Writes one event; returns true when the node's children must be skipped. */
static bool
render_node(struct render *r, cmark_node *node, bool enter)
{
	int level;

	switch (cmark_node_get_type(node)) {
	case CMARK_NODE_BLOCK_QUOTE:
		render_simple(r, "<blockquote>\n", "</blockquote>\n", enter);
		break;
	case CMARK_NODE_LIST:
		render_list(r, node, enter);
		break;
	case CMARK_NODE_ITEM:
		render_simple(r, "<li>", "</li>\n", enter);
		break;
	case CMARK_NODE_HEADING:
		level = cmark_node_get_heading_level(node);
		if (enter) {
			buf_printf(r->out, "<h%d", level);
			put_heading_id(r, node);
			buf_putc(r->out, '>');
		} else
			buf_printf(r->out, "</h%d>\n", level);
		break;
	case CMARK_NODE_CODE_BLOCK:
		render_code_block(r, node);
		break;
	case CMARK_NODE_HTML_BLOCK:
		render_html_block(r, node);
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		buf_puts(r->out, "<hr>\n");
		break;
	case CMARK_NODE_PARAGRAPH:
		return render_paragraph(r, node, enter);
	case CMARK_NODE_TEXT:
		put_text(r, cmark_node_get_literal(node), TEXT_LIVE);
		break;
	case CMARK_NODE_SOFTBREAK:
		buf_putc(r->out, '\n');
		break;
	case CMARK_NODE_LINEBREAK:
		buf_puts(r->out, "<br>\n");
		break;
	case CMARK_NODE_CODE:
		buf_puts(r->out, "<code>");
		put_text(r, cmark_node_get_literal(node), TEXT_CODE);
		buf_puts(r->out, "</code>");
		break;
	case CMARK_NODE_HTML_INLINE:
		put_text(r, cmark_node_get_literal(node), r->allow_html ? TEXT_HTML : TEXT_LIVE);
		break;
	case CMARK_NODE_EMPH:
		render_simple(r, "<em>", "</em>", enter);
		break;
	case CMARK_NODE_STRONG:
		render_simple(r, "<strong>", "</strong>", enter);
		break;
	case CMARK_NODE_LINK:
		render_link(r, node, enter);
		break;
	case CMARK_NODE_IMAGE:
		if (enter)
			render_image(r, node);
		return true;
	default:
		break;
	}
	return false;
}

/* The first top-level block after a text's opening: its headings and
 * the first block after them (a paragraph, a list), or NULL. */
static cmark_node *
lead_end(const struct md_doc *doc)
{
	cmark_node *n = cmark_node_first_child(doc->root);

	while (n != NULL && cmark_node_get_type(n) == CMARK_NODE_HEADING)
		n = cmark_node_next(n);
	return n != NULL ? cmark_node_next(n) : NULL;
}

static void
render_doc_to(const struct computed *c, const struct md_doc *doc, const char *root_rel,
    const char *id_prefix, bool bare, bool lead, struct buf *out)
{
	struct render r = {
		.c = c, .doc = doc, .root = root_rel ? root_rel : "",
		.id_prefix = id_prefix ? id_prefix : "",
		.allow_html = c->project->report.allow_html, .out = out,
		.idtab = HTAB_INIT,
	};
	cmark_node *first, *stop;
	cmark_iter *it;
	cmark_event_type ev;
	size_t i;

	if (doc->root == NULL)
		return;
	stop = lead ? lead_end(doc) : NULL;
	first = cmark_node_first_child(doc->root);
	if (bare && first && cmark_node_next(first) == NULL &&
	    cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH)
		r.bare = first;
	it = cmark_iter_new(doc->root);
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *node = cmark_iter_get_node(it);

		if (node == stop)
			break;
		if (ev == CMARK_EVENT_ENTER && render_node(&r, node, true)) {
			cmark_iter_reset(it, node, CMARK_EVENT_EXIT);
		} else if (ev == CMARK_EVENT_EXIT)
			render_node(&r, node, false);
	}
	cmark_iter_free(it);
	for (i = 0; i < r.nids; i++)
		free(r.ids[i]);
	free(r.ids);
	free(r.next_k);
	htab_free(&r.idtab);
}

static void
render_doc(const struct computed *c, const struct md_doc *doc, const char *root_rel,
    const char *id_prefix, bool bare, struct buf *out)
{
	render_doc_to(c, doc, root_rel, id_prefix, bare, false, out);
}

int
md_to_html_lead(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, bool *cut, struct diag *d)
{
	struct md_doc own;
	const struct md_doc *doc = md_doc_get(c, src, file, first_line, &own, d);

	if (doc == NULL)
		return -1;
	*cut = doc->root != NULL && lead_end(doc) != NULL;
	render_doc_to(c, doc, root_rel, "", false, true, out);
	md_doc_release(&own);
	return 0;
}

void
md_render_html_ids(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, const char *id_prefix, struct buf *out)
{
	render_doc(c, doc, root_rel, id_prefix, false, out);
}

void
md_render_html_inline(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, struct buf *out)
{
	render_doc(c, doc, root_rel, "", true, out);
}

void
md_render_html(const struct computed *c, const struct md_doc *doc,
    const char *root_rel, struct buf *out)
{
	render_doc(c, doc, root_rel, "", false, out);
}

void
md_render_text(const struct computed *c, const struct md_doc *doc, struct buf *out)
{
	struct render r = {.c = c, .doc = doc, .root = "", .id_prefix = "",
	    .idtab = HTAB_INIT};
	cmark_node *n;

	if (doc->root == NULL)
		return;
	for (n = cmark_node_first_child(doc->root); n != NULL; n = cmark_node_next(n)) {
		if (out->len > 0)
			buf_putc(out, ' ');
		plain_text(&r, n, out);
	}
	htab_free(&r.idtab);
}

char *
md_text_of(const struct computed *c, const char *src, const char *file,
    unsigned first_line)
{
	struct md_doc own;
	const struct md_doc *doc;
	struct diag quiet;
	struct buf b = BUF_INIT;

	if (src == NULL)
		return NULL;
	diag_init(&quiet);   /* its errors were reported where it was checked */
	doc = md_doc_get(c, src, file, first_line, &own, &quiet);
	diag_release(&quiet);
	if (doc == NULL)
		return NULL;
	md_render_text(c, doc, &b);
	md_doc_release(&own);
	return buf_detach(&b, NULL);
}

/* A cell's text; '\n' starts a new line. */
static void
table_cell_text(struct buf *out, const char *s)
{
	const char *nl;

	while ((nl = strchr(s, '\n')) != NULL) {
		esc_html_n(out, s, (size_t)(nl - s));
		buf_puts(out, "<br>");
		s = nl + 1;
	}
	esc_html(out, s);
}

/*
 * A cell; a body cell carries its column's head as data-label (label, or
 * NULL for none), which a phone's stylesheet shows before the cell when the
 * table is laid out a row at a time.
 */
static void
table_cell_html(const struct table_cell *c, const char *root, bool head,
    const char *label, struct buf *out)
{
	buf_add(out, head ? "<th" : "<td", 3);
	if (head)
		buf_puts(out, " scope=\"col\"");
	if (label != NULL && *label != '\0') {
		buf_puts(out, " data-label=\"");
		esc_attr(out, label);
		buf_putc(out, '"');
	}
	if (c->tier || c->numeric) {
		buf_puts(out, " class=\"");
		if (c->numeric)
			buf_puts(out, c->tier ? "num " : "num");
		if (c->tier) {
			buf_puts(out, "tier tier-");
			esc_attr(out, c->tier->id);
		}
		buf_putc(out, '"');
	}
	buf_putc(out, '>');
	if (c->href) {
		buf_puts(out, "<a href=\"");
		md_href_write(out, root, c->href, true);
		buf_puts(out, "\">");
	}
	table_cell_text(out, c->text ? c->text : "");
	if (c->href)
		buf_puts(out, "</a>");
	buf_add(out, head ? "</th>" : "</td>", 5);
}

void
table_html(const struct table *t, const char *root_rel, struct buf *out)
{
	const char *root = root_rel ? root_rel : "";
	size_t i, k;

	buf_puts(out, t->ncols > TABLE_PHONE_COLS ? "<table class=\"data wide\"" :
	    "<table class=\"data\"");
	if (t->id) {
		buf_puts(out, " id=\"");
		esc_attr(out, t->id);
		buf_putc(out, '"');
	}
	buf_puts(out, ">\n");
	if (t->caption) {
		buf_puts(out, "<caption>");
		esc_html(out, t->caption);
		buf_puts(out, "</caption>\n");
	}
	buf_puts(out, "<thead>\n<tr>");
	for (k = 0; k < t->ncols; k++)
		table_cell_html(&t->head[k], root, true, NULL, out);
	buf_puts(out, "</tr>\n</thead>\n<tbody>\n");
	for (i = 0; i < t->nrows; i++) {
		buf_puts(out, "<tr>");
		for (k = 0; k < t->ncols; k++)
			table_cell_html(&t->cells[i * t->ncols + k], root, false,
			    t->head[k].text, out);
		buf_puts(out, "</tr>\n");
	}
	buf_puts(out, "</tbody>\n</table>\n");
}

void
table_notes_html(const struct table *t, struct buf *out)
{
	size_t i;

	for (i = 0; i < t->nnotes; i++) {
		buf_puts(out, "<p class=\"table-note\">");
		table_cell_text(out, t->notes[i]);
		buf_puts(out, "</p>\n");
	}
}

/* Render in one go, from the build's tree (markdown.h): calls run from here to
 * markdown.c. */
int
md_to_html(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, struct diag *d)
{
	struct md_doc own;
	const struct md_doc *doc = md_doc_get(c, src, file, first_line, &own, d);

	if (doc == NULL)
		return -1;
	md_render_html(c, doc, root_rel, out);
	md_doc_release(&own);
	return 0;
}

int
md_to_html_inline(const struct computed *c, const char *src, const char *file,
    unsigned first_line, const char *root_rel, struct buf *out, struct diag *d)
{
	struct md_doc own;
	const struct md_doc *doc = md_doc_get(c, src, file, first_line, &own, d);

	if (doc == NULL)
		return -1;
	md_render_html_inline(c, doc, root_rel, out);
	md_doc_release(&own);
	return 0;
}
