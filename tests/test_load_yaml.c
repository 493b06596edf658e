/*
 * test_load_yaml.c: the YAML node tree: marks, scalar styles, duplicate
 * keys, and every refusal (anchors, aliases, tags, depth, NUL, UTF-8,
 * several documents, syntax errors), each with its exact diagnostic.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "load.h"
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

static struct ynode *
parse(const char *text, unsigned offset, bool *empty)
{
	return yaml_tree_parse(text, strlen(text), "f.yaml", offset, a, &dg, empty);
}

/* The one diagnostic reported, as printed. */
static void
ck_one(const char *want)
{
	struct buf b = BUF_INIT;

	ck_assert_uint_eq(dg.n, 1);
	diag_format(&dg.v[0], false, &b);
	ck_assert_str_eq(b.data, want);
	buf_release(&b);
}

START_TEST(test_tree_marks)
{
	bool empty;
	struct ynode *r = parse("a: 1\nb:\n  - x\n  - 'y'\nc: {d: e}\n", 0, &empty);
	struct ynode *b, *c;

	ck_assert_ptr_nonnull(r);
	ck_assert(!empty);
	ck_assert_uint_eq(dg.n, 0);
	ck_assert_int_eq(r->kind, YNODE_MAP);
	ck_assert_uint_eq(r->npairs, 3);
	ck_assert_str_eq(r->pairs[0].key->str, "a");
	ck_assert_str_eq(ynode_get(r, "a")->str, "1");
	ck_assert(ynode_get(r, "a")->plain);
	ck_assert_uint_eq(ynode_get(r, "a")->line, 1);
	ck_assert_uint_eq(ynode_get(r, "a")->col, 4);
	b = ynode_get(r, "b");
	ck_assert_int_eq(b->kind, YNODE_SEQ);
	ck_assert_uint_eq(b->nitems, 2);
	ck_assert_uint_eq(b->items[1]->line, 4);
	ck_assert_uint_eq(b->items[1]->col, 5);
	ck_assert(!b->items[1]->plain);
	c = ynode_get(r, "c");
	ck_assert_str_eq(ynode_get(c, "d")->str, "e");
	ck_assert_uint_eq(ynode_get(c, "d")->col, 8);
	ck_assert_ptr_null(ynode_get(r, "z"));
}
END_TEST

START_TEST(test_line_offset)
{
	bool empty;

	ck_assert_ptr_null(parse("a: &x 1\n", 1, &empty));
	ck_one("f.yaml:2:4: error: yaml anchors are not allowed ('&x')");
}
END_TEST

START_TEST(test_null_and_empty)
{
	bool empty;
	struct ynode *r = parse("a:\nb: ~\nc: null\nd: ''\n", 0, &empty);

	ck_assert(ynode_is_null(ynode_get(r, "a")));
	ck_assert(ynode_is_null(ynode_get(r, "b")));
	ck_assert(ynode_is_null(ynode_get(r, "c")));
	ck_assert(!ynode_is_null(ynode_get(r, "d")));
	/* every plain spelling YAML 1.1 reads as null, and no other */
	r = parse("e: Null\nf: NULL\ng: nul\nh: 'null'\ni: nulll\nj: '~'\nk: ~~\n", 0, &empty);
	ck_assert(ynode_is_null(ynode_get(r, "e")));
	ck_assert(ynode_is_null(ynode_get(r, "f")));
	ck_assert(!ynode_is_null(ynode_get(r, "g")));
	ck_assert(!ynode_is_null(ynode_get(r, "h")));
	ck_assert(!ynode_is_null(ynode_get(r, "i")));
	ck_assert(!ynode_is_null(ynode_get(r, "j")));
	ck_assert(!ynode_is_null(ynode_get(r, "k")));
	/* a key is found whole: not by a prefix, nor as the prefix of another */
	r = parse("ab: 1\nabc: 2\na: 3\n", 0, &empty);
	ck_assert_str_eq(ynode_get(r, "a")->str, "3");
	ck_assert_str_eq(ynode_get(r, "abc")->str, "2");
	ck_assert_ptr_null(ynode_get(r, "abcd"));
	ck_assert_ptr_null(ynode_get(r, "b"));
	ck_assert_ptr_null(parse("", 0, &empty));
	ck_assert(empty);
	ck_assert_ptr_null(parse("# only a comment\n", 0, &empty));
	ck_assert(empty);
	ck_assert_ptr_null(parse("---\n", 0, &empty));
	ck_assert(empty);
	ck_assert_uint_eq(dg.n, 0);
}
END_TEST

START_TEST(test_duplicates)
{
	bool empty;
	struct ynode *r = parse("a: 1\nb: 2\na: 3\n", 0, &empty);

	ck_assert_ptr_nonnull(r);
	ck_assert(r->pairs[2].duplicate);
	ck_assert(!r->pairs[0].duplicate);
	ck_assert_str_eq(ynode_get(r, "a")->str, "1");
	ck_one("f.yaml:3:1: error: duplicate key 'a' (first at line 1)");
}
END_TEST

START_TEST(test_alias)
{
	bool empty;

	ck_assert_ptr_null(parse("a: *x\n", 0, &empty));
	ck_one("f.yaml:1:4: error: yaml aliases are not allowed ('*x')");
}
END_TEST

