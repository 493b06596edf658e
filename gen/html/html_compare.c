/*
 * html_compare.c: compare/index.html?providers=a,b[,c,d] (SPEC 5.3, issue
 * 28 item 3): two to four providers side by side, drawn by the page's
 * script (assets/compare.js) from compare/index.js, a static file of the
 * site written here with the JSON writer (compare/index.json holds the
 * same): per provider its name and page, its tier in every edition, its
 * scores per criterion where a rubric gave them, its latest failure test
 * in the view's words, its public findings in words, its declared fields.
 * Every word is decided here or by the pack; the script only lays out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "jsonw.h"
#include "markdown.h"
#include "parse.h"
#include "podium.h"
#include "tier_color.h"
#include "view.h"

/*
 * The view's failure-test section as a compare cell: its computed
 * statement (the paragraph the provider's page opens the section with,
 * "Lambda detected the fault (no time given) and had a healthy node back in
 * service after 2h (over the 1h target)."), not the review's note beside it
 * (site review 7, item 20: a cell is no place for a wall of text); the note
 * alone where there is no statement (a fault that could not be injected,
 * which its note explains). Malloc'd or NULL.
 */
static char *
section_text(const struct computed *c, const struct vd_section *s, size_t n,
    const char *id)
{
	const struct vd_section *sec = vd_section_find(s, n, id);
	struct buf b = BUF_INIT;
	char *note;
	size_t i;

	for (i = 0; sec != NULL && i < sec->n; i++)
		if (sec->b[i].kind == VB_PARA) {
			if (b.len > 0)
				buf_putc(&b, '\n');
			vd_inlines_text(&sec->b[i].in, &b);
		}
	for (i = 0; sec != NULL && b.len == 0 && i < sec->n; i++)
		if (sec->b[i].kind == VB_MARKDOWN) {
			note = md_text_of(c, sec->b[i].md, sec->b[i].file, sec->b[i].line);
			if (note != NULL)
				buf_puts(&b, note);
			free(note);
		}
	return b.len > 0 ? buf_detach(&b, NULL) : (buf_release(&b), NULL);
}

/*
 * The public findings of review rv in words, a line each: its title, then
 * its details in brackets as the provider's page gives them; those not yet
 * public counted on a line of their own (reader review #2). Malloc'd, or
 * NULL when it records none.
 */
static char *
findings_text(const struct report *r, const struct review *rv)
{
	struct buf b = BUF_INIT, d = BUF_INIT;
	size_t i, hidden = 0;
	char *w;

	for (i = 0; i < rv->nfindings; i++) {
		if (!rv->findings[i].public) {
			hidden++;
			continue;
		}
		if (b.len > 0)
			buf_putc(&b, '\n');
		buf_puts(&b, rv->findings[i].title);
		buf_reset(&d);
		table_finding_details(r, &d, &rv->findings[i]);
		if (d.len > 0)
			buf_printf(&b, " (%s)", d.data);
	}
	if (hidden > 0) {
		if (b.len > 0)
			buf_putc(&b, '\n');
		w = report_format_n(r, view_plural(r, (double)hidden, "undisclosed_one",
		    "undisclosed_many"), (long)hidden);
		buf_puts(&b, w);
		free(w);
	}
	buf_release(&d);
	return b.len > 0 ? buf_detach(&b, NULL) : (buf_release(&b), NULL);
}

