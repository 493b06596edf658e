/*
 * test_compute.c: the ratings engine against hand-worked figures.
 *
 * tests/fixtures/mini is worked by hand (see the comments by each test): a
 * rubric with an exact-boundary score, an alias, a successor, an override, a
 * draft, an embargo, a private finding and an acknowledged claim.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build.h"
#include "compute.h"
#include "load.h"
#include "parse.h"

#define MINI "tests/fixtures/mini"

static struct project *proj;
static struct computed *comp;
static struct diag dg;

static void
load_mini(bool drafts)
{
	struct build_opts o = {drafts, 0};

	diag_init(&dg);
	ck_assert(date_parse("2026-11-30", &o.now));
	proj = project_load(MINI, &dg);
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
	comp = NULL;
	proj = NULL;
}

static const struct edition_stats *
stats(const char *id)
{
	const struct edition *e = project_edition(proj, id);

	ck_assert_ptr_nonnull(e);
	return computed_edition(comp, e);
}

static const struct rating *
rating(const struct edition_stats *s, const char *provider)
{
	return edition_stats_rating(s, project_provider(proj, provider));
}

static long
count(const struct edition_stats *s, const char *tier)
{
	return s->counts[project_tier(proj, tier)->index];
}

START_TEST(test_scores_and_tiers)
{
	const struct edition_stats *s;
	const struct rating *r;

	load_mini(false);
	s = stats("e3");
	/* alpha: 100*(3*5 + 2*4)/(5*5) = 92.0 -> elite (security 5 >= 4.5) */
	r = rating(s, "alpha");
	ck_assert_double_eq_tol(r->score, 92.0, 1e-9);
	ck_assert_str_eq(r->computed->id, "elite");
	ck_assert_str_eq(r->tier->id, "elite");
	ck_assert(!r->override);
	/* beta: (12 + 7)/25 = 76.0 -> strong; security 4 meets strong's 4 exactly */
	r = rating(s, "beta");
	ck_assert_double_eq_tol(r->score, 76.0, 1e-9);
	ck_assert_str_eq(r->tier->id, "strong");
	/* echo: (9 + 6)/25 = 60.0, exactly fair's min */
	r = rating(s, "echo");
	ck_assert_double_eq_tol(r->score, 60.0, 1e-9);
	ck_assert_str_eq(r->tier->id, "fair");
	/* delta: (13.5 + 7)/25 = 82.0 -> strong, published elite with a reason */
	r = rating(s, "delta");
	ck_assert_double_eq_tol(r->score, 82.0, 1e-9);
	ck_assert_str_eq(r->computed->id, "strong");
	ck_assert_str_eq(r->tier->id, "elite");
	ck_assert(r->override);
	/* golf: published only */
	r = rating(s, "golf");
	ck_assert(isnan(r->score));
	ck_assert_ptr_null(r->computed);
	ck_assert_str_eq(r->tier->id, "untested");
	/* foxtrot is a draft: not in this build */
	ck_assert_ptr_null(rating(s, "foxtrot"));
	unload();
}
END_TEST

START_TEST(test_counts)
{
	const struct edition_stats *s;

	load_mini(false);
	s = stats("e3");
	ck_assert_int_eq(count(s, "elite"), 2);
	ck_assert_int_eq(count(s, "strong"), 1);
	ck_assert_int_eq(count(s, "fair"), 1);
	ck_assert_int_eq(count(s, "weak"), 0);
	ck_assert_int_eq(count(s, "untested"), 1);
	ck_assert_int_eq(s->reviewed, 5);
	ck_assert_int_eq(s->rated, 4);
	ck_assert_int_eq(s->medals, 4);
	ck_assert_int_eq(s->tracked, 40);
	ck_assert_double_eq_tol(s->medals_of_reviewed, 0.8, 1e-12);
	ck_assert_double_eq_tol(s->medals_of_tracked, 0.1, 1e-12);
	/* ladder order, then id: alpha, delta (elite), beta, echo, golf */
	ck_assert_uint_eq(s->nratings, 5);
	ck_assert_str_eq(s->ratings[0].provider->id, "alpha");
	ck_assert_str_eq(s->ratings[1].provider->id, "delta");
	ck_assert_str_eq(s->ratings[2].provider->id, "beta");
	ck_assert_str_eq(s->ratings[3].provider->id, "echo");
	ck_assert_str_eq(s->ratings[4].provider->id, "golf");
	/* e1: alpha strong, beta (file bravo.yaml) fair, gamma fair, delta weak, echo untested */
	s = stats("e1");
	ck_assert_int_eq(s->reviewed, 5);
	ck_assert_int_eq(s->medals, 3);
	ck_assert_int_eq(s->rated, 4);
	ck_assert_int_eq(count(s, "fair"), 2);
	ck_assert_ptr_nonnull(rating(s, "beta"));
	ck_assert(isnan(s->d_medals_pct));
	ck_assert_ptr_null(s->baseline);
	unload();
}
END_TEST

