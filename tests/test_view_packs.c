/*
 * test_view_packs.c: the built-in language packs against the English one:
 * every key English has, no key it lacks, each key once, and no
 * placeholder in a text that the English text of its key does not take.
 * The checker is run on broken tables too, so a pack that misses a key
 * cannot pass unnoticed.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "util.h"
#include "view.h"

static const char *
text_of(const struct ui_string *t, const char *key)
{
	size_t i;

	for (i = 0; t[i].key != NULL; i++)
		if (strcmp(t[i].key, key) == 0)
			return t[i].text;
	return NULL;
}

/* What is wrong with pack t (named tag) against English, one line each. */
static char *
pack_problems(const char *tag, const struct ui_string *t)
{
	struct buf b = BUF_INIT;
	const char *name;
	size_t i, k, at, len, off;

	for (i = 0; ui_strings_default[i].key != NULL; i++)
		if (text_of(t, ui_strings_default[i].key) == NULL)
			buf_printf(&b, "%s: missing key '%s'\n", tag, ui_strings_default[i].key);
	for (i = 0; t[i].key != NULL; i++) {
		if (text_of(ui_strings_default, t[i].key) == NULL)
			buf_printf(&b, "%s: key '%s' is not in English\n", tag, t[i].key);
		for (k = 0; k < i; k++)
			if (strcmp(t[k].key, t[i].key) == 0)
				buf_printf(&b, "%s: key '%s' twice\n", tag, t[i].key);
		at = 0;
		while (view_placeholder_next(t[i].text, &at, &name, &len, &off))
			if (!view_key_takes(t[i].key, name, len))
				buf_printf(&b, "%s: '%s' has {%.*s}, which English does not take\n",
				    tag, t[i].key, (int)len, name);
		if (t[i].text[0] == '\0')
			buf_printf(&b, "%s: '%s' is empty\n", tag, t[i].key);
	}
	return buf_detach(&b, NULL);
}

START_TEST(test_packs_complete)
{
	size_t i;

	for (i = 0; view_packs[i] != NULL; i++) {
		char *p = pack_problems(view_packs[i]->tag, view_packs[i]->strings);

		ck_assert_msg(p[0] == '\0', "%s", p);
		free(p);
	}
}
END_TEST

START_TEST(test_packs_differ_from_english)
{
	size_t i, k, same;

	/* a pack that copied English would pass the key check */
	for (i = 1; view_packs[i] != NULL; i++) {
		same = 0;
		for (k = 0; ui_strings_default[k].key != NULL; k++) {
			const char *t = text_of(view_packs[i]->strings, ui_strings_default[k].key);

			same += t != NULL && strcmp(ui_strings_default[k].text, t) == 0;
		}
		ck_assert_msg(same < 30, "%s: %zu texts as in English", view_packs[i]->tag, same);
	}
}
END_TEST

START_TEST(test_checker_finds_faults)
{
	static const struct ui_string broken[] = {
		{"report", "Bericht"},
		{"of_n_reviewed", "von {cout} geprüften"},
		{"no_such_key", "x"},
		{"report", "Bericht"},
		{NULL, NULL},
	};
	char *p = pack_problems("xx", broken);

	ck_assert_ptr_nonnull(strstr(p, "xx: missing key 'edition'\n"));
	ck_assert_ptr_nonnull(strstr(p, "xx: 'of_n_reviewed' has {cout}, which English does not take\n"));
	ck_assert_ptr_nonnull(strstr(p, "xx: key 'no_such_key' is not in English\n"));
	ck_assert_ptr_nonnull(strstr(p, "xx: key 'report' twice\n"));
	free(p);
}
END_TEST

