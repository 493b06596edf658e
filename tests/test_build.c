/*
 * test_build.c: podium build end to end on the hand-worked fixture:
 * ratings.json field by field, ratings.csv, atomic publish, reproducibility,
 * and that drafts and private findings never reach the output: every output
 * file is searched on its own, and the PDF also as pdftotext decodes it and
 * with its streams decompressed (qpdf), for every field of the private
 * finding; the same search, on a build where the finding is public or on a
 * site with a field planted in it, must find them.
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
#include "html.h"
#include "parse.h"
#include "podium.h"
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

/* The charts kept between builds (podium serve's), or NULL. */
static struct chart_memo *kept;

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
	rq.charts_kept = kept;
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

/*
 * The private finding of e3 (tests/fixtures/mini), field by field (title,
 * class, severity, disclosed date, in ISO and in words, patched_after: the forms podium writes
 * them in), and the draft and embargoed texts: none may appear in any
 * output file. The
 * stylesheet styles every severity, so the severity is not looked for in
 * the assets (copied as they are, never made from content).
 */
struct needle {
	const char *field;
	const char *text;
	bool in_assets;
};

static const struct needle secrets[] = {
	{"finding title", "PRIVATE-FINDING-TITLE", true},
	{"finding class", "cross-tenant", true},
	{"finding severity", "critical", false},
	{"finding disclosed date", "2025-11-01", true},
	/* the same date in prose (the pages' <time> keep the ISO form) */
	{"finding disclosed date in words", "1 November 2025", true},
	/* patched_after: 7d, as every page, table and the PDF write it */
	{"finding patched_after", "7d after disclosure", true},
	{"draft review text", "SECRET-DRAFT", true},
	{"embargoed commentary", "EMBARGOED-TEXT", true},
	{"draft provider id", "foxtrot", true},
	{"draft provider name", "Foxtrot", true},
};
#define NSECRETS (sizeof(secrets) / sizeof(secrets[0]))
#define NFINDING 6 /* the first NFINDING are the private finding's fields */

/* Whether text is in data[0..len): as bytes, or as UTF-16BE (PDF strings
 * that are not ASCII are written so), raw or in hex. */
static bool
holds(const char *data, size_t len, const char *text)
{
	struct buf u16 = BUF_INIT, hex = BUF_INIT;
	const char *s;
	bool found;

	if (memmem(data, len, text, strlen(text)) != NULL)
		return true;
	for (s = text; *s != '\0'; s++) {
		buf_putc(&u16, '\0');
		buf_putc(&u16, *s);
		buf_printf(&hex, "00%02X", (unsigned char)*s);
	}
	found = memmem(data, len, u16.data, u16.len) != NULL ||
	    memmem(data, len, hex.data, hex.len) != NULL;
	if (!found) {
		for (s = hex.data; *s != '\0'; s++)
			hex.data[s - hex.data] = (char)(*s >= 'A' && *s <= 'F' ? *s + 32 : *s);
		found = memmem(data, len, hex.data, hex.len) != NULL;
	}
	buf_release(&u16);
	buf_release(&hex);
	return found;
}

/* Whether a tool is there; where nothing may be skipped (CI=true or
 * PODIUM_NO_SKIP=1) its absence fails the test. */
static bool
have_tool(const char *name)
{
	char *cmd = xasprintf("command -v %s >/dev/null 2>&1", name);
	const char *ci = getenv("CI"), *no_skip = getenv("PODIUM_NO_SKIP");
	bool have = system(cmd) == 0;

	free(cmd);
	if (!have) {
		ck_assert_msg(!((ci != NULL && strcmp(ci, "true") == 0) ||
		    (no_skip != NULL && strcmp(no_skip, "1") == 0)),
		    "%s is not installed (CI=true or PODIUM_NO_SKIP=1: no skip)", name);
		fprintf(stderr, "# skip: %s is not installed: the PDF is searched "
		    "only as it is\n", name);
	}
	return have;
}

/* Appends "rel: field" to hits for each secret (of the first n) in data. */
static void
search_data(const char *rel, const char *data, size_t len, size_t n, struct buf *hits)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!secrets[i].in_assets && str_starts(rel, "assets/"))
			continue;
		if (holds(data, len, secrets[i].text))
			buf_printf(hits, "%s: %s\n", rel, secrets[i].field);
	}
}

