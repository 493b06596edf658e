/* test_table.c: tables as data, the report's tables, and their HTML. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "test_markdown_model.h"

static struct fx fx;

static void
setup(void)
{
	fx_new(&fx, false);
	ck_assert_uint_eq(fx.d.nerrors, 0);
}

static void
teardown(void)
{
	fx_free(&fx);
}

static const struct table_cell *
cell(const struct table *t, size_t row, size_t col)
{
	ck_assert_uint_lt(row, t->nrows);
	ck_assert_uint_lt(col, t->ncols);
	return &t->cells[row * t->ncols + col];
}

/* The row whose column col reads text; fails when there is none. */
static size_t
row_of(const struct table *t, size_t col, const char *text)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		if (strcmp(cell(t, i, col)->text, text) == 0)
			return i;
	ck_abort_msg("no row with '%s'", text);
	return 0;
}

static void
check_row(const struct table *t, size_t row, const char *const *want)
{
	size_t k;

	for (k = 0; k < t->ncols; k++)
		ck_assert_str_eq(cell(t, row, k)->text, want[k]);
}

START_TEST(test_generic)
{
	struct table *t = table_new("A caption", 2);
	struct table_cell *row;

	table_head(t, 0, "Name", false);
	table_head(t, 1, "Count", true);
	table_head(t, 2, "ignored", false);
	row = table_row(t);
	table_cell_set(&row[0], "first", "providers/a/");
	table_cell_set(&row[1], NULL, NULL);
	table_cell_set(&row[1], "12", NULL);
	row = table_row(t);
	table_cell_take(&row[0], xstrdup("second"), NULL);
	ck_assert_str_eq(t->caption, "A caption");
	ck_assert_uint_eq(t->nrows, 2);
	ck_assert_str_eq(t->head[0].text, "Name");
	ck_assert(t->head[1].numeric);
	ck_assert_str_eq(cell(t, 0, 0)->text, "first");
	ck_assert_str_eq(cell(t, 0, 0)->href, "providers/a/");
	ck_assert_str_eq(cell(t, 0, 1)->text, "12");
	ck_assert_ptr_null(cell(t, 0, 1)->href);
	ck_assert_str_eq(cell(t, 1, 0)->text, "second");
	ck_assert_ptr_null(cell(t, 1, 1)->text);
	table_free(t);
	table_free(NULL);
	t = table_new(NULL, 3);
	ck_assert_ptr_null(t->caption);
	table_free(t);
}
END_TEST

START_TEST(test_medals)
{
	struct table *t = table_medals(fx.c, &fx.p->editions[2]);
	static const char *const aws[] = {"Bronze", "Amazon Web Services", "Silver",
	    "\xe2\x86\x93 down 1"};
	static const char *const nebius[] = {"Platinum", "Nebius", "Gold",
	    "\xe2\x86\x91 up 1"};
	static const char *const coreweave[] = {"Platinum", "CoreWeave", "Platinum", "no change"};
	static const char *const moonlite[] = {"Bronze", "Moonlite", "\xe2\x80\x94", "new"};
	static const char *const fluid[] = {"Unavailable", "Fluidstack", "Gold", "not rated in this edition"};
	static const char *const ret[] = {"Silver", "Returner", "Unavailable", "rated for the first time"};
	static const char *const evil[] = {"Participation Ribbon", EVIL_NAME,
	    "Underperforming", "\xe2\x86\x91 up 1"};

	ck_assert_str_eq(t->caption, "ClusterMAX 3.0: ratings by tier");
	ck_assert_uint_eq(t->ncols, 4);
	ck_assert_uint_eq(t->nrows, 77);
	ck_assert_str_eq(t->head[0].text, "Tier");
	ck_assert_str_eq(t->head[1].text, "Provider");
	ck_assert_str_eq(t->head[2].text, "In ClusterMAX 2.0");
	ck_assert_str_eq(t->head[3].text, "Movement");
	check_row(t, 0, coreweave);
	check_row(t, 1, nebius);
	check_row(t, row_of(t, 1, "Amazon Web Services"), aws);
	check_row(t, row_of(t, 1, "Moonlite"), moonlite);
	check_row(t, row_of(t, 1, "Fluidstack"), fluid);
	check_row(t, row_of(t, 1, "Returner"), ret);
	check_row(t, row_of(t, 1, EVIL_NAME), evil);
	ck_assert_str_eq(cell(t, 1, 1)->href, "providers/nebius/");
	ck_assert_ptr_eq(cell(t, 1, 0)->tier, &fx.p->report.ladder[0]);
	ck_assert_ptr_eq(cell(t, 1, 2)->tier, &fx.p->report.ladder[1]);
	ck_assert_ptr_null(cell(t, row_of(t, 1, "Moonlite"), 2)->tier);
	ck_assert_ptr_null(cell(t, 0, 3)->href);
	table_free(t);
	/* no baseline: tier and provider only */
	t = table_medals(fx.c, &fx.p->editions[0]);
	ck_assert_uint_eq(t->ncols, 2);
	ck_assert_uint_eq(t->nrows, 0);
	table_free(t);
}
END_TEST