START_TEST(test_pack_find)
{
	ck_assert_str_eq(view_pack_find("de")->tag, "de");
	ck_assert_str_eq(view_pack_find("de-CH")->tag, "de");
	ck_assert_str_eq(view_pack_find("FR")->tag, "fr");
	ck_assert_str_eq(view_pack_find("es-419")->tag, "es");
	ck_assert_str_eq(view_pack_find("ro")->tag, "en");
	ck_assert_str_eq(view_pack_find("en-GB")->tag, "en");
	ck_assert_str_eq(view_pack_find(NULL)->tag, "en");
	ck_assert_str_eq(view_pack_text(view_pack_find("x-pseudo"), "medals"),
	    "\xe2\x9f\xa6Medals\xe2\x9f\xa7");
	ck_assert_str_eq(view_pack_text(view_pack_find("de"), "medals"), "Medaillen");
	ck_assert_ptr_null(view_pack_text(view_pack_find("de"), "no_such_key"));
}
END_TEST

START_TEST(test_report_string_order)
{
	struct ui_string own[] = {{"medals", "Podestplätze"}};
	struct report r;

	memset(&r, 0, sizeof(r));
	r.language = "de";
	ck_assert_str_eq(report_string(&r, "editions"), "Ausgaben");
	r.strings = own;
	r.nstrings = 1;
	ck_assert_str_eq(report_string(&r, "medals"), "Podestplätze");
	r.language = "ro";
	ck_assert_str_eq(report_string(&r, "editions"), "Editions");
	ck_assert_str_eq(report_string(&r, "no_such_key"), "no_such_key");
}
END_TEST

START_TEST(test_placeholders)
{
	const char *name;
	size_t at = 0, len, off;
	const char *s = "{a} {b {c}} {} x{d";

	ck_assert(view_placeholder_next(s, &at, &name, &len, &off));
	ck_assert_uint_eq(len, 1);
	ck_assert_uint_eq(off, 0);
	ck_assert(view_placeholder_next(s, &at, &name, &len, &off));
	ck_assert(len == 1 && name[0] == 'c');
	ck_assert_uint_eq(off, 7);
	ck_assert(view_placeholder_next(s, &at, &name, &len, &off));
	ck_assert_uint_eq(len, 0);
	ck_assert(!view_placeholder_next(s, &at, &name, &len, &off));
	ck_assert(view_key_takes("of_n_reviewed", "n", 1));
	ck_assert(!view_key_takes("of_n_reviewed", "cout", 4));
	ck_assert(!view_key_takes("medals", "n", 1));
}
END_TEST

/*
 * The failure test's statement and the words around it (entries9: PDF
 * review 7 items 2, 3 and 5; site review 7 items 5, 6 and 20), word for
 * word in each pack: a sentence about the provider, the verdict's words,
 * the review's link named as its heading, the mover without a reason and
 * the one wording of missing data on the compare page.
 */
