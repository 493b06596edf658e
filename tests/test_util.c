/*
 * test_util.c: growable buffers formatted into (text that fits the spare
 * room, text that does not, a fresh buffer, long text), and path_join.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* What snprintf gives for the same format, to compare against. */
static void
expect_appended(const char *before, const char *fmt, int width, const char *arg)
{
	struct buf b = BUF_INIT;
	char want[4096];

	buf_puts(&b, before);
	buf_printf(&b, fmt, width, arg);
	snprintf(want, sizeof(want), "%s", before);
	snprintf(want + strlen(want), sizeof(want) - strlen(want), fmt, width, arg);
	ck_assert_str_eq(b.data, want);
	ck_assert_uint_eq(b.len, strlen(want));
	buf_release(&b);
}

START_TEST(test_printf_sizes)
{
	static const char *befores[] = { "", "x", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd" };
	static const int widths[] = { 0, 1, 50, 62, 63, 64, 65, 200, 254, 255, 256, 257, 1000, 3000 };
	size_t i, j;

	for (i = 0; i < sizeof(befores) / sizeof(befores[0]); i++)
		for (j = 0; j < sizeof(widths) / sizeof(widths[0]); j++)
			expect_appended(befores[i], "[%*s]", widths[j], "ab");
}
END_TEST

/* Many appends to one buffer: each lands where the last ended. */
START_TEST(test_printf_appends)
{
	struct buf b = BUF_INIT;
	char want[64];
	size_t off = 0;
	int i;

	for (i = 0; i < 5000; i++) {
		buf_printf(&b, "%d,", i * 7);
		snprintf(want, sizeof(want), "%d,", i * 7);
		ck_assert_int_eq(memcmp(b.data + off, want, strlen(want)), 0);
		off += strlen(want);
		ck_assert_uint_eq(b.len, off);
		ck_assert_int_eq(b.data[b.len], '\0');
	}
	buf_release(&b);
}
END_TEST

START_TEST(test_printf_empty)
{
	struct buf b = BUF_INIT;
	char *s;

	buf_printf(&b, "%s", "");
	ck_assert_uint_eq(b.len, 0);
	ck_assert_str_eq(b.data, "");
	s = xasprintf("%s-%d", "a", 12);
	ck_assert_str_eq(s, "a-12");
	free(s);
	buf_release(&b);
}
END_TEST

START_TEST(test_path_join)
{
	static const char *cases[][3] = {
		{ "a", "b", "a/b" },
		{ "a/", "b", "a/b" },
		{ "", "b", "b" },
		{ "/", "b", "/b" },
		{ "out/site", "p/x.html", "out/site/p/x.html" },
		{ "a", "", "a/" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *p = path_join(cases[i][0], cases[i][1]);

		ck_assert_str_eq(p, cases[i][2]);
		free(p);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_printf_sizes);
	tcase_add_test(tc, test_printf_appends);
	tcase_add_test(tc, test_printf_empty);
	tcase_add_test(tc, test_path_join);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
