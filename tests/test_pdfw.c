/* test_pdfw.c: the PDF writer on its own: numbers, a one-page document. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "pdf_helper.h"
#include "pdfw.h"

static char tmpdir[256];

static const char *
num(double v)
{
	static struct buf b = BUF_INIT;

	buf_reset(&b);
	pdfw_num(&b, v);
	return b.data;
}

START_TEST(test_numbers)
{
	ck_assert_str_eq(num(0), "0");
	ck_assert_str_eq(num(-0.0), "0");
	ck_assert_str_eq(num(-0.0004), "0");
	ck_assert_str_eq(num(1), "1");
	ck_assert_str_eq(num(-1), "-1");
	ck_assert_str_eq(num(841.89), "841.89");
	ck_assert_str_eq(num(595.2756), "595.276");
	ck_assert_str_eq(num(0.5), "0.5");
	ck_assert_str_eq(num(-0.25), "-0.25");
	ck_assert_str_eq(num(0x22 / 255.0), "0.133");
	ck_assert_str_eq(num(12.0005), "12.001");
	ck_assert_str_eq(num(1234567.125), "1234567.125");
	ck_assert_str_eq(num(10.1), "10.1");
	ck_assert_str_eq(num(100), "100");
	ck_assert_str_eq(num(0.001), "0.001");
	ck_assert_str_eq(num(-0.0006), "-0.001");
	ck_assert_str_eq(num(1.0 / 0.0), "0");
}
END_TEST

static cairo_status_t
to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	buf_add(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

static void
square(void *arg, struct canvas *cv)
{
	(void)arg;
	cv_rgb(cv, 0.5, 0.25, 0);
	cv_rect(cv, 0, 0, 10, 10);
	cv_fill(cv);
	cv_arc(cv, 5, 5, 4, 0, 6.283185307179586);
	cv_stroke(cv);
}

/* A layout in font desc, with what it needs; free with text_free(). */
struct text {
	PangoFontMap *fm;
	PangoContext *pc;
	PangoLayout *l;
	PangoFontDescription *fd;
};

static void
text_init(struct text *t, const char *desc)
{
	t->fm = pango_cairo_font_map_new();
	t->pc = pango_font_map_create_context(t->fm);
	t->l = pango_layout_new(t->pc);
	t->fd = pango_font_description_from_string(desc);
	pango_layout_set_font_description(t->l, t->fd);
}

static void
text_free(struct text *t)
{
	pango_font_description_free(t->fd);
	g_object_unref(t->l);
	g_object_unref(t->pc);
	g_object_unref(t->fm);
}

/* One A5 page: a heading, a paragraph with a link, a form shown twice. */
static void
one_page(struct buf *out)
{
	struct pdfw *w = pdfw_new(to_buf, out, 420, 595);
	struct canvas cv;
	struct text t;
	PangoLayout *l;
	const char *err = NULL;
	int i;

	text_init(&t, "DejaVu Sans 12");
	l = t.l;
	pdfw_canvas_init(&cv, w);
	pdfw_info(w, PDFW_TITLE, "A t\xc3\xa9st (one page)");
	pdfw_info(w, PDFW_CREATOR, "test_pdfw");
	pdfw_info(w, PDFW_DATE, "2026-09-21T14:13:20Z");
	pdfw_info(w, PDFW_LANG, "en");
	pango_layout_set_text(l, "Caf\xc3\xa9 office: fine results", -1);
	pdfw_page_begin(w);
	pdfw_tag_begin(w, "Document");
	pdfw_tag_begin(w, "H1");
	pdfw_dest(w, "top", 40, 40);
	pdfw_outline(w, 0, "Caf\xc3\xa9", "top");
	pdfw_rgb_hex(w, 0x1f3a5f);
	pdfw_layout(w, l, 40, 40);
	pdfw_tag_end(w);
	pdfw_tag_begin(w, "P");
	pdfw_rgb(w, 0, 0, 0);
	pdfw_rect(w, 40, 70, 100, 0.5);
	pdfw_fill(w, false);
	pdfw_link_uri(w, "https://example.com/(x)", 40, 60, 100, 14);
	pdfw_link_dest(w, "top", 40, 80, 100, 14);
	pdfw_tag_end(w);
	pdfw_tag_begin(w, "Figure");
	for (i = 0; i < 2; i++) {
		pdfw_save(w);
		pdfw_translate(w, 40 + 20 * i, 100);
		cv_form(&cv, w, 10, 10, square, NULL);
		pdfw_restore(w);
	}
	pdfw_tag_end(w);
	pdfw_tag_end(w);
	pdfw_page_end(w);
	ck_assert_int_eq(pdfw_pages(w), 1);
	ck_assert_int_eq(pdfw_finish(w, &err), 0);
	pdfw_free(w);
	text_free(&t);
}

