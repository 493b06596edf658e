/*
 * html_search.c: the site's full-text search (SPEC 5.3, issue 28 item 4).
 *
 * At build time every page worth finding (each provider's page with its
 * reviews, each commentary section, each edition's page and its changes
 * page, each custom page, the methodology, the security page, the
 * sources)
 * becomes an entry of search/index.json: its title, its address, its
 * words, and the same title and words folded for matching in any
 * language: compatibility-decomposed (NFKD), marks removed, case folded
 * in full (ICU: "Stoßzeit" and "STOSSZEIT" both give "stosszeit",
 * "Été" gives "ete"). search/index.js holds the same JSON for the page's
 * script, which a page opened from file:// may load where it may not
 * fetch. search/index.html is the page: a form, and assets/search.js
 * ranks the entries, shows a snippet with the words marked, and folds
 * the query the same way (String.prototype.normalize). Nothing is loaded
 * from anywhere but the site.
 */
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include "html.h"
#include "jsonw.h"
#include "podium.h"
#include "render.h"
#include "view.h"

/* s folded for matching (see above), appended to out; s as it is when
 * ICU cannot take it. */
void
html_search_fold(const char *s, struct buf *out)
{
	UErrorCode e = U_ZERO_ERROR;
	const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&e);
	int32_t n = 0, m, k, i, len;
	UChar *u = NULL, *d = NULL, *f = NULL;
	char *o = NULL;

	if (U_FAILURE(e))
		goto raw;
	u_strFromUTF8(NULL, 0, &n, s, -1, &e);
	if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e))
		goto raw;
	e = U_ZERO_ERROR;
	u = xcalloc((size_t)n + 1, sizeof(*u));
	u_strFromUTF8(u, n + 1, NULL, s, -1, &e);
	if (U_FAILURE(e))
		goto raw;
	m = unorm2_normalize(nfkd, u, n, NULL, 0, &e);
	e = U_ZERO_ERROR;
	d = xcalloc((size_t)m + 1, sizeof(*d));
	m = unorm2_normalize(nfkd, u, n, d, m + 1, &e);
	if (U_FAILURE(e))
		goto raw;
	/* the marks out (in place: only ever shorter) */
	for (i = k = 0; i < m;) {
		UChar32 c;
		int32_t at = i;

		U16_NEXT(d, i, m, c);
		if (u_charType(c) == U_NON_SPACING_MARK ||
		    u_charType(c) == U_ENCLOSING_MARK)
			continue;
		while (at < i)
			d[k++] = d[at++];
	}
	m = k;
	len = u_strFoldCase(NULL, 0, d, m, U_FOLD_CASE_DEFAULT, &e);
	e = U_ZERO_ERROR;
	f = xcalloc((size_t)len + 1, sizeof(*f));
	len = u_strFoldCase(f, len + 1, d, m, U_FOLD_CASE_DEFAULT, &e);
	if (U_FAILURE(e))
		goto raw;
	u_strToUTF8(NULL, 0, &n, f, len, &e);
	e = U_ZERO_ERROR;
	o = xcalloc((size_t)n + 1, 1);
	u_strToUTF8(o, n + 1, NULL, f, len, &e);
	if (U_FAILURE(e))
		goto raw;
	buf_puts(out, o);
	free(o);
	free(f);
	free(d);
	free(u);
	return;
raw:
	buf_puts(out, s);
	free(o);
	free(f);
	free(d);
	free(u);
}

/* White space runs as one space, no space at the ends. */
static void
squeeze(struct buf *b)
{
	size_t i, k = 0;
	bool space = true;

	for (i = 0; i < b->len; i++) {
		char c = b->data[i];

		if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
			if (!space)
				b->data[k++] = ' ';
			space = true;
		} else {
			b->data[k++] = c;
			space = false;
		}
	}
	while (k > 0 && b->data[k - 1] == ' ')
		k--;
	b->len = k;
	if (b->data != NULL)
		b->data[k] = '\0';
}

