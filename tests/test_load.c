/*
 * test_load.c: every validation rule of the loader, one file laid over a
 * small valid project (load_helper.h), with the exact diagnostic expected.
 */
#include "load_helper.h"
#include "load.h"

#define REP "content/report.yaml"
#define SRC "content/sources.yaml"
#define E1 "content/editions/1.0.yaml"
#define E2 "content/editions/2.0.yaml"
#define PB "content/providers/beta.yaml"
#define R1 "content/reviews/1.0/old.yaml"
#define R2 "content/reviews/2.0/beta.yaml"
#define R2A "content/reviews/2.0/acme.yaml"
#define CA "content/commentary/a.md"
#define LADDER "ladder:\n  - {id: gold, name: Gold, medal: true}\n" \
    "  - {id: silver, name: S}\n  - {id: none, name: N, rated: false}\n"

START_TEST(test_base_is_clean)
{
	char *got = load_diags(NULL, 0);

	ck_assert_str_eq(got, "");
	free(got);
}
END_TEST

/* types */
START_TEST(test_string_not_mapping)
{
	ck_load(PB, "name: {a: 1}\nshort: X\n",
	    PB ":1:7: error: 'name' must be a string, not a mapping\n");
}
END_TEST

START_TEST(test_string_empty)
{
	ck_load(PB, "name: \"\"\nshort: X\n", PB ":1:7: error: 'name' must not be empty\n");
	ck_load(PB, "name:\nshort: X\n", PB ":1:6: error: 'name' needs a value\n");
}
END_TEST

START_TEST(test_bool)
{
	ck_load(R1, "tier: gold\ndraft: \"true\"\n",
	    R1 ":2:8: error: 'draft' must be true or false, not 'true'\n");
	ck_load(R1, "tier: gold\ndraft: yes\n",
	    R1 ":2:8: error: 'draft' must be true or false, not 'yes'\n");
}
END_TEST

START_TEST(test_integer)
{
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nuniverse: {tracked: 1.5}\n",
	    E1 ":4:21: error: 'tracked' must be a whole number from 0 to 1000000000, not '1.5'\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nuniverse: {tracked: \"7\"}\n",
	    E1 ":4:21: error: 'tracked' must be a whole number from 0 to 1000000000, not '7'\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nuniverse: {tracked: 99999999999999999999}\n",
	    E1 ":4:21: error: 'tracked' must be a whole number from 0 to 1000000000, not '99999999999999999999'\n");
}
END_TEST

START_TEST(test_number)
{
	ck_load(R2A, "scores: {sec: 0x4, rel: 5}\n",
	    R2A ":1:15: error: 'sec' must be a number from 0 to 5, not '0x4'\n");
	ck_load(R2A, "scores: {sec: nan, rel: 5}\n",
	    R2A ":1:15: error: 'sec' must be a number from 0 to 5, not 'nan'\n");
	ck_load(R2A, "scores: {sec: -0.5, rel: 5}\n",
	    R2A ":1:15: error: 'sec' must be a number from 0 to 5, not '-0.5'\n");
}
END_TEST

START_TEST(test_required_key)
{
	ck_load(PB, "short: X\n", PB ":1:1: error: missing required key 'name'\n");
	ck_load(REP, "publisher: P\nedition: \"2.0\"\n" LADDER,
	    REP ":1:1: error: missing required key 'title'\n");
}
END_TEST

START_TEST(test_unknown_key)
{
	ck_load(R1, "tier: gold\nsumary: x\n",
	    R1 ":2:1: error: unknown key 'sumary' (did you mean 'summary'?)\n");
	ck_load(R1, "tier: gold\nflavour: x\n", R1 ":2:1: error: unknown key 'flavour'\n");
	/* distance 3 is too far for a guess */
	ck_load(R1, "tier: gold\nsumxxy: x\n", R1 ":2:1: error: unknown key 'sumxxy'\n");
}
END_TEST

START_TEST(test_enum)
{
	ck_load(REP, "title: T\npublisher: P\nedition: \"2.0\"\npaper: a3\n" LADDER,
	    REP ":4:8: error: unknown paper 'a3' (one of: a4, letter)\n");
}
END_TEST

START_TEST(test_id_pattern)
{
	ck_load(PB, "name: B\nshort: X\naliases: [Old-Beta]\n",
	    PB ":3:11: error: 'aliases' must be an id ([a-z0-9][a-z0-9._-]*), not 'Old-Beta'\n");
	ck_load("content/providers/-x.yaml", "name: X\nshort: X\n",
	    "content/providers/-x.yaml: error: file name '-x' is not an id ([a-z0-9][a-z0-9._-]*)\n");
}
END_TEST

