/* test_chart.c: the charts: golden SVGs, edge cases (0, 1, 1,000 providers,
 * long and non-Latin names) kept inside the canvas, PNG size, determinism,
 * colours, descriptions and tables. PODIUM_REGEN=1 rewrites the goldens. */
#include <check.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <unistd.h>

#include "chart_fixture.h"
#include "chart_priv.h"
#include "render.h"
#include "resources.h"

#define GOLDEN "tests/golden/charts/"

static const char *
name_real(size_t i)
{
	static const char *const v[] = {"CoreWeave", "Nebius", "Oracle", "Lambda",
	    "Amazon Web Services", "Crusoe", "Together AI", "Vultr", "Hetzner",
	    "Fluidstack", "Google Cloud", "Runpod"};

	return v[i % ARRAY_SIZE(v)];
}

static const char *
name_wild(size_t i)
{
	static const char *const v[] = {
	    "An extraordinarily long provider name that goes on and on, far past "
	    "any column it could be given, Incorporated & Partners <GmbH>",
	    "\xd8\xa7\xd9\x84\xd8\xb3\xd8\xad\xd8\xa7\xd8\xa8\xd8\xa9 \xd8\xa7\xd9\x84"
	    "\xd8\xb9\xd8\xb1\xd8\xa8\xd9\x8a\xd8\xa9 \xd9\x84\xd9\x84\xd8\xad\xd9\x88"
	    "\xd8\xb3\xd8\xa8\xd8\xa9",                     /* Arabic */
	    "\xe4\xba\x91\xe8\xae\xa1\xe7\xae\x97\xe5\x85\xac\xe5\x8f\xb8", /* CJK */
	    "GPU \xf0\x9f\x9a\x80\xf0\x9f\x94\xa5 Cloud",   /* emoji */
	    "x",
	    "\xd7\xa2\xd7\xa0\xd7\x9f \xd7\x99\xd7\xa9\xd7\xa8\xd7\x90\xd7\x9c\xd7\x99 "
	    "mixed RTL and LTR text with some length to it",
	};

	return v[i % ARRAY_SIZE(v)];
}

static const char *
name_numbered(size_t i)
{
	static char names[1000][24];

	snprintf(names[i % 1000], sizeof(names[0]), "Provider %zu", i);
	return names[i % 1000];
}

/* Names from every printable ASCII character on, each after every other
 * (the frame's PNG holds the title's first words; a name is drawn after
 * them), and a few that are shaped as one (ligatures, kerning pairs). */
static const char *
name_ascii(size_t i)
{
	static const char *const extra[] = {"fi fl ffi", "AVAWAYTo", "Tr. Ty, L'T",
	    "j", " leading", "trailing ", "  ", "Wo\"&<>'`~|"};
	static char names[95 + ARRAY_SIZE(extra)][16];

	if (i % ARRAY_SIZE(names) >= 95)
		return extra[i % ARRAY_SIZE(names) - 95];
	snprintf(names[i % ARRAY_SIZE(names)], sizeof(names[0]), "%c%c%cyj Q",
	    (char)(0x20 + i % 95), (char)(0x20 + (i * 7 + 3) % 95),
	    (char)(0x7e - i % 95));
	return names[i % ARRAY_SIZE(names)];
}

static const enum chart_kind kinds[] = {CHART_DISTRIBUTION, CHART_MOVEMENT,
    CHART_FUNNEL, CHART_FAULTS, CHART_HISTORY};

static void
svg_of(const struct computed *c, enum chart_kind k, const struct provider *p,
    struct buf *out, struct chart *ch)
{
	chart_init(ch, c, k, p);
	ck_assert_int_eq(chart_svg(ch, c, out), 0);
}

/* Every text box recorded while drawing lies inside the canvas. */
static void
assert_text_inside(const struct chart *ch, const struct computed *c)
{
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	struct chart_trace t = {NULL, 0, 0};
	size_t i;

	s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cr = cairo_create(s);
	canvas_cairo_init(&cv, cr);
	chart_draw_traced(ch, c, &cv, ch->width, ch->height, &t);
	ck_assert_int_eq(cairo_status(cr), CAIRO_STATUS_SUCCESS);
	ck_assert_uint_gt(t.n, 0);
	for (i = 0; i < t.n; i++) {
		if (t.v[i].x0 < -0.01 || t.v[i].y0 < -0.01 ||
		    t.v[i].x1 > ch->width + 0.01 || t.v[i].y1 > ch->height + 0.01)
			ck_abort_msg("%s: text box %zu (%.1f,%.1f)-(%.1f,%.1f) outside "
			    "%.0fx%.0f", ch->title, i, t.v[i].x0, t.v[i].y0, t.v[i].x1,
			    t.v[i].y1, ch->width, ch->height);
	}
	free(t.v);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/* Every glyph the SVG places (<use xlink:href="#glyph..." x= y=) lies inside
 * its viewBox. */
static void
assert_glyphs_inside(const char *svg)
{
	const char *p = svg, *vb;
	double vx, vy, vw, vh, gx, gy;
	size_t n = 0;

	ck_assert_ptr_nonnull(vb = strstr(svg, "viewBox=\""));
	ck_assert_int_eq(sscanf(vb, "viewBox=\"%lf %lf %lf %lf\"", &vx, &vy, &vw, &vh), 4);
	while ((p = strstr(p, "<use xlink:href=\"#glyph")) != NULL) {
		const char *x = strstr(p, " x=\""), *y = strstr(p, " y=\"");

		ck_assert(x != NULL && y != NULL);
		gx = strtod(x + 4, NULL);
		gy = strtod(y + 4, NULL);
		if (gx < vx || gx > vx + vw || gy < vy || gy > vy + vh)
			ck_abort_msg("glyph at %.1f,%.1f outside %.0f,%.0f %.0fx%.0f", gx, gy,
			    vx, vy, vw, vh);
		n++;
		p++;
	}
	ck_assert_uint_gt(n, 0);
}

static void
check_all_charts(struct fixture *fx)
{
	struct buf b = BUF_INIT;
	struct chart ch;
	size_t i, np = fx->p.nproviders ? fx->p.nproviders : 1;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		struct provider none = {.id = "none", .name = "No One"};
		const struct provider *p = kinds[i] == CHART_HISTORY ?
		    (fx->p.nproviders ? &fx->p.providers[np - 1] : &none) : NULL;

		buf_reset(&b);
		svg_of(&fx->c, kinds[i], p, &b, &ch);
		ck_assert_ptr_nonnull(strstr(b.data, "<title>"));
		ck_assert_ptr_nonnull(strstr(b.data, "<desc>"));
		assert_glyphs_inside(b.data);
		assert_text_inside(&ch, &fx->c);
		table_free(chart_table(&ch, &fx->c));
		chart_release(&ch);
	}
	buf_release(&b);
}

START_TEST(test_zero_providers)
{
	struct fixture *fx = fixture_new(0, name_real);

	check_all_charts(fx);
	fixture_free(fx);
}
END_TEST

START_TEST(test_one_provider)
{
	struct fixture *fx = fixture_new(1, name_real);

	check_all_charts(fx);
	fixture_free(fx);
}
END_TEST

START_TEST(test_thousand_providers)
{
	struct fixture *fx = fixture_new(1000, name_numbered);
	struct chart ch;

	check_all_charts(fx);
	/* the movement chart draws a capped set and says so */
	chart_init(&ch, &fx->c, CHART_MOVEMENT, NULL);
	ck_assert_double_lt(ch.height, 2000);
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_FAULTS, NULL);
	ck_assert_double_lt(ch.height, 2000);
	chart_release(&ch);
	fixture_free(fx);
}
END_TEST

START_TEST(test_wild_names)
{
	struct fixture *fx = fixture_new(24, name_wild);

	check_all_charts(fx);
	fixture_free(fx);
}
END_TEST

static void
golden(const char *name, const struct buf *b)
{
	char *path = xasprintf(GOLDEN "%s.svg", name);
	struct buf want = BUF_INIT;

	if (getenv("PODIUM_REGEN") != NULL) {
		ck_assert_int_eq(file_write(path, b->data, b->len), 0);
	} else {
		ck_assert_msg(file_read(path, 1 << 24, &want) == FILE_OK,
		    "missing %s (PODIUM_REGEN=1 writes it)", path);
		ck_assert_msg(want.len == b->len && memcmp(want.data, b->data, b->len) == 0,
		    "%s differs (PODIUM_REGEN=1 rewrites it; review the diff)", path);
	}
	buf_release(&want);
	free(path);
}

