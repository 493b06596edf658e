/*
 * test_pdf_text.c: prepared texts (pdf_text_new) against pango's own
 * wrapping of the same text at the same width: the same lines, glyphs,
 * positions and link boxes, whether the text was laid out unwrapped (it
 * fits) or wrapped.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"

static struct pdf_ctx ctx;

static void
setup(void)
{
	cairo_font_options_t *fo;
	static const struct {
		enum pdf_font f;
		const char *family;
		PangoWeight weight;
		double size;
	} specs[] = {
		{FONT_BODY, "DejaVu Serif", PANGO_WEIGHT_NORMAL, 9.5},
		{FONT_CODE, "DejaVu Sans Mono", PANGO_WEIGHT_NORMAL, 8},
		{FONT_TABLE, "DejaVu Sans", PANGO_WEIGHT_NORMAL, 8},
		{FONT_H1, "DejaVu Sans", PANGO_WEIGHT_BOLD, 18},
	};
	size_t i;

	memset(&ctx, 0, sizeof(ctx));
	ctx.fontmap = pango_cairo_font_map_new();
	ctx.pc = pango_font_map_create_context(ctx.fontmap);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx.pc, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_language(ctx.pc, pango_language_from_string("en"));
	for (i = 0; i < ARRAY_SIZE(specs); i++) {
		ctx.font[specs[i].f] = pango_font_description_new();
		pango_font_description_set_family(ctx.font[specs[i].f],
		    specs[i].family);
		pango_font_description_set_weight(ctx.font[specs[i].f],
		    specs[i].weight);
		pango_font_description_set_absolute_size(ctx.font[specs[i].f],
		    specs[i].size * PANGO_SCALE);
	}
}

static void
teardown(void)
{
	size_t i;

	pdf_text_cache_free(&ctx);
	for (i = 0; i < FONT_MAX; i++)
		if (ctx.font[i] != NULL)
			pango_font_description_free(ctx.font[i]);
	g_object_unref(ctx.pc);
	g_object_unref(ctx.fontmap);
}

/* What pango makes of the text wrapped at width: the reference. */
static PangoLayout *
reference(struct pdf_text *t, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	PangoLayout *l = pango_layout_new(ctx.pc);

	pango_layout_set_font_description(l, ctx.font[font]);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	if (font == FONT_BODY)
		pango_layout_set_line_spacing(l, 1.3f);
	pango_layout_set_tabs(l, pango_layout_get_tabs(t->layout));
	pango_layout_set_alignment(l, align);
	pango_layout_set_justify(l, justify);
	pango_layout_set_text(l, pango_layout_get_text(t->layout), -1);
	pango_layout_set_attributes(l, pango_layout_get_attributes(t->layout));
	return l;
}

static void
same_line(PangoLayoutLine *a, PangoLayoutLine *b)
{
	GSList *ra, *rb;
	PangoGlyphItem *ga, *gb;
	int i;

	ck_assert_int_eq(a->start_index, b->start_index);
	ck_assert_int_eq(a->length, b->length);
	for (ra = a->runs, rb = b->runs; ra != NULL && rb != NULL;
	    ra = ra->next, rb = rb->next) {
		ga = ra->data;
		gb = rb->data;
		ck_assert_int_eq(ga->glyphs->num_glyphs, gb->glyphs->num_glyphs);
		for (i = 0; i < ga->glyphs->num_glyphs; i++) {
			ck_assert_uint_eq(ga->glyphs->glyphs[i].glyph,
			    gb->glyphs->glyphs[i].glyph);
			ck_assert_int_eq(ga->glyphs->glyphs[i].geometry.width,
			    gb->glyphs->glyphs[i].geometry.width);
			ck_assert_int_eq(ga->glyphs->glyphs[i].geometry.x_offset,
			    gb->glyphs->glyphs[i].geometry.x_offset);
		}
	}
	ck_assert_ptr_null(ra);
	ck_assert_ptr_null(rb);
}

