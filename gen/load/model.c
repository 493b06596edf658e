/* model.c: lookups in the loaded model, enum names, and freeing. */
#include <stdlib.h>
#include <string.h>

#include "model.h"
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

const char *
provider_kind_name(enum provider_kind k)
{
	static const char *const names[] = {"hyperscaler", "neocloud", "other"};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : "other";
}

const char *
detected_by_name(enum detected_by d)
{
	static const char *const names[] = {"provider", "customer", "none"};

	return d >= 0 && (size_t)d < ARRAY_SIZE(names) ? names[d] : "";
}
