/*
 * test_changes.c: what changed in each edition (gen/compute/changes.c),
 * against moves worked out by hand.
 *
 * tests/fixtures/mini, e2 against e1: Alpha strong -> elite and Beta
 * (Bravo in e1, an alias) fair -> strong are up; Gamma fair -> weak is
 * down; Golf is new; Delta weak -> untested is not rated; Echo untested ->
 * fair is rated for the first time (never rated before, not "again").
 * e3 against e2 (no drafts): Gamma is gone and has a successor (merged);
 * Golf fair -> untested; Delta untested -> elite (rated again: it was
 * weak in e1); Alpha 92 elite, Beta 76 strong and Echo 60 fair stay; e3
 * brings the rubric. e1 has no previous edition.
 *
 * tests/fixtures/changes, e2 against e1: one provider of each kind, a new
 * tier (platinum), a weight 2 -> 3, a criterion added and one dropped, a
 * minimum 80 -> 85 and a requirement 3 -> 3.5.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compute.h"
#include "load.h"
#include "parse.h"

static struct project *proj;
static struct computed *comp;
static struct diag dg;

static void
load(const char *dir)
{
	struct build_opts o = {false, 0};

	diag_init(&dg);
	ck_assert(date_parse("2026-11-30", &o.now));
	proj = project_load(dir, &dg);
	ck_assert_ptr_nonnull(proj);
	if (dg.n) {
		diag_print(&dg, stderr);
		ck_abort_msg("loading the fixture gave diagnostics");
	}
	comp = computed_new(proj, &o, &dg);
	ck_assert_ptr_nonnull(comp);
}

static void
unload(void)
{
	computed_free(comp);
	project_free(proj);
	diag_release(&dg);
}

static const struct edition_changes *
changes(const char *id)
{
	const struct edition_changes *ec = computed_changes(comp, project_edition(proj, id));

	ck_assert_ptr_nonnull(ec);
	return ec;
}

/* The providers of one kind, "a b c", by id. */
static const char *
ids(const struct edition_changes *ec, enum change_kind k)
{
	static char out[256];
	size_t i;

	out[0] = '\0';
	for (i = 0; i < ec->n[k]; i++) {
		if (i > 0)
			strcat(out, " ");
		strcat(out, ec->v[k][i].provider->id);
	}
	return out;
}

static const char *
tier_id(const struct tier *t)
{
	return t != NULL ? t->id : "-";
}

START_TEST(test_mini_e2)
{
	const struct edition_changes *ec;

	load("tests/fixtures/mini");
	ec = changes("e2");
	ck_assert(ec->computed);
	ck_assert_str_eq(ids(ec, CHANGE_UP), "alpha beta");
	ck_assert_str_eq(ids(ec, CHANGE_DOWN), "gamma");
	ck_assert_str_eq(ids(ec, CHANGE_NEW), "golf");
	ck_assert_str_eq(ids(ec, CHANGE_UNRATED), "delta");
	ck_assert_str_eq(ids(ec, CHANGE_FIRST), "echo");
	ck_assert_str_eq(ids(ec, CHANGE_RETURNED), "");
	ck_assert_str_eq(ids(ec, CHANGE_MERGED), "");
	ck_assert_str_eq(ids(ec, CHANGE_DROPPED), "");
	ck_assert_uint_eq(ec->total, 6);
	/* Beta through its alias: fair (as Bravo) to strong, one step */
	ck_assert_str_eq(tier_id(ec->v[CHANGE_UP][1].before), "fair");
	ck_assert_str_eq(tier_id(ec->v[CHANGE_UP][1].after), "strong");
	ck_assert(ec->v[CHANGE_UP][1].has_steps);
	ck_assert_int_eq(ec->v[CHANGE_UP][1].steps, 1);
	ck_assert_ptr_nonnull(ec->v[CHANGE_UP][1].earlier);
	/* no step counted into or out of a tier that is not rated */
	ck_assert(!ec->v[CHANGE_UNRATED][0].has_steps);
	ck_assert_ptr_null(ec->v[CHANGE_NEW][0].before);
	ck_assert_ptr_null(ec->v[CHANGE_NEW][0].earlier);
	ck_assert_uint_eq(ec->nrules, 0);
	unload();
}
END_TEST

START_TEST(test_mini_e3_and_e1)
{
	const struct edition_changes *ec;

	load("tests/fixtures/mini");
	ec = changes("e3");
	ck_assert_str_eq(ids(ec, CHANGE_MERGED), "gamma");
	ck_assert_str_eq(ids(ec, CHANGE_UNRATED), "golf");
	ck_assert_str_eq(ids(ec, CHANGE_RETURNED), "delta");
	ck_assert_str_eq(ids(ec, CHANGE_FIRST), "");
	ck_assert_uint_eq(ec->total, 3);
	ck_assert_ptr_null(ec->v[CHANGE_MERGED][0].after);
	ck_assert_ptr_null(ec->v[CHANGE_MERGED][0].review);
	ck_assert_str_eq(tier_id(ec->v[CHANGE_MERGED][0].before), "weak");
	ck_assert_uint_eq(ec->nrules, 1);
	ck_assert_int_eq(ec->rules[0].kind, RULE_RUBRIC_ADDED);
	/* the first edition: nothing to compare with */
	ec = changes("e1");
	ck_assert(!ec->computed);
	ck_assert_ptr_null(ec->baseline);
	ck_assert_uint_eq(ec->total, 0);
	unload();
}
END_TEST

