/* lint.c: every visible piece of Markdown parsed once and checked for its
 * shortcodes and links, over the machine's cores, with the diagnostics in
 * the order of the content; the trees are kept for the back ends. */
#include <stdlib.h>
#include <string.h>

#include "lint.h"
#include "markdown.h"
#include "workers.h"

/* Pieces of work: enough for the threads to share out evenly. */
#define LINT_CHUNKS 64

/*
 * How much of its trees a build keeps: by default 32 MiB, PODIUM_MD_KEEP
 * MiB when set (0: none). A tree takes about twelve times its text's
 * bytes (cmark 0.30: measured over the wide bench's reviews, 2.0 MB of
 * text in 24 MB of trees), so a report of up to some 2.7 MB of Markdown
 * has each text parsed once; past that, a text that does not fit is
 * checked here and parsed again by each back end that shows it, and a
 * report of 10,000 providers does not hold a quarter of a gigabyte of
 * trees. Each piece of work gets an equal share, so which texts are kept
 * does not depend on the threads (and the output never does).
 */
#define MD_KEEP_DEFAULT_MIB 32
#define MD_TREE_PER_BYTE 12
#define MD_TREE_EACH 256

static size_t
md_keep_budget(void)
{
	const char *s = getenv("PODIUM_MD_KEEP");
	unsigned long mib = MD_KEEP_DEFAULT_MIB;
	char *end;

	if (s != NULL && *s != '\0') {
		mib = strtoul(s, &end, 10);
		if (*end != '\0' || mib > 1024UL * 1024)
			mib = MD_KEEP_DEFAULT_MIB;
	}
	return (size_t)mib * 1024 * 1024;
}

/*
 * Checks a text read from a YAML scalar, each diagnostic placed where the
 * author wrote it: md_check counts in the value, text_origin_map finds the
 * place again in the scalar's source (quotes, escapes, folding).
 */
/* Where a piece of work keeps the trees it parses: its store, and the
 * trees kept between builds (podium serve), or NULL. */
struct lint_to {
	struct md_store *st;
	struct md_cache *mc;
	size_t room;     /* bytes of trees it may still keep (estimated) */
};

/* Parses text (first_line on of file) once; keeps its tree in st while
 * there is room, and always when its parse reported something (so that no
 * back end reports it again). With a cache, a text it holds is not parsed
 * again, and one whose parse reported nothing goes into it. */
static int
parse_keep(const struct computed *c, const char *text, const char *file,
    unsigned first_line, struct lint_to *to, struct diag *d)
{
	const struct md_doc *kept;
	struct md_doc doc;
	size_t n0 = d->n, cost;

	if (text == NULL)
		return 0;
	if (to->mc != NULL &&
	    (kept = md_cache_get(to->mc, c, text, file, first_line)) != NULL) {
		md_store_lend(to->st, text, kept);
		return 0;
	}
	if (md_parse(c, text, file, first_line, &doc, d) != 0)
		return -1;
	if (to->mc != NULL && d->n == n0) {
		md_store_lend(to->st, text, md_cache_put(to->mc, text, file, first_line, &doc));
		return 0;
	}
	cost = strlen(text) * MD_TREE_PER_BYTE + MD_TREE_EACH;
	if (cost > to->room && d->n == n0) {
		md_doc_release(&doc);
		return 0;
	}
	to->room = cost < to->room ? to->room - cost : 0;
	md_store_put(to->st, text, &doc);
	return 0;
}

static void
lint_text(const struct computed *c, const char *text, const char *file,
    const struct text_origin *at, struct lint_to *st, struct diag *d)
{
	struct diag scratch;
	unsigned *lines, *cols;
	size_t i;

	if (text == NULL)
		return;
	diag_init(&scratch);
	parse_keep(c, text, file, 1, st, &scratch);
	lines = xcalloc(scratch.n + 1, sizeof(*lines));
	cols = xcalloc(scratch.n + 1, sizeof(*cols));
	for (i = 0; i < scratch.n; i++) {
		lines[i] = scratch.v[i].line;
		cols[i] = scratch.v[i].col;
	}
	text_origin_map(at, text, strlen(text), scratch.n, lines, cols);
	for (i = 0; i < scratch.n; i++) {
		const struct diag_entry *e = &scratch.v[i];

		if (e->kind == DIAG_ERROR)
			diag_error(d, e->file, lines[i], cols[i], "%s", e->msg);
		else
			diag_warning(d, e->file, lines[i], cols[i], "%s", e->msg);
	}
	free(lines);
	free(cols);
	diag_release(&scratch);
}

/* The declared text fields' values (n declared fields, values v). */
static void
lint_fields(const struct computed *c, const struct field_def *defs, size_t n,
    const struct field_value *v, struct lint_to *st, struct diag *d)
{
	size_t i;

	for (i = 0; v != NULL && i < n; i++)
		if (field_types[defs[i].type].shows == SHOWS_MARKDOWN && v[i].set)
			lint_text(c, v[i].text, v[i].pos.file, &v[i].at, st, d);
}

/* Corrections (a review's, an edition's, a section's): their texts. */
static void
lint_corrections(const struct computed *c, const struct correction *v, size_t n,
    struct lint_to *st, struct diag *d)
{
	size_t i;

	for (i = 0; i < n; i++)
		lint_text(c, v[i].text, v[i].pos.file, &v[i].text_at, st, d);
}

/* A review's texts; its provider's fields too when this is the first review
 * of the provider in the list (providers_too). */
static void
lint_review(const struct computed *c, const struct review *r, bool providers_too,
    struct lint_to *st, struct diag *d)
{
	const struct report *rp = &c->project->report;
	size_t i;