/* The link boxes of line i as pdf_text_draw() places them, in units. */
static void
same_ranges(struct pdf_text *t, PangoLayout *ref, int i)
{
	PangoLayoutLine *a = pango_layout_get_line_readonly(t->layout, i);
	PangoLayoutLine *b = pango_layout_get_line_readonly(ref, i);
	int *ra, *rb, na, nb, j;

	pango_layout_line_get_x_ranges(a, a->start_index,
	    a->start_index + a->length, &ra, &na);
	pango_layout_line_get_x_ranges(b, b->start_index,
	    b->start_index + b->length, &rb, &nb);
	ck_assert_int_eq(na, nb);
	for (j = 0; j < 2 * na; j++)
		ck_assert_double_eq_tol(t->link_dx + (double)ra[j] / PANGO_SCALE,
		    (double)rb[j] / PANGO_SCALE, 1e-9);
	g_free(ra);
	g_free(rb);
}

/* Checks t against pango's wrapping; returns its line count. */
static int
check_text(struct pdf_text *t, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	PangoLayout *ref = reference(t, font, width, align, justify);
	PangoLayoutIter *it;
	PangoRectangle r;
	int i = 0, y0, y1, n = pango_layout_get_line_count(ref);

	ck_assert_int_eq(t->nlines, n);
	it = pango_layout_get_iter(ref);
	do {
		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		pango_layout_iter_get_line_extents(it, NULL, &r);
		ck_assert_double_eq(t->top[i], (double)y0 / PANGO_SCALE);
		ck_assert_double_eq(t->bottom[i], (double)y1 / PANGO_SCALE);
		ck_assert_double_eq(t->base[i],
		    (double)pango_layout_iter_get_baseline(it) / PANGO_SCALE);
		ck_assert_double_eq_tol(t->lx[i], (double)r.x / PANGO_SCALE,
		    1e-9);
		same_line(pango_layout_get_line_readonly(t->layout, i),
		    pango_layout_iter_get_line_readonly(it));
		same_ranges(t, ref, i);
		i++;
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	pango_layout_get_extents(ref, NULL, &r);
	ck_assert_double_eq(t->width, (double)r.width / PANGO_SCALE);
	g_object_unref(ref);
	return n;
}

static int
check_runs(struct pdf_run *runs, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	struct pdf_text *t = pdf_text_new(&ctx, runs, font, width, align,
	    justify);
	int n = check_text(t, font, width, align, justify);

	pdf_text_free(t);
	return n;
}

static int
check_plain(const char *s, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	struct pdf_run run = {NULL, s, 0, NULL};

	return check_runs(&run, font, width, align, justify);
}

/* The unwrapped width of s in points. */
static double
natural(const char *s, enum pdf_font font)
{
	PangoLayout *l = pango_layout_new(ctx.pc);
	PangoRectangle r;

	pango_layout_set_font_description(l, ctx.font[font]);
	pango_layout_set_text(l, s, -1);
	pango_layout_get_extents(l, NULL, &r);
	g_object_unref(l);
	return (double)r.width / PANGO_SCALE;
}

static const char para[] = "Provider 2 was tested in this edition: health "
    "checks looked opaque, and support tickets looked careful. The team "
    "reached an engineer within the hour and the status page told the truth.";

START_TEST(test_alignments)
{
	static const PangoAlignment al[] = {
		PANGO_ALIGN_LEFT, PANGO_ALIGN_RIGHT, PANGO_ALIGN_CENTER
	};
	static const char *cells[] = {
		"2m12s", "Detected after", "injected XID 79 (GPU fell off the bus)",
		"\xe2\x88\x92" "12.5", "", "Provider 8 Cloud"
	};
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(al); i++) {
		for (j = 0; j < ARRAY_SIZE(cells); j++) {
			ck_assert_int_eq(check_plain(cells[j], FONT_TABLE, 200,
			    al[i], false), 1);
			check_plain(cells[j], FONT_TABLE, 61.3, al[i], false);
			check_plain(cells[j], FONT_TABLE, 33.3, al[i], true);
		}
		ck_assert_int_eq(check_plain(para, FONT_BODY, 467.28, al[i],
		    true), 2);
		ck_assert_int_eq(check_plain(para, FONT_BODY, 2000, al[i],
		    true), 1);
	}
}
END_TEST