START_TEST(test_dates)
{
	ck_load(E1, "name: E1\npublished: 2025-02-29\ntiers: [gold, silver]\n",
	    E1 ":2:12: error: 'published' must be a real date YYYY-MM-DD, not '2025-02-29'\n");
	ck_load(E1, "name: E1\npublished: 26/03/2025\ntiers: [gold, silver]\n",
	    E1 ":2:12: error: 'published' must be a real date YYYY-MM-DD, not '26/03/2025'\n");
	ck_load(SRC, "s1:\n  title: S\n  kind: video\n  date: 2026-00\n",
	    SRC ":4:9: error: 'date' must be a real date YYYY-MM-DD (or YYYY-MM when the day is not known), not '2026-00'\n");
}
END_TEST

START_TEST(test_durations_timestamps)
{
	ck_load(R1, "tier: gold\nfault_test: {fault: x, detect_after: 5 min}\n",
	    R1 ":2:38: error: 'detect_after' must be a duration like 90s, 24m, 8h40m or 2d, not '5 min'\n");
	ck_load(R1, "tier: gold\nquotes:\n  - {text: hi, source: s1, at: \"1:60\"}\n",
	    R1 ":3:32: error: 'at' must be a timestamp m:ss or h:mm:ss, not '1:60'\n");
}
END_TEST

START_TEST(test_score_range)
{
	ck_load(R2A, "scores: {sec: 5.01, rel: 5}\n",
	    R2A ":1:15: error: 'sec' must be a number from 0 to 5, not '5.01'\n");
	ck_load(E2, "name: E2\npublished: 2026-01-01\nrubric:\n  scale: 5\n  criteria: [{id: sec, name: S}, {id: rel, name: R}]\n"
	    "  thresholds: {gold: {min: 101}}\n  floor: silver\n",
	    E2 ":6:28: error: 'min' must be a number from 0 to 100, not '101'\n");
}
END_TEST

/* cross-references */
START_TEST(test_ref_tier)
{
	ck_load(R1, "tier: none\n",
	    R1 ":1:7: error: unknown tier 'none' (edition '1.0' uses: gold, silver)\n");
	ck_load(R2, "tier: golden\n",
	    R2 ":1:7: error: unknown tier 'golden' (did you mean 'gold'?)\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, bronze]\n",
	    E1 ":3:15: error: unknown tier 'bronze' (the ladder has: gold, silver, none)\n");
}
END_TEST

START_TEST(test_ref_criterion)
{
	ck_load(R2A, "scores: {sec: 4, rel: 5, speed: 1}\n",
	    R2A ":1:26: error: unknown criterion 'speed' (edition '2.0' has: sec, rel)\n");
	ck_load(R2A, "scores: {sec: 4}\n", R2A ":1:9: error: missing score for criterion 'rel'\n");
}
END_TEST

START_TEST(test_ref_source)
{
	ck_load(R1, "tier: gold\nsources: [s1, s2]\n",
	    R1 ":2:15: error: unknown source 's2' (not in content/sources.yaml)\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nsource: s9\n",
	    E1 ":4:9: error: unknown source 's9' (not in content/sources.yaml)\n");
}
END_TEST

START_TEST(test_ref_provider_and_edition)
{
	ck_load("content/reviews/2.0/zed.yaml", "tier: gold\n",
	    "content/reviews/2.0/zed.yaml: error: unknown provider 'zed' (no content/providers/zed.yaml)\n");
	ck_load("content/reviews/9.0/acme.yaml", "tier: gold\n",
	    "content/reviews/9.0: error: '9.0' names no edition (reviews go in content/reviews/<edition>/)\n");
	ck_load(REP, "title: T\npublisher: P\nedition: \"3.0\"\n" LADDER,
	    REP ":3:10: error: unknown edition '3.0' (editions: 1.0, 2.0)\n");
}
END_TEST

START_TEST(test_ref_successor_alias)
{
	ck_load(PB, "name: B\nshort: X\nsuccessor: zed\n",
	    PB ":3:12: error: unknown provider 'zed' as 'successor'\n");
	ck_load(PB, "name: B\nshort: X\nsuccessor: beta\n",
	    PB ":3:12: error: provider 'beta' cannot be its own successor\n");
	ck_load(PB, "name: B\nshort: X\naliases: [acme]\n",
	    PB ":3:11: error: alias 'acme' is the id of a provider\n");
	ck_load(PB, "name: B\nshort: X\naliases: [old]\n",
	    PB ":3:11: error: alias 'old' is already used (content/providers/acme.yaml:3)\n");
}
END_TEST