START_TEST(test_tag)
{
	bool empty;

	ck_assert_ptr_null(parse("a: !custom 1\n", 0, &empty));
	ck_one("f.yaml:1:4: error: yaml tags are not allowed ('!custom')");
}
END_TEST

START_TEST(test_depth)
{
	struct buf b = BUF_INIT;
	bool empty;
	int i;

	/* the root mapping is level 1: 63 brackets fit, the 64th does not */
	buf_puts(&b, "a: ");
	for (i = 0; i < 63; i++)
		buf_putc(&b, '[');
	for (i = 0; i < 63; i++)
		buf_putc(&b, ']');
	ck_assert_ptr_nonnull(parse(b.data, 0, &empty));
	buf_reset(&b);
	buf_puts(&b, "a: ");
	for (i = 0; i < 64; i++)
		buf_putc(&b, '[');
	for (i = 0; i < 64; i++)
		buf_putc(&b, ']');
	ck_assert_ptr_null(parse(b.data, 0, &empty));
	ck_one("f.yaml:1:67: error: nesting deeper than 64 levels (the limit)");
	buf_release(&b);
}
END_TEST

START_TEST(test_long_string)
{
	struct buf b = BUF_INIT;
	bool empty;
	size_t i;

	buf_puts(&b, "a: ");
	for (i = 0; i < LOAD_MAX_STRING; i++)
		buf_putc(&b, 'x');
	ck_assert_ptr_nonnull(parse(b.data, 0, &empty));
	buf_putc(&b, 'x');
	ck_assert_ptr_null(parse(b.data, 0, &empty));
	ck_one("f.yaml:1:4: error: string longer than 1048576 bytes (the limit)");
	buf_release(&b);
}
END_TEST

START_TEST(test_nul)
{
	bool empty;

	ck_assert_ptr_null(parse("a: \"x\\0y\"\n", 0, &empty));
	ck_one("f.yaml:1:4: error: string holds a NUL character");
}
END_TEST

START_TEST(test_utf8)
{
	bool empty;

	/* the column counts characters: "é" is one */
	ck_assert_ptr_null(parse("a: 1\nb: \xc3\xa9\xed\xa0\x80\n", 0, &empty));
	ck_one("f.yaml:2:5: error: invalid UTF-8 (byte 0xed)");
}
END_TEST

START_TEST(test_documents)
{
	bool empty;

	ck_assert_ptr_null(parse("a: 1\n---\nb: 2\n", 0, &empty));
	ck_one("f.yaml:2:1: error: more than one yaml document in the file");
}
END_TEST

START_TEST(test_syntax)
{
	bool empty;

	ck_assert_ptr_null(parse("a: [1, 2\nb: 3\n", 0, &empty));
	ck_one("f.yaml:2:2: error: did not find expected ',' or ']' (while parsing a flow sequence)");
}
END_TEST

START_TEST(test_complex_key)
{
	bool empty;

	ck_assert_ptr_null(parse("? {a: 1}\n: 2\n", 0, &empty));
	ck_one("f.yaml:1:3: error: a mapping key must be a plain string, not a mapping");
}
END_TEST

/* A byte order mark opening the text is skipped, as libyaml skips it: the
 * tree and every position are those of the text without it. */
START_TEST(test_bom)
{
	bool empty;
	struct ynode *r = parse("\xef\xbb\xbf" "a: 1\nb: x\n", 0, &empty);

	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(dg.n, 0);
	ck_assert_uint_eq(r->npairs, 2);
	ck_assert_str_eq(r->pairs[0].key->str, "a");
	ck_assert_uint_eq(r->pairs[0].key->line, 1);
	ck_assert_uint_eq(r->pairs[0].key->col, 1);
	ck_assert_uint_eq(r->pairs[1].key->col, 1);
	ck_assert_uint_eq(ynode_get(r, "b")->col, 4);
	/* a mark and nothing else is an empty file */
	ck_assert_ptr_null(parse("\xef\xbb\xbf", 0, &empty));
	ck_assert(empty);
	ck_assert_uint_eq(dg.n, 0);
	/* errors on the first line are placed as without the mark */
	ck_assert_ptr_null(parse("\xef\xbb\xbf" "a: &x 1\n", 0, &empty));
	ck_one("f.yaml:1:4: error: yaml anchors are not allowed ('&x')");
}
END_TEST

START_TEST(test_line_col)
{
	unsigned line, col;

	text_line_col("ab\ncd\xc3\xa9x", 9, 7, &line, &col);
	ck_assert_uint_eq(line, 2);
	ck_assert_uint_eq(col, 4);
	text_line_col("ab", 2, 0, &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("load_yaml");
	TCase *tc = tcase_create("tree");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_tree_marks);
	tcase_add_test(tc, test_line_offset);
	tcase_add_test(tc, test_null_and_empty);
	tcase_add_test(tc, test_duplicates);
	tcase_add_test(tc, test_alias);
	tcase_add_test(tc, test_tag);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_long_string);
	tcase_add_test(tc, test_nul);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_documents);
	tcase_add_test(tc, test_syntax);
	tcase_add_test(tc, test_complex_key);
	tcase_add_test(tc, test_line_col);
	tcase_add_test(tc, test_bom);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
