/*
 * test_shape.c: the word cache in front of HarfBuzz (shape_cache.c) gives
 * pango the glyphs shaping each item whole gives: the same glyphs, advances,
 * offsets and clusters, line for line, for the default report's own text,
 * for generated text in every face and size the report uses, wrapped and
 * not, and for the texts it must leave to HarfBuzz (marks, right to left).
 */
#include <check.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "shape_cache.h"
#include "util.h"

static PangoFontMap *fontmap;
static PangoContext *pc;

static void
setup(void)
{
	cairo_font_options_t *fo;

	fontmap = pango_cairo_font_map_new();
	pc = pango_font_map_create_context(fontmap);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(pc, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_language(pc, pango_language_from_string("en"));
	shape_cache_enable(true);
}

static void
teardown(void)
{
	shape_cache_enable(true);
	shape_cache_release();
	g_object_unref(pc);
	g_object_unref(fontmap);
}

static const char *const faces[] = {
	"DejaVu Sans 8", "DejaVu Sans Bold 18", "DejaVu Sans Oblique 9.5",
	"DejaVu Sans Bold Oblique 11", "DejaVu Serif 9.5",
	"DejaVu Serif Bold Italic 12", "DejaVu Sans Mono 7.04",
};

static PangoLayout *
layout(const char *s, const char *face, int width, PangoAttrList *al)
{
	PangoLayout *l = pango_layout_new(pc);
	PangoFontDescription *fd = pango_font_description_from_string(face);

	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	if (width > 0) {
		pango_layout_set_width(l, width * PANGO_SCALE);
		pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	}
	pango_layout_set_text(l, s, -1);
	if (al != NULL)
		pango_layout_set_attributes(l, al);
	pango_layout_get_line_count(l);
	return l;
}

static void
same_glyphs(const PangoGlyphItem *a, const PangoGlyphItem *b, const char *s)
{
	const PangoGlyphString *ga = a->glyphs, *gb = b->glyphs;
	int i;

	ck_assert_msg(a->item->offset == b->item->offset &&
	    a->item->length == b->item->length, "items differ in '%s'", s);
	ck_assert_msg(ga->num_glyphs == gb->num_glyphs,
	    "%d glyphs instead of %d in '%s'", gb->num_glyphs, ga->num_glyphs, s);
	for (i = 0; i < ga->num_glyphs; i++) {
		ck_assert_msg(ga->glyphs[i].glyph == gb->glyphs[i].glyph &&
		    ga->glyphs[i].geometry.width == gb->glyphs[i].geometry.width &&
		    ga->glyphs[i].geometry.x_offset ==
		    gb->glyphs[i].geometry.x_offset &&
		    ga->glyphs[i].geometry.y_offset ==
		    gb->glyphs[i].geometry.y_offset &&
		    ga->log_clusters[i] == gb->log_clusters[i] &&
		    ga->glyphs[i].attr.is_cluster_start ==
		    gb->glyphs[i].attr.is_cluster_start,
		    "glyph %d differs in '%s'", i, s);
	}
}

/* Lays s out with the cache and without, and compares every line's runs. */
static void
compare(const char *s, const char *face, int width, PangoAttrList *al)
{
	PangoLayout *a, *b;
	GSList *ra, *rb;
	int i, n;

	shape_cache_enable(false);
	a = layout(s, face, width, al);
	shape_cache_enable(true);
	b = layout(s, face, width, al);
	n = pango_layout_get_line_count(a);
	ck_assert_int_eq(pango_layout_get_line_count(b), n);
	for (i = 0; i < n; i++) {
		PangoLayoutLine *la = pango_layout_get_line_readonly(a, i);
		PangoLayoutLine *lb = pango_layout_get_line_readonly(b, i);

		ck_assert_int_eq(la->start_index, lb->start_index);
		ck_assert_int_eq(la->length, lb->length);
		for (ra = la->runs, rb = lb->runs; ra != NULL && rb != NULL;
		    ra = ra->next, rb = rb->next)
			same_glyphs(ra->data, rb->data, s);
		ck_assert_msg(ra == NULL && rb == NULL, "runs differ in '%s'", s);
	}
	g_object_unref(a);
	g_object_unref(b);
}

/* Every paragraph of every Markdown and YAML file under dir. */
static size_t
walk(const char *dir)
{
	char **names, *p, *para, *end;
	size_t n, i, count = 0;
	struct stat st;
	struct buf b = BUF_INIT;

	names = dir_list(dir, &n);
	ck_assert_ptr_nonnull(names);
	for (i = 0; i < n; i++) {
		p = path_join(dir, names[i]);
		ck_assert_int_eq(stat(p, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			count += walk(p);
		} else if (str_ends(p, ".md") || str_ends(p, ".yaml")) {
			ck_assert_int_eq(file_read(p, 1 << 20, &b), FILE_OK);
			for (para = b.data; para != NULL && *para != '\0';
			    para = end) {
				end = strstr(para, "\n\n");
				if (end != NULL) {
					*end = '\0';
					end += 2;
				}
				compare(para, faces[count % ARRAY_SIZE(faces)],
				    count % 3 == 0 ? 0 : 240, NULL);
				count++;
			}
			buf_release(&b);
		}
		free(p);
	}
	strv_free(names, n);
	return count;
}

START_TEST(test_content)
{
	struct shape_stats st;

	ck_assert_uint_gt(walk("content"), 100);
	shape_cache_stats(&st);
	ck_assert_uint_gt(st.joined, 100);
	ck_assert_uint_gt(st.hits, st.misses);
}
END_TEST

static const char *const words[] = {
	"Provider", "Cloud", "GPU", "tier", "Platinum", "Gold", "Silver",
	"Bronze", "(down)", "1.0", "2m12s", "XID", "79", "AVAV", "To", "Ty",
	"fi", "fl", "ffi", "office", "W.", "L'", "T,", "\"quoted\"", "--",
	"\xe2\x80\x94", "\xe2\x80\x9c" "curly" "\xe2\x80\x9d", "\xc3\xa9t\xc3\xa9",
	"na\xc3\xafve", "\xe2\x86\x93", "\xc2\xb7", "\xe2\x82\xac" "12",
	"\xe2\x88\x92" "3", "co\xc2\xad" "operate", "a\xc2\xa0" "b",
	"\xce\xb1\xce\xb2\xce\xb3", "\xd0\x9c\xd0\xb8\xd1\x80", "x\ty", "1/2",
	"A", "V", "Y.", "f", "(", ")", "[x]", "%", "&", "<", ">",
};

/* Random text from the words, with one to three spaces between them. */
static void
random_text(struct buf *b, unsigned *seed, size_t nwords)
{
	size_t i;

	buf_reset(b);
	for (i = 0; i < nwords; i++) {
		if (i > 0) {
			buf_putc(b, ' ');
			if (rand_r(seed) % 9 == 0)
				buf_puts(b, rand_r(seed) % 2 ? " " : "  ");
		}
		if (rand_r(seed) % 7 == 0)
			buf_printf(b, "%u", (unsigned)rand_r(seed) % 100000);
		else
			buf_puts(b, words[(size_t)rand_r(seed) % ARRAY_SIZE(words)]);
	}
	if (rand_r(seed) % 5 == 0)
		buf_putc(b, ' ');
}

START_TEST(test_random)
{
	struct buf b = BUF_INIT;
	unsigned seed = 20261130;
	int k;

	for (k = 0; k < 1500; k++) {
		random_text(&b, &seed, 1 + (size_t)rand_r(&seed) % 40);
		compare(b.data, faces[(size_t)k % ARRAY_SIZE(faces)],
		    k % 2 ? 0 : 40 + rand_r(&seed) % 300, NULL);
	}
	buf_release(&b);
}
END_TEST

/* Bold, italic, colour and a font change starting and ending mid-word. */
START_TEST(test_attributes)
{
	struct buf b = BUF_INIT;
	unsigned seed = 7;
	PangoAttrList *al;
	PangoAttribute *a;
	unsigned start, end;
	int k;

	for (k = 0; k < 400; k++) {
		random_text(&b, &seed, 2 + (size_t)rand_r(&seed) % 20);
		al = pango_attr_list_new();
		start = (unsigned)rand_r(&seed) % (unsigned)b.len;
		end = start + (unsigned)rand_r(&seed) % ((unsigned)b.len - start + 1);
		switch (k % 4) {
		case 0: a = pango_attr_weight_new(PANGO_WEIGHT_BOLD); break;
		case 1: a = pango_attr_style_new(PANGO_STYLE_ITALIC); break;
		case 2: a = pango_attr_foreground_new(0x1a00, 0x4d00, 0x8f00); break;
		default: a = pango_attr_family_new("DejaVu Sans Mono"); break;
		}
		a->start_index = start;
		a->end_index = end;
		pango_attr_list_insert(al, a);
		compare(b.data, faces[(size_t)k % ARRAY_SIZE(faces)],
		    k % 2 ? 0 : 120, al);
		pango_attr_list_unref(al);
	}
	buf_release(&b);
}
END_TEST

/* Texts the cache leaves whole, and that still come out the same. */
START_TEST(test_whole)
{
	static const char *const s[] = {
		"\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 \xd8\xa8\xd9\x83\xd9\x85",
		"\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xd7\xa2\xd7\x95\xd7\x9c\xd7\x9d",
		"cafe\xcc\x81 au lait", "e\xcc\x81" "e\xcc\x81 x\xcc\xa3",
		"\xe0\xa4\xa8\xe0\xa4\xae\xe0\xa4\xb8\xe0\xa5\x8d\xe0\xa4\xa4\xe0\xa5\x87 world",
	};
	struct shape_stats before, after;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(s); i++) {
		shape_cache_stats(&before);
		compare(s[i], "DejaVu Sans 10", 0, NULL);
		shape_cache_stats(&after);
		/* the cached layout's items (one or more) went whole */
		ck_assert_uint_gt(after.whole, before.whole);
	}
	shape_cache_stats(&before);
	compare("Plain words, cut at spaces.", "DejaVu Sans 10", 0, NULL);
	shape_cache_stats(&after);
	ck_assert_uint_eq(after.joined, before.joined + 1);
	ck_assert_uint_eq(after.whole, before.whole);
	/* five words and one space shaped, the space found thrice */
	ck_assert_uint_eq(after.misses - before.misses, 6);
	ck_assert_uint_eq(after.hits - before.hits, 3);
	/* the second time every word and space is found */
	compare("Plain words, cut at spaces.", "DejaVu Sans 10", 0, NULL);
	shape_cache_stats(&before);
	ck_assert_uint_eq(before.hits - after.hits, 9);
	ck_assert_uint_eq(before.misses, after.misses);
}
END_TEST

/* More words than the cache holds, and words longer than it keeps. */
START_TEST(test_overflow)
{
	struct buf b = BUF_INIT;
	int k, j;

	for (k = 0; k < 120; k++) {
		buf_reset(&b);
		for (j = 0; j < 100; j++)
			buf_printf(&b, "%sw%dx%d", j ? " " : "", k, j);
		buf_puts(&b, " Supercalifragilisticexpialidocious-and-then-some-"
		    "more-to-pass-the-limit-of-a-kept-word");
		compare(b.data, faces[(size_t)k % ARRAY_SIZE(faces)], 0, NULL);
	}
	buf_release(&b);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("shape");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_content);
	tcase_add_test(tc, test_random);
	tcase_add_test(tc, test_attributes);
	tcase_add_test(tc, test_whole);
	tcase_add_test(tc, test_overflow);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