START_TEST(test_golden)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct buf b = BUF_INIT;
	struct chart ch;
	char *name;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		buf_reset(&b);
		svg_of(&fx->c, kinds[i], kinds[i] == CHART_HISTORY ?
		    &fx->p.providers[3] : NULL, &b, &ch);
		name = chart_file_name(&ch);
		golden(name, &b);
		free(name);
		chart_release(&ch);
	}
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

START_TEST(test_deterministic)
{
	struct fixture *fx = fixture_new(24, name_wild);
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct chart ch;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[3]);
		buf_reset(&a);
		buf_reset(&b);
		ck_assert_int_eq(chart_svg(&ch, &fx->c, &a), 0);
		ck_assert_int_eq(chart_svg(&ch, &fx->c, &b), 0);
		ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
		    "svg of %s differs", ch.title);
		buf_reset(&a);
		buf_reset(&b);
		ck_assert_int_eq(chart_png(&ch, &fx->c, 2, &a), 0);
		ck_assert_int_eq(chart_png(&ch, &fx->c, 2, &b), 0);
		ck_assert(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
		/* no time chunk */
		ck_assert_ptr_null(memmem(a.data, a.len, "tIME", 4));
		chart_release(&ch);
	}
	buf_release(&a);
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

/* chart_png() keeps its pixel buffers from chart to chart: a chart drawn
 * into one that held a bigger or different chart comes out the same. */
START_TEST(test_png_reused_buffers)
{
	static const double scales[] = {2, 1.5};
	struct fixture *fx = fixture_new(24, name_wild);
	struct buf ref[ARRAY_SIZE(kinds)][ARRAY_SIZE(scales)], b = BUF_INIT;
	struct chart ch;
	size_t i, k, pass;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		for (k = 0; k < ARRAY_SIZE(scales); k++) {
			chart_png_release();
			buf_init(&ref[i][k]);
			chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[3]);
			ck_assert_int_eq(chart_png(&ch, &fx->c, scales[k], &ref[i][k]), 0);
			chart_release(&ch);
		}
	/* forwards, backwards, and alternating scales, without releasing */
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < ARRAY_SIZE(kinds); i++)
			for (k = 0; k < ARRAY_SIZE(scales); k++) {
				size_t ki = pass == 1 ? ARRAY_SIZE(kinds) - 1 - i : i;
				size_t sk = pass == 2 ? (k + i) % ARRAY_SIZE(scales) : k;

				chart_init(&ch, &fx->c, kinds[ki], &fx->p.providers[3]);
				buf_reset(&b);
				ck_assert_int_eq(chart_png(&ch, &fx->c, scales[sk], &b), 0);
				ck_assert_msg(b.len == ref[ki][sk].len &&
				    memcmp(b.data, ref[ki][sk].data, b.len) == 0,
				    "png of %s at %g differs in a reused buffer", ch.title, scales[sk]);
				chart_release(&ch);
			}
	chart_png_release();
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		for (k = 0; k < ARRAY_SIZE(scales); k++)
			buf_release(&ref[i][k]);
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

/*
 * A chart kept its layouts (chart_keep_layouts) draws byte for byte what a
 * fresh one does: its SVG, then its PNG at two scales, then its SVG again,
 * each from the layouts of the drawing before, for every kind.
 */
START_TEST(test_kept_layouts)
{
	static const double scales[] = {2, 1.5};
	struct fixture *fx = fixture_new(24, name_wild);
	struct buf want = BUF_INIT, got = BUF_INIT;
	struct chart ch, kept;
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		chart_init(&kept, &fx->c, kinds[i], &fx->p.providers[3]);
		chart_keep_layouts(&kept);
		for (k = 0; k < ARRAY_SIZE(scales) + 2; k++) {
			bool svg = k == 0 || k == ARRAY_SIZE(scales) + 1;

			buf_reset(&want);
			buf_reset(&got);
			chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[3]);
			if (svg) {
				ck_assert_int_eq(chart_svg(&ch, &fx->c, &want), 0);
				ck_assert_int_eq(chart_svg(&kept, &fx->c, &got), 0);
			} else {
				ck_assert_int_eq(chart_png(&ch, &fx->c, scales[k - 1], &want), 0);
				ck_assert_int_eq(chart_png(&kept, &fx->c, scales[k - 1], &got), 0);
			}
			chart_release(&ch);
			ck_assert_msg(got.len == want.len && memcmp(got.data, want.data, got.len) == 0,
			    "%s of %s differs with kept layouts (drawing %zu)",
			    svg ? "svg" : "png", kept.title, k);
			/* the drawing handed its layouts on */
			ck_assert_ptr_nonnull(kept.keep->pc);
		}
		chart_release(&kept);
		ck_assert_ptr_null(kept.keep);
	}
	buf_release(&want);
	buf_release(&got);
	fixture_free(fx);
}
END_TEST

struct png_src {
	const unsigned char *p;
	size_t n, off;
};

static void
png_read_mem(png_structp png, png_bytep out, png_size_t n)
{
	struct png_src *s = png_get_io_ptr(png);

	if (s->off + n > s->n)
		png_error(png, "short read");
	memcpy(out, s->p + s->off, n);
	s->off += n;
}

START_TEST(test_png_decodes)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct buf b = BUF_INIT;
	struct chart ch;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		struct png_src src;
		png_structp png;
		png_infop info;
		png_bytep row;
		png_uint_32 w, h, y;

		chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[0]);
		buf_reset(&b);
		ck_assert_int_eq(chart_png(&ch, &fx->c, 2, &b), 0);
		src.p = (const unsigned char *)b.data;
		src.n = b.len;
		src.off = 0;
		ck_assert_int_eq(png_sig_cmp(src.p, 0, 8), 0);
		png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
		info = png_create_info_struct(png);
		png_set_read_fn(png, &src, png_read_mem);
		png_read_info(png, info);
		w = png_get_image_width(png, info);
		h = png_get_image_height(png, info);
		ck_assert_uint_eq(w, 1280);
		ck_assert_uint_eq(h, (png_uint_32)(ch.height * 2 + 0.999));
		row = xmalloc(png_get_rowbytes(png, info));
		for (y = 0; y < h; y++)
			png_read_row(png, row, NULL);
		png_read_end(png, NULL);
		free(row);
		png_destroy_read_struct(&png, &info, NULL);
		chart_release(&ch);
	}
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

START_TEST(test_svg_head)
{
	struct fixture *fx = fixture_new(6, name_wild);
	struct buf b = BUF_INIT;
	struct chart ch;
	const char *svg, *title;

	svg_of(&fx->c, CHART_HISTORY, &fx->p.providers[0], &b, &ch);
	svg = strstr(b.data, "<svg");
	title = strstr(b.data, "<title>");
	ck_assert_ptr_nonnull(svg);
	/* right after the root element */
	ck_assert_ptr_eq(title, strchr(svg, '>') + 2);
	ck_assert_ptr_nonnull(strstr(b.data, "<title>Tier history: An extraordinarily "
	    "long provider name that goes on and on, far past any column it could be "
	    "given, Incorporated &amp; Partners &lt;GmbH&gt;</title>"));
	ck_assert_ptr_null(strstr(b.data, "<GmbH>"));
	ck_assert_ptr_nonnull(strstr(b.data, "width=\"640px\""));
	/* ink switches on dark pages, fills of tiers do not */
	ck_assert_ptr_nonnull(strstr(b.data, "@media (prefers-color-scheme: dark){"));
	ck_assert_ptr_nonnull(strstr(b.data,
	    "[style*=\"fill:rgb(12.156863%,12.156863%,12.156863%)\"]{fill:#e6e6e6 !important}"));
	chart_release(&ch);
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

START_TEST(test_descriptions)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart ch;

	/*
	 * Worked by hand from chart_fixture.h: 1.0 reviews p0 p3 p6 p9 in tiers
	 * 0 5 3 5 (2 medals); 2.0 all but p4 p9, tiers 0 0 3 3 1 5 5 6 2 3
	 * (7 medals); 3.0 all twelve, tiers 0 1 2 3 3 2 4 5 6 3 1 4 (8 medals,
	 * 11 rated, tracked 12 x 3 + 2 = 38).
	 */
	chart_init(&ch, &fx->c, CHART_DISTRIBUTION, NULL);
	ck_assert_str_eq(ch.title, "Medal distribution by edition");
	ck_assert_str_eq(ch.desc, "Medal holders: 2 of 4 reviewed in ClusterMAX 1.0, "
	    "7 of 10 reviewed in ClusterMAX 2.0, 8 of 12 reviewed in ClusterMAX 3.0. "
	    "ClusterMAX 2.0, reviewed: 11 stated, 10 counted.");
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_FUNNEL, NULL);
	ck_assert_str_eq(ch.title, "From tracked to medals, ClusterMAX 3.0");
	ck_assert_str_eq(ch.desc, "ClusterMAX 3.0: 38 tracked, 12 reviewed, 11 rated, "
	    "8 medals (66.7% of reviewed, 21.1% of tracked).");
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_FAULTS, NULL);
	ck_assert_str_eq(ch.desc, "Failure test in ClusterMAX 3.0, 8 providers: 4 "
	    "replaced the node in a stated time (2 within the 1h target), 1 did not detect the fault, "
	    "2 gave no timing.");
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[3]);
	ck_assert_str_eq(ch.title, "Tier history: Lambda");
	ck_assert_str_eq(ch.desc, "Lambda: Underperforming in ClusterMAX 1.0, "
	    "Bronze in ClusterMAX 2.0, Bronze in ClusterMAX 3.0.");
	chart_release(&ch);
	fixture_free(fx);
}
END_TEST

