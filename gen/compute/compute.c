/*
 * compute.c: the ratings engine (SPEC 2). Tiers of record, counts, shares,
 * claims and movement, computed once for every output.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "util.h"

/* Scores and thresholds are decimals typed by people: compare with slack. */
#define SCORE_EPS 1e-9

bool
review_visible(const struct review *r, const struct build_opts *o)
{
	return !r->draft || o->drafts;
}

bool
section_visible(const struct section *s, const struct build_opts *o)
{
	if (o->drafts)
		return true;
	if (s->draft)
		return false;
	return s->embargo == DATE_NONE || s->embargo <= o->now;
}

double
review_score(const struct review *r)
{
	const struct rubric *rb = r->edition->rubric;
	double num = 0, wsum = 0;
	size_t i;

	if (rb == NULL || r->scores == NULL || rb->ncriteria == 0)
		return NAN;
	for (i = 0; i < rb->ncriteria; i++) {
		num += rb->criteria[i].weight * r->scores[i];
		wsum += rb->criteria[i].weight;
	}
	if (wsum <= 0 || rb->scale <= 0)
		return NAN;
	return 100.0 * num / (rb->scale * wsum);
}

static size_t
criterion_index(const struct rubric *rb, const struct criterion *c)
{
	return (size_t)(c - rb->criteria);
}

/*
 * Does the review reach threshold th? If not and why is non-NULL, writes the
 * first failing condition ("score 78.6 is below gold's 80").
 */
static bool
threshold_holds(const struct review *r, const struct threshold *th, double score,
    struct buf *why)
{
	const struct rubric *rb = r->edition->rubric;
	size_t i;

	if (score < th->min - SCORE_EPS) {
		if (why)
			buf_printf(why, "score %.1f is below %s's %g", score,
			    th->tier->id, th->min);
		return false;
	}
	for (i = 0; i < th->nrequire; i++) {
		const struct requirement *q = &th->require[i];
		double v = r->scores[criterion_index(rb, q->criterion)];

		if (v < q->min - SCORE_EPS) {
			if (why)
				buf_printf(why, "%s %g is below %s's %g",
				    q->criterion->id, v, th->tier->id, q->min);
			return false;
		}
	}
	return true;
}

const struct tier *
review_computed_tier(const struct review *r, double score)
{
	const struct rubric *rb = r->edition->rubric;
	size_t i;

	if (rb == NULL || r->scores == NULL || isnan(score))
		return NULL;
	for (i = 0; i < rb->nthresholds; i++)
		if (threshold_holds(r, &rb->thresholds[i], score, NULL))
			return rb->thresholds[i].tier;
	return rb->floor;
}

/* Published tier against computed tier: an error unless overridden. */
static void
rating_check_override(struct rating *rt, struct diag *d)
{
	const struct review *r = rt->review;
	const struct threshold *th;
	struct buf why = BUF_INIT;

	if (r->tier == NULL || rt->computed == NULL)
		return;
	if (r->tier == rt->computed) {
		if (r->override_reason != NULL)
			diag_warning(d, r->tier_pos.file, r->tier_pos.line, r->tier_pos.col,
			    "override given, but the published tier '%s' is the computed one",
			    r->tier->id);
		return;
	}
	rt->override = r->override_reason != NULL;
	if (rt->override)
		return;
	if (r->tier->index < rt->computed->index &&
	    (th = rubric_threshold(r->edition->rubric, r->tier)) != NULL)
		threshold_holds(r, th, rt->score, &why);
	else if (r->tier->index < rt->computed->index)
		buf_printf(&why, "'%s' has no threshold", r->tier->id);
	else
		buf_printf(&why, "score %.1f reaches %s", rt->score, rt->computed->id);
	diag_error(d, r->tier_pos.file, r->tier_pos.line, r->tier_pos.col,
	    "published tier '%s' differs from computed tier '%s' (%s); "
	    "give override.reason if this is on purpose",
	    r->tier->id, rt->computed->id, why.data);
	buf_release(&why);
}

static const struct review *
visible_review(const struct edition *e, const struct provider *p,
    const struct build_opts *o)
{
	const struct review *r;

	if (e == NULL || (r = edition_review(e, p)) == NULL)
		return NULL;
	return review_visible(r, o) ? r : NULL;
}

static const struct tier *
review_tier(const struct review *r)
{
	double score = review_score(r);

	return r->tier ? r->tier : review_computed_tier(r, score);
}

