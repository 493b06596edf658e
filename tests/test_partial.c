/*
 * test_partial.c: what a reader must be able to trust (SPEC 1.2, 1.4): a
 * partial edition (counts "named", no shares, no change from or to it,
 * `unlisted` against it, shortcodes refused), upper-bound durations,
 * `injected: false`, and table columns hidden when every cell is empty.
 *
 * The project is load_helper.h's base with these laid over it, worked by hand:
 *   1.0 partial (tracked 10): acme gold, beta silver           2 named, 2 medals
 *   2.0 (tracked 20): acme gold, beta none, gamma silver,
 *                     delta none                             4 reviewed, 2 medals
 * So in 2.0: acme same, beta unrated, gamma and delta unlisted (not new);
 * shares 2/4 = 50%, 2/20 = 10%; no change 1.0 -> 2.0.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "load_helper.h"
#include "markdown.h"
#include "parse.h"
#include "table.h"

#define MD "content/commentary/a.md"

static const struct tfile partial_files[] = {
	{"content/editions/1.0.yaml",
	    "name: E1\npublished: 2025-01-01\ntiers: [gold, silver, none]\n"
	    "universe: {tracked: 10}\n"
	    "partial: {note: \"Only 2 of the 5 rated are named.\"}\n"
	    "claims:\n  reviewed: {value: 5, note: \"5 stated, 2 named.\"}\n"},
	{"content/editions/2.0.yaml",
	    "name: E2\npublished: 2026-01-01\nprevious: \"1.0\"\nuniverse: {tracked: 20}\n"
	    "targets: {detect: 2m, replace: 1h}\n"},
	{"content/providers/gamma.yaml", "name: Gamma\n"},
	{"content/providers/delta.yaml", "name: Delta\n"},
	{"content/reviews/1.0/old.yaml", NULL},
	{"content/reviews/1.0/acme.yaml", "tier: gold\n"},
	{"content/reviews/1.0/beta.yaml", "tier: silver\n"},
	{"content/reviews/2.0/acme.yaml",
	    "tier: gold\nfault_test:\n  fault: f\n  detect_after: \"<=11m\"\n"
	    "  replaced_after: 57m\n"},
	{"content/reviews/2.0/beta.yaml",
	    "tier: none\nfault_test:\n  fault: none\n  injected: false\n"},
	{"content/reviews/2.0/gamma.yaml",
	    "tier: silver\nfault_test:\n  fault: f\n  detect_after: \"<=1m\"\n"},
	{"content/reviews/2.0/delta.yaml", "tier: none\n"},
};

static char *dir;
static struct project *proj;
static struct computed *comp;
static struct diag dg;

static void
setup(void)
{
	struct build_opts o = {false, 0};

	dir = project_dir_new(partial_files, ARRAY_SIZE(partial_files));
	diag_init(&dg);
	proj = project_load(dir, &dg);
	ck_assert_ptr_nonnull(proj);
	if (dg.n) {
		diag_print(&dg, stderr);
		ck_abort_msg("loading the fixture gave diagnostics");
	}
	comp = computed_new(proj, &o, &dg);
	ck_assert_uint_eq(dg.n, 0);
}

static void
teardown(void)
{
	computed_free(comp);
	project_free(proj);
	diag_release(&dg);
	project_dir_free(dir);
}

static const struct edition_stats *
stats(const char *id)
{
	return computed_edition(comp, project_edition(proj, id));
}

static const struct rating *
rating(const char *e, const char *p)
{
	return edition_stats_rating(stats(e), project_provider(proj, p));
}

START_TEST(test_partial_loads)
{
	const struct edition *e1 = project_edition(proj, "1.0");

	ck_assert(e1->partial);
	ck_assert_str_eq(e1->partial_note, "Only 2 of the 5 rated are named.");
	ck_assert(!project_edition(proj, "2.0")->partial);
}
END_TEST

START_TEST(test_partial_figures)
{
	const struct edition_stats *s1 = stats("1.0"), *s2 = stats("2.0");

	/* counted, but no shares of a partial edition */
	ck_assert_int_eq(s1->reviewed, 2);
	ck_assert_int_eq(s1->medals, 2);
	ck_assert(isnan(s1->medals_of_reviewed));
	ck_assert(isnan(s1->medals_of_tracked));
	/* 2.0: 2 medals of 4 reviewed, of 20 tracked */
	ck_assert_int_eq(s2->reviewed, 4);
	ck_assert_int_eq(s2->medals, 2);
	ck_assert(fabs(s2->medals_of_reviewed - 0.5) < 1e-12);
	ck_assert(fabs(s2->medals_of_tracked - 0.1) < 1e-12);
	/* no change from a partial baseline, and nobody "gone" */
	ck_assert(!s2->has_change);
	ck_assert(isnan(s2->d_medals_pct));
	ck_assert_uint_eq(s2->ngone, 0);
}
END_TEST

START_TEST(test_unlisted)
{
	ck_assert_int_eq(rating("2.0", "acme")->status, MOVE_SAME);
	ck_assert_int_eq(rating("2.0", "beta")->status, MOVE_UNRATED);
	ck_assert_int_eq(rating("2.0", "gamma")->status, MOVE_UNLISTED);
	ck_assert_int_eq(rating("2.0", "delta")->status, MOVE_UNLISTED);
	ck_assert_ptr_null(rating("2.0", "gamma")->previous);
	ck_assert_str_eq(move_status_name(MOVE_UNLISTED), "unlisted");
}
END_TEST

