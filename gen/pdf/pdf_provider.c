/*
 * pdf_provider.c: a section of the PDF report for each provider rated in
 * the edition, and one table for those reviewed but not rated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "pdf_report.h"
#include "view.h"
#include "view_doc.h"

/*
 * The provider whose entry, earlier in the PDF, prints the same quote
 * (text and source) in full; NULL when rt's entry is the first. Entries
 * come in the order of the edition's ratings.
 */
static const struct provider *
quote_printed_before(const struct pdf_report *r, const struct rating *rt,
    const struct quote *qt)
{
	const struct edition_stats *st = computed_edition(r->c,
	    r->c->project->report.edition);
	size_t i, j;

	for (i = 0; st != NULL && i < st->nratings && &st->ratings[i] != rt; i++) {
		const struct review *rv = st->ratings[i].review;

		if (!rating_on_ladder(&st->ratings[i]) || rv == NULL)
			continue;
		for (j = 0; j < rv->nquotes; j++)
			if (rv->quotes[j].source == qt->source &&
			    strcmp(rv->quotes[j].text, qt->text) == 0)
				return st->ratings[i].provider;
	}
	return NULL;
}

/*
 * A name for a quote that stays the same wherever it is printed: the hash
 * of its text, in hex (an anchor's characters).
 */
static const char *
quote_key(const struct quote *qt, char key[static 17])
{
	snprintf(key, 17, "%016llx", (unsigned long long)hash_str(qt->text));
	return key;
}

/*
 * A quote printed in full earlier: its first words, then in words where
 * it is (pdf_quote_under: "quoted in full under CoreWeave, page 13"), the
 * name linked to that entry.
 */
static void
quote_reference(struct pdf_report *r, struct pdf_block *q,
    const struct quote *qt, const struct provider *first)
{
	const struct report *rep = &r->c->project->report;
	struct pdf_block *p = pdf_para(r->doc, q);
	const char *text = report_string(rep, "pdf_quote_under"), *name;
	size_t words = 1, keep, n, at = 0, from = 0, len, off;
	const char *t;
	char *s, *target, *entry = xasprintf("#provider-%s", first->id), key[17];

	for (t = qt->text; *t != '\0'; t++)
		words += *t == ' ';
	keep = words / 2 < 4 ? words / 2 : 4;
	if (keep == 0)
		keep = 1;
	for (t = qt->text, n = 0; *t != '\0'; t++)
		if (*t == ' ' && ++n == keep)
			break;
	/* the quote's own paragraph (quotes() anchors it), so that the page
	 * given is the one the quote is printed on, not its entry's first */
	target = xasprintf("#quote-%s-%s", first->id, quote_key(qt, key));
	s = *t == '\0' ? xasprintf("\xe2\x80\x9c%s\xe2\x80\x9d", qt->text) :
	    xasprintf("\xe2\x80\x9c%.*s\xe2\x80\xa6\xe2\x80\x9d", (int)(t - qt->text), qt->text);
	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		if (off > from)
			pdf_run(r->doc, p, text + from, off - from, 0, NULL);
		from = at;
		if (len == 5 && memcmp(name, "quote", 5) == 0)
			pdf_run(r->doc, p, s, (size_t)-1, PDF_S_ITALIC, target);
		else if (len == 4 && memcmp(name, "name", 4) == 0)
			pdf_run(r->doc, p, first->name, (size_t)-1, 0, entry);
		else if (len == 4 && memcmp(name, "page", 4) == 0)
			pdf_run(r->doc, p, "00", 2, PDF_S_PAGE, target);
		else
			from = off;   /* not one of ours: copied as written */
	}
	if (text[from] != '\0')
		pdf_run(r->doc, p, text + from, (size_t)-1, 0, NULL);
	free(s);
	free(target);
	free(entry);
}

/*
 * Whether the view's quotes section s holds only quotes printed in full in
 * an earlier entry: then each reference is a line of the entry's lead,
 * beside the sentence that names the talk, with no heading or quote rule
 * over a line that quotes nothing itself (PDF review 8, item 5).
 */