/* Was p rated (in a rated tier) in e or any edition before it? */
static bool
rated_since_start(const struct edition *e, const struct provider *p,
    const struct build_opts *o)
{
	const struct review *r;
	const struct tier *t;

	for (; e != NULL; e = e->previous)
		if ((r = visible_review(e, p, o)) != NULL && (t = review_tier(r)) != NULL &&
		    t->rated)
			return true;
	return false;
}

/* Movement from t1 (baseline) to t2; rated_earlier: a rated tier in the
 * baseline or an edition before it (else a rated t2 is a first rating). */
static void
rating_move(struct rating *rt, const struct tier *t1, const struct edition *baseline,
    bool rated_earlier)
{
	const struct tier *t2 = rt->tier;

	rt->previous = t1;
	rt->has_steps = false;
	rt->steps = 0;
	if (t1 == NULL)
		rt->status = baseline != NULL && baseline->partial ? MOVE_UNLISTED : MOVE_NEW;
	else if (!t1->rated && !t2->rated)
		rt->status = MOVE_SAME;
	else if (!t2->rated)
		rt->status = MOVE_UNRATED;
	else if (!t1->rated)
		rt->status = rated_earlier ? MOVE_RETURNED : MOVE_FIRST;
	else {
		rt->has_steps = true;
		rt->steps = (int)t1->index - (int)t2->index;
		rt->status = rt->steps > 0 ? MOVE_UP : rt->steps < 0 ? MOVE_DOWN : MOVE_SAME;
	}
}

static int
cmp_rating(const void *a, const void *b)
{
	const struct rating *x = a, *y = b;

	if (x->tier->index != y->tier->index)
		return x->tier->index < y->tier->index ? -1 : 1;
	return (x->provider->order > y->provider->order) -
	    (x->provider->order < y->provider->order);
}

static double
pct_change(long from, long to)
{
	return from == 0 ? NAN : 100.0 * (double)(to - from) / (double)from;
}

static long
claim_computed(const struct edition_stats *s, const struct claim *cl)
{
	if (cl->tier != NULL)
		return s->counts[cl->tier->index];
	if (strcmp(cl->figure, "reviewed") == 0)
		return s->reviewed;
	if (strcmp(cl->figure, "rated") == 0)
		return s->rated;
	if (strcmp(cl->figure, "medals") == 0)
		return s->medals;
	if (strcmp(cl->figure, "tracked") == 0)
		return s->tracked;
	return -1;
}

static void
stats_claims(struct edition_stats *s, const struct build_opts *o, struct diag *d)
{
	const struct edition *e = s->edition;
	size_t i;

	s->nclaims = e->nclaims;
	s->claims = xcalloc(e->nclaims, sizeof(*s->claims));
	for (i = 0; i < e->nclaims; i++) {
		struct claim_check *cc = &s->claims[i];
		const struct claim *cl = &e->claims[i];
		const char *src = e->source ? e->source->id : NULL;

		cc->claim = cl;
		cc->computed = claim_computed(s, cl);
		cc->ok = cc->computed == cl->value || cl->note != NULL;
		if (cc->ok)
			continue;
		/* with drafts in, counts are not the published ones: warn only */
		(o->drafts ? diag_warning : diag_error)(d, cl->pos.file, cl->pos.line,
		    cl->pos.col,
		    "claim '%s' of edition '%s' states %ld but %ld counted%s%s%s%s",
		    cl->figure, e->id, cl->value, cc->computed,
		    src ? " (source '" : "", src ? src : "", src ? "')" : "",
		    o->drafts ? " with drafts included" : "");
	}
}

static void
stats_findings(struct edition_stats *s)
{
	const struct edition *e = s->edition;
	size_t i, k;

	for (k = 0; k < e->nfindings; k++)
		e->findings[k].public ? s->public_findings++ : s->private_findings++;
	for (i = 0; i < s->nratings; i++) {
		const struct review *r = s->ratings[i].review;

		for (k = 0; k < r->nfindings; k++)
			r->findings[k].public ? s->public_findings++ : s->private_findings++;
	}
}

static void
stats_gone(struct edition_stats *s, const struct build_opts *o)
{
	const struct edition *b = s->baseline;
	size_t i, cap = 0;

	/* a partial edition's missing reviews say nothing of who left */
	if (b == NULL || s->edition->partial)
		return;
	for (i = 0; i < b->nreviews; i++) {
		const struct review *r = b->reviews[i];
		struct gone *g;

		if (!review_visible(r, o) || visible_review(s->edition, r->provider, o))
			continue;
		s->gone = xgrow(s->gone, sizeof(*s->gone), s->ngone + 1, &cap);
		g = &s->gone[s->ngone++];
		g->provider = r->provider;
		g->previous = review_tier(r);
		g->status = r->provider->successor ? MOVE_MERGED : MOVE_DROPPED;
	}
}