static void
provider_json(struct jsonw *w, struct html_ctx *h, const struct provider_view *v)
{
	const struct computed *c = h->c;
	const struct report *r = &h->p->report;
	const struct vd_provider *vp = view_provider(c->view, v->provider);
	struct vd_provider *own = NULL;
	const struct rating *last = NULL;
	const struct vd_review *lastv = NULL;
	char *path, *s, *unreviewed = NULL;
	size_t i, k;

	if (vp == NULL)
		vp = own = vd_provider_new(c, v);
	jw_key(w, v->provider->id);
	jw_object_begin(w);
	jw_key(w, "name");
	jw_string(w, html_provider_name(v->provider));
	path = html_provider_path(v->provider);
	jw_key(w, "url");
	jw_string(w, path);
	free(path);
	/* the tier in each edition, oldest first as the editions are */
	jw_key(w, "tiers");
	jw_array_begin(w);
	for (i = 0; i < c->neditions; i++) {
		const struct rating *rt = edition_stats_rating(&c->editions[i], v->provider);

		if (rt == NULL || rt->tier == NULL) {
			jw_null(w);
			continue;
		}
		last = rt;
		jw_object_begin(w);
		jw_key(w, "id");
		jw_string(w, rt->tier->id);
		jw_key(w, "name");
		s = table_tier_text(r, rt);
		jw_string(w, s);
		free(s);
		/* its mark, as every other table shows a tier (tier.mustache):
		 * the glyph and the name carry the meaning, the colour helps */
		jw_key(w, "glyph");
		jw_string(w, tier_glyph(rt->tier));
		jw_key(w, "color");
		jw_string(w, tier_color(rt->tier, (char[8]){0}));
		jw_key(w, "medal");
		jw_bool(w, rt->tier->medal);
		jw_key(w, "rated");
		jw_bool(w, rt->tier->rated);
		jw_object_end(w);
	}
	jw_array_end(w);
	/* scores: "edition id/criterion id" -> the score as the pages give it */
	jw_key(w, "scores");
	jw_object_begin(w);
	for (i = 0; i < c->neditions; i++) {
		const struct edition *e = c->editions[i].edition;
		const struct rating *rt = edition_stats_rating(&c->editions[i], v->provider);

		if (e->rubric == NULL || rt == NULL || rt->review == NULL ||
		    rt->review->scores == NULL)
			continue;
		for (k = 0; k < e->rubric->ncriteria; k++) {
			char *key = xasprintf("%s/%s", e->id, e->rubric->criteria[k].id);

			if (!isnan(rt->review->scores[k])) {
				char num[32];

				fmt_fixed(rt->review->scores[k], 1, num, sizeof(num));
				s = view_decimal(r, num);
				jw_key(w, key);
				jw_string(w, s);
				free(s);
			}
			free(key);
		}
	}
	jw_object_end(w);
	/* the latest review that says more than a tier: its failure test */
	for (i = 0; vp != NULL && i < vp->nreviews && lastv == NULL; i++)
		if (!vp->reviews[i].thin)
			lastv = &vp->reviews[i];
	s = lastv != NULL ? section_text(c, lastv->s, lastv->n, "fault") : NULL;
	jw_key(w, "fault");
	jw_string_or_null(w, s);
	/* no result: why, in the view's words, not a bare dash; a provider
	 * the report's edition did not review has no review to be silent
	 * (LeptonAI, Salad Cloud: site review 8, item 16) */
	if (r->edition != NULL && computed_edition(c, r->edition) != NULL &&
	    edition_stats_rating(computed_edition(c, r->edition), v->provider) == NULL)
		unreviewed = report_format1(r, "compare_not_reviewed_in", "edition",
		    r->edition->name != NULL ? r->edition->name : r->edition->id);
	jw_key(w, "fault_none");
	jw_string(w, lastv == NULL && unreviewed != NULL ? unreviewed :
	    report_string(r, lastv != NULL ? "compare_no_fault" : "compare_no_review"));
	free(s);
	/* its findings in words; null where it has none, and then why: its
	 * review records none, or does not cover security */
	s = last != NULL && last->review != NULL && last->review->has_security ?
	    findings_text(r, last->review) : NULL;
	jw_key(w, "findings");
	jw_string_or_null(w, s);
	free(s);
	jw_key(w, "findings_none");
	if (last != NULL && last->review != NULL && last->review->has_security)
		jw_string(w, report_string(r, "compare_none_recorded"));
	else
		jw_string(w, unreviewed != NULL ? unreviewed :
		    report_string(r, "compare_no_security"));
	free(unreviewed);
	/* declared fields, as the page words them */
	jw_key(w, "fields");
	jw_object_begin(w);
	{
		const struct vd_section *f = vp != NULL ?
		    vd_section_find(vp->s, vp->n, "fields") : NULL;

		for (i = 0; f != NULL && i < f->n; i++) {
			const struct vd_block *b = &f->b[i];

			for (k = 0; b->kind == VB_LIST && k < b->nitems; k++) {
				const struct vd_inlines *it = &b->items[k];
				struct buf t = BUF_INIT;
				size_t j;

				/* an item: the field's name (strong, its id), then its words */
				if (it->n == 0 || it->v[0].kind != VD_STRONG || it->v[0].value == NULL)
					continue;
				for (j = 1; j < it->n; j++) {
					struct vd_inlines one = {(struct vd_inline *)&it->v[j], 1, 1};

					vd_inlines_text(&one, &t);
				}
				/* the ": " between name and value is the view's */
				jw_key(w, it->v[0].value);
				jw_string(w, t.data != NULL ? t.data + strspn(t.data, ": \xc2\xa0") : "");
				buf_release(&t);
			}
		}
	}
	jw_object_end(w);
	jw_object_end(w);
	vd_provider_free(own);
}