START_TEST(test_movement_desc)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart ch;

	chart_init(&ch, &fx->c, CHART_MOVEMENT, NULL);
	ck_assert_str_eq(ch.title, "Movement from ClusterMAX 2.0 to ClusterMAX 3.0");
	/* 2.0 -> 3.0: p8 is Unavailable in both (left out); p4 p9 are new */
	ck_assert_str_eq(ch.desc, "From ClusterMAX 2.0 to ClusterMAX 3.0, 9 providers: "
	    "3 up, 3 down, 3 same. Nebius down 1 to Gold; Google Cloud up 1 to Gold; "
	    "Oracle up 1 to Silver; Crusoe down 1 to Silver; Together AI up 1 to "
	    "Participation Ribbon; Runpod down 1 to Participation Ribbon.");
	chart_release(&ch);
	fixture_free(fx);
}
END_TEST

START_TEST(test_tables)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart ch;
	struct table *t;

	chart_init(&ch, &fx->c, CHART_DISTRIBUTION, NULL);
	t = chart_table(&ch, &fx->c);
	ck_assert_uint_eq(t->ncols, 10);
	ck_assert_uint_eq(t->nrows, 3);
	ck_assert_str_eq(t->head[1].text, "Platinum");
	ck_assert_ptr_eq(t->head[1].tier, &fx->p.report.ladder[0]);
	ck_assert_str_eq(t->cells[0].text, "ClusterMAX 1.0");
	ck_assert_str_eq(t->cells[2 * 10 + 8].text, "12");
	ck_assert(t->cells[2 * 10 + 8].numeric);
	table_free(t);
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_FAULTS, NULL);
	t = chart_table(&ch, &fx->c);
	ck_assert_uint_eq(t->nrows, 8);
	ck_assert_str_eq(t->cells[0].text, "CoreWeave");
	ck_assert_str_eq(t->cells[0].href, "providers/p0000/");
	ck_assert_str_eq(t->cells[1].text, "not detected");
	ck_assert_str_eq(t->cells[2].text, "\u2014");
	table_free(t);
	chart_release(&ch);
	fixture_free(fx);
}
END_TEST

START_TEST(test_featured_and_unknowns)
{
	struct fixture *fx = fixture_new(12, name_real);
	const struct provider *feat[2];
	struct chart ch;
	struct table *t;

	/* the movement table: every candidate in compute order */
	chart_init(&ch, &fx->c, CHART_MOVEMENT, NULL);
	t = chart_table(&ch, &fx->c);
	ck_assert_uint_eq(t->nrows, 9);
	ck_assert_str_eq(t->cells[0].text, "CoreWeave");
	ck_assert_str_eq(t->cells[3].text, "same");
	ck_assert_str_eq(t->cells[4].text, "Nebius");
	ck_assert_str_eq(t->cells[5].text, "Platinum");
	ck_assert_str_eq(t->cells[6].text, "Gold");
	ck_assert_str_eq(t->cells[7].text, "down 1");
	table_free(t);
	chart_release(&ch);

	/* featured providers only, in their order */
	feat[0] = &fx->p.providers[1];
	feat[1] = &fx->p.providers[6];
	fx->p.report.featured = feat;
	fx->p.report.nfeatured = 2;
	chart_init(&ch, &fx->c, CHART_MOVEMENT, NULL);
	ck_assert_str_eq(ch.desc, "From ClusterMAX 2.0 to ClusterMAX 3.0, 2 providers: "
	    "1 up, 1 down, 0 same. Nebius down 1 to Gold; Together AI up 1 to "
	    "Participation Ribbon.");
	t = chart_table(&ch, &fx->c);
	ck_assert_uint_eq(t->nrows, 2);
	table_free(t);
	assert_text_inside(&ch, &fx->c);
	chart_release(&ch);

	/* tracked unknown: said, not drawn as zero */
	fx->c.editions[2].tracked = -1;
	chart_init(&ch, &fx->c, CHART_FUNNEL, NULL);
	ck_assert_str_eq(ch.desc, "ClusterMAX 3.0: tracked not stated, 12 reviewed, "
	    "11 rated, 8 medals (66.7% of reviewed).");
	t = chart_table(&ch, &fx->c);
	ck_assert_str_eq(t->cells[1].text, "not stated");
	ck_assert_str_eq(t->cells[3 + 2].text, "");
	table_free(t);
	assert_text_inside(&ch, &fx->c);
	chart_release(&ch);

	/* no targets: no "within" clause */
	fx->p.editions[2].target_replace = -1;
	fx->p.editions[2].target_detect = -1;
	chart_init(&ch, &fx->c, CHART_FAULTS, NULL);
	ck_assert_str_eq(ch.desc, "Failure test in ClusterMAX 3.0, 8 providers: 4 "
	    "replaced the node in a stated time, 1 did not detect the fault, 2 gave no timing.");
	assert_text_inside(&ch, &fx->c);
	chart_release(&ch);

	/* no baseline */
	fx->c.has_compare = false;
	chart_init(&ch, &fx->c, CHART_MOVEMENT, NULL);
	ck_assert_str_eq(ch.title, "Movement");
	ck_assert_str_eq(ch.desc, "No provider was reviewed in both editions.");
	assert_text_inside(&ch, &fx->c);
	chart_release(&ch);
	fixture_free(fx);
}
END_TEST

START_TEST(test_kinds)
{
	ck_assert_int_eq(chart_kind_parse("distribution"), CHART_DISTRIBUTION);
	ck_assert_int_eq(chart_kind_parse("movement"), CHART_MOVEMENT);
	ck_assert_int_eq(chart_kind_parse("funnel"), CHART_FUNNEL);
	ck_assert_int_eq(chart_kind_parse("faults"), CHART_FAULTS);
	ck_assert_int_eq(chart_kind_parse("history"), -1);
	ck_assert_int_eq(chart_kind_parse("pie"), -1);
	ck_assert_str_eq(chart_kind_name(CHART_FAULTS), "faults");
}
END_TEST

START_TEST(test_spread)
{
	double pos[4] = {10, 12, 14, 100}, size[4] = {10, 10, 10, 10};
	double one[1] = {-50}, s1[1] = {10};

	labels_spread(pos, size, 4, 2, -100, 200);
	/* the three overlapping centre on their mean (12), 12 apart */
	ck_assert_double_eq_tol(pos[0], 0, 1e-9);
	ck_assert_double_eq_tol(pos[1], 12, 1e-9);
	ck_assert_double_eq_tol(pos[2], 24, 1e-9);
	ck_assert_double_eq_tol(pos[3], 100, 1e-9);
	/* against the lower bound: pushed down to start at 0 */
	pos[0] = 10, pos[1] = 12, pos[2] = 14;
	labels_spread(pos, size, 3, 2, 0, 200);
	ck_assert_double_eq_tol(pos[0], 5, 1e-9);
	ck_assert_double_eq_tol(pos[2], 29, 1e-9);
	/* against the upper bound */
	pos[0] = 190, pos[1] = 192, pos[2] = 194;
	labels_spread(pos, size, 3, 2, 0, 200);
	ck_assert_double_eq_tol(pos[2], 195, 1e-9);
	ck_assert_double_eq_tol(pos[0], 171, 1e-9);
	labels_spread(one, s1, 1, 2, 0, 200);
	ck_assert_double_eq_tol(one[0], 5, 1e-9);
}
END_TEST