	if (providers_too && r->provider != NULL)
		lint_fields(c, rp->provider_fields, rp->nprovider_fields, r->provider->fields,
		    st, d);
	lint_fields(c, rp->review_fields, rp->nreview_fields, r->fields, st, d);

	lint_text(c, r->summary, r->pos.file, &r->summary_at, st, d);
	for (i = 0; i < r->nstrengths; i++)
		lint_text(c, r->strengths[i], r->pos.file, &r->strengths_at[i], st, d);
	for (i = 0; i < r->nweaknesses; i++)
		lint_text(c, r->weaknesses[i], r->pos.file, &r->weaknesses_at[i], st, d);
	if (r->fault != NULL)
		lint_text(c, r->fault->note, r->pos.file, &r->fault->note_at, st, d);
	if (r->response != NULL)
		lint_text(c, r->response->text, r->pos.file, &r->response->text_at, st, d);
	lint_corrections(c, r->corrections, r->ncorrections, st, d);
}

/* The texts in content order: the sections, the tiers' descriptions,
 * each edition's reviews, the custom pages, the practices' descriptions,
 * the report's lede, the editions' corrections. */
struct lint_work {
	const struct computed *c;
	const struct review **reviews;
	bool *first;       /* reviews[i] is its provider's first in the list */
	size_t nreviews, n, nchunks;
	struct diag *d;    /* one per chunk */
	struct lint_to *st; /* one per chunk: the trees it parsed */
};

static void
lint_item(const struct lint_work *w, size_t i, struct lint_to *st, struct diag *d)
{
	const struct section *s;
	const struct report *r = &w->c->project->report;
	const struct tier *t;
	const struct page *pg;

	if (i < w->c->nsections) {
		s = w->c->sections[i];
		parse_keep(w->c, s->body, s->pos.file, s->body_line, st, d);
		lint_corrections(w->c, s->corrections, s->ncorrections, st, d);
		return;
	}
	i -= w->c->nsections;
	if (i < r->nladder) {
		t = &r->ladder[i];
		lint_text(w->c, t->description, t->pos.file, &t->description_at, st, d);
		return;
	}
	i -= r->nladder;
	if (i < w->nreviews) {
		lint_review(w->c, w->reviews[i], w->first[i], st, d);
		return;
	}
	i -= w->nreviews;
	if (i < w->c->project->npages) {
		pg = &w->c->project->pages[i];
		parse_keep(w->c, pg->body, pg->pos.file, pg->body_line, st, d);
		return;
	}
	i -= w->c->project->npages;
	if (i == r->npractices) {
		lint_text(w->c, r->lede, r->pos.file, &r->lede_at, st, d);
		return;
	}
	if (i > r->npractices) {
		const struct edition *e = &w->c->project->editions[i - r->npractices - 1];

		lint_corrections(w->c, e->corrections, e->ncorrections, st, d);
		return;
	}
	parse_keep(w->c, r->practices[i].description, r->practices[i].pos.file,
	    r->practices[i].pos.line, st, d);
}

static void
lint_chunk(size_t k, void *arg)
{
	struct lint_work *w = arg;
	size_t i, from = w->n * k / w->nchunks, to = w->n * (k + 1) / w->nchunks;

	for (i = from; i < to; i++)
		lint_item(w, i, &w->st[k], &w->d[k]);
}

struct md_store *
lint_markdown(const struct computed *c, struct diag *d)
{
	return lint_markdown_cached(c, NULL, d);
}

struct md_store *
lint_markdown_cached(const struct computed *c, struct md_cache *mc,
    struct diag *d)
{
	struct md_store *all = md_store_new();
	struct lint_work w;
	size_t i, k, budget;
	bool *seen;

	memset(&w, 0, sizeof(w));
	w.c = c;
	for (i = 0; i < c->neditions; i++)
		w.nreviews += c->editions[i].nratings;
	w.reviews = xcalloc(w.nreviews + 1, sizeof(*w.reviews));
	w.nreviews = 0;
	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			w.reviews[w.nreviews++] = c->editions[i].ratings[k].review;
	/* each provider's fields once, with its first review */
	w.first = xcalloc(w.nreviews + 1, sizeof(*w.first));
	seen = xcalloc(c->project->nproviders + 1, sizeof(*seen));
	for (i = 0; i < w.nreviews; i++) {
		const struct provider *pv = w.reviews[i]->provider;

		if (pv != NULL && pv->index < c->project->nproviders && !seen[pv->index])
			seen[pv->index] = w.first[i] = true;
	}
	free(seen);
	w.n = c->nsections + c->project->report.nladder + w.nreviews + c->project->npages +
	    c->project->report.npractices + 1 /* the lede */ + c->project->neditions;
	w.nchunks = w.n < LINT_CHUNKS ? (w.n > 0 ? w.n : 1) : LINT_CHUNKS;
	w.d = xcalloc(w.nchunks, sizeof(*w.d));
	w.st = xcalloc(w.nchunks, sizeof(*w.st));
	budget = md_keep_budget();
	for (k = 0; k < w.nchunks; k++) {
		w.st[k].st = md_store_new();
		w.st[k].mc = mc;
		w.st[k].room = budget / w.nchunks;
	}
	if (mc != NULL)
		md_cache_begin(mc);
	parallel_for(w.nchunks, lint_chunk, &w);
	for (k = 0; k < w.nchunks; k++) {
		diag_move(d, &w.d[k]);
		md_store_move(all, w.st[k].st);
		md_store_free(w.st[k].st);
	}
	/* the trees this build neither took nor put: none is lent to a store */
	if (mc != NULL)
		md_cache_end(mc);
	free(w.d);
	free(w.st);
	free(w.reviews);
	free(w.first);
	md_store_seal(all);
	return all;
}
