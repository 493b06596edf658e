/* model.c: lookups in the loaded model, enum names, and freeing. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "parse.h"
#include "util.h"

const struct tier *
project_tier(const struct project *p, const char *id)
{
	size_t i;

	for (i = 0; i < p->report.nladder; i++)
		if (strcmp(p->report.ladder[i].id, id) == 0)
			return &p->report.ladder[i];
	return NULL;
}

const struct source *
project_source(const struct project *p, const char *id)
{
	size_t lo = 0, hi = p->nsources;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(p->sources[mid].id, id);

		if (c == 0)
			return &p->sources[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct edition *
project_edition(const struct project *p, const char *id)
{
	size_t i;

	for (i = 0; i < p->neditions; i++)
		if (strcmp(p->editions[i].id, id) == 0)
			return &p->editions[i];
	return NULL;
}

/* For a model built without the loader's alias index. */
static const struct provider *
provider_by_alias_scan(const struct project *p, const char *id)
{
	size_t i, k;

	for (i = 0; i < p->nproviders; i++)
		for (k = 0; k < p->providers[i].naliases; k++)
			if (strcmp(p->providers[i].aliases[k], id) == 0)
				return &p->providers[i];
	return NULL;
}

const struct provider *
project_provider(const struct project *p, const char *id)
{
	size_t lo = 0, hi = p->nproviders;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(p->providers[mid].id, id);

		if (c == 0)
			return &p->providers[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (p->aliases == NULL)
		return provider_by_alias_scan(p, id);
	/* p->aliases is sorted by alias, then provider: the first match wins */
	lo = 0;
	hi = p->naliases;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(p->aliases[mid].alias, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < p->naliases && strcmp(p->aliases[lo].alias, id) == 0)
		return p->aliases[lo].provider;
	return NULL;
}

const struct review *
edition_review(const struct edition *e, const struct provider *pr)
{
	size_t lo = 0, hi = e->nreviews;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(e->reviews[mid]->provider->id, pr->id);

		if (c == 0)
			return e->reviews[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct threshold *
rubric_threshold(const struct rubric *rb, const struct tier *t)
{
	size_t i;

	for (i = 0; i < rb->nthresholds; i++)
		if (rb->thresholds[i].tier == t)
			return &rb->thresholds[i];
	return NULL;
}

bool
edition_has_tier(const struct edition *e, const struct tier *t)
{
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		if (e->tiers[i] == t)
			return true;
	return false;
}

void
project_free(struct project *p)
{
	if (p == NULL)
		return;
	arena_free(p->arena);
	free(p);
}

const char *
source_kind_name(enum source_kind k)
{
	static const char *const names[] = {"report", "article", "video", "talk", "other"};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : "other";
}

const char *
finding_class_name(enum finding_class c)
{
	static const char *const names[] = {"cross-tenant", "container-escape",
	    "exposed-service", "other"};

	return (size_t)c < ARRAY_SIZE(names) ? names[c] : "other";
}

const char *
severity_name(enum severity s)
{
	static const char *const names[] = {"critical", "high", "medium", "low"};

	/* an unstated severity prints as nothing, never as a guess */
	return s >= 0 && (size_t)s < ARRAY_SIZE(names) ? names[s] : "";
}

const struct field_type_row field_types[FIELD_NTYPES] = {
	[FIELD_STRING] = {"string", "text", SHOWS_TEXT},
	[FIELD_TEXT] = {"text", "Markdown, one line", SHOWS_MARKDOWN},
	[FIELD_INTEGER] = {"integer", "a whole number", SHOWS_INTEGER},
	[FIELD_NUMBER] = {"number", "a number", SHOWS_NUMBER},
	[FIELD_BOOLEAN] = {"boolean", "true | false", SHOWS_BOOLEAN},
	[FIELD_DATE] = {"date", "YYYY-MM-DD", SHOWS_DATE},
	[FIELD_URL] = {"url", "https://...", SHOWS_URL},
	[FIELD_CHOICE] = {"choice", NULL, SHOWS_TEXT},
	[FIELD_COUNTRY] = {"country", "ISO 3166 alpha-2, e.g. FR", SHOWS_TEXT},
	[FIELD_LIST] = {"list", "[a, b]", SHOWS_LIST},
};

const char *
field_type_name(enum field_type t)
{
	return (size_t)t < FIELD_NTYPES ? field_types[t].name : "string";
}

int
field_type_parse(const char *name)
{
	int i;

	for (i = 0; i < FIELD_NTYPES; i++)
		if (strcmp(field_types[i].name, name) == 0)
			return i;
	return -1;
}

int
field_index(const struct field_def *defs, size_t n, const char *id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (defs[i].id != NULL && strcmp(defs[i].id, id) == 0)
			return (int)i;
	return -1;
}

/* Whether p records any security practice or finding: a scan of every
 * review, made once (project_derive), not once per page that asks. */
static bool
scan_security(const struct project *p)
{
	size_t i, k;

	if (p->report.npractices > 0)
		return true;
	for (i = 0; i < p->neditions; i++) {
		if (p->editions[i].nfindings > 0)
			return true;
		for (k = 0; k < p->editions[i].nreviews; k++)
			if (p->editions[i].reviews[k]->nfindings > 0)
				return true;
	}
	return false;
}

static bool
scan_fault_tests(const struct project *p)
{
	size_t i, k;

	for (i = 0; i < p->neditions; i++)
		for (k = 0; k < p->editions[i].nreviews; k++)
			if (p->editions[i].reviews[k]->fault != NULL)
				return true;
	return false;
}

void
project_derive(struct project *p)
{
	p->has_security = scan_security(p);
	p->has_fault_tests = scan_fault_tests(p);
}

bool
project_has_security(const struct project *p)
{
	return p->has_security;
}

bool
project_has_fault_tests(const struct project *p)
{
	return p->has_fault_tests;
}

bool
project_has_rubric(const struct project *p)
{
	size_t i;

	for (i = 0; i < p->neditions; i++)
		if (p->editions[i].rubric != NULL)
			return true;
	return false;
}

char *
field_value_text(const struct field_def *f, const struct field_value *v)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (v == NULL || !v->set)
		return NULL;
	if (field_types[f->type].shows == SHOWS_LIST) {
		for (i = 0; i < v->nitems; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", v->items[i]);
		if (v->nitems == 0)
			buf_puts(&b, "");
	} else if (field_types[f->type].shows == SHOWS_BOOLEAN)
		buf_puts(&b, v->boolean ? "yes" : "no");
	else
		buf_puts(&b, v->text != NULL ? v->text : "");
	return buf_detach(&b, NULL);
}
