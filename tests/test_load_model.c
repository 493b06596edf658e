/*
 * test_load_model.c: tests/fixtures/load-valid loads without a diagnostic
 * and every field lands where model.h says: counts, order, resolved pointers.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "parse.h"

#define FIX "tests/fixtures/load-valid"

static struct project *p;
static struct diag dg;

static void
setup(void)
{
	diag_init(&dg);
	p = project_load(FIX, &dg);
	ck_assert_ptr_nonnull(p);
	if (dg.n)
		diag_print(&dg, stderr);
	ck_assert_uint_eq(dg.n, 0);
}

static void
teardown(void)
{
	project_free(p);
	diag_release(&dg);
}

static pdate
day(const char *s)
{
	pdate d = DATE_NONE;

	ck_assert(date_parse(s, &d));
	return d;
}

START_TEST(test_report)
{
	const struct report *r = &p->report;

	ck_assert_str_eq(r->title, "Fixture report");
	ck_assert_str_eq(r->subtitle, "A small one");
	ck_assert_str_eq(r->publisher, "Podium Tests");
	ck_assert_uint_eq(r->nauthors, 2);
	ck_assert_str_eq(r->authors[1], "Bob");
	ck_assert_str_eq(r->language, "en-GB");
	ck_assert_str_eq(r->base_url, "https://example.org/report/");
	ck_assert_int_eq(r->paper, PAPER_LETTER);
	ck_assert(r->allow_html);
	ck_assert_ptr_eq(r->edition, &p->editions[1]);
	ck_assert_str_eq(r->edition_id, "2.0");
	ck_assert_ptr_null(r->compare_id);
	ck_assert_ptr_eq(r->compare, &p->editions[0]);
	ck_assert_uint_eq(r->nfeatured, 2);
	ck_assert_ptr_eq(r->featured[0], &p->providers[1]);
	ck_assert_ptr_eq(r->featured[1], &p->providers[0]);
	ck_assert_str_eq(r->pos.file, "content/report.yaml");
}
END_TEST

START_TEST(test_ladder)
{
	const struct report *r = &p->report;

	ck_assert_uint_eq(r->nladder, 4);
	ck_assert_str_eq(r->ladder[0].id, "gold");
	ck_assert_str_eq(r->ladder[0].color, "#c9a227");
	ck_assert(r->ladder[0].medal && r->ladder[0].rated);
	ck_assert_ptr_null(r->ladder[1].color);
	ck_assert(!r->ladder[2].medal && r->ladder[2].rated);
	ck_assert_str_eq(r->ladder[3].name, "Unavailable");
	ck_assert(!r->ladder[3].rated);
	ck_assert_uint_eq(r->ladder[3].index, 3);
	ck_assert_uint_eq(r->ladder[3].pos.line, 15);
	ck_assert_uint_eq(r->ladder[3].pos.col, 5);
	ck_assert_ptr_eq(project_tier(p, "poor"), &r->ladder[2]);
}
END_TEST

START_TEST(test_sources)
{
	ck_assert_uint_eq(p->nsources, 2);
	ck_assert_str_eq(p->sources[0].id, "report-2");
	ck_assert_int_eq(p->sources[0].date, DATE_NONE);
	ck_assert_str_eq(p->sources[0].date_text, "2026-04");
	ck_assert_int_eq(p->sources[0].kind, SOURCE_REPORT);
	ck_assert_str_eq(p->sources[0].url, "https://example.org/r2");
	ck_assert_ptr_null(p->sources[0].author);
	ck_assert_str_eq(p->sources[1].id, "talk-1");
	ck_assert_int_eq(p->sources[1].date, day("2026-10-01"));
	ck_assert_int_eq(p->sources[1].kind, SOURCE_VIDEO);
	ck_assert_str_eq(p->sources[1].author, "Someone");
	ck_assert_ptr_null(p->sources[1].url);
}
END_TEST

START_TEST(test_editions)
{
	const struct edition *e1 = &p->editions[0], *e2 = &p->editions[1];

	ck_assert_uint_eq(p->neditions, 2);
	ck_assert_str_eq(e1->id, "1.0");
	ck_assert_ptr_null(e1->previous);
	ck_assert_uint_eq(e1->ntiers, 3);
	ck_assert_ptr_eq(e1->tiers[2], project_tier(p, "poor"));
	ck_assert_int_eq(e1->tracked, 10);
	ck_assert_ptr_null(e1->rubric);
	ck_assert_int_eq(e1->target_detect, -1);
	ck_assert_uint_eq(e1->nclaims, 1);
	ck_assert_str_eq(e1->claims[0].figure, "reviewed");
	ck_assert_int_eq(e1->claims[0].value, 3);
	ck_assert_str_eq(e1->claims[0].note, "one review is missing");
	ck_assert_str_eq(e2->name, "Fixture 2.0");
	ck_assert_int_eq(e2->published, day("2026-09-23"));
	ck_assert_str_eq(e2->previous_id, "1.0");
	ck_assert_ptr_eq(e2->previous, e1);
	ck_assert_ptr_eq(e2->source, &p->sources[0]);
	ck_assert_uint_eq(e2->ntiers, 4);
	ck_assert_int_eq(e2->tracked, 20);
	ck_assert_int_eq(e2->target_detect, 120);
	ck_assert_int_eq(e2->target_replace, 3600);
	ck_assert_uint_eq(e2->index, 1);
	ck_assert_str_eq(e2->pos.file, "content/editions/2.0.yaml");
}
END_TEST

START_TEST(test_rubric)
{
	const struct rubric *r = p->editions[1].rubric;

	ck_assert_ptr_nonnull(r);
	ck_assert(r->scale == 5);
	ck_assert_uint_eq(r->ncriteria, 2);
	ck_assert_str_eq(r->criteria[0].id, "security");
	ck_assert(r->criteria[0].weight == 3);
	ck_assert_str_eq(r->criteria[1].name, "Reliability");
	ck_assert(r->criteria[1].weight == 1);
	ck_assert_uint_eq(r->nthresholds, 2);
	/* written silver then gold; kept in ladder order */
	ck_assert_ptr_eq(r->thresholds[0].tier, project_tier(p, "gold"));
	ck_assert(r->thresholds[0].min == 80);
	ck_assert_uint_eq(r->thresholds[0].nrequire, 1);
	ck_assert_ptr_eq(r->thresholds[0].require[0].criterion, &r->criteria[0]);
	ck_assert(r->thresholds[0].require[0].min == 4.5);
	ck_assert_ptr_eq(r->thresholds[1].tier, project_tier(p, "silver"));
	ck_assert_uint_eq(r->thresholds[1].nrequire, 0);
	ck_assert_ptr_eq(r->floor, project_tier(p, "poor"));
}
END_TEST