START_TEST(test_entries_words)
{
	static const char *const lang[] = {"en", "de", "fr", "es"};
	static const char *const nobody[] = {"GMO did not detect the fault.",
	    "GMO erkannte den Fehler nicht.", "GMO n\u2019a pas d\u00e9tect\u00e9 la panne.",
	    "GMO no detect\u00f3 el fallo."};
	static const char *const said[] = {"Azure detected the fault at once.",
	    "Azure erkannte den Fehler sofort.", "Azure a d\u00e9tect\u00e9 la panne imm\u00e9diatement.",
	    "Azure detect\u00f3 el fallo al instante."};
	static const char *const within[] = {"(inside the 1h target)",
	    "(innerhalb des Ziels von 1h)", "(dans l\u2019objectif de 1h)",
	    "(dentro del objetivo de 1h)"};
	static const char *const link[] = {"Review, ClusterMAX 3.0",
	    "Bewertung, ClusterMAX 3.0", "\u00c9valuation, ClusterMAX 3.0",
	    "Evaluaci\u00f3n, ClusterMAX 3.0"};
	static const char *const none[] = {"not in its review", "nicht in seiner Bewertung",
	    "absent de son \u00e9valuation", "no figura en su evaluaci\u00f3n"};
	struct report r;
	size_t i;
	char *t, *c;

	memset(&r, 0, sizeof(r));
	for (i = 0; i < 4; i++) {
		r.language = lang[i];
		t = report_format1(&r, "fault_said_nobody", "name", "GMO");
		ck_assert_str_eq(t, nobody[i]);
		free(t);
		c = report_format1(&r, "fault_c_detected", "time", report_string(&r, "at_once"));
		t = report_format(&r, "fault_said", (const char *[]){"name", "list", NULL},
		    (const char *[]){"Azure", c, NULL});
		ck_assert_str_eq(t, said[i]);
		free(t);
		free(c);
		t = report_format1(&r, "fault_v_within", "target", "1h");
		ck_assert_str_eq(t, within[i]);
		free(t);
		t = report_format1(&r, "review_link", "edition", "ClusterMAX 3.0");
		ck_assert_str_eq(t, link[i]);
		free(t);
		ck_assert_str_eq(report_string(&r, "compare_no_fault"), none[i]);
		ck_assert_str_eq(report_string(&r, "compare_no_review"), none[i]);
		ck_assert_str_eq(report_string(&r, "compare_no_security"), none[i]);
	}
	/* site review 8 (view10): said once on the changes page, a provider
	 * the edition did not review, a node not replaced, a new tier as a
	 * sentence, and curly apostrophes */
	{
		static const char *const once[] = {
		    " Where no reason follows a move up or down, its review gives none.",
		    " Wo einer Bewegung nach oben oder unten kein Grund folgt, nennt ihre Bewertung keinen.",
		    " Quand aucune raison ne suit une mont\u00e9e ou une descente, son \u00e9valuation n\u2019en donne aucune.",
		    " Cuando ning\u00fan motivo sigue a una subida o una bajada, su evaluaci\u00f3n no da ninguno."};
		static const char *const unrev[] = {"not reviewed in ClusterMAX 3.0",
		    "in ClusterMAX 3.0 nicht bewertet", "non \u00e9valu\u00e9 dans ClusterMAX 3.0",
		    "no evaluado en ClusterMAX 3.0"};
		static const char *const notrep[] = {"not replaced", "nicht ersetzt",
		    "non remplac\u00e9", "no sustituido"};
		static const char *const added[] = {"Ribbon is a new tier in ClusterMAX 3.0.",
		    "Ribbon ist eine neue Stufe in ClusterMAX 3.0.",
		    "Ribbon est un nouveau niveau dans ClusterMAX 3.0.",
		    "Ribbon es un nivel nuevo en ClusterMAX 3.0."};

		for (i = 0; i < 4; i++) {
			r.language = lang[i];
			ck_assert_str_eq(report_string(&r, "changes_no_reason_once"), once[i]);
			t = report_format1(&r, "compare_not_reviewed_in", "edition", "ClusterMAX 3.0");
			ck_assert_str_eq(t, unrev[i]);
			free(t);
			ck_assert_str_eq(report_string(&r, "cell_not_replaced"), notrep[i]);
			t = report_format(&r, "changes_tier_added_alone",
			    (const char *[]){"edition", "tier", NULL},
			    (const char *[]){"ClusterMAX 3.0", "Ribbon", NULL});
			ck_assert_str_eq(t, added[i]);
			free(t);
		}
	}
	r.language = "en";
	ck_assert_str_eq(report_string(&r, "edition_see_home_link"), "the report\u2019s front page");
	ck_assert_str_eq(report_string(&r, "response_words"),
	    "In the provider\u2019s own words, as it sent them; not the report\u2019s view.");
	r.language = "fr";
	ck_assert_str_eq(report_string(&r, "changes_nothing"),
	    "Aucun fournisseur n\u2019a chang\u00e9 de position entre {baseline} et {edition}.");
	r.language = "en";
	ck_assert_str_eq(report_string(&r, "move_no_reason"),
	    "Its review gives no reason for the move.");
	ck_assert_str_eq(report_string(&r, "fault_c_detected_untimed"),
	    "detected the fault (no time given)");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("view_packs");
	TCase *tc = tcase_create("view_packs");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_packs_complete);
	tcase_add_test(tc, test_packs_differ_from_english);
	tcase_add_test(tc, test_checker_finds_faults);
	tcase_add_test(tc, test_pack_find);
	tcase_add_test(tc, test_report_string_order);
	tcase_add_test(tc, test_placeholders);
	tcase_add_test(tc, test_entries_words);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
