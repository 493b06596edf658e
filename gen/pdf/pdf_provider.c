/*
 * pdf_provider.c: a section of the PDF report for each provider rated in
 * the edition, and one table for those reviewed but not rated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "pdf_report.h"

/* A practice's answer in the site's words: yes, no, not known. */
static const char *
tri_text(const struct report *r, enum tri t)
{
	return report_string(r, t == TRI_TRUE ? "yes" : t == TRI_FALSE ? "no" : "not_known");
}

/* Text and a full stop after it, unless it ends with one already. */
static void
run_sentence(struct pdf_doc *doc, struct pdf_block *p, const char *s)
{
	size_t n = strlen(s);

	pdf_run(doc, p, s, n, 0, NULL);
	if (n == 0 || strchr(".!?", s[n - 1]) == NULL)
		pdf_run(doc, p, ".", 1, 0, NULL);
}

/*
 * The declared fields that have a value, in declaration order, as the
 * site lists them: "Name: value unit." each, a text as inline Markdown, a
 * URL a link, yes or no in the strings table's words. lead: a space before
 * the first.
 */
static void
field_runs(struct pdf_report *r, struct pdf_block *p, const struct field_def *defs,
    size_t n, const struct field_value *v, bool lead)
{
	const struct report *rp = &r->c->project->report;
	bool stop;
	size_t i, len;
	char *s, *link;

	for (i = 0; v != NULL && i < n; i++) {
		if (!v[i].set)
			continue;
		s = xasprintf("%s%s: ", lead ? " " : "", defs[i].name);
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		lead = true;
		stop = false;
		switch (field_types[defs[i].type].shows) {
		case SHOWS_MARKDOWN:
			pdf_markdown_inline(r, p, v[i].text, v[i].pos.file, v[i].pos.line);
			len = v[i].text != NULL ? strlen(v[i].text) : 0;
			while (len > 0 && strchr(" \t\n", v[i].text[len - 1]) != NULL)
				len--;
			stop = len > 0 && strchr(".!?", v[i].text[len - 1]) != NULL;
			break;
		case SHOWS_URL:
			link = pdf_target(v[i].text);
			pdf_run(r->doc, p, v[i].text, (size_t)-1, 0, link);
			free(link);
			break;
		case SHOWS_BOOLEAN:
			pdf_run(r->doc, p, report_string(rp, v[i].boolean ? "yes" : "no"),
			    (size_t)-1, 0, NULL);
			break;
		default:
			s = field_value_text(&defs[i], &v[i]);
			pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
			free(s);
			break;
		}
		if (defs[i].unit != NULL) {
			s = xasprintf(" %s", defs[i].unit);
			pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
			free(s);
		}
		if (!stop || defs[i].unit != NULL)
			pdf_run(r->doc, p, ".", 1, 0, NULL);
	}
}

/*
 * A tier the editors set against the rubric: why, and the tier the rubric
 * gives, as the site's review says it.
 */
static void
override_note(struct pdf_report *r, const struct rating *rt)
{
	const struct report *rp = &r->c->project->report;
	struct pdf_block *p;
	char *s;

	if (!rt->override || rt->review->override_reason == NULL)
		return;
	p = pdf_para(r->doc, r->parent);
	pdf_run(r->doc, p, report_string(rp, "tier_set_by_editors"), (size_t)-1,
	    PDF_S_BOLD, NULL);
	s = xasprintf(" %s", rt->review->override_reason);
	if (rt->computed != NULL) {
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		s = xasprintf(" (%s %s)", report_string(rp, "rubric_gives"),
		    rt->computed->name);
	}
	run_sentence(r->doc, p, s);
	free(s);
}

