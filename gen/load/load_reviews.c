/* load_reviews.c: content/reviews/<edition>/<provider>.yaml, one review each. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"
#include "workers.h"

#define REVIEWS_DIR "content/reviews"

const char *const review_builtin_keys[] = {"tier", "tier_uncertain", "scores", "override",
    "draft", "summary", "strengths", "weaknesses", "fault_test", "security", "quotes", "sources", "response", "corrections", NULL};
const char *const override_keys[] = {"reason", NULL};
const char *const fault_keys[] = {"fault", "detected_by", "detect_after",
    "drain_after", "replaced_after", "replaced_from", "automatic", "note", "injected", "against_targets", "first_missed", NULL};
const char *const detected_names[] = {"provider", "customer", "none", NULL};
const char *const replaced_from_names[] = {"fault", "approval", NULL};
const char *const security_keys[] = {"practices", "findings", NULL};
const char *const quote_keys[] = {"text", "source", "at", NULL};
const char *const response_keys[] = {"text", "date", "source", NULL};
const char *const correction_keys[] = {"date", "text", NULL};

static void
tri_load(struct loader *l, const char *file, const struct ynode *map, const char *key,
    enum tri *out)
{
	bool b;

	*out = TRI_UNSET;
	if (get_bool(l, file, opt(map, key), key, &b))
		*out = b ? TRI_TRUE : TRI_FALSE;
}

static void
scores_load(struct loader *l, const char *file, const struct ynode *n, struct review *rv)
{
	const struct edition *e = rv->edition;
	const struct rubric *r = e->rubric;
	size_t i;

	rv->scores_pos = node_pos(l, file, n);
	if (r == NULL) {
		diag_error(l->d, file, n->line, n->col,
		    "'scores' needs a rubric, and edition '%s' has none", e->id);
		return;
	}
	if (!expect_map(l, file, n, "scores"))
		return;
	rv->scores = arena_array(l->a, r->ncriteria ? r->ncriteria : 1, sizeof(*rv->scores));
	for (i = 0; i < r->ncriteria; i++)
		rv->scores[i] = NAN;
	for (i = 0; i < n->npairs; i++) {
		const struct ypair *kv = &n->pairs[i];
		const struct criterion *c;

		if (kv->duplicate || (c = rubric_criterion(l, file, e, kv->key)) == NULL)
			continue;
		get_number(l, file, kv->value, c->id, 0, r->scale, &rv->scores[c - r->criteria]);
	}
	for (i = 0; i < r->ncriteria; i++)
		if (ynode_get(n, r->criteria[i].id) == NULL)
			diag_error(l->d, file, n->line, n->col,
			    "missing score for criterion '%s'", r->criteria[i].id);
}

/* A duration, or an upper bound written "<=11m" (sets *upper). */
static void
bound_load(struct loader *l, const char *file, const struct ynode *n, const char *what,
    int64_t *out, bool *upper)
{
	*upper = false;
	if (n == NULL)
		return;
	if (n->kind == YNODE_SCALAR && strncmp(n->str, "<=", 2) == 0) {
		if (duration_parse(n->str + 2, out)) {
			*upper = true;
			return;
		}
		diag_error(l->d, file, n->line, n->col, "'%s' must be a duration like 90s, "
		    "24m, 8h40m or 2d, or an upper bound like <=11m, not '%s'", what, shown(l, n));
		return;
	}
	get_duration(l, file, n, what, out);
}

static void
fault_load(struct loader *l, const char *file, const struct ynode *n, struct review *rv)
{
	struct fault_test *f;
	bool b;
	int e;

	if (!expect_map(l, file, n, "fault_test"))
		return;
	f = rv->fault = arena_alloc(l->a, sizeof(*f));
	f->pos = node_pos(l, file, n);
	f->detected_by = DETECT_UNSET;
	f->detect_after = f->drain_after = f->replaced_after = -1;
	check_keys(l, file, n, fault_keys);
	get_str(l, file, need(l, file, n, "fault"), "fault", &f->fault);
	if (get_enum(l, file, opt(n, "detected_by"), "detected_by", detected_names, &e))
		f->detected_by = (enum detected_by)e;
	bound_load(l, file, opt(n, "detect_after"), "detect_after", &f->detect_after,
	    &f->detect_upper);
	bound_load(l, file, opt(n, "drain_after"), "drain_after", &f->drain_after,
	    &f->drain_upper);
	bound_load(l, file, opt(n, "replaced_after"), "replaced_after", &f->replaced_after,
	    &f->replaced_upper);
	/* replaced_from: approval: the replacement is timed from a person's
	 * approval, not from the fault, and is never drawn on the fault's axis */
	if (get_enum(l, file, opt(n, "replaced_from"), "replaced_from", replaced_from_names, &e))
		f->replaced_from_approval = e == 1;
	if (get_bool(l, file, opt(n, "injected"), "injected", &b))
		f->not_injected = !b;
	/* against_targets: false: the test is not judged against the edition's
	 * targets (a system they are not set for); the note says why */
	if (get_bool(l, file, opt(n, "against_targets"), "against_targets", &b))
		f->not_compared = !b;
	/* first_missed: true: the first injection went unnoticed */
	if (get_bool(l, file, opt(n, "first_missed"), "first_missed", &b))
		f->first_missed = b;
	tri_load(l, file, n, "automatic", &f->automatic);
	if (get_str(l, file, opt(n, "note"), "note", &f->note))
		f->note_at = text_origin_of(l, opt(n, "note"));
}