static bool
quotes_all_refs(struct pdf_report *r, const struct rating *rt,
    const struct vd_section *s)
{
	const struct review *rv = rt->review;
	size_t i;

	if (s == NULL || s->n == 0)
		return false;
	for (i = 0; i < s->n; i++)
		if (i >= rv->nquotes ||
		    quote_printed_before(r, rt, &rv->quotes[i]) == NULL)
			return false;
	return true;
}

/*
 * The view's quotes section: a quote printed in full in an earlier entry
 * is referred to there, so no quote is given twice (the view's quote blocks
 * are the review's quotes, in order).
 */
static struct pdf_block *
quotes(struct pdf_report *r, const struct rating *rt, const struct vd_section *s)
{
	const struct review *rv = rt->review;
	const struct provider *first;
	size_t i;

	if (s == NULL)
		return NULL;
	if (quotes_all_refs(r, rt, s)) {
		for (i = 0; i < s->n; i++)
			quote_reference(r, r->parent, &rv->quotes[i],
			    quote_printed_before(r, rt, &rv->quotes[i]));
		return r->parent->last_kid;
	}
	if (s->title != NULL)
		pdf_heading(r->doc, r->parent, 3, s->title, NULL, 0);
	for (i = 0; i < s->n; i++) {
		if (i < rv->nquotes &&
		    (first = quote_printed_before(r, rt, &rv->quotes[i])) != NULL)
			quote_reference(r, pdf_quote(r->doc, r->parent), &rv->quotes[i], first);
		else {
			struct pdf_block *q;
			char key[17];

			pdf_view_block(r, r->parent, &s->b[i]);
			q = r->parent->last_kid;

			/* where a later entry's reference to it leads */
			if (q != NULL && q->kind == PDF_QUOTE && q->kids != NULL &&
			    i < rv->nquotes && q->kids->anchor == NULL) {
				char *a = xasprintf("quote-%s-%s", rt->provider->id,
				    quote_key(&rv->quotes[i], key));

				q->kids->anchor = pdfdoc_strdup(r->doc, a);
				free(a);
			}
		}
	}
	return r->parent->last_kid;
}

/* rt's review among the view's, or NULL. */
static const struct vd_review *
view_review(const struct vd_provider *vp, const struct rating *rt)
{
	size_t i;

	for (i = 0; vp != NULL && i < vp->nreviews; i++)
		if (vp->reviews[i].rating == rt)
			return &vp->reviews[i];
	return NULL;
}

/*
 * The length of the start the names of the editions of h share up to and
 * with a space ("ClusterMAX "), 0 when they share none or one name would
 * be left empty.
 */
static size_t
editions_prefix(const struct history_entry *h, size_t n)
{
	const char *first = h[0].edition->name;
	size_t len = strlen(first), i, k, sp = 0;

	for (i = 1; i < n; i++) {
		const char *o = h[i].edition->name;

		for (k = 0; k < len && o[k] == first[k]; k++)
			;
		len = k;
	}
	for (k = 0; k < len; k++)
		if (first[k] == ' ')
			sp = k + 1;
	for (i = 0; i < n; i++)
		if (h[i].edition->name[sp] == '\0')
			return 0;
	return sp;
}

/*
 * The provider's tier in each edition that reviewed it, in one line of
 * the entry's lead (pdf_tier_history: "Tier by edition: ClusterMAX 1.0
 * Gold · 2.0 Platinum · 3.0 Platinum"), the editions' shared first words
 * said once; nothing for a provider reviewed in one edition only, whose
 * opening line says it all.
 */
