/* lint.c: every visible piece of Markdown checked for its shortcodes and links,
 * over the machine's cores, with the diagnostics in the order of the content. */
#include <stdlib.h>
#include <string.h>

#include "lint.h"
#include "markdown.h"
#include "workers.h"

/* Pieces of work: enough for the threads to share out evenly. */
#define LINT_CHUNKS 64

/*
 * Checks a text read from a YAML scalar, each diagnostic placed where the
 * author wrote it: md_check counts in the value, text_origin_map finds the
 * place again in the scalar's source (quotes, escapes, folding).
 */
static void
lint_text(const struct computed *c, const char *text, const char *file,
    const struct text_origin *at, struct diag *d)
{
	struct diag scratch;
	unsigned *lines, *cols;
	size_t i;

	if (text == NULL)
		return;
	diag_init(&scratch);
	md_check(c, text, file, 1, &scratch);
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
    const struct field_value *v, struct diag *d)
{
	size_t i;

	for (i = 0; v != NULL && i < n; i++)
		if (field_types[defs[i].type].shows == SHOWS_MARKDOWN && v[i].set)
			lint_text(c, v[i].text, v[i].pos.file, &v[i].at, d);
}

/* A review's texts; its provider's fields too when this is the first review
 * of the provider in the list (providers_too). */
static void
lint_review(const struct computed *c, const struct review *r, bool providers_too,
    struct diag *d)
{
	const struct report *rp = &c->project->report;
	size_t i;

	if (providers_too && r->provider != NULL)
		lint_fields(c, rp->provider_fields, rp->nprovider_fields, r->provider->fields, d);
	lint_fields(c, rp->review_fields, rp->nreview_fields, r->fields, d);

	lint_text(c, r->summary, r->pos.file, &r->summary_at, d);
	for (i = 0; i < r->nstrengths; i++)
		lint_text(c, r->strengths[i], r->pos.file, &r->strengths_at[i], d);
	for (i = 0; i < r->nweaknesses; i++)
		lint_text(c, r->weaknesses[i], r->pos.file, &r->weaknesses_at[i], d);
	if (r->fault != NULL)
		lint_text(c, r->fault->note, r->pos.file, &r->fault->note_at, d);
}

/* The texts in content order: the sections, the tiers' descriptions, then
 * each edition's reviews. */
struct lint_work {
	const struct computed *c;
	const struct review **reviews;
	bool *first;       /* reviews[i] is its provider's first in the list */
	size_t nreviews, n, nchunks;
	struct diag *d;    /* one per chunk */
};

static void
lint_item(const struct lint_work *w, size_t i, struct diag *d)
{
	const struct section *s;
	const struct report *r = &w->c->project->report;
	const struct tier *t;

	if (i < w->c->nsections) {
		s = w->c->sections[i];
		md_check(w->c, s->body, s->pos.file, s->body_line, d);
		return;
	}
	i -= w->c->nsections;
	if (i < r->nladder) {
		t = &r->ladder[i];
		lint_text(w->c, t->description, t->pos.file, &t->description_at, d);
		return;
	}
	i -= r->nladder;
	lint_review(w->c, w->reviews[i], w->first[i], d);
}

static void
lint_chunk(size_t k, void *arg)
{
	struct lint_work *w = arg;
	size_t i, from = w->n * k / w->nchunks, to = w->n * (k + 1) / w->nchunks;

	for (i = from; i < to; i++)
		lint_item(w, i, &w->d[k]);
}

void
lint_markdown(const struct computed *c, struct diag *d)
{
	struct lint_work w;
	size_t i, k;
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
	w.n = c->nsections + c->project->report.nladder + w.nreviews;
	w.nchunks = w.n < LINT_CHUNKS ? (w.n > 0 ? w.n : 1) : LINT_CHUNKS;
	w.d = xcalloc(w.nchunks, sizeof(*w.d));
	parallel_for(w.nchunks, lint_chunk, &w);
	for (k = 0; k < w.nchunks; k++)
		diag_move(d, &w.d[k]);
	free(w.d);
	free(w.reviews);
	free(w.first);
}
