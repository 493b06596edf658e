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
	size_t i, len;
	unsigned line, col;

	if (text == NULL)
		return;
	diag_init(&scratch);
	md_check(c, text, file, 1, &scratch);
	len = strlen(text);
	for (i = 0; i < scratch.n; i++) {
		const struct diag_entry *e = &scratch.v[i];

		text_origin_map(at, text, len, e->line, e->col, &line, &col);
		if (e->kind == DIAG_ERROR)
			diag_error(d, e->file, line, col, "%s", e->msg);
		else
			diag_warning(d, e->file, line, col, "%s", e->msg);
	}
	diag_release(&scratch);
}

static void
lint_review(const struct computed *c, const struct review *r, struct diag *d)
{
	size_t i;

	lint_text(c, r->summary, r->pos.file, &r->summary_at, d);
	for (i = 0; i < r->nstrengths; i++)
		lint_text(c, r->strengths[i], r->pos.file, &r->strengths_at[i], d);
	for (i = 0; i < r->nweaknesses; i++)
		lint_text(c, r->weaknesses[i], r->pos.file, &r->weaknesses_at[i], d);
	if (r->fault != NULL)
		lint_text(c, r->fault->note, r->pos.file, &r->fault->note_at, d);
}

/* The texts in content order: the sections, then each edition's reviews. */
struct lint_work {
	const struct computed *c;
	const struct review **reviews;
	size_t nreviews, n, nchunks;
	struct diag *d;    /* one per chunk */
};

static void
lint_item(const struct lint_work *w, size_t i, struct diag *d)
{
	const struct section *s;

	if (i < w->c->nsections) {
		s = w->c->sections[i];
		md_check(w->c, s->body, s->pos.file, s->body_line, d);
	} else
		lint_review(w->c, w->reviews[i - w->c->nsections], d);
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

	memset(&w, 0, sizeof(w));
	w.c = c;
	for (i = 0; i < c->neditions; i++)
		w.nreviews += c->editions[i].nratings;
	w.reviews = xcalloc(w.nreviews + 1, sizeof(*w.reviews));
	w.nreviews = 0;
	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			w.reviews[w.nreviews++] = c->editions[i].ratings[k].review;
	w.n = c->nsections + w.nreviews;
	w.nchunks = w.n < LINT_CHUNKS ? (w.n > 0 ? w.n : 1) : LINT_CHUNKS;
	w.d = xcalloc(w.nchunks, sizeof(*w.d));
	parallel_for(w.nchunks, lint_chunk, &w);
	for (k = 0; k < w.nchunks; k++)
		diag_move(d, &w.d[k]);
	free(w.d);
	free(w.reviews);
}