/* Counts of the baseline, for changes: the same rules as for the edition. */
static void
baseline_counts(const struct edition *b, const struct build_opts *o, size_t nladder,
    long *counts, long *reviewed, long *rated, long *medals)
{
	size_t i;

	memset(counts, 0, nladder * sizeof(*counts));
	*reviewed = *rated = *medals = 0;
	for (i = 0; i < b->nreviews; i++) {
		const struct tier *t;

		if (!review_visible(b->reviews[i], o) || (t = review_tier(b->reviews[i])) == NULL)
			continue;
		counts[t->index]++;
		(*reviewed)++;
		*rated += t->rated;
		*medals += t->medal;
	}
}

static void
stats_change(struct edition_stats *s, const struct project *p, const struct build_opts *o)
{
	size_t n = p->report.nladder, i;
	long *bc, rev, rat, med;

	s->d_counts = xcalloc(n, sizeof(*s->d_counts));
	s->d_medals_pct = s->d_reviewed_pct = NAN;
	if (s->baseline == NULL || s->baseline->partial || s->edition->partial)
		return;
	s->has_change = true;
	bc = xcalloc(n, sizeof(*bc));
	baseline_counts(s->baseline, o, n, bc, &rev, &rat, &med);
	for (i = 0; i < n; i++)
		s->d_counts[i] = s->counts[i] - bc[i];
	s->d_medals = s->medals - med;
	s->d_reviewed = s->reviewed - rev;
	s->d_rated = s->rated - rat;
	s->d_medals_pct = pct_change(med, s->medals);
	s->d_reviewed_pct = pct_change(rev, s->reviewed);
	free(bc);
}

/* Whether a failure test injected a fault the review names. */
static bool
fault_named(const struct fault_test *f)
{
	return f != NULL && !f->not_injected && f->fault != NULL;
}

/*
 * The fault more than half of the edition's failure tests injected, found
 * in two passes over the ratings (a majority vote, then its count), so the
 * cost is linear in the reviews whatever their number.
 */
static const char *
stats_usual_fault(const struct edition_stats *s)
{
	const char *cand = NULL;
	size_t i, n = 0, k = 0, votes = 0;

	for (i = 0; i < s->nratings; i++) {
		const struct fault_test *f = s->ratings[i].review->fault;

		if (!fault_named(f))
			continue;
		n++;
		if (votes == 0) {
			cand = f->fault;
			votes = 1;
		} else if (strcmp(cand, f->fault) == 0)
			votes++;
		else
			votes--;
	}
	for (i = 0; cand != NULL && i < s->nratings; i++) {
		const struct fault_test *f = s->ratings[i].review->fault;

		k += fault_named(f) && strcmp(f->fault, cand) == 0;
	}
	return k >= 2 && 2 * k > n ? cand : NULL;
}

static void
stats_compute(struct edition_stats *s, const struct project *p, const struct edition *e,
    const struct edition *baseline, const struct build_opts *o, struct diag *d, bool report)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->edition = e;
	s->baseline = baseline;
	s->tracked = e->tracked;
	s->counts = xcalloc(p->report.nladder, sizeof(*s->counts));
	s->ratings = xcalloc(e->nreviews, sizeof(*s->ratings));
	for (i = 0; i < e->nreviews; i++) {
		const struct review *r = e->reviews[i];
		struct rating *rt;
		const struct review *old;

		if (!review_visible(r, o))
			continue;
		rt = &s->ratings[s->nratings];
		rt->review = r;
		rt->provider = r->provider;
		rt->score = review_score(r);
		rt->computed = review_computed_tier(r, rt->score);
		rt->tier = r->tier ? r->tier : rt->computed;
		if (rt->tier == NULL)
			continue; /* the loader reported it */
		s->nratings++;
		if (report)
			rating_check_override(rt, d);
		else
			rt->override = r->tier && rt->computed && r->tier != rt->computed;
		old = visible_review(baseline, r->provider, o);
		rating_move(rt, old ? review_tier(old) : NULL, baseline,
		    rated_since_start(baseline, r->provider, o));
		s->counts[rt->tier->index]++;
		s->reviewed++;
		s->rated += rt->tier->rated;
		s->medals += rt->tier->medal;
	}
	qsort(s->ratings, s->nratings, sizeof(*s->ratings), cmp_rating);
	s->by_provider = xcalloc(p->nproviders, sizeof(*s->by_provider));
	for (i = 0; i < s->nratings; i++)
		s->by_provider[s->ratings[i].provider->index] = &s->ratings[i];
	s->medals_of_reviewed = s->reviewed && !e->partial ?
	    (double)s->medals / (double)s->reviewed : NAN;
	s->medals_of_tracked = s->tracked > 0 && !e->partial ?
	    (double)s->medals / (double)s->tracked : NAN;
	stats_gone(s, o);
	stats_change(s, p, o);
	stats_findings(s);
	s->usual_fault = stats_usual_fault(s);
	if (report)
		stats_claims(s, o, d);
}