/* The diagnostics (or HTML) of one line of commentary; malloc'd. */
static char *
md_of(const char *src, bool *ok)
{
	struct buf b = BUF_INIT, e = BUF_INIT;
	struct diag d;
	size_t i;

	diag_init(&d);
	*ok = md_to_html(comp, src, MD, 3, "", &b, &d) == 0 && d.n == 0;
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &e);
		buf_putc(&e, '\n');
	}
	diag_release(&d);
	if (*ok) {
		buf_release(&e);
		return buf_detach(&b, NULL);
	}
	buf_release(&b);
	return buf_detach(&e, NULL);
}

#define CK_MD_ERR(src, want) do { \
	bool ok_; \
	char *got_ = md_of(src, &ok_); \
	ck_assert(!ok_); \
	ck_assert_str_eq(got_, want); \
	free(got_); \
} while (0)

START_TEST(test_shortcodes)
{
	bool ok;
	char *h;

	CK_MD_ERR("Medals: {{share 1.0 medals of reviewed}}.\n",
	    MD ":3:9: error: no share of partial edition '1.0': its review list is "
	    "incomplete\n");
	CK_MD_ERR("x\n\nChange {{change 1.0 2.0 medals pct}}\n",
	    MD ":5:8: error: no change from partial edition '1.0': its review list is "
	    "incomplete\n");
	CK_MD_ERR("{{change 2.0 1.0 reviewed}}\n",
	    MD ":3:1: error: no change to partial edition '1.0': its review list is "
	    "incomplete\n");
	/* a count of a partial edition says "named", with the acknowledged claim */
	h = md_of("{{count 1.0 medals}} and {{count 1.0 reviewed}}; "
	    "{{share 2.0 medals of tracked}}\n", &ok);
	ck_assert_msg(ok, "%s", h);
	ck_assert_ptr_nonnull(strstr(h, "2 named"));
	ck_assert_ptr_nonnull(strstr(h, "5 stated by the source, 2 named here"));
	ck_assert_ptr_nonnull(strstr(h, "10.0%"));
	free(h);
}
END_TEST

START_TEST(test_fault_bounds)
{
	const struct fault_test *a = rating("2.0", "acme")->review->fault;
	const struct fault_test *b = rating("2.0", "beta")->review->fault;
	const struct fault_test *g = rating("2.0", "gamma")->review->fault;

	ck_assert(a->detect_upper);
	ck_assert_int_eq(a->detect_after, 660);
	ck_assert(!a->replaced_upper);
	ck_assert_int_eq(a->replaced_after, 57 * 60);
	ck_assert(!a->not_injected);
	ck_assert(b->not_injected);
	ck_assert(g->detect_upper);
	ck_assert_int_eq(g->detect_after, 60);
}
END_TEST

START_TEST(test_fault_bound_errors)
{
	ck_load("content/reviews/2.0/acme.yaml",
	    "tier: gold\nfault_test:\n  fault: f\n  detect_after: \"<=soon\"\n"
	    "  injected: maybe\n",
	    "content/reviews/2.0/acme.yaml:4:17: error: 'detect_after' must be a duration "
	    "like 90s, 24m, 8h40m or 2d, or an upper bound like <=11m, not '<=soon'\n"
	    "content/reviews/2.0/acme.yaml:5:13: error: 'injected' must be true or false, "
	    "not 'maybe'\n");
	ck_load("content/editions/1.0.yaml",
	    "name: E1\npublished: 2025-01-01\npartial: {nots: x}\n",
	    "content/editions/1.0.yaml:3:11: error: unknown key 'nots' (did you mean "
	    "'note'?)\n");
}
END_TEST

START_TEST(test_drop_empty_columns)
{
	struct table *t = table_new("c", 4);
	struct table_cell *row;

	table_head(t, 0, "A", false);
	table_head(t, 1, "B", false);
	table_head(t, 2, "C", false);
	table_head(t, 3, "D", false);
	row = table_row(t);
	table_cell_set(&row[0], "-", NULL);   /* the first column always stays */
	table_cell_set(&row[1], "-", NULL);
	table_cell_set(&row[2], "x", NULL);
	table_cell_set(&row[3], "", NULL);
	row = table_row(t);
	table_cell_set(&row[0], "-", NULL);
	table_cell_set(&row[1], "-", NULL);
	table_cell_set(&row[2], "-", NULL);
	table_cell_set(&row[3], "y", NULL);
	table_drop_empty_columns(t, "-");
	ck_assert_uint_eq(t->ncols, 3);
	ck_assert_str_eq(t->head[1].text, "C");
	ck_assert_str_eq(t->head[2].text, "D");
	ck_assert_str_eq(t->cells[1].text, "x");
	ck_assert_str_eq(t->cells[2].text, "");
	ck_assert_str_eq(t->cells[4].text, "-");
	ck_assert_str_eq(t->cells[5].text, "y");
	table_free(t);
}
END_TEST

static Suite *
partial_suite(void)
{
	Suite *s = suite_create("partial");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_partial_loads);
	tcase_add_test(tc, test_partial_figures);
	tcase_add_test(tc, test_unlisted);
	tcase_add_test(tc, test_shortcodes);
	tcase_add_test(tc, test_fault_bounds);
	tcase_add_test(tc, test_fault_bound_errors);
	tcase_add_test(tc, test_drop_empty_columns);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(partial_suite());
	int nf;

	srunner_run_all(sr, CK_NORMAL);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
