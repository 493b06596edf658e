/* page_values.c: the template values pages share (links, tiers, movement, tables, charts). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "markdown.h"
#include "parse.h"
#include "tier_color.h"
#include "view_doc.h"

char *
html_root_rel(const char *rel)
{
	struct buf b = BUF_INIT;

	for (; *rel != '\0'; rel++)
		if (*rel == '/')
			buf_puts(&b, "../");
	buf_putc(&b, '\0');
	b.len--;
	return buf_detach(&b, NULL);
}

char *
html_href(const char *root, const char *site_path)
{
	struct buf path = BUF_INIT, out = BUF_INIT;
	const char *hash = strchr(site_path, '#');
	size_t n = hash ? (size_t)(hash - site_path) : strlen(site_path);

	buf_puts(&path, root);
	buf_add(&path, site_path, n);
	if (n == 0 || site_path[n - 1] == '/')
		buf_puts(&path, "index.html");
	if (hash != NULL)
		buf_puts(&path, hash);
	esc_attr(&out, path.data);
	buf_release(&path);
	return buf_detach(&out, NULL);
}

void
pv_set_href(struct tv *o, const char *k, const char *root, const char *site_path)
{
	tv_set(o, k, pv_taken(html_href(root, site_path)));
}

char *
html_url(const char *url)
{
	struct buf b = BUF_INIT;

	esc_url(&b, url);
	return buf_detach(&b, NULL);
}

static char *
id_path(const char *dir, const char *id, const char *rest)
{
	struct buf b = BUF_INIT;

	buf_puts(&b, dir);
	esc_url_segment(&b, id);
	buf_puts(&b, rest);
	return buf_detach(&b, NULL);
}

char *
html_provider_path(const struct provider *pr)
{
	return id_path("providers/", pr->id, "/index.html");
}

/* base (ending in '/') and a site path, as an escaped absolute URL; malloc'd. */
char *
html_url_join(const char *base, const char *path)
{
	char *u = xasprintf("%s%s", base, path), *out = html_url(u);

	free(u);
	return out;
}

char *
html_edition_path(const struct edition *e)
{
	return id_path("editions/", e->id, "/index.html");
}

char *
html_source_path(const struct source *s)
{
	return id_path("sources/index.html#", s->id, "");
}

const char *
html_provider_name(const struct provider *pr)
{
	return pr->name != NULL ? pr->name : pr->id;
}

struct tv *
pv_str(const char *s)
{
	/* Content is valid UTF-8: the loader checks every YAML and Markdown file whole. */
	return tv_str(s);
}

struct tv *
pv_taken(char *s)
{
	struct tv *v = pv_str(s);

	free(s);
	return v;
}

void
pv_set_str(struct tv *o, const char *k, const char *s)
{
	if (s != NULL)
		tv_set(o, k, pv_str(s));
}

void
pv_set_taken(struct tv *o, const char *k, char *s)
{
	if (s != NULL)
		tv_set(o, k, pv_taken(s));
}

void
pv_set_lit(struct tv *o, const char *k, const char *s)
{
	if (s != NULL)
		tv_set(o, k, tv_lit(s));
}

struct tv *
pv_cat(const char *a, const char *b, const char *c)
{
	struct buf t = BUF_INIT;
	struct tv *v;

	buf_puts(&t, a);
	buf_puts(&t, b);
	buf_puts(&t, c);
	v = tv_strn(t.data, t.len);
	buf_release(&t);
	return v;
}

struct tv *
pv_tier(const struct tier *t)
{
	if (t == NULL)
		return tv_null();
	struct tv *o = tv_object();

	/* The glyph and the name carry the meaning; the colour only helps. */
	tv_set(o, "id", tv_lit(t->id));
	tv_set(o, "name", tv_lit(t->name != NULL ? t->name : t->id));
	tv_set(o, "color", tv_str(tier_color(t, (char[8]){0})));
	tv_set(o, "glyph", tv_lit(tier_glyph(t)));
	tv_set(o, "medal", tv_bool(t->medal));
	tv_set(o, "rated", tv_bool(t->rated));
	if (t->group != NULL)
		tv_set(o, "group", tv_lit(t->group));
	return o;
}