START_TEST(test_movement_previous)
{
	const struct edition_stats *s;
	const struct rating *r;

	load_mini(false);
	/* e1 -> e2 */
	s = stats("e2");
	r = rating(s, "alpha");
	ck_assert_int_eq(r->status, MOVE_UP);
	ck_assert_int_eq(r->steps, 1);
	r = rating(s, "beta"); /* known as bravo in e1 */
	ck_assert_int_eq(r->status, MOVE_UP);
	ck_assert_str_eq(r->previous->id, "fair");
	r = rating(s, "gamma");
	ck_assert_int_eq(r->status, MOVE_DOWN);
	ck_assert_int_eq(r->steps, -1);
	r = rating(s, "delta");
	ck_assert_int_eq(r->status, MOVE_UNRATED);
	ck_assert(!r->has_steps);
	r = rating(s, "echo"); /* untested in e1, its first edition: a first rating */
	ck_assert_int_eq(r->status, MOVE_FIRST);
	ck_assert_str_eq(move_status_name(r->status), "returned"); /* SPEC 2.2 */
	ck_assert(!r->has_steps);
	r = rating(s, "golf");
	ck_assert_int_eq(r->status, MOVE_NEW);
	ck_assert_ptr_null(r->previous);
	/* medals 3 -> 4: +1, +33.333333%; reviewed 5 -> 6 */
	ck_assert_int_eq(s->d_medals, 1);
	ck_assert_double_eq_tol(s->d_medals_pct, 100.0 / 3, 1e-9);
	ck_assert_int_eq(s->d_reviewed, 1);
	/* e2 -> e3 */
	s = stats("e3");
	ck_assert_int_eq(rating(s, "alpha")->status, MOVE_SAME);
	ck_assert_int_eq(rating(s, "alpha")->steps, 0);
	ck_assert_int_eq(rating(s, "delta")->status, MOVE_RETURNED);
	ck_assert_int_eq(rating(s, "golf")->status, MOVE_UNRATED);
	ck_assert_uint_eq(s->ngone, 1);
	ck_assert_str_eq(s->gone[0].provider->id, "gamma");
	ck_assert_int_eq(s->gone[0].status, MOVE_MERGED);
	ck_assert_str_eq(s->gone[0].previous->id, "weak");
	ck_assert_int_eq(s->d_medals, 0);
	ck_assert_double_eq_tol(s->d_medals_pct, 0.0, 1e-12);
	ck_assert_int_eq(s->d_reviewed, -1);
	unload();
}
END_TEST

START_TEST(test_movement_compare)
{
	const struct edition_stats *s;

	load_mini(false);
	ck_assert(comp->has_compare);
	s = &comp->compare;
	ck_assert_str_eq(s->baseline->id, "e1");
	ck_assert_str_eq(s->edition->id, "e3");
	ck_assert_int_eq(rating(s, "alpha")->steps, 1);
	ck_assert_int_eq(rating(s, "beta")->steps, 1);
	ck_assert_int_eq(rating(s, "delta")->status, MOVE_UP);
	ck_assert_int_eq(rating(s, "delta")->steps, 3);
	ck_assert_int_eq(rating(s, "echo")->status, MOVE_FIRST);
	ck_assert_int_eq(rating(s, "golf")->status, MOVE_NEW);
	ck_assert_uint_eq(s->ngone, 1);
	ck_assert_str_eq(s->gone[0].previous->id, "fair");
	ck_assert_int_eq(s->d_medals, 1);
	unload();
}
END_TEST

START_TEST(test_claims)
{
	const struct edition_stats *s;

	load_mini(false);
	s = stats("e2");
	ck_assert_uint_eq(s->nclaims, 2);
	ck_assert_str_eq(s->claims[0].claim->figure, "reviewed");
	ck_assert_int_eq(s->claims[0].claim->value, 7);
	ck_assert_int_eq(s->claims[0].computed, 6);
	ck_assert(s->claims[0].ok);
	ck_assert_str_eq(s->claims[0].claim->note, "the source counts one review twice");
	ck_assert(s->claims[1].ok);
	s = stats("e3");
	ck_assert_uint_eq(s->nclaims, 3);
	ck_assert_str_eq(s->claims[2].claim->figure, "tiers.elite");
	ck_assert_int_eq(s->claims[2].computed, 2);
	unload();
}
END_TEST