static void
history_line(struct pdf_report *r, const struct provider *pr)
{
	const struct report *rep = &r->c->project->report;
	const struct provider_view *pv = computed_provider(r->c, pr);
	const char *text = report_string(rep, "pdf_tier_history"), *name;
	size_t at = 0, from = 0, len, off, i, cut;
	struct pdf_block *p;

	if (pv == NULL || pv->nhistory < 2)
		return;
	/* one tier in every edition: the opening line's "held since" says
	 * it, and the line would say the tier twice (review item 3) */
	for (i = 1; i < pv->nhistory; i++)
		if (pv->history[i].rating->tier != pv->history[0].rating->tier)
			break;
	if (i == pv->nhistory)
		return;
	cut = editions_prefix(pv->history, pv->nhistory);
	p = pdf_para(r->doc, r->parent);
	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		if (off > from)
			pdf_run(r->doc, p, text + from, off - from, 0, NULL);
		from = at;
		if (len != 4 || memcmp(name, "list", 4) != 0) {
			from = off;   /* not ours: copied as written */
			continue;
		}
		for (i = 0; i < pv->nhistory; i++) {
			const struct history_entry *h = &pv->history[i];
			const struct tier *t = h->rating->tier;

			if (i > 0)
				pdf_run(r->doc, p, " \xc2\xb7 ", (size_t)-1, 0, NULL);
			pdf_run(r->doc, p, h->edition->name + (i > 0 ? cut : 0),
			    (size_t)-1, PDF_S_NOBREAK, NULL);
			pdf_run(r->doc, p, "\xc2\xa0", (size_t)-1, 0, NULL);
			pdf_name_run(r->doc, p, t != NULL ? t->name :
			    report_string(rep, "not_rated"), PDF_S_BOLD, NULL);
		}
	}
	if (text[from] != '\0')
		pdf_run(r->doc, p, text + from, (size_t)-1, 0, NULL);
	p->keep_with_next = true;
}

/*
 * The entry's sources line without the edition's own article, which the
 * providers part names once at its head as the source of every entry
 * (pdf_providers_source): nothing when the review cites that alone.
 */
static struct pdf_block *
entry_sources(struct pdf_report *r, const struct rating *rt)
{
	const struct review *rv = rt->review;
	const struct source *ed = rv->edition->source;
	struct pdf_block *p = NULL;
	char *link;
	size_t i, n = 0;

	for (i = 0; i < rv->nsources; i++) {
		const struct source *src = rv->sources[i];

		if (src == ed && ed == r->c->project->report.edition->source)
			continue;
		if (p == NULL) {
			p = pdf_para(r->doc, r->parent);
			pdf_run(r->doc, p, report_string(&r->c->project->report,
			    "sources_label"), (size_t)-1, PDF_S_BOLD, NULL);
			pdf_run(r->doc, p, " ", 1, 0, NULL);
		}
		if (n++ > 0)
			pdf_run(r->doc, p, "; ", 2, 0, NULL);
		link = xasprintf("#source-%s", src->id);
		pdf_name_run(r->doc, p, src->title != NULL ? src->title : src->id, 0, link);
		free(link);
	}
	if (p != NULL)
		pdf_run(r->doc, p, ".", 1, 0, NULL);
	return p;
}

/*
 * The entry as the view decides it: the opening line, the provider's site
 * and fields; then, unless the review is thin (its sources only, compact
 * as the site gives it), the tier in each edition and the review's sections in
 * the view's order.
 */