/* A rating's tier: its tier, and why it is uncertain when it is. */
struct tv *
pv_rating_tier(const struct rating *r)
{
	struct tv *o;

	if (r == NULL)
		return tv_null();
	o = pv_tier(r->tier);
	pv_set_str(o, "uncertain", r->review->tier_uncertain);
	return o;
}

struct tv *
pv_move(const struct report *r, enum move_status st, int steps, bool has_steps,
    const struct provider *successor)
{
	struct tv *m = tv_object();

	tv_set(m, "status", tv_lit(move_status_class(st)));
	pv_set_lit(m, "arrow", move_mark(st));
	pv_set_taken(m, "words", move_words(r, st, has_steps, steps,
	    successor != NULL ? html_provider_name(successor) : NULL));
	return m;
}

struct tv *
pv_provider_link(const char *root, const struct provider *pr)
{
	struct tv *o = tv_object();
	char *path = html_provider_path(pr);

	pv_set_lit(o, "name", html_provider_name(pr));
	pv_set_lit(o, "id", pr->id);
	pv_set_href(o, "href", root, path);
	free(path);
	return o;
}

struct tv *
pv_list(size_t n, struct tv *(*item)(size_t i, void *arg), void *arg)
{
	struct mustache_list *l = tv_alloc(sizeof(*l));

	l->n = n;
	l->item = item;
	l->arg = arg;
	return tv_list(l);
}

void
pv_mark_last(struct tv *arr)
{
	size_t i, n = tv_size(arr);

	for (i = 0; i < n; i++)
		if (tv_at(arr, i)->type == TV_OBJECT)
			tv_set(tv_at(arr, i), "last",
			    tv_bool(i + 1 == n));
}

static struct tv *
table_cell_values(const struct table_cell *tc, const char *root)
{
	struct tv *o = tv_object();

	pv_set_str(o, "text", tc->text != NULL ? tc->text : "");
	if (tc->href != NULL)
		pv_set_href(o, "href", root, tc->href);
	if (tc->tier != NULL)
		tv_set(o, "tier", pv_tier(tc->tier));
	tv_set(o, "numeric", tv_bool(tc->numeric));
	return o;
}

struct tv *
pv_table(const struct table *t, const char *root)
{
	struct tv *o, *head, *rows, *row, *cells;
	size_t i, j;

	if (t == NULL)
		return tv_null();
	o = tv_object();
	head = tv_array();
	rows = tv_array();
	pv_set_str(o, "caption", t->caption);
	pv_set_str(o, "id", t->id);
	tv_set(o, "wide", tv_bool(t->ncols > TABLE_PHONE_COLS));
	for (j = 0; j < t->ncols; j++)
		tv_append(head, table_cell_values(&t->head[j], root));
	for (i = 0; i < t->nrows; i++) {
		row = tv_object();
		cells = tv_array();
		for (j = 0; j < t->ncols; j++) {
			struct tv *cell = table_cell_values(&t->cells[i * t->ncols + j],
			    root);

			/* its column's head: a phone shows it before the cell */
			pv_set_str(cell, "label", t->head[j].text != NULL ?
			    t->head[j].text : "");
			tv_append(cells, cell);
		}
		tv_set(row, "cells", cells);
		tv_append(rows, row);
	}
	tv_set(o, "head", head);
	tv_set(o, "rows", rows);
	return o;
}

/* root + "charts/[narrow/]NAME[-ID].svg", each piece escaped as a segment. */
static void
chart_src(struct buf *b, const char *root, enum chart_kind kind,
    const struct provider *pr, bool narrow)
{
	buf_printf(b, "%scharts/%s", root, narrow ? CHART_NARROW_DIR : "");
	esc_url_segment(b, chart_kind_name(kind));
	if (kind == CHART_HISTORY && pr != NULL) {
		buf_putc(b, '-');
		esc_url_segment(b, pr->id);
	}
	buf_puts(b, ".svg");
}

