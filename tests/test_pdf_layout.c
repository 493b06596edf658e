/*
 * test_pdf_layout.c: the PDF layout engine on a synthetic document (a
 * 5,000-word paragraph, a 300-row table, lists, quotes, code, a figure),
 * checked with qpdf, pdfinfo, pdffonts and pdftotext. PODIUM_PDF_KEEP=DIR
 * keeps the PDFs there for a look.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fonts.h"
#include "pdf_helper.h"
#include "pdfdoc.h"
#include "pdf_layout.h"
#include "workers.h"

#define TABLE_ROWS 300
#define LONG_WORDS 5000

/*
 * The sweeps (a table, an entry or a paragraph after a lead text of each
 * length in a range, so that a page ends at each place in it) take every
 * point in the release pass, and every SWEEP-th point under
 * AddressSanitizer (make check's second pass): the same code, breaking
 * pages the same ways, on a third of the points, each checked as fully.
 * What a sweep asks of its points as a whole (that so many of them broke
 * the table) is scaled to the points it took.
 */
#ifndef SWEEP
#if defined(__SANITIZE_ADDRESS__)
#define SWEEP 3
#else
#define SWEEP 1
#endif
#endif

static char tmpdir[256];

/* A deterministic stream of words. */
static unsigned long seed;

static unsigned
rnd(unsigned n)
{
	seed = seed * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)((seed >> 33) % n);
}

static const char *syll[] = {
	"ta", "ren", "vo", "mi", "ka", "lo", "stra", "pen", "qui", "dor",
	"sel", "ab", "ur", "nis", "co", "ter", "phy", "gram", "ex", "lu"
};

static void
word(struct buf *b)
{
	unsigned n = 1 + rnd(4), i;

	for (i = 0; i < n; i++)
		buf_puts(b, syll[rnd(ARRAY_SIZE(syll))]);
}

static char *
words(unsigned n)
{
	struct buf b = BUF_INIT;
	unsigned i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			buf_putc(&b, ' ');
		if (i % 997 == 500)
			buf_puts(&b, "https://example.com/a/very/long/path/without/any/spaces/at/all/to/force/breaking");
		else
			word(&b);
		if (rnd(14) == 0)
			buf_putc(&b, rnd(2) ? ',' : '.');
	}
	buf_putc(&b, '.');
	return buf_detach(&b, NULL);
}

static void
draw_fig(void *arg, struct canvas *cv, double w, double h)
{
	int i;

	(void)arg;
	cv_rgb(cv, 0.9, 0.93, 0.97);
	cv_rect(cv, 0, 0, w, h);
	cv_fill(cv);
	for (i = 0; i < 6; i++) {
		cv_rgb(cv, 0.12, 0.23, 0.37);
		cv_rect(cv, 20 + i * (w - 40) / 6, h - 20 - (i + 1) * 25,
		    (w - 40) / 8, (i + 1) * 25);
		cv_fill(cv);
	}
}

static struct table *
big_table(void)
{
	struct table *t = table_new("Table 1: three hundred rows", 5);
	struct table_cell *row;
	char num[32], href[64], *desc;
	unsigned r;

	table_head(t, 0, "Row", true);
	table_head(t, 1, "Vendor", false);
	table_head(t, 2, "Description", false);
	table_head(t, 3, "Score", true);
	table_head(t, 4, "Link", false);
	for (r = 1; r <= TABLE_ROWS; r++) {
		row = table_row(t);
		snprintf(num, sizeof(num), "%u", r);
		table_cell_set(&row[0], num, NULL);
		row[0].numeric = true;
		snprintf(num, sizeof(num), "vendor-%03u", r);
		table_cell_set(&row[1], num, r % 7 == 0 ? "#intro" : NULL);
		desc = words(r % 10 == 0 ? 40 : 3 + r % 5);
		table_cell_set(&row[2], desc, NULL);
		free(desc);
		snprintf(num, sizeof(num), "%u.%u", r % 97, r % 10);
		table_cell_set(&row[3], num, NULL);
		row[3].numeric = true;
		snprintf(href, sizeof(href), "https://example.com/row/%u", r);
		table_cell_set(&row[4], r % 3 == 0 ? "site" : "", r % 3 == 0 ?
		    href : NULL);
	}
	return t;
}