/* An entry: url, its title (what ranks), where given what a result shows
 * for it ("Report › Summary": a section, with the page it is on), and its
 * words. */
static void
entry_at(struct jsonw *w, const char *url, const char *title, const char *where,
    struct buf *text)
{
	struct buf f = BUF_INIT;

	squeeze(text);
	jw_object_begin(w);
	jw_key(w, "url");
	jw_string(w, url);
	jw_key(w, "title");
	jw_string(w, title);
	if (where != NULL) {
		jw_key(w, "where");
		jw_string(w, where);
	}
	html_search_fold(title, &f);
	jw_key(w, "title_fold");
	jw_string(w, f.data != NULL ? f.data : "");
	buf_reset(&f);
	jw_key(w, "text");
	jw_string(w, text->data != NULL ? text->data : "");
	html_search_fold(text->data != NULL ? text->data : "", &f);
	jw_key(w, "fold");
	jw_string(w, f.data != NULL ? f.data : "");
	jw_object_end(w);
	buf_release(&f);
	buf_reset(text);
}

static void
entry(struct jsonw *w, const char *url, const char *title, struct buf *text)
{
	entry_at(w, url, title, NULL, text);
}

/* An edition's medal table as words ("Gold: Crusoe, Nebius."): a search
 * for a provider finds each edition that rated it. */
static void
medal_words(struct buf *t, const struct vd_page *vp)
{
	const struct vd_medals *m = vd_page_medals(vp);
	size_t i, k;

	/* a sentence of its own after the page's words */
	while (m != NULL && t->len > 0 && t->data[t->len - 1] == ' ')
		t->len--;
	if (m != NULL && t->len > 0 && t->data[t->len - 1] != '.')
		buf_putc(t, '.');
	if (m != NULL && t->len > 0)
		buf_putc(t, ' ');
	for (i = 0; m != NULL && i < m->n; i++) {
		if (m->tiers[i].n == 0)
			continue;
		buf_puts(t, m->tiers[i].tier->name);
		buf_puts(t, ": ");
		for (k = 0; k < m->tiers[i].n; k++) {
			buf_puts(t, m->tiers[i].v[k].name);
			buf_puts(t, k + 1 < m->tiers[i].n ? ", " : ". ");
		}
	}
}

/* A commentary section that a page of its own gives in full (the home
 * page has only its opening): that page's entry holds its words. */
static bool
section_elsewhere(const struct computed *c, const struct section *s)
{
	const struct vd_block *b = vd_section_block(c->view != NULL ? c->view->home : NULL, s);

	return b != NULL && b->more_ref != NULL;
}

/* A provider's page: its opening and fields, every review's words. */
static void
provider_entry(struct html_ctx *h, struct jsonw *w, const struct provider_view *v,
    struct buf *t)
{
	const struct vd_provider *vp = view_provider(h->c->view, v->provider);
	struct vd_provider *own = NULL;
	char *url;
	size_t i;

	if (vp == NULL && (vp = own = vd_provider_new(h->c, v)) == NULL)
		return;
	view_words(t, h->c, vp->s, vp->n);
	for (i = 0; i < vp->nreviews; i++)
		if (!vp->reviews[i].thin)
			view_words(t, h->c, vp->reviews[i].s, vp->reviews[i].n);
	url = html_provider_path(v->provider);
	entry(w, url, html_provider_name(v->provider), t);
	free(url);
	vd_provider_free(own);
}

void
html_search_provider(struct html_ctx *h, const struct provider_view *v,
    struct buf *out)
{
	struct buf t = BUF_INIT;
	struct jsonw w;

	/* an item of the "pages" array of the index's object */
	jw_init_at(&w, out, 2);
	provider_entry(h, &w, v, &t);
	buf_release(&t);
}

/* Each edition's page, newest first (as the editions index lists them):
 * its one-sentence description, then its words; and its changes page. The
 * focus edition's tier table is the front page's, an entry of its own. */