static void
stats_release(struct edition_stats *s)
{
	free(s->counts);
	free(s->ratings);
	free(s->gone);
	free(s->claims);
	free(s->d_counts);
	free(s->by_provider);
}

static void
providers_compute(struct computed *c)
{
	const struct project *p = c->project;
	size_t i, k;

	c->nproviders = p->nproviders;
	c->providers = xcalloc(p->nproviders, sizeof(*c->providers));
	for (i = 0; i < p->nproviders; i++) {
		struct provider_view *v = &c->providers[i];

		v->provider = &p->providers[i];
		v->history = xcalloc(c->neditions, sizeof(*v->history));
		for (k = 0; k < c->neditions; k++) {
			const struct rating *rt = edition_stats_rating(&c->editions[k], v->provider);

			if (rt == NULL)
				continue;
			v->history[v->nhistory].edition = c->editions[k].edition;
			v->history[v->nhistory++].rating = rt;
		}
		v->visible = v->nhistory > 0;
	}
}

static void
sections_compute(struct computed *c)
{
	const struct project *p = c->project;
	size_t i;

	c->sections = xcalloc(p->nsections, sizeof(*c->sections));
	for (i = 0; i < p->nsections; i++)
		if (section_visible(&p->sections[i], &c->opts))
			c->sections[c->nsections++] = &p->sections[i];
}

static const struct gone *
stats_gone_of(const struct edition_stats *s, const struct provider *p)
{
	size_t i;

	for (i = 0; i < s->ngone; i++)
		if (s->gone[i].provider == p)
			return &s->gone[i];
	return NULL;
}

/*
 * A public build leaves draft reviews out (SPEC 4.3). Where that changes
 * what the site says of a provider it shows (as no longer reviewed, missing
 * from an edition, new in the next one), a warning at the review's draft:
 * says so, so that a forgotten draft: true is not published unseen.
 */
static void
drafts_tell(const struct computed *c, struct diag *d)
{
	size_t i, k, m;

	if (c->opts.drafts)
		return;
	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *s = &c->editions[i];
		const struct edition *e = s->edition;

		for (k = 0; k < e->nreviews; k++) {
			const struct review *r = e->reviews[k];
			const struct provider *p = r->provider;
			const struct gone *g;
			struct buf next = BUF_INIT;

			if (!r->draft || !c->providers[p->index].visible)
				continue;
			for (m = 0; m < c->neditions; m++) {
				const struct rating *rt = edition_stats_rating(&c->editions[m], p);

				if (c->editions[m].baseline == e && rt != NULL &&
				    rt->status == MOVE_NEW)
					buf_printf(&next, ", and as new in edition '%s'",
					    c->editions[m].edition->id);
			}
			if ((g = stats_gone_of(s, p)) != NULL)
				diag_warning(d, r->draft_pos.file, r->draft_pos.line,
				    r->draft_pos.col, "the review of '%s' in edition '%s' is a "
				    "draft: this build shows '%s' as no longer reviewed in '%s' "
				    "(it was '%s' in '%s')%s; build with --drafts to include it",
				    p->id, e->id, p->id, e->id, g->previous ? g->previous->id : "?",
				    s->baseline->id, next.data);
			else
				diag_warning(d, r->draft_pos.file, r->draft_pos.line,
				    r->draft_pos.col, "the review of '%s' in edition '%s' is a "
				    "draft: this build leaves '%s' out of '%s' but shows it in "
				    "other editions%s; build with --drafts to include it",
				    p->id, e->id, p->id, e->id, next.data);
			buf_release(&next);
		}
	}
}