START_TEST(test_edition_findings_claims)
{
	const struct edition *e = &p->editions[1];
	const struct finding *f = &e->findings[0];

	ck_assert_uint_eq(e->nfindings, 1);
	ck_assert_str_eq(f->id, "storage");
	ck_assert_str_eq(f->title, "Shared storage");
	ck_assert_int_eq(f->cls, FCLASS_CROSS_TENANT);
	ck_assert_int_eq(f->severity, SEV_CRITICAL);
	ck_assert_int_eq(f->disclosed, day("2026-08-01"));
	ck_assert_int_eq(f->patched, DATE_NONE);
	ck_assert_int_eq(f->patched_after, 7 * 86400);
	ck_assert_int_eq(f->verified, DATE_NONE);
	ck_assert(f->verified_flag && f->public);
	ck_assert_uint_eq(e->nclaims, 4);
	ck_assert_str_eq(e->claims[1].figure, "medals");
	ck_assert_ptr_null(e->claims[1].note);
	ck_assert_str_eq(e->claims[3].figure, "tiers.unavailable");
	ck_assert_ptr_eq(e->claims[3].tier, project_tier(p, "unavailable"));
	ck_assert_int_eq(e->claims[3].value, 1);
	ck_assert_uint_eq(e->claims[3].pos.line, 22);
}
END_TEST

