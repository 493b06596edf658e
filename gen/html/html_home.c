/* html_home.c: index.html, the report itself: headline figures, the medal
 * table, movement, and the commentary with its contents, in the order the
 * view gives them (view_home.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "markdown.h"
#include "parse.h"
#include "view_doc.h"

/*
 * The headline figures the view decided (vd_figures), as the figures
 * partial lays them out: a label, the value, its detail and a note.
 */
struct tv *
html_figures(const struct computed *c, const struct edition_stats *s,
    const struct edition_stats *cmp)
{
	struct table *t = vd_figures(c, s, cmp);
	struct tv *a = html_figures_of(t);

	table_free(t);
	return a;
}

struct tv *
html_figure_notes(const struct table *t)
{
	struct tv *a = tv_array(), *o;
	size_t i;

	for (i = 0; t != NULL && i < t->nnotes; i++) {
		o = tv_object();
		pv_set_str(o, "text", t->notes[i]);
		tv_append(a, o);
	}
	return a;
}

struct tv *
html_figures_of(const struct table *t)
{
	struct tv *a = tv_array(), *o;
	size_t i;

	for (i = 0; i < t->nrows; i++) {
		const struct table_cell *row = &t->cells[i * t->ncols];

		o = tv_object();
		pv_set_str(o, "label", row[0].text);
		pv_set_str(o, "value", row[1].text);
		pv_set_str(o, "detail", t->ncols > 2 && row[2].text[0] != '\0' ? row[2].text : NULL);
		pv_set_str(o, "note", t->ncols > 3 && row[3].text[0] != '\0' ? row[3].text : NULL);
		tv_append(a, o);
	}
	return a;
}

static struct tv *
authors(const struct report *r)
{
	if (r->nauthors == 0)
		return tv_null();
	return pv_taken(view_list(r, (const char *const *)r->authors, r->nauthors));
}

/*
 * A build with drafts (serve, --drafts) shows draft and embargoed sections:
 * each says so, in the page's language, so that a preview is not taken for
 * the published report.
 */
static void
section_marks(const struct html_ctx *h, const struct section *s, struct tv *o)
{
	const struct report *r = &h->p->report;
	char *date;

	if (s->draft)
		tv_set(o, "draft", tv_bool(true));
	if (s->embargo != DATE_NONE && s->embargo > h->c->opts.now) {
		date = view_date(r, s->embargo);
		pv_set_taken(o, "embargo_mark", report_format1(r, "embargo_mark", "date", date));
		free(date);
	}
}

/* A section a page of its own gives in full: its opening, then the
 * view's link to that page ("More in Security"). */
static void
section_lead(struct html_ctx *h, const struct section *s, const struct vd_block *b,
    const struct pos *at, const char *root, struct tv *o)
{
	struct buf out = BUF_INIT;
	bool cut = false;

	if (md_to_html_lead(h->c, s->body, at->file, at->line, root, &out, &cut, h->d) == -1) {
		h->failed = true;
		buf_release(&out);
		return;
	}
	tv_set(o, "body_html", tv_strn(out.data, out.len));
	buf_release(&out);
	pv_set_href(o, "more_href", root, b->more_ref);
	pv_set_str(o, "more_text", b->more);
}

/* A commentary section of the home page (the view's VB_MARKDOWN block b
 * of it): its anchor, title, body, corrections and marks. */
static struct tv *
section_part(struct html_ctx *h, const struct section *s, const struct vd_block *b,
    const char *root)
{
	struct tv *o = tv_object();
	struct pos at;

	tv_set(o, "part_commentary", tv_bool(true));
	pv_set_taken(o, "anchor", xasprintf("section-%s", s->id));
	pv_set_str(o, "title", s->title != NULL ? s->title : s->id);
	at = s->pos;
	at.line = s->body_line;
	if (b != NULL && b->more != NULL)
		section_lead(h, s, b, &at, root, o);
	else
		tv_set(o, "body_html", pv_markdown(h, s->body, &at, root));
	tv_set(o, "corrections_html", html_corrections_value(h, s->corrections,
	    s->ncorrections, s->pos.file, root, true));
	section_marks(h, s, o);
	return o;
}

/* A part of the page of kind key ("part_figures", ...), laid out from the
 * page's values. */
static struct tv *
part(const char *key)
{
	struct tv *o = tv_object();

	tv_set(o, key, tv_bool(true));
	return o;
}

/* The first commentary block of section sec, or NULL. */
static const struct vd_block *
markdown_block(const struct vd_section *sec)
{
	size_t i;

	for (i = 0; i < sec->n; i++)
		if (sec->b[i].kind == VB_MARKDOWN && sec->b[i].section != NULL)
			return &sec->b[i];
	return NULL;
}