START_TEST(test_claim_mismatch)
{
	struct claim *cl;
	struct computed *c2;
	struct build_opts o = {false, 0};
	struct buf b = BUF_INIT;

	load_mini(false);
	cl = &((struct edition *)project_edition(proj, "e3"))->claims[1];
	ck_assert_str_eq(cl->figure, "medals");
	cl->value = 5;
	c2 = computed_new(proj, &o, &dg);
	ck_assert_uint_eq(dg.nerrors, 1);
	diag_format(&dg.v[0], false, &b);
	ck_assert_str_eq(b.data, "content/editions/e3.yaml:22:11: error: claim 'medals' "
	    "of edition 'e3' states 5 but 4 counted (source 'src-a')");
	buf_release(&b);
	computed_free(c2);
	unload();
}
END_TEST

START_TEST(test_override_missing)
{
	struct review *r;
	struct computed *c2;
	struct build_opts o = {false, 0};
	struct buf b = BUF_INIT;
	size_t i;

	load_mini(false);
	for (i = 0; i < proj->nreviews; i++)
		if (strcmp(proj->reviews[i].provider->id, "delta") == 0 &&
		    strcmp(proj->reviews[i].edition->id, "e3") == 0)
			break;
	r = &proj->reviews[i];
	r->override_reason = NULL;
	c2 = computed_new(proj, &o, &dg);
	ck_assert_uint_eq(dg.nerrors, 1);
	diag_format(&dg.v[0], false, &b);
	ck_assert_str_eq(b.data, "content/reviews/e3/delta.yaml:1:7: error: published tier "
	    "'elite' differs from computed tier 'strong' (score 82.0 is below elite's 85); "
	    "give override.reason if this is on purpose");
	computed_free(c2);
	/* a requirement failing: security 4 is below elite's 4.5 */
	diag_release(&dg);
	diag_init(&dg);
	r->scores[0] = 4;
	r->scores[1] = 5; /* (12 + 10)/25 = 88.0: min holds, security does not */
	c2 = computed_new(proj, &o, &dg);
	buf_reset(&b);
	diag_format(&dg.v[0], false, &b);
	ck_assert_str_eq(b.data, "content/reviews/e3/delta.yaml:1:7: error: published tier "
	    "'elite' differs from computed tier 'strong' (security 4 is below elite's 4.5); "
	    "give override.reason if this is on purpose");
	buf_release(&b);
	computed_free(c2);
	unload();
}
END_TEST

START_TEST(test_drafts)
{
	const struct edition_stats *s;

	load_mini(true);
	s = stats("e3");
	ck_assert_int_eq(s->reviewed, 6);
	ck_assert_int_eq(count(s, "elite"), 3);
	ck_assert_str_eq(rating(s, "foxtrot")->tier->id, "elite");
	ck_assert_int_eq(rating(s, "foxtrot")->status, MOVE_NEW);
	/* claims no longer hold with drafts in: warnings, not errors */
	ck_assert_uint_eq(dg.nerrors, 0);
	ck_assert_uint_eq(dg.nwarnings, 3);
	ck_assert_uint_eq(comp->nsections, 3);
	unload();
}
END_TEST

START_TEST(test_sections_and_findings)
{
	const struct edition_stats *s;
	const struct provider_view *v;

	load_mini(false);
	/* the draft and the embargoed section (2030) are out */
	ck_assert_uint_eq(comp->nsections, 1);
	ck_assert_str_eq(comp->sections[0]->id, "intro");
	s = stats("e3");
	ck_assert_uint_eq(s->public_findings, 1);
	ck_assert_uint_eq(s->private_findings, 1);
	/* history: beta in e1 (as bravo), e2, e3 */
	v = computed_provider(comp, project_provider(proj, "beta"));
	ck_assert_uint_eq(v->nhistory, 3);
	ck_assert_str_eq(v->history[0].rating->tier->id, "fair");
	ck_assert_str_eq(v->history[2].rating->tier->id, "strong");
	v = computed_provider(comp, project_provider(proj, "foxtrot"));
	ck_assert(!v->visible);
	unload();
}
END_TEST

START_TEST(test_embargo_lifted)
{
	struct build_opts o = {false, 0};
	struct computed *c2;

	load_mini(false);
	ck_assert(date_parse("2030-01-01", &o.now));
	c2 = computed_new(proj, &o, &dg);
	ck_assert_uint_eq(c2->nsections, 2);
	ck_assert_str_eq(c2->sections[1]->id, "later");
	computed_free(c2);
	unload();
}
END_TEST

/*
 * A partial edition as the later edition of both comparisons: mini's e3
 * made partial (SPEC 1.2: no change from or to a partial). Neither the
 * change from e2 (the edition before) nor from e1 (the report's compare)
 * is computed: no counts moved, no medals gained, no one gone; and
 * ratings.json, which the pages and the PDF read the same figures as,
 * says null.
 */