static void
security_load(struct loader *l, const char *file, const struct ynode *n, struct review *rv)
{
	struct ynode *pr, *fs;

	if (!expect_map(l, file, n, "security"))
		return;
	rv->has_security = true;
	check_keys(l, file, n, security_keys);
	if ((pr = opt(n, "practices")) != NULL && expect_map(l, file, pr, "practices")) {
		practice_values_load(l, file, pr, &rv->practices);
	}
	if ((fs = opt(n, "findings")) != NULL)
		findings_load(l, file, fs, &rv->findings, &rv->nfindings);
}

static void
quotes_load(struct loader *l, const char *file, const struct ynode *n, struct review *rv)
{
	size_t i;

	if (!expect_seq(l, file, n, "quotes"))
		return;
	rv->quotes = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*rv->quotes));
	for (i = 0; i < n->nitems; i++) {
		const struct ynode *it = n->items[i];
		struct quote *q = &rv->quotes[rv->nquotes];
		struct ynode *at;

		q->at = -1;
		q->pos = node_pos(l, file, it);
		if (!expect_map(l, file, it, "quotes"))
			continue;
		check_keys(l, file, it, quote_keys);
		get_str(l, file, need(l, file, it, "text"), "text", &q->text);
		q->source = ref_source(l, file, need(l, file, it, "source"));
		if ((at = opt(it, "at")) != NULL && get_timestamp(l, file, at, "at", &q->at))
			q->at_text = arena_strdup(l->a, at->str);
		if (q->text != NULL && q->source != NULL)
			rv->nquotes++;
	}
}

/* response: {text, date, source}: the provider's answer, in its words. */
static void
response_load(struct loader *l, const char *file, const struct ynode *n, struct review *rv)
{
	struct response *r;
	struct ynode *t;

	if (!expect_map(l, file, n, "response"))
		return;
	check_keys(l, file, n, response_keys);
	r = arena_alloc(l->a, sizeof(*r));
	memset(r, 0, sizeof(*r));
	r->date = DATE_NONE;
	r->pos = node_pos(l, file, n);
	if ((t = need(l, file, n, "text")) == NULL || !get_str(l, file, t, "text", &r->text))
		return;
	r->text_pos = node_pos(l, file, t);
	r->text_at = text_origin_of(l, t);
	get_date(l, file, opt(n, "date"), "date", &r->date);
	r->source = ref_source(l, file, opt(n, "source"));
	rv->response = r;
}

void
corrections_load(struct loader *l, const char *file, const struct ynode *n,
    struct correction **out, size_t *count)
{
	size_t i;

	*count = 0;
	if (!expect_seq(l, file, n, "corrections"))
		return;
	*out = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(**out));
	for (i = 0; i < n->nitems; i++) {
		const struct ynode *it = n->items[i];
		struct correction *c = &(*out)[*count];
		struct ynode *t;
		bool dated;

		memset(c, 0, sizeof(*c));
		c->date = DATE_NONE;
		c->pos = node_pos(l, file, it);
		if (!expect_map(l, file, it, "corrections"))
			continue;
		check_keys(l, file, it, correction_keys);
		dated = get_date(l, file, need(l, file, it, "date"), "date", &c->date);
		if ((t = need(l, file, it, "text")) == NULL ||
		    !get_str(l, file, t, "text", &c->text))
			continue;
		c->text_at = text_origin_of(l, t);
		if (dated)
			(*count)++;
	}
}

static void
review_sources_load(struct loader *l, const char *file, const struct ynode *n,
    struct review *rv)
{
	size_t i;

	if (!expect_seq(l, file, n, "sources"))
		return;
	rv->sources = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*rv->sources));
	for (i = 0; i < n->nitems; i++)
		if ((rv->sources[rv->nsources] = ref_source(l, file, n->items[i])) != NULL)
			rv->nsources++;
}

