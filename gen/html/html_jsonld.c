/*
 * html_jsonld.c: schema.org JSON-LD for the pages (SPEC 5.3, issue 28
 * item 5): a provider page's Review of the provider with its Rating, an
 * edition page's ItemList of its ratings, the home page's Dataset with the
 * downloads. Written with the project's JSON writer, then made safe for a
 * <script> element: '<', '>' and '&' appear in JSON only inside strings,
 * where "\u003c" means the same, so no name holding "</script>" or "<!--"
 * can end the element or open a comment in it (a quote in a string and
 * an apostrophe are written "\u0022", "\u0027" likewise).
 */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "jsonw.h"
#include "parse.h"
#include "podium.h"

char *
html_json_script_safe(struct buf *b)
{
	struct buf o = BUF_INIT;
	size_t i;

	for (i = 0; i < b->len; i++) {
		char c = b->data[i];

		/* a quote inside a string, and an apostrophe, as \u escapes
		 * too: no attribute-like text from content ('" onfocus=') */
		if (c == '\\' && i + 1 < b->len) {
			if (b->data[i + 1] == '"')
				buf_puts(&o, "\\u0022");
			else {
				buf_putc(&o, c);
				buf_putc(&o, b->data[i + 1]);
			}
			i++;
		} else if (c == '\'')
			buf_puts(&o, "\\u0027");
		else if (c == '<')
			buf_puts(&o, "\\u003c");
		else if (c == '>')
			buf_puts(&o, "\\u003e");
		else if (c == '&')
			buf_puts(&o, "\\u0026");
		else
			buf_putc(&o, c);
	}
	buf_release(b);
	return buf_detach(&o, NULL);
}

/*
 * The address of site path rel ("providers/aws/index.html") as JSON-LD
 * gives it: absolute with base_url, its folder for an index page; else
 * relative to the page (root), which a reader of the document resolves.
 */
static char *
url_of(const struct report *r, const char *root, const char *rel)
{
	size_t n = strlen(rel);

	if (str_ends(rel, "index.html"))
		n -= strlen("index.html");
	if (r->base_url != NULL)
		return xasprintf("%s%.*s", r->base_url, (int)n, rel);
	return n == 0 && root[0] == '\0' ? xstrdup("./") :
	    xasprintf("%s%.*s", root, (int)n, rel);
}

static void
jw_pair(struct jsonw *w, const char *k, const char *v)
{
	if (v == NULL)
		return;
	jw_key(w, k);
	jw_string(w, v);
}

static void
jw_date(struct jsonw *w, const char *k, pdate d)
{
	char s[11];

	if (d == DATE_NONE)
		return;
	date_format(d, s);
	jw_pair(w, k, s);
}

static void
begin(struct jsonw *w, const struct report *r, const char *type)
{
	jw_object_begin(w);
	jw_pair(w, "@context", "https://schema.org");
	jw_pair(w, "@type", type);
	jw_pair(w, "inLanguage", r->language != NULL ? r->language : "en");
}

static void
organization(struct jsonw *w, const char *k, const char *name)
{
	jw_key(w, k);
	jw_object_begin(w);
	jw_pair(w, "@type", "Organization");
	jw_pair(w, "name", name);
	jw_object_end(w);
}

/* The report's authors (people), else its publisher. */
static void
authors(struct jsonw *w, const struct report *r)
{
	size_t i;

	if (r->nauthors == 0) {
		organization(w, "author", r->publisher);
		return;
	}
	jw_key(w, "author");
	jw_array_begin(w);
	for (i = 0; i < r->nauthors; i++) {
		jw_object_begin(w);
		jw_pair(w, "@type", "Person");
		jw_pair(w, "name", r->authors[i]);
		jw_object_end(w);
	}
	jw_array_end(w);
}

/*
 * A tier as a schema.org Rating: its place on the edition's ladder of
 * rated tiers counted from the bottom (worst 1, best the number of rated
 * tiers), its name. A tier that is not rated gives none.
 */
static void
rating(struct jsonw *w, const struct edition *e, const struct tier *t)
{
	size_t i, best = 0, at = 0;

	if (t == NULL || !t->rated)
		return;
	for (i = 0; i < e->ntiers; i++)
		if (e->tiers[i]->rated) {
			best++;
			if (e->tiers[i]->index >= t->index)
				at++;
		}
	jw_key(w, "reviewRating");
	jw_object_begin(w);
	jw_pair(w, "@type", "Rating");
	jw_pair(w, "name", t->name);
	jw_pair(w, "alternateName", t->id);
	jw_key(w, "ratingValue");
	jw_int(w, (long long)at);
	jw_key(w, "bestRating");
	jw_int(w, (long long)best);
	jw_key(w, "worstRating");
	jw_int(w, 1);
	jw_object_end(w);
}

/* The provider reviewed: its name and its own site. */
static void
provider_item(struct jsonw *w, const struct provider *p)
{
	jw_key(w, "itemReviewed");
	jw_object_begin(w);
	jw_pair(w, "@type", "Organization");
	jw_pair(w, "name", html_provider_name(p));
	jw_pair(w, "url", p->url);
	jw_object_end(w);
}

