/*
 * test_scalar_pos.c: a place in a YAML scalar's value found again in the
 * file, for every style of scalar. Each document is parsed by libyaml
 * (yaml_tree_parse), the "{{" in the value is placed with text_origin_map,
 * and the line and column are the ones worked out by hand from the text.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "scalar_pos.h"
#include "util.h"
#include "yamltree.h"

static struct arena *a;
static struct diag dg;

static void
setup(void)
{
	a = arena_new();
	diag_init(&dg);
}

static void
teardown(void)
{
	arena_free(a);
	diag_release(&dg);
}

static const struct ynode *
scalar(const char *doc, const char *key, int idx)
{
	bool empty;
	struct ynode *r = yaml_tree_parse(doc, strlen(doc), "f.yaml", 0, a, &dg, &empty);
	const struct ynode *n;

	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(dg.n, 0);
	n = ynode_get(r, key);
	ck_assert_ptr_nonnull(n);
	if (idx >= 0) {
		ck_assert_int_eq(n->kind, YNODE_SEQ);
		ck_assert_uint_gt(n->nitems, (size_t)idx);
		n = n->items[idx];
	}
	ck_assert_int_eq(n->kind, YNODE_SCALAR);
	return n;
}

/* The file's line:col of the first "{{" in the value of key in doc (item
 * idx of a sequence when idx >= 0), the value checked too. */
static void
ck_item(const char *doc, const char *key, int idx, const char *value, unsigned wl,
    unsigned wc)
{
	const struct ynode *n = scalar(doc, key, idx);
	struct text_origin o = {n->line, n->col, n->src, n->src_len, n->style};
	const char *p;
	unsigned vl = 1, vc = 1, line, col;
	size_t i;

	ck_assert_str_eq(n->str, value);
	p = strstr(n->str, "{{");
	ck_assert_ptr_nonnull(p);
	for (i = 0; n->str + i < p; i++) {
		if (n->str[i] == '\n') {
			vl++;
			vc = 1;
		} else if (((unsigned char)n->str[i] & 0xc0) != 0x80)
			vc++;
	}
	line = vl;
	col = vc;
	text_origin_map(&o, n->str, n->len, 1, &line, &col);
	ck_assert_uint_eq(line, wl);
	ck_assert_uint_eq(col, wc);
}

static void
ck_at(const char *doc, const char *key, const char *value, unsigned wl, unsigned wc)
{
	ck_item(doc, key, -1, value, wl, wc);
}

START_TEST(test_plain)
{
	/* one line: nothing kept, the value is the source */
	ck_at("k: a {{x}}\n", "k", "a {{x}}", 1, 6);
	ck_assert_ptr_null(scalar("k: a {{x}}\n", "k", -1)->src);
	/* lines folded into spaces */
	ck_at("k: Acme is\n  good and\n  {{x}} now\n", "k", "Acme is good and {{x}} now", 3, 3);
	/* an empty line kept as a line break */
	ck_at("k: one\n\n   two {{x}}\n", "k", "one\ntwo {{x}}", 3, 8);
	/* in a sequence, after a UTF-8 character */
	ck_item("k:\n  - \xc3\xa9t\xc3\xa9\n    et {{x}}\n", "k", 0,
	    "\xc3\xa9t\xc3\xa9 et {{x}}", 3, 8);
}
END_TEST

START_TEST(test_single)
{
	ck_at("k: 'a''b''c {{x}}'\n", "k", "a'b'c {{x}}", 1, 13);
	ck_at("k: 'It''s\n  fine\n\n  {{x}}'\n", "k", "It's fine\n{{x}}", 4, 3);
	ck_at("note: 'Clean {{oops}}.'\n", "note", "Clean {{oops}}.", 1, 14);
}
END_TEST