START_TEST(test_colours)
{
	const struct rgb white = RGB8(0xffffff), dark = RGB8(0x111111);
	size_t i;

	for (i = 0; i < chart_ninks; i++) {
		const struct rgb l = RGB8(chart_inks[i].light), d = RGB8(chart_inks[i].dark);

		if (i == 2)
			continue; /* grid lines: no text */
		ck_assert_double_ge(rgb_contrast(l, white), 4.5);
		ck_assert_double_ge(rgb_contrast(d, dark), 4.5);
	}
	/* lines that carry movement: 3:1 on both backgrounds */
	ck_assert_double_ge(rgb_contrast(COL_UP, white), 3);
	ck_assert_double_ge(rgb_contrast(COL_UP, dark), 3);
	ck_assert_double_ge(rgb_contrast(COL_DOWN, white), 3);
	ck_assert_double_ge(rgb_contrast(COL_DOWN, dark), 3);
	ck_assert_double_eq_tol(rgb_contrast(white, COL_BLACK), 21, 1e-9);
	/* a label on a tier colour picks the readable ink */
	for (i = 0; i < 8; i++) {
		struct tier t = {.index = i, .rated = true};
		struct rgb bg = tier_rgb(&t);

		ck_assert_double_ge(rgb_contrast(rgb_text_on(bg), bg), 4.5);
	}
	{
		struct tier t = {.color = "#c9a227"};
		char hex[8];

		chart_tier_color(&t, hex);
		ck_assert_str_eq(hex, "#c9a227");
		/* a tier may not wear an ink colour (it would switch when dark) */
		t.color = "#1f1f1f";
		chart_tier_color(&t, hex);
		ck_assert_str_eq(hex, "#1f1f1e");
		t.color = "#c9a227";
		ck_assert(rgb_text_on(tier_rgb(&t)).r == 0);
	}
}
END_TEST


/* Every id="..." in svg is distinct. */
static void
assert_ids_unique(const char *svg)
{
	const char *p = svg, *q, *r;
	size_t n;

	while ((p = strstr(p, " id=\"")) != NULL) {
		p += 5;
		n = strcspn(p, "\"");
		for (q = p; (q = strstr(q + 1, " id=\"")) != NULL;) {
			r = q + 5;
			if (strncmp(r, p, n) == 0 && r[n] == '"')
				ck_abort_msg("id '%.*s' twice", (int)n, p);
		}
	}
}

static size_t
count(const char *hay, size_t len, const char *needle)
{
	const char *p = hay, *end = hay + len;
	size_t n = 0, k = strlen(needle);

	while ((p = memmem(p, (size_t)(end - p), needle, k)) != NULL) {
		n++;
		p += k;
	}
	return n;
}

/* The page SVG of a history chart: the shared frame plus the marks. */
START_TEST(test_framed_svg)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart_frame *f = chart_frame_new(&fx->c);
	struct buf b = BUF_INIT, full = BUF_INIT;
	struct chart ch;
	const char *svg;

	/* Lambda (p3): Underperforming, Bronze, Bronze: a line of two
	 * segments and three dots */
	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[3]);
	ck_assert_int_eq(chart_svg_framed(f, &ch, &fx->c, &b), 0);
	golden("history-p0003-framed", &b);
	svg = strstr(b.data, "<svg");
	ck_assert_ptr_eq(strstr(b.data, "<title>"), strchr(svg, '>') + 2);
	ck_assert_ptr_nonnull(strstr(b.data, "<title>Tier history: Lambda</title>\n"
	    "<desc>Lambda: Underperforming in ClusterMAX 1.0, Bronze in ClusterMAX "
	    "2.0, Bronze in ClusterMAX 3.0.</desc>\n"));
	ck_assert_uint_eq(count(b.data, b.len, "<circle "), 3);
	ck_assert_uint_eq(count(b.data, b.len, "<path class=\"hm-line\" style=\""
	    "fill:none;stroke:rgb(34.901961%,34.901961%,34.901961%);stroke-width:2\" "
	    "d=\"M "), 2);
	/* 1.0 to 2.0, Underperforming (row 5) to Bronze (row 3), by hand:
	 * x = 236 + 338 i / 2, y = 46 + (row + 0.5) 20 */
	ck_assert_ptr_nonnull(strstr(b.data, "d=\"M 236 156 L 405 116\"/>"));
	ck_assert_ptr_nonnull(strstr(b.data, "<circle class=\"hm-dot\" cx=\"574\" "
	    "cy=\"116\" r=\"6\" "
	    "style=\"fill:rgb(69.019608%,43.921569%,23.529412%);stroke:rgb(12.156863%,"
	    "12.156863%,12.156863%);stroke-width:1.2\"/>"));
	/* the marks are inside the drawing, which ends the document */
	ck_assert_ptr_nonnull(strstr(b.data, "/>\n</g>\n</svg>"));
	/* the dark rules cover the marks' inks */
	ck_assert_ptr_nonnull(strstr(b.data,
	    "[style*=\"stroke:rgb(34.901961%,34.901961%,34.901961%)\"]{stroke:#a6a6a6 !important}"));
	assert_ids_unique(b.data);
	assert_glyphs_inside(b.data);
	/* the frame's glyphs, not the title's: smaller than the full chart */
	ck_assert_int_eq(chart_svg(&ch, &fx->c, &full), 0);
	ck_assert_uint_lt(b.len, full.len);
	assert_ids_unique(full.data);
	chart_release(&ch);

	/* p4 is reviewed in 3.0 only, p9 in 1.0 and 3.0: a dashed segment */
	buf_reset(&b);
	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[9]);
	ck_assert_int_eq(chart_svg_framed(f, &ch, &fx->c, &b), 0);
	ck_assert_uint_eq(count(b.data, b.len, "stroke-dasharray:3,3"), 1);
	ck_assert_uint_eq(count(b.data, b.len, "<circle "), 2);
	chart_release(&ch);
	/* not a history chart: the full drawing */
	buf_reset(&b);
	buf_reset(&full);
	chart_init(&ch, &fx->c, CHART_FUNNEL, NULL);
	ck_assert_int_eq(chart_svg_framed(f, &ch, &fx->c, &b), 0);
	ck_assert_int_eq(chart_svg(&ch, &fx->c, &full), 0);
	ck_assert(b.len == full.len && memcmp(b.data, full.data, b.len) == 0);
	chart_release(&ch);
	chart_frame_free(f);
	buf_release(&b);
	buf_release(&full);
	fixture_free(fx);
}
END_TEST

/* Decodes a PNG to RGB rows; *w and *h set. Returns malloc'd pixels. */
static unsigned char *
png_pixels(const struct buf *b, png_uint_32 *w, png_uint_32 *h)
{
	struct png_src src = {(const unsigned char *)b->data, b->len, 0};
	png_structp png;
	png_infop info;
	unsigned char *px;
	png_uint_32 y;
	size_t rb;

	ck_assert_int_eq(png_sig_cmp(src.p, 0, 8), 0);
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png_create_info_struct(png);
	png_set_read_fn(png, &src, png_read_mem);
	png_read_info(png, info);
	png_set_palette_to_rgb(png);
	png_read_update_info(png, info);
	*w = png_get_image_width(png, info);
	*h = png_get_image_height(png, info);
	rb = png_get_rowbytes(png, info);
	ck_assert_uint_eq(rb, (size_t)*w * 3);
	px = xmalloc(rb * *h);
	for (y = 0; y < *h; y++)
		png_read_row(png, px + rb * y, NULL);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	return px;
}

/* The sharing PNG from the frame: 2x, and the very pixels and bytes of a
 * full drawing (the title does not touch the frame), whatever was drawn
 * over the reused frame before (providers come back, in another order). */