START_TEST(test_providers)
{
	const struct provider *acme = &p->providers[0], *beta = &p->providers[1];

	ck_assert_uint_eq(p->nproviders, 3);
	ck_assert_str_eq(acme->id, "acme");
	ck_assert_str_eq(acme->short_name, "Acme");
	/* kind and country are fields the fixture's report declares */
	ck_assert_uint_eq(p->report.nprovider_fields, 2);
	ck_assert_str_eq(p->report.provider_fields[0].id, "kind");
	ck_assert_int_eq(p->report.provider_fields[0].type, FIELD_CHOICE);
	ck_assert_uint_eq(p->report.provider_fields[0].nchoices, 3);
	ck_assert(p->report.provider_fields[0].filter);
	ck_assert_int_eq(p->report.provider_fields[1].type, FIELD_COUNTRY);
	ck_assert(acme->fields[0].set);
	ck_assert_str_eq(acme->fields[0].text, "hyperscaler");
	ck_assert_str_eq(acme->fields[1].text, "US");
	ck_assert_str_eq(acme->url, "https://acme.example/");
	ck_assert_uint_eq(acme->naliases, 1);
	ck_assert_str_eq(acme->aliases[0], "acme-old");
	ck_assert_ptr_null(acme->successor);
	ck_assert_str_eq(beta->fields[0].text, "neocloud");
	ck_assert_str_eq(beta->successor_id, "acme");
	ck_assert_ptr_eq(beta->successor, acme);
	ck_assert_ptr_null(beta->short_name);
	ck_assert_str_eq(p->providers[2].id, "gamma");
	ck_assert_uint_eq(p->providers[2].index, 2);
	ck_assert_ptr_eq(project_provider(p, "acme-old"), acme);
}
END_TEST

START_TEST(test_reviews_order)
{
	static const char *const want[][2] = {{"1.0", "acme"}, {"1.0", "beta"},
	    {"2.0", "acme"}, {"2.0", "beta"}, {"2.0", "gamma"}};
	size_t i;

	ck_assert_uint_eq(p->nreviews, 5);
	for (i = 0; i < 5; i++) {
		ck_assert_str_eq(p->reviews[i].edition->id, want[i][0]);
		ck_assert_str_eq(p->reviews[i].provider->id, want[i][1]);
	}
	ck_assert_uint_eq(p->editions[0].nreviews, 2);
	ck_assert_uint_eq(p->editions[1].nreviews, 3);
	ck_assert_ptr_eq(p->editions[1].reviews[0], &p->reviews[2]);
	/* the 1.0 file is named by the alias */
	ck_assert_str_eq(p->reviews[0].file_id, "acme-old");
	ck_assert_str_eq(p->reviews[0].pos.file, "content/reviews/1.0/acme-old.yaml");
	ck_assert_str_eq(p->reviews[0].summary, "Old name.");
	ck_assert_ptr_eq(edition_review(&p->editions[1], &p->providers[2]), &p->reviews[4]);
}
END_TEST

START_TEST(test_review_full)
{
	const struct review *r = &p->reviews[2];
	const struct fault_test *f = r->fault;

	ck_assert_ptr_eq(r->tier, project_tier(p, "gold"));
	ck_assert_uint_eq(r->tier_pos.line, 1);
	ck_assert_uint_eq(r->tier_pos.col, 7);
	ck_assert(r->scores[0] == 5 && r->scores[1] == 4);
	ck_assert(!r->draft);
	ck_assert_str_eq(r->summary, "Acme is *good*.\n");
	ck_assert_uint_eq(r->summary_pos.line, 4);
	ck_assert_uint_eq(r->nstrengths, 2);
	ck_assert_str_eq(r->strengths[1], "Cheap");
	ck_assert_uint_eq(r->nweaknesses, 1);
	ck_assert_str_eq(f->fault, "synthetic XID error");
	ck_assert_int_eq(f->detected_by, DETECT_PROVIDER);
	ck_assert_int_eq(f->detect_after, 120);
	ck_assert_int_eq(f->drain_after, 67);
	ck_assert_int_eq(f->replaced_after, 24 * 60);
	ck_assert_int_eq(f->automatic, TRI_TRUE);
	ck_assert_str_eq(f->note, "Clean.");
	ck_assert(r->has_security);
	ck_assert_uint_eq(p->report.npractices, 3);
	ck_assert_str_eq(p->report.practices[0].id, "drivers_current");
	ck_assert_int_eq(r->practices[0], TRI_TRUE);
	ck_assert_int_eq(r->practices[1], TRI_FALSE);
	ck_assert_int_eq(r->practices[2], TRI_UNSET);
	ck_assert_uint_eq(r->nfindings, 1);
	ck_assert_int_eq(r->findings[0].cls, FCLASS_EXPOSED_SERVICE);
	ck_assert_int_eq(r->findings[0].patched, day("2026-08-07"));
	ck_assert_int_eq(r->findings[0].verified, day("2026-08-09"));
	ck_assert(r->findings[0].verified_flag && !r->findings[0].public);
	ck_assert_uint_eq(r->nquotes, 2);
	ck_assert_int_eq(r->quotes[0].at, 12 * 60 + 11);
	ck_assert_str_eq(r->quotes[0].at_text, "12:11");
	ck_assert_ptr_eq(r->quotes[0].source, &p->sources[1]);
	ck_assert_int_eq(r->quotes[1].at, -1);
	ck_assert_ptr_null(r->quotes[1].at_text);
	ck_assert_uint_eq(r->nsources, 2);
	ck_assert_ptr_eq(r->sources[0], &p->sources[0]);
	ck_assert_ptr_eq(r->sources[1], &p->sources[1]);
}
END_TEST