/* Widths about the text's own: the fit is decided to the unit. */
START_TEST(test_fit_edges)
{
	static const char *s[] = {
		"Tier: Gold (Platinum in Bench 4.0; down). neocloud, GB.",
		"Strengths", "well-documented fabric", "trailing space "
	};
	double nat, d;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(s); i++) {
		nat = natural(s[i], FONT_BODY);
		for (d = -12; d <= 12; d += 0.25) {
			check_plain(s[i], FONT_BODY, nat + d, PANGO_ALIGN_LEFT,
			    true);
			check_plain(s[i], FONT_BODY, nat + d, PANGO_ALIGN_RIGHT,
			    false);
		}
		ck_assert_int_eq(check_plain(s[i], FONT_BODY, nat + 20,
		    PANGO_ALIGN_LEFT, true), 1);
	}
}
END_TEST

/* Styled runs and links: one item each, link boxes where pango has them. */
START_TEST(test_runs_and_links)
{
	struct pdf_run r3 = {NULL, " https://p00002.example.com/", 0,
	    "https://p00002.example.com/"};
	struct pdf_run r2 = {&r3, " (Platinum in Bench 4.0; down). neocloud,",
	    PDF_S_ITALIC, NULL};
	struct pdf_run r1 = {&r2, "Tier: Gold", PDF_S_BOLD, NULL};
	struct pdf_run c = {NULL, "Provider 17 Cloud", 0, "#p17"};
	struct pdf_run code = {NULL, "x = f(y)", PDF_S_CODE, NULL};
	struct pdf_run pre = {&code, "call ", 0, NULL};
	struct pdf_text *t;

	ck_assert_int_eq(check_runs(&r1, FONT_BODY, 467.28, PANGO_ALIGN_LEFT,
	    true), 1);
	ck_assert_int_eq(check_runs(&r1, FONT_BODY, 200, PANGO_ALIGN_LEFT,
	    true), 3);
	ck_assert_int_eq(check_runs(&c, FONT_TABLE, 120, PANGO_ALIGN_RIGHT,
	    false), 1);
	ck_assert_int_eq(check_runs(&c, FONT_TABLE, 120, PANGO_ALIGN_CENTER,
	    false), 1);
	ck_assert_int_eq(check_runs(&c, FONT_TABLE, 30, PANGO_ALIGN_RIGHT,
	    false), 3);
	ck_assert_int_eq(check_runs(&pre, FONT_BODY, 300, PANGO_ALIGN_LEFT,
	    true), 1);
	/* A right-aligned cell that fits: unwrapped, the offset its own. */
	t = pdf_text_new(&ctx, &c, FONT_TABLE, 120, PANGO_ALIGN_RIGHT, false);
	ck_assert_int_eq(pango_layout_get_width(t->layout), -1);
	ck_assert_double_eq_tol(t->link_dx, 120 - t->width, 1e-9);
	ck_assert_double_eq_tol(t->lx[0], 120 - t->width, 1e-9);
	pdf_text_free(t);
}
END_TEST

/* Lines of their own (code), tabs, and right-to-left text. */
START_TEST(test_lines_tabs_rtl)
{
	static const char code[] = "int\nmain(void)\n{\n\treturn 0;\n}";
	static const char hebrew[] = "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d "
	    "\xd7\xa2\xd7\x95\xd7\x9c\xd7\x9d";
	struct pdf_text *t;

	ck_assert_int_eq(check_plain(code, FONT_CODE, 300, PANGO_ALIGN_LEFT,
	    false), 5);
	ck_assert_int_eq(check_plain(code, FONT_CODE, 300, PANGO_ALIGN_RIGHT,
	    false), 5);
	ck_assert_int_eq(check_plain(code, FONT_CODE, 30, PANGO_ALIGN_LEFT,
	    false), 8);
	ck_assert_int_eq(check_plain(hebrew, FONT_BODY, 300, PANGO_ALIGN_LEFT,
	    false), 1);
	ck_assert_int_eq(check_plain(hebrew, FONT_BODY, 300,
	    PANGO_ALIGN_RIGHT, false), 1);
	t = pdf_text_plain(&ctx, code, FONT_CODE, 300, PANGO_ALIGN_LEFT);
	ck_assert_int_eq(pango_layout_get_width(t->layout), -1);
	pdf_text_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pdf_text");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_alignments);
	tcase_add_test(tc, test_fit_edges);
	tcase_add_test(tc, test_runs_and_links);
	tcase_add_test(tc, test_lines_tabs_rtl);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
