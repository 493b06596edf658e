/* test_jsonw.c: the streaming JSON writer, byte for byte against jansson's layout. */
#include <check.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"

/* jansson's text for a tree, as render_data used to write it. */
static char *
jansson_text(json_t *v)
{
	char *s = json_dumps(v, JSON_INDENT(2) | JSON_REAL_PRECISION(15) | JSON_ENCODE_ANY);

	json_decref(v);
	ck_assert_ptr_nonnull(s);
	return s;
}

START_TEST(test_layout)
{
	struct buf b = BUF_INIT;
	struct jsonw w;

	jw_init(&w, &b);
	jw_object_begin(&w);
	jw_key(&w, "a");
	jw_array_begin(&w);
	jw_int(&w, 1);
	jw_array_begin(&w);
	jw_array_end(&w);
	jw_object_begin(&w);
	jw_object_end(&w);
	jw_null(&w);
	jw_array_end(&w);
	jw_key(&w, "b");
	jw_object_begin(&w);
	jw_key(&w, "c");
	jw_bool(&w, true);
	jw_key(&w, "d");
	jw_string_or_null(&w, NULL);
	jw_object_end(&w);
	jw_object_end(&w);
	ck_assert_str_eq(b.data, "{\n  \"a\": [\n    1,\n    [],\n    {},\n    null\n  ],\n"
	    "  \"b\": {\n    \"c\": true,\n    \"d\": null\n  }\n}");
	buf_release(&b);
}
END_TEST

START_TEST(test_strings)
{
	static const char *const cases[] = {"", "plain", "quote \" and \\ back",
	    "\b\f\n\r\t", "\x01\x1f\x7f", "a/b </script>", "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x8f\x85",
	    "\xe2\x80\xa8 line separator", "del \x7f alone", " ~!#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}",
	    "ends with a quote \"", "\\"};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf b = BUF_INIT;
		struct jsonw w;
		char *want = jansson_text(json_string(cases[i]));

		jw_init(&w, &b);
		jw_string(&w, cases[i]);
		ck_assert_str_eq(b.data, want);
		free(want);
		buf_release(&b);
	}
}
END_TEST

static void
check_real(double v)
{
	struct buf b = BUF_INIT;
	struct jsonw w;
	char *want = jansson_text(json_real(v));

	jw_init(&w, &b);
	jw_real(&w, v);
	ck_assert_msg(strcmp(b.data, want) == 0, "%.17g: '%s', jansson '%s'", v, b.data, want);
	free(want);
	buf_release(&b);
}

START_TEST(test_reals)
{
	static const double fixed[] = {0, -0.0, 1, -1, 0.5, 0.651163, 1e-6, -1e-6,
	    0.000123, 1e15, 1e16, 1e21, 123456789012345678.0, 1e-300, 1e300, 0.1 + 0.2,
	    100.0 / 3, -2.5e-7};
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		check_real(fixed[i]);
	/* rounded shares as render_data writes them, over many magnitudes */
	for (i = 0; i < 2000; i++) {
		double v;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = (double)(x >> 11) / 9007199254740992.0 * pow(10, (int)(x % 13) - 6);
		if (x & 1)
			v = -v;
		check_real(round(v * 1e6) / 1e6);
		check_real(v);
	}
}
END_TEST

/* Decimals of up to fifteen digits, the reals written without printf, and
 * their neighbours, against jansson. */
START_TEST(test_reals_decimal)
{
	static const double edges[] = {1e-4, 0.0001, 9.9999e-5, 0.00010000000000000002,
	    999999999999999.0, 999999999999999.9, 1e15 - 0.5, 0.1, 0.2, 0.3, 1.005,
	    123456789.123456, 0.123456789012345, 12345678901234.5, 5e-5, 2.5, 10, 100,
	    1000000, 0.000999999999};
	uint64_t x = 0x243f6a8885a308d3ULL;
	size_t i;

	for (i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		check_real(edges[i]);
		check_real(-edges[i]);
		check_real(nextafter(edges[i], 0));
		check_real(nextafter(edges[i], 1e300));
	}
	for (i = 0; i < 100000; i++) {
		double q, v;
		int k;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		q = (double)(x >> 14 & ((1ULL << ((x & 63) % 50 + 1)) - 1));
		k = (int)(x >> 8 & 15);
		v = q / pow(10, k);
		if (x & 0x80)
			v = -v;
		check_real(v);
		if ((i & 7) == 0)
			check_real(nextafter(v, 0));
	}
}
END_TEST

/* Indentation deeper than one piece of spaces: two spaces a level still. */
START_TEST(test_deep_indent)
{
	struct buf b = BUF_INIT;
	struct jsonw w;
	char want[128];
	int i;

	jw_init(&w, &b);
	for (i = 0; i < 40; i++)
		jw_array_begin(&w);
	jw_int(&w, 1);
	want[0] = '\n';
	memset(want + 1, ' ', 80);
	memcpy(want + 81, "1", 2);
	ck_assert_ptr_nonnull(strstr(b.data, want));
	buf_release(&b);
}
END_TEST

START_TEST(test_integers)
{
	static const long long cases[] = {0, 7, -7, 10, 1000000007, -1000000007,
	    LLONG_MAX, LLONG_MIN};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf b = BUF_INIT;
		struct jsonw w;
		char *want = jansson_text(json_integer(cases[i]));

		jw_init(&w, &b);
		jw_int(&w, cases[i]);
		ck_assert_str_eq(b.data, want);
		free(want);
		buf_release(&b);
	}
}
END_TEST

START_TEST(test_non_finite)
{
	struct buf b = BUF_INIT;
	struct jsonw w;

	jw_init(&w, &b);
	jw_array_begin(&w);
	jw_real(&w, NAN);
	jw_real(&w, INFINITY);
	jw_int(&w, -42);
	jw_array_end(&w);
	ck_assert_str_eq(b.data, "[\n  null,\n  null,\n  -42\n]");
	buf_release(&b);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("jsonw");
	TCase *tc = tcase_create("jsonw");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_layout);
	tcase_add_test(tc, test_strings);
	tcase_add_test(tc, test_reals);
	tcase_add_test(tc, test_reals_decimal);
	tcase_add_test(tc, test_deep_indent);
	tcase_add_test(tc, test_integers);
	tcase_add_test(tc, test_non_finite);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