static void
entry_fill(struct pdf_report *r, const struct vd_provider *vp, const struct rating *rt)
{
	/* what the tier means is not repeated in each entry: the tier's name
	 * in the opening line links to the ladder in the methodology */
	static const char *const lead[] = {"opening", "site", "successor", "fields"};
	const struct vd_review *vr = view_review(vp, rt);
	struct pdf_block *last = NULL, *k;
	const struct vd_section *refs = NULL;
	size_t i;

	if (vr == NULL)
		return;
	/*
	 * The lines above the chart (the tier line, the site, the fields)
	 * stay on its page: no heading and opening line
	 * left at a page's foot with the rest of the entry over the page.
	 */
	for (i = 0; i < ARRAY_SIZE(lead); i++) {
		last = pdf_view_section(r, r->parent,
		    vd_section_find(vp->s, vp->n, lead[i]));
		if (last != NULL && !vr->thin)
			last->keep_with_next = true;
	}
	if (vr->thin) {
		entry_sources(r, rt);
		return;
	}
	/* every block of the lead, not only each section's last: an opening
	 * of two sentences kept only its second with the rest, and the
	 * heading went to a page's foot with the first alone (PDF review 8,
	 * item 9: "Runpod") */
	for (k = r->parent->kids; k != NULL; k = k->next)
		k->keep_with_next = true;
	/* the site's history chart is a line of the lead here: nineteen
	 * quarter-page charts with a dot or three each said less than it */
	history_line(r, vp->provider);
	/* references alone (quotes_all_refs): the last lines of the text
	 * under the lead, before the first titled section, where the entry
	 * names the talk */
	for (i = 0; i < vr->n; i++)
		if (strcmp(vr->s[i].id, "quotes") == 0 &&
		    quotes_all_refs(r, rt, &vr->s[i]))
			refs = &vr->s[i];
	for (i = 0; i <= vr->n; i++) {
		if (refs != NULL && (i == vr->n || vr->s[i].title != NULL ||
		    strcmp(vr->s[i].id, "sources") == 0)) {
			quotes(r, rt, refs);
			refs = NULL;
		}
		if (i == vr->n)
			break;
		/* the sources line never opens a page alone: kept with what
		 * comes before it */
		if (strcmp(vr->s[i].id, "sources") == 0) {
			struct pdf_block *before = r->parent->last_kid;

			if (entry_sources(r, rt) != NULL && before != NULL)
				before->keep_with_next = true;
			continue;
		}
		if (strcmp(vr->s[i].id, "quotes") == 0) {
			if (!quotes_all_refs(r, rt, &vr->s[i]))
				quotes(r, rt, &vr->s[i]);
		}
		else
			pdf_view_section(r, r->parent, &vr->s[i]);
		last = r->parent->last_kid;
	}
}

/* The page below the provider's heading, built while it is laid out. */
static void
page_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct pdf_provider_fill *f = arg;
	struct pdf_report *r = f->r;
	const struct vd_provider *vp;
	struct vd_provider *own;
	struct diag *d = r->d, quiet;

	(void)doc;
	if (f->filled) {
		/* the second layout pass: its diagnostics were given already */
		diag_init(&quiet);
		r->d = &quiet;
	}
	/* built for this pass and freed once its blocks are made: memory
	 * holds one provider's view at a time */
	vp = pdf_view_of(r, f->rt, &own);
	r->parent = self;
	entry_fill(r, vp, f->rt);
	vd_provider_free(own);
	r->parent = NULL;
	if (f->filled) {
		diag_release(&quiet);
		r->d = d;
	}
	f->filled = true;
}

void
pdf_provider_page(struct pdf_report *r, struct pdf_provider_fill *f)
{
	char *anchor = xasprintf("provider-%s", f->rt->provider->id);
	struct pdf_block *h;

	f->r = r;
	f->filled = false;
	/* sections flow: the heading stays with the tier line below it */
	/* the running head names the entry on the pages it continues on */
	h = pdf_heading(r->doc, NULL, 2, f->rt->provider->name, anchor,
	    PDF_H_OUTLINE | PDF_H_TOC | PDF_H_RUNNING);
	h->keep_with_next = true;
	free(anchor);
	/* a short entry is not split over two pages */
	pdf_lazy(r->doc, NULL, page_fill, f)->keep_together = true;
}

bool
rating_on_ladder(const struct rating *rt)
{
	return rt->tier == NULL || rt->tier->rated;
}

const struct vd_provider *
pdf_view_of(struct pdf_report *r, const struct rating *rt, struct vd_provider **own)
{
	const struct computed *c = r->c;
	const struct vd_provider *vp = view_provider(c->view, rt->provider);

	*own = NULL;
	if (vp == NULL) {
		vp = *own = vd_provider_new(c, computed_provider(c, rt->provider));
		r->views_built++;
	}
	return vp;
}