static void
tier_line(struct pdf_report *r, const struct rating *rt)
{
	const struct computed *c = r->c;
	const struct report *rp = &c->project->report;
	struct pdf_block *p = pdf_para(r->doc, r->parent);
	const struct provider *pr = rt->provider;
	/* the edition rt->previous and rt->status are from: the one before */
	const struct edition_stats *st = computed_edition(c, rt->review->edition);
	const struct edition *base = st != NULL ? st->baseline : NULL;
	const struct rating *before = table_rating_before(c, rt);
	char *s, *w;

	p->keep_with_next = true;     /* with the chart below it */

	s = xasprintf("%s ", report_string(rp, "tier_label"));
	pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
	free(s);
	pdf_run(r->doc, p, rt->tier != NULL ? rt->tier->name :
	    report_string(rp, "not_rated"),
	    (size_t)-1, PDF_S_BOLD, NULL);
	/* marked as the site marks it, the reason after the sentence */
	if (rt->review->tier_uncertain != NULL) {
		s = xasprintf(" %s", report_string(rp, "tier_uncertain"));
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
	}
	if (rt->previous != NULL && base != NULL) {
		/* the tier before, marked too when it was uncertain */
		s = before != NULL && before->review->tier_uncertain != NULL ?
		    xasprintf("%s %s", rt->previous->name, report_string(rp, "tier_uncertain")) :
		    xstrdup(rt->previous->name);
		w = report_format(rp, "tier_in_edition", (const char *[]){"tier", "edition", NULL},
		    (const char *[]){s, base->name, NULL});
		free(s);
		s = move_words(rp, rt->status, rt->has_steps, rt->steps,
		    rt->provider->successor != NULL ? rt->provider->successor->name : NULL);
		pdf_run(r->doc, p, " (", 2, 0, NULL);
		pdf_run(r->doc, p, w, (size_t)-1, 0, NULL);
		pdf_run(r->doc, p, "; ", 2, 0, NULL);
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		pdf_run(r->doc, p, ")", 1, 0, NULL);
		free(s);
		free(w);
	} else if (rt->status == MOVE_NEW) {
		s = xasprintf(" (%s)", report_string(rp, "new_in_edition"));
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
	}
	pdf_run(r->doc, p, ".", 1, 0, NULL);
	if (rt->review->tier_uncertain != NULL) {
		s = xasprintf(" %s %s", report_string(rp, "uncertain_label"),
		    rt->review->tier_uncertain);
		run_sentence(r->doc, p, s);
		free(s);
	}
	if (base != NULL && before != NULL && before->review->tier_uncertain != NULL) {
		w = report_format1(rp, "uncertain_in_edition", "edition", base->name);
		s = xasprintf(" %s %s", w, before->review->tier_uncertain);
		run_sentence(r->doc, p, s);
		free(s);
		free(w);
	}
	/* the report's declared provider fields, in declaration order */
	field_runs(r, p, rp->provider_fields, rp->nprovider_fields, pr->fields, true);
	if (pr->url != NULL) {
		pdf_run(r->doc, p, " ", 1, 0, NULL);
		pdf_run(r->doc, p, pr->url, (size_t)-1, 0, pr->url);
	}
}

static void
md_list(struct pdf_report *r, const char *title, const char **items,
    size_t n, const struct review *rv)
{
	struct pdf_block *l;
	size_t i;

	if (n == 0)
		return;
	pdf_heading(r->doc, r->parent, 3, title, NULL, 0);
	l = pdf_list(r->doc, r->parent, 0);
	for (i = 0; i < n; i++)
		pdf_markdown_inline(r, pdf_para(r->doc, pdf_item(r->doc, l)),
		    items[i], rv->pos.file, 0);
}

/*
 * One step of a fault test, as the site's provider page gives it: its time
 * (an upper bound, SPEC 1.4, as "within 11m"), the edition's target and the
 * verdict; a bound over the target is not known to miss it.
 */
static void
fault_step(const struct report *r, struct table *t, const char *label,
    int64_t secs, bool upper, int64_t target)
{
	struct table_cell *row = table_row(t);
	char *time = fault_step_time(r, secs, upper);
	char buf[128];

	table_cell_set(&row[0], label, NULL);
	if (time == NULL)
		table_cell_set(&row[1], "\xe2\x80\x94", NULL);
	else
		table_cell_take(&row[1], time, NULL);
	row[1].numeric = true;
	if (target < 0)
		table_cell_set(&row[2], "\xe2\x80\x94", NULL);
	else {
		report_duration(r, target, buf, sizeof(buf));
		table_cell_set(&row[2], buf, NULL);
	}
	row[2].numeric = true;
	table_cell_set(&row[3], fault_step_verdict(r, secs, upper, target), NULL);
}