START_TEST(test_ref_featured)
{
	ck_load(REP, "title: T\npublisher: P\nedition: \"2.0\"\nfeatured: [acme, zed, old]\n" LADDER,
	    REP ":4:18: error: unknown provider 'zed' in 'featured'\n"
	    REP ":4:23: error: provider 'acme' is featured twice\n");
}
END_TEST

START_TEST(test_previous_chain)
{
	ck_load(E1, "name: E1\npublished: 2025-01-01\nprevious: \"2.0\"\n",
	    E1 ":3:11: error: the 'previous' chain loops: '1.0' -> '2.0' -> '1.0'\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\nprevious: \"0.5\"\n",
	    E1 ":3:11: error: unknown edition '0.5' as 'previous'\n");
}
END_TEST

START_TEST(test_alias_review)
{
	/* old.yaml resolves to acme; a second file for acme is an error */
	ck_load("content/reviews/1.0/acme.yaml", "tier: silver\n",
	    "content/reviews/1.0/old.yaml: error: provider 'acme' already has a review in edition '1.0' (content/reviews/1.0/acme.yaml)\n");
}
END_TEST

START_TEST(test_duplicate_key)
{
	ck_load(PB, "name: B\nshort: X\nname: C\nname: D\n",
	    PB ":3:1: error: duplicate key 'name' (first at line 1)\n"
	    PB ":4:1: error: duplicate key 'name' (first at line 1)\n");
}
END_TEST

START_TEST(test_tier_or_scores)
{
	ck_load(R1, "summary: x\n", R1 ":1:1: error: missing required key 'tier'\n");
	ck_load(R2, "summary: x\n",
	    R2 ":1:1: error: missing required key 'tier' (or 'scores', as the edition has a rubric)\n");
	ck_load(R1, "tier: gold\nscores: {sec: 1}\n",
	    R1 ":2:9: error: 'scores' needs a rubric, and edition '1.0' has none\n");
}
END_TEST

START_TEST(test_findings)
{
	ck_load(R1, "tier: gold\nsecurity:\n  findings:\n    - {id: f, title: T}\n",
	    R1 ":4:7: error: missing required key 'class'\n");
	ck_load(R1, "tier: gold\nsecurity:\n  findings:\n    - {id: f, title: T, class: other, severity: grave}\n",
	    R1 ":4:49: error: unknown severity 'grave' (one of: critical, high, medium, low)\n");
	ck_load(R1, "tier: gold\nsecurity:\n  findings:\n    - {id: f, title: T, class: other, patched: 2026-01-02, patched_after: 2d}\n",
	    R1 ":4:75: error: give 'patched' or 'patched_after', not both\n");
	ck_load(R1, "tier: gold\nsecurity:\n  findings:\n    - {id: f, title: T, class: other, verified: soon}\n",
	    R1 ":4:49: error: 'verified' must be a real date YYYY-MM-DD or true, not 'soon'\n");
	ck_load(R1, "tier: gold\nsecurity:\n  findings:\n    - {id: f, title: T, class: other}\n    - {id: f, title: U, class: other}\n",
	    R1 ":5:7: error: duplicate finding id 'f' (first at line 4)\n");
}
END_TEST

START_TEST(test_claims)
{
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nclaims: {reviewed: {value: 3}}\n",
	    E1 ":4:20: error: missing required key 'note'\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nclaims: {tiers: {none: 1}}\n",
	    E1 ":4:18: error: unknown tier 'none' (edition '1.0' uses: gold, silver)\n");
	ck_load(E1, "name: E1\npublished: 2025-01-01\ntiers: [gold, silver]\nclaims: {medal: 1}\n",
	    E1 ":4:10: error: unknown key 'medal' (did you mean 'medals'?)\n");
}
END_TEST

START_TEST(test_urls)
{
	ck_load(PB, "name: B\nshort: X\nurl: \"javascript:alert(1)\"\n",
	    PB ":3:6: error: 'url' must be an http(s) or mailto url, not 'javascript:alert(1)'\n");
	ck_load(REP, "title: T\npublisher: P\nedition: \"2.0\"\nbase_url: mailto:a@b.c\n" LADDER,
	    REP ":4:11: error: 'base_url' must be an http(s) url, not 'mailto:a@b.c'\n");
}
END_TEST