/*
 * An uncertain tier: marked with the strings table's words and the review's
 * reason, as the site's medal table marks it (never a hard-coded word).
 */
START_TEST(test_medals_uncertain)
{
	const struct edition_stats *s = computed_edition(fx.c, &fx.p->editions[2]);
	struct review *rv = NULL;
	struct ui_string words[] = {{"tier_uncertain", "(palier incertain)"},
	    {"uncertain_label", "Incertain :"}};
	struct ui_string *had = fx.p->report.strings;
	size_t nhad = fx.p->report.nstrings, i;
	struct table *t;

	for (i = 0; i < s->nratings; i++)
		if (strcmp(s->ratings[i].provider->name, "Moonlite") == 0)
			rv = (struct review *)s->ratings[i].review;
	ck_assert_ptr_nonnull(rv);
	rv->tier_uncertain = "read from the article's layout";
	t = table_medals(fx.c, &fx.p->editions[2]);
	ck_assert_str_eq(cell(t, row_of(t, 1, "Moonlite"), 0)->text,
	    "Bronze (tier uncertain)\nUncertain: read from the article's layout");
	ck_assert_ptr_eq(cell(t, row_of(t, 1, "Moonlite"), 0)->tier,
	    cell(t, row_of(t, 1, "Amazon Web Services"), 0)->tier);
	ck_assert_str_eq(cell(t, row_of(t, 1, "Amazon Web Services"), 0)->text, "Bronze");
	table_free(t);
	fx.p->report.strings = words;
	fx.p->report.nstrings = ARRAY_SIZE(words);
	t = table_medals(fx.c, &fx.p->editions[2]);
	ck_assert_str_eq(cell(t, row_of(t, 1, "Moonlite"), 0)->text,
	    "Bronze (palier incertain)\nIncertain : read from the article's layout");
	table_free(t);
	fx.p->report.strings = had;
	fx.p->report.nstrings = nhad;
	rv->tier_uncertain = NULL;
}
END_TEST

/* The first four cells of a row: provider, tiers, movement. */
static void
check_move(const struct table *t, size_t row, const char *const *want)
{
	size_t k;

	for (k = 0; k < 4; k++)
		ck_assert_str_eq(cell(t, row, k)->text, want[k]);
}

/* Movers tables hold movers (issue 27): ups, downs and merges are rows;
 * the new, the rated again, the not rated and the dropped are notes. */