static void
fault_test(struct pdf_report *r, const struct review *rv)
{
	static const char *const by[] = {"by_provider", "by_customer", "by_nobody"};
	const struct report *rp = &r->c->project->report;
	const struct fault_test *f = rv->fault;
	const struct edition *e = rv->edition;
	struct pdf_block *p;
	struct table *t;
	char *s;

	if (f == NULL)
		return;
	pdf_heading(r->doc, r->parent, 3, report_string(rp, "failure_test"), NULL, 0);
	p = pdf_para(r->doc, r->parent);
	if (f->not_injected) {
		/* nothing was timed: no table of dashes */
		pdf_run(r->doc, p, report_string(rp, "not_injected"), (size_t)-1,
		    PDF_S_BOLD, NULL);
		s = xasprintf(" %s", report_string(rp, "nothing_to_time"));
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		if (f->note != NULL)
			pdf_markdown(r, r->parent, f->note, f->pos.file, 0, 2);
		return;
	}
	/* what was injected, who noticed, and whether a human had to act */
	s = xasprintf("%s %s. %s %s.", report_string(rp, "fault_injected"),
	    f->fault != NULL ? f->fault : report_string(rp, "fault_not_described"),
	    report_string(rp, "detected_by_label"),
	    report_string(rp, f->detected_by == DETECT_UNSET ? "not_recorded" :
	    by[f->detected_by]));
	pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
	free(s);
	if (f->automatic != TRI_UNSET) {
		s = xasprintf(" %s", report_string(rp, f->automatic == TRI_TRUE ?
		    "recovery_automatic" : "recovery_human"));
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
	}
	p->keep_with_next = true;
	t = table_new(report_string(rp, e->target_detect >= 0 || e->target_replace >= 0 ?
	    "timings_caption_targets" : "timings_caption"), 4);
	table_head(t, 0, report_string(rp, "step"), false);
	table_head(t, 1, report_string(rp, "time"), true);
	table_head(t, 2, report_string(rp, "target"), true);
	table_head(t, 3, report_string(rp, "result"), false);
	fault_step(rp, t, report_string(rp, "step_detected"), f->detect_after,
	    f->detect_upper, e->target_detect);
	fault_step(rp, t, report_string(rp, "step_drained"), f->drain_after,
	    f->drain_upper, -1);
	fault_step(rp, t, report_string(rp, "step_replaced"), f->replaced_after,
	    f->replaced_upper, e->target_replace);
	pdf_table(r->doc, r->parent, t, NULL);
	if (f->note != NULL)
		pdf_markdown(r, r->parent, f->note, f->pos.file, 0, 2);
}

/* A public finding: its title, then the security table's words for it. */
static void
finding_item(struct pdf_report *r, struct pdf_block *l,
    const struct finding *f)
{
	struct pdf_block *p = pdf_para(r->doc, pdf_item(r->doc, l));
	struct buf b = BUF_INIT;

	pdf_run(r->doc, p, f->title, (size_t)-1, PDF_S_BOLD, NULL);
	buf_puts(&b, " (");
	table_finding_details(&r->c->project->report, &b, f);
	buf_puts(&b, ").");
	pdf_run(r->doc, p, b.data, b.len, 0, NULL);
	buf_release(&b);
}

static void
security(struct pdf_report *r, const struct review *rv)
{
	const struct report *rp = &r->c->project->report;
	struct pdf_block *p, *l = NULL;
	size_t i, hidden = 0;
	char *s;

	if (!rv->has_security && rv->nfindings == 0)
		return;
	pdf_heading(r->doc, r->parent, 3, report_string(rp, "security"), NULL, 0);
	/* the report's declared practices, when it has some */
	p = rp->npractices > 0 ? pdf_para(r->doc, r->parent) : NULL;
	for (i = 0; i < rp->npractices; i++) {
		s = xasprintf("%s%s: %s.", i ? " " : "", rp->practices[i].name,
		    tri_text(&r->c->project->report, rv->practices != NULL ? rv->practices[i] : TRI_UNSET));
		pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
		free(s);
	}
	for (i = 0; i < rv->nfindings; i++) {
		if (!rv->findings[i].public) {
			hidden++;
			continue;
		}
		if (l == NULL)
			l = pdf_list(r->doc, r->parent, 0);
		finding_item(r, l, &rv->findings[i]);
	}
	if (hidden > 0) {
		s = report_format_n(rp, view_plural(rp, (double)hidden, "undisclosed_one", "undisclosed_many"),
		    (long)hidden);
		pdf_run(r->doc, pdf_para(r->doc, r->parent), s, (size_t)-1,
		    PDF_S_ITALIC, NULL);
		free(s);
	}
}

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
 * A quote printed in full earlier: its first words, then the provider
 * whose entry gives it, linked there.
 */