START_TEST(test_framed_png)
{
	struct fixture *fx = fixture_new(12, name_wild);
	struct chart_frame *f = chart_frame_new(&fx->c);
	struct buf a = BUF_INIT, b = BUF_INIT;
	const struct provider *ps[] = {&fx->p.providers[0], &fx->p.providers[3],
	    &fx->p.providers[9], &fx->p.providers[5], &fx->p.providers[3],
	    &fx->p.providers[0], &fx->p.providers[11]};
	unsigned char *pa, *pb;
	png_uint_32 wa, ha, wb, hb;
	struct chart ch;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ps); i++) {
		chart_init(&ch, &fx->c, CHART_HISTORY, ps[i]);
		buf_reset(&a);
		buf_reset(&b);
		ck_assert_int_eq(chart_png_framed(f, &ch, &fx->c, 2, &a), 0);
		ck_assert_int_eq(chart_png(&ch, &fx->c, 2, &b), 0);
		pa = png_pixels(&a, &wa, &ha);
		pb = png_pixels(&b, &wb, &hb);
		ck_assert_uint_eq(wa, 1280);
		ck_assert_uint_eq(ha, (png_uint_32)(ch.height * 2 + 0.999));
		ck_assert(wa == wb && ha == hb);
		ck_assert_msg(memcmp(pa, pb, (size_t)wa * ha * 3) == 0,
		    "%s: framed pixels differ", ch.title);
		ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
		    "%s: framed bytes differ", ch.title);
		free(pa);
		free(pb);
		chart_release(&ch);
	}
	/* another scale than the frame's: drawn in full */
	chart_init(&ch, &fx->c, CHART_HISTORY, ps[1]);
	buf_reset(&a);
	ck_assert_int_eq(chart_png_framed(f, &ch, &fx->c, 1, &a), 0);
	pa = png_pixels(&a, &wa, &ha);
	ck_assert_uint_eq(wa, 640);
	free(pa);
	chart_release(&ch);
	chart_frame_free(f);
	buf_release(&a);
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

/*
 * A history chart's PNG stays small: every provider's chart here measured
 * 57,597 to 80,634 bytes when the bound was set (fixed-code deflate of
 * runs of one colour and rows repeated from above); the bound leaves a
 * tenth for font changes. A coder that stopped finding runs or rows would
 * write several times more (the raw pixels are 1.7 MB).
 */
#define HISTORY_PNG_MAX 88000

START_TEST(test_png_size)
{
	struct fixture *fx = fixture_new(12, name_wild);
	struct chart_frame *f = chart_frame_new(&fx->c);
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct chart ch;
	size_t i;

	for (i = 0; i < 12; i++) {
		chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[i]);
		buf_reset(&a);
		buf_reset(&b);
		ck_assert_int_eq(chart_png_framed(f, &ch, &fx->c, 2, &a), 0);
		ck_assert_msg(a.len <= HISTORY_PNG_MAX, "%s: %zu bytes", ch.title, a.len);
		chart_release(&ch);
	}
	chart_frame_free(f);
	buf_release(&a);
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

/*
 * A canvas that records what is drawn on it: op counts, the colour of every
 * rgb call (0xrrggbb), the text and colour of every layout, the dots (arcs)
 * and the forms, whose drawing it records in place.
 */
struct rec {
	int save, restore, depth, scale, rgb, lwidth, dash, newpath, move, line;
	int rect, arc, close, fill, fill_preserve, stroke, clip, layout, form;
	double sx;
	unsigned cur, colours[64];
	int ncolours;
	char texts[32][64];
	unsigned text_col[32];
	double arcs[8][3];
	const void *form_key;
	double form_w, form_h;
};

static void
rec_save(void *p)
{
	struct rec *r = p;

	r->save++;
	r->depth++;
}

static void
rec_restore(void *p)
{
	struct rec *r = p;

	r->restore++;
	r->depth--;
}

static void
rec_translate(void *p, double x, double y)
{
	(void)p;
	(void)x;
	(void)y;
}

static void
rec_scale(void *p, double sx, double sy)
{
	struct rec *r = p;

	ck_assert(sx == sy);
	r->scale++;
	r->sx = sx;
}

static void
rec_rgb(void *p, double cr, double cg, double cb)
{
	struct rec *r = p;

	r->cur = (unsigned)lround(cr * 255) << 16 | (unsigned)lround(cg * 255) << 8 |
	    (unsigned)lround(cb * 255);
	if (r->ncolours < 64)
		r->colours[r->ncolours] = r->cur;
	r->ncolours++;
	r->rgb++;
}

static void
rec_line_width(void *p, double w)
{
	struct rec *r = p;

	(void)w;
	r->lwidth++;
}

static void
rec_line_cap(void *p, enum cv_cap cap)
{
	(void)p;
	(void)cap;
}

static void
rec_dash(void *p, const double *d, int n, double o)
{
	struct rec *r = p;

	(void)d;
	(void)n;
	(void)o;
	r->dash++;
}

static void
rec_new_path(void *p)
{
	struct rec *r = p;

	r->newpath++;
}

static void
rec_move_to(void *p, double x, double y)
{
	struct rec *r = p;

	(void)x;
	(void)y;
	r->move++;
}

static void
rec_line_to(void *p, double x, double y)
{
	struct rec *r = p;

	(void)x;
	(void)y;
	r->line++;
}

static void
rec_rect(void *p, double x, double y, double w, double h)
{
	struct rec *r = p;

	(void)x;
	(void)y;
	(void)w;
	(void)h;
	r->rect++;
}

static void
rec_arc(void *p, double xc, double yc, double rad, double a1, double a2)
{
	struct rec *r = p;

	ck_assert(a1 == 0 && fabs(a2 - 2 * M_PI) < 1e-12);
	if (r->arc < 8) {
		r->arcs[r->arc][0] = xc;
		r->arcs[r->arc][1] = yc;
		r->arcs[r->arc][2] = rad;
	}
	r->arc++;
}

static void
rec_close_path(void *p)
{
	struct rec *r = p;

	r->close++;
}

static void
rec_fill(void *p, int preserve)
{
	struct rec *r = p;

	if (preserve)
		r->fill_preserve++;
	else
		r->fill++;
}

static void
rec_stroke(void *p)
{
	struct rec *r = p;

	r->stroke++;
}

static void
rec_clip(void *p)
{
	struct rec *r = p;

	r->clip++;
}

static void
rec_layout(void *p, PangoLayout *l, double x, double y)
{
	struct rec *r = p;

	(void)x;
	(void)y;
	if (r->layout < 32) {
		snprintf(r->texts[r->layout], sizeof(r->texts[0]), "%s",
		    pango_layout_get_text(l));
		r->text_col[r->layout] = r->cur;
	}
	r->layout++;
}

static void
rec_layout_line(void *p, PangoLayoutLine *line, double x, double y)
{
	(void)p;
	(void)line;
	(void)x;
	(void)y;
	ck_abort_msg("charts draw whole layouts, not lines");
}

/* A form's drawing is recorded in place. */
static void
rec_form(void *p, struct canvas *self, const void *key, double w, double h,
    void (*draw)(void *arg, struct canvas *cv), void *arg)
{
	struct rec *r = p;

	r->form++;
	r->form_key = key;
	r->form_w = w;
	r->form_h = h;
	draw(arg, self);
}

static cairo_t *
rec_cairo(void *p)
{
	(void)p;
	return NULL;
}

static const struct canvas_ops rec_ops = {
	rec_save, rec_restore, rec_translate, rec_scale, rec_rgb, rec_line_width,
	rec_line_cap, rec_dash, rec_new_path, rec_move_to, rec_line_to, rec_rect,
	rec_arc, rec_close_path, rec_fill, rec_stroke, rec_clip, rec_layout,
	rec_layout_line, rec_form, rec_cairo,
};

/* How many rgb calls set colour v. */
static int
rec_count_colour(const struct rec *r, unsigned v)
{
	int i, n = 0;

	for (i = 0; i < r->ncolours && i < 64; i++)
		n += r->colours[i] == v;
	return n;
}

/*
 * Provider 3 ("Lambda") of the fixture: Underperforming in 1.0 (tier 5),
 * Bronze in 2.0 and 3.0 (tier 3). Its history chart, by hand: the title;
 * 7 tier rows (a grid line and a name each); 3 edition names; 2 solid line
 * segments (editions follow each other); 3 dots, each filled in its tier's
 * colour and ringed in ink. At 640 wide the columns are at x = 236 + 169 k
 * (PX0 + INSET = 236, 338 wide), rows at y = 46 + 20 (tier + 0.5).
 */