START_TEST(test_partial_later_edition)
{
	struct build_opts o = {false, 0};
	struct build_request rq;
	char tmp[] = "/tmp/podium-partial-XXXXXX";
	const struct edition_stats *both[2];
	struct diag d;
	struct buf js = BUF_INIT;
	json_t *root, *eds, *ed;
	json_error_t err;
	char *cmd, *path;
	size_t i, k;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	cmd = xasprintf("cp -R %s %s/proj && printf 'partial: {note: \"only some named\"}\\n' "
	    ">> %s/proj/content/editions/e3.yaml", MINI, tmp, tmp);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	path = xasprintf("%s/proj", tmp);
	diag_init(&dg);
	ck_assert(date_parse("2026-11-30", &o.now));
	proj = project_load(path, &dg);
	ck_assert_ptr_nonnull(proj);
	ck_assert(project_edition(proj, "e3")->partial);
	comp = computed_new(proj, &o, &dg);
	ck_assert_ptr_nonnull(comp);
	ck_assert(comp->has_compare);
	both[0] = stats("e3");
	both[1] = &comp->compare;
	ck_assert_str_eq(both[0]->baseline->id, "e2");
	ck_assert_str_eq(both[1]->baseline->id, "e1");
	for (k = 0; k < 2; k++) {
		const struct edition_stats *s = both[k];

		ck_assert_msg(!s->has_change, "a change to a partial edition from %s", s->baseline->id);
		ck_assert_int_eq(s->d_medals, 0);
		ck_assert_int_eq(s->d_reviewed, 0);
		ck_assert_int_eq(s->d_rated, 0);
		ck_assert(isnan(s->d_medals_pct));
		ck_assert(isnan(s->d_reviewed_pct));
		for (i = 0; i < proj->report.nladder; i++)
			ck_assert_int_eq(s->d_counts[i], 0);
		/* its missing reviews say nothing of who left */
		ck_assert_uint_eq(s->ngone, 0);
		ck_assert(isnan(s->medals_of_reviewed));
	}
	unload();

	/* a shortcode asking for that change is an error at its place */
	memset(&rq, 0, sizeof(rq));
	diag_init(&d);
	rq.dir = path;
	rq.out = cmd = xasprintf("%s/site", tmp);
	rq.parts = PART_DATA;
	rq.write = true;
	rq.quiet = true;
	rq.opts = o;
	ck_assert_int_eq(build_run(&rq, &d), 1);
	ck_assert_uint_eq(d.n, 1);
	diag_format(&d.v[0], false, &js);
	ck_assert_str_eq(js.data, "content/commentary/intro.md:5:62: error: no change to partial "
	    "edition 'e3': its review list is incomplete");
	buf_reset(&js);
	diag_release(&d);
	free(cmd);
	/* without it the build goes through, and the change to e3 is null */
	cmd = xasprintf("sed -i 's/ ({{change e1 e3 medals pct digits=0}})//' "
	    "%s/proj/content/commentary/intro.md", tmp);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	diag_init(&d);
	rq.out = cmd = xasprintf("%s/site", tmp);
	ck_assert_int_eq(build_run(&rq, &d), 0);
	diag_release(&d);
	free(cmd);
	cmd = xasprintf("%s/site/data/ratings.json", tmp);
	ck_assert_int_eq(file_read(cmd, 1 << 24, &js), FILE_OK);
	free(cmd);
	root = json_loadb(js.data, js.len, 0, &err);
	ck_assert_ptr_nonnull(root);
	eds = json_object_get(root, "editions");
	ck_assert_ptr_nonnull(eds);
	ed = json_array_get(eds, json_array_size(eds) - 1);
	ck_assert_str_eq(json_string_value(json_object_get(ed, "id")), "e3");
	ck_assert_ptr_nonnull(json_object_get(ed, "change"));
	ck_assert_msg(json_is_null(json_object_get(ed, "change")),
	    "ratings.json computes a change to the partial e3");
	json_decref(root);
	buf_release(&js);
	remove_tree(tmp);
	free(path);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("compute");
	TCase *tc = tcase_create("mini");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_scores_and_tiers);
	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_movement_previous);
	tcase_add_test(tc, test_movement_compare);
	tcase_add_test(tc, test_claims);
	tcase_add_test(tc, test_claim_mismatch);
	tcase_add_test(tc, test_override_missing);
	tcase_add_test(tc, test_drafts);
	tcase_add_test(tc, test_sections_and_findings);
	tcase_add_test(tc, test_embargo_lifted);
	tcase_add_test(tc, test_partial_later_edition);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