START_TEST(test_movers)
{
	struct table *t = table_movers(fx.c, &fx.p->editions[1], &fx.p->editions[2]);
	static const char *const rows[][4] = {
		{"Nebius", "Gold", "Platinum", "\xe2\x86\x91 up 1"},
		{EVIL_NAME, "Underperforming", "Participation Ribbon", "\xe2\x86\x91 up 1"},
		{"Amazon Web Services", "Silver", "Bronze", "\xe2\x86\x93 down 1"},
		{"Voltage Park", "Silver", "not reviewed", "merged into Lightning"},
	};
	size_t i;

	ck_assert_str_eq(t->caption, "Movers from ClusterMAX 2.0 to ClusterMAX 3.0");
	ck_assert_str_eq(t->head[1].text, "ClusterMAX 2.0");
	ck_assert_str_eq(t->head[2].text, "ClusterMAX 3.0");
	ck_assert_str_eq(t->head[3].text, "Movement");
	/* 2 up, 1 down, 1 merged */
	ck_assert_uint_eq(t->nrows, 4);
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		check_move(t, i, rows[i]);
	/* new (70), rated for the first time, not rated, no longer reviewed
	 * (77), and the merged in a line of their own, so the lines add up */
	ck_assert_uint_eq(t->nnotes, 5);
	ck_assert_str_eq(t->notes[4], "Merged into another provider before ClusterMAX 3.0 "
	    "(1): Voltage Park (into Lightning).");
	ck_assert_ptr_nonnull(strstr(t->notes[0], "New in ClusterMAX 3.0 (70): "));
	ck_assert_ptr_nonnull(strstr(t->notes[0], "Moonlite"));
	ck_assert_str_eq(t->notes[1], "Rated for the first time in ClusterMAX 3.0 (1): "
	    "Returner.");
	ck_assert_str_eq(t->notes[2], "Rated in ClusterMAX 2.0, not rated in ClusterMAX 3.0 "
	    "(1): Fluidstack.");
	ck_assert_ptr_nonnull(strstr(t->notes[3], "No longer reviewed in ClusterMAX 3.0 (77): "));
	/* same tier in both: not a mover */
	for (i = 0; i < t->nrows; i++) {
		ck_assert_str_ne(cell(t, i, 0)->text, "Lightning");
		ck_assert_str_ne(cell(t, i, 0)->text, "CoreWeave");
	}
	table_free(t);
	/* any pair: 1.0 had nobody, so 3.0's all are new: no row, one note */
	t = table_movers(fx.c, &fx.p->editions[0], &fx.p->editions[2]);
	ck_assert_uint_eq(t->nrows, 0);
	ck_assert_uint_eq(t->nnotes, 1);
	ck_assert_ptr_nonnull(strstr(t->notes[0], "(77): "));
	table_free(t);
}
END_TEST

START_TEST(test_security)
{
	struct table *t = table_security(fx.c, &fx.p->editions[2]);
	/* the audit-tool column is a dash in every row: dropped */
	static const char *const aws[] = {"Amazon Web Services", "yes", "no",
	    "Metadata <leak> & more (high, cross-tenant; disclosed 1 August 2026; "
	    "patched 7 August 2026; fix verified)\n1 undisclosed finding"};
	/* a practice has no meaning for a finding no provider is named for */
	static const char *const unnamed[] = {"Not named", "does not apply", "does not apply",
	    "Tenant storage reachable (critical, cross-tenant; disclosed "
	    "1 August 2026; patched 7d after disclosure; fix verified)\n1 undisclosed finding"};
	struct buf b = BUF_INIT;

	ck_assert_str_eq(t->caption, "ClusterMAX 3.0: security practices and findings");
	ck_assert_uint_eq(t->nrows, 2);
	ck_assert_uint_eq(t->ncols, 4);
	ck_assert_str_eq(t->head[2].text, "Embargo program");
	ck_assert_str_eq(t->head[3].text, "Findings");
	check_row(t, 0, aws);
	check_row(t, 1, unnamed);
	table_html(t, "", &b);
	ck_assert_ptr_null(strstr(b.data, "SECRET"));
	ck_assert_ptr_null(strstr(b.data, "HIDDEN"));
	ck_assert_ptr_null(strstr(b.data, "container-escape"));
	ck_assert_ptr_null(strstr(b.data, "2026-07-01"));
	ck_assert_ptr_null(strstr(b.data, "1 July 2026"));
	ck_assert_ptr_nonnull(strstr(b.data, "more (high, cross-tenant; disclosed 1 August 2026; "
	    "patched 7 August 2026; fix verified)<br>1 undisclosed finding</td>"));
	buf_release(&b);
	table_free(t);
	t = table_security(fx.c, &fx.p->editions[1]);
	ck_assert_uint_eq(t->nrows, 0);
	table_free(t);
}
END_TEST