static void
assert_lambda_history(const struct rec *r, double scale)
{
	static const char *const texts[] = {"Tier history: Lambda", "Platinum",
	    "Gold", "Silver", "Bronze", "Participation Ribbon", "Underperforming",
	    "Unavailable", "ClusterMAX 1.0", "ClusterMAX 2.0", "ClusterMAX 3.0"};
	static const double dots[3][2] = {{236, 156}, {405, 116}, {574, 116}};
	int i;

	ck_assert_int_eq(r->depth, 0);
	ck_assert_double_eq_tol(r->sx, scale, 1e-12);
	ck_assert_int_eq(r->layout, 11);
	for (i = 0; i < 11; i++)
		ck_assert_str_eq(r->texts[i], texts[i]);
	ck_assert_uint_eq(r->text_col[0], 0x1f1f1f);   /* title in ink */
	for (i = 1; i < 8; i++)
		ck_assert_uint_eq(r->text_col[i], 0x1f1f1f);
	for (i = 8; i < 11; i++)
		ck_assert_uint_eq(r->text_col[i], 0x595959); /* editions in ink2 */
	ck_assert_int_eq(r->stroke, 7 + 2 + 3);
	ck_assert_int_eq(r->fill, 0);
	ck_assert_int_eq(r->fill_preserve, 3);
	ck_assert_int_eq(r->rect, 0);
	ck_assert_int_eq(r->clip, 0);
	ck_assert_int_eq(r->dash, 0);
	ck_assert_int_eq(r->newpath, 3);
	ck_assert_int_eq(r->move, 7 + 2);
	ck_assert_int_eq(r->line, 7 + 2);
	ck_assert_int_eq(r->lwidth, 7 + 2 + 3);
	ck_assert_int_eq(r->arc, 3);
	for (i = 0; i < 3; i++) {
		ck_assert_double_eq_tol(r->arcs[i][0], dots[i][0], 1e-9);
		ck_assert_double_eq_tol(r->arcs[i][1], dots[i][1], 1e-9);
		ck_assert_double_eq_tol(r->arcs[i][2], HIST_DOT_R, 1e-12);
	}
	/* ink: title, 7 names, 3 rings; grid: 7 rows; ink2: 3 editions, 2
	 * segments; the dots: Underperforming's default, Bronze's twice */
	ck_assert_int_eq(r->rgb, 11 + 7 + 5 + 3);
	ck_assert_int_eq(rec_count_colour(r, 0x1f1f1f), 11);
	ck_assert_int_eq(rec_count_colour(r, 0xd0d0d0), 7);
	ck_assert_int_eq(rec_count_colour(r, 0x595959), 5);
	ck_assert_int_eq(rec_count_colour(r, 0xb5525c), 1);
	ck_assert_int_eq(rec_count_colour(r, 0xb0703c), 2);
}

/* The canvas interface carries everything a chart draws, whole or framed. */
START_TEST(test_canvas_calls)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart_frame *f = chart_frame_new(&fx->c);
	struct chart_trace t = {NULL, 0, 0};
	struct rec r;
	struct canvas cv = {&rec_ops, &r};
	struct chart ch;

	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[3]);
	ck_assert_double_eq(ch.height, 46 + 7 * 20 + 24 + 8);
	memset(&r, 0, sizeof(r));
	chart_draw_traced(&ch, &fx->c, &cv, 320, 1000, &t);
	assert_lambda_history(&r, 0.5);
	ck_assert_int_eq(r.form, 0);
	ck_assert_int_eq(r.save, 1 + 2);  /* the chart, each segment */
	ck_assert_int_eq(r.scale, 1);
	ck_assert_uint_eq(t.n, 0);        /* no cairo: nothing traced */

	/* framed: the frame is one form, keyed by the frame, at natural size,
	 * drawn at scale 1 inside the chart's scale */
	memset(&r, 0, sizeof(r));
	chart_draw_framed(f, &ch, &fx->c, &cv, 640, 218);
	ck_assert_int_eq(r.form, 1);
	ck_assert_ptr_eq(r.form_key, f);
	ck_assert_double_eq(r.form_w, 640);
	ck_assert_double_eq(r.form_h, 218);
	ck_assert_int_eq(r.scale, 2);
	assert_lambda_history(&r, 1);
	chart_release(&ch);

	/* the funnel of 3.0 has a bar (rect, fill) per stage it shows */
	memset(&r, 0, sizeof(r));
	chart_init(&ch, &fx->c, CHART_FUNNEL, NULL);
	chart_draw(&ch, &fx->c, &cv, ch.width, ch.height);
	ck_assert_int_eq(r.depth, 0);
	ck_assert_int_eq(r.fill, r.rect);
	ck_assert_int_gt(r.fill, 0);
	chart_release(&ch);
	chart_frame_free(f);
	fixture_free(fx);
}
END_TEST

/* Every chart's PNG decodes to the exact pixels cairo drew. */
/* A small deterministic generator for the coder's test images. */
static uint32_t
lcg(uint32_t *st)
{
	*st = *st * 1664525u + 1013904223u;
	return *st >> 8;
}

/* Paints a chart-like image: white, rows of runs in a few colours, a band of
 * noise (text), rows repeated from above. */
static void
paint_ref(unsigned char *d, int w, int h, int stride)
{
	static const uint32_t ink[] = {0xffffffffu, 0xff1f1f1fu, 0xff595959u,
	    0xff2e7a6bu, 0xffc9a227u};
	uint32_t st = 7, *row;
	int x, y, k;

	for (y = 0; y < h; y++) {
		row = (uint32_t *)(void *)(d + (size_t)y * (size_t)stride);
		if (y % 7 == 3) {
			memcpy(row, d + (size_t)(y - 1) * (size_t)stride, (size_t)w * 4);
			continue;
		}
		for (x = 0; x < w; x += k) {
			k = 1 + (int)(lcg(&st) % 40);
			for (; k > 0 && x < w; k--, x++)
				row[x] = x < 60 && y % 4 != 0 ? 0xff000000u | lcg(&st) % 3 * 0x404040u :
				    ink[y % 11 == 0 ? lcg(&st) % 5 : 0];
			k = 0;
		}
	}
}

/* Image i on r codes to the bytes of the plain coder. */
static void
assert_ref_same(cairo_surface_t *s, struct png_ref *r, unsigned char *maybe,
    unsigned char *changed, int i)
{
	struct buf a = BUF_INIT, b = BUF_INIT;

	cairo_surface_mark_dirty(s);
	ck_assert_int_eq(png_encode(s, &a), 0);
	ck_assert_int_eq(png_encode_ref(s, r, maybe, changed, &b), 0);
	ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
	    "image %d: %zu bytes against %zu", i, b.len, a.len);
	buf_release(&a);
	buf_release(&b);
}

/*
 * The coder of many images on one reference gives the very bytes of the
 * plain coder, whatever rows and pixels changed: first changes at every
 * column (the row's code is copied up to a checkpoint before it), rows
 * under changed rows, whole rows equal to the one above, and with the
 * caller's hint of the rows it may have touched.
 */
START_TEST(test_png_ref_bytes)
{
	const int w = 300, h = 60;
	cairo_surface_t *ref = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	int stride = cairo_image_surface_get_stride(ref);
	unsigned char *rd, *d, maybe[60], changed[60];
	struct png_ref *r;
	uint32_t st = 99, *row;
	int i, j, n, x, y;

	rd = cairo_image_surface_get_data(ref);
	paint_ref(rd, w, h, stride);
	cairo_surface_mark_dirty(ref);
	r = png_ref_new(ref);
	ck_assert_ptr_nonnull(r);
	d = cairo_image_surface_get_data(s);
	for (i = 0; i < 200; i++) {
		memcpy(d, rd, (size_t)stride * (size_t)h);
		memset(maybe, 0, sizeof(maybe));
		n = 1 + i % 4;
		for (j = 0; j < n; j++) {
			y = (int)(lcg(&st) % (uint32_t)h);
			x = i < w ? i : (int)(lcg(&st) % (uint32_t)w);
			row = (uint32_t *)(void *)(d + (size_t)y * (size_t)stride);
			if (j == 1 && y > 0) /* a row made equal to the one above */
				memcpy(row, d + (size_t)(y - 1) * (size_t)stride, (size_t)w * 4);
			else
				for (; x < w && x < i % 50 + 1 + (i < w ? i : 0); x++)
					row[x] = 0xff000000u | lcg(&st);
			maybe[y] = 1;
		}
		assert_ref_same(s, r, i % 2 ? maybe : NULL, changed, i);
		for (y = 0; y < h; y++)
			ck_assert_int_eq(changed[y] != 0, memcmp(d + (size_t)y * (size_t)stride,
			    rd + (size_t)y * (size_t)stride, (size_t)w * 4) != 0);
	}
	png_ref_free(r);
	cairo_surface_destroy(s);
	cairo_surface_destroy(ref);
}
END_TEST

