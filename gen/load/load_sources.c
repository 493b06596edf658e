/* load_sources.c: content/sources.yaml, a mapping of source id -> citation. */
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

#define SOURCES_FILE "content/sources.yaml"

const char *const source_keys[] = {"title", "author", "publisher", "date", "date_text",
    "kind", "url", NULL};
const char *const kind_names[] = {"report", "article", "video", "talk", "other", NULL};

/* YYYY-MM or YYYY: a date whose day (or month) is not known. */
static bool
partial_date(const char *s)
{
	size_t i, n = strlen(s);

	if (n != 4 && n != 7)
		return false;
	for (i = 0; i < n; i++)
		if (i == 4 ? s[i] != '-' : (s[i] < '0' || s[i] > '9'))
			return false;
	if (n == 7) {
		int m = (s[5] - '0') * 10 + (s[6] - '0');

		return m >= 1 && m <= 12;
	}
	return true;
}

static void
date_load(struct loader *l, const char *file, const struct ynode *n, struct source *s)
{
	if (n == NULL)
		return;
	if (n->kind == YNODE_SCALAR && partial_date(n->str))
		s->date_text = arena_strdup(l->a, n->str);
	else if (n->kind != YNODE_SCALAR || !date_parse(n->str, &s->date))
		diag_error(l->d, file, n->line, n->col,
		    "'date' must be a real date YYYY-MM-DD (or YYYY-MM when the day is "
		    "not known), not '%s'", shown(l, n));
}

static bool
source_load(struct loader *l, const char *file, const struct ynode *key,
    const struct ynode *n, struct source *s)
{
	int e;

	memset(s, 0, sizeof(*s));
	s->date = DATE_NONE;
	s->pos = node_pos(l, file, key);
	if (!get_id(l, file, key, "source id", &s->id) ||
	    !expect_map(l, file, n, s->id))
		return false;
	check_keys(l, file, n, source_keys);
	get_str(l, file, need(l, file, n, "title"), "title", &s->title);
	get_str(l, file, opt(n, "author"), "author", &s->author);
	get_str(l, file, opt(n, "publisher"), "publisher", &s->publisher);
	date_load(l, file, opt(n, "date"), s);
	if (opt(n, "date_text") != NULL && s->date_text != NULL) {
		const struct ynode *t = ynode_get(n, "date_text");

		diag_error(l->d, file, t->line, t->col,
		    "give 'date' as YYYY-MM or 'date_text', not both");
	} else
		get_str(l, file, opt(n, "date_text"), "date_text", &s->date_text);
	if (get_enum(l, file, need(l, file, n, "kind"), "kind", kind_names, &e))
		s->kind = (enum source_kind)e;
	get_url(l, file, opt(n, "url"), "url", &s->url);
	if (s->title == NULL)
		s->title = s->id;
	return true; /* listed even with errors, so references to it resolve */
}

static int
source_cmp(const void *a, const void *b)
{
	return strcmp(((const struct source *)a)->id, ((const struct source *)b)->id);
}

void
sources_load(struct loader *l)
{
	struct project *p = l->p;
	struct yfile yf;
	size_t i;

	if (!loader_exists(l, SOURCES_FILE))
		return; /* optional: a report may cite nothing */
	if (!yfile_load(l, SOURCES_FILE, &yf)) {
		l->sources_failed = true;
		yfile_release(l, &yf);
		return;
	}
	p->sources = arena_array(l->a, yf.root->npairs ? yf.root->npairs : 1,
	    sizeof(*p->sources));
	for (i = 0; i < yf.root->npairs; i++) {
		const struct ypair *kv = &yf.root->pairs[i];

		if (kv->duplicate)
			continue;
		if (source_load(l, yf.path, kv->key, kv->value, &p->sources[p->nsources]))
			p->nsources++;
	}
	qsort(p->sources, p->nsources, sizeof(*p->sources), source_cmp);
	yfile_release(l, &yf);
}