static void
edition_entries(struct html_ctx *h, struct jsonw *w, struct buf *t)
{
	const struct computed *c = h->c;
	/* the front page shows the focus edition's tier table (html_home.c) */
	bool home_medals = c->view != NULL && vd_page_medals(c->view->home) != NULL;
	size_t i;

	for (i = c->neditions; i-- > 0;) {
		const struct edition_stats *s = &c->editions[i];
		const struct edition *e = s->edition;
		const struct vd_page *vp = view_edition(c->view, e), *ch;
		struct vd_page *own = NULL;
		char *url, *desc, *dir;

		if (vp == NULL)   /* a build without the view (a unit test's) */
			vp = own = vd_edition_new(c, s);
		desc = html_edition_description(&h->p->report, s);
		buf_puts(t, desc);
		buf_putc(t, ' ');
		if (e == h->p->report.edition && home_medals) {
			/* the words its page gives (html_edition.c): the front
			 * page gives its tier table and its movers, and its tier
			 * table's entry is the one that finds a provider */
			static const char *const shown[] = {"lead", "funnel", "claims"};
			size_t k;

			for (k = 0; k < ARRAY_SIZE(shown); k++) {
				const struct vd_section *sec = vd_section_find(vp->s, vp->n, shown[k]);

				if (sec != NULL)
					view_words(t, c, sec, 1);
			}
		} else {
			view_words(t, c, vp->s, vp->n);
			medal_words(t, vp);
		}
		url = html_edition_path(e);
		entry(w, url, e->name != NULL ? e->name : e->id, t);
		free(url);
		if (e == h->p->report.edition && home_medals) {
			const struct report *r = &h->p->report;
			char *where = report_format(r, "search_in_page", (const char *[]){"page",
			    "section", NULL}, (const char *[]){report_string(r, "report"),
			    report_string(r, "the_medal_table"), NULL});

			medal_words(t, c->view->home);
			entry_at(w, "index.html#medal-table", report_string(r, "the_medal_table"),
			    where, t);
			free(where);
		}
		free(desc);
		vd_page_free(own);
		if (s->baseline == NULL || (ch = view_changes(c->view, e)) == NULL)
			continue;
		view_words(t, c, ch->s, ch->n);
		dir = view_changes_path(e);
		url = xasprintf("%sindex.html", dir);
		entry(w, url, ch->title != NULL ? ch->title : e->id, t);
		free(url);
		free(dir);
	}
}

/* The security page (when the report has one) and the sources page: the
 * sources' titles, authors and publishers. */
static void
other_entries(struct html_ctx *h, struct jsonw *w, struct buf *t)
{
	const struct project *p = h->p;
	const struct vd_security *sec = h->c->view != NULL ? h->c->view->security : NULL;
	size_t i;

	if (sec != NULL) {
		view_words(t, h->c, sec->s, sec->n);
		entry(w, "security/index.html", sec->title, t);
	}
	for (i = 0; i < p->nsources; i++) {
		const struct source *s = &p->sources[i];
		const char *v[] = {s->title, s->author, s->publisher};
		size_t k;

		for (k = 0; k < ARRAY_SIZE(v); k++)
			if (v[k] != NULL) {
				buf_puts(t, v[k]);
				buf_puts(t, ". ");
			}
	}
	if (p->nsources > 0)
		entry(w, "sources/index.html", report_string(&p->report, "sources"), t);
}

/*
 * The index, written as it is made, a piece at a time: it is as large as the
 * providers' pages together. begin writes what comes before the providers
 * (the commentary's sections), put a provider's entry (made with its page,
 * render_html.c, and not kept, or made here), end the rest.
 */