/*
 * Small islands changed in rows of the reference, several a row and over
 * rows one under another (so that the row above differs there too), in new
 * colours or in those of a pixel beside or above (a run or a match of the
 * row above then begins earlier or ends later than the reference's), half
 * of them where a run of the reference's ends: the
 * coder that copies the reference's code between islands gives the bytes
 * of the plain coder.
 */
START_TEST(test_png_ref_islands)
{
	const int w = 300, h = 60;
	cairo_surface_t *ref = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	int stride = cairo_image_surface_get_stride(ref);
	unsigned char *rd, *d, maybe[60], changed[60];
	struct png_ref *r;
	uint32_t st = 5, *row, *above;
	int i, j, k, n, rows, x, x0, y, y0, wid;

	rd = cairo_image_surface_get_data(ref);
	paint_ref(rd, w, h, stride);
	/* long white runs to the rows' ends, as right of a chart's plot */
	for (y = 20; y < 40; y++)
		for (x = 120 + y; x < w; x++)
			memcpy(rd + (size_t)y * (size_t)stride + 4 * (size_t)x, "\xff\xff\xff\xff", 4);
	cairo_surface_mark_dirty(ref);
	r = png_ref_new(ref);
	ck_assert_ptr_nonnull(r);
	d = cairo_image_surface_get_data(s);
	for (i = 0; i < 1000; i++) {
		memcpy(d, rd, (size_t)stride * (size_t)h);
		memset(maybe, 0, sizeof(maybe));
		n = 2 + i % 7;
		for (j = 0; j < n; j++) {
			x0 = (int)(lcg(&st) % (uint32_t)w);
			wid = 1 + (int)(lcg(&st) % 8);
			y0 = 5 * (int)(lcg(&st) % 12);   /* a few rows: several islands each */
			rows = 1 + (int)(lcg(&st) % 4);
			/* half of them where a run of the reference's ends */
			row = (uint32_t *)(void *)(rd + (size_t)y0 * (size_t)stride);
			for (; j % 2 == 1 && x0 > 0 && x0 + 1 < w && row[x0] == row[x0 - 1]; x0++)
				;
			for (y = y0; y < y0 + rows && y < h; y++) {
				row = (uint32_t *)(void *)(d + (size_t)y * (size_t)stride);
				above = y > 0 ? (uint32_t *)(void *)(d + (size_t)(y - 1) * (size_t)stride) : row;
				for (x = x0; x < x0 + wid && x < w; x++) {
					k = (int)(lcg(&st) % 4);
					row[x] = k == 0 ? 0xff000000u | lcg(&st) :
					    k == 1 && x + 1 < w ? row[x + 1] :
					    k == 2 && x > 0 ? row[x - 1] : above[x];
				}
				maybe[y] = 1;
			}
		}
		assert_ref_same(s, r, maybe, changed, i);
	}
	png_ref_free(r);
	cairo_surface_destroy(s);
	cairo_surface_destroy(ref);
}
END_TEST

/* Provider i's history PNG drawn on frame f has the bytes of its drawing alone. */
static void
assert_framed_png_same(struct chart_frame *f, struct fixture *fx, size_t i)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	struct chart ch;

	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[i]);
	ck_assert_int_eq(chart_png_framed(f, &ch, &fx->c, 2, &a), 0);
	ck_assert_int_eq(chart_png(&ch, &fx->c, 2, &b), 0);
	ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
	    "'%s': framed bytes differ", ch.title);
	chart_release(&ch);
	buf_release(&a);
	buf_release(&b);
}

/* Every provider's framed PNG, drawn one after another on one frame (the
 * marks' masks made once, shared), has the bytes of its full drawing. */
START_TEST(test_framed_png_all)
{
	struct fixture *fx = fixture_new(36, name_real);
	struct chart_frame *f = chart_frame_new(&fx->c);
	size_t i;

	for (i = 0; i < 36; i++)
		assert_framed_png_same(f, fx, (i * 7) % 36);
	chart_frame_free(f);
	fixture_free(fx);
}
END_TEST

/* Names of every first character: the frame's prefix and the name drawn
 * apart give the pixels of the whole title drawn at once. */
START_TEST(test_framed_png_ascii)
{
	struct fixture *fx = fixture_new(103, name_ascii);
	struct chart_frame *f = chart_frame_new(&fx->c);
	size_t i;

	for (i = 0; i < 103; i++)
		assert_framed_png_same(f, fx, i);
	chart_frame_free(f);
	fixture_free(fx);
}
END_TEST

START_TEST(test_png_lossless)
{
	struct fixture *fx = fixture_new(24, name_wild);
	struct buf b = BUF_INIT;
	struct chart ch;
	unsigned char *px, *d;
	png_uint_32 w, h, x, y;
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	uint32_t v;
	size_t i;
	int stride;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[3]);
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1280,
		    (int)(ch.height * 2 + 0.999));
		cr = cairo_create(s);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		canvas_cairo_init(&cv, cr);
		chart_draw(&ch, &fx->c, &cv, 1280, ch.height * 2);
		cairo_surface_flush(s);
		buf_reset(&b);
		ck_assert_int_eq(png_encode(s, &b), 0);
		px = png_pixels(&b, &w, &h);
		d = cairo_image_surface_get_data(s);
		stride = cairo_image_surface_get_stride(s);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				memcpy(&v, d + (size_t)y * (size_t)stride + 4 * x, 4);
				if (px[(y * w + x) * 3] != (v >> 16 & 0xff) ||
				    px[(y * w + x) * 3 + 1] != (v >> 8 & 0xff) ||
				    px[(y * w + x) * 3 + 2] != (v & 0xff))
					ck_abort_msg("%s: pixel %u,%u", ch.title, x, y);
			}
		free(px);
		cairo_destroy(cr);
		cairo_surface_destroy(s);
		chart_release(&ch);
	}
	buf_release(&b);
	fixture_free(fx);
}
END_TEST

static cairo_status_t
pdf_to_buf(void *closure, const unsigned char *data, unsigned int n)
{
	buf_add(closure, data, n);
	return CAIRO_STATUS_SUCCESS;
}

/* A PDF of n A4 pages, each with one provider's history chart. */
static void
pdf_pages(struct fixture *fx, size_t n, bool framed, struct buf *out)
{
	struct chart_frame *f = framed ? chart_frame_new(&fx->c) : NULL;
	cairo_surface_t *s;
	cairo_t *cr;
	struct canvas cv;
	struct chart ch;
	size_t i;

	s = cairo_pdf_surface_create_for_stream(pdf_to_buf, out, 595, 842);
	cr = cairo_create(s);
	canvas_cairo_init(&cv, cr);
	for (i = 0; i < n; i++) {
		chart_init(&ch, &fx->c, CHART_HISTORY,
		    &fx->p.providers[i % fx->p.nproviders]);
		cairo_save(cr);
		cairo_translate(cr, 50, 80);
		if (framed)
			chart_draw_framed(f, &ch, &fx->c, &cv, 480, 400);
		else
			chart_draw(&ch, &fx->c, &cv, 480, 400);
		cairo_restore(cr);
		cairo_show_page(cr);
		chart_release(&ch);
	}
	cairo_destroy(cr);
	cairo_surface_finish(s);
	ck_assert_int_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_destroy(s);
	chart_frame_free(f);
}

/* In a PDF, the frame is one Form XObject however many pages show it. */
START_TEST(test_framed_pdf)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct buf one = BUF_INIT, many = BUF_INIT, full = BUF_INIT;

	pdf_pages(fx, 1, true, &one);
	pdf_pages(fx, 50, true, &many);
	pdf_pages(fx, 50, false, &full);
	ck_assert_uint_eq(count(one.data, one.len, "/Subtype /Form"), 1);
	ck_assert_uint_eq(count(many.data, many.len, "/Subtype /Form"), 1);
	ck_assert_uint_eq(count(full.data, full.len, "/Subtype /Form"), 0);
	ck_assert_uint_eq(count(many.data, many.len, "/Type /Page %"), 50);
	/* the frame's text is not repeated on every page (pages are small
	 * either way: their streams are compressed) */
	ck_assert_uint_lt(many.len, full.len);
	buf_release(&one);
	buf_release(&many);
	buf_release(&full);
	fixture_free(fx);
}
END_TEST

/*
 * A page's inline marks: the same elements chart_svg_framed() writes over
 * the frame, in the frame's viewBox, labelled with the chart's description;
 * the frame alone has no marks.
 */