/* Runs cmd (with %s the input, then the output) and searches the output. */
static void
search_converted(const char *dir, const char *rel, const char *fmt, const char *as,
    size_t n, struct buf *hits)
{
	char *in = path_join(dir, rel), *out = xasprintf("%s/../converted.tmp", dir);
	char *cmd = xasprintf(fmt, in, out), *label = xasprintf("%s (%s)", rel, as);
	struct buf b = BUF_INIT;

	ck_assert_msg(system(cmd) == 0, "failed: %s", cmd);
	ck_assert_int_eq(file_read(out, 1 << 28, &b), FILE_OK);
	ck_assert_uint_gt(b.len, 0);
	/* a text the layout wrapped is one line again: a leak split over
	 * two lines is still found */
	for (size_t i = 0; i < b.len; i++)
		if (b.data[i] == '\n')
			b.data[i] = ' ';
	search_data(label, b.data, b.len, n, hits);
	unlink(out);
	buf_release(&b);
	free(cmd);
	free(label);
	free(in);
	free(out);
}

/*
 * Searches every file under dir/rel for the first n secrets, each file on
 * its own (a search over the files joined would stop at the first NUL
 * byte), a PDF also decoded and decompressed; the hits go to hits.
 */
static void
search_tree(const char *dir, const char *rel, size_t n, struct buf *hits)
{
	char *full = rel[0] != '\0' ? path_join(dir, rel) : xstrdup(dir);
	size_t i, count;
	char **names = dir_list(full, &count);
	struct stat st;

	ck_assert_ptr_nonnull(names);
	for (i = 0; i < count; i++) {
		char *sub = rel[0] != '\0' ? path_join(rel, names[i]) : xstrdup(names[i]);
		char *p = path_join(dir, sub);
		struct buf b = BUF_INIT;

		ck_assert_int_eq(stat(p, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			search_tree(dir, sub, n, hits);
		} else {
			ck_assert_int_eq(file_read(p, 1 << 28, &b), FILE_OK);
			search_data(sub, b.data, b.len, n, hits);
			if (str_ends(sub, ".pdf")) {
				if (have_tool("pdftotext"))
					search_converted(dir, sub, "pdftotext -q '%s' '%s'",
					    "pdftotext", n, hits);
				if (have_tool("qpdf"))
					search_converted(dir, sub, "qpdf --qdf "
					    "--object-streams=disable '%s' '%s'", "qpdf --qdf", n,
					    hits);
			}
		}
		buf_release(&b);
		free(p);
		free(sub);
	}
	strv_free(names, count);
	free(full);
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
	/* the version the build was made with (git describe, else the Makefile's) */
	ck_assert_str_eq(json_string_value(json_object_get(root, "generator")), "podium " PODIUM_VERSION);
	ck_assert_str_eq(podium_version, PODIUM_VERSION);
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
	buf_release(&a);
	buf_release(&b);
	search_tree(o1, "", NSECRETS, &a);
	ck_assert_msg(a.len == 0, "private or draft text in the output:\n%s", a.data);
	buf_release(&a);
	diag_release(&d);
	free(proj);
	free(o1);
	free(o2);
}
END_TEST

/* The search finds a field planted in a page (security/), in a PNG past its
 * first NUL byte, and in the CSV: each reported at its file. */
START_TEST(test_leak_search_finds_planted)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out");
	struct buf hits = BUF_INIT;
	static const struct {
		const char *rel;
		const char *text;
	} plant[] = {
		{"security/index.html", "<p>PRIVATE-FINDING-TITLE</p>\n"},
		{"charts/distribution.png", "2025-11-01"},
		{"data/ratings.csv", "e3,x,cross-tenant\r\n"},
	};
	size_t i;

	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_ALL, false, &d), 0);
	search_tree(out, "", NSECRETS, &hits);
	ck_assert_str_eq(hits.data, "");
	for (i = 0; i < sizeof(plant) / sizeof(plant[0]); i++) {
		char *p = path_join(out, plant[i].rel);
		FILE *f = fopen(p, "ab");

		ck_assert_ptr_nonnull(f);
		fputs(plant[i].text, f);
		fclose(f);
		free(p);
	}
	search_tree(out, "", NSECRETS, &hits);
	ck_assert_str_eq(hits.data,
	    "charts/distribution.png: finding disclosed date\n"
	    "data/ratings.csv: finding class\n"
	    "security/index.html: finding title\n");
	buf_release(&hits);
	diag_release(&d);
	free(proj);
	free(out);
}
END_TEST

/* With the finding public, the same search finds each of its fields in the
 * security page and in the PDF's text: what it looks for is what a leak
 * would show. */