/* "url": the provider's page of the site. */
static void
provider_page(struct jsonw *w, const struct report *r, const struct provider *p,
    const char *root)
{
	char *rel = html_provider_path(p), *u = url_of(r, root, rel);

	jw_pair(w, "url", u);
	free(u);
	free(rel);
}

char *
html_jsonld_review(const struct html_ctx *h, const struct provider_view *v,
    const char *description, const char *root)
{
	const struct report *r = &h->p->report;
	const struct history_entry *he;
	struct buf b = BUF_INIT;
	struct jsonw w;
	char *rel, *u, *name;

	if (v->nhistory == 0)
		return NULL;
	he = &v->history[v->nhistory - 1];
	jw_init(&w, &b);
	begin(&w, r, "Review");
	name = xasprintf("%s: %s (%s)", html_provider_name(v->provider),
	    he->rating->tier != NULL ? he->rating->tier->name : "",
	    he->edition->name != NULL ? he->edition->name : he->edition->id);
	jw_pair(&w, "name", name);
	free(name);
	jw_pair(&w, "description", description);
	provider_page(&w, r, v->provider, root);
	provider_item(&w, v->provider);
	rating(&w, he->edition, he->rating->tier);
	authors(&w, r);
	organization(&w, "publisher", r->publisher);
	jw_date(&w, "datePublished", he->edition->published);
	jw_key(&w, "isPartOf");
	jw_object_begin(&w);
	jw_pair(&w, "@type", "CreativeWork");
	jw_pair(&w, "name", he->edition->name != NULL ? he->edition->name : he->edition->id);
	rel = html_edition_path(he->edition);
	u = url_of(r, root, rel);
	jw_pair(&w, "url", u);
	free(u);
	free(rel);
	jw_object_end(&w);
	jw_object_end(&w);
	return html_json_script_safe(&b);
}

char *
html_jsonld_edition(const struct html_ctx *h, const struct edition_stats *s,
    const char *root)
{
	const struct report *r = &h->p->report;
	const struct edition *e = s->edition;
	struct buf b = BUF_INIT;
	struct jsonw w;
	size_t i;
	char *rel, *u;

	jw_init(&w, &b);
	begin(&w, r, "ItemList");
	jw_pair(&w, "name", e->name != NULL ? e->name : e->id);
	rel = html_edition_path(e);
	u = url_of(r, root, rel);
	jw_pair(&w, "url", u);
	free(u);
	free(rel);
	jw_date(&w, "datePublished", e->published);
	/* the ratings in ladder order, best first */
	jw_pair(&w, "itemListOrder", "https://schema.org/ItemListOrderDescending");
	jw_key(&w, "numberOfItems");
	jw_int(&w, (long long)s->nratings);
	jw_key(&w, "itemListElement");
	jw_array_begin(&w);
	for (i = 0; i < s->nratings; i++) {
		const struct rating *rt = &s->ratings[i];

		jw_object_begin(&w);
		jw_pair(&w, "@type", "ListItem");
		jw_key(&w, "position");
		jw_int(&w, (long long)i + 1);
		jw_pair(&w, "name", html_provider_name(rt->provider));
		provider_page(&w, r, rt->provider, root);
		jw_key(&w, "item");
		jw_object_begin(&w);
		jw_pair(&w, "@type", "Review");
		provider_item(&w, rt->provider);
		rating(&w, e, rt->tier);
		jw_object_end(&w);
		jw_object_end(&w);
	}
	jw_array_end(&w);
	organization(&w, "publisher", r->publisher);
	jw_object_end(&w);
	return html_json_script_safe(&b);
}

char *
html_jsonld_dataset(const struct html_ctx *h, const char *description,
    const char *root)
{
	const struct report *r = &h->p->report;
	struct buf b = BUF_INIT;
	struct jsonw w;
	size_t i;
	char *u;

	jw_init(&w, &b);
	begin(&w, r, "Dataset");
	jw_pair(&w, "name", r->title);
	jw_pair(&w, "description", description);
	u = url_of(r, root, "index.html");
	jw_pair(&w, "url", u);
	free(u);
	authors(&w, r);
	organization(&w, "publisher", r->publisher);
	organization(&w, "creator", r->publisher);
	jw_date(&w, "dateModified", r->published);
	if (r->edition != NULL)
		jw_date(&w, "datePublished", r->edition->published);
	jw_key(&w, "isAccessibleForFree");
	jw_bool(&w, true);
	jw_key(&w, "distribution");
	jw_array_begin(&w);
	for (i = 0; i < HTML_NDOWNLOADS; i++) {
		jw_object_begin(&w);
		jw_pair(&w, "@type", "DataDownload");
		jw_pair(&w, "name", html_downloads[i].label);
		jw_pair(&w, "encodingFormat", html_downloads[i].type);
		u = url_of(r, root, html_downloads[i].path);
		jw_pair(&w, "contentUrl", u);
		free(u);
		jw_object_end(&w);
	}
	jw_array_end(&w);
	jw_object_end(&w);
	return html_json_script_safe(&b);
}
