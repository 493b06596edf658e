/*
 * test_view_doc.c: the report view's document tree (include/view_doc.h):
 * a pack's sentence with inlines in its placeholders, in each language and
 * with a report's own override, a placeholder not supplied kept as
 * written, sections found by id, and every string the tree's own (freed
 * with it: run under ASan).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "view_doc.h"

static struct report rep;

static const struct report *
lang(const char *tag)
{
	memset(&rep, 0, sizeof(rep));
	rep.language = tag;
	return &rep;
}

/* "{tier} in {edition}" with a tier mark for Gold and a text for E3. */
static void
tier_line(const struct report *r, struct vd_inlines *in)
{
	static struct tier gold = {.id = "gold", .name = "Gold", .medal = true, .rated = true};
	struct vd_inline v[2];

	memset(v, 0, sizeof(v));
	v[0].kind = VD_MARK;
	v[0].role = VD_ROLE_TIER;
	v[0].tier = &gold;
	v[0].text = "Gold";
	v[0].uncertain = "why";
	v[1].kind = VD_TEXT;
	v[1].text = "E3";
	vd_add_format(in, r, "tier_in_edition", (const char *[]){"tier", "edition", NULL}, v);
}

static char *
text_of(const struct vd_inlines *in)
{
	struct buf b = BUF_INIT;

	vd_inlines_text(in, &b);
	return buf_detach(&b, NULL);
}

START_TEST(test_format_inlines)
{
	struct vd_inlines in = {0};
	char *t;

	tier_line(lang("en"), &in);
	ck_assert_uint_eq(in.n, 3);
	ck_assert_int_eq(in.v[0].kind, VD_MARK);
	ck_assert_int_eq(in.v[0].role, VD_ROLE_TIER);
	ck_assert_str_eq(in.v[0].tier->id, "gold");
	/* copied: the caller's strings may go */
	ck_assert_str_eq(in.v[0].uncertain, "why");
	ck_assert_int_eq(in.v[1].kind, VD_TEXT);
	ck_assert_str_eq(in.v[1].text, " in ");
	t = text_of(&in);
	ck_assert_str_eq(t, "Gold in E3");
	free(t);
	vd_inlines_release(&in);

	tier_line(lang("fr"), &in);
	t = text_of(&in);
	ck_assert_str_eq(t, "Gold dans E3");
	free(t);
	vd_inlines_release(&in);
	tier_line(lang("es"), &in);
	t = text_of(&in);
	ck_assert_str_eq(t, "Gold en E3");
	free(t);
	vd_inlines_release(&in);
}
END_TEST

/* A report's own words: the placeholders in its order, an unknown one kept. */
START_TEST(test_format_override)
{
	struct ui_string own[] = {{"tier_in_edition", "{edition}: {tier} {nope}"}};
	struct vd_inlines in = {0};
	char *t;

	lang("de");
	rep.strings = own;
	rep.nstrings = 1;
	tier_line(&rep, &in);
	ck_assert_uint_eq(in.n, 4);
	ck_assert_str_eq(in.v[0].text, "E3");
	ck_assert_int_eq(in.v[2].kind, VD_MARK);
	t = text_of(&in);
	ck_assert_str_eq(t, "E3: Gold {nope}");
	free(t);
	vd_inlines_release(&in);
}
END_TEST

START_TEST(test_sections)
{
	struct vd_section *s = NULL;
	struct vd_block *b;
	size_t n = 0;

	vd_section_add(&s, &n, "opening", NULL);
	b = vd_block_add(vd_section_add(&s, &n, "fault", "Failure test"), VB_LIST, "x");
	vd_add(vd_item_add(b), VD_STRONG, "one");
	vd_add_link(vd_item_add(b), "two", VD_URL)->ref = strdup("https://example.org/");
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(vd_section_find(s, n, "fault"), &s[1]);
	ck_assert_ptr_null(vd_section_find(s, n, "quotes"));
	ck_assert_str_eq(s[1].title, "Failure test");
	ck_assert_uint_eq(s[1].b[0].nitems, 2);
	ck_assert_str_eq(s[1].b[0].items[1].v[0].ref, "https://example.org/");
	vd_sections_free(s, n);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("view_doc");
	TCase *tc = tcase_create("view_doc");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_format_inlines);
	tcase_add_test(tc, test_format_override);
	tcase_add_test(tc, test_sections);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