START_TEST(test_leak_search_finds_public)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out");
	char *e3 = path_join(proj, "content/editions/e3.yaml");
	struct buf text = BUF_INIT, hits = BUF_INIT;
	char *at;
	size_t i;

	ck_assert_int_eq(file_read(e3, 1 << 20, &text), FILE_OK);
	ck_assert_ptr_nonnull(at = strstr(text.data, "public: false"));
	memcpy(at, "public: true ", 13);
	ck_assert_int_eq(file_write(e3, text.data, text.len), 0);
	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_ALL, false, &d), 0);
	search_tree(out, "security", NFINDING, &hits);
	for (i = 0; i < NFINDING; i++)
		ck_assert_msg(strstr(hits.data, secrets[i].field) != NULL,
		    "%s not found in security/:\n%s", secrets[i].field, hits.data);
	buf_reset(&hits);
	if (have_tool("pdftotext")) {
		search_converted(out, "report.pdf", "pdftotext -q '%s' '%s'", "pdftotext",
		    NFINDING, &hits);
		for (i = 0; i < NFINDING; i++) {
			/* the PDF gives a date in words only (the ISO form is the
			 * data's and the pages' <time>) */
			if (strcmp(secrets[i].field, "finding disclosed date") == 0)
				continue;
			ck_assert_msg(strstr(hits.data, secrets[i].field) != NULL,
			    "%s not found in report.pdf's text:\n%s", secrets[i].field,
			    hits.data);
		}
	}
	buf_release(&hits);
	buf_release(&text);
	diag_release(&d);
	free(e3);
	free(proj);
	free(out);
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

/* Each download of the table the pages take them from: written by the
 * build, linked from the home page with its name and its size filled in. */
