/*
 * html_view.c: the report view's trees (include/view_doc.h) as HTML
 * fragments for the templates. Nothing here phrases: every word comes from
 * the tree; this file only chooses the markup (the classes the style sheet
 * knows: tier, move, check, quote, fields, findings).
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "markdown.h"
#include "tier_color.h"

/* A tier as the tier partial marks it: glyph, name, uncertain sign. */
static void
tier_html(struct buf *b, const struct vd_inline *v)
{
	const struct tier *t = v->tier;
	char color[8];

	if (t == NULL) {
		esc_html(b, v->text);
		return;
	}
	buf_printf(b, "<span class=\"tier%s%s\" style=\"--tier: %s\"><span class=\"glyph\" "
	    "aria-hidden=\"true\">%s</span> ", t->medal ? " tier-medal" : "",
	    t->rated ? "" : " tier-unrated", tier_color(t, color),
	    tier_glyph(t));
	esc_html(b, v->text);
	if (v->uncertain != NULL) {
		buf_puts(b, "<abbr class=\"uncertain\" title=\"");
		esc_attr(b, v->uncertain);
		buf_puts(b, "\">?</abbr>");
	}
	buf_puts(b, "</span>");
}

/*
 * terms: the report's own words are explained where they are met first (a
 * page's opening line): a tier's name links to its entry in the
 * methodology's ladder, which says what it means and whether it is rated.
 */
static void
mark_html(struct buf *b, const struct vd_inline *v, const char *root, bool terms)
{
	char *path;

	switch (v->role) {
	case VD_ROLE_TIER:
		if (!terms || v->tier == NULL) {
			tier_html(b, v);
			break;
		}
		path = xasprintf("methodology/#tier-%s", v->tier->id);
		buf_puts(b, "<a class=\"tier-term\" href=\"");
		md_href_write(b, root, path, true);
		buf_puts(b, "\">");
		free(path);
		tier_html(b, v);
		buf_puts(b, "</a>");
		break;
	case VD_ROLE_MOVE:
		/* "not rated", "rated again": what rated means is the ladder's */
		terms = terms && (v->move == MOVE_UNRATED || v->move == MOVE_RETURNED ||
		    v->move == MOVE_FIRST);
		if (terms) {
			buf_puts(b, "<a class=\"term\" href=\"");
			md_href_write(b, root, "methodology/#ladder", true);
			buf_puts(b, "\">");
		}
		buf_printf(b, "<span class=\"move move-%s\">", move_status_class(v->move));
		if (v->move == MOVE_UP || v->move == MOVE_DOWN)
			buf_printf(b, "<span aria-hidden=\"true\">%s</span> ", move_mark(v->move));
		esc_html(b, v->text);
		buf_puts(b, "</span>");
		if (terms)
			buf_puts(b, "</a>");
		break;
	case VD_ROLE_SEVERITY:
		buf_puts(b, "<span class=\"severity severity-");
		esc_attr(b, v->value != NULL ? v->value : "");
		buf_puts(b, "\">");
		esc_html(b, v->text);
		buf_puts(b, "</span>");
		break;
	case VD_ROLE_DATE:
		buf_puts(b, "<time datetime=\"");
		esc_attr(b, v->value != NULL ? v->value : "");
		buf_puts(b, "\">");
		esc_html(b, v->text);
		buf_puts(b, "</time>");
		break;
	case VD_ROLE_CHECK:
		buf_printf(b, "<span class=\"check check-%s\" aria-hidden=\"true\">%s</span> ",
		    v->value != NULL && strcmp(v->value, "yes") == 0 ? "yes" : "no",
		    v->value != NULL && strcmp(v->value, "yes") == 0 ? "\xe2\x9c\x93" :
		    "\xe2\x9c\x97");
		break;
	case VD_ROLE_PAGE:
		break;
	}
}

static void
link_html(struct html_ctx *h, struct buf *b, const struct vd_inline *v,
    const char *root)
{
	char *path = NULL, *href;

	switch (v->target) {
	case VD_SOURCE:
		path = html_source_path(v->source);
		break;
	case VD_PROVIDER:
		path = html_provider_path(v->provider);
		break;
	case VD_PAGE:
		path = xstrdup(v->ref != NULL ? v->ref : "");
		break;
	case VD_URL:
	case VD_AT:
		href = html_url(v->ref != NULL ? v->ref : "");
		buf_printf(b, "<a href=\"%s\" rel=\"external\">", href);
		free(href);
		esc_html(b, v->text);
		buf_puts(b, "</a>");
		return;
	}
	(void)h;
	href = html_href(root, path);
	buf_printf(b, "<a href=\"%s\">", href);
	esc_html(b, v->text);
	buf_puts(b, "</a>");
	free(href);
	free(path);
}