START_TEST(test_inline_marks)
{
	struct fixture *fx = fixture_new(12, name_real);
	struct chart_frame *f = chart_frame_new(&fx->c);
	struct buf framed = BUF_INIT, in = BUF_INIT, frame = BUF_INIT, want = BUF_INIT;
	struct chart ch;
	const char *head = "<svg class=\"history-marks\" viewBox=\"0 36 640 ";
	const char *marks, *end;

	chart_init(&ch, &fx->c, CHART_HISTORY, &fx->p.providers[3]);
	ck_assert_int_eq(chart_svg_framed(f, &ch, &fx->c, &framed), 0);
	ck_assert_int_eq(chart_history_marks(&ch, &fx->c, &in), 0);
	/* 7 tiers: 46 + 7 x 20 + 24 + 8 = 218, less the title's band: from 36, 182 high */
	ck_assert(str_starts(in.data, head));
	ck_assert(str_starts(in.data + strlen(head) - 4, "640 182\" role=\"img\" aria-label=\""
	    "Lambda: Underperforming in ClusterMAX 1.0, Bronze in ClusterMAX 2.0, "
	    "Bronze in ClusterMAX 3.0.\">\n<path class=\"hm-line\""));
	marks = strchr(in.data, '>') + 2;
	end = strstr(in.data, "</svg>");
	ck_assert_ptr_nonnull(end);
	ck_assert_str_eq(end, "</svg>");
	/* the same bytes end the framed chart's drawing */
	buf_add(&want, marks, (size_t)(end - marks));
	buf_puts(&want, "</g>\n</svg>\n");
	ck_assert_uint_eq(count(want.data, want.len, "<circle class=\"hm-dot\" "), 3);
	ck_assert_uint_eq(count(want.data, want.len, "<path class=\"hm-line\" "), 2);
	ck_assert(framed.len > want.len);
	ck_assert_str_eq(framed.data + framed.len - want.len, want.data);
	/* the frame alone: its own title and description, no marks */
	ck_assert_int_eq(chart_svg_frame(f, &frame), 0);
	ck_assert_ptr_nonnull(strstr(frame.data, "<title>Tier history</title>\n<desc>"
	    "Tiers from Platinum (top) to Unavailable (bottom), by edition: "
	    "ClusterMAX 1.0, ClusterMAX 2.0 and ClusterMAX 3.0, from left to "
	    "right.</desc>\n"));
	ck_assert_ptr_null(strstr(frame.data, "hm-"));
	ck_assert(str_ends(frame.data, "</g>\n</g>\n</svg>\n"));
	/* not a provider's history chart */
	chart_release(&ch);
	chart_init(&ch, &fx->c, CHART_FUNNEL, NULL);
	buf_reset(&in);
	ck_assert_int_eq(chart_history_marks(&ch, &fx->c, &in), -1);
	ck_assert_uint_eq(in.len, 0);
	chart_release(&ch);
	buf_release(&framed);
	buf_release(&in);
	buf_release(&frame);
	buf_release(&want);
	chart_frame_free(f);
	fixture_free(fx);
}
END_TEST

/*
 * The page's style sheet switches the marks' inks for dark pages to the
 * charts' own dark twins (chart_inks), as the frame's SVG does.
 */
START_TEST(test_marks_dark_css)
{
	const struct resource *r = resource_find("assets/style.css");
	char rule[96];
	size_t i;
	struct {
		const char *cls;
		unsigned light;
	} want[] = {{"hm-line", 0x595959}, {"hm-dot", 0x1f1f1f}};

	ck_assert_ptr_nonnull(r);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		size_t k;

		for (k = 0; k < chart_ninks && chart_inks[k].light != want[i].light; k++)
			;
		ck_assert_uint_lt(k, chart_ninks);
		snprintf(rule, sizeof(rule), ".history-marks .%s { stroke: #%06x !important; }",
		    want[i].cls, chart_inks[k].dark);
		ck_assert_msg(memmem(r->data, r->len, rule, strlen(rule)) != NULL,
		    "style.css lacks '%s'", rule);
	}
}
END_TEST

/* render_charts: every chart's SVG, the history frame, and each provider's
 * history SVG and PNG only when shared. */
START_TEST(test_render_sharing)
{
	struct fixture *fx = fixture_new(12, name_real);
	char dir[] = "/tmp/podium-chart-XXXXXX", *out, *path;
	struct site_out o;
	struct diag d;
	size_t i, nsvg, npng;
	bool on;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	diag_init(&d);
	for (i = 0; i < fx->c.nproviders; i++)
		fx->c.providers[i].visible = true;
	for (on = false;; on = true) {
		out = xasprintf("%s/%s", dir, on ? "on" : "off");
		render_charts_sharing(on);
		ck_assert_int_eq(site_out_begin(&o, out, &d), 0);
		ck_assert_int_eq(render_charts(&fx->c, &o, &d), 0);
		nsvg = npng = 0;
		for (i = 0; i < o.nfiles; i++) {
			nsvg += strstr(o.files[i], ".svg") != NULL;
			npng += strstr(o.files[i], ".png") != NULL;
		}
		ck_assert_uint_eq(nsvg, on ? 4 + 1 + 12 : 4 + 1);
		ck_assert_uint_eq(npng, on ? 4 + 12 : 4);
		path = site_out_path(&o, "charts/history-p0003.png");
		ck_assert_int_eq(access(path, F_OK), on ? 0 : -1);
		free(path);
		path = site_out_path(&o, "charts/history-p0003.svg");
		ck_assert_int_eq(access(path, F_OK), on ? 0 : -1);
		free(path);
		path = site_out_path(&o, "charts/history-frame.svg");
		ck_assert_int_eq(access(path, F_OK), 0);
		free(path);
		path = site_out_path(&o, "charts/faults.png");
		ck_assert_int_eq(access(path, F_OK), 0);
		free(path);
		site_out_abort(&o);
		free(out);
		if (on)
			break;
	}
	render_charts_sharing(true);
	diag_release(&d);
	rmdir(dir);
	fixture_free(fx);
}
END_TEST

static void
dump(void)
{
	const char *dir = getenv("PODIUM_CHART_DUMP");
	static fixture_name_fn fns[] = {name_real, name_wild, name_numbered};
	static const size_t counts[] = {12, 24, 1000};
	size_t f, i;

	if (dir == NULL)
		return;
	for (f = 0; f < ARRAY_SIZE(fns); f++) {
		struct fixture *fx = fixture_new(counts[f], fns[f]);

		for (i = 0; i < ARRAY_SIZE(kinds); i++) {
			struct chart ch;
			struct buf b = BUF_INIT;
			char *name, *path;

			chart_init(&ch, &fx->c, kinds[i], &fx->p.providers[3]);
			chart_png(&ch, &fx->c, 1.5, &b);
			name = chart_file_name(&ch);
			path = xasprintf("%s/%zu-%s.png", dir, f, name);
			file_write(path, b.data, b.len);
			free(path);
			free(name);
			buf_release(&b);
			chart_release(&ch);
		}
		fixture_free(fx);
	}
}

int
main(void)
{
	Suite *s = suite_create("chart");
	TCase *tc = tcase_create("chart");
	SRunner *sr;
	int nf;

	dump();
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_kinds);
	tcase_add_test(tc, test_spread);
	tcase_add_test(tc, test_colours);
	tcase_add_test(tc, test_descriptions);
	tcase_add_test(tc, test_movement_desc);
	tcase_add_test(tc, test_tables);
	tcase_add_test(tc, test_featured_and_unknowns);
	tcase_add_test(tc, test_svg_head);
	tcase_add_test(tc, test_golden);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_png_reused_buffers);
	tcase_add_test(tc, test_kept_layouts);
	tcase_add_test(tc, test_png_decodes);
	tcase_add_test(tc, test_zero_providers);
	tcase_add_test(tc, test_one_provider);
	tcase_add_test(tc, test_wild_names);
	tcase_add_test(tc, test_thousand_providers);
	tcase_add_test(tc, test_framed_svg);
	tcase_add_test(tc, test_framed_png);
	tcase_add_test(tc, test_png_lossless);
	tcase_add_test(tc, test_png_ref_bytes);
	tcase_add_test(tc, test_png_ref_islands);
	tcase_add_test(tc, test_framed_png_all);
	tcase_add_test(tc, test_framed_png_ascii);
	tcase_add_test(tc, test_png_size);
	tcase_add_test(tc, test_framed_pdf);
	tcase_add_test(tc, test_canvas_calls);
	tcase_add_test(tc, test_inline_marks);
	tcase_add_test(tc, test_marks_dark_css);
	tcase_add_test(tc, test_render_sharing);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	chart_fonts_release();
	return nf == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