static void
intro(struct pdf_doc *doc)
{
	struct pdf_block *p, *l, *it, *q;
	char *s;

	pdf_heading(doc, NULL, 1, "Introduction", "intro", PDF_H_ALL);
	p = pdf_para(doc, NULL);
	pdf_run(doc, p, "This document has ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "bold", (size_t)-1, PDF_S_BOLD, NULL);
	pdf_run(doc, p, ", ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "italic", (size_t)-1, PDF_S_ITALIC, NULL);
	pdf_run(doc, p, " and ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "code_spans()", (size_t)-1, PDF_S_CODE, NULL);
	pdf_run(doc, p, ", a link to ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "the big table", (size_t)-1, 0, "#big-table");
	pdf_run(doc, p, " and one to ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "an outside page", (size_t)-1, 0,
	    "https://example.com/it's?a=1&b=2");
	pdf_run(doc, p, ", and one to nowhere.", (size_t)-1, 0, "#missing");
	l = pdf_list(doc, NULL, 0);
	it = pdf_item(doc, l);
	pdf_run(doc, pdf_para(doc, it), "A first point.", (size_t)-1, 0, NULL);
	it = pdf_item(doc, l);
	s = words(60);
	pdf_run(doc, pdf_para(doc, it), s, (size_t)-1, 0, NULL);
	free(s);
	l = pdf_list(doc, it, 3);
	pdf_run(doc, pdf_para(doc, pdf_item(doc, l)), "Nested three.",
	    (size_t)-1, 0, NULL);
	pdf_run(doc, pdf_para(doc, pdf_item(doc, l)), "Nested four.",
	    (size_t)-1, 0, NULL);
	q = pdf_quote(doc, NULL);
	s = words(80);
	pdf_run(doc, pdf_para(doc, q), s, (size_t)-1, PDF_S_ITALIC, NULL);
	free(s);
	pdf_code(doc, NULL, "int\nmain(void)\n{\n\treturn 0; /* a very long "
	    "comment line that will certainly need to wrap inside the box */\n}\n");
	pdf_figure(doc, NULL, 420, 240, draw_fig, NULL,
	    "Figure 1: bars drawn by a callback", "fig-1");
}

/* On success, free with pdfdoc_free(). */
static struct pdf_doc *
synthetic(enum pdf_paper paper)
{
	struct pdf_doc *doc = pdfdoc_new();
	char *s;

	seed = 42;
	pdfdoc_paper(doc, paper);
	pdfdoc_set(doc, PDF_TITLE, "Synthetic Layout Report");
	pdfdoc_set(doc, PDF_SUBTITLE, "Every block the layout engine knows");
	pdfdoc_set(doc, PDF_AUTHOR, "Ada Example, Bob Sample");
	pdfdoc_set(doc, PDF_SUBJECT, "Layout test");
	pdfdoc_set(doc, PDF_CREATOR, "podium 0.1.0");
	pdfdoc_set(doc, PDF_DATE, "2026-09-23T00:00:00Z");
	pdfdoc_set(doc, PDF_TOC_TITLE, "Contents");
	pdfdoc_title_line(doc, "Example Publisher");
	pdfdoc_title_line(doc, "Ada Example, Bob Sample");
	pdfdoc_title_line(doc, "Edition 3.0 \xe2\x80\x94 23 September 2026");
	intro(doc);
	pdf_heading(doc, NULL, 2, "A long paragraph", NULL, PDF_H_ALL);
	s = words(LONG_WORDS);
	pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
	free(s);
	pdf_heading(doc, NULL, 1, "The big table", NULL,
	    PDF_H_ALL | PDF_H_NEWPAGE);
	pdf_table(doc, NULL, big_table(), "big-table");
	pdf_heading(doc, NULL, 1, "Appendix", NULL, PDF_H_ALL | PDF_H_NEWPAGE);
	pdf_heading(doc, NULL, 2, "Second level", NULL, PDF_H_ALL);
	pdf_run(doc, pdf_para(doc, NULL), "Back to the introduction.",
	    (size_t)-1, 0, "#intro");
	pdf_heading(doc, NULL, 3, "Third level", NULL, PDF_H_ALL);
	pdf_run(doc, pdf_para(doc, NULL), "The end.", (size_t)-1, 0, NULL);
	return doc;
}

static char *
render_to(enum pdf_paper paper, const char *name, struct pdf_result *res,
    struct buf *bytes)
{
	struct pdf_doc *doc = synthetic(paper);
	const char *err = NULL;
	char *path;
	int rc;

	rc = pdf_render(doc, bytes, res, &err);
	ck_assert_msg(rc == 0, "render: %s", err ? err : "?");
	pdfdoc_free(doc);
	path = xasprintf("%s/%s", tmpdir, name);
	ck_assert_int_eq(file_write(path, bytes->data, bytes->len), 0);
	return path;
}

/*
 * The synthetic document on A4 and on Letter, rendered once before the
 * tests fork (an unchecked fixture, in the runner's process): the tests
 * that only read the PDF (qpdf, pdfinfo, pdffonts, pdftotext) and the
 * render's counts share these instead of rendering the same document
 * again each (it is deterministic: test_byte_identical renders it once
 * more and compares). A render that fails leaves the path NULL, and each
 * test using it fails saying so.
 */
static struct shared {
	char *path;
	struct pdf_result res;
	struct buf bytes;
	const char *err;
} shared_a4, shared_letter;

static void
shared_render(struct shared *sh, enum pdf_paper paper, const char *name)
{
	struct pdf_doc *doc = synthetic(paper);

	sh->bytes = (struct buf)BUF_INIT;
	sh->err = NULL;
	if (pdf_render(doc, &sh->bytes, &sh->res, &sh->err) != 0) {
		if (sh->err == NULL)
			sh->err = "?";
		pdfdoc_free(doc);
		return;
	}
	pdfdoc_free(doc);
	sh->path = xasprintf("%s/%s", tmpdir, name);
	if (file_write(sh->path, sh->bytes.data, sh->bytes.len) != 0) {
		sh->err = "cannot write the shared PDF";
		free(sh->path);
		sh->path = NULL;
	}
}

static void
shared_setup(void)
{
	shared_render(&shared_a4, PDF_A4, "a4.pdf");
	shared_render(&shared_letter, PDF_LETTER, "letter.pdf");
	/* no thread of the runner's process left for the tests' forks */
	workers_stop();
}

static void
shared_teardown(void)
{
	free(shared_a4.path);
	free(shared_letter.path);
	buf_release(&shared_a4.bytes);
	buf_release(&shared_letter.bytes);
}

/* The shared render on paper: its path (its result in *res, if asked). */
static const char *
shared(enum pdf_paper paper, struct pdf_result *res)
{
	struct shared *sh = paper == PDF_LETTER ? &shared_letter : &shared_a4;

	ck_assert_msg(sh->path != NULL, "the shared render: %s",
	    sh->err ? sh->err : "not made");
	if (res != NULL)
		*res = sh->res;
	return sh->path;
}

static size_t
count(const char *hay, const char *needle)
{
	size_t n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/* Anchors: found by name (the newest of a name), and those a lazy block
 * added forgotten when it ends, the others still found. */
START_TEST(test_anchors)
{
	static struct pdf_ctx ctx;
	static char names[300][8];
	size_t i;

	memset(&ctx, 0, sizeof(ctx));
	for (i = 0; i < 200; i++) {
		snprintf(names[i], sizeof(names[i]), "a%zu", i);
		pdf_anchor_push(&ctx, names[i]);
	}
	pdf_anchor_push(&ctx, "a7");               /* a second "a7" */
	ck_assert_ptr_eq(pdf_anchor_find(&ctx, "a7"), &ctx.anchors[200]);
	for (i = 200; i < 300; i++) {
		snprintf(names[i], sizeof(names[i]), "a%zu", i);
		pdf_anchor_push(&ctx, names[i]);
	}
	ck_assert_ptr_eq(pdf_anchor_find(&ctx, "a250"), &ctx.anchors[251]);
	pdf_anchors_pop(&ctx, 200);
	ck_assert_uint_eq(ctx.nanchors, 200);
	ck_assert_ptr_null(pdf_anchor_find(&ctx, "a250"));
	ck_assert_ptr_null(pdf_anchor_find(&ctx, "a200"));
	ck_assert_ptr_eq(pdf_anchor_find(&ctx, "a7"), &ctx.anchors[7]);
	for (i = 0; i < 200; i++)
		ck_assert_ptr_eq(pdf_anchor_find(&ctx, names[i]), &ctx.anchors[i]);
	pdf_anchors_pop(&ctx, 200);                /* nothing to forget */
	ck_assert_ptr_eq(pdf_anchor_find(&ctx, "a199"), &ctx.anchors[199]);
	ck_assert_ptr_null(pdf_anchor_find(&ctx, "b1"));
	free(ctx.anchors);
	htab_free(&ctx.anchor_index);
}
END_TEST

START_TEST(test_qpdf_check)
{
	assert_qpdf_clean(shared(PDF_A4, NULL));
}
END_TEST


START_TEST(test_page_size)
{
	struct pdf_result res;
	const char *a4 = shared(PDF_A4, &res);
	const char *letter = shared(PDF_LETTER, NULL);
	char *out, want[64];

	out = run("pdfinfo '%s'", a4);
	ck_assert_msg(strstr(out, "Page size:       595.276 x 841.89 pts (A4)")
	    != NULL, "%s", out);
	snprintf(want, sizeof(want), "Pages:           %u\n", res.pages);
	ck_assert_msg(strstr(out, want) != NULL, "%s", out);
	ck_assert_uint_ge(res.pages, 15);
	free(out);
	out = run("pdfinfo '%s'", letter);
	ck_assert_msg(strstr(out, "Page size:       612 x 792 pts (letter)")
	    != NULL, "%s", out);
	free(out);
}
END_TEST

START_TEST(test_metadata)
{
	const char *path = shared(PDF_A4, NULL);
	char *out;

	out = run("TZ=UTC pdfinfo '%s'", path);
	ck_assert_msg(strstr(out, "Title:           Synthetic Layout Report\n"),
	    "%s", out);
	ck_assert(strstr(out, "Author:          Ada Example, Bob Sample\n"));
	ck_assert(strstr(out, "Subject:         Layout test\n"));
	ck_assert(strstr(out, "Creator:         podium 0.1.0\n"));
	ck_assert(strstr(out, "CreationDate:    Wed Sep 23 00:00:00 2026 UTC\n"));
	ck_assert(strstr(out, "ModDate:         Wed Sep 23 00:00:00 2026 UTC\n"));
	ck_assert(strstr(out, "Tagged:          yes\n"));
	free(out);
}
END_TEST

START_TEST(test_fonts_embedded)
{
	const char *path = shared(PDF_A4, NULL);
	char *out, *line;
	char *save = NULL, *tok[16];
	size_t nfonts = 0, pagella = 0, heros = 0, n;

	out = run("pdffonts '%s'", path);
	for (line = strtok_r(out, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *s2 = NULL, *w;

		if (str_starts(line, "name ") || str_starts(line, "----"))
			continue;
		n = 0;
		for (w = strtok_r(line, " ", &s2); w != NULL && n < 16;
		    w = strtok_r(NULL, " ", &s2))
			tok[n++] = w;
		ck_assert_uint_ge(n, 7);
		/* the print pairing, and DejaVu's mono for code only; each
		 * a subset (ABCDEF+) */
		ck_assert_msg(strstr(tok[0], "+TeXGyrePagella-") != NULL ||
		    strstr(tok[0], "+TeXGyreHeros-") != NULL ||
		    strstr(tok[0], "+DejaVuSansMono") != NULL, "%s", tok[0]);
		ck_assert_msg(strlen(tok[0]) > 7 && tok[0][6] == '+', "%s", tok[0]);
		ck_assert_str_eq(tok[n - 5], "yes");  /* emb */
		ck_assert_str_eq(tok[n - 4], "yes");  /* sub */
		ck_assert_str_eq(tok[n - 3], "yes");  /* uni */
		pagella += strstr(tok[0], "Pagella") != NULL;
		heros += strstr(tok[0], "Heros") != NULL;
		nfonts++;
	}
	ck_assert_uint_ge(nfonts, 5);
	ck_assert_uint_ge(pagella, 2);
	ck_assert_uint_ge(heros, 2);
	free(out);
}
END_TEST

struct word {
	unsigned page;
	double x0, y0, x1, y1;
	char text[64];
};

/* The words of pdftotext -bbox; malloc'd array of *n. */
static struct word *
bbox_words(const char *path, size_t *n)
{
	char *out = run("pdftotext -bbox '%s' - 2>/dev/null", path), *p = out;
	struct word *v = NULL, w;
	size_t cap = 0;
	unsigned page = 0;
	int len;

	*n = 0;
	while ((p = strchr(p, '<')) != NULL) {
		if (str_starts(p, "<page "))
			page++;
		else if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" "
		    "yMax=\"%lf\">%n", &w.x0, &w.y0, &w.x1, &w.y1, &len) == 4) {
			char *e = strchr(p + len, '<');
			size_t tl = (size_t)(e - (p + len));

			if (tl >= sizeof(w.text))
				tl = sizeof(w.text) - 1;
			memcpy(w.text, p + len, tl);
			w.text[tl] = '\0';
			w.page = page;
			v = xgrow(v, sizeof(*v), *n + 1, &cap);
			v[(*n)++] = w;
		}
		p++;
	}
	free(out);
	return v;
}

static void
margins_check(enum pdf_paper paper, const char *name)
{
	struct pdf_geometry g;
	const char *path = shared(paper, NULL);
	struct word *v;
	size_t n, i, body = 0;

	pdf_geometry(paper, &g);
	v = bbox_words(path, &n);
	ck_assert_uint_gt(n, LONG_WORDS);
	for (i = 0; i < n; i++) {
		ck_assert_msg(v[i].x0 >= g.left - 0.5 &&
		    v[i].x1 <= g.page_w - g.right + 0.5,
		    "%s: '%s' on page %u at x %.1f..%.1f", name, v[i].text,
		    v[i].page, v[i].x0, v[i].x1);
		if (v[i].y1 <= g.header_y + 4 || v[i].y0 >= g.footer_y - 10) {
			ck_assert(v[i].y0 >= g.header_y - 12);
			ck_assert(v[i].y1 <= g.footer_y + 4);
			continue;
		}
		ck_assert_msg(v[i].y0 >= g.top - 2 &&
		    v[i].y1 <= g.page_h - g.bottom + 2,
		    "%s: '%s' on page %u at y %.1f..%.1f", name, v[i].text,
		    v[i].page, v[i].y0, v[i].y1);
		body++;
	}
	ck_assert_uint_gt(body, LONG_WORDS);
	free(v);
}

START_TEST(test_within_margins_a4)
{
	margins_check(PDF_A4, "a4.pdf");
}
END_TEST

START_TEST(test_within_margins_letter)
{
	margins_check(PDF_LETTER, "letter.pdf");
}
END_TEST

/* Every page with rows of the big table starts them under its header. */
START_TEST(test_header_repeated)
{
	struct pdf_result res;
	const char *path = shared(PDF_A4, &res);
	struct word *v;
	size_t n, i, pages = 0, rows = 0;
	unsigned p;
	double head_y, first_row;

	v = bbox_words(path, &n);
	for (p = 1; p <= res.pages; p++) {
		head_y = -1;
		first_row = 1e9;
		for (i = 0; i < n; i++) {
			if (v[i].page != p)
				continue;
			if (strcmp(v[i].text, "Description") == 0)
				head_y = v[i].y0;
			if (str_starts(v[i].text, "vendor-")) {
				rows++;
				if (v[i].y0 < first_row)
					first_row = v[i].y0;
			}
		}
		if (first_row == 1e9)
			continue;
		pages++;
		ck_assert_msg(head_y >= 0, "page %u: rows without header", p);
		ck_assert_msg(head_y < first_row, "page %u: header below rows", p);
	}
	ck_assert_uint_eq(rows, TABLE_ROWS);
	ck_assert_uint_ge(pages, 5);
	free(v);
}
END_TEST

/* A document of a paragraph of `lead` words, then a table of n one-line
 * rows "cell-NNN", rendered to name; its words in *v. */
static struct pdf_result
tail_render(unsigned lead, unsigned n, unsigned notes, const char *name,
    struct word **v, size_t *nw)
{
	struct pdf_block *prev;
	struct pdf_doc *doc = pdfdoc_new();
	struct table *t = table_new(NULL, 2);
	struct table_cell *row;
	struct buf b = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char num[32], *s, *path;
	unsigned r;

	seed = 7;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Tails");
	table_head(t, 0, "Name", false);
	table_head(t, 1, "Value", true);
	for (r = 1; r <= n; r++) {
		row = table_row(t);
		snprintf(num, sizeof(num), "cell-%03u", r);
		table_cell_set(&row[0], num, NULL);
		snprintf(num, sizeof(num), "%u", r);
		table_cell_set(&row[1], num, NULL);
	}
	pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
	s = words(lead);
	pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
	free(s);
	prev = pdf_table(doc, NULL, t, NULL);
	/* notes kept with the table's last rows and each with the next, as
	 * a movers table's are */
	for (r = 1; r <= notes; r++) {
		prev->keep_with_next = true;
		prev = pdf_para(doc, NULL);
		snprintf(num, sizeof(num), "note-%u", r);
		pdf_run(doc, prev, num, (size_t)-1, 0, NULL);
		s = words(30);
		pdf_run(doc, prev, s, (size_t)-1, 0, NULL);
		free(s);
	}
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/%s", tmpdir, name);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	*v = bbox_words(path, nw);
	free(path);
	buf_release(&b);
	return res;
}

/* Tables of this many rows (tail_render's) fit on one A4 page. */
#define FITS_ROWS 34

/* The largest height, first row's top to last row's foot, of a table of
 * n rows (cell-001 ...) whole on one page, and was. */
static double
table_span(const struct word *v, size_t nw, unsigned n, double was)
{
	const struct word *first = NULL, *last = NULL;
	char name[32];
	size_t i;

	snprintf(name, sizeof(name), "cell-%03u", n);
	for (i = 0; i < nw; i++) {
		if (strcmp(v[i].text, "cell-001") == 0)
			first = &v[i];
		else if (strcmp(v[i].text, name) == 0)
			last = &v[i];
	}
	if (n > FITS_ROWS || first == NULL || last == NULL || first->page != last->page)
		return was;
	return last->y1 - first->y0 > was ? last->y1 - first->y0 : was;
}

/* Wherever a table breaks, each page holds eight of its rows at least:
 * no stub of a few rows under a repeated header, whatever the sizes
 * (three rows alone at a page's top read as one: issue 27, review 15);
 * and a table that fits on one page is split only with a third of its
 * rows on each side, else it goes whole to the next page (a table of 32
 * rows split 4 and 28: PDF review 7, item 11). */
START_TEST(test_table_no_stub_rows)
{
	unsigned lead, n, p, shortest = 1000, breaks = 0, fair = 0;
	double span = 0;
	struct pdf_result res;
	struct word *v;
	size_t nw, i, rows;
	char name[64];

	for (lead = 50; lead <= 650; lead += 150)
		for (n = 30; n <= 110; n += 4 * SWEEP) {
			snprintf(name, sizeof(name), "tail-%u-%u.pdf", lead, n);
			res = tail_render(lead, n, 0, name, &v, &nw);
			span = table_span(v, nw, n, span);
			for (p = 1; p <= res.pages; p++) {
				rows = 0;
				for (i = 0; i < nw; i++)
					if (v[i].page == p &&
					    str_starts(v[i].text, "cell-"))
						rows++;
				if (rows == 0 || rows == n)
					continue;
				breaks++;
				ck_assert_msg(rows >= 8, "%u words, %u rows: "
				    "page %u holds %zu rows", lead, n, p, rows);
				if (n <= FITS_ROWS) {
					ck_assert_msg(3 * rows >= n, "%u words, %u rows, "
					    "that fit on one page: page %u holds %zu",
					    lead, n, p, rows);
					fair++;
				}
				if (rows < shortest)
					shortest = rows;
			}
			free(v);
		}
	/* the sweep did break tables, and some at their very end */
	ck_assert_uint_gt(breaks, 40 / SWEEP);
	ck_assert_uint_eq(shortest, 8);
	/* a table of FITS_ROWS rows was seen whole on a page, well within
	 * its body, and tables that fit were split too (fairly) */
	ck_assert_double_gt(span, 0);
	ck_assert_double_lt(span, 600);
	ck_assert_uint_gt(fair, 0);
}
END_TEST

/*
 * A narrow column whose cells hold a hyphenated word (the security table's
 * Class) is as wide as that word: no line of its cells ends inside the
 * word, though the table is wider than the body and its long column wraps;
 * short columns are not wrapped at all.
 */
START_TEST(test_table_word_whole)
{
	static const char *const words_in[] = {"cross-tenant", "escape",
	    "remote-code-execution", "metadata"};
	struct pdf_doc *doc = pdfdoc_new();
	struct table *t = table_new(NULL, 5);
	struct table_cell *row;
	struct buf b = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char *s, *path;
	struct word *v;
	size_t nw, i, k, whole[4] = {0}, rows = 8;

	seed = 5;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Classes");
	table_head(t, 0, "Finding", false);
	table_head(t, 1, "Provider", false);
	table_head(t, 2, "Class", false);
	table_head(t, 3, "Status", false);
	table_head(t, 4, "Source", false);
	for (i = 0; i < rows; i++) {
		row = table_row(t);
		s = words(40);
		table_cell_take(&row[0], s, NULL);
		table_cell_set(&row[1], "Not named", NULL);
		table_cell_set(&row[2], words_in[i % 4], NULL);
		table_cell_set(&row[3], "fix verified", NULL);
		s = words(12);
		table_cell_take(&row[4], s, NULL);
	}
	pdf_table(doc, NULL, t, NULL);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/classes.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	v = bbox_words(path, &nw);
	/* a line ending inside a word leaves pieces of it, not the word */
	for (i = 0; i < nw; i++)
		for (k = 0; k < 4; k++)
			if (strcmp(v[i].text, words_in[k]) == 0)
				whole[k]++;
	for (k = 0; k < 4; k++)
		ck_assert_msg(whole[k] == rows / 4, "%s whole %zu times of %zu",
		    words_in[k], whole[k], rows / 4);
	/* a short column (a provider, a status) is not wrapped while the long
	 * ones, which wrap anyway, can give it room */
	for (i = 0, k = 0; i + 1 < nw; i++)
		if (strcmp(v[i].text, "Not") == 0 || strcmp(v[i].text, "fix") == 0) {
			ck_assert_msg(fabs(v[i + 1].y0 - v[i].y0) < 1, "%s %s "
			    "wrapped", v[i].text, v[i + 1].text);
			k++;
		}
	ck_assert_uint_eq(k, 2 * rows);
	free(v);
	free(path);
	buf_release(&b);
}
END_TEST

/* A table's notes (a movers table's "New in ..." lines) stay with its last
 * rows: wherever the table breaks, no note opens a page without rows. */
START_TEST(test_table_notes_kept)
{
	unsigned lead, n, moved = 0;
	struct pdf_result res;
	struct word *v;
	size_t nw, i;
	char name[64], last[32];

	for (lead = 50; lead <= 650; lead += 150)
		for (n = 30; n <= 110; n += 8 * SWEEP) {
			unsigned row_page = 0, note_page[4] = {0}, prev_page = 0;

			snprintf(name, sizeof(name), "notes-%u-%u.pdf", lead, n);
			snprintf(last, sizeof(last), "cell-%03u", n);
			res = tail_render(lead, n, 3, name, &v, &nw);
			for (i = 0; i < nw; i++) {
				if (strcmp(v[i].text, last) == 0)
					row_page = v[i].page;
				else if (str_starts(v[i].text, "note-") &&
				    v[i].text[5] >= '1' && v[i].text[5] <= '3')
					note_page[v[i].text[5] - '0'] = v[i].page;
				if (strcmp(v[i].text, "cell-001") == 0)
					prev_page = v[i].page;
			}
			ck_assert_uint_gt(row_page, 0);
			for (i = 1; i <= 3; i++)
				ck_assert_msg(note_page[i] == row_page, "%u words, "
				    "%u rows: last row on page %u, note %zu on %u",
				    lead, n, row_page, i, note_page[i]);
			if (row_page > prev_page)
				moved++;
			(void)res;
			free(v);
		}
	/* the sweep broke tables */
	ck_assert_uint_gt(moved, 10 / SWEEP);
}
END_TEST

/* A group's heading row (the medal table's "Gold (2)") never ends a page:
 * it goes over with its group's first rows, wherever the table breaks. */
START_TEST(test_table_group_row_kept)
{
	static const struct tier tier = {.id = "gold", .name = "Gold"};
	unsigned lead, g, k, ends = 0;
	struct word *v;
	size_t nw, i;

	for (lead = 50; lead <= 900; lead += 50 * SWEEP) {
		struct pdf_doc *doc = pdfdoc_new();
		struct table *t = table_new(NULL, 2);
		struct table_cell *row;
		struct buf b = BUF_INIT;
		struct pdf_result res;
		const char *err = NULL;
		char num[32], *s, *path;
		unsigned p;

		seed = 9;
		pdfdoc_paper(doc, PDF_A4);
		pdfdoc_set(doc, PDF_TITLE, "Groups");
		table_head(t, 0, "Provider", false);
		table_head(t, 1, "Before", false);
		/* groups of 1 to 6 rows, so that some heading meets a page end */
		for (g = 0; g < 24; g++) {
			row = table_row(t);
			snprintf(num, sizeof(num), "grp-%02u", g);
			table_cell_set(&row[0], num, NULL);
			row[0].tier = &tier;
			table_cell_set(&row[1], "", NULL);
			for (k = 0; k <= g % 6; k++) {
				row = table_row(t);
				snprintf(num, sizeof(num), "cell-%02u-%u", g, k);
				table_cell_set(&row[0], num, NULL);
				table_cell_set(&row[1], "Silver", NULL);
			}
		}
		pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
		s = words(lead);
		pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
		free(s);
		pdf_table(doc, NULL, t, NULL);
		ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
		pdfdoc_free(doc);
		path = xasprintf("%s/groups-%u.pdf", tmpdir, lead);
		ck_assert_int_eq(file_write(path, b.data, b.len), 0);
		v = bbox_words(path, &nw);
		for (p = 1; p < res.pages; p++) {
			const struct word *last = NULL;

			for (i = 0; i < nw; i++)
				if (v[i].page == p && (str_starts(v[i].text,
				    "grp-") || str_starts(v[i].text, "cell-")) &&
				    (last == NULL || v[i].y0 > last->y0))
					last = &v[i];
			if (last == NULL)
				continue;
			ends++;
			ck_assert_msg(!str_starts(last->text, "grp-"), "%u words: "
			    "page %u ends with the group row %s", lead, p,
			    last->text);
		}
		free(v);
		free(path);
		buf_release(&b);
	}
	ck_assert_uint_gt(ends, 10 / SWEEP);
}
END_TEST

/* The running head follows the book's rule: it names the first section
 * begun on the page, else the one in force at its top; a section that
 * starts lower on a page is named on that page (PDF review 7, item 13: a
 * page mostly "The failure test" was headed by the section before). */
START_TEST(test_running_head_in_force)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT;
	struct pdf_result res;
	struct pdf_geometry g;
	const char *err = NULL;
	char *s, *path;
	struct word *v;
	size_t nw, i;
	unsigned beta_page = 0, p;
	double beta_y = 0;
	const char *head[16] = {NULL}, *want;

	pdf_geometry(PDF_A4, &g);
	seed = 3;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Heads");
	pdf_heading(doc, NULL, 1, "Alphasection", NULL, PDF_H_ALL);
	s = words(900);
	pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
	free(s);
	pdf_heading(doc, NULL, 1, "Betasection", NULL, PDF_H_ALL);
	s = words(1500);
	pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
	free(s);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/heads.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	v = bbox_words(path, &nw);
	ck_assert_uint_lt(res.pages, 16);
	for (i = 0; i < nw; i++) {
		if (v[i].y1 <= g.header_y + 4 && v[i].page < 16 &&
		    strstr(v[i].text, "section") != NULL)
			head[v[i].page] = strstr(v[i].text, "Alpha") ? "Alpha" : "Beta";
		else if (strcmp(v[i].text, "Betasection") == 0 && beta_page == 0) {
			beta_page = v[i].page;
			beta_y = v[i].y0;
		}
	}
	/* the test means a section that starts lower on a page */
	ck_assert_uint_gt(beta_page, 1);
	ck_assert_double_gt(beta_y, g.top + 100);
	for (p = 2; p <= res.pages; p++) {
		want = p < beta_page ? "Alpha" : "Beta";
		ck_assert_msg(head[p] != NULL && strcmp(head[p], want) == 0,
		    "page %u: head %s, want %s (Beta from page %u)", p,
		    head[p] ? head[p] : "none", want, beta_page);
	}
	free(v);
	free(path);
	buf_release(&b);
}
END_TEST

/*
 * A provider's entry is a running section of its own (a level 2 heading
 * flagged PDF_H_RUNNING): a page its entry continues on names it, not the
 * part it is in; a page before any entry names the part, and a page in
 * the part where the first entry begins names that entry (the first
 * section begun on it). A page that opens in an entry and begins another
 * lower down is headed by both, as a dictionary's ("Entryone –
 * Entrytwo"): the first the one in force at its top, the last the last
 * begun on it.
 */
START_TEST(test_running_head_entry)
{
	static const char *const names[] = {"Entryone", "Entrytwo", "Entrythree"};
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT;
	struct pdf_result res;
	struct pdf_geometry g;
	const char *err = NULL;
	char *s, *path;
	struct word *v;
	size_t nw, i, k;
	unsigned hp[3] = {0, 0, 0}, p, cont = 0, both = 0, part = 0, begun = 0;
	double hy[3] = {0, 0, 0};
	const char *head[32] = {NULL}, *hlast[32] = {NULL}, *want, *last;

	pdf_geometry(PDF_A4, &g);
	seed = 7;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Heads");
	pdf_heading(doc, NULL, 1, "Partsection", NULL, PDF_H_ALL);
	s = words(800);
	pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
	free(s);
	for (k = 0; k < 3; k++) {
		pdf_heading(doc, NULL, 2, names[k], NULL, PDF_H_OUTLINE | PDF_H_RUNNING);
		s = words(1100);
		pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
		free(s);
	}
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/entry-heads.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	v = bbox_words(path, &nw);
	ck_assert_uint_lt(res.pages, 32);
	for (i = 0; i < nw; i++) {
		for (k = 0; k < 3; k++) {
			if (strcmp(v[i].text, names[k]) != 0)
				continue;
			if (v[i].y1 <= g.header_y + 4) {
				if (head[v[i].page] == NULL)
					head[v[i].page] = names[k];
				hlast[v[i].page] = names[k];
			} else if (hp[k] == 0) {
				hp[k] = v[i].page;
				hy[k] = v[i].y0;
			}
		}
		if (v[i].y1 <= g.header_y + 4 && strcmp(v[i].text, "Partsection") == 0)
			head[v[i].page] = hlast[v[i].page] = "Partsection";
		else if (strcmp(v[i].text, "Partsection") == 0 && part == 0)
			part = v[i].page;
	}
	for (p = 2; p <= res.pages; p++) {
		bool on = false, entry = false;
		int first = -1, lastk = -1;

		want = "Partsection";
		for (k = 0; k < 3; k++)
			if (hp[k] != 0 && hp[k] < p) {
				want = names[k];
				entry = true;
				on = true;   /* the entry began on a page before */
			}
		for (k = 0; k < 3; k++)
			if (hp[k] == p) {
				if (first < 0)
					first = (int)k;
				lastk = (int)k;
			}
		last = want;
		if (p == part)
			;   /* the part begun on it, at its top, first */
		else if (first >= 0) {
			/* the first begun on the page, unless it opened in an
			 * entry and this one begins lower: then a range */
			if (!(entry && hy[first] >= g.top + 30)) {
				want = names[first];
				on = false;
				begun += entry == false;
			}
			last = names[lastk];
		}
		ck_assert_msg(head[p] != NULL && strcmp(head[p], want) == 0,
		    "page %u: head %s, want %s", p, head[p] ? head[p] : "none", want);
		ck_assert_msg(hlast[p] != NULL && strcmp(hlast[p], last) == 0,
		    "page %u: head ends %s, want %s", p, hlast[p] ? hlast[p] : "none", last);
		cont += on;
		both += last != want;
	}
	/* entries went on over pages: those pages named them */
	ck_assert_uint_gt(cont, 2);
	/* the page of the part where the first entry begins named it */
	ck_assert_uint_eq(begun, 1);
	/* and pages where one ended and the next began named both */
	ck_assert_uint_gt(both, 1);
	free(v);
	free(path);
	buf_release(&b);
}
END_TEST

/* A paragraph of a run of text, a page reference to #target after it
 * and a full stop, under doc's body. */
static void
ref_para(struct pdf_doc *doc, const char *text, const char *target)
{
	struct pdf_block *p = pdf_para(doc, NULL);

	pdf_run(doc, p, text, (size_t)-1, 0, NULL);
	pdf_run(doc, p, "00", 2, PDF_S_PAGE, target);
	pdf_run(doc, p, ".", 1, 0, NULL);
}

/*
 * A page reference printed on its target's page says where on the page
 * the target is, "above" or "below", in place of the words and number of
 * "page N" (PDF_PAGE_REF); on another page, "page N" (PDF review 7, item
 * 6: "quoted in full under CoreWeave, page 11." on page 11).
 */
START_TEST(test_xref_here)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct pdf_block *p;
	struct buf b = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char *path, *txt;

	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Refs");
	pdfdoc_set(doc, PDF_PAGE_REF, "page {page}");
	pdfdoc_set(doc, PDF_HERE_ABOVE, "above");
	pdfdoc_set(doc, PDF_HERE_BELOW, "below");
	/* page 2: a reference to the target further down, the target, a
	 * reference back to it; page 3: one from the next page */
	ref_para(doc, "Forward: see Targetone, page ", "#one");
	p = pdf_para(doc, NULL);
	p->anchor = pdfdoc_strdup(doc, "one");
	pdf_run(doc, p, "Targetone is here.", (size_t)-1, 0, NULL);
	ref_para(doc, "Back: see Targetone, page ", "#one");
	pdf_pagebreak(doc, NULL);
	ref_para(doc, "Later: see Targetone, page ", "#one");
	/* words that are not the reference's before the number stay */
	ref_para(doc, "Elsewhere: Targetone at ", "#one");
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	ck_assert_uint_eq(res.pages, 3);
	path = xasprintf("%s/refs.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	txt = run("pdftotext -f 2 -l 2 '%s' - | tr '\\n' ' '", path);
	ck_assert_msg(strstr(txt, "Forward: see Targetone, below. Targetone is here. "
	    "Back: see Targetone, above.") != NULL, "%s", txt);
	free(txt);
	txt = run("pdftotext -f 3 -l 3 '%s' - | tr '\\n' ' '", path);
	ck_assert_msg(strstr(txt, "Later: see Targetone, page 2.") != NULL, "%s", txt);
	ck_assert_msg(strstr(txt, "Elsewhere: Targetone at 2.") != NULL, "%s", txt);
	free(txt);
	free(path);
	buf_release(&b);
}
END_TEST

/*
 * An address (PDF_S_URL) that fits on a line goes whole to a line of its
 * own rather than breaking at the end of the line it would start on; one
 * longer than a line breaks only after a "/", never with a few
 * characters alone on a line (PDF review 7, item 23: "https://github.com/"
 * and "SemiAnalysisAI/ClusterMAX" on two lines).
 */
START_TEST(test_url_whole)
{
	static const char *const shortu =
	    "https://example.org/alpha/beta-gamma/delta-epsilon/zeta";
	struct pdf_doc *doc = pdfdoc_new();
	struct pdf_block *p;
	struct buf b = BUF_INIT, longu = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char *path, *txt, *line, *next, *s;
	struct word *v;
	size_t nw, i, whole = 0, lines = 0;
	unsigned k;

	buf_puts(&longu, "https://example.org/");
	for (k = 0; k < 10; k++)
		buf_printf(&longu, "s%02u-abcdefghij/", k);
	buf_puts(&longu, "final-part-of-it");
	seed = 11;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Addresses");
	/* the address after most of a line of words: its start would fit
	 * at the line's end */
	for (k = 0; k < 3; k++) {
		p = pdf_para(doc, NULL);
		s = words(14 + k);
		pdf_run(doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		pdf_run(doc, p, " ", 1, 0, NULL);
		pdf_run(doc, p, shortu, (size_t)-1, PDF_S_CODE | PDF_S_URL, shortu);
	}
	p = pdf_para(doc, NULL);
	pdf_run(doc, p, "Long: ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, longu.data, (size_t)-1, PDF_S_CODE | PDF_S_URL, longu.data);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/urls.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	v = bbox_words(path, &nw);
	for (i = 0; i < nw; i++)
		whole += strcmp(v[i].text, shortu) == 0;
	ck_assert_uint_eq(whole, 3);
	free(v);
	/* the long one: its lines, one after another, make it whole, each
	 * but the last ending in a "/", none shorter than 16 characters */
	txt = run("pdftotext -raw '%s' -", path);
	line = strstr(txt, "https://example.org/s00");
	ck_assert_ptr_nonnull(line);
	buf_release(&b);
	for (; line != NULL && *line != '\0'; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		ck_assert_uint_ge(strlen(line), 16);
		buf_puts(&b, line);
		lines++;
		if (strstr(line, "final-part-of-it") != NULL)
			break;
		ck_assert_msg(line[strlen(line) - 1] == '/', "a line ends %s", line);
	}
	ck_assert_uint_ge(lines, 2);
	ck_assert_str_eq(b.data, longu.data);
	free(txt);
	free(path);
	buf_release(&b);
	buf_release(&longu);
}
END_TEST

/*
 * A table row's anchor (table_cell's) is a destination: a link to it is
 * written, as a heading's is; without it the link is plain text.
 */
START_TEST(test_row_anchor)
{
	unsigned links[2], with;

	for (with = 0; with < 2; with++) {
		struct pdf_doc *doc = pdfdoc_new();
		struct table *t = table_new(NULL, 2);
		struct table_cell *row;
		struct buf b = BUF_INIT;
		struct pdf_result res;
		const char *err = NULL;
		struct pdf_block *para;
		unsigned r;

		pdfdoc_set(doc, PDF_TITLE, "Rows");
		para = pdf_para(doc, NULL);
		pdf_run(doc, para, "To the second row", (size_t)-1, 0, "#row-two");
		table_head(t, 0, "Name", false);
		table_head(t, 1, "Tier", false);
		for (r = 0; r < 3; r++) {
			row = table_row(t);
			table_cell_set(&row[0], r == 1 ? "Two" : "Other", NULL);
			table_cell_set(&row[1], "Gold", NULL);
			if (r == 1 && with)
				row[0].anchor = xstrdup("row-two");
		}
		pdf_table(doc, NULL, t, NULL);
		ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
		links[with] = res.links;
		pdfdoc_free(doc);
		buf_release(&b);
	}
	ck_assert_uint_eq(links[0], 0);
	ck_assert_uint_eq(links[1], 1);
}
END_TEST

static char *words_from(unsigned long from, unsigned n);

static void
long_entry_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	char *s;

	(void)arg;
	s = words_from(90, 260);
	pdf_run(doc, pdf_para(doc, self), "Entrystart ", (size_t)-1, 0, NULL);
	pdf_run(doc, self->last_kid, s, (size_t)-1, 0, NULL);
	free(s);
	pdf_run(doc, pdf_para(doc, self), "Sources: Endmark.", (size_t)-1, 0,
	    NULL);
}

/*
 * An entry kept together but longer than a fifth of the body goes whole
 * to the next page only when that leaves less than a fifth of the body
 * blank; with more room it starts there and goes on over the page, its
 * heading with its first lines: no page ends far short of its foot.
 */
START_TEST(test_keep_together_blank)
{
	unsigned lead, moved = 0, broke = 0;
	struct pdf_geometry g;
	struct pdf_result res;
	struct word *v;
	size_t nw, i;
	char *s, *path;
	const char *err = NULL;
	double body;

	pdf_geometry(PDF_A4, &g);
	body = g.page_h - g.top - g.bottom;
	for (lead = 300; lead <= 1100; lead += 10 * SWEEP) {
		struct pdf_doc *doc = pdfdoc_new();
		struct buf b = BUF_INIT;
		struct pdf_block *h;
		unsigned head_page = 0, end_page = 0, lead_page = 0, start_page = 0;
		double lead_y = 0;

		seed = 13;
		pdfdoc_paper(doc, PDF_A4);
		pdfdoc_set(doc, PDF_TITLE, "Entries");
		pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
		s = words(lead);
		pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
		free(s);
		pdf_run(doc, pdf_para(doc, NULL), "Leadend.", (size_t)-1, 0,
		    NULL);
		h = pdf_heading(doc, NULL, 2, "Entryhead", NULL, PDF_H_ALL);
		h->keep_with_next = true;
		pdf_lazy(doc, NULL, long_entry_fill, NULL)->keep_together = true;
		ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
		pdfdoc_free(doc);
		path = xasprintf("%s/blank-%u.pdf", tmpdir, lead);
		ck_assert_int_eq(file_write(path, b.data, b.len), 0);
		v = bbox_words(path, &nw);
		for (i = 0; i < nw; i++) {
			if (v[i].y1 <= g.header_y + 4)
				continue;   /* the running head names it too */
			if (strcmp(v[i].text, "Entryhead") == 0 && head_page == 0)
				head_page = v[i].page;
			if (strcmp(v[i].text, "Endmark.") == 0)
				end_page = v[i].page;
			if (strcmp(v[i].text, "Entrystart") == 0)
				start_page = v[i].page;
			if (strcmp(v[i].text, "Leadend.") == 0) {
				lead_page = v[i].page;
				lead_y = v[i].y1;
			}
		}
		ck_assert_uint_ne(head_page, 0);
		/* the heading never ends its page: the entry's first lines
		 * are under it, whichever way the chain decided (issue 27,
		 * review item 15: a heading stranded at a page's foot) */
		ck_assert_msg(start_page == head_page, "%u words: heading on page "
		    "%u, the entry's first line on page %u", lead, head_page, start_page);
		if (head_page > lead_page) {
			/* moved whole: little was left (the line's own
			 * spacing aside) */
			ck_assert_msg(g.page_h - g.bottom - lead_y < 0.2 * body + 12,
			    "%u words: the entry moved, leaving %.0f pt blank", lead,
			    g.page_h - g.bottom - lead_y);
			moved++;
		}
		broke += head_page < end_page;
		free(v);
		free(path);
		buf_release(&b);
	}
	ck_assert_uint_gt(moved, 0);
	ck_assert_uint_gt(broke, 0);
}
END_TEST

/*
 * n words from seed from, the document's seed left as it was: a lazy
 * block's fill adds the same text in each pass, as pdfdoc.h asks.
 */
static char *
words_from(unsigned long from, unsigned n)
{
	unsigned long keep = seed;
	char *s;

	seed = from;
	s = words(n);
	seed = keep;
	return s;
}

static void
entry_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct table *t = table_new(NULL, 2);
	struct table_cell *row;
	char *s;
	unsigned r;

	(void)arg;
	s = words_from(80, 80);
	pdf_run(doc, pdf_para(doc, self), s, (size_t)-1, 0, NULL);
	free(s);
	table_head(t, 0, "Step", false);
	table_head(t, 1, "Time", true);
	for (r = 0; r < 4; r++) {
		row = table_row(t);
		table_cell_set(&row[0], "step", NULL);
		table_cell_set(&row[1], "5m", NULL);
	}
	pdf_table(doc, self, t, NULL);
	pdf_run(doc, pdf_para(doc, self), "Sources: Endmark.", (size_t)-1, 0,
	    NULL);
}

/* A short entry kept together (a provider's, heading and body) is never
 * split over two pages, wherever the text before it ends. */
/* A lazy block with an anchor deep in it (a quote in a provider's entry),
 * on the page after its start. */
static void
anchored_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct pdf_block *q, *p;
	char *s;

	(void)arg;
	s = words_from(40, 700);
	pdf_run(doc, pdf_para(doc, self), s, (size_t)-1, 0, NULL);
	free(s);
	q = pdf_quote(doc, self);
	p = pdf_para(doc, q);
	p->anchor = "quote-here";
	pdf_run(doc, p, "Quotemark.", (size_t)-1, 0, NULL);
}

/* The later entry: a reference to the quote, page and link. */
static void
referring_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	struct pdf_block *p = pdf_para(doc, self);

	(void)arg;
	pdf_run(doc, p, "Seepage ", (size_t)-1, 0, NULL);
	pdf_run(doc, p, "00", (size_t)-1, PDF_S_PAGE, "#quote-here");
	pdf_run(doc, p, " done.", (size_t)-1, 0, NULL);
}

/*
 * A page reference to an anchor a lazy block held, from a later lazy
 * block (a quote printed in an earlier provider's entry, referred to from
 * a later one): the page the anchor is on, not "00" (the first block's
 * anchors are gone once it is placed), and a link to it.
 */
START_TEST(test_lazy_anchor_page)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT;
	struct pdf_result res;
	struct word *v;
	const char *err = NULL;
	unsigned qpage = 0, ref = 0;
	size_t nw, i;
	char *path;

	seed = 5;
	pdfdoc_paper(doc, PDF_A4);
	pdfdoc_set(doc, PDF_TITLE, "Refs");
	pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
	pdf_lazy(doc, NULL, anchored_fill, NULL);
	pdf_lazy(doc, NULL, referring_fill, NULL);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	ck_assert_uint_gt(res.links, 0);
	path = xasprintf("%s/lazy-anchor.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	v = bbox_words(path, &nw);
	for (i = 0; i < nw; i++) {
		if (strcmp(v[i].text, "Quotemark.") == 0)
			qpage = v[i].page;
		if (strcmp(v[i].text, "Seepage") == 0 && i + 1 < nw)
			ref = (unsigned)strtoul(v[i + 1].text, NULL, 10);
	}
	ck_assert_uint_gt(qpage, 2);
	ck_assert_uint_eq(ref, qpage);
	free(v);
	free(path);
	buf_release(&b);
}
END_TEST

START_TEST(test_keep_together)
{
	unsigned lead, moved = 0;
	struct pdf_result res;
	struct word *v;
	size_t nw, i;
	char *s, *path;
	const char *err = NULL;

	for (lead = 300; lead <= 1100; lead += 25 * SWEEP) {
		struct pdf_doc *doc = pdfdoc_new();
		struct buf b = BUF_INIT;
		struct pdf_block *h;
		unsigned head_page = 0, end_page = 0, lead_end = 0;

		seed = 11;
		pdfdoc_paper(doc, PDF_A4);
		pdfdoc_set(doc, PDF_TITLE, "Entries");
		pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
		s = words(lead);
		pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
		free(s);
		pdf_run(doc, pdf_para(doc, NULL), "Leadend.", (size_t)-1, 0,
		    NULL);
		h = pdf_heading(doc, NULL, 2, "Entryhead", NULL, PDF_H_ALL);
		h->keep_with_next = true;
		pdf_lazy(doc, NULL, entry_fill, NULL)->keep_together = true;
		ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
		pdfdoc_free(doc);
		path = xasprintf("%s/keep-%u.pdf", tmpdir, lead);
		ck_assert_int_eq(file_write(path, b.data, b.len), 0);
		v = bbox_words(path, &nw);
		for (i = 0; i < nw; i++) {
			if (strcmp(v[i].text, "Entryhead") == 0)
				head_page = v[i].page;
			if (strcmp(v[i].text, "Endmark.") == 0)
				end_page = v[i].page;
			if (strcmp(v[i].text, "Leadend.") == 0)
				lead_end = v[i].page;
		}
		ck_assert_uint_ne(head_page, 0);
		ck_assert_msg(head_page == end_page, "%u words: entry from "
		    "page %u to %u", lead, head_page, end_page);
		if (head_page > lead_end)
			moved++;
		free(v);
		free(path);
		buf_release(&b);
	}
	/* some leads left too little room, and the entry went over whole */
	ck_assert_uint_gt(moved, 0);
}
END_TEST

/*
 * A long paragraph kept with the next block (the sources line after a
 * provider's last section) breaks so that its last two lines go over with
 * it, wherever the text before it ends: the next block never opens a page
 * alone, and the paragraph is not moved whole either.
 */
START_TEST(test_kept_tail)
{
	unsigned lead, broke = 0;
	struct pdf_result res;
	struct word *v;
	size_t nw, i;
	char *s, *path;
	const char *err = NULL;

	for (lead = 300; lead <= 800; lead += 5 * SWEEP) {
		struct pdf_doc *doc = pdfdoc_new();
		struct buf b = BUF_INIT;
		struct pdf_block *p;
		unsigned start = 0, end = 0, tail = 0;

		seed = 5;
		pdfdoc_set(doc, PDF_TITLE, "Tails");
		pdf_heading(doc, NULL, 1, "Alpha", NULL, PDF_H_ALL);
		s = words(lead);
		pdf_run(doc, pdf_para(doc, NULL), s, (size_t)-1, 0, NULL);
		free(s);
		p = pdf_para(doc, NULL);
		pdf_run(doc, p, "Parastart ", (size_t)-1, 0, NULL);
		s = words(150);
		pdf_run(doc, p, s, (size_t)-1, 0, NULL);
		free(s);
		pdf_run(doc, p, " Paraend.", (size_t)-1, 0, NULL);
		p->keep_with_next = true;
		pdf_run(doc, pdf_para(doc, NULL), "Tailmark.", (size_t)-1, 0,
		    NULL);
		ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
		pdfdoc_free(doc);
		path = xasprintf("%s/tail-%u.pdf", tmpdir, lead);
		ck_assert_int_eq(file_write(path, b.data, b.len), 0);
		v = bbox_words(path, &nw);
		for (i = 0; i < nw; i++) {
			if (strcmp(v[i].text, "Parastart") == 0)
				start = v[i].page;
			if (strcmp(v[i].text, "Paraend.") == 0)
				end = v[i].page;
			if (strcmp(v[i].text, "Tailmark.") == 0)
				tail = v[i].page;
		}
		ck_assert_uint_ne(tail, 0);
		ck_assert_msg(end == tail, "%u words: the paragraph ends on "
		    "page %u, the line kept with it opens page %u", lead, end,
		    tail);
		if (start < end)
			broke++;
		free(v);
		free(path);
		buf_release(&b);
	}
	/* some leads put the paragraph over a page break: it broke there */
	ck_assert_uint_gt(broke, 0);
}
END_TEST

START_TEST(test_outline_and_links)
{
	struct pdf_result res;
	const char *path = shared(PDF_A4, &res);
	char *out, want[64];

	/* Six headings have outline entries. */
	ck_assert_uint_eq(res.outlines, 6);
	out = run("qpdf --json --json-key=outlines '%s'", path);
	ck_assert_uint_eq(count(out, "\"title\":"), 6);
	ck_assert(strstr(out, "\"title\": \"Third level\"") != NULL);
	free(out);
	/* Links: 6 contents entries, 2 in the introduction (a link is one
	 * annotation a page, wrapped or not), 42 vendor cells,
	 * 100 "site" cells, 1 in the appendix; the link to a missing anchor
	 * is plain text. */
	ck_assert_uint_eq(res.links, 151);
	out = run("qpdf --qdf --object-streams=disable '%s' - 2>/dev/null",
	    path);
	snprintf(want, sizeof(want), "/Subtype /Link");
	ck_assert_uint_eq(count(out, want), res.links);
	ck_assert_uint_eq(count(out, "(https://example.com/row/"), 100);
	ck_assert(strstr(out, "(https://example.com/it's?a=1&b=2)") != NULL);
	ck_assert(strstr(out, "missing") == NULL);
	free(out);
}
END_TEST

/* The contents page's number for a section is the page it starts on. */
START_TEST(test_toc_numbers)
{
	const char *path = shared(PDF_A4, NULL);
	char *out, *p, *cmd;
	unsigned num = 0;

	out = run("pdftotext -layout -f 2 -l 2 '%s' -", path);
	p = strstr(out, "The big table");
	ck_assert_ptr_nonnull(p);
	p = strchr(p, '\n');
	ck_assert_ptr_nonnull(p);
	while (p > out && p[-1] == ' ')
		p--;
	while (p > out && p[-1] >= '0' && p[-1] <= '9')
		p--;
	ck_assert(sscanf(p, "%u", &num) == 1);
	ck_assert_uint_gt(num, 3);
	free(out);
	cmd = xasprintf("pdftotext -f %u -l %u '%%s' -", num, num);
	out = run(cmd, path);
	ck_assert_msg(strstr(out, "Table 1: three hundred rows") != NULL,
	    "page %u", num);
	free(out);
	free(cmd);
}
END_TEST

/*
 * The footer, drawn once the page count is known: "page N of M" on every
 * page but the title page, centred as one line, with M the page count, and
 * an artifact (not in the structure's text).
 */
START_TEST(test_footer)
{
	struct pdf_result res;
	struct pdf_geometry g;
	const char *path = shared(PDF_A4, &res);
	char *out;
	struct word *v;
	size_t n, i, j, seen = 0;
	unsigned total = 0;

	pdf_geometry(PDF_A4, &g);
	out = run("pdfinfo '%s' | grep '^Pages:'", path);
	ck_assert(sscanf(out, "Pages: %u", &total) == 1);
	ck_assert_uint_eq(total, res.pages);
	ck_assert_uint_gt(total, 5);
	free(out);
	v = bbox_words(path, &n);
	for (i = 0; i + 3 < n; i++) {
		if (strcmp(v[i].text, "page") != 0 || v[i].y0 < g.footer_y - 10 ||
		    strcmp(v[i + 2].text, "of") != 0)
			continue;
		j = i + 3;
		ck_assert_uint_eq(strtoul(v[i + 1].text, NULL, 10), v[i].page);
		ck_assert_uint_eq(strtoul(v[j].text, NULL, 10), total);
		ck_assert_msg(fabs((v[i].x0 + v[j].x1) / 2 - g.page_w / 2) < 0.6,
		    "page %u: footer from %.2f to %.2f", v[i].page, v[i].x0,
		    v[j].x1);
		ck_assert_uint_eq(v[i].page, seen + 2);
		seen++;
	}
	ck_assert_uint_eq(seen, total - 1);
	free(v);
	out = run("pdfinfo -struct-text '%s'", path);
	ck_assert_ptr_null(strstr(out, "page 2 of"));
	ck_assert_ptr_nonnull(strstr(out, "\"The big table\""));
	free(out);
}
END_TEST

/* A second render of the document, in the same process as the shared
 * one (a child of it), makes the same bytes. */
START_TEST(test_byte_identical)
{
	struct buf b = BUF_INIT;
	char *p2;

	(void)shared(PDF_A4, NULL);
	p2 = render_to(PDF_A4, "two.pdf", NULL, &b);
	ck_assert_uint_eq(shared_a4.bytes.len, b.len);
	ck_assert(memcmp(shared_a4.bytes.data, b.data, b.len) == 0);
	free(p2);
	buf_release(&b);
}
END_TEST

/* Lazy blocks: how often they were filled, how many were alive at once. */
#define LAZY_PARTS 40

static unsigned lazy_fills, lazy_live, lazy_max_live;

static void
lazy_gone(void *arg)
{
	(void)arg;
	lazy_live--;
}

static void
lazy_fill(void *arg, struct pdf_doc *doc, struct pdf_block *self)
{
	unsigned n = (unsigned)(size_t)arg;
	struct pdf_block *p;
	char *s, *anchor;

	lazy_fills++;
	if (++lazy_live > lazy_max_live)
		lazy_max_live = lazy_live;
	pdfdoc_on_free(doc, lazy_gone, NULL);
	p = pdf_para(doc, self);
	s = xasprintf("Lazy body %u", n);
	pdf_run(doc, p, s, (size_t)-1, 0, NULL);
	free(s);
	pdf_run(doc, p, " back to part one", (size_t)-1, 0, "#part-1");
	p = pdf_para(doc, self);
	anchor = xasprintf("inner-%u", n);
	s = xasprintf("#%s", anchor);
	pdf_run(doc, p, "to itself", (size_t)-1, 0, s);
	p->anchor = pdfdoc_strdup(doc, anchor);
	free(anchor);
	free(s);
	if (n % 5 == 0) {
		s = words_from(n, 900);
		pdf_run(doc, pdf_para(doc, self), s, (size_t)-1, 0, NULL);
		free(s);
	}
}

/* Renders the lazy parts' document with the given number of threads. */
static void
lazy_render(const char *threads, struct buf *b, struct pdf_result *res)
{
	struct pdf_doc *doc = pdfdoc_new();
	const char *err = NULL;
	char *p, *s;
	unsigned i;

	setenv("PODIUM_THREADS", threads, 1);
	seed = 7;
	lazy_fills = lazy_live = lazy_max_live = 0;
	pdfdoc_set(doc, PDF_TITLE, "Lazy parts");
	pdfdoc_set(doc, PDF_TOC_TITLE, "Contents");
	for (i = 1; i <= LAZY_PARTS; i++) {
		s = xasprintf("Part %u", i);
		p = xasprintf("part-%u", i);
		pdf_heading(doc, NULL, 1, s, p, PDF_H_ALL | PDF_H_NEWPAGE);
		free(s);
		free(p);
		pdf_lazy(doc, NULL, lazy_fill, (void *)(size_t)i);
	}
	ck_assert_int_eq(pdf_render(doc, b, res, &err), 0);
	unsetenv("PODIUM_THREADS");
	/* once to count the pages, once to draw them */
	ck_assert_uint_eq(lazy_fills, 2 * LAZY_PARTS);
	pdfdoc_free(doc);
	ck_assert_uint_eq(lazy_live, 0);
	/* each part's two links, and the contents page's */
	ck_assert_uint_eq(res->links, 3 * LAZY_PARTS);
}

/*
 * Lazy blocks are built once in each of the two passes and freed once
 * placed: one at a time, whatever the thread count, and the same bytes.
 * Their long texts move later parts' pages, and the contents page still
 * names each part's page; links to anchors outside and inside work.
 */
START_TEST(test_lazy)
{
	struct buf b = BUF_INIT, one = BUF_INIT;
	struct pdf_result res;
	char *path, *out, *p, *cmd;
	unsigned num = 0;

	lazy_render("1", &one, &res);
	ck_assert_uint_eq(lazy_max_live, 1);
	lazy_render("3", &b, &res);
	ck_assert_uint_eq(lazy_max_live, 1);
	ck_assert_uint_eq(b.len, one.len);
	ck_assert(memcmp(b.data, one.data, b.len) == 0);
	buf_release(&one);
	path = xasprintf("%s/lazy.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	assert_qpdf_clean(path);
	out = run("pdftotext -layout -f 2 -l 3 '%s' -", path);
	p = strstr(out, "Part 32 ");
	ck_assert_ptr_nonnull(p);
	p = strchr(p, '\n');
	while (p[-1] == ' ')
		p--;
	while (p[-1] >= '0' && p[-1] <= '9')
		p--;
	ck_assert(sscanf(p, "%u", &num) == 1);
	/* the title page and one contents page (40 entries fit on one in
	 * Pagella), 31 parts before it, and six long parts (5, 10, ... 30)
	 * took a second page each */
	ck_assert_uint_eq(num, 2 + 31 + 6 + 1);
	free(out);
	cmd = xasprintf("pdftotext -f %u -l %u '%%s' -", num, num);
	out = run(cmd, path);
	ck_assert_msg(strstr(out, "Lazy body 32 back to part one") != NULL,
	    "page %u: %s", num, out);
	free(out);
	free(cmd);
	free(path);
	buf_release(&b);
}
END_TEST

/*
 * Each text shaped once: the drawing pass takes from the first pass every
 * text that pass shaped (headings, paragraphs of a long text in pieces,
 * links, lazy parts' texts, built anew in each pass) and shapes none of
 * them again; what it shapes itself is only what the first pass never
 * asked for (a large table's body cells, laid out only to be drawn).
 */
START_TEST(test_shaped_once)
{
	struct buf b = BUF_INIT;
	struct pdf_result res;

	(void)shared(PDF_A4, &res);
	ck_assert_uint_eq(res.twice, 0);
	ck_assert_uint_ge(res.reused, 40);
	/* the first pass's, less those made before it (the contents') */
	ck_assert_uint_ge(res.reused + 40, res.shaped[0]);
	/* the big table's body cells, no more than its rows' cells */
	ck_assert_uint_gt(res.shaped[1], 0);
	ck_assert_uint_le(res.shaped[1], TABLE_ROWS * 5);
	lazy_render("1", &b, &res);
	ck_assert_uint_eq(res.twice, 0);
	ck_assert_uint_eq(res.shaped[1], 0);
	ck_assert_uint_ge(res.reused, 3 * LAZY_PARTS);
	buf_release(&b);
}
END_TEST

/* A document with nothing but a title still makes a valid PDF. */
START_TEST(test_empty)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char *path;

	pdfdoc_set(doc, PDF_TITLE, "Empty");
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	ck_assert_uint_eq(res.pages, 2);
	pdfdoc_free(doc);
	path = xasprintf("%s/empty.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	assert_qpdf_clean(path);
	free(path);
	buf_release(&b);
}
END_TEST

/*
 * Lists nested 40 deep straight from the builders (pdf_md.c clamps
 * Markdown's, these are not): each level opens two structure elements,
 * past PDF_TAG_MAX, which are left out instead of aborting. Every level's
 * text is there, in order.
 */
START_TEST(test_deep_nesting)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct pdf_block *parent = NULL, *l, *it;
	struct buf b = BUF_INIT;
	struct pdf_result res;
	const char *err = NULL;
	char *path, *out, *p, s[32];
	unsigned i;

	pdfdoc_set(doc, PDF_TITLE, "Deep");
	for (i = 0; i < 40; i++) {
		l = pdf_list(doc, parent, 0);
		it = pdf_item(doc, l);
		snprintf(s, sizeof(s), "depth%u", i);
		pdf_run(doc, pdf_para(doc, it), s, (size_t)-1, 0, NULL);
		parent = it;
	}
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/deep.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	assert_qpdf_clean(path);
	out = run("pdftotext '%s' -", path);
	for (p = out, i = 0; i < 40; i++) {
		snprintf(s, sizeof(s), "depth%u\n", i);
		p = strstr(p, s);
		ck_assert_msg(p != NULL, "%s missing or out of order", s);
	}
	free(out);
	free(path);
	buf_release(&b);
}
END_TEST

/*
 * A paragraph of some 60 KB is laid out in pieces (PDF_TEXT_CHUNK): its
 * words come out in order, whole, and a link that spans a piece's end
 * still gets its annotations.
 */
START_TEST(test_long_paragraph)
{
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT, text = BUF_INIT;
	struct pdf_result res;
	struct pdf_block *para;
	const char *err = NULL;
	char *path, *out, *p, w[32];
	unsigned i;

	pdfdoc_set(doc, PDF_TITLE, "Long");
	para = pdf_para(doc, NULL);
	for (i = 0; i < 6000; i++) {
		snprintf(w, sizeof(w), "w%04u ", i);
		buf_puts(&text, w);
	}
	/* the link runs from byte 3,000 to 6,000: over the first piece's end */
	pdf_run(doc, para, text.data, 3000, 0, NULL);
	pdf_run(doc, para, text.data + 3000, 3000, 0, "https://example.com/x");
	pdf_run(doc, para, text.data + 6000, (size_t)-1, 0, NULL);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	/* one link a page it is on (3,000 bytes of 6-byte words, ~80 a
	 * line, over a page's end or not), not one a line */
	ck_assert_uint_ge(res.links, 1);
	ck_assert_uint_le(res.links, 2);
	path = xasprintf("%s/long.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	assert_qpdf_clean(path);
	out = run("pdftotext '%s' -", path);
	for (p = out, i = 0; i < 6000; i++) {
		snprintf(w, sizeof(w), "w%04u", i);
		p = strstr(p, w);
		ck_assert_msg(p != NULL, "%s missing or out of order", w);
	}
	free(out);
	free(path);
	buf_release(&text);
	buf_release(&b);
}
END_TEST

/*
 * The faces' ligatures (fi, fl, ffi, ffl in TeX Gyre) and a hard hyphen
 * copy out as the letters typed, in body text, bold, italic and a heading.
 */
START_TEST(test_text_copies_out)
{
	static const char body[] = "The first official flag, a fluffy "
	    "affidavit: Well-known figures baffle shuffled offices.";
	struct pdf_doc *doc = pdfdoc_new();
	struct buf b = BUF_INIT;
	struct pdf_result res;
	struct pdf_block *para;
	const char *err = NULL;
	char *path, *out, *p;

	pdfdoc_set(doc, PDF_TITLE, "Ligatures");
	pdf_heading(doc, NULL, 1, "Fifty fine fluid offers", "h", 0);
	para = pdf_para(doc, NULL);
	pdf_run(doc, para, body, (size_t)-1, 0, NULL);
	para = pdf_para(doc, NULL);
	pdf_run(doc, para, "Bold file ", (size_t)-1, PDF_S_BOLD, NULL);
	pdf_run(doc, para, "italic flow", (size_t)-1, PDF_S_ITALIC, NULL);
	ck_assert_int_eq(pdf_render(doc, &b, &res, &err), 0);
	pdfdoc_free(doc);
	path = xasprintf("%s/ligatures.pdf", tmpdir);
	ck_assert_int_eq(file_write(path, b.data, b.len), 0);
	out = run("pdftotext -nopgbrk '%s' - | tr '\\n' ' '", path);
	/* no ligature glyph's own code point (U+FB00..FB04) came out */
	for (p = out; *p != '\0'; p++)
		ck_assert_msg(!((unsigned char)p[0] == 0xef &&
		    (unsigned char)p[1] == 0xac), "%s", out);
	ck_assert_msg(strstr(out, "Fifty fine fluid offers") != NULL, "%s", out);
	ck_assert_msg(strstr(out, body) != NULL, "%s", out);
	ck_assert_msg(strstr(out, "Bold file italic flow") != NULL, "%s", out);
	free(out);
	free(path);
	buf_release(&b);
}
END_TEST

static Suite *
suite(void)
{
	Suite *s = suite_create("pdf_layout");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_unchecked_fixture(tc, shared_setup, shared_teardown);
	tcase_add_test(tc, test_anchors);
	tcase_add_test(tc, test_table_no_stub_rows);
	tcase_add_test(tc, test_table_word_whole);
	tcase_add_test(tc, test_table_notes_kept);
	tcase_add_test(tc, test_table_group_row_kept);
	tcase_add_test(tc, test_keep_together);
	tcase_add_test(tc, test_lazy_anchor_page);
	tcase_add_test(tc, test_kept_tail);
	tcase_add_test(tc, test_running_head_in_force);
	tcase_add_test(tc, test_running_head_entry);
	tcase_add_test(tc, test_xref_here);
	tcase_add_test(tc, test_url_whole);
	tcase_add_test(tc, test_row_anchor);
	tcase_add_test(tc, test_keep_together_blank);
	tcase_add_test(tc, test_qpdf_check);
	tcase_add_test(tc, test_page_size);
	tcase_add_test(tc, test_metadata);
	tcase_add_test(tc, test_fonts_embedded);
	tcase_add_test(tc, test_text_copies_out);
	tcase_add_test(tc, test_within_margins_a4);
	tcase_add_test(tc, test_within_margins_letter);
	tcase_add_test(tc, test_header_repeated);
	tcase_add_test(tc, test_outline_and_links);
	tcase_add_test(tc, test_toc_numbers);
	tcase_add_test(tc, test_footer);
	tcase_add_test(tc, test_byte_identical);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_lazy);
	tcase_add_test(tc, test_shaped_once);
	tcase_add_test(tc, test_deep_nesting);
	tcase_add_test(tc, test_long_paragraph);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr;
	const char *keep = getenv("PODIUM_PDF_KEEP");
	int nf;

	if (keep != NULL)
		snprintf(tmpdir, sizeof(tmpdir), "%s", keep);
	else {
		snprintf(tmpdir, sizeof(tmpdir), "/tmp/podium-pdf-XXXXXX");
		if (mkdtemp(tmpdir) == NULL)
			return 1;
	}
	fonts_config_load(); /* once, before the tests fork */
	sr = srunner_create(suite());
	srunner_run_all(sr, CK_NORMAL);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (keep == NULL)
		remove_tree(tmpdir);
	return nf == 0 ? 0 : 1;
}