START_TEST(test_every_kind)
{
	const struct edition_changes *ec;
	const struct rule_change *r;
	int k;

	load("tests/fixtures/changes");
	ec = changes("e2");
	ck_assert_str_eq(ids(ec, CHANGE_UP), "up1");
	ck_assert_str_eq(ids(ec, CHANGE_DOWN), "down1");
	ck_assert_str_eq(ids(ec, CHANGE_MERGED), "merged1");
	ck_assert_str_eq(ids(ec, CHANGE_NEW), "new1");
	ck_assert_str_eq(ids(ec, CHANGE_DROPPED), "dropped1");
	ck_assert_str_eq(ids(ec, CHANGE_UNRATED), "unrated1");
	/* unavailable in e1, the first edition: rated for the first time */
	ck_assert_str_eq(ids(ec, CHANGE_FIRST), "returned1");
	ck_assert_str_eq(ids(ec, CHANGE_RETURNED), "");
	/* one of every kind but a return (mini's e3 has one: Delta) */
	for (k = 0; k < CHANGE_NKINDS; k++)
		ck_assert_uint_eq(ec->n[k], k == CHANGE_RETURNED ? 0 : 1);
	/* Down One: gold to bronze, two steps down */
	ck_assert_int_eq(ec->v[CHANGE_DOWN][0].steps, -2);
	/* Up One's reason: its summary's opening sentence, not its quote */
	ck_assert_str_eq(ec->v[CHANGE_UP][0].reason, "Up One improved everywhere.");
	/* Down One's opening sentence is written with markup: no reason, as
	 * the movers table's plain cell has none */
	ck_assert_ptr_null(ec->v[CHANGE_DOWN][0].reason);
	ck_assert_uint_eq(ec->nrules, 6);
	r = ec->rules;
	ck_assert_int_eq(r[0].kind, RULE_TIER_ADDED);
	ck_assert_str_eq(r[0].tier->id, "platinum");
	ck_assert_int_eq(r[1].kind, RULE_WEIGHT);
	ck_assert_str_eq(r[1].criterion->id, "a");
	ck_assert(r[1].from == 2 && r[1].to == 3);
	ck_assert_int_eq(r[2].kind, RULE_CRITERION_ADDED);
	ck_assert_str_eq(r[2].criterion->id, "c");
	ck_assert_int_eq(r[3].kind, RULE_CRITERION_REMOVED);
	ck_assert_str_eq(r[3].criterion->id, "b");
	ck_assert_int_eq(r[4].kind, RULE_MIN);
	ck_assert_str_eq(r[4].tier->id, "gold");
	ck_assert(r[4].from == 80 && r[4].to == 85);
	ck_assert_int_eq(r[5].kind, RULE_REQUIRE);
	ck_assert_str_eq(r[5].tier->id, "silver");
	ck_assert(r[5].from == 3 && r[5].to == 3.5);
	unload();
}
END_TEST

/* move_reason (reader review #2): the summary's opening sentence, unless
 * it only restates the move (a short one naming the tier, or
 * one naming the tier before and the tier); never a later
 * sentence, never a quote; else none. */
START_TEST(test_move_reason)
{
	struct tier silver = {.id = "silver", .name = "Silver"};
	struct tier gold = {.id = "gold", .name = "Gold"};
	struct tier unavailable = {.id = "unavailable", .name = "Unavailable"};
	struct quote q = {.text = "a quoted line", .at = -1};
	struct review rv;
	char *text;

	memset(&rv, 0, sizeof(rv));
	rv.summary = "Moved down to Silver in 3.0 because of reliability\n"
	    "issues. More.";
	text = move_reason(&rv, &silver, &gold);
	ck_assert_str_eq(text, "Moved down to Silver in 3.0 because of reliability issues.");
	free(text);
	rv.summary = "Not tested for 3.0: it had no capacity. More.";
	text = move_reason(&rv, &silver, &gold);
	ck_assert_str_eq(text, "Not tested for 3.0: it had no capacity.");
	free(text);
	/* a finding after the move is no reason for it */
	rv.summary = "Moved down to Silver in 3.0. The review finds that getting\n"
	    "VPN access took three weeks.";
	ck_assert_ptr_null(move_reason(&rv, &silver, &gold));
	rv.summary = "Moved down to Silver in 3.0.";
	ck_assert_ptr_null(move_reason(&rv, &silver, &gold));
	/* nor is a quote, with a restating summary or none */
	rv.quotes = &q;
	rv.nquotes = 1;
	ck_assert_ptr_null(move_reason(&rv, &silver, &gold));
	rv.summary = NULL;
	ck_assert_ptr_null(move_reason(&rv, &silver, &gold));
	/* an opening sentence with markup is none, nor the next one */
	rv.summary = "Moved to *Silver* after a long review. A plain sentence.";
	ck_assert_ptr_null(move_reason(&rv, &silver, &gold));
	ck_assert_ptr_null(move_reason(NULL, &silver, &gold));
	/* from the tier before to the tier, in nine words: a restatement */
	rv.quotes = NULL;
	rv.nquotes = 0;
	rv.summary = "Moved from Gold in 2.0 to Unavailable in 3.0.";
	ck_assert_ptr_null(move_reason(&rv, &unavailable, &gold));
	/* and naming the tier before alone is not one */
	rv.summary = "Gold in 2.0 hid how thin its support desk was.";
	text = move_reason(&rv, &unavailable, &gold);
	ck_assert_str_eq(text, "Gold in 2.0 hid how thin its support desk was.");
	free(text);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("changes");
	TCase *tc = tcase_create("fixtures");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_mini_e2);
	tcase_add_test(tc, test_mini_e3_and_e1);
	tcase_add_test(tc, test_every_kind);
	tcase_add_test(tc, test_move_reason);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