START_TEST(test_review_scores_only)
{
	const struct review *r = &p->reviews[4];

	ck_assert_ptr_null(r->tier);
	ck_assert(r->scores[0] == 2 && r->scores[1] == 2);
	ck_assert_str_eq(r->override_reason, "on purpose");
	ck_assert_ptr_null(r->fault);
	ck_assert(!r->has_security);
	ck_assert_uint_eq(r->nquotes, 0);
	ck_assert_ptr_null(p->reviews[3].scores);
}
END_TEST

START_TEST(test_sections)
{
	ck_assert_uint_eq(p->nsections, 3);
	ck_assert_str_eq(p->sections[0].id, "intro");
	ck_assert_int_eq(p->sections[0].order, 0);
	ck_assert(p->sections[0].draft);
	ck_assert_int_eq(p->sections[0].embargo, day("2026-09-23"));
	ck_assert_uint_eq(p->sections[0].body_line, 6);
	ck_assert_str_eq(p->sections[0].body, "\nBody starts on line 6.\n");
	ck_assert_str_eq(p->sections[1].id, "also");
	ck_assert_str_eq(p->sections[1].body, "");
	ck_assert_str_eq(p->sections[2].id, "summary");
	ck_assert_str_eq(p->sections[2].title, "Summary");
	ck_assert_int_eq(p->sections[2].order, 10);
	ck_assert_int_eq(p->sections[2].embargo, DATE_NONE);
	ck_assert_uint_eq(p->sections[2].body_line, 5);
	ck_assert_str_eq(p->sections[2].body, "Hello {{count 2.0 medals}}.\n");
	ck_assert_str_eq(p->sections[2].pos.file, "content/commentary/summary.md");
}
END_TEST

/* Durations in the report's units: English by default, each unit from the
 * strings table when the report sets it (hand-worked: 93784 s = 1 d 2 h
 * 3 min 4 s). */
START_TEST(test_duration_units)
{
	struct ui_string fr[] = {{"unit_d", " j "}, {"unit_h", " h "}, {"unit_m", " min "},
	    {"unit_s", " s"}};
	struct report r;
	char out[128];

	report_duration(&p->report, 93784, out, sizeof(out));
	ck_assert_str_eq(out, "1d2h3m4s");
	report_duration(&p->report, 3600 + 300, out, sizeof(out));
	ck_assert_str_eq(out, "1h5m");
	report_duration(&p->report, 0, out, sizeof(out));
	ck_assert_str_eq(out, "0s");
	memset(&r, 0, sizeof(r));
	r.strings = fr;
	r.nstrings = 4;
	report_duration(&r, 93784, out, sizeof(out));
	ck_assert_str_eq(out, "1 j 2 h 3 min 4 s");
	report_duration(&r, 660, out, sizeof(out));
	ck_assert_str_eq(out, "11 min ");
	report_duration(&r, 0, out, sizeof(out));
	ck_assert_str_eq(out, "0 s");
	/* a buffer too short is cut, never overrun */
	report_duration(&r, 93784, out, 6);
	ck_assert_str_eq(out, "1 j 2");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("load_model");
	TCase *tc = tcase_create("fixture");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_report);
	tcase_add_test(tc, test_ladder);
	tcase_add_test(tc, test_sources);
	tcase_add_test(tc, test_editions);
	tcase_add_test(tc, test_rubric);
	tcase_add_test(tc, test_edition_findings_claims);
	tcase_add_test(tc, test_providers);
	tcase_add_test(tc, test_reviews_order);
	tcase_add_test(tc, test_review_full);
	tcase_add_test(tc, test_review_scores_only);
	tcase_add_test(tc, test_sections);
	tcase_add_test(tc, test_duration_units);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
