/*
 * test_view_fmt.c: plural forms, numbers, percentages, dates and lists in
 * each built-in language (ICU with the pack's locale), whatever the
 * process's time zone: the same bytes on any machine.
 */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"
#include "parse.h"
#include "view.h"

static struct report rep;

static const struct report *
lang(const char *tag)
{
	memset(&rep, 0, sizeof(rep));
	rep.language = tag;
	return &rep;
}

#define EXPECT(call, want) do { \
	char *got_ = (call); \
	ck_assert_str_eq(got_, want); \
	free(got_); \
} while (0)

START_TEST(test_plural)
{
	ck_assert_str_eq(view_plural(lang("en"), 1, "one", "other"), "one");
	ck_assert_str_eq(view_plural(lang("en"), 0, "one", "other"), "other");
	ck_assert_str_eq(view_plural(lang("en"), 2, "one", "other"), "other");
	ck_assert_str_eq(view_plural(lang("de"), 1, "one", "other"), "one");
	ck_assert_str_eq(view_plural(lang("de"), 0, "one", "other"), "other");
	/* French: 0 and 1 take the singular */
	ck_assert_str_eq(view_plural(lang("fr"), 0, "one", "other"), "one");
	ck_assert_str_eq(view_plural(lang("fr"), 1, "one", "other"), "one");
	ck_assert_str_eq(view_plural(lang("fr"), 2, "one", "other"), "other");
	ck_assert_str_eq(view_plural(lang("es"), 1, "one", "other"), "one");
	ck_assert_str_eq(view_plural(lang("es"), 0, "one", "other"), "other");
}
END_TEST

START_TEST(test_plural_words)
{
	const struct report *r = lang("fr");

	EXPECT(report_format_n(r, view_plural(r, 0, "provider_unit_one", "provider_unit"), 0),
	    "fournisseur");
	ck_assert_str_eq(report_string(r, view_plural(r, 2, "provider_unit_one", "provider_unit")),
	    "fournisseurs");
	r = lang("de");
	ck_assert_str_eq(report_string(r, view_plural(r, 1, "undisclosed_one", "undisclosed_many")),
	    "{n} nicht veröffentlichter Befund");
}
END_TEST

START_TEST(test_numbers)
{
	EXPECT(view_decimal(lang("en"), "48.6"), "48.6");
	EXPECT(view_decimal(lang("de"), "48.6"), "48,6");
	EXPECT(view_decimal(lang("en"), "-3.50"), "\xe2\x88\x92" "3.50");
	EXPECT(view_decimal(lang("fr"), "\xe2\x88\x92" "3.5"), "\xe2\x88\x92" "3,5");
	EXPECT(view_int(lang("en"), 1234567), "1,234,567");
	EXPECT(view_int(lang("de"), 1234567), "1.234.567");
	EXPECT(view_int(lang("fr"), 1234567), "1\xe2\x80\xaf" "234\xe2\x80\xaf" "567");
	/* Spanish groups from five digits on */
	EXPECT(view_int(lang("es"), 1234), "1234");
	EXPECT(view_int(lang("es"), 12345), "12.345");
	EXPECT(view_int(lang("en"), 323), "323");
	EXPECT(view_decimal(lang("de"), "n/a"), "n/a");
	EXPECT(view_decimal(lang("de"), "\xe2\x80\x94"), "\xe2\x80\x94");
}
END_TEST

START_TEST(test_percent)
{
	EXPECT(view_percent(lang("en"), "48.6"), "48.6%");
	EXPECT(view_percent(lang("de"), "48.6"), "48,6\xc2\xa0%");
	EXPECT(view_percent(lang("fr"), "48.6"), "48,6\xc2\xa0%");
	EXPECT(view_percent(lang("es"), "48.6"), "48,6\xc2\xa0%");
	EXPECT(view_share(lang("en"), 0.246753), "24.7%");
	EXPECT(view_share(lang("de"), 0.246753), "24,7\xc2\xa0%");
	EXPECT(view_share(lang("en"), NAN), "\xe2\x80\x94");
	EXPECT(view_signed_pct(lang("en"), -48.648649, 1), "\xe2\x88\x92" "48.6%");
	EXPECT(view_signed_pct(lang("fr"), -48.648649, 1), "\xe2\x88\x92" "48,6\xc2\xa0%");
	EXPECT(view_signed_pct(lang("en"), 5, 0), "+5%");
	EXPECT(view_signed_pct(lang("en"), 0.01, 1), "0.0%");
	EXPECT(view_signed_int(lang("en"), -18), "\xe2\x88\x92" "18");
	EXPECT(view_signed_int(lang("de"), 1500), "+1.500");
	EXPECT(view_signed_int(lang("en"), 0), "0");
}
END_TEST