static void
inlines_html(struct html_ctx *h, const struct vd_inlines *in, const char *root,
    bool terms, struct buf *b)
{
	const struct vd_inline *v;
	size_t i;

	for (i = 0; i < in->n; i++) {
		v = &in->v[i];
		switch (v->kind) {
		case VD_TEXT:
			esc_html(b, v->text);
			break;
		case VD_STRONG:
			buf_puts(b, "<strong>");
			esc_html(b, v->text);
			buf_puts(b, "</strong>");
			break;
		case VD_EMPH:
			buf_puts(b, "<em>");
			esc_html(b, v->text);
			buf_puts(b, "</em>");
			break;
		case VD_LINK:
			link_html(h, b, v, root);
			break;
		case VD_MARK:
			mark_html(b, v, root, terms);
			break;
		case VD_MARKDOWN:
			if (md_to_html_inline(h->c, v->md, v->file, v->line, root, b, h->d) == -1)
				h->failed = true;
			break;
		}
	}
}

void
html_view_inlines(struct html_ctx *h, const struct vd_inlines *in, const char *root,
    struct buf *b)
{
	inlines_html(h, in, root, false, b);
}

/* A class attribute from a block's role. */
static void
role_attr(struct buf *b, const char *role)
{
	if (role == NULL)
		return;
	buf_puts(b, " class=\"");
	esc_attr(b, role);
	buf_putc(b, '"');
}

/* A field: its name (the strong inline before the pack's label_value
 * words, ": ") as the term, the rest as its description. */
static void
field_html(struct html_ctx *h, const struct vd_inlines *it, const char *root,
    struct buf *b)
{
	struct vd_inlines rest = *it;
	size_t skip = 0;

	buf_puts(b, "<div class=\"field");
	if (it->n > 0 && it->v[0].value != NULL) {
		buf_puts(b, " field-");
		esc_attr(b, it->v[0].value);
	}
	buf_puts(b, "\"><dt>");
	if (it->n > 0 && it->v[0].kind == VD_STRONG) {
		char *sep = report_label_sep(&h->p->report);

		esc_html(b, it->v[0].text);
		skip = it->n > 1 && it->v[1].kind == VD_TEXT &&
		    strcmp(it->v[1].text, sep) == 0 ? 2 : 1;
		free(sep);
	}
	buf_puts(b, "</dt><dd>");
	rest.v = it->v + skip;
	rest.n = it->n - skip;
	html_view_inlines(h, &rest, root, b);
	buf_puts(b, "</dd></div>\n");
}

