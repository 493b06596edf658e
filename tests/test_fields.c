/*
 * test_fields.c: the fields a report declares for its providers and reviews
 * (provider_fields, review_fields), its security practices and its strings:
 * every type with one good and one bad value, each diagnostic word for word.
 */
#include "load_helper.h"

#define REP "content/report.yaml"
#define PB "content/providers/beta.yaml"
#define R2 "content/reviews/2.0/beta.yaml"

#define HEAD "title: T\npublisher: P\nedition: \"2.0\"\nladder:\n" \
    "  - {id: gold, name: Gold, medal: true}\n" \
    "  - {id: silver, name: Silver, medal: true}\n" \
    "  - {id: none, name: None, rated: false}\n"

/* Every type, once each; review fields: a list and a required number. */
#define FIELDS HEAD \
    "provider_fields:\n" \
    "  - {id: motto, name: Motto, type: string}\n" \
    "  - {id: blurb, name: Blurb, type: text}\n" \
    "  - {id: docks, name: Docks, type: integer}\n" \
    "  - {id: fare, name: Fare, type: number, unit: EUR}\n" \
    "  - {id: ebikes, name: E-bikes, type: boolean}\n" \
    "  - {id: opened, name: Opened, type: date}\n" \
    "  - {id: site, name: Site, type: url}\n" \
    "  - {id: model, name: Model, type: choice, choices: [public, private], filter: true}\n" \
    "  - {id: country, name: Country, type: country, filter: true}\n" \
    "  - {id: cities, name: Cities, type: list}\n" \
    "review_fields:\n" \
    "  - {id: price, name: Price, type: number, required: true}\n" \
    "security:\n" \
    "  practices:\n" \
    "    - {id: helmets, name: Helmets lent}\n" \
    "    - {id: lights, name: Lights checked}\n"

#define GOOD_PROVIDER "name: Beta\nmotto: Ride on\nblurb: \"*Fast* bikes\"\ndocks: 120\n" \
    "fare: 1.5\nebikes: true\nopened: 2019-05-01\nsite: https://beta.example/\n" \
    "model: public\ncountry: FR\ncities: [Lyon, Nice]\n"

/* The base's report replaced by FIELDS, with the reviews given the required
 * price, and file path laid over with text. */
static char *
with_fields(const char *path, const char *text)
{
	struct tfile f[] = {
		{REP, FIELDS},
		{"content/reviews/1.0/old.yaml", "tier: gold\nprice: 2\n"},
		{"content/reviews/2.0/acme.yaml", "scores: {sec: 4, rel: 5}\nprice: 3\n"},
		{R2, "tier: none\nprice: 0.5\n"},
		{path, text},
	};

	return load_diags(f, ARRAY_SIZE(f) - (path == NULL));
}

#define ck_fields(path, text, want) do { \
	char *got_ = with_fields((path), (text)); \
	ck_assert_str_eq(got_, (want)); \
	free(got_); \
} while (0)

START_TEST(test_good_values)
{
	ck_fields(NULL, NULL, "");
	ck_fields(PB, GOOD_PROVIDER, "");
	/* a field is optional unless required */
	ck_fields(PB, "name: Beta\n", "");
}
END_TEST

/* The table of field types (model.h): each name read back to its type,
 * a hint for all but a choice, and FIELDS above declaring every one of
 * them, so that a new type is tried here with a good and a bad value. */
START_TEST(test_field_types)
{
	const char *p = strstr(FIELDS, "provider_fields:"), *end = strstr(FIELDS, "review_fields:");
	size_t t, k, declared = 0;

	for (t = 0; t < FIELD_NTYPES; t++) {
		char *want = xasprintf("type: %s", field_types[t].name);
		const char *q;

		ck_assert_int_eq(field_type_parse(field_type_name((enum field_type)t)), (int)t);
		ck_assert_int_eq(field_types[t].hint == NULL, t == FIELD_CHOICE);
		for (k = 0; k < t; k++)
			ck_assert_str_ne(field_types[k].name, field_types[t].name);
		for (q = p; (q = strstr(q, want)) != NULL && q < end; q++)
			if (q[strlen(want)] == ',' || q[strlen(want)] == '}') {
				declared++;
				break;
			}
		free(want);
	}
	ck_assert_uint_eq(declared, FIELD_NTYPES);
	ck_assert_int_eq(field_type_parse("str"), -1);
	ck_assert_int_eq(field_types[FIELD_BOOLEAN].shows, SHOWS_BOOLEAN);
	ck_assert_int_eq(field_types[FIELD_TEXT].shows, SHOWS_MARKDOWN);
	ck_assert_int_eq(field_types[FIELD_COUNTRY].shows, SHOWS_TEXT);
}
END_TEST

