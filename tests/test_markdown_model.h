/*
 * test_markdown_model.h: a hand-built project for the Markdown and table
 * tests, with the default report's headline figures: 2.0 has 85 reviews and
 * 37 medals of 209 tracked, 3.0 has 77 reviews and 19 medals of 323 tracked;
 * 1.0 has no review and no tracked count. Named providers carry the cases
 * (up, down, new, merged, unrated, returned, an alias, a hostile name);
 * fillers make up the counts.
 */
#ifndef TEST_MARKDOWN_MODEL_H
#define TEST_MARKDOWN_MODEL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "parse.h"
#include "util.h"

#define EVIL_NAME "<script>alert(1)</script> \"Q\" & 'Co' \xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa"
#define EVIL_TITLE "<b>\"Quotes\" & 'marks'</b>"

/* A provider and its tier in 1.0, 2.0 and 3.0 (NULL: no review). */
struct fx_provider {
	const char *id;
	const char *name;
	const char *tiers[3];
};

static const struct fx_provider fx_named[] = {
	{"aws", "Amazon Web Services", {NULL, "silver", "bronze"}},
	{"coreweave", "CoreWeave", {NULL, "platinum", "platinum"}},
	{"evil", EVIL_NAME, {NULL, "underperforming", "ribbon"}},
	{"fluidstack", "Fluidstack", {NULL, "gold", "unavailable"}},
	{"lightning", "Lightning", {NULL, "bronze", "bronze"}},
	{"moonlite", "Moonlite", {NULL, NULL, "bronze"}},
	{"nebius", "Nebius", {NULL, "gold", "platinum"}},
	{"returner", "Returner", {NULL, "unavailable", "silver"}},
	{"voltage-park", "Voltage Park", {NULL, "silver", NULL}},
};

/* Fillers per edition, in ladder order: what the named ones leave over. */
static const int fx_fill[2][7] = {
	{0, 3, 10, 18, 0, 22, 24},   /* 2.0: 1 5 12 19 0 23 25 = 85, 37 medals */
	{0, 2, 4, 7, 14, 11, 31},    /* 3.0: 2 2 5 10 15 11 32 = 77, 19 medals */
};

struct fx {
	struct project *p;
	struct computed *c;
	struct diag d;
};

static int
fx_cmp_provider(const void *a, const void *b)
{
	return strcmp(((const struct provider *)a)->id, ((const struct provider *)b)->id);
}

static void
fx_ladder(struct project *p)
{
	static const char *const ids[] = {"platinum", "gold", "silver", "bronze", "ribbon",
	    "underperforming", "unavailable"};
	static const char *const names[] = {"Platinum", "Gold", "Silver", "Bronze",
	    "Participation Ribbon", "Underperforming", "Unavailable"};
	size_t i;

	p->report.nladder = 7;
	p->report.ladder = arena_array(p->arena, 7, sizeof(struct tier));
	for (i = 0; i < 7; i++) {
		struct tier *t = &p->report.ladder[i];

		t->id = ids[i];
		t->name = names[i];
		t->medal = i < 4;
		t->rated = i < 6;
		t->index = i;
	}
}

static void
fx_sources(struct project *p)
{
	struct source *s;

	p->nsources = 5;
	p->sources = s = arena_array(p->arena, 5, sizeof(*s));
	s[0] = (struct source){.id = "clustermax-3.0", .title = "ClusterMAX 3.0",
	    .kind = SOURCE_REPORT, .url = "https://example.org/cm3", .date = DATE_NONE};
	s[1] = (struct source){.id = "evil-src", .title = EVIL_TITLE,
	    .kind = SOURCE_ARTICLE, .date = DATE_NONE};
	s[2] = (struct source){.id = "plain", .title = "Plain talk",
	    .kind = SOURCE_VIDEO, .date = DATE_NONE};
	s[3] = (struct source){.id = "runtime-2026", .title = "Compute, capital",
	    .kind = SOURCE_VIDEO, .url = "https://www.youtube.com/watch?v=abc",
	    .date = DATE_NONE};
	s[4] = (struct source){.id = "talk-q", .title = "A talk",
	    .kind = SOURCE_VIDEO, .url = "https://example.org/talk#top", .date = DATE_NONE};
}

