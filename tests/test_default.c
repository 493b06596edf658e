/*
 * test_default.c: the default report (content/ at the repository root)
 * loads cleanly and gives the figures FACTS.md states, computed not typed.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "load.h"
#include "markdown.h"
#include "parse.h"

static struct project *proj;
static struct computed *comp;
static struct diag dg;

static void
setup(void)
{
	struct build_opts o = {false, 0};

	diag_init(&dg);
	ck_assert(date_parse("2026-11-30", &o.now));
	proj = project_load(".", &dg);
	ck_assert_ptr_nonnull(proj);
	if (dg.n)
		diag_print(&dg, stderr);
	ck_assert_uint_eq(dg.n, 0);
	comp = computed_new(proj, &o, &dg);
	if (dg.n)
		diag_print(&dg, stderr);
	ck_assert_uint_eq(dg.n, 0);
}

static void
teardown(void)
{
	computed_free(comp);
	project_free(proj);
	diag_release(&dg);
}

static const struct edition_stats *
stats(const char *id)
{
	const struct edition *e = project_edition(proj, id);

	ck_assert_ptr_nonnull(e);
	return computed_edition(comp, e);
}

static long
count(const struct edition_stats *s, const char *tier)
{
	return s->counts[project_tier(proj, tier)->index];
}

static const struct rating *
move(const char *provider)
{
	const struct provider *p = project_provider(proj, provider);

	ck_assert_msg(p != NULL, "no provider '%s'", provider);
	return edition_stats_rating(&comp->compare, p);
}

START_TEST(test_shape)
{
	ck_assert_uint_eq(proj->neditions, 3);
	ck_assert_str_eq(proj->editions[0].id, "1.0");
	ck_assert_str_eq(proj->editions[1].id, "2.0");
	ck_assert_str_eq(proj->editions[2].id, "3.0");
	ck_assert_uint_eq(proj->editions[0].nreviews, 16);
	ck_assert_uint_eq(proj->editions[1].nreviews, 85);
	ck_assert_uint_eq(proj->editions[2].nreviews, 77);
	ck_assert_uint_eq(proj->nreviews, 16 + 85 + 77);
	ck_assert_uint_eq(proj->report.nladder, 7);
	ck_assert_str_eq(proj->report.edition->id, "3.0");
	ck_assert_str_eq(proj->report.compare->id, "2.0");
	ck_assert_uint_eq(proj->nsources, 7);
	ck_assert_uint_ge(proj->nsections, 7);
}
END_TEST

/* The About page: in the navigation and in the PDF. */
START_TEST(test_about_page)
{
	size_t i;
	const struct page *about = NULL;

	for (i = 0; i < proj->npages; i++)
		if (strcmp(proj->pages[i].id, "about") == 0)
			about = &proj->pages[i];
	ck_assert_ptr_nonnull(about);
	ck_assert_str_eq(about->title, "About this report");
	ck_assert(about->nav);
	ck_assert(about->pdf);
	ck_assert(!about->draft);
	ck_assert_ptr_nonnull(strstr(about->body, "{{cite clustermax-3.0}}"));
}
END_TEST

START_TEST(test_edition_3)
{
	const struct edition_stats *s = stats("3.0");

	ck_assert_int_eq(count(s, "platinum"), 2);
	ck_assert_int_eq(count(s, "gold"), 2);
	ck_assert_int_eq(count(s, "silver"), 5);
	ck_assert_int_eq(count(s, "bronze"), 10);
	ck_assert_int_eq(count(s, "ribbon"), 15);
	ck_assert_int_eq(count(s, "underperforming"), 11);
	ck_assert_int_eq(count(s, "unavailable"), 32);
	ck_assert_int_eq(s->reviewed, 77);
	ck_assert_int_eq(s->tracked, 323);
	ck_assert_int_eq(s->medals, 19);
	ck_assert_int_eq(s->rated, 45);
	/* 19/77 and 19/323, to 6 decimals */
	ck_assert_double_eq_tol(s->medals_of_reviewed, 0.246753, 5e-7);
	ck_assert_double_eq_tol(s->medals_of_tracked, 0.058824, 5e-7);
	ck_assert_int_eq(s->d_medals, -18);
	ck_assert_double_eq_tol(s->d_medals_pct, -48.648649, 5e-7);
}
END_TEST