void
html_compare_provider(struct html_ctx *h, const struct provider_view *v,
    struct buf *out)
{
	struct jsonw w;

	/* a member of the "providers" object of the index's object */
	jw_init_at(&w, out, 2);
	provider_json(&w, h, v);
}

/*
 * The index, written as it is made, a piece at a time: it is as large as the
 * providers' pages together. begin writes what comes before the providers,
 * put a provider's member (made with its page, render_html.c, and not
 * kept, or made here), end the rest.
 */
void
html_compare_begin(struct html_ctx *h, struct html_index *x, struct jsonw *w)
{
	const struct computed *c = h->c;
	const struct report *r = &h->p->report;
	size_t i, k;

	html_index_begin(x, h, "compare/index.json", "compare/index.js", "podiumCompare");
	jw_init(w, &x->b);
	jw_object_begin(w);
	jw_key(w, "editions");
	jw_array_begin(w);
	for (i = 0; i < c->neditions; i++) {
		const struct edition *e = c->editions[i].edition;

		jw_object_begin(w);
		jw_key(w, "id");
		jw_string(w, e->id);
		jw_key(w, "name");
		jw_string(w, e->name != NULL ? e->name : e->id);
		/* a provider without a tier in it, as the providers index says:
		 * a partial edition may have reviewed it without naming it */
		jw_key(w, "none");
		jw_string(w, report_string(r, e->partial ? "cell_not_named" :
		    "cell_not_reviewed"));
		jw_key(w, "criteria");
		jw_array_begin(w);
		for (k = 0; e->rubric != NULL && k < e->rubric->ncriteria; k++) {
			jw_object_begin(w);
			jw_key(w, "id");
			jw_string(w, e->rubric->criteria[k].id);
			jw_key(w, "name");
			jw_string(w, e->rubric->criteria[k].name);
			jw_object_end(w);
		}
		jw_array_end(w);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_key(w, "fields");
	jw_array_begin(w);
	for (i = 0; i < r->nprovider_fields; i++) {
		jw_object_begin(w);
		jw_key(w, "id");
		jw_string(w, r->provider_fields[i].id);
		jw_key(w, "name");
		jw_string(w, r->provider_fields[i].name);
		jw_object_end(w);
	}
	jw_array_end(w);
	jw_key(w, "providers");
	jw_object_begin(w);
}

void
html_compare_put(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    const struct provider_view *pv)
{
	char *made = h->compare_entries != NULL ?
	    h->compare_entries[pv->provider->index] : NULL;

	if (made != NULL) {
		jw_splice(w, made, strlen(made));
		free(made);
		h->compare_entries[pv->provider->index] = NULL;
	} else if (pv->visible && pv->nhistory > 0)
		provider_json(w, h, pv);
	html_index_flush(x);
}

int
html_compare_end(struct html_ctx *h, struct html_index *x, struct jsonw *w,
    bool record)
{
	(void)h;
	jw_object_end(w);
	jw_object_end(w);
	return html_index_end(x, record);
}

int
html_compare_index(struct html_ctx *h)
{
	struct html_index x;
	struct jsonw w;
	size_t i;

	html_compare_begin(h, &x, &w);
	for (i = 0; i < h->c->nproviders; i++)
		html_compare_put(h, &x, &w,
		    &h->c->providers[h->p->by_name[i]->index]);
	return html_compare_end(h, &x, &w, true);
}

/* Whether a review of p holds a public finding (the compare table's). */
static bool
any_public_finding(const struct project *p)
{
	size_t i, k, f;

	for (i = 0; i < p->neditions; i++)
		for (k = 0; k < p->editions[i].nreviews; k++)
			for (f = 0; f < p->editions[i].reviews[k]->nfindings; f++)
				if (p->editions[i].reviews[k]->findings[f].public)
					return true;
	return false;
}

/*
 * What the page sets side by side, as the report has it (reader review
 * #8): the tiers, then scores only with a rubric, the failure test only
 * where a review has one, public findings only where there are some, and
 * the provider fields the report declares, by their names.
 */
static char *
compare_what(const struct project *p)
{
	const struct report *r = &p->report;
	const char **what = xcalloc(r->nprovider_fields + 5, sizeof(*what));
	size_t n = 0, i;
	char *list;

	what[n++] = report_string(r, "compare_has_tiers");
	if (project_has_rubric(p))
		what[n++] = report_string(r, "compare_has_scores");
	if (project_has_fault_tests(p))
		what[n++] = report_string(r, "compare_has_faults");
	if (any_public_finding(p))
		what[n++] = report_string(r, "compare_has_findings");
	for (i = 0; i < r->nprovider_fields; i++)
		what[n++] = r->provider_fields[i].name;
	list = view_list(r, what, n);
	free(what);
	return list;
}

/* The pack's sentence key with what the page compares in its {what}
 * ("Two to four providers side by side: their tier in each edition, ...") */
static char *
compare_sentence(const struct project *p, const char *key)
{
	char *list = compare_what(p);
	char *out = report_format1(&p->report, key, "what", list);

	free(list);
	return out;
}

/*
 * The page's opening: what it sets side by side (the list compare_nojs
 * gives), then how to choose others, with the providers index linked
 * where the pack's sentence names it ({list}).
 */
static void
compare_intro(struct html_ctx *h, struct tv *page, const char *root)
{
	const struct report *r = &h->p->report;
	struct buf b = BUF_INIT;
	char *how = report_format1(r, "compare_how", "list", "\x01"), *cut, *href;

	cut = strchr(how, '\x01');
	esc_html_n(&b, how, cut != NULL ? (size_t)(cut - how) : strlen(how));
	if (cut != NULL) {
		href = html_href(root, "providers/");
		buf_printf(&b, "<a href=\"%s\">", href);
		esc_html(&b, report_string(r, "compare_list"));
		buf_puts(&b, "</a>");
		esc_html(&b, cut + 1);
		free(href);
	}
	pv_set_taken(page, "how_html", buf_detach(&b, NULL));
	free(how);
}

int
html_compare_page(struct html_ctx *h, const void *arg)
{
	const struct report *r = &h->p->report;
	struct tv *page = pv_page(h, "compare/index.html", "compare",
	    report_string(r, "compare_title"));

	(void)arg;
	pv_set_taken(page, "intro", compare_sentence(h->p, "compare_intro"));
	compare_intro(h, page, tv_str_value(tv_get(page, "root")));
	pv_set_taken(page, "nojs", compare_sentence(h->p, "compare_nojs"));
	pv_set_str(page, "heading", report_string(r, "compare_title"));
	pv_set_str(page, "description", report_string(r, "compare_title"));
	return html_page_out(h, "compare", page, "compare/index.html");
}
