/*
 * test_page_values.c: the page values made without printf or a copy to free
 * (hrefs, joined strings) give what html_href() and the printf forms give.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "template_values.h"

START_TEST(test_href_set)
{
	static const char *const roots[] = {"", "../", "../../", "https://e.com/r/",
	    "a&b\"/"};
	static const char *const paths[] = {"", "providers/p1/", "providers/p1/#x",
	    "charts/a b.svg", "x#", "#top", "a/'q'/", "sources/index.html#s<1>",
	    "caf\xc3\xa9/", "c1\xc2\x85/x"};
	struct tv *o = tv_object();
	char longp[600];
	size_t i, k;

	for (i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
		for (k = 0; k < sizeof(paths) / sizeof(paths[0]); k++) {
			char *want = html_href(roots[i], paths[k]);

			pv_set_href(o, "href", roots[i], paths[k]);
			ck_assert_str_eq(tv_str_value(tv_get(o, "href")), want);
			free(want);
		}
	memset(longp, 'p', sizeof(longp) - 2);
	longp[sizeof(longp) - 2] = '/';
	longp[sizeof(longp) - 1] = '\0';
	{
		char *want = html_href("../", longp);

		pv_set_href(o, "href", "../", longp);
		ck_assert_str_eq(tv_str_value(tv_get(o, "href")), want);
		free(want);
	}
	ck_assert_str_eq(tv_str_value(pv_cat("review-", "5.0", "")), "review-5.0");
	ck_assert_str_eq(tv_str_value(pv_cat("T", " \xe2\x80\x94 ", "R")), "T \xe2\x80\x94 R");
	memset(longp, 'x', sizeof(longp) - 1);
	longp[sizeof(longp) - 1] = '\0';
	ck_assert_uint_eq(strlen(tv_str_value(pv_cat(longp, "-", longp))), 2 * 599 + 1);
	tv_reset();
}
END_TEST

/* esc_html_span: nothing before it changes, and a text needing no escape
 * is all span. */
START_TEST(test_span)
{
	static const char *const cases[] = {"", "plain", "0123456789abcdefghijkl",
	    "0123456789abcdefghij&", "x<", "\"", "caf\xc3\xa9 long enough to step",
	    "ctl\x01", "0123456789abcdef0123456789abcdef'", "\xc2\x85"};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = strlen(cases[i]), s = esc_html_span(cases[i], n);
		struct buf b = BUF_INIT;

		ck_assert_uint_le(s, n);
		esc_html_n(&b, cases[i], s);
		ck_assert_uint_eq(b.len, s);
		ck_assert(memcmp(b.data, cases[i], s) == 0);
		buf_release(&b);
	}
	ck_assert_uint_eq(esc_html_span("0123456789abcdefghijkl", 22), 22);
	ck_assert_uint_eq(esc_html_span("0123456789abcdefghij&", 21), 20);
	ck_assert_uint_eq(esc_html_span("0123456789abcdef0123456789abcdef'", 33), 32);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("page_values");
	TCase *tc = tcase_create("page_values");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_href_set);
	tcase_add_test(tc, test_span);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