START_TEST(test_report_missing)
{
	struct tfile f[] = {{REP, NULL}};
	char *got = load_diags(f, 1);

	ck_assert(str_ends(got, "' a podium project folder?\n"));
	ck_assert(str_starts(got, "content/report.yaml: error: file not found: is '/tmp/podium-load-"));
	free(got);
}
END_TEST

START_TEST(test_commentary)
{
	ck_load(CA, "title: A\n", CA ":1:1: error: missing front matter (the file must start with a '---' line)\n");
	ck_load(CA, "---\ntitle: A\n", CA ":1:1: error: front matter has no closing '---' line\n");
	ck_load(CA, "---\ntitle: A\nembargo: soon\n---\n",
	    CA ":3:10: error: 'embargo' must be a real date YYYY-MM-DD, not 'soon'\n");
	ck_load(CA, "---\n---\nx\n", CA ":1:1: error: front matter is empty (expected a mapping)\n");
	ck_load(CA, "---\n- a\n---\nx\n", CA ":2:1: error: front matter must be a mapping, not a sequence\n");
}
END_TEST

/* A byte order mark opening a YAML or Markdown file is no content: the
 * file loads as it does without one, and positions on its first line do
 * not count it. */
#define BOM "\xef\xbb\xbf"
START_TEST(test_bom)
{
	struct tfile f[] = {
		{PB, BOM "name: B\nshort: X\n"},
		{"content/report.yaml", BOM "title: T\npublisher: P\nedition: \"2.0\"\n" LADDER},
		{CA, BOM "---\ntitle: A\n---\nBody\n"},
	};
	char *dir = project_dir_new(f, ARRAY_SIZE(f));
	struct diag d;
	struct project *p;

	diag_init(&d);
	p = project_load(dir, &d);
	ck_assert_uint_eq(d.n, 0);
	ck_assert_uint_eq(p->nsections, 1);
	ck_assert_str_eq(p->sections[0].title, "A");
	ck_assert_str_eq(p->sections[0].body, "Body\n");
	ck_assert_uint_eq(p->sections[0].body_line, 4);
	project_free(p);
	diag_release(&d);
	project_dir_free(dir);

	ck_load(PB, BOM "name: B\nshort: [x]\n",
	    PB ":2:8: error: 'short' must be a string, not a sequence\n");
	ck_load(PB, BOM "name: [B\n", PB ":2:1: error: did not find expected ',' or ']' (while parsing a flow sequence)\n");
	ck_load(PB, BOM "name: \xff\n", PB ":1:7: error: invalid UTF-8 (byte 0xff)\n");
	ck_load(CA, BOM "---\ntitle: A\nembargo: soon\n---\n",
	    CA ":3:10: error: 'embargo' must be a real date YYYY-MM-DD, not 'soon'\n");
	ck_load(CA, BOM "title: A\n", CA ":1:1: error: missing front matter (the file must start with a '---' line)\n");
	/* only at the start: a second mark is text, refused where a key is due */
	ck_load(CA, BOM BOM "---\ntitle: A\n---\n", CA ":1:1: error: missing front matter (the file must start with a '---' line)\n");
}
END_TEST

START_TEST(test_ignored_file)
{
	ck_load("content/providers/README.md", "hi\n",
	    "content/providers/README.md: warning: ignored: not a '.yaml' file\n");
}
END_TEST

/* diagnostics come sorted by file, then line, whatever order they were found in */
START_TEST(test_order)
{
	struct tfile f[] = {
		{R1, "tier: bad\n"},
		{PB, "name: B\nshort: [x]\nurl: \"data:,\"\n"},
		{REP, "title: T\npublisher: P\nedition: \"2.0\"\nsubtitle: [x]\n" LADDER},
	};
	char *got = load_diags(f, ARRAY_SIZE(f));

	ck_assert_str_eq(got,
	    PB ":2:8: error: 'short' must be a string, not a sequence\n"
	    PB ":3:6: error: 'url' must be an http(s) or mailto url, not 'data:,'\n"
	    REP ":4:11: error: 'subtitle' must be a string, not a sequence\n"
	    R1 ":1:7: error: unknown tier 'bad' (edition '1.0' uses: gold, silver)\n");
	free(got);
}
END_TEST

/* Loads dir with cache c; the diagnostics, one a line (malloc'd), and the
 * name of provider beta into *beta (malloc'd). */
