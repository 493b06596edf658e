/*
 * test_page_values.c: page values: links to site paths (hrefs) and joined
 * strings, with their exact text.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html.h"
#include "template_values.h"

/* A link from a page to a site path: relative to the page's root,
 * index.html added to a folder (and to "" or "#..."), a fragment kept,
 * and the whole escaped for an attribute. */
START_TEST(test_href_set)
{
	static const struct {
		const char *root, *path, *want;
	} cases[] = {
		{"", "", "index.html"},
		{"", "providers/p1/", "providers/p1/index.html"},
		{"", "#top", "index.html#top"},
		{"", "x#", "x#"},
		{"../", "providers/p1/#x", "../providers/p1/index.html#x"},
		{"../", "charts/a b.svg", "../charts/a b.svg"},
		{"../", "a/'q'/", "../a/&#39;q&#39;/index.html"},
		{"../", "sources/index.html#s<1>", "../sources/index.html#s&lt;1&gt;"},
		{"a&b\"/", "providers/p1/", "a&amp;b&quot;/providers/p1/index.html"},
	};
	struct tv *o = tv_object();
	char longp[600], *want;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pv_set_href(o, "href", cases[i].root, cases[i].path);
		ck_assert_str_eq(tv_str_value(tv_get(o, "href")), cases[i].want);
		want = html_href(cases[i].root, cases[i].path);
		ck_assert_str_eq(want, cases[i].want);
		free(want);
	}
	memset(longp, 'p', sizeof(longp) - 2);
	longp[sizeof(longp) - 2] = '/';
	longp[sizeof(longp) - 1] = '\0';
	pv_set_href(o, "href", "../", longp);
	ck_assert_uint_eq(strlen(tv_str_value(tv_get(o, "href"))), 3 + 599 + 10);
	ck_assert(str_ends(tv_str_value(tv_get(o, "href")), "pp/index.html"));
	ck_assert_str_eq(tv_str_value(pv_cat("review-", "5.0", "")), "review-5.0");
	ck_assert_str_eq(tv_str_value(pv_cat("T", " \xe2\x80\x94 ", "R")), "T \xe2\x80\x94 R");
	memset(longp, 'x', sizeof(longp) - 1);
	longp[sizeof(longp) - 1] = '\0';
	ck_assert_uint_eq(strlen(tv_str_value(pv_cat(longp, "-", longp))), 2 * 599 + 1);
	tv_reset();
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
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
