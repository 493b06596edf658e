/* test_diag.c: diagnostics in each --format, word for word, and each once. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* What diag_print_style writes for d; malloc'd. */
static char *
printed(const struct diag *d, enum diag_style style, const char *prefix)
{
	char *s = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&s, &n);

	ck_assert_ptr_nonnull(fp);
	diag_print_style(d, fp, style, prefix);
	fclose(fp);
	return s;
}

static void
sample(struct diag *d)
{
	diag_init(d);
	diag_error(d, "content/a.yaml", 3, 7, "bad 'x%%y'\r\nnext: \"q\" \\ \t%s", "end");
	diag_warning(d, "templates/a,b:c.mustache", 2, 0, "no value");
	diag_system(d, NULL, "cannot write '%s'", "site");
	diag_error(d, "content/report.yaml", 0, 0, "file not found");
}

START_TEST(test_gcc)
{
	struct diag d;
	char *s;

	sample(&d);
	s = printed(&d, DIAG_GCC, "ignored");
	ck_assert_str_eq(s,
	    "content/a.yaml:3:7: error: bad 'x%y'\r\nnext: \"q\" \\ \tend\n"
	    "templates/a,b:c.mustache:2: warning: no value\n"
	    "podium: error: cannot write 'site'\n"
	    "content/report.yaml: error: file not found\n");
	free(s);
	d.strict = true;
	s = printed(&d, DIAG_GCC, NULL);
	ck_assert_ptr_nonnull(strstr(s, "templates/a,b:c.mustache:2: error: no value\n"));
	free(s);
	diag_release(&d);
}
END_TEST

START_TEST(test_github)
{
	struct diag d;
	char *s;

	sample(&d);
	s = printed(&d, DIAG_GITHUB, "my,dir");
	ck_assert_str_eq(s,
	    "::error file=my%2Cdir/content/a.yaml,line=3,col=7::bad 'x%25y'%0D%0Anext: \"q\" \\ \tend\n"
	    "::warning file=my%2Cdir/templates/a%2Cb%3Ac.mustache,line=2::no value\n"
	    "::error::cannot write 'site'\n"
	    "::error file=my%2Cdir/content/report.yaml::file not found\n");
	free(s);
	d.strict = true;
	s = printed(&d, DIAG_GITHUB, NULL);
	ck_assert_ptr_nonnull(strstr(s, "::error file=templates/a%2Cb%3Ac.mustache,line=2::no value\n"));
	free(s);
	diag_release(&d);
}
END_TEST

START_TEST(test_json)
{
	struct diag d;
	char *s;

	sample(&d);
	s = printed(&d, DIAG_JSON, "ignored");
	ck_assert_str_eq(s,
	    "{\"severity\":\"error\",\"file\":\"content/a.yaml\",\"line\":3,\"col\":7,"
	    "\"message\":\"bad 'x%y'\\r\\nnext: \\\"q\\\" \\\\ \\tend\"}\n"
	    "{\"severity\":\"warning\",\"file\":\"templates/a,b:c.mustache\",\"line\":2,\"col\":null,"
	    "\"message\":\"no value\"}\n"
	    "{\"severity\":\"error\",\"file\":null,\"line\":null,\"col\":null,"
	    "\"message\":\"cannot write 'site'\"}\n"
	    "{\"severity\":\"error\",\"file\":\"content/report.yaml\",\"line\":null,\"col\":null,"
	    "\"message\":\"file not found\"}\n");
	free(s);
	diag_release(&d);
}
END_TEST

START_TEST(test_style_names)
{
	enum diag_style st = DIAG_JSON;

	ck_assert(diag_style_parse("gcc", &st) && st == DIAG_GCC);
	ck_assert(diag_style_parse("github", &st) && st == DIAG_GITHUB);
	ck_assert(diag_style_parse("json", &st) && st == DIAG_JSON);
	ck_assert(!diag_style_parse("GCC", &st));
	ck_assert(!diag_style_parse("", &st));
}
END_TEST

/* The same error from fourteen pages is reported once; others stay, in order. */
START_TEST(test_dedupe)
{
	struct diag d;
	char *s;
	int i;

	diag_init(&d);
	for (i = 0; i < 14; i++) {
		diag_error(&d, "templates/tier.mustache", 1, 1, "unclosed section 'x'");
		if (i == 3)
			diag_warning(&d, "templates/tier.mustache", 1, 1, "unclosed section 'x'");
		if (i == 5)
			diag_error(&d, "templates/tier.mustache", 1, 2, "unclosed section 'x'");
		if (i == 6)
			diag_error(&d, NULL, 0, 0, "unclosed section 'x'");
	}
	ck_assert_uint_eq(d.n, 17);
	diag_dedupe(&d);
	ck_assert_uint_eq(d.n, 4);
	ck_assert_uint_eq(d.nerrors, 3);
	ck_assert_uint_eq(d.nwarnings, 1);
	s = printed(&d, DIAG_GCC, NULL);
	ck_assert_str_eq(s,
	    "templates/tier.mustache:1:1: error: unclosed section 'x'\n"
	    "templates/tier.mustache:1:1: warning: unclosed section 'x'\n"
	    "templates/tier.mustache:1:2: error: unclosed section 'x'\n"
	    "podium: error: unclosed section 'x'\n");
	free(s);
	diag_release(&d);
}
END_TEST

/* Past DIAG_MAX_SHOWN, one line says how many more, in the style asked. */
START_TEST(test_more)
{
	struct diag d;
	char *s, *last;
	int i;

	diag_init(&d);
	for (i = 0; i < DIAG_MAX_SHOWN + 5; i++)
		diag_error(&d, "content/a.yaml", (unsigned)i + 1, 1, "e");
	diag_dedupe(&d);
	ck_assert_uint_eq(d.n, DIAG_MAX_SHOWN + 5);
	s = printed(&d, DIAG_JSON, NULL);
	last = strrchr(s, '{');
	ck_assert_str_eq(last, "{\"severity\":\"error\",\"file\":null,\"line\":null,"
	    "\"col\":null,\"message\":\"5 more diagnostics not shown\"}\n");
	free(s);
	s = printed(&d, DIAG_GCC, NULL);
	ck_assert_ptr_nonnull(strstr(s, "content/a.yaml:100:1: error: e\n"
	    "podium: error: 5 more diagnostics not shown\n"));
	ck_assert_ptr_null(strstr(s, "content/a.yaml:101:1"));
	free(s);
	diag_release(&d);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("diag");
	TCase *tc = tcase_create("diag");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_gcc);
	tcase_add_test(tc, test_github);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_style_names);
	tcase_add_test(tc, test_dedupe);
	tcase_add_test(tc, test_more);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