START_TEST(test_edition_2)
{
	const struct edition_stats *s = stats("2.0");
	size_t i;
	bool seen = false;

	ck_assert_int_eq(s->medals, 37);
	ck_assert_int_eq(s->reviewed, 85);
	for (i = 0; i < s->nclaims; i++) {
		if (strcmp(s->claims[i].claim->figure, "reviewed") != 0)
			continue;
		seen = true;
		ck_assert_int_eq(s->claims[i].claim->value, 84);
		ck_assert_int_eq(s->claims[i].computed, 85);
		ck_assert_ptr_nonnull(s->claims[i].claim->note);
		ck_assert(s->claims[i].ok);
	}
	ck_assert(seen);
}
END_TEST

START_TEST(test_movement)
{
	static const char *const nine[] = {"coreweave", "nebius", "oracle", "google",
	    "azure", "aws", "crusoe", "together", "lambda"};
	const struct edition_stats *s = &comp->compare;
	size_t i, down = 0;

	ck_assert(comp->has_compare);
	ck_assert_int_eq(move("nebius")->status, MOVE_UP);
	ck_assert_int_eq(move("google")->status, MOVE_UP);
	ck_assert_int_eq(move("azure")->steps, -1);
	ck_assert_int_eq(move("aws")->steps, -1);
	ck_assert_int_eq(move("together")->steps, -1);
	ck_assert_int_eq(move("crusoe")->steps, -2);
	ck_assert_int_eq(move("coreweave")->status, MOVE_SAME);
	ck_assert_int_eq(move("oracle")->status, MOVE_SAME);
	ck_assert_int_eq(move("lambda")->status, MOVE_SAME);
	ck_assert_int_eq(move("gmi")->status, MOVE_UP);
	ck_assert_int_eq(move("moonlite")->status, MOVE_NEW);
	ck_assert_int_eq(move("fluidstack")->status, MOVE_UNRATED);
	for (i = 0; i < s->ngone; i++)
		if (strcmp(s->gone[i].provider->id, "voltage-park") == 0)
			break;
	ck_assert_uint_lt(i, s->ngone);
	ck_assert_int_eq(s->gone[i].status, MOVE_MERGED);
	ck_assert_str_eq(s->gone[i].provider->successor->id, "lightning");
	for (i = 0; i < ARRAY_SIZE(nine); i++)
		down += move(nine[i])->status == MOVE_DOWN;
	ck_assert_uint_eq(down, 4);
}
END_TEST

START_TEST(test_acknowledged_in_prose)
{
	struct buf b = BUF_INIT;
	struct diag d;

	diag_init(&d);
	/* 2.0 states 84 reviewed on purpose; the prose shows both figures */
	ck_assert_int_eq(md_to_html(comp, "Reviewed: {{count 2.0 reviewed}}; medals "
	    "{{count 2.0 medals}}.", "x.md", 1, "", &b, &d), 0);
	ck_assert_msg(str_starts(b.data, "<p>Reviewed: <span class=\"claim\" title=\""),
	    "got %s", b.data);
	ck_assert_ptr_nonnull(strstr(b.data, "\">84 stated by the source, 85 counted here</span>; medals 37.</p>"));
	buf_release(&b);
	diag_release(&d);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("default report");
	TCase *tc = tcase_create("figures");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_shape);
	tcase_add_test(tc, test_about_page);
	tcase_add_test(tc, test_edition_3);
	tcase_add_test(tc, test_edition_2);
	tcase_add_test(tc, test_movement);
	tcase_add_test(tc, test_acknowledged_in_prose);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