static void
quote_reference(struct pdf_report *r, struct pdf_block *q,
    const struct quote *qt, const struct provider *first)
{
	struct pdf_block *p = pdf_para(r->doc, q);
	size_t words = 1, keep, n;
	const char *t;
	char *s, *target;

	for (t = qt->text; *t != '\0'; t++)
		words += *t == ' ';
	keep = words / 2 < 4 ? words / 2 : 4;
	if (keep == 0)
		keep = 1;
	for (t = qt->text, n = 0; *t != '\0'; t++)
		if (*t == ' ' && ++n == keep)
			break;
	target = xasprintf("#provider-%s", first->id);
	s = xasprintf("\xe2\x80\x9c%.*s\xe2\x80\xa6\xe2\x80\x9d", (int)(t - qt->text), qt->text);
	pdf_run(r->doc, p, s, (size_t)-1, PDF_S_ITALIC, target);
	free(s);
	pdf_run(r->doc, p, " \xe2\x86\x91 ", (size_t)-1, 0, NULL);
	pdf_run(r->doc, p, first->name, (size_t)-1, 0, target);
	free(target);
}

static void
quotes(struct pdf_report *r, const struct rating *rt, const struct review *rv)
{
	const struct provider *first;
	struct pdf_block *q, *p;
	char *s, *target;
	size_t i;

	if (rv->nquotes == 0)
		return;
	pdf_heading(r->doc, r->parent, 3, report_string(&r->c->project->report, "quotes"),
	    NULL, 0);
	for (i = 0; i < rv->nquotes; i++) {
		const struct quote *qt = &rv->quotes[i];

		q = pdf_quote(r->doc, r->parent);
		if ((first = quote_printed_before(r, rt, qt)) != NULL) {
			quote_reference(r, q, qt, first);
			continue;
		}
		s = xasprintf("\xe2\x80\x9c%s\xe2\x80\x9d", qt->text);
		pdf_run(r->doc, pdf_para(r->doc, q), s, (size_t)-1,
		    PDF_S_ITALIC, NULL);
		free(s);
		if (qt->source == NULL)
			continue;
		p = pdf_para(r->doc, q);
		pdf_run(r->doc, p, "\xe2\x80\x94 ", (size_t)-1, 0, NULL);
		target = xasprintf("#source-%s", qt->source->id);
		pdf_run(r->doc, p, qt->source->title, (size_t)-1, 0, target);
		free(target);
		if (qt->at_text != NULL) {
			s = xasprintf(", %s %s", report_string(&r->c->project->report, "at"),
			    qt->at_text);
			pdf_run(r->doc, p, s, (size_t)-1, 0, NULL);
			free(s);
		}
	}
}

static void
sources(struct pdf_report *r, const struct review *rv)
{
	struct pdf_block *p;
	char *target;
	size_t i;

	if (rv->nsources == 0)
		return;
	p = pdf_para(r->doc, r->parent);
	target = xasprintf("%s ", report_string(&r->c->project->report, "sources_label"));
	pdf_run(r->doc, p, target, (size_t)-1, PDF_S_BOLD, NULL);
	free(target);
	for (i = 0; i < rv->nsources; i++) {
		if (i > 0)
			pdf_run(r->doc, p, "; ", 2, 0, NULL);
		target = xasprintf("#source-%s", rv->sources[i]->id);
		pdf_run(r->doc, p, rv->sources[i]->title, (size_t)-1, 0,
		    target);
		free(target);
	}
	pdf_run(r->doc, p, ".", 1, 0, NULL);
}

/*
 * A review with nothing of its own to say: a tier and its sources only.
 * The site's test (html_provider.c), so the two agree on what a review is.
 */