struct tv *
pv_chart(struct html_ctx *h, const char *root, enum chart_kind kind,
    const struct provider *pr)
{
	const struct computed *c = h->c;
	struct chart ch, narrow;
	struct table *t;
	struct buf src = BUF_INIT;
	struct tv *o;

	/* every chart is drawn whenever pages are (build.c), maybe still being
	 * drawn; its narrow variant (chart.h) is a phone's */
	o = tv_object();
	chart_init(&ch, c, kind, pr);
	chart_init_sized(&narrow, c, kind, pr, true);
	chart_src(&src, root, kind, pr, false);
	pv_set_href(o, "src", "", src.data);
	buf_reset(&src);
	chart_src(&src, root, kind, pr, true);
	pv_set_href(o, "narrow_src", "", src.data);
	pv_set_lit(o, "narrow_media", CHART_NARROW_MEDIA);
	tv_set(o, "narrow_width", tv_int((long long)lround(narrow.width)));
	tv_set(o, "narrow_height", tv_int((long long)lround(narrow.height)));
	pv_set_str(o, "alt", ch.desc != NULL ? ch.desc : "");
	pv_set_str(o, "title", ch.title != NULL ? ch.title : "");
	tv_set(o, "width", tv_int((long long)lround(ch.width)));
	tv_set(o, "height", tv_int((long long)lround(ch.height)));
	t = chart_table(&ch, c);
	tv_set(o, "table", pv_table(t, root));
	table_free(t);
	chart_release(&narrow);
	chart_release(&ch);
	buf_release(&src);
	return o;
}

struct tv *
pv_markdown(struct html_ctx *h, const char *src, const struct pos *at,
    const char *root)
{
	struct buf b = BUF_INIT;
	struct tv *v;

	if (src == NULL)
		return tv_null();
	/* room for the text and its markup at once, not grown step by step */
	buf_grow(&b, strlen(src) * 3 / 2 + 64);
	if (md_to_html(h->c, src, at->file, at->line, root, &b, h->d) == -1) {
		h->failed = true;
		buf_release(&b);
		return tv_null();
	}
	v = tv_strn(b.data, b.len);
	buf_release(&b);
	return v;
}

/* The providers of one tier of the view's medal table: links made as the
 * page renders. */
struct medal_list {
	const char *root;
	const struct vd_medal_tier *t;
};

static struct tv *
tier_member(size_t i, void *arg)
{
	const struct medal_list *l = arg;
	const struct vd_medal_entry *en = &l->t->v[i];
	struct tv *o = pv_provider_link(l->root, en->rating->provider);

	pv_set_str(o, "name", en->name);
	pv_set_str(o, "mark", en->mark);
	pv_set_str(o, "uncertain", en->uncertain);
	if (en->draft) /* only in a build with drafts */
		tv_set(o, "draft", tv_bool(true));
	tv_set(o, "last", tv_bool(i + 1 == l->t->n));
	return o;
}

struct tv *
pv_medal_table(const struct vd_medals *m, const char *root)
{
	struct tv *o = tv_object(), *tiers = tv_array(), *row;
	struct medal_list *names;
	size_t i;

	pv_set_str(o, "caption", m->caption);
	pv_set_str(o, "head_tier", m->head_tier);
	pv_set_str(o, "head_count", m->head_count);
	pv_set_str(o, "head_who", m->head_who);
	pv_set_str(o, "draft_label", m->draft);
	pv_set_str(o, "uncertain_label", m->uncertain_label);
	for (i = 0; i < m->n; i++) {
		const struct vd_medal_tier *t = &m->tiers[i];

		row = tv_object();
		tv_set(row, "tier", pv_tier(t->tier));
		pv_set_str(row, "group_start", t->group);
		pv_set_str(row, "count", t->count_text);
		pv_set_str(row, "count_unit", t->unit);
		names = tv_alloc(sizeof(*names));
		names->root = root;
		names->t = t;
		tv_set(row, "providers", pv_list(t->n, tier_member, names));
		tv_append(tiers, row);
	}
	tv_set(o, "tiers", tiers);
	return o;
}