struct computed *
computed_new(const struct project *p, const struct build_opts *o, struct diag *d)
{
	struct computed *c = xcalloc(1, sizeof(*c));
	const struct report *rp = &p->report;
	size_t i;

	c->project = p;
	c->opts = *o;
	c->neditions = p->neditions;
	c->editions = xcalloc(p->neditions, sizeof(*c->editions));
	for (i = 0; i < p->neditions; i++)
		stats_compute(&c->editions[i], p, &p->editions[i], p->editions[i].previous,
		    o, d, true);
	if (rp->edition != NULL && rp->compare != NULL) {
		stats_compute(&c->compare, p, rp->edition, rp->compare, o, d, false);
		c->has_compare = true;
	}
	providers_compute(c);
	sections_compute(c);
	changes_compute(c);
	drafts_tell(c, d);
	return c;
}

void
computed_free(struct computed *c)
{
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i < c->neditions; i++)
		stats_release(&c->editions[i]);
	free(c->editions);
	if (c->has_compare)
		stats_release(&c->compare);
	for (i = 0; i < c->nproviders; i++)
		free(c->providers[i].history);
	free(c->providers);
	free(c->sections);
	changes_free(c);
	free(c);
}

const struct edition_stats *
computed_edition(const struct computed *c, const struct edition *e)
{
	if (e == NULL || e->index >= c->neditions)
		return NULL;
	return &c->editions[e->index];
}

const struct provider_view *
computed_provider(const struct computed *c, const struct provider *p)
{
	if (p == NULL || p->index >= c->nproviders)
		return NULL;
	return &c->providers[p->index];
}

const struct rating *
edition_stats_rating(const struct edition_stats *s, const struct provider *p)
{
	if (p == NULL || s->by_provider == NULL)
		return NULL;
	return s->by_provider[p->index];
}

char *
move_words(const struct report *r, enum move_status s, bool has_steps,
    int steps, const char *successor)
{
	static const char *const keys[] = {"move_up", "move_down", "move_same",
	    "move_new", "move_dropped", "move_merged", "move_unrated",
	    "move_returned", "move_unlisted", "move_first_rated"};

	if (s == MOVE_UP && has_steps)
		return report_format_n(r, "move_up_n", steps);
	if (s == MOVE_DOWN && has_steps)
		return report_format_n(r, "move_down_n", -steps);
	if (s == MOVE_MERGED && successor != NULL)
		return report_format1(r, "move_merged_into", "name", successor);
	return xstrdup(report_string(r, (size_t)s < ARRAY_SIZE(keys) ? keys[s] :
	    "move_same"));
}

char *
fault_step_time(const struct report *r, int64_t secs, bool upper)
{
	char buf[128];

	if (secs < 0)
		return NULL;
	if (secs == 0 && !upper) /* not "0s" */
		return xstrdup(report_string(r, "at_once"));
	report_duration(r, secs, buf, sizeof(buf));
	return upper ? report_format1(r, "within_time", "time", buf) : xstrdup(buf);
}

const char *
fault_step_verdict(const struct report *r, int64_t secs, bool upper,
    int64_t target)
{
	if (secs < 0)
		return report_string(r, "no_time_recorded");
	if (target < 0)
		return "";
	if (secs <= target)
		return report_string(r, "within_target");
	return report_string(r, upper ? "not_known" : "over_target");
}

char *
move_text(const struct report *r, enum move_status s, bool has_steps,
    int steps, const char *successor)
{
	char *w = move_words(r, s, has_steps, steps, successor), *out;

	if (s != MOVE_UP && s != MOVE_DOWN)
		return w;
	out = xasprintf("%s %s", move_mark(s), w);
	free(w);
	return out;
}

const char *
move_mark(enum move_status s)
{
	/* not rated and not named: one dash, the words after it telling them
	 * apart (site review 8, item 13) */
	static const char *const marks[] = {"\xe2\x86\x91", "\xe2\x86\x93", "=", "+",
	    "\xc3\x97", "\xe2\x86\x92", "\xe2\x80\x94", "\xe2\x86\xba",
	    "\xe2\x80\x94", "+"};

	return (size_t)s < ARRAY_SIZE(marks) ? marks[s] : "=";
}

const char *
move_status_name(enum move_status s)
{
	/* SPEC 2.2's statuses: a first rating is a move out of a rated: false
	 * tier like any other (only its words tell it apart) */
	static const char *const names[] = {"up", "down", "same", "new", "dropped",
	    "merged", "unrated", "returned", "unlisted", "returned"};

	return (size_t)s < ARRAY_SIZE(names) ? names[s] : "same";
}

const char *
move_status_class(enum move_status s)
{
	return s == MOVE_FIRST ? "first" : move_status_name(s);
}