START_TEST(test_values_loaded)
{
	struct tfile f[] = {
		{REP, FIELDS},
		{"content/reviews/1.0/old.yaml", "tier: gold\nprice: 2\n"},
		{"content/reviews/2.0/acme.yaml", "scores: {sec: 4, rel: 5}\nprice: 3\n"},
		{R2, "tier: none\nprice: 0.5\nsecurity: {practices: {lights: false}}\n"},
		{PB, GOOD_PROVIDER},
	};
	char *dir = project_dir_new(f, ARRAY_SIZE(f));
	struct diag d;
	struct project *p;
	const struct provider *b;
	const struct field_value *v;
	const struct review *rv;

	diag_init(&d);
	p = project_load(dir, &d);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_uint_eq(p->report.nprovider_fields, 10);
	ck_assert_uint_eq(p->report.nreview_fields, 1);
	ck_assert(p->report.review_fields[0].required);
	ck_assert_str_eq(p->report.provider_fields[3].unit, "EUR");
	b = project_provider(p, "beta");
	v = b->fields;
	ck_assert_str_eq(v[0].text, "Ride on");
	ck_assert_str_eq(v[1].text, "*Fast* bikes");
	ck_assert_int_eq(v[2].integer, 120);
	ck_assert_double_eq(v[3].number, 1.5);
	ck_assert(v[4].boolean);
	ck_assert_int_eq(v[5].date, 18017); /* 2019-05-01 */
	ck_assert_str_eq(v[6].text, "https://beta.example/");
	ck_assert_str_eq(v[7].text, "public");
	ck_assert_str_eq(v[8].text, "FR");
	ck_assert_uint_eq(v[9].nitems, 2);
	ck_assert_str_eq(v[9].items[1], "Nice");
	ck_assert_uint_eq(v[9].pos.line, 11);
	/* acme gave none of them */
	ck_assert(!project_provider(p, "acme")->fields[0].set);
	rv = edition_review(project_edition(p, "2.0"), b);
	ck_assert_double_eq(rv->fields[0].number, 0.5);
	ck_assert_uint_eq(p->report.npractices, 2);
	ck_assert_int_eq(rv->practices[0], TRI_UNSET);
	ck_assert_int_eq(rv->practices[1], TRI_FALSE);
	project_free(p);
	diag_release(&d);
	project_dir_free(dir);
}
END_TEST

START_TEST(test_bad_values)
{
	ck_fields(PB, "name: Beta\nmotto: [a]\n",
	    PB ":2:8: error: 'motto' must be a string, not a sequence\n");
	ck_fields(PB, "name: Beta\nblurb: \"\"\n",
	    PB ":2:8: error: 'blurb' must not be empty\n");
	ck_fields(PB, "name: Beta\ndocks: 12.5\n",
	    PB ":2:8: error: 'docks' must be a whole number, not '12.5'\n");
	ck_fields(PB, "name: Beta\nfare: cheap\n",
	    PB ":2:7: error: 'fare' must be a number, not 'cheap'\n");
	ck_fields(PB, "name: Beta\nebikes: yes\n",
	    PB ":2:9: error: 'ebikes' must be true or false, not 'yes'\n");
	ck_fields(PB, "name: Beta\nopened: 2019-02-30\n",
	    PB ":2:9: error: 'opened' must be a real date YYYY-MM-DD, not '2019-02-30'\n");
	ck_fields(PB, "name: Beta\nsite: \"javascript:alert(1)\"\n",
	    PB ":2:7: error: 'site' must be an http(s) or mailto url, not 'javascript:alert(1)'\n");
	ck_fields(PB, "name: Beta\nmodel: mixed\n",
	    PB ":2:8: error: unknown model 'mixed' (one of: public, private)\n");
	/* two capitals, but no country has the code */
	ck_fields(PB, "name: Beta\ncountry: XX\n",
	    PB ":2:10: error: 'country' must be an ISO 3166 alpha-2 code like 'US', not 'XX'\n");
	ck_fields(PB, "name: Beta\ncities: Lyon\n",
	    PB ":2:9: error: 'cities' must be a sequence, not 'Lyon'\n");
	ck_fields(PB, "name: Beta\ncities: [Lyon, {a: b}]\n",
	    PB ":2:16: error: 'cities' must be a string, not a mapping\n");
}
END_TEST