static bool
review_thin(const struct rating *rt)
{
	const struct review *rv = rt->review;

	return rv->summary == NULL && rv->nstrengths == 0 && rv->nweaknesses == 0 &&
	    rv->fault == NULL && !rv->has_security && rv->nquotes == 0 && !rt->override;
}

/* The page below the provider's heading, built while it is laid out. */
static void
page_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct pdf_provider_fill *f = arg;
	struct pdf_report *r = f->r;
	const struct rating *rt = f->rt;
	const struct review *rv = rt->review;
	struct diag *d = r->d, quiet;
	size_t i;

	(void)doc;
	if (f->filled) {
		/* the second layout pass: its diagnostics were given already */
		diag_init(&quiet);
		r->d = &quiet;
	}
	r->parent = self;
	tier_line(r, rt);
	/* no review text: the tier and its sources, compact as the site
	 * gives it (no chart, no ladder boilerplate) */
	if (review_thin(rt)) {
		sources(r, rv);
		goto done;
	}
	/* what the tier means, beside it (report.yaml ladder description) */
	if (rt->tier != NULL && rt->tier->description != NULL)
		pdf_markdown_inline(r, pdf_para(r->doc, self), rt->tier->description,
		    rt->tier->pos.file, rt->tier->pos.line);
	pdf_chart(r, self, CHART_HISTORY, rt->provider);
	override_note(r, rt);
	if (rv->summary != NULL)
		pdf_markdown(r, self, rv->summary, rv->summary_pos.file,
		    rv->summary_pos.line, 2);
	/* the report's declared review fields, as on the site after the summary */
	for (i = 0; rv->fields != NULL && i < r->c->project->report.nreview_fields; i++)
		if (rv->fields[i].set) {
			field_runs(r, pdf_para(r->doc, self), r->c->project->report.review_fields,
			    r->c->project->report.nreview_fields, rv->fields, false);
			break;
		}
	md_list(r, report_string(&r->c->project->report, "strengths"), rv->strengths,
	    rv->nstrengths, rv);
	md_list(r, report_string(&r->c->project->report, "weaknesses"), rv->weaknesses,
	    rv->nweaknesses, rv);
	fault_test(r, rv);
	security(r, rv);
	quotes(r, rt, rv);
	sources(r, rv);
done:
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
	h = pdf_heading(r->doc, NULL, 2, f->rt->provider->name, anchor,
	    PDF_H_OUTLINE | PDF_H_TOC);
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

void
pdf_unrated_table(struct pdf_report *r, const struct edition_stats *st)
{
	const struct computed *c = r->c;
	/* the edition rt->previous is from: the one before, as in the medal table */
	const struct edition *base = st->baseline;
	const struct rating *rt;
	struct table_cell *row;
	struct table *t;
	char *s;
	size_t i;

	/* the heading above names it: no caption to say it twice */
	t = table_new(NULL, base != NULL ? 3 : 2);
	table_head(t, 0, report_string(&c->project->report, "provider"), false);
	table_head(t, 1, report_string(&c->project->report, "tier"), false);
	if (base != NULL) {
		s = report_format1(&c->project->report, "in_edition", "edition", base->name);
		table_head(t, 2, s, false);
		free(s);
	}
	for (i = 0; i < st->nratings; i++) {
		rt = &st->ratings[i];
		if (rating_on_ladder(rt))
			continue;
		row = table_row(t);
		table_cell_set(&row[0], rt->provider->name, NULL);
		table_cell_take(&row[1], table_tier_text(&c->project->report, rt), NULL);
		row[1].tier = rt->tier;
		if (base != NULL) {
			if (table_rating_before(c, rt) != NULL)
				table_cell_take(&row[2], table_tier_text(&c->project->report,
				    table_rating_before(c, rt)), NULL);
			else
				table_cell_set(&row[2], rt->previous != NULL ?
				    rt->previous->name : "\xe2\x80\x94", NULL);
			row[2].tier = rt->previous;
		}
	}
	pdf_heading(r->doc, NULL, 2, report_string(&c->project->report, "reviewed_not_rated"), "providers-unrated",
	    PDF_H_OUTLINE | PDF_H_TOC)->keep_with_next = true;
	pdf_table(r->doc, NULL, t, NULL);
}