static char *
write_tmp(const char *name, const struct buf *b)
{
	char *path = xasprintf("%s/%s", tmpdir, name);

	ck_assert_int_eq(file_write(path, b->data, b->len), 0);
	return path;
}

START_TEST(test_one_page)
{
	struct buf b = BUF_INIT;
	char *path, *out;

	one_page(&b);
	ck_assert(strncmp(b.data, "%PDF-1.7\n", 9) == 0);
	ck_assert(strcmp(b.data + b.len - 6, "%%EOF\n") == 0);
	path = write_tmp("one.pdf", &b);
	assert_qpdf_clean(path);
	out = run("pdftotext '%s' - 2>&1", path);
	ck_assert_msg(strstr(out, "Caf\xc3\xa9 office: fine results") != NULL,
	    "%s", out);
	free(out);
	out = run("pdfinfo '%s' 2>&1", path);
	ck_assert_msg(strstr(out, "Title:           A t\xc3\xa9st (one page)\n") &&
	    strstr(out, "Tagged:          yes\n") &&
	    strstr(out, "Pages:           1\n") &&
	    strstr(out, "Page size:       420 x 595 pts") &&
	    strstr(out, "CreationDate:    Mon Sep 21 14:13:20 2026 UTC\n"),
	    "%s", out);
	free(out);
	out = run("pdffonts '%s' 2>&1 | tail -n +3", path);
	ck_assert_msg(strstr(out, "+DejaVuSans ") != NULL &&
	    strstr(out, "CID TrueType      Identity-H       yes yes yes") != NULL,
	    "%s", out);
	free(out);
	out = run("qpdf --qdf --object-streams=disable '%s' - 2>/dev/null", path);
	ck_assert_msg(strstr(out, "/URI (https://example.com/\\(x\\))") != NULL,
	    "uri");
	ck_assert(strstr(out, "/Dest (top)") != NULL);
	ck_assert(strstr(out, "/Subtype /Form") != NULL);
	ck_assert_msg(strstr(out, "/Lang (en)") != NULL, "lang");
	ck_assert(strstr(out, "/S /Figure") != NULL);
	ck_assert(strstr(out, "/H1 <<\n  /MCID 0\n>> BDC") != NULL ||
	    strstr(out, "/H1<</MCID 0>>BDC") != NULL);
	free(out);
	free(path);
	buf_release(&b);
}
END_TEST

/* The same calls give the same bytes; one form object for two uses. */
START_TEST(test_deterministic)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	char *path, *out;

	one_page(&a);
	one_page(&b);
	ck_assert_uint_eq(a.len, b.len);
	ck_assert(memcmp(a.data, b.data, a.len) == 0);
	path = write_tmp("det.pdf", &a);
	out = run("qpdf --qdf --object-streams=disable '%s' - 2>/dev/null | "
	    "grep -c '/Subtype /Form'", path);
	ck_assert_str_eq(out, "1\n");
	free(out);
	free(path);
	buf_release(&a);
	buf_release(&b);
}
END_TEST

/* A CFF (OpenType) font: embedded as CIDFontType0 with its text. */
START_TEST(test_cff)
{
	struct buf b = BUF_INIT;
	struct pdfw *w = pdfw_new(to_buf, &b, 300, 200);
	struct text t;
	const char *err = NULL;
	char *path, *out;

	text_init(&t, "Nimbus Sans 11");
	pango_layout_set_text(t.l, "Quartz glyph, jumps", -1);
	pdfw_page_begin(w);
	pdfw_tag_begin(w, "P");
	pdfw_layout(w, t.l, 20, 20);
	pdfw_tag_end(w);
	ck_assert_int_eq(pdfw_finish(w, &err), 0);
	pdfw_free(w);
	path = write_tmp("cff.pdf", &b);
	assert_qpdf_clean(path);
	out = run("pdffonts '%s' 2>&1 | tail -n +3", path);
	ck_assert_msg(strstr(out, "+NimbusSans-Regular") != NULL &&
	    strstr(out, "CID Type 0C (OT)  Identity-H       yes yes yes") != NULL,
	    "%s", out);
	free(out);
	out = run("pdftotext '%s' - 2>&1", path);
	ck_assert_msg(strstr(out, "Quartz glyph, jumps") != NULL, "%s", out);
	free(out);
	free(path);
	buf_release(&b);
	text_free(&t);
}
END_TEST

/*
 * Forms drawn after the pages that paint them: a total shown on every page
 * (inside a P element), filled at the end with digits no page uses, whose
 * text pdftotext still reads; a form never filled is written empty.
 */