START_TEST(test_downloads)
{
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out"), *home, *link;
	size_t i;

	diag_init(&d);
	ck_assert_int_eq(build(proj, out, PART_ALL, false, &d), 0);
	home = slurp(out, "index.html");
	for (i = 0; i < HTML_NDOWNLOADS; i++) {
		free(slurp(out, html_downloads[i].path));
		link = xasprintf("href=\"%s\"", html_downloads[i].path);
		ck_assert_msg(strstr(home, link) != NULL, "no link to %s", html_downloads[i].path);
		ck_assert_ptr_nonnull(strstr(home, html_downloads[i].label));
		free(link);
	}
	ck_assert_ptr_null(strstr(home, "<!--podium:size"));
	free(home);
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
	kept = chart_memo_new();
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
	chart_memo_free(kept);
	kept = NULL;
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

/* The hash publish.c makes of what a build writes, made here from the
 * folder: each file's name and bytes, summed (the stylesheets apart);
 * podium's own dotfiles at the top are not written through it. */
static void
tree_hash(const char *dir, const char *rel, uint64_t *css, uint64_t *other)
{
	char *path = *rel ? path_join(dir, rel) : xstrdup(dir), **names, *sub;
	struct stat st;
	struct buf b = BUF_INIT;
	size_t i, n;

	ck_assert_int_eq(lstat(path, &st), 0);
	if (S_ISDIR(st.st_mode)) {
		names = dir_list(path, &n);
		ck_assert_ptr_nonnull(names);
		for (i = 0; i < n; i++) {
			if (!*rel && names[i][0] == '.')
				continue;
			sub = *rel ? path_join(rel, names[i]) : xstrdup(names[i]);
			tree_hash(dir, sub, css, other);
			free(sub);
		}
		strv_free(names, n);
	} else {
		ck_assert(file_read(path, SIZE_MAX, &b) == FILE_OK);
		*(str_ends(rel, ".css") ? css : other) += hash_bytes(hash_bytes(HASH_SEED,
		    rel, strlen(rel) + 1), b.data, b.len);
		buf_release(&b);
	}
	free(path);
}

/* podium serve's builds hash what they write, as they write it (pages
 * written whole and in pieces, the data, the charts): the same hashes as
 * the folder's, so serve reads nothing back. */
START_TEST(test_hash_written)
{
	struct build_request rq;
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = path_join(tmp, "out");
	uint64_t css = 0, other = 0, first;

	diag_init(&d);
	memset(&rq, 0, sizeof(rq));
	rq.dir = proj;
	rq.out = out;
	rq.parts = PART_HTML | PART_DATA | PART_PDF;
	rq.write = true;
	rq.quiet = true;
	rq.hash = true;
	rq.charts_kept = chart_memo_new();
	ck_assert(date_parse("2026-11-30", &rq.opts.now));
	ck_assert_int_eq(build_run(&rq, &d), 0);
	ck_assert(rq.hashed);
	tree_hash(out, "", &css, &other);
	ck_assert(css != 0 && other != 0);
	ck_assert_uint_eq(rq.hash_css, css);
	ck_assert_uint_eq(rq.hash_other, other);
	first = rq.hash_other;
	site_prev_free(rq.prev_out);
	/* the same content again: the same hashes; a build without: none */
	ck_assert_int_eq(build_run(&rq, &d), 0);
	ck_assert(rq.hashed && rq.hash_other == first && rq.hash_css == css);
	site_prev_free(rq.prev_out);
	rq.hash = false;
	ck_assert_int_eq(build_run(&rq, &d), 0);
	ck_assert(!rq.hashed && rq.prev_out == NULL);
	chart_memo_free(rq.charts_kept);
	diag_release(&d);
	free(proj);
	free(out);
}
END_TEST

/* One build as podium serve makes it: hashed, its charts kept in memo,
 * linking what is the same as in prev's folder; its files for the next
 * build into *next (when next is not NULL). */
static int
preview(const char *proj, const char *out, struct chart_memo *memo,
    const struct site_prev *prev, struct site_prev **next, struct diag *d)
{
	struct build_request rq;
	int rc;

	memset(&rq, 0, sizeof(rq));
	rq.dir = proj;
	rq.out = out;
	rq.parts = PART_HTML | PART_DATA;
	rq.write = true;
	rq.quiet = true;
	rq.opts.drafts = true;
	rq.hash = true;
	rq.prev = prev;
	rq.charts_kept = memo;
	ck_assert(date_parse("2026-11-30", &rq.opts.now));
	rc = build_run(&rq, d);
	if (next != NULL)
		*next = rq.prev_out;
	else
		site_prev_free(rq.prev_out);
	return rc;
}

/*
 * podium serve after a series of random edits (scores, summaries): each
 * rebuild links the files that come out the same
 * from the site served before and writes the others, and its site is byte
 * for byte a fresh preview build of the same content.
 */
START_TEST(test_preview_random_edits)
{
	static const char *const scores[] = {"1", "2.5", "3", "4", "4.5", "5"};
	struct diag d;
	char *proj = path_join(tmp, "proj"), *out = NULL, *fresh, *path, *text;
	struct chart_memo *memo = chart_memo_new();
	struct site_prev *prev = NULL, *next = NULL;
	struct buf a = BUF_INIT, b = BUF_INIT;
	unsigned seed = 29, round, linked = 0;
	struct stat st;

	diag_init(&d);
	for (round = 0; round < 8; round++) {
		if (round > 0 && rand_r(&seed) % 2 == 0) {
			/* beta's scores and summary */
			path = path_join(proj, "content/reviews/e3/beta.yaml");
			text = xasprintf("scores: {security: %s, reliability: %s}\n"
			    "summary: Edit %u of beta.\n", scores[rand_r(&seed) % 6],
			    scores[rand_r(&seed) % 6], round);
			ck_assert_int_eq(file_write(path, text, strlen(text)), 0);
			free(path);
			free(text);
		} else if (round > 0) {
			/* a sentence more in alpha's summary */
			struct buf f = BUF_INIT;
			char *at, *edit;

			path = path_join(proj, "content/reviews/e3/alpha.yaml");
			ck_assert(file_read(path, 1 << 20, &f) == FILE_OK);
			buf_putc(&f, '\0');
			at = strstr(f.data, "  Alpha leads");
			ck_assert_ptr_nonnull(at);
			edit = xasprintf("%.*s  Edit %u.\n%s", (int)(at - f.data), f.data,
			    round, at);
			ck_assert_int_eq(file_write(path, edit, strlen(edit)), 0);
			free(edit);
			buf_release(&f);
			free(path);
		}
		free(out);
		out = xasprintf("%s/site-%u", tmp, round);
		ck_assert_int_eq(preview(proj, out, memo, prev, &next, &d), 0);
		ck_assert_ptr_nonnull(next);
		site_prev_free(prev);
		prev = next;
		/* a stylesheet no edit changes is linked from the site before */
		path = path_join(out, "assets/style.css");
		ck_assert_int_eq(stat(path, &st), 0);
		free(path);
		if (round > 0 && st.st_nlink > 1)
			linked++;
		/* the same bytes as a fresh build's */
		fresh = xasprintf("%s/fresh-%u", tmp, round);
		{
			struct chart_memo *m = chart_memo_new();

			ck_assert_int_eq(preview(proj, fresh, m, NULL, NULL, &d), 0);
			chart_memo_free(m);
		}
		buf_reset(&a);
		buf_reset(&b);
		slurp_tree(out, &a);
		slurp_tree(fresh, &b);
		ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
		    "round %u: the preview differs from a fresh build", round);
		free(fresh);
	}
	ck_assert_uint_eq(linked, 7);
	site_prev_free(prev);
	chart_memo_free(memo);
	buf_release(&a);
	buf_release(&b);
	diag_release(&d);
	free(out);
	free(proj);
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
	tcase_add_test(tc, test_leak_search_finds_planted);
	tcase_add_test(tc, test_leak_search_finds_public);
	tcase_add_test(tc, test_drafts_included);
	tcase_add_test(tc, test_downloads);
	tcase_add_test(tc, test_atomic);
	tcase_add_test(tc, test_check_shortcodes);
	tcase_add_test(tc, test_preview_charts_kept);
	tcase_add_test(tc, test_hash_written);
	tcase_add_test(tc, test_preview_random_edits);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	chart_fonts_release();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