START_TEST(test_claims)
{
	struct table *t = table_claims(fx.c, &fx.p->editions[2]);
	static const char *const r3[][4] = {
		{"Reviewed", "77", "77", "they agree"},
		{"Medals", "19", "19", "they agree"},
		{"Participation Ribbon", "15", "15", "they agree"},
	};
	static const char *const r2[] = {"Reviewed", "84", "85",
	    "The article says 84; it has 85 review sections."};
	size_t i;

	ck_assert_str_eq(t->caption, "ClusterMAX 3.0: stated and counted figures");
	ck_assert_uint_eq(t->nrows, 3);
	ck_assert_str_eq(t->head[2].text, "Counted");
	ck_assert(t->head[1].numeric);
	for (i = 0; i < 3; i++)
		check_row(t, i, r3[i]);
	ck_assert(cell(t, 0, 1)->numeric);
	ck_assert_ptr_eq(cell(t, 2, 0)->tier, &fx.p->report.ladder[4]);
	table_free(t);
	t = table_claims(fx.c, &fx.p->editions[1]);
	ck_assert_uint_eq(t->nrows, 1);
	check_row(t, 0, r2);
	table_free(t);
}
END_TEST

START_TEST(test_html)
{
	struct table *t = table_new("Caption <&>", 3);
	struct table_cell *row;
	struct buf b = BUF_INIT;

	t->id = xstrdup("t\"1");
	table_head(t, 0, "Tier", false);
	table_head(t, 1, "Provider", false);
	table_head(t, 2, "N", true);
	row = table_row(t);
	table_cell_set(&row[0], "Gold", NULL);
	row[0].tier = &fx.p->report.ladder[1];
	table_cell_set(&row[1], EVIL_NAME, "providers/evil/");
	table_cell_set(&row[2], "7", NULL);
	row[2].numeric = true;
	row = table_row(t);
	table_cell_set(&row[0], "a\nb", NULL);
	table_cell_set(&row[1], "x", "javascript:alert(1)");
	table_cell_set(&row[2], "y", "https://example.org/?a=1&b=2");
	table_html(t, "../../", &b);
	ck_assert_str_eq(b.data,
	    "<table class=\"data\" id=\"t&quot;1\">\n"
	    "<caption>Caption &lt;&amp;&gt;</caption>\n"
	    "<thead>\n<tr><th scope=\"col\">Tier</th><th scope=\"col\">Provider</th>"
	    "<th scope=\"col\" class=\"num\">N</th></tr>\n</thead>\n<tbody>\n"
	    "<tr><td data-label=\"Tier\" class=\"tier tier-gold\">Gold</td>"
	    "<td data-label=\"Provider\"><a href=\"../../providers/evil/index.html\">&lt;script&gt;alert(1)&lt;/script&gt; "
	    "&quot;Q&quot; &amp; &#39;Co&#39; \xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa</a></td>"
	    "<td data-label=\"N\" class=\"num\">7</td></tr>\n"
	    "<tr><td data-label=\"Tier\">a<br>b</td><td data-label=\"Provider\"><a href=\"#\">x</a></td>"
	    "<td data-label=\"N\"><a href=\"https://example.org/?a=1&amp;b=2\">y</a></td></tr>\n"
	    "</tbody>\n</table>\n");
	buf_release(&b);
	table_free(t);
}
END_TEST

static Suite *
table_suite(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_generic);
	tcase_add_test(tc, test_medals);
	tcase_add_test(tc, test_medals_uncertain);
	tcase_add_test(tc, test_movers);
	tcase_add_test(tc, test_security);
	tcase_add_test(tc, test_claims);
	tcase_add_test(tc, test_html);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(table_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