START_TEST(test_later)
{
	struct buf b = BUF_INIT;
	struct pdfw *w = pdfw_new(to_buf, &b, 300, 200);
	struct text t;
	PangoLayout *l;
	const char *err = NULL;
	char *path, *out, *p, s[32];
	uint32_t total, unused;
	PangoRectangle r;
	int i;

	text_init(&t, "DejaVu Sans 12");
	l = t.l;
	total = pdfw_form_later(w, 0, 0, 300, 200);
	ck_assert_uint_ne(total, 0);
	for (i = 1; i <= 2; i++) {
		pdfw_page_begin(w);
		pdfw_tag_begin(w, "P");
		snprintf(s, sizeof(s), "Page %d of ", i);
		pango_layout_set_text(l, s, -1);
		pdfw_layout(w, l, 20, 20);
		pdfw_form_paint(w, total);
		pdfw_tag_end(w);
		pdfw_page_end(w);
	}
	unused = pdfw_form_later(w, 0, 0, 10, 10);
	ck_assert_uint_gt(unused, total);
	pango_layout_get_extents(l, NULL, &r);
	pango_layout_set_text(l, "758", -1);
	pdfw_form_fill_begin(w, total);
	pdfw_rgb_hex(w, 0x222222);
	pdfw_layout(w, l, 20 + (double)r.width / PANGO_SCALE, 20);
	pdfw_form_fill_end(w);
	/* a second fill is refused */
	pdfw_form_fill_begin(w, total);
	pdfw_layout(w, l, 20, 60);
	pdfw_form_fill_end(w);
	ck_assert_int_eq(pdfw_finish(w, &err), 0);
	pdfw_free(w);
	path = write_tmp("later.pdf", &b);
	assert_qpdf_clean(path);
	out = run("pdftotext -f 2 -l 2 '%s' - 2>&1", path);
	ck_assert_msg(strncmp(out, "Page 2 of 758\n", 14) == 0, "%s", out);
	free(out);
	out = run("qpdf --qdf --object-streams=disable '%s' - 2>/dev/null", path);
	/* the total is painted inside the P's marked content */
	snprintf(s, sizeof(s), "/X%u Do\nEMC", (unsigned)total);
	ck_assert_msg(strstr(out, s) != NULL, "%s", s);
	/* pages name the forms they paint, no more */
	p = strstr(out, "/XObject <<\n");
	ck_assert_ptr_nonnull(p);
	snprintf(s, sizeof(s), "      /X%u ", (unsigned)total);
	ck_assert_msg(strncmp(p + 12, s, strlen(s)) == 0 &&
	    strstr(p + 12, "\n    >>") == strchr(p + 12, '\n'), "%.60s", p);
	free(out);
	/* the form never filled is there, empty, referenced by nothing */
	out = run("grep -a -c '^<</Type/XObject/Subtype/Form/BBox\\[0 0 10 "
	    "10\\]/Resources<</Font<<>>>>/Length 0>>$' '%s'", path);
	ck_assert_str_eq(out, "1\n");
	free(out);
	free(path);
	buf_release(&b);
	text_free(&t);
}
END_TEST

/*
 * A stream under 256 bytes is written as it is, one over deflated: a form
 * of 5 rectangles (under 256 bytes, and deflate would shorten it) and one
 * of 40.
 */
static void
form_rects(struct pdfw *w, uint32_t id, int n)
{
	int i;

	pdfw_form_fill_begin(w, id);
	for (i = 0; i < n; i++) {
		pdfw_rect(w, 10, 10, 50, 2);
		pdfw_fill(w, false);
	}
	pdfw_form_fill_end(w);
}

START_TEST(test_short_streams)
{
	struct buf b = BUF_INIT;
	struct pdfw *w = pdfw_new(to_buf, &b, 300, 200);
	const char *err = NULL;
	uint32_t small, big;
	char *path, *out;

	small = pdfw_form_later(w, 0, 0, 100, 100);
	big = pdfw_form_later(w, 0, 0, 200, 200);
	pdfw_page_begin(w);
	pdfw_form_paint(w, small);
	pdfw_form_paint(w, big);
	pdfw_page_end(w);
	form_rects(w, small, 5);
	form_rects(w, big, 40);
	ck_assert_int_eq(pdfw_finish(w, &err), 0);
	pdfw_free(w);
	path = write_tmp("short.pdf", &b);
	assert_qpdf_clean(path);
	out = run("grep -a -c '^<</Type/XObject/Subtype/Form/BBox\\[0 0 100 100\\]"
	    "/Resources<</Font<<>>>>/Length [0-9]*>>$' '%s'", path);
	ck_assert_str_eq(out, "1\n");
	free(out);
	out = run("grep -a -c '^<</Type/XObject/Subtype/Form/BBox\\[0 0 200 200\\]"
	    "/Resources<</Font<<>>>>/Filter/FlateDecode/Length [0-9]*>>$' '%s'", path);
	ck_assert_str_eq(out, "1\n");
	free(out);
	free(path);
	buf_release(&b);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pdfw");
	TCase *tc = tcase_create("pdfw");
	SRunner *sr;
	int failed;

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/podium-pdfw-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		return 1;
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_short_streams);
	tcase_add_test(tc, test_one_page);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_cff);
	tcase_add_test(tc, test_later);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	remove_tree(tmpdir);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