/* Does the home page's section id hold a block of kind (a figure of
 * chart kind k, or a table)? */
static bool
home_has(const struct vd_page *hp, const char *id, enum vd_block_kind kind, int k)
{
	const struct vd_section *sec = hp != NULL ? vd_section_find(hp->s, hp->n, id) : NULL;
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == kind && (kind != VB_FIGURE || sec->b[i].chart == k))
			return true;
	return false;
}

int
html_home(struct html_ctx *h)
{
	const struct report *r = &h->p->report;
	const struct edition_stats *s = computed_edition(h->c, r->edition);
	const struct edition_stats *cmp = h->c->has_compare ? &h->c->compare : NULL;
	struct vd_page *own = h->c->view == NULL ? vd_home_new(h->c) : NULL;
	const struct vd_page *hp = own != NULL ? own : h->c->view->home;
	int rc;
	struct tv *page = pv_page(h, "index.html", "home", NULL), *mv, *parts;
	size_t i, ntoc = 0;
	const char *root = tv_str_value(tv_get(page, "root"));
	char date[11];

	pv_set_str(page, "heading", r->title);
	if (r->lede != NULL) {
		/* the finding first; it is the page's link preview too */
		struct pos at = r->pos;

		at.line = r->lede_at.line;
		tv_set(page, "lede_html", pv_markdown(h, r->lede, &at, root));
		pv_set_taken(page, "description", md_text_of(h->c, r->lede, r->pos.file,
		    r->lede_at.line));
	}
	pv_set_str(page, "subtitle", r->subtitle);
	tv_set(page, "authors", authors(r));
	if (r->edition->published != DATE_NONE) {
		date_format(r->edition->published, date);
		pv_set_str(page, "published", date);
		pv_set_taken(page, "published_text", view_date(r, r->edition->published));
		/* "published 23 September 2026": the edition's date, which the
		 * kicker would otherwise seem to give as the report's */
		{
			char *words = view_date(r, r->edition->published);

			pv_set_taken(page, "published_on", report_format1(r, "home_published",
			    "date", words));
			free(words);
		}
	}
	{
		struct table *t = vd_figures(h->c, s, cmp);

		tv_set(page, "figures", html_figures_of(t));
		tv_set(page, "figure_notes", html_figure_notes(t));
		table_free(t);
	}
	/* the view decided which of the medal table, distribution, movement
	 * and movers the page shows (those no commentary section shows) */
	if (vd_page_medals(hp) != NULL) {
		tv_set(page, "medal_table", pv_medal_table(vd_page_medals(hp), root));
		tv_set(page, "show_medals", tv_bool(true));
	}
	if (home_has(hp, "medals", VB_FIGURE, CHART_DISTRIBUTION)) {
		tv_set(page, "distribution",
		    pv_chart(h, root, CHART_DISTRIBUTION, NULL));
		tv_set(page, "show_medals", tv_bool(true));
	}
	mv = pv_movers(h->c, cmp, root);
	if (mv != NULL && mv->type == TV_OBJECT) {
		bool chart = home_has(hp, "movement", VB_FIGURE, CHART_MOVEMENT);
		bool table = home_has(hp, "movement", VB_TABLE, 0);

		if (chart)
			tv_set(mv, "chart", pv_chart(h, root, CHART_MOVEMENT, NULL));
		tv_set(mv, "show_table", tv_bool(table));
		if (chart || table)
			tv_set(page, "movement", mv);
	}
	pv_set_taken(page, "jsonld_html", html_jsonld_dataset(h,
	    tv_str_value(tv_get(page, "description")), root));
	/*
	 * The page's parts in the view's order (vd_home_new decides it, the
	 * PDF follows it too): the figures (with the downloads and the
	 * contents after them), the medal table, the movement, each
	 * commentary section. The lede stays first, in the header.
	 */
	parts = tv_array();
	for (i = 0; i < hp->n; i++) {
		const struct vd_section *sec = &hp->s[i];
		const struct vd_block *b;

		if (strcmp(sec->id, "figures") == 0)
			tv_append(parts, part("part_figures"));
		else if (strcmp(sec->id, "medals") == 0 && tv_get(page, "show_medals") != NULL)
			tv_append(parts, part("part_medals")), ntoc++;
		else if (strcmp(sec->id, "movement") == 0 && tv_get(page, "movement") != NULL)
			tv_append(parts, part("part_movement")), ntoc++;
		else if (strcmp(sec->id, "commentary") == 0 && (b = markdown_block(sec)) != NULL)
			tv_append(parts, section_part(h, b->section, b, root)), ntoc++;
	}
	tv_set(page, "has_toc", tv_bool(ntoc > 1));
	tv_set(page, "parts", parts);
	rc = html_page_out(h, "home", page, "index.html");
	vd_page_free(own);
	return rc;
}
