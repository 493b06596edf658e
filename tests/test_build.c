/*
 * test_build.c: podium build end to end on the hand-worked fixture:
 * ratings.json field by field, ratings.csv, atomic publish, reproducibility,
 * and that drafts and private findings never reach the output.
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "chart.h"
#include "parse.h"
#include "render.h"

#define MINI "tests/fixtures/mini"

static char tmp[64];

static void
setup(void)
{
	char *cmd;

	snprintf(tmp, sizeof(tmp), "/tmp/podium-test-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmp));
	cmd = xasprintf("cp -R %s %s/proj", MINI, tmp);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
}

static void
teardown(void)
{
	remove_tree(tmp);
}

static int
build(const char *proj, const char *out, unsigned parts, bool drafts, struct diag *d)
{
	struct build_request rq;

	memset(&rq, 0, sizeof(rq));
	rq.dir = proj;
	rq.out = out;
	rq.parts = parts;
	rq.write = true;
	rq.quiet = true;
	rq.opts.drafts = drafts;
	ck_assert(date_parse("2026-11-30", &rq.opts.now));
	return build_run(&rq, d);
}

static char *
slurp(const char *dir, const char *rel)
{
	struct buf b = BUF_INIT;
	char *path = path_join(dir, rel);

	ck_assert_msg(file_read(path, 1 << 26, &b) == FILE_OK, "cannot read %s", path);
	free(path);
	return buf_detach(&b, NULL);
}

/* Concatenates every file under dir (sorted), for leak searches and compares. */
static void
slurp_tree(const char *dir, struct buf *all)
{
	size_t n, i;
	char **names = dir_list(dir, &n);
	struct stat st;

	ck_assert_ptr_nonnull(names);
	for (i = 0; i < n; i++) {
		char *p = path_join(dir, names[i]);

		ck_assert_int_eq(stat(p, &st), 0);
		buf_printf(all, "\n== %s\n", names[i]);
		if (S_ISDIR(st.st_mode))
			slurp_tree(p, all);
		else
			ck_assert_int_eq(file_read(p, 1 << 26, all), FILE_OK);
		free(p);
	}
	strv_free(names, n);
}

START_TEST(test_json)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out"), *text;
	json_t *root, *e3, *r;
	json_error_t err;

	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_DATA, false, &d), 0);
	text = slurp(out, "data/ratings.json");
	root = json_loads(text, 0, &err);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(json_string_value(json_object_get(root, "generator")), "podium 0.1.0");
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(root, "report"),
	    "compare")), "e1");
	ck_assert_uint_eq(json_array_size(json_object_get(root, "ladder")), 5);
	ck_assert_uint_eq(json_array_size(json_object_get(root, "editions")), 3);
	e3 = json_array_get(json_object_get(root, "editions"), 2);
	ck_assert_str_eq(json_string_value(json_object_get(e3, "id")), "e3");
	ck_assert_str_eq(json_string_value(json_object_get(e3, "published")), "2026-01-10");
	ck_assert_str_eq(json_string_value(json_object_get(e3, "previous")), "e2");
	ck_assert_int_eq(json_integer_value(json_object_get(e3, "medals")), 4);
	ck_assert_int_eq(json_integer_value(json_object_get(e3, "rated")), 4);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(e3, "universe"),
	    "tracked")), 40);
	ck_assert_double_eq(json_real_value(json_object_get(json_object_get(e3, "shares"),
	    "medals_of_reviewed")), 0.8);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(e3, "counts"),
	    "weak")), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(e3, "change"),
	    "reviewed")), -1);
	r = json_array_get(json_object_get(e3, "ratings"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(r, "provider")), "delta");
	ck_assert_str_eq(json_string_value(json_object_get(r, "tier")), "elite");
	ck_assert_str_eq(json_string_value(json_object_get(r, "computed")), "strong");
	ck_assert_double_eq(json_real_value(json_object_get(r, "score")), 82.0);
	ck_assert(json_is_true(json_object_get(r, "override")));
	ck_assert_str_eq(json_string_value(json_object_get(r, "previous")), "untested");
	ck_assert(json_is_null(json_object_get(r, "steps")));
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "returned");
	r = json_array_get(json_object_get(e3, "gone"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(r, "status")), "merged");
	/* the acknowledged claim of e2, both numbers and the note */
	r = json_array_get(json_object_get(json_array_get(json_object_get(root, "editions"), 1),
	    "claims"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(r, "stated")), 7);
	ck_assert_int_eq(json_integer_value(json_object_get(r, "computed")), 6);
	ck_assert_str_eq(json_string_value(json_object_get(r, "note")),
	    "the source counts one review twice");
	/* the e2 change: 3 -> 4 medals is +33.333333% */
	r = json_object_get(json_array_get(json_object_get(root, "editions"), 1), "change");
	ck_assert_double_eq(json_real_value(json_object_get(r, "medals_pct")), 33.333333);
	ck_assert_ptr_null(strstr(text, "33.33333300"));
	/* foxtrot (draft) has no history entry; 6 providers are visible */
	ck_assert_uint_eq(json_array_size(json_object_get(root, "providers")), 6);
	/* the declared provider fields, in declaration order; absent: null */
	r = json_object_get(json_array_get(json_object_get(root, "providers"), 0), "fields");
	ck_assert_str_eq(json_string_value(json_object_get(r, "kind")), "hyperscaler");
	ck_assert_str_eq(json_string_value(json_object_get(r, "country")), "US");
	r = json_object_get(json_array_get(json_object_get(root, "providers"), 1), "fields");
	ck_assert(json_is_null(json_object_get(r, "country")));
	json_decref(root);
	free(text);
	text = slurp(out, "data/ratings.csv");
	ck_assert(str_starts(text,
	    "edition,provider,name,tier,medal,score,computed,previous,steps,status,kind,country\r\n"
	    "e1,alpha,Alpha Cloud,strong,true,,,,,new,hyperscaler,US\r\n"));
	/* a declared field without a value: an empty column */
	ck_assert_ptr_nonnull(strstr(text,
	    "e3,delta,Delta,elite,true,82.000000,strong,untested,,returned,neocloud,\r\n"));
	free(text);
	diag_release(&d);
	free(proj);
	free(out);
}
END_TEST

