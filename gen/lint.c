/* lint.c: every visible piece of Markdown parsed once for its shortcodes. */
#include <string.h>

#include "lint.h"
#include "markdown.h"

static void
lint_text(const struct computed *c, const char *text, struct pos pos, struct diag *d)
{
	struct md_doc doc;
	unsigned line = pos.line;

	if (text == NULL)
		return;
	/* a block scalar ("|") starts on the line after its key */
	if (strchr(text, '\n') != NULL && line > 0)
		line++;
	if (md_parse(c, text, pos.file, line ? line : 1, &doc, d) == 0)
		md_doc_release(&doc);
}

static void
lint_review(const struct computed *c, const struct review *r, struct diag *d)
{
	size_t i;

	lint_text(c, r->summary, r->summary_pos, d);
	for (i = 0; i < r->nstrengths; i++)
		lint_text(c, r->strengths[i], r->pos, d);
	for (i = 0; i < r->nweaknesses; i++)
		lint_text(c, r->weaknesses[i], r->pos, d);
	if (r->fault != NULL)
		lint_text(c, r->fault->note, r->fault->pos, d);
}

void
lint_markdown(const struct computed *c, struct diag *d)
{
	size_t i, k;

	for (i = 0; i < c->nsections; i++) {
		const struct section *s = c->sections[i];
		struct md_doc doc;

		if (md_parse(c, s->body, s->pos.file, s->body_line, &doc, d) == 0)
			md_doc_release(&doc);
	}
	for (i = 0; i < c->neditions; i++)
		for (k = 0; k < c->editions[i].nratings; k++)
			lint_review(c, c->editions[i].ratings[k].review, d);
}