START_TEST(test_double)
{
	/* the summary of the report: an escaped line break, then the text */
	ck_at("summary: \"Acme is\\n  *good* and {{nosuch x}}.\"\n", "summary",
	    "Acme is\n  *good* and {{nosuch x}}.", 1, 33);
	ck_at("k: \"a\\tb\\\"c\\\\d\\x41\\u00e9 {{x}}\"\n", "k",
	    "a\tb\"c\\dA\xc3\xa9 {{x}}", 1, 26);
	ck_at("k: \"one \\\n  two\n  three {{x}}\"\n", "k", "one two three {{x}}", 3, 9);
	ck_at("k: \"\xc3\xa9\\u00e9 {{x}}\"\n", "k", "\xc3\xa9\xc3\xa9 {{x}}", 1, 13);
	ck_at("k: \"\\U0001F600 \\/ {{x}}\"\n", "k", "\xf0\x9f\x98\x80 / {{x}}", 1, 19);
}
END_TEST

START_TEST(test_literal)
{
	ck_at("k: |\n  Acme is\n  *good* {{x}}\n", "k", "Acme is\n*good* {{x}}\n", 3, 10);
	ck_at("k: |2-\n    indented\n  {{x}}\n", "k", "  indented\n{{x}}", 3, 3);
	ck_at("k: |+ # kept\n  a\n\n  b {{x}}\n\n", "k", "a\n\nb {{x}}\n\n", 4, 5);
}
END_TEST

START_TEST(test_folded)
{
	ck_item("k:\n  - x\n  - >\n    Folded first line\n    then {{bad y}} here.\n", "k", 1,
	    "Folded first line then {{bad y}} here.\n", 5, 10);
	ck_at("k: >+\n  first\n  second {{x}}\n\n", "k", "first second {{x}}\n\n", 3, 10);
	ck_at("k: >- # a comment\n  one\n\n    more\n  two {{x}}\n", "k",
	    "one\n\n  more\ntwo {{x}}", 5, 7);
	ck_at("k: >1\n  lead\n two {{x}}\n", "k", " lead\ntwo {{x}}\n", 3, 6);
}
END_TEST

/* Several places of one text, asked out of order, with one outside it. */
START_TEST(test_many)
{
	const struct ynode *n = scalar("k: \"{{a}} \\\"x\\\"\n  {{b}}\\n{{c}}\"\n", "k", -1);
	struct text_origin o = {n->line, n->col, n->src, n->src_len, n->style};
	unsigned lines[4] = {2, 1, 0, 1}, cols[4] = {1, 11, 0, 1};

	ck_assert_str_eq(n->str, "{{a}} \"x\" {{b}}\n{{c}}");
	text_origin_map(&o, n->str, n->len, 4, lines, cols);
	/* value 2:1 is {{c}}, 1:11 is {{b}}, 1:1 is {{a}}; 0:0 stays */
	ck_assert_uint_eq(lines[0], 2);
	ck_assert_uint_eq(cols[0], 10);
	ck_assert_uint_eq(lines[1], 2);
	ck_assert_uint_eq(cols[1], 3);
	ck_assert_uint_eq(lines[2], 0);
	ck_assert_uint_eq(cols[2], 0);
	ck_assert_uint_eq(lines[3], 1);
	ck_assert_uint_eq(cols[3], 5);
}
END_TEST

/* The same through scalar_pos itself: the offset of the value's byte. */
START_TEST(test_offsets)
{
	const char *src = "\"a\\nb\"";

	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_DOUBLE, "a\nb", 3, 0), 1);
	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_DOUBLE, "a\nb", 3, 1), 2);
	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_DOUBLE, "a\nb", 3, 2), 4);
	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_DOUBLE, "a\nb", 3, 3), 5);
	src = "'x''y'";
	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_SINGLE, "x'y", 3, 2), 4);
	src = "|\n  a\n  b\n";
	ck_assert_uint_eq(scalar_pos(src, strlen(src), SCALAR_LITERAL, "a\nb\n", 4, 2), 8);
	/* a value the source cannot hold: never past the source's end */
	ck_assert_uint_eq(scalar_pos("ab", 2, SCALAR_PLAIN, "zz", 2, 1), 2);
	ck_assert_uint_eq(scalar_pos("", 0, SCALAR_DOUBLE, "z", 1, 0), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("scalar_pos");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_plain);
	tcase_add_test(tc, test_single);
	tcase_add_test(tc, test_double);
	tcase_add_test(tc, test_literal);
	tcase_add_test(tc, test_folded);
	tcase_add_test(tc, test_offsets);
	tcase_add_test(tc, test_many);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
