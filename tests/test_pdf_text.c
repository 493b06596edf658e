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
	/* as the PDF's context (pdf_layout.c): glyphs where the font puts them */
	pango_context_set_round_glyph_positions(ctx.pc, FALSE);
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

/* What pango makes of the text wrapped at width: the reference. lt is
 * the same text made with a layout (pdf_quick_enable(false)). */
static PangoLayout *
reference(struct pdf_text *lt, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	PangoLayout *l = pango_layout_new(ctx.pc);

	ck_assert_ptr_nonnull(lt->layout);
	pango_layout_set_font_description(l, ctx.font[font]);
	pango_layout_set_width(l, (int)(width * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	if (font == FONT_BODY)
		pango_layout_set_line_spacing(l, PDF_BODY_SPACING);
	pango_layout_set_tabs(l, pango_layout_get_tabs(lt->layout));
	pango_layout_set_alignment(l, align);
	pango_layout_set_justify(l, justify);
	pango_layout_set_text(l, pango_layout_get_text(lt->layout), -1);
	pango_layout_set_attributes(l, pango_layout_get_attributes(lt->layout));
	return l;
}

/* Line i's runs, whether t has a layout or is a quick text. */
static GSList *
runs_of(const struct pdf_text *t, int i, int *start, int *len)
{
	PangoLayoutLine *line;

	if (t->layout == NULL) {
		ck_assert_int_eq(i, 0);
		*start = 0;
		*len = (int)strlen(t->qtext);
		return t->qruns;
	}
	line = pango_layout_get_line_readonly(t->layout, i);
	*start = line->start_index;
	*len = line->length;
	return line->runs;
}

static void
same_line(const struct pdf_text *t, int i, PangoLayoutLine *b)
{
	GSList *ra, *rb;
	PangoGlyphItem *ga, *gb;
	PangoAttrColor *ca, *cb;
	int j, start, len;

	ra = runs_of(t, i, &start, &len);
	ck_assert_int_eq(start, b->start_index);
	ck_assert_int_eq(len, b->length);
	for (rb = b->runs; ra != NULL && rb != NULL;
	    ra = ra->next, rb = rb->next) {
		ga = ra->data;
		gb = rb->data;
		ck_assert_int_eq(ga->item->offset, gb->item->offset);
		ck_assert_int_eq(ga->item->length, gb->item->length);
		ck_assert_int_eq(ga->item->num_chars, gb->item->num_chars);
		ck_assert_ptr_eq(ga->item->analysis.font, gb->item->analysis.font);
		ck_assert_int_eq(ga->item->analysis.script,
		    gb->item->analysis.script);
		ck_assert_ptr_eq(ga->item->analysis.language,
		    gb->item->analysis.language);
		ck_assert_int_eq(ga->item->analysis.level, gb->item->analysis.level);
		/* the same colour (a link's) or none */
		ca = ga->item->analysis.extra_attrs != NULL ?
		    ga->item->analysis.extra_attrs->data : NULL;
		cb = gb->item->analysis.extra_attrs != NULL ?
		    gb->item->analysis.extra_attrs->data : NULL;
		ck_assert_int_eq(ca != NULL, cb != NULL);
		if (ca != NULL)
			ck_assert(ca->color.red == cb->color.red &&
			    ca->color.green == cb->color.green &&
			    ca->color.blue == cb->color.blue);
		ck_assert_int_eq(ga->glyphs->num_glyphs, gb->glyphs->num_glyphs);
		for (j = 0; j < ga->glyphs->num_glyphs; j++) {
			ck_assert_uint_eq(ga->glyphs->glyphs[j].glyph,
			    gb->glyphs->glyphs[j].glyph);
			ck_assert_int_eq(ga->glyphs->glyphs[j].geometry.width,
			    gb->glyphs->glyphs[j].geometry.width);
			ck_assert_int_eq(ga->glyphs->glyphs[j].geometry.x_offset,
			    gb->glyphs->glyphs[j].geometry.x_offset);
			ck_assert_int_eq(ga->glyphs->glyphs[j].geometry.y_offset,
			    gb->glyphs->glyphs[j].geometry.y_offset);
			ck_assert_int_eq(ga->glyphs->log_clusters[j],
			    gb->glyphs->log_clusters[j]);
		}
	}
	ck_assert_ptr_null(ra);
	ck_assert_ptr_null(rb);
}

/* The link boxes of line i as pdf_text_draw() places them, in units. */
static void
same_ranges(struct pdf_text *t, PangoLayout *ref, int i)
{
	PangoLayoutLine *b = pango_layout_get_line_readonly(ref, i);
	int *ra, *rb, na, nb, j, k, start, len, cut[2];

	runs_of(t, i, &start, &len);
	/* the whole line, and each of its links */
	cut[0] = start;
	cut[1] = start + len;
	for (k = -1; k < (int)t->nlinks; k++) {
		int a = k < 0 ? cut[0] : t->links[k].start;
		int z = k < 0 ? cut[1] : t->links[k].end;

		if (a < b->start_index)
			a = b->start_index;
		if (z > b->start_index + b->length)
			z = b->start_index + b->length;
		if (a >= z)
			continue;
		pdf_text_x_ranges(t, i, a, z, &ra, &na);
		pango_layout_line_get_x_ranges(b, a, z, &rb, &nb);
		ck_assert_int_eq(na, nb);
		for (j = 0; j < 2 * na; j++)
			ck_assert_double_eq_tol(t->link_dx +
			    (double)ra[j] / PANGO_SCALE,
			    (double)rb[j] / PANGO_SCALE, 1e-9);
		g_free(ra);
		g_free(rb);
	}
}

/* Checks t against pango's wrapping of lt's text (the same text made
 * with a layout); returns its line count. */
static int
check_text(struct pdf_text *t, struct pdf_text *lt, enum pdf_font font,
    double width, PangoAlignment align, bool justify)
{
	PangoLayout *ref = reference(lt, font, width, align, justify);
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
		if (t->layout == NULL)
			ck_assert_double_eq_tol(pdf_text_line_width(t, i),
			    (double)r.width / PANGO_SCALE, 1e-9);
		same_line(t, i, pango_layout_iter_get_line_readonly(it));
		same_ranges(t, ref, i);
		i++;
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	pango_layout_get_extents(ref, NULL, &r);
	ck_assert_double_eq(t->width, (double)r.width / PANGO_SCALE);
	g_object_unref(ref);
	return n;
}

static size_t nquick;

/* Checks t against pango's wrapping of the runs, made with a layout;
 * frees t. */
static int
check_made(struct pdf_text *t, struct pdf_run *runs, enum pdf_font font,
    double width, PangoAlignment align, bool justify)
{
	struct pdf_text *lt;
	int n;

	pdf_quick_enable(false);
	pdf_text_cache_free(&ctx);
	lt = pdf_text_new(&ctx, runs, font, width, align, justify);
	pdf_quick_enable(true);
	pdf_text_cache_free(&ctx);
	nquick += t->layout == NULL;
	n = check_text(t, lt, font, width, align, justify);
	pdf_text_free(t);
	pdf_text_free(lt);
	return n;
}

static int
check_runs(struct pdf_run *runs, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	return check_made(pdf_text_new(&ctx, runs, font, width, align, justify),
	    runs, font, width, align, justify);
}

static int
check_plain(const char *s, enum pdf_font font, double width,
    PangoAlignment align, bool justify)
{
	/* a plain string is the text of one plain run */
	struct pdf_run run = {NULL, s, 0, NULL};
	int n = check_made(pdf_text_plain(&ctx, s, font, width, align), &run,
	    font, width, align, false);

	/* pdf_text_plain() never justifies: the runs' text may */
	ck_assert_int_eq(check_runs(&run, font, width, align, justify), n);
	return n;
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
	ck_assert_ptr_null(t->layout);
	ck_assert_ptr_nonnull(t->qruns);
	ck_assert_double_eq_tol(t->link_dx, 120 - t->width, 1e-9);
	ck_assert_double_eq_tol(t->lx[0], 120 - t->width, 1e-9);
	pdf_text_free(t);
	/* a code span in a line of text: no layout either */
	t = pdf_text_new(&ctx, &pre, FONT_BODY, 300, PANGO_ALIGN_LEFT, true);
	ck_assert_ptr_null(t->layout);
	ck_assert_int_eq(g_slist_length(t->qruns), 2);
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

static const char *const words[] = {
	"Provider", "17", "Cloud", "Tier:", "Gold", "(Platinum", "in", "Bench",
	"4.0;", "down).", "neocloud,", "AVAV", "To", "W.", "fi", "office",
	"\xe2\x80\x94", "\xe2\x80\x9c" "curly" "\xe2\x80\x9d", "na\xc3\xafve",
	"\xe2\x86\x93", "\xc2\xb7", "\xe2\x88\x92" "12.5", "a\xc2\xa0" "b",
	"\xe2\x82\xac" "9", "\xc3\x86sir", "\xc5\x93uvre", "2m12s", "%", "&",
	/* not the quick way: Greek, a mark, a tab, a soft hyphen, a sign
	 * the fonts lack, a symbol that may be an emoji */
	"\xce\xb1\xce\xb2", "e\xcc\x81", "x\ty", "co\xc2\xad" "op",
	"\xe2\x82\xbf", "\xc2\xa9",
};

/* Random runs: styles, links and words; each compared with pango's. */
START_TEST(test_quick_random)
{
	static const enum pdf_font fonts[] = {
		FONT_BODY, FONT_TABLE, FONT_H1, FONT_CODE
	};
	static const PangoAlignment al[] = {
		PANGO_ALIGN_LEFT, PANGO_ALIGN_RIGHT, PANGO_ALIGN_CENTER
	};
	struct pdf_run runs[6];
	struct buf text[6];
	unsigned seed = 1130;
	size_t before = nquick;
	int k, i, n, m, w;

	for (i = 0; i < 6; i++)
		buf_init(&text[i]);
	for (k = 0; k < 3000; k++) {
		n = 1 + rand_r(&seed) % 4;
		for (i = 0; i < n; i++) {
			buf_reset(&text[i]);
			for (m = rand_r(&seed) % 4; m >= 0; m--) {
				if (text[i].len > 0 || rand_r(&seed) % 3 == 0)
					buf_putc(&text[i], ' ');
				buf_puts(&text[i], words[(size_t)rand_r(&seed) %
				    (k % 5 == 0 ? ARRAY_SIZE(words) :
				    ARRAY_SIZE(words) - 6)]);
			}
			runs[i].next = i + 1 < n ? &runs[i + 1] : NULL;
			runs[i].text = text[i].data;
			runs[i].style = (unsigned)rand_r(&seed) % 4;
			if (rand_r(&seed) % 11 == 0)
				runs[i].style |= PDF_S_CODE;
			runs[i].link = rand_r(&seed) % 3 == 0 ? "#p17" : NULL;
		}
		w = k % 7 == 0 ? 40 : 60 + rand_r(&seed) % 500;
		check_runs(runs, fonts[(size_t)k % ARRAY_SIZE(fonts)], w,
		    al[(size_t)rand_r(&seed) % ARRAY_SIZE(al)], k % 2 == 0);
	}
	for (i = 0; i < 6; i++)
		buf_release(&text[i]);
	/* most went the quick way */
	ck_assert_uint_gt(nquick - before, 800);
}
END_TEST

/* What must keep its layout, and what may not. */
START_TEST(test_quick_which)
{
	static const struct {
		const char *s;
		enum pdf_font f;
		bool quick;
	} v[] = {
		{"Provider 17 Cloud", FONT_TABLE, true},
		{"\xe2\x86\x93 down 1", FONT_TABLE, true},
		{"na\xc3\xafve \xe2\x80\x94 caf\xc3\xa9", FONT_BODY, true},
		{"", FONT_TABLE, false},
		{"x = f(y)", FONT_CODE, false},
		{"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d", FONT_BODY, false},
		{"cafe\xcc\x81", FONT_BODY, false},
		{"a\tb", FONT_TABLE, false},
		{"\xce\xb1\xce\xb2\xce\xb3", FONT_TABLE, false},
		{"\xe2\x82\xbf 1", FONT_TABLE, false},
		{"a\nb", FONT_TABLE, false},
	};
	struct pdf_text *t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(v); i++) {
		t = pdf_text_plain(&ctx, v[i].s, v[i].f, 300, PANGO_ALIGN_LEFT);
		ck_assert_msg((t->layout == NULL) == v[i].quick, "'%s'", v[i].s);
		pdf_text_free(t);
		check_plain(v[i].s, v[i].f, 300, PANGO_ALIGN_LEFT, false);
	}
	/* too wide for its room: wrapped by pango */
	t = pdf_text_plain(&ctx, "Provider 17 Cloud", FONT_TABLE, 20,
	    PANGO_ALIGN_LEFT);
	ck_assert_ptr_nonnull(t->layout);
	pdf_text_free(t);
}
END_TEST

/* A table cell measured without a layout measures as with one. */
START_TEST(test_quick_measure)
{
	static const enum pdf_font fonts[] = {
		FONT_TABLE, FONT_BODY, FONT_H1, FONT_CODE
	};
	unsigned seed = 77;
	struct buf b = BUF_INIT;
	int k, m, ua, ub;
	double ha, hb;
	size_t f, quick = 0;

	for (k = 0; k < 600; k++) {
		buf_reset(&b);
		for (m = rand_r(&seed) % 5; m >= 0; m--) {
			if (b.len > 0)
				buf_putc(&b, ' ');
			buf_puts(&b, words[(size_t)rand_r(&seed) % ARRAY_SIZE(words)]);
		}
		if (k % 50 == 0)
			buf_puts(&b, "\nsecond line");
		f = (size_t)k % ARRAY_SIZE(fonts);
		pdf_quick_enable(false);
		pdf_cell_measure(&ctx, b.data, fonts[f], &ua, &ha);
		pdf_quick_enable(true);
		pdf_cell_measure(&ctx, b.data, fonts[f], &ub, &hb);
		ck_assert_msg(ua == ub && ha == hb, "'%s' in font %zu: %d %g, not %d %g",
		    b.data, f, ub, hb, ua, ha);
		quick += ctx.quick != NULL;
	}
	ck_assert_uint_gt(quick, 0);
	buf_release(&b);
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
	tcase_add_test(tc, test_quick_random);
	tcase_add_test(tc, test_quick_which);
	tcase_add_test(tc, test_quick_measure);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