START_TEST(test_reproducible_and_no_leaks)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *o1 = path_join(tmp, "o1"), *o2 = path_join(tmp, "o2");
	struct buf a = BUF_INIT, b = BUF_INIT;

	diag_init(&d);
	ck_assert_int_eq(build(proj, o1, PART_ALL, false, &d), 0);
	ck_assert_int_eq(build(proj, o2, PART_ALL, false, &d), 0);
	slurp_tree(o1, &a);
	slurp_tree(o2, &b);
	ck_assert_uint_gt(a.len, 100);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert(memcmp(a.data, b.data, a.len) == 0);
	ck_assert_ptr_null(strstr(a.data, "PRIVATE-FINDING-TITLE"));
	ck_assert_ptr_null(strstr(a.data, "SECRET-DRAFT"));
	ck_assert_ptr_null(strstr(a.data, "EMBARGOED-TEXT"));
	ck_assert_ptr_null(strstr(a.data, "foxtrot"));
	ck_assert_ptr_null(strstr(a.data, "Foxtrot"));
	buf_release(&a);
	buf_release(&b);
	diag_release(&d);
	free(proj);
	free(o1);
	free(o2);
}
END_TEST

START_TEST(test_drafts_included)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out"), *text;

	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_DATA, true, &d), 0);
	text = slurp(out, "data/ratings.json");
	ck_assert_ptr_nonnull(strstr(text, "\"foxtrot\""));
	ck_assert_ptr_null(strstr(text, "PRIVATE-FINDING-TITLE"));
	free(text);
	diag_release(&d);
	free(proj);
	free(out);
}
END_TEST

START_TEST(test_atomic)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out");
	char *bad = path_join(proj, "content/reviews/e3/beta.yaml");
	struct buf before = BUF_INIT, after = BUF_INIT;
	size_t n;
	char **names;

	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_DATA, false, &d), 0);
	slurp_tree(out, &before);
	ck_assert_int_eq(file_write(bad, "tier: nonsense\n", 15), 0);
	ck_assert_int_eq(build(proj, out, PART_DATA, false, &d), 1);
	ck_assert_uint_gt(d.nerrors, 0);
	slurp_tree(out, &after);
	ck_assert_uint_eq(before.len, after.len);
	ck_assert(memcmp(before.data, after.data, before.len) == 0);
	/* no staging folder left beside OUT */
	names = dir_list(tmp, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(names[0], "out");
	ck_assert_str_eq(names[1], "proj");
	strv_free(names, n);
	buf_release(&before);
	buf_release(&after);
	diag_release(&d);
	free(bad);
	free(proj);
	free(out);
}
END_TEST