static void
fx_providers(struct project *p)
{
	size_t n = ARRAY_SIZE(fx_named), i, e, k;
	int f;
	struct provider *v;

	for (e = 0; e < 2; e++)
		for (k = 0; k < 7; k++)
			n += (size_t)fx_fill[e][k];
	v = arena_array(p->arena, n, sizeof(*v));
	for (i = 0; i < ARRAY_SIZE(fx_named); i++) {
		v[i].id = fx_named[i].id;
		v[i].name = fx_named[i].name;
	}
	for (e = 0; e < 2; e++)
		for (k = 0; k < 7; k++)
			for (f = 0; f < fx_fill[e][k]; f++, i++) {
				v[i].id = arena_printf(p->arena, "z%zu-%s-%02d", e + 2,
				    p->report.ladder[k].id, f + 1);
				v[i].name = arena_printf(p->arena, "Filler %s", v[i].id);
			}
	qsort(v, n, sizeof(*v), fx_cmp_provider);
	p->providers = v;
	p->nproviders = n;
	/* reader order = id order here: the tests' expectations read by id */
	p->by_name = arena_array(p->arena, n, sizeof(*p->by_name));
	for (i = 0; i < n; i++) {
		v[i].index = v[i].order = i;
		p->by_name[i] = &v[i];
	}
	for (i = 0; i < n; i++) {
		if (strcmp(v[i].id, "voltage-park") == 0) {
			v[i].successor_id = "lightning";
			v[i].successor = project_provider(p, "lightning");
		}
		if (strcmp(v[i].id, "lightning") == 0) {
			v[i].aliases = arena_array(p->arena, 1, sizeof(char *));
			v[i].aliases[0] = "lightning-ai";
			v[i].naliases = 1;
		}
	}
}

/* The tier of provider pr in edition e (0 = 1.0), or NULL. */
static const char *
fx_tier_of(const struct provider *pr, size_t e)
{
	static char tier[32];
	const char *a, *b;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fx_named); i++)
		if (strcmp(fx_named[i].id, pr->id) == 0)
			return fx_named[i].tiers[e];
	if (e == 0 || pr->id[1] != (char)('0' + e + 1))
		return NULL;
	a = strchr(pr->id, '-') + 1;
	b = strrchr(pr->id, '-');
	snprintf(tier, sizeof(tier), "%.*s", (int)(b - a), a);
	return tier;
}

static void
fx_security(struct project *p, struct review *r)
{
	struct finding *f = arena_array(p->arena, 2, sizeof(*f));

	r->has_security = true;
	r->practices = arena_array(p->arena, 3, sizeof(*r->practices));
	r->practices[0] = TRI_TRUE;
	r->practices[1] = TRI_FALSE;
	r->practices[2] = TRI_UNSET;
	f[0] = (struct finding){.id = "f1", .title = "Metadata <leak> & more",
	    .cls = FCLASS_CROSS_TENANT, .severity = SEV_HIGH, .patched_after = -1,
	    .verified = DATE_NONE, .verified_flag = true, .public = true};
	date_parse("2026-08-01", &f[0].disclosed);
	date_parse("2026-08-07", &f[0].patched);
	f[1] = (struct finding){.id = "f2", .title = "SECRET-TITLE",
	    .cls = FCLASS_CONTAINER_ESCAPE, .severity = SEV_CRITICAL, .patched = DATE_NONE,
	    .patched_after = -1, .verified = DATE_NONE, .public = false};
	date_parse("2026-07-01", &f[1].disclosed);
	r->findings = f;
	r->nfindings = 2;
}

static void
fx_reviews(struct project *p)
{
	size_t e, i, n = 0;

	p->reviews = arena_array(p->arena, p->nproviders * 3, sizeof(struct review));
	for (e = 0; e < 3; e++) {
		struct edition *ed = &p->editions[e];

		ed->reviews = arena_array(p->arena, p->nproviders, sizeof(struct review *));
		for (i = 0; i < p->nproviders; i++) {
			const char *tid = fx_tier_of(&p->providers[i], e);
			struct review *r;

			if (tid == NULL)
				continue;
			r = &p->reviews[n++];
			r->edition = ed;
			r->provider = &p->providers[i];
			r->file_id = r->provider->id;
			r->tier = project_tier(p, tid);
			r->pos.file = "reviews/x.yaml";
			if (e == 2 && strcmp(r->provider->id, "aws") == 0) {
				fx_security(p, r);
				/* a failure test, so that the faults chart is there */
				r->fault = arena_alloc(p->arena, sizeof(*r->fault));
				*r->fault = (struct fault_test){.fault = "synthetic fault",
				    .detected_by = DETECT_PROVIDER, .detect_after = 120,
				    .drain_after = -1, .replaced_after = 24 * 60,
				    .automatic = TRI_UNSET};
			}
			ed->reviews[ed->nreviews++] = r;
		}
	}
	p->nreviews = n;
}