char *
pdf_provider_row(struct pdf_report *r, const struct rating *rt)
{
	struct vd_provider *own;
	const struct vd_provider *vp;
	struct buf b = BUF_INIT;

	/* a review with text of its own is an entry: no view needed to say so */
	if (!vd_review_thin(rt))
		return NULL;
	vp = pdf_view_of(r, rt, &own);
	if (!vd_provider_row(vp, rt)) {
		vd_provider_free(own);
		return NULL;
	}
	/* the row's standing, kept for the table so that the view is built
	 * once */
	vd_inlines_text(&vp->standing, &b);
	vd_provider_free(own);
	return buf_detach(&b, NULL);
}

/* Whether every rated row's review cites the same sources as first's. */
static bool
rows_share_sources(const struct edition_stats *st, char *const *rows,
    const struct review *first)
{
	const struct review *rv;
	size_t i, j;

	for (i = 0; i < st->nratings; i++) {
		if (!rows[i])
			continue;
		rv = st->ratings[i].review;
		if (rv->nsources != first->nsources)
			return false;
		for (j = 0; j < rv->nsources; j++)
			if (rv->sources[j] != first->sources[j])
				return false;
	}
	return true;
}

/* A row of the table: name (its entry's anchor), tier, standing, and
 * the sources when the rows' differ. */
static void
row_add(struct pdf_report *r, struct table *t, const struct rating *rt,
    const char *standing, bool sources)
{
	const struct report *rep = &r->c->project->report;
	struct table_cell *row = table_row(t);
	const struct review *rv = rt->review;
	struct buf b = BUF_INIT;
	size_t i;

	table_cell_set(&row[0], rt->provider->name != NULL ? rt->provider->name :
	    rt->provider->id, NULL);
	row[0].anchor = xasprintf("provider-%s", rt->provider->id);
	table_cell_set(&row[1], rt->tier != NULL ? rt->tier->name : report_string(rep,
	    "not_rated"), NULL);
	row[1].tier = rt->tier;
	table_cell_set(&row[2], standing[0] != '\0' ? standing : "\xe2\x80\x94", NULL);
	if (sources) {
		for (i = 0; i < rv->nsources; i++) {
			if (i > 0)
				buf_puts(&b, "; ");
			buf_puts(&b, rv->sources[i]->title != NULL ? rv->sources[i]->title :
			    rv->sources[i]->id);
		}
		/* one source: its entry linked */
		table_cell_set(&row[3], b.len > 0 ? b.data : "\xe2\x80\x94", NULL);
		if (rv->nsources == 1)
			row[3].href = xasprintf("#source-%s", rv->sources[0]->id);
	}
	buf_release(&b);
}

void
pdf_rows_table(struct pdf_report *r, const struct edition_stats *st, char *const *rows)
{
	const struct report *rep = &r->c->project->report;
	const struct rating *first = NULL;
	const struct vd_provider *vp;
	struct vd_provider *own;
	struct pdf_block *p;
	struct table *t;
	bool shared;
	size_t i;

	for (i = 0; i < st->nratings && first == NULL; i++)
		if (rows[i])
			first = &st->ratings[i];
	if (first == NULL)
		return;
	shared = rows_share_sources(st, rows, first->review);
	t = table_new(NULL, shared ? 3 : 4);
	table_head(t, 0, report_string(rep, "provider"), false);
	table_head(t, 1, report_string(rep, "tier"), false);
	table_head(t, 2, report_string(rep, "pdf_rows_standing"), false);
	if (!shared)
		table_head(t, 3, report_string(rep, "sources"), false);
	for (i = 0; i < st->nratings; i++)
		if (rows[i])
			row_add(r, t, &st->ratings[i], rows[i], !shared);
	/* a heading of the running head and the contents, as an entry's */
	pdf_heading(r->doc, NULL, 2, report_string(rep, "pdf_rows_title"), "providers-rows",
	    PDF_H_OUTLINE | PDF_H_TOC | PDF_H_RUNNING)->keep_with_next = true;
	p = pdf_para(r->doc, NULL);
	pdf_run(r->doc, p, report_string(rep, "pdf_rows_intro"), (size_t)-1, 0, NULL);
	p->keep_with_next = true;
	p = pdf_table(r->doc, NULL, t, NULL);
	if (!shared)
		return;
	/* the sources they share, once, with the table's last rows */
	vp = pdf_view_of(r, first, &own);
	for (i = 0; vp != NULL && i < vp->nreviews; i++) {
		const struct vd_section *src = vd_section_find(vp->reviews[i].s,
		    vp->reviews[i].n, "sources");

		if (vp->reviews[i].rating != first || src == NULL)
			continue;
		/* the edition's article alone: named at the part's head */
		if (first->review->nsources == 1 && first->review->sources[0] ==
		    r->c->project->report.edition->source)
			continue;
		p->keep_with_next = true;
		pdf_view_section(r, NULL, src);
	}
	vd_provider_free(own);
}