START_TEST(test_required_and_unknown)
{
	ck_fields(R2, "tier: none\n", R2 ":1:1: error: missing required key 'price'\n");
	ck_fields(PB, "name: Beta\ncountri: FR\n",
	    PB ":2:1: error: unknown key 'countri' (did you mean 'country'?)\n");
	/* a provider field is not a review field */
	ck_fields(R2, "tier: none\nprice: 1\nmotto: x\n", R2 ":3:1: error: unknown key 'motto'\n");
	/* kind and country are no longer built in: undeclared, they are errors */
	ck_load(PB, "name: Beta\nkind: neocloud\ncountry: US\n",
	    PB ":2:1: error: unknown key 'kind'\n"
	    PB ":3:1: error: unknown key 'country'\n");
}
END_TEST

START_TEST(test_declarations)
{
	ck_load(REP, HEAD "provider_fields:\n  - {id: name, name: N, type: string}\n",
	    REP ":9:10: error: field 'name' clashes with the built-in key 'name' of a provider file\n");
	ck_load(REP, HEAD "review_fields:\n  - {id: summary, name: S, type: text}\n",
	    REP ":9:10: error: field 'summary' clashes with the built-in key 'summary' of a review file\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: str}\n",
	    REP ":9:28: error: unknown type 'str' (one of: string, text, integer, number, boolean, date, url, choice, country, list)\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: choice}\n",
	    REP ":9:5: error: field 'x' of type 'choice' needs 'choices'\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: string, choices: [a]}\n",
	    REP ":9:45: error: 'choices' is only for a field of type 'choice', and 'x' is 'string'\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: string}\n"
	    "  - {id: x, name: Y, type: integer}\n",
	    REP ":10:5: error: duplicate field 'x' (first at line 9)\n");
	ck_load(REP, HEAD "review_fields:\n  - {id: x, name: X, type: string, filter: true}\n",
	    REP ":9:36: error: unknown key 'filter'\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: status, name: S, type: string}\n",
	    REP ":9:5: error: field 'status' clashes with the column 'status' of ratings.csv\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: string}\n"
	    "review_fields:\n  - {id: x, name: X, type: integer}\n",
	    REP ":11:5: error: field 'x' is a provider field too (line 9): ratings.csv names a column by its field's id\n");
	ck_load(REP, HEAD "provider_fields:\n  - {id: x, name: X, type: string, requird: true}\n",
	    REP ":9:36: error: unknown key 'requird' (did you mean 'required'?)\n");
}
END_TEST

START_TEST(test_practices)
{
	ck_fields(R2, "tier: none\nprice: 1\nsecurity: {practices: {helmet: true}}\n",
	    R2 ":3:24: error: unknown practice 'helmet' (did you mean 'helmets'?)\n");
	ck_fields(R2, "tier: none\nprice: 1\nsecurity: {practices: {brakes: true}}\n",
	    R2 ":3:24: error: unknown practice 'brakes' (report.yaml declares: helmets, lights)\n");
	ck_fields(R2, "tier: none\nprice: 1\nsecurity: {practices: {lights: maybe}}\n",
	    R2 ":3:32: error: 'lights' must be true or false, not 'maybe'\n");
	/* the base report declares none: the GPU practices are not built in */
	ck_load(R2, "tier: none\nsecurity: {practices: {drivers_current: true}}\n",
	    R2 ":2:24: error: unknown practice 'drivers_current' (report.yaml declares no security practices)\n");
	ck_load(REP, HEAD "security:\n  practices:\n    - {id: a, name: A}\n    - {id: a, name: B}\n",
	    REP ":11:7: error: duplicate practice 'a' (first at line 10)\n");
}
END_TEST

START_TEST(test_tiers_and_strings)
{
	ck_load(REP, "title: T\npublisher: P\nedition: \"2.0\"\nladder:\n"
	    "  - {id: gold, name: Gold, medal: true, group: Top}\n"
	    "  - {id: silver, name: Silver, medal: true}\n"
	    "  - {id: none, name: None, rated: false, group: Top}\n",
	    REP ":7:5: error: group 'Top' of tier 'none' is not next to its other tiers (a group names adjacent tiers)\n");
	ck_load(REP, HEAD "strings: {medals: Médailles, medal: x}\n",
	    REP ":8:30: error: unknown string key 'medal' (did you mean 'medals'?)\n");
	ck_load(REP, HEAD "strings: {medals: [a]}\n",
	    REP ":8:19: error: 'medals' must be a string, not a sequence\n");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("fields");
	TCase *tc = tcase_create("fields");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_good_values);
	tcase_add_test(tc, test_field_types);
	tcase_add_test(tc, test_values_loaded);
	tcase_add_test(tc, test_bad_values);
	tcase_add_test(tc, test_required_and_unknown);
	tcase_add_test(tc, test_declarations);
	tcase_add_test(tc, test_practices);
	tcase_add_test(tc, test_tiers_and_strings);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