static void
table_view_html(struct html_ctx *h, const struct table *t, const char *role,
    const char *root, struct buf *b)
{
	/* a table a phone shows a row at a time (the style sheet's) */
	bool stack = role != NULL && (strcmp(role, "findings-table") == 0 ||
	    strcmp(role, "fault") == 0);
	size_t i, j;

	/* a table scrolls in its own box, which a keyboard reaches and a
	 * screen reader names by the table's caption */
	buf_puts(b, "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"");
	esc_attr(b, t->caption != NULL ? t->caption :
	    report_string(&h->c->project->report, "table_scroll"));
	buf_puts(b, "\">\n<table");
	role_attr(b, role);
	buf_puts(b, ">\n");
	if (t->caption != NULL) {
		buf_puts(b, "<caption>");
		esc_html(b, t->caption);
		buf_puts(b, "</caption>\n");
	}
	buf_puts(b, "<thead><tr>");
	for (j = 0; j < t->ncols; j++) {
		buf_printf(b, "<th scope=\"col\"%s>", t->head[j].numeric ? " class=\"num\"" : "");
		esc_html(b, t->head[j].text != NULL ? t->head[j].text : "");
		buf_puts(b, "</th>");
	}
	buf_puts(b, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < t->nrows; i++) {
		buf_puts(b, "<tr>");
		for (j = 0; j < t->ncols; j++) {
			const struct table_cell *c = &t->cells[i * t->ncols + j];

			/* the first column names the row */
			buf_puts(b, j == 0 ? "<th scope=\"row\"" : "<td");
			/* a table a phone shows a row at a time: each cell with its
			 * column's name (the style sheet sets it before the cell) */
			if (stack && j > 0 && t->head[j].text != NULL) {
				buf_puts(b, " data-label=\"");
				esc_attr(b, t->head[j].text);
				buf_putc(b, '"');
			}
			buf_puts(b, c->numeric ? " class=\"num\">" : ">");
			if (c->href != NULL) {
				buf_puts(b, "<a href=\"");
				md_href_write(b, root, c->href, true);
				buf_puts(b, "\">");
			}
			/* a severity is a badge, as the view's severity mark */
			if (c->role == TABLE_ROLE_SEVERITY && c->role_id != NULL) {
				buf_puts(b, "<span class=\"severity severity-");
				esc_attr(b, c->role_id);
				buf_puts(b, "\">");
			}
			esc_html(b, c->text != NULL ? c->text : "");
			if (c->role == TABLE_ROLE_SEVERITY && c->role_id != NULL)
				buf_puts(b, "</span>");
			if (c->href != NULL)
				buf_puts(b, "</a>");
			buf_puts(b, j == 0 ? "</th>" : "</td>");
		}
		buf_puts(b, "</tr>\n");
	}
	buf_puts(b, "</tbody>\n</table>\n</div>\n");
}

static void
block_html(struct html_ctx *h, const struct vd_block *k, const char *root, bool terms,
    struct buf *b)
{
	struct buf md = BUF_INIT;
	/* a list of names and what each is: a description list */
	bool fields = k->role != NULL && (strcmp(k->role, "fields") == 0 ||
	    strcmp(k->role, "practice-defs") == 0);
	size_t i;

	switch (k->kind) {
	case VB_HEADING:
		buf_printf(b, "<h%d>", k->level);
		html_view_inlines(h, &k->in, root, b);
		buf_printf(b, "</h%d>\n", k->level);
		break;
	case VB_PARA:
		buf_puts(b, "<p");
		role_attr(b, k->role);
		buf_putc(b, '>');
		inlines_html(h, &k->in, root, terms, b);
		buf_puts(b, "</p>\n");
		break;
	case VB_LIST:
		buf_puts(b, fields ? "<dl" : "<ul");
		role_attr(b, k->role);
		buf_puts(b, ">\n");
		for (i = 0; i < k->nitems; i++) {
			if (fields) {
				field_html(h, &k->items[i], root, b);
				continue;
			}
			buf_puts(b, "<li>");
			html_view_inlines(h, &k->items[i], root, b);
			buf_puts(b, "</li>\n");
		}
		buf_puts(b, fields ? "</dl>\n" : "</ul>\n");
		break;
	case VB_TABLE:
		table_view_html(h, k->table, k->role, root, b);
		break;
	case VB_QUOTE:
		buf_puts(b, "<blockquote");
		role_attr(b, k->role);
		buf_puts(b, ">\n<p>");
		html_view_inlines(h, &k->in, root, b);
		buf_puts(b, "</p>\n");
		for (i = 0; i < k->nitems; i++) {
			buf_puts(b, "<footer>");
			html_view_inlines(h, &k->items[i], root, b);
			buf_puts(b, "</footer>\n");
		}
		buf_puts(b, "</blockquote>\n");
		break;
	case VB_MARKDOWN:
		if (md_to_html(h->c, k->md, k->file, k->line, root, &md, h->d) == -1)
			h->failed = true;
		buf_add(b, md.data, md.len);
		break;
	case VB_FIGURE:
	case VB_MEDALS:
		break;   /* the page's template places its charts and medal table */
	}
	buf_release(&md);
}

void
html_view_section(struct html_ctx *h, const struct vd_section *s, const char *root,
    struct buf *b)
{
	size_t i;

	if (s == NULL)
		return;
	if (s->title != NULL) {
		buf_puts(b, "<h3>");
		esc_html(b, s->title);
		buf_puts(b, "</h3>\n");
	}
	for (i = 0; i < s->n; i++) {
		/* the site gives the commentary itself: no line pointing to it */
		if (s->b[i].role != NULL && strcmp(s->b[i].role, "commentary-ref") == 0)
			continue;
		block_html(h, &s->b[i], root, strcmp(s->id, "opening") == 0, b);
	}
}

struct tv *
html_view_value(struct html_ctx *h, const struct vd_section *s, size_t n, const char *id,
    const char *root)
{
	const struct vd_section *sec = vd_section_find(s, n, id);
	struct buf b = BUF_INIT;

	/* "", not null: a section's name must not find the page's in a template */
	if (sec == NULL)
		return tv_lit("");
	html_view_section(h, sec, root, &b);
	return pv_taken(buf_detach(&b, NULL));
}