static void
review_fields(struct loader *l, const char *file, const struct ynode *root, struct review *rv)
{
	const struct edition *e = rv->edition;
	struct ynode *n, *scores = opt(root, "scores");

	check_keys(l, file, root, l->review_known != NULL ? l->review_known :
	    review_builtin_keys);
	if ((n = opt(root, "tier")) != NULL) {
		rv->tier_pos = node_pos(l, file, n);
		rv->tier = edition_tier(l, file, e, n);
	} else if (e->rubric == NULL || scores == NULL)
		diag_error(l->d, file, root->line, root->col, "missing required key 'tier'%s",
		    e->rubric != NULL ? " (or 'scores', as the edition has a rubric)" : "");
	if (scores != NULL)
		scores_load(l, file, scores, rv);
	get_str(l, file, opt(root, "tier_uncertain"), "tier_uncertain", &rv->tier_uncertain);
	if ((n = opt(root, "override")) != NULL && expect_map(l, file, n, "override")) {
		check_keys(l, file, n, override_keys);
		get_str(l, file, need(l, file, n, "reason"), "reason", &rv->override_reason);
	}
	if ((n = given(l, file, root, "draft", "true or false")) != NULL) {
		rv->draft_pos = node_pos(l, file, n);
		get_bool(l, file, n, "draft", &rv->draft);
	}
	if ((n = opt(root, "summary")) != NULL &&
	    get_str(l, file, n, "summary", &rv->summary)) {
		rv->summary_pos = node_pos(l, file, n);
		rv->summary_at = text_origin_of(l, n);
	}
	if ((n = opt(root, "strengths")) != NULL)
		get_textv(l, file, n, "strengths", &rv->strengths, &rv->strengths_at,
		    &rv->nstrengths);
	if ((n = opt(root, "weaknesses")) != NULL)
		get_textv(l, file, n, "weaknesses", &rv->weaknesses, &rv->weaknesses_at,
		    &rv->nweaknesses);
	if ((n = opt(root, "fault_test")) != NULL)
		fault_load(l, file, n, rv);
	security_load(l, file, opt(root, "security"), rv);
	if ((n = opt(root, "quotes")) != NULL)
		quotes_load(l, file, n, rv);
	if ((n = opt(root, "sources")) != NULL)
		review_sources_load(l, file, n, rv);
	if ((n = opt(root, "response")) != NULL)
		response_load(l, file, n, rv);
	if ((n = opt(root, "corrections")) != NULL)
		corrections_load(l, file, n, &rv->corrections, &rv->ncorrections);
	field_values_load(l, file, root, l->p->report.review_fields,
	    l->p->report.nreview_fields, &rv->fields);
}

/* Files read and parsed at once: enough to keep the cores busy, few enough
 * that only a handful of parsed trees are alive at a time. */
#define REVIEW_BATCH 64

/*
 * Checks the review file of stem before it is read; NULL after reporting
 * (an unknown provider, or a second review of one provider in e).
 */
static const struct provider *
review_provider(struct loader *l, const struct edition *e, const char *rel,
    const char *stem, const char **first)
{
	const struct provider *pr = project_provider(l->p, stem);

	if (pr == NULL) {
		diag_error(l->d, rel, 0, 0, "unknown provider '%s' (no %s/%s.yaml)", stem,
		    "content/providers", stem);
		return NULL;
	}
	if (first[pr->index] != NULL) {
		diag_error(l->d, rel, 0, 0,
		    "provider '%s' already has a review in edition '%s' (%s)", pr->id, e->id,
		    first[pr->index]);
		return NULL;
	}
	return pr;
}

/*
 * In the job, once the file is parsed: the review's fields, from a copy of
 * the loader that allocates from the job's arena and reports to the job.
 */
static void
review_fields_job(struct yjob *j)
{
	struct loader jl = *j->l;

	jl.a = j->keep;
	jl.d = &j->d;
	review_fields(&jl, j->yf.path, j->yf.root, j->ctx);
}

/* Takes the review of a file read and parsed (or refused) by its job. */
static void
review_take(struct loader *l, struct review *rv, const char *stem, struct yjob *j,
    const char **first)
{
	rv->file_id = arena_strdup(l->a, stem);
	diag_move(l->d, &j->d);
	rv->pos.file = first[rv->provider->index] = j->yf.path;
	rv->pos.line = rv->pos.col = 1;
	l->reviews = xgrow(l->reviews, sizeof(*l->reviews), l->nreviews + 1, &l->capreviews);
	l->reviews[l->nreviews++] = *rv;
}

/* "FOLDER/STEM.yaml", malloc'd (made for every review: no printf). */
static char *
review_rel(const char *folder, const char *stem)
{
	size_t fl = strlen(folder), sl = strlen(stem);
	char *rel = xmalloc(fl + sl + 7);

	memcpy(rel, folder, fl);
	rel[fl] = '/';
	memcpy(rel + fl + 1, stem, sl);
	memcpy(rel + fl + 1 + sl, ".yaml", 6);
	return rel;
}