static void
fx_claims(struct project *p)
{
	struct edition *e2 = &p->editions[1], *e3 = &p->editions[2];
	struct finding *f;

	e2->claims = arena_array(p->arena, 1, sizeof(struct claim));
	e2->claims[0] = (struct claim){.figure = "reviewed", .value = 84,
	    .note = "The article says 84; it has 85 review sections."};
	e2->nclaims = 1;
	e3->claims = arena_array(p->arena, 3, sizeof(struct claim));
	e3->claims[0] = (struct claim){.figure = "reviewed", .value = 77};
	e3->claims[1] = (struct claim){.figure = "medals", .value = 19};
	e3->claims[2] = (struct claim){.figure = "tiers.ribbon", .value = 15,
	    .tier = project_tier(p, "ribbon")};
	e3->nclaims = 3;
	e3->findings = f = arena_array(p->arena, 2, sizeof(*f));
	f[0] = (struct finding){.id = "tenant-storage", .title = "Tenant storage reachable",
	    .cls = FCLASS_CROSS_TENANT, .severity = SEV_CRITICAL, .patched = DATE_NONE,
	    .patched_after = 7 * 86400, .verified = DATE_NONE, .verified_flag = true,
	    .public = true};
	date_parse("2026-08-01", &f[0].disclosed);
	f[1] = (struct finding){.id = "hidden", .title = "HIDDEN-ED",
	    .cls = FCLASS_OTHER, .severity = SEV_LOW, .disclosed = DATE_NONE,
	    .patched = DATE_NONE, .patched_after = -1, .verified = DATE_NONE};
	e3->nfindings = 2;
}

static void
fx_editions(struct project *p)
{
	static const char *const ids[] = {"1.0", "2.0", "3.0"};
	static const long tracked[] = {-1, 209, 323};
	const struct tier **tiers;
	size_t i;

	tiers = arena_array(p->arena, 7, sizeof(*tiers));
	for (i = 0; i < 7; i++)
		tiers[i] = &p->report.ladder[i];
	p->neditions = 3;
	p->editions = arena_array(p->arena, 3, sizeof(struct edition));
	for (i = 0; i < 3; i++) {
		struct edition *e = &p->editions[i];

		e->id = ids[i];
		e->name = arena_printf(p->arena, "ClusterMAX %s", ids[i]);
		e->published = DATE_NONE;
		e->tiers = tiers;
		e->ntiers = 7;
		e->tracked = tracked[i];
		e->target_detect = e->target_replace = -1;
		e->index = i;
		if (i > 0) {
			e->previous = &p->editions[i - 1];
			e->previous_id = ids[i - 1];
		}
	}
}

/* On return, free with fx_free(). allow_html sets report.allow_html. */
static void
fx_new(struct fx *fx, bool allow_html)
{
	struct project *p = xcalloc(1, sizeof(*p));
	struct build_opts o = {false, 20000};

	p->arena = arena_new();
	p->dir = ".";
	p->report.title = "Test report";
	p->report.allow_html = allow_html;
	p->report.npractices = 3;
	p->report.practices = arena_array(p->arena, 3, sizeof(*p->report.practices));
	p->report.practices[0] = (struct practice_def){.id = "drivers_current",
	    .name = "Drivers current"};
	p->report.practices[1] = (struct practice_def){.id = "embargo_program",
	    .name = "Embargo program"};
	p->report.practices[2] = (struct practice_def){.id = "audit_tool", .name = "Audit tool"};
	fx_ladder(p);
	fx_sources(p);
	fx_providers(p);
	fx_editions(p);
	fx_reviews(p);
	fx_claims(p);
	p->report.edition = &p->editions[2];
	p->report.edition_id = "3.0";
	p->report.compare = &p->editions[1];
	p->report.compare_id = "2.0";
	diag_init(&fx->d);
	fx->p = p;
	project_derive(p);
	fx->c = computed_new(p, &o, &fx->d);
}

static void
fx_free(struct fx *fx)
{
	computed_free(fx->c);
	project_free(fx->p);
	diag_release(&fx->d);
}

#endif