void
pdf_unrated_table(struct pdf_report *r, const struct edition_stats *st)
{
	const struct computed *c = r->c;
	const struct report *rep = &c->project->report;
	/* the edition rt->previous is from: the one before, as in the medal table */
	const struct edition *base = st->baseline;
	const struct rating *rt;
	struct table_cell *row;
	struct table *t;
	struct pdf_block *p;
	char *s, *first = NULL, *n;
	size_t i, nrows = 0, col;
	bool same = true;

	/* a tier column that would say the same in every row says it once,
	 * in a line above the table (PDF review 7, item 11) */
	for (i = 0; i < st->nratings; i++) {
		rt = &st->ratings[i];
		if (rating_on_ladder(rt))
			continue;
		s = table_tier_text(rep, rt);
		if (first == NULL)
			first = s;
		else {
			same = same && strcmp(first, s) == 0;
			free(s);
		}
		nrows++;
	}
	same = same && nrows >= 2;
	/* the heading above names it: no caption to say it twice */
	t = table_new(NULL, (same ? 1 : 2) + (base != NULL ? 1 : 0));
	table_head(t, 0, report_string(rep, "provider"), false);
	if (!same)
		table_head(t, 1, report_string(rep, "tier"), false);
	col = same ? 1 : 2;
	if (base != NULL) {
		s = report_format1(rep, "in_edition", "edition", base->name);
		table_head(t, col, s, false);
		free(s);
	}
	for (i = 0; i < st->nratings; i++) {
		rt = &st->ratings[i];
		if (rating_on_ladder(rt))
			continue;
		row = table_row(t);
		table_cell_set(&row[0], rt->provider->name, NULL);
		if (!same) {
			table_cell_take(&row[1], table_tier_text(rep, rt), NULL);
			row[1].tier = rt->tier;
		}
		if (base != NULL) {
			if (table_rating_before(c, rt) != NULL)
				table_cell_take(&row[col], table_tier_text(rep,
				    table_rating_before(c, rt)), NULL);
			else
				table_cell_set(&row[col], rt->previous != NULL ?
				    rt->previous->name : "\xe2\x80\x94", NULL);
			row[col].tier = rt->previous;
		}
	}
	pdf_heading(r->doc, NULL, 2, report_string(rep, "reviewed_not_rated"),
	    "providers-unrated", PDF_H_OUTLINE | PDF_H_TOC | PDF_H_RUNNING)->keep_with_next = true;
	if (same) {
		n = view_int(rep, (long long)nrows);
		s = report_format(rep, "pdf_unrated_all_tier",
		    (const char *[]){"n", "edition", "tier", NULL},
		    (const char *[]){n, st->edition->name, first, NULL});
		p = pdf_para(r->doc, NULL);
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		p->keep_with_next = true;
		free(s);
		free(n);
	}
	free(first);
	pdf_table(r->doc, NULL, t, NULL);
}