/* One round: up to REVIEW_BATCH files of the folder, from names[*next]. */
static void
review_batch(struct loader *l, const struct edition *e, const char *folder,
    char **names, size_t n, size_t *next, const char **first, struct yjob *jobs)
{
	struct review rvs[REVIEW_BATCH];
	char *stems[REVIEW_BATCH], *stem, *rel;
	const struct provider *pr;
	size_t m = 0, i;

	for (; *next < n && m < REVIEW_BATCH; (*next)++) {
		if ((stem = loader_stem(l, folder, names[*next], ".yaml")) == NULL)
			continue;
		rel = review_rel(folder, stem);
		if ((pr = review_provider(l, e, rel, stem, first)) == NULL) {
			free(rel);
			free(stem);
			continue;
		}
		jobs[m].rel = arena_strdup(l->a, rel);
		/* taken now, so that a later file of the batch (an alias) sees it */
		first[pr->index] = jobs[m].rel;
		free(rel);
		memset(&rvs[m], 0, sizeof(rvs[m]));
		rvs[m].edition = e;
		rvs[m].provider = pr;
		jobs[m].then = review_fields_job;
		jobs[m].ctx = &rvs[m];
		stems[m++] = stem;
	}
	yjobs_load(l, jobs, m);
	for (i = 0; i < m; i++) {
		review_take(l, &rvs[i], stems[i], &jobs[i], first);
		free(stems[i]);
	}
	yjobs_reset(jobs, m);
}

static void
edition_folder_load(struct loader *l, const struct edition *e, struct yjob *jobs)
{
	char *folder = xasprintf("%s/%s", REVIEWS_DIR, e->id), **names;
	const char **first = xcalloc(l->p->nproviders + 1, sizeof(*first));
	size_t n, next = 0;
	bool missing;

	if ((names = loader_list(l, folder, &n, &missing)) != NULL) {
		while (next < n)
			review_batch(l, e, folder, names, n, &next, first, jobs);
		strv_free(names, n);
	}
	free(first);
	free(folder);
}

static int
review_cmp(const void *a, const void *b)
{
	const struct review *x = a, *y = b;

	if (x->edition->index != y->edition->index)
		return x->edition->index < y->edition->index ? -1 : 1;
	return strcmp(x->provider->id, y->provider->id);
}

/* p->reviews by edition then provider id; each edition's pointers into it. */
static void
reviews_attach(struct loader *l)
{
	struct project *p = l->p;
	size_t i, k;

	if (l->nreviews > 1)
		qsort(l->reviews, l->nreviews, sizeof(*l->reviews), review_cmp);
	p->reviews = arena_array(l->a, l->nreviews ? l->nreviews : 1, sizeof(*p->reviews));
	if (l->nreviews > 0)
		memcpy(p->reviews, l->reviews, l->nreviews * sizeof(*p->reviews));
	p->nreviews = l->nreviews;
	for (i = 0; i < p->nreviews; i = k) {
		struct edition *e = &p->editions[p->reviews[i].edition->index];

		for (k = i; k < p->nreviews && p->reviews[k].edition == p->reviews[i].edition; k++)
			;
		e->reviews = arena_array(l->a, k - i, sizeof(*e->reviews));
		for (e->nreviews = 0; e->nreviews < k - i; e->nreviews++)
			e->reviews[e->nreviews] = &p->reviews[i + e->nreviews];
	}
	free(l->reviews);
	l->reviews = NULL;
}

void
reviews_load(struct loader *l)
{
	struct project *p = l->p;
	struct yjob *jobs;
	char **names, *rel;
	const struct edition *e;
	size_t n, i;
	bool missing;

	if ((names = loader_list(l, REVIEWS_DIR, &n, &missing)) == NULL)
		return;
	jobs = xcalloc(REVIEW_BATCH, sizeof(*jobs));
	for (i = 0; i < n; i++) {
		if ((e = project_edition(p, names[i])) != NULL) {
			edition_folder_load(l, e, jobs);
			continue;
		}
		rel = path_join(REVIEWS_DIR, names[i]);
		diag_error(l->d, rel, 0, 0, "'%s' names no edition (reviews go in %s/<edition>/)",
		    names[i], REVIEWS_DIR);
		free(rel);
	}
	/* what the jobs built the reviews' fields in now belongs to the project */
	for (i = 0; i < REVIEW_BATCH; i++)
		arena_adopt(l->a, jobs[i].keep);
	yjobs_free(jobs, REVIEW_BATCH);
	strv_free(names, n);
	reviews_attach(l);
}