static const char *
edition_name(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

/*
 * The movement against s's baseline: its titles and the movers table
 * (table_movers: ups, downs and merges with their reasons, the rest summed
 * up in notes), the same table a commentary's {{table movers}} shows.
 */
struct tv *
pv_movers(const struct computed *c, const struct edition_stats *s, const char *root)
{
	const struct report *rp = &c->project->report;
	struct tv *o;
	struct table *t;
	struct buf b = BUF_INIT, notes = BUF_INIT;

	if (s == NULL || s->baseline == NULL)
		return tv_null();
	o = tv_object();
	pv_set_str(o, "from", edition_name(s->baseline));
	pv_set_str(o, "to", edition_name(s->edition));
	pv_set_taken(o, "movers_title", report_format1(rp, "movers_since", "edition",
	    edition_name(s->baseline)));
	pv_set_taken(o, "movement_title", report_format1(rp, "movement_since", "edition",
	    edition_name(s->baseline)));
	t = table_movers(c, s->baseline, s->edition);
	tv_set(o, "has_movers", tv_bool(t->nrows > 0));
	/* the label of the table's scroll box */
	pv_set_str(o, "caption", t->caption != NULL ? t->caption :
	    report_string(rp, "table_scroll"));
	if (t->nrows > 0)
		table_html(t, root, &b);
	/* the notes after the scroll box, or alone when no row moved */
	table_notes_html(t, &notes);
	tv_set(o, "has_notes", tv_bool(t->nnotes > 0));
	tv_set(o, "notes_html", pv_taken(buf_detach(&notes, NULL)));
	tv_set(o, "table_html", pv_taken(buf_detach(&b, NULL)));
	table_free(t);
	return o;
}

char *
html_figure(const struct report *r, const struct edition_stats *s, const char *figure,
    long computed)
{
	return vd_figure_value(r, s, figure, computed);
}

static void
nav_add(struct tv *nav, const char *root, const char *label, const char *path,
    bool current)
{
	struct tv *o = tv_object();

	pv_set_str(o, "label", label);
	pv_set_href(o, "href", root, path);
	tv_set(o, "current", tv_bool(current));
	tv_append(nav, o);
}

static char *
canonical(const struct report *r, const char *rel)
{
	struct buf b = BUF_INIT;
	char *out;
	size_t n = strlen(rel);

	if (r->base_url == NULL)
		return NULL;
	buf_puts(&b, r->base_url);
	if (str_ends(rel, "index.html"))
		n -= strlen("index.html");
	buf_add(&b, rel, n);
	out = html_url(b.data);
	buf_release(&b);
	return out;
}

/*
 * The placeholder a page holds for a download's size when the size is not
 * known (check, whose pages are thrown away): a build writes the data and
 * the PDF before the pages, which are written once, with the sizes. An
 * HTML comment: content, always escaped, cannot make one.
 */
#define SIZE_MARK "<!--podium:size "

static void
download_add(struct tv *a, const char *root, const char *path, const char *size,
    const char *label, const char *type)
{
	struct tv *o = tv_object();

	pv_set_href(o, "href", root, path);
	pv_set_lit(o, "label", label);
	pv_set_lit(o, "type", type);
	/* the size text is made by podium (digits and a unit), never content */
	pv_set_taken(o, "size_html", size != NULL ? xstrdup(size) :
	    xasprintf(SIZE_MARK "%s-->", path));
	tv_append(a, o);
}

const struct html_download html_downloads[HTML_NDOWNLOADS] = {
	{"report.pdf", "report.pdf", "application/pdf"},
	{"data/ratings.json", "ratings.json", "application/json"},
	{"data/ratings.csv", "ratings.csv", "text/csv"},
};

/* Every download, with its size. */
static struct tv *
downloads(const struct html_ctx *h, const char *root)
{
	struct tv *a = tv_array();
	size_t i;

	for (i = 0; i < HTML_NDOWNLOADS; i++)
		download_add(a, root, html_downloads[i].path, h->sizes[i],
		    html_downloads[i].label, html_downloads[i].type);
	pv_mark_last(a);
	return a;
}

void
pv_set_og_image(struct tv *o, const struct report *r, const char *root,
    const char *path)
{
	if (r->base_url != NULL)
		pv_set_taken(o, "og_image_href", html_url_join(r->base_url, path));
	else
		pv_set_href(o, "og_image_href", root, path);
}

/* og:image: the medal distribution's PNG, absolute when base_url is set. */
static void
og_image_set(struct tv *o, const struct report *r, const char *root)
{
	if (r->edition == NULL)
		return;
	pv_set_og_image(o, r, root, "charts/distribution.png");
}

/* The description of every page that gives none of its own (SPEC 1.1). */
static const char *
report_description(const struct report *r)
{
	if (r->description != NULL)
		return r->description;
	return r->subtitle != NULL ? r->subtitle : r->title;
}

/* The path of an absolute URL, ending in "/": "https://a.org/r/" is
 * "/r/", "https://a.org" is "/"; malloc'd. */
static char *
url_path_of(const char *url)
{
	const char *p = strstr(url, "://"), *q;
	size_t n;

	p = p != NULL ? p + 3 : url;
	p += strcspn(p, "/?#");
	n = strcspn(p, "?#");
	if (n == 0)
		return xstrdup("/");
	q = p + n;
	return q[-1] == '/' ? xstrndup(p, n) : xasprintf("%.*s/", (int)n, p);
}

/* Is name in s as a whole name: not inside a longer word ("ClusterMAX 3.0"
 * is in "What changed in ClusterMAX 3.0", not in "ClusterMAX 3.05")? A
 * byte of a UTF-8 sequence counts as a letter. */
static bool
has_name(const char *s, const char *name)
{
	size_t n = name != NULL ? strlen(name) : 0;
	const char *p;

	if (n == 0 || s == NULL)
		return false;
	for (p = strstr(s, name); p != NULL; p = strstr(p + 1, name)) {
		unsigned char b = p > s ? (unsigned char)p[-1] : ' ';
		unsigned char a = (unsigned char)p[n];

		if ((b < 0x80 && !isalnum(b)) && (a < 0x80 && !isalnum(a)))
			return true;
	}
	return false;
}

/* The name of an edition or a provider that both the page's title and the
 * report's are about, or NULL. */
static const char *
shared_name(const struct project *p, const char *title, const char *rtitle)
{
	size_t i;

	for (i = 0; i < p->neditions; i++) {
		const struct edition *e = &p->editions[i];

		if (has_name(title, edition_name(e)) && has_name(rtitle, edition_name(e)))
			return edition_name(e);
	}
	for (i = 0; i < p->nproviders; i++) {
		const char *n = html_provider_name(&p->providers[i]);

		if (has_name(title, n) && has_name(rtitle, n))
			return n;
	}
	return NULL;
}

/*
 * A page's <title>: its own, then the report's, a name never twice (site
 * review 17). Where the report's title names what the page's does too
 * ("ClusterMAX 3.0" in "ClusterMAX 3.0: fewer medals, a higher bar"), the
 * report's goes without it when it starts with it and a separator ("What
 * changed in ClusterMAX 3.0 — fewer medals, a higher bar"), else the page's
 * title stands alone.
 */
static struct tv *
page_title(const struct html_ctx *h, const char *title)
{
	const struct report *r = &h->p->report;
	const char *name, *rest = NULL;
	char *sep;
	struct tv *v;

	if (r->title == NULL)
		return tv_str(title);
	name = shared_name(h->p, title, r->title);
	if (name == NULL)
		return pv_cat(title, " \xe2\x80\x94 ", r->title);
	sep = report_label_sep(r);
	if (strncmp(r->title, name, strlen(name)) == 0) {
		const char *after = r->title + strlen(name);

		if (sep[0] != '\0' && strncmp(after, sep, strlen(sep)) == 0)
			rest = after + strlen(sep);
		else if (strncmp(after, ": ", 2) == 0)
			rest = after + 2;
	}
	v = rest != NULL && rest[0] != '\0' && !has_name(rest, name) ?
	    pv_cat(title, " \xe2\x80\x94 ", rest) : tv_str(title);
	free(sep);
	return v;
}

struct tv *
pv_page(struct html_ctx *h, const char *rel, const char *kind, const char *title)
{
	const struct report *r = &h->p->report;
	struct tv *o = tv_object(), *nav = tv_array(), *t = tv_object();
	char *root;
	struct buf eroot = BUF_INIT;
	size_t i;

	/*
	 * The 404 page is served in place of a missing page at any depth
	 * ("/providers/nosuch/"), so its links cannot be relative: with a
	 * base URL they start at its path ("/report/"); without one, at the
	 * host's root, where a site with no address of its own is served
	 * (podium serve's too). A site served from a sub-path sets base_url.
	 */
	if (strcmp(kind, "404") == 0)
		root = r->base_url != NULL ? url_path_of(r->base_url) : xstrdup("/");
	else
		root = html_root_rel(rel);

	pv_set_str(o, "lang", r->language != NULL ? r->language : "en");
	if (view_rtl(r)) /* only then: a left-to-right page says nothing */
		tv_set(o, "rtl", tv_bool(true));
	if (title != NULL)
		tv_set(o, "title", page_title(h, title));
	else
		pv_set_str(o, "title", r->title);
	pv_set_str(o, "site_title", r->title);
	pv_set_str(o, "kind", kind);
	pv_set_str(o, "publisher", r->publisher);
	pv_set_str(o, "description", report_description(r));
	if (r->published != DATE_NONE) {
		char date[11];

		date_format(r->published, date);
		pv_set_str(o, "compiled", date);
		pv_set_taken(o, "compiled_text", view_date(r, r->published));
	}
	/* the footer names the edition after the title, unless the title
	 * does ("ClusterMAX 3.0: fewer medals, a higher bar") */
	if (r->edition != NULL)
		pv_set_str(o, "edition_name", edition_name(r->edition));
	if (r->edition != NULL && (r->title == NULL ||
	    strstr(r->title, edition_name(r->edition)) == NULL))
		pv_set_str(o, "footer_edition", edition_name(r->edition));
	pv_set_taken(o, "canonical", canonical(r, rel));
	/* the interface words, the report's own where it gives them */
	for (i = 0; ui_strings_default[i].key != NULL; i++) {
		const char *v = report_string(r, ui_strings_default[i].key);

		/* each key once: added, not looked for among the others */
		if (v != NULL)
			tv_add(t, ui_strings_default[i].key, tv_lit(v));
	}
	tv_set(o, "t", t);
	tv_set(o, "extra_css", tv_bool(h->extra_css));
	nav_add(nav, root, report_string(r, "report"), "index.html", strcmp(kind, "home") == 0);
	if (r->edition != NULL)
		nav_add(nav, root, report_string(r, "editions"), "editions/index.html",
		    /* every edition's page and its changes (site review 8, item 15) */
		    strcmp(kind, "edition") == 0 || strcmp(kind, "edition-other") == 0 ||
		    strcmp(kind, "editions") == 0 || strcmp(kind, "changes") == 0);
	nav_add(nav, root, report_string(r, "providers"), "providers/index.html",
	    strcmp(kind, "providers") == 0 || strcmp(kind, "provider") == 0);
	if (project_has_security(h->p))
		nav_add(nav, root, report_string(r, "security"), "security/index.html",
		    strcmp(kind, "security") == 0);
	nav_add(nav, root, report_string(r, "methodology"), "methodology/index.html",
	    strcmp(kind, "methodology") == 0);
	nav_add(nav, root, report_string(r, "sources"), "sources/index.html",
	    strcmp(kind, "sources") == 0);
	/* a correction is never silent: its page is in the navigation */
	if (h->c->view != NULL && h->c->view->corrections_page != NULL)
		nav_add(nav, root, report_string(r, "corrections"), "corrections/index.html",
		    strcmp(kind, "corrections") == 0);
	/* the report's own pages with nav: true, by order */
	for (i = 0; i < h->p->npages; i++) {
		const struct page *pg = &h->p->pages[i];
		char *path;

		if (!pg->nav)
			continue;
		path = xasprintf("%s/index.html", pg->id);
		nav_add(nav, root, pg->title, path, strcmp(rel, path) == 0);
		free(path);
	}
	tv_set(o, "nav", nav);
	tv_set(o, "downloads", downloads(h, root));
	og_image_set(o, r, root);
	/* the page's Markdown copy (html_markdown.c), for programs */
	if (r->edition != NULL && str_ends(rel, "index.html") &&
	    (strcmp(kind, "home") == 0 || strncmp(kind, "edition", 7) == 0 ||
	    strcmp(kind, "provider") == 0 || strcmp(kind, "methodology") == 0 ||
	    strcmp(kind, "page") == 0) && strcmp(kind, "editions") != 0) {
		char *md = xasprintf("%.*sindex.md", (int)(strlen(rel) - 10), rel);

		pv_set_href(o, "markdown_href", root, md);
		free(md);
	}
	if (r->base_url != NULL) {
		pv_set_taken(o, "feed_href", html_url_join(r->base_url, "feed.xml"));
		pv_set_taken(o, "feed_title", report_format1(r, "feed_link_title", "title",
		    r->title));
	}
	esc_attr(&eroot, root);
	pv_set_taken(o, "root", buf_detach(&eroot, NULL));
	free(root);
	return o;
}