START_TEST(test_dates)
{
	pdate d;

	ck_assert(date_parse("2026-09-23", &d));
	/* whatever the machine's zone: far east and far west of UTC */
	setenv("TZ", "Pacific/Kiritimati", 1);
	tzset();
	EXPECT(view_date(lang("en"), d), "23 September 2026");
	EXPECT(view_date(lang("de"), d), "23. September 2026");
	setenv("TZ", "Pacific/Pago_Pago", 1);
	tzset();
	EXPECT(view_date(lang("fr"), d), "23 septembre 2026");
	EXPECT(view_date(lang("es"), d), "23 de septiembre de 2026");
	ck_assert(date_parse("2026-01-01", &d));
	EXPECT(view_date(lang("de-AT"), d), "1. J\xc3\xa4nner 2026");
	EXPECT(view_date(lang("x-pseudo"), d), "\xe2\x9f\xa6" "1 January 2026\xe2\x9f\xa7");
	setenv("TZ", "UTC", 1);
	tzset();
}
END_TEST

START_TEST(test_lists)
{
	const char *three[] = {"A", "B", "C"}, *two[] = {"Anna", "Ben"};

	EXPECT(view_list(lang("en"), three, 3), "A, B and C");
	EXPECT(view_list(lang("de"), three, 3), "A, B und C");
	EXPECT(view_list(lang("fr"), three, 3), "A, B et C");
	EXPECT(view_list(lang("es"), three, 3), "A, B y C");
	EXPECT(view_list(lang("en"), two, 2), "Anna and Ben");
	EXPECT(view_list(lang("x-pseudo"), three, 3), "A, B \xe2\x9f\xa6" "and\xe2\x9f\xa7 C");
	EXPECT(view_list(lang("en"), two, 1), "Anna");
	EXPECT(view_list(lang("en"), two, 0), "");
	EXPECT(view_list(lang("es"), (const char *[]){"Ana", "Inés"}, 2), "Ana e Inés");
}
END_TEST

/* Each thread keeps its own formatters: threads that format in different
 * languages at once each get their own language's digits, every time. */
static void *
format_many(void *arg)
{
	struct report r;
	int i, bad = 0;

	memset(&r, 0, sizeof(r));
	r.language = arg;
	for (i = 0; i < 2000; i++) {
		char *n = view_decimal(&r, "1234.5"), *p = view_percent(&r, "24.7");
		const char *want = strcmp(arg, "de") == 0 ? "1.234,5" : "1,234.5";
		const char *wantp = strcmp(arg, "de") == 0 ? "24,7\xc2\xa0%" : "24.7%";

		bad += strcmp(n, want) != 0 || strcmp(p, wantp) != 0;
		free(n);
		free(p);
	}
	return bad ? arg : NULL;
}

START_TEST(test_threads)
{
	static char *tags[] = {"en", "de", "en", "de"};
	pthread_t t[4];
	void *ret;
	size_t i;

	for (i = 0; i < 4; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, format_many, tags[i]), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(pthread_join(t[i], &ret), 0);
		ck_assert_ptr_null(ret);
	}
	/* and this thread, after a language change, formats in the new one */
	EXPECT(view_decimal(lang("de"), "0.5"), "0,5");
	EXPECT(view_decimal(lang("en"), "0.5"), "0.5");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("view_fmt");
	TCase *tc = tcase_create("view_fmt");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_plural);
	tcase_add_test(tc, test_plural_words);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_percent);
	tcase_add_test(tc, test_dates);
	tcase_add_test(tc, test_lists);
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