void
html_search_begin(struct html_ctx *h, struct html_index *x, struct jsonw *w)
{
	const struct report *r = &h->p->report;
	struct buf t = BUF_INIT;
	size_t i;

	html_index_begin(x, h, "search/index.json", "search/index.js", "podiumSearch");
	jw_init(w, &x->b);
	jw_object_begin(w);
	jw_key(w, "language");
	jw_string(w, r->language != NULL ? r->language : "en");
	jw_key(w, "pages");
	jw_array_begin(w);
	for (i = 0; i < h->c->nsections; i++) {
		const struct section *s = h->c->sections[i];
		char *url, *where;

		if (section_elsewhere(h->c, s))
			continue;
		url = xasprintf("index.html#section-%s", s->id);
		where = report_format(r, "search_in_page", (const char *[]){"page", "section",
		    NULL}, (const char *[]){report_string(r, "report"), s->title, NULL});
		md_words(&t, h->c, s->body, s->pos.file, s->body_line);
		entry_at(w, url, s->title, where, &t);
		free(where);
		free(url);
	}
	buf_release(&t);
}

void
html_search_put(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    const struct provider_view *pv)
{
	char *made = h->search_entries != NULL ?
	    h->search_entries[pv->provider->index] : NULL;

	if (made != NULL) {
		jw_splice(w, made, strlen(made));
		free(made);
		h->search_entries[pv->provider->index] = NULL;
	} else if (pv->visible && pv->nhistory > 0) {
		struct buf t = BUF_INIT;

		provider_entry(h, w, pv, &t);
		buf_release(&t);
	}
	html_index_flush(x);
}

int
html_search_end(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    bool record)
{
	const struct project *p = h->p;
	const struct report *r = &p->report;
	struct buf t = BUF_INIT;
	size_t i;
	int rc;

	edition_entries(h, w, &t);
	for (i = 0; i < p->npages; i++) {
		char *url = xasprintf("%s/index.html", p->pages[i].id);

		md_words(&t, h->c, p->pages[i].body, p->pages[i].pos.file,
		    p->pages[i].body_line);
		entry(w, url, p->pages[i].title, &t);
		free(url);
	}
	/* the methodology: the ladder and what each tier means */
	buf_puts(&t, report_string(r, "methodology_figures"));
	for (i = 0; i < r->nladder; i++) {
		buf_putc(&t, ' ');
		buf_puts(&t, r->ladder[i].name);
		buf_puts(&t, ". ");
		md_words(&t, h->c, r->ladder[i].description, r->ladder[i].pos.file,
		    r->ladder[i].description_at.line);
	}
	/* and the commentary it gives in full (page: methodology) */
	for (i = 0; i < h->c->nsections; i++) {
		const struct section *s = h->c->sections[i];

		if (s->page == NULL || strcmp(s->page, "methodology") != 0)
			continue;
		buf_putc(&t, ' ');
		buf_puts(&t, s->title);
		buf_puts(&t, ". ");
		md_words(&t, h->c, s->body, s->pos.file, s->body_line);
	}
	entry(w, "methodology/index.html", report_string(r, "methodology"), &t);
	other_entries(h, w, &t);
	jw_array_end(w);
	jw_object_end(w);
	/* no content's "<", ">" or "&" as such, in the script or the JSON */
	rc = html_index_end(x, record);
	buf_release(&t);
	return rc;
}

int
html_search_index(struct html_ctx *h)
{
	struct html_index x;
	struct jsonw w;
	size_t i;

	html_search_begin(h, &x, &w);
	for (i = 0; i < h->c->nproviders; i++)
		html_search_put(h, &x, &w,
		    &h->c->providers[h->p->by_name[i]->index]);
	return html_search_end(h, &x, &w, true);
}

int
html_search_page(struct html_ctx *h, const void *arg)
{
	const struct report *r = &h->p->report;
	struct tv *page = pv_page(h, "search/index.html", "search",
	    report_string(r, "search_title"));

	(void)arg;
	pv_set_str(page, "heading", report_string(r, "search_title"));
	pv_set_str(page, "description", report_string(r, "search_title"));
	return html_page_out(h, "search", page, "search/index.html");
}