static char *
load_cached(const char *dir, struct load_cache *c, char **beta)
{
	struct diag d;
	struct buf b = BUF_INIT;
	struct project *p;
	const struct provider *pr;
	size_t i;

	diag_init(&d);
	p = project_load_cached(dir, c, &d);
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &b);
		buf_putc(&b, '\n');
	}
	pr = p != NULL ? project_provider(p, "beta") : NULL;
	*beta = xstrdup(pr != NULL ? pr->name : "-");
	project_free(p);
	diag_release(&d);
	return buf_detach(&b, NULL);
}

#define CK_CACHE(c, kept_, hits_, parses_) do { \
	size_t h_, p_; \
	ck_assert_uint_eq(load_cache_count((c), &h_, &p_), (kept_)); \
	ck_assert_uint_eq(h_, (hits_)); \
	ck_assert_uint_eq(p_, (parses_)); \
} while (0)

/* Loads with the cache, expecting diagnostics want, beta's name (NULL: not
 * asked) and the cache's counts. */
#define CK_CACHED(want, name, kept_, hits_, parses_) do { \
	char *got_ = load_cached(dir, c, &beta); \
	ck_assert_str_eq(got_, (want)); \
	if ((name) != NULL) \
		ck_assert_str_eq(beta, (name)); \
	CK_CACHE(c, kept_, hits_, parses_); \
	free(got_); \
	free(beta); \
} while (0)

/*
 * The YAML trees kept between loads (podium serve): a file is parsed again
 * only when its bytes changed; a file whose parse reports something is
 * never kept, so it is reported again on every load, as a fresh load does.
 */
START_TEST(test_load_cache)
{
	static const struct tfile edit = {PB, "name: Beta Two\n"};
	static const struct tfile dup = {R2, "tier: none\ntier: none\n"};
	static const struct tfile gone = {R2, NULL};
	const struct tfile both[] = {edit, dup};
	struct load_cache *c = load_cache_new();
	char *dir = project_dir_new(NULL, 0), *beta, *fresh;

	/* the 9 YAML files of the base, parsed, then taken */
	CK_CACHED("", "Beta", 9, 0, 9);
	CK_CACHED("", "Beta", 9, 9, 0);

	/* one file edited: it alone is parsed, and what it says is read */
	tfile_put(dir, &edit);
	CK_CACHED("", "Beta Two", 9, 8, 1);

	/* a file with a duplicate key: reported as a fresh load reports it,
	 * on every load, and not kept */
	tfile_put(dir, &dup);
	fresh = load_diags(both, 2);
	ck_assert_str_eq(fresh, R2 ":2:1: error: duplicate key 'tier' (first at line 1)\n");
	CK_CACHED(fresh, "Beta Two", 8, 8, 0);
	CK_CACHED(fresh, "Beta Two", 8, 8, 0);
	free(fresh);

	/* repaired: kept again; removed: gone from the cache */
	tfile_put(dir, &base_files[8]);
	CK_CACHED("", "Beta Two", 9, 8, 1);
	tfile_put(dir, &gone);
	CK_CACHED("", "Beta Two", 8, 8, 0);

	load_cache_free(c);
	project_dir_free(dir);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("load");
	TCase *tc = tcase_create("rules");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_base_is_clean);
	tcase_add_test(tc, test_load_cache);
	tcase_add_test(tc, test_string_not_mapping);
	tcase_add_test(tc, test_string_empty);
	tcase_add_test(tc, test_bool);
	tcase_add_test(tc, test_integer);
	tcase_add_test(tc, test_number);
	tcase_add_test(tc, test_required_key);
	tcase_add_test(tc, test_unknown_key);
	tcase_add_test(tc, test_enum);
	tcase_add_test(tc, test_id_pattern);
	tcase_add_test(tc, test_dates);
	tcase_add_test(tc, test_durations_timestamps);
	tcase_add_test(tc, test_score_range);
	tcase_add_test(tc, test_ref_tier);
	tcase_add_test(tc, test_ref_criterion);
	tcase_add_test(tc, test_ref_source);
	tcase_add_test(tc, test_ref_provider_and_edition);
	tcase_add_test(tc, test_ref_successor_alias);
	tcase_add_test(tc, test_ref_featured);
	tcase_add_test(tc, test_previous_chain);
	tcase_add_test(tc, test_alias_review);
	tcase_add_test(tc, test_duplicate_key);
	tcase_add_test(tc, test_tier_or_scores);
	tcase_add_test(tc, test_findings);
	tcase_add_test(tc, test_claims);
	tcase_add_test(tc, test_urls);
	tcase_add_test(tc, test_report_missing);
	tcase_add_test(tc, test_commentary);
	tcase_add_test(tc, test_bom);
	tcase_add_test(tc, test_ignored_file);
	tcase_add_test(tc, test_order);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
