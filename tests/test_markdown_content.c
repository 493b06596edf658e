/* test_markdown_content.c: the default report's commentary, rendered. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "load.h"
#include "markdown.h"

static struct project *p;
static struct computed *c;
static struct diag d;

static void
setup(void)
{
	const char *root = getenv("ROOT");
	struct build_opts o = {false, 20000};

	diag_init(&d);
	p = project_load(root ? root : ".", &d);
	ck_assert_ptr_nonnull(p);
	c = computed_new(p, &o, &d);
	ck_assert_uint_eq(d.nerrors, 0);
}

static void
teardown(void)
{
	computed_free(c);
	project_free(p);
	diag_release(&d);
}

/* The HTML of the section with this id; malloc'd. */
static char *
section_html(const char *id)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < p->nsections; i++) {
		const struct section *s = &p->sections[i];

		if (strcmp(s->id, id) != 0)
			continue;
		ck_assert_int_eq(md_to_html(c, s->body, s->pos.file, s->body_line, "",
		    &b, &d), 0);
		return buf_detach(&b, NULL);
	}
	ck_abort_msg("no section '%s'", id);
	return NULL;
}

START_TEST(test_every_section)
{
	size_t i;

	ck_assert_uint_ge(p->nsections, 7);
	for (i = 0; i < p->nsections; i++) {
		struct buf b = BUF_INIT;
		struct diag sd;

		diag_init(&sd);
		ck_assert_int_eq(md_to_html(c, p->sections[i].body, p->sections[i].pos.file,
		    p->sections[i].body_line, "", &b, &sd), 0);
		ck_assert_uint_eq(sd.n, 0);
		ck_assert_uint_gt(b.len, 0);
		/* no placeholder survives */
		ck_assert_ptr_null(strstr(b.data, "\xee\x80\x80"));
		buf_release(&b);
		diag_release(&sd);
	}
}
END_TEST

START_TEST(test_summary_figures)
{
	char *h = section_html("10-summary");

	/* the fall in medals and the shares are the report's lede (t_lede)
	 * and its headline figures, not said again here (reader review #9) */
	ck_assert_ptr_null(strstr(h, "24.7%"));
	ck_assert_ptr_null(strstr(h, "5.9%"));
	ck_assert_ptr_null(strstr(h, "323"));
	/* the report is the report, not the program (reader review #17) */
	ck_assert_ptr_null(strstr(h, "podium"));
	/* who rates, and what the report counts, said here; the date is the
	 * edition's, and says whose (site review 16) */
	ck_assert_ptr_nonnull(strstr(h, "Every tier here is SemiAnalysis\xe2\x80\x99s. It published "
	    "ClusterMAX 3.0 on 23 September\n2026"));
	ck_assert_ptr_nonnull(strstr(h, "this report counts the last two from the reviews."));
	/* no comma splice (PDF review 17) */
	ck_assert_ptr_null(strstr(h, "fell, <a"));
	ck_assert_ptr_nonnull(strstr(h, "<a class=\"tier tier-platinum\" href=\"methodology/index.html#tier-platinum\">"
	    "Platinum</a>"));
	free(h);
}
END_TEST

/* A table in commentary scrolls in its own box (the page never does). */
START_TEST(test_movers_block)
{
	char *h = section_html("30-big-clouds");

	ck_assert_ptr_nonnull(strstr(h, "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Movers from ClusterMAX 2.0 to ClusterMAX 3.0\">\n<table class=\"data\">\n"
	    "<caption>Movers from ClusterMAX 2.0 to ClusterMAX 3.0</caption>\n"));
	ck_assert_ptr_nonnull(strstr(h, "<tr><td data-label=\"Provider\"><a href=\"providers/aws/index.html\">Amazon "
	    "Web Services</a></td><td data-label=\"ClusterMAX 2.0\" class=\"tier tier-silver\">Silver</td>"
	    "<td data-label=\"ClusterMAX 3.0\" class=\"tier tier-bronze\">Bronze</td><td data-label=\"Movement\">\xe2\x86\x93 down 1</td></tr>"));
	/* a quote is never a move's reason (reader review #2) */
	ck_assert_ptr_null(strstr(h, "quoted from"));
	/* the medal table is the home page's own: not repeated in commentary */
	free(h);
	h = section_html("20-medal-table");
	ck_assert_ptr_null(strstr(h, "ratings by tier"));
	free(h);
}
END_TEST

static Suite *
content_suite(void)
{
	Suite *s = suite_create("markdown_content");
	TCase *tc = tcase_create("content");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_every_section);
	tcase_add_test(tc, test_summary_figures);
	tcase_add_test(tc, test_movers_block);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(content_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