START_TEST(test_check_shortcodes)
{
	struct diag d;
	struct build_request rq;
	struct buf b = BUF_INIT;
	char *proj = path_join(tmp, "proj");
	char *md = path_join(proj, "content/commentary/intro.md");
	static const char text[] = "---\ntitle: Summary\norder: 10\n---\n"
	    "Up {{count e3 medals}} and {{tier alpha e9}}.\n\n{{chart pie}}\n";

	ck_assert_int_eq(file_write(md, text, sizeof(text) - 1), 0);
	diag_init(&d);
	memset(&rq, 0, sizeof(rq));
	rq.dir = proj;
	rq.parts = PART_ALL;
	ck_assert(date_parse("2026-11-30", &rq.opts.now));
	ck_assert_int_eq(build_run(&rq, &d), 1);
	ck_assert_uint_eq(d.nerrors, 2);
	diag_format(&d.v[0], false, &b);
	ck_assert_str_eq(b.data, "content/commentary/intro.md:5:28: error: unknown edition 'e9'");
	buf_reset(&b);
	diag_format(&d.v[1], false, &b);
	ck_assert(str_starts(b.data, "content/commentary/intro.md:7:1: error: unknown chart 'pie'"));
	buf_release(&b);
	diag_release(&d);
	free(md);
	free(proj);
}
END_TEST

/* Preview mode keeps charts between builds: never a stale one. */
START_TEST(test_preview_charts_kept)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *o1 = path_join(tmp, "o1"),
	    *o2 = path_join(tmp, "o2"), *o3 = path_join(tmp, "o3");
	char *review = path_join(proj, "content/reviews/e3/beta.yaml");
	char *a, *b, *png;
	static const char up[] = "scores: {security: 5, reliability: 5}\n";

	diag_init(&d);
	render_charts_keep(true);
	ck_assert_int_eq(build(proj, o1, PART_HTML, true, &d), 0);
	ck_assert_int_eq(build(proj, o2, PART_HTML, true, &d), 0);
	a = slurp(o1, "charts/distribution.svg");
	b = slurp(o2, "charts/distribution.svg");
	ck_assert_str_eq(a, b);
	free(b);
	/* no PNGs in a preview, and no history chart of a provider's own: the
	 * page lays its marks over the frame */
	png = path_join(o2, "charts/distribution.png");
	ck_assert_int_eq(access(png, F_OK), -1);
	free(png);
	png = path_join(o2, "charts/history-beta.svg");
	ck_assert_int_eq(access(png, F_OK), -1);
	free(png);
	free(slurp(o2, "charts/history-frame.svg"));
	/* beta moves up to elite (drafts in, so the claims only warn): the
	 * distribution changes */
	ck_assert_int_eq(file_write(review, up, sizeof(up) - 1), 0);
	ck_assert_int_eq(build(proj, o2, PART_HTML, true, &d), 0);
	b = slurp(o2, "charts/distribution.svg");
	ck_assert_str_ne(a, b);
	render_charts_keep(false);
	/* and what was kept matches a build from scratch */
	ck_assert_int_eq(build(proj, o3, PART_HTML, true, &d), 0);
	free(a);
	a = slurp(o3, "charts/distribution.svg");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	a = slurp(o2, "charts/history-frame.svg");
	b = slurp(o3, "charts/history-frame.svg");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	a = slurp(o2, "providers/beta/index.html");
	b = slurp(o3, "providers/beta/index.html");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	diag_release(&d);
	free(review);
	free(proj);
	free(o1);
	free(o2);
	free(o3);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("build");
	TCase *tc = tcase_create("mini");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_reproducible_and_no_leaks);
	tcase_add_test(tc, test_drafts_included);
	tcase_add_test(tc, test_atomic);
	tcase_add_test(tc, test_check_shortcodes);
	tcase_add_test(tc, test_preview_charts_kept);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	chart_fonts_release();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
