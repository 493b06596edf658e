/* model.c: lookups in the loaded model, enum names, and freeing. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "parse.h"
#include "util.h"

const struct tier *
project_tier(const struct project *p, const char *id)
{
	size_t i;

	for (i = 0; i < p->report.nladder; i++)
		if (strcmp(p->report.ladder[i].id, id) == 0)
			return &p->report.ladder[i];
	return NULL;
}

const struct source *
project_source(const struct project *p, const char *id)
{
	size_t lo = 0, hi = p->nsources;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(p->sources[mid].id, id);

		if (c == 0)
			return &p->sources[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct edition *
project_edition(const struct project *p, const char *id)
{
	size_t i;

	for (i = 0; i < p->neditions; i++)
		if (strcmp(p->editions[i].id, id) == 0)
			return &p->editions[i];
	return NULL;
}

/* For a model built without the loader's alias index. */
static const struct provider *
provider_by_alias_scan(const struct project *p, const char *id)
{
	size_t i, k;

	for (i = 0; i < p->nproviders; i++)
		for (k = 0; k < p->providers[i].naliases; k++)
			if (strcmp(p->providers[i].aliases[k], id) == 0)
				return &p->providers[i];
	return NULL;
}

const struct provider *
project_provider(const struct project *p, const char *id)
{
	size_t lo = 0, hi = p->nproviders;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(p->providers[mid].id, id);

		if (c == 0)
			return &p->providers[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (p->aliases == NULL)
		return provider_by_alias_scan(p, id);
	/* p->aliases is sorted by alias, then provider: the first match wins */
	lo = 0;
	hi = p->naliases;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(p->aliases[mid].alias, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < p->naliases && strcmp(p->aliases[lo].alias, id) == 0)
		return p->aliases[lo].provider;
	return NULL;
}

const struct review *
edition_review(const struct edition *e, const struct provider *pr)
{
	size_t lo = 0, hi = e->nreviews;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(e->reviews[mid]->provider->id, pr->id);

		if (c == 0)
			return e->reviews[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct threshold *
rubric_threshold(const struct rubric *rb, const struct tier *t)
{
	size_t i;

	for (i = 0; i < rb->nthresholds; i++)
		if (rb->thresholds[i].tier == t)
			return &rb->thresholds[i];
	return NULL;
}

bool
edition_has_tier(const struct edition *e, const struct tier *t)
{
	size_t i;

	for (i = 0; i < e->ntiers; i++)
		if (e->tiers[i] == t)
			return true;
	return false;
}

void
project_free(struct project *p)
{
	if (p == NULL)
		return;
	arena_free(p->arena);
	free(p);
}

const char *
source_kind_name(enum source_kind k)
{
	static const char *const names[] = {"report", "article", "video", "talk", "other"};

	return (size_t)k < ARRAY_SIZE(names) ? names[k] : "other";
}

const char *
finding_class_name(enum finding_class c)
{
	static const char *const names[] = {"cross-tenant", "container-escape",
	    "exposed-service", "other"};

	return (size_t)c < ARRAY_SIZE(names) ? names[c] : "other";
}

const char *
severity_name(enum severity s)
{
	static const char *const names[] = {"critical", "high", "medium", "low"};

	/* an unstated severity prints as nothing, never as a guess */
	return s >= 0 && (size_t)s < ARRAY_SIZE(names) ? names[s] : "";
}

const char *
field_type_name(enum field_type t)
{
	static const char *const names[] = {"string", "text", "integer", "number",
	    "boolean", "date", "url", "choice", "country", "list"};

	return (size_t)t < ARRAY_SIZE(names) ? names[t] : "string";
}

int
field_index(const struct field_def *defs, size_t n, const char *id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (defs[i].id != NULL && strcmp(defs[i].id, id) == 0)
			return (int)i;
	return -1;
}

bool
project_has_security(const struct project *p)
{
	size_t i, k;

	if (p->report.npractices > 0)
		return true;
	for (i = 0; i < p->neditions; i++) {
		if (p->editions[i].nfindings > 0)
			return true;
		for (k = 0; k < p->editions[i].nreviews; k++)
			if (p->editions[i].reviews[k]->nfindings > 0)
				return true;
	}
	return false;
}

bool
project_has_fault_tests(const struct project *p)
{
	size_t i, k;

	for (i = 0; i < p->neditions; i++)
		for (k = 0; k < p->editions[i].nreviews; k++)
			if (p->editions[i].reviews[k]->fault != NULL)
				return true;
	return false;
}

bool
project_has_rubric(const struct project *p)
{
	size_t i;

	for (i = 0; i < p->neditions; i++)
		if (p->editions[i].rubric != NULL)
			return true;
	return false;
}

char *
field_value_text(const struct field_def *f, const struct field_value *v)
{
	struct buf b = BUF_INIT;
	size_t i;

	if (v == NULL || !v->set)
		return NULL;
	if (f->type == FIELD_LIST) {
		for (i = 0; i < v->nitems; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", v->items[i]);
		if (v->nitems == 0)
			buf_puts(&b, "");
	} else if (f->type == FIELD_BOOLEAN)
		buf_puts(&b, v->boolean ? "yes" : "no");
	else
		buf_puts(&b, v->text != NULL ? v->text : "");
	return buf_detach(&b, NULL);
}

/*
 * The interface words podium writes itself, in English. report.yaml's
 * `strings:` replaces any of them (keys checked by the loader); the man
 * page podium(5) lists them.
 */
const struct ui_string ui_strings_default[] = {
	{"report", "Report"},
	{"edition", "Edition"},
	{"editions", "Editions"},
	{"providers", "Providers"},
	{"security", "Security"},
	{"methodology", "Methodology"},
	{"sources", "Sources"},
	{"medals", "Medals"},
	{"change_in_medals", "Change in medals"},
	{"medals_of_reviewed", "Medals of reviewed"},
	{"medals_of_tracked", "Medals of tracked"},
	{"reviewed", "Reviewed"},
	{"contents", "Contents"},
	{"provider", "Provider"},
	{"tier", "Tier"},
	{"yes", "yes"},
	{"no", "no"},
	{"not_known", "not known"},
	{"details", "Details"},
	{"any", "Any"},
	{"tier_history", "Tier history"},
	{"review", "Review"},
	{"strengths", "Strengths"},
	{"weaknesses", "Weaknesses"},
	{"failure_test", "Failure test"},
	{"quotes", "Quotes"},
	{"the_ladder", "The ladder"},
	{"chart_distribution", "Medal distribution by edition"},
	{"chart_movement", "Movement"},
	{"chart_funnel", "From tracked to medals"},
	{"chart_faults", "Failure-test timings"},
	/* the charts' own words (their text, <title>/<desc> and data tables) */
	{"chart_alt", "Chart: {name}"},
	{"chart_tracked", "Tracked"},
	{"chart_stage", "Stage"},
	{"chart_share", "Share"},
	{"chart_no_edition", "No edition"},
	{"chart_no_editions", "No editions"},
	{"chart_reviews", "reviews"},
	{"dist_desc", "Medal holders: {list}."},
	{"dist_desc_edition", "{medals} of {n} reviewed in {edition}"},
	{"dist_desc_edition_partial", "{medals} of {n} named in {edition}"},
	{"dist_desc_claim", "{edition}, {figure}: {stated} stated, {n} counted."},
	{"dist_desc_claim_partial", "{edition}, {figure}: {stated} stated, {n} named."},
	{"dist_row", "{n} reviewed \u00b7 {medals} medals"},
	{"dist_row_partial", "{n} named (partial) \u00b7 {medals} medals"},
	{"dist_claim_note", "\u2020 {figure}: {stated} stated, {n} counted (acknowledged)"},
	{"dist_claim_note_partial", "\u2020 {figure}: {stated} stated, {n} named (acknowledged)"},
	{"dist_table_caption", "Reviews per tier and edition"},
	{"faults_none", "No failure tests"},
	{"faults_none_edition", "No failure tests in this edition"},
	{"faults_desc", "Failure test in {edition}, {n} providers: {replaced} replaced the node in a stated time"},
	{"faults_desc_one", "Failure test in {edition}, {n} provider: {replaced} replaced the node in a stated time"},
	{"faults_desc_target", "({n} within the {time} target)"},
	{"faults_desc_rest", "{undetected} did not detect the fault, {untimed} gave no timing"},
	{"faults_desc_uninjected", "and on {n} no fault could be injected"},
	{"faults_not_injected", "not injected"},
	{"faults_detected_within", "detected within {time}"},
	{"faults_not_detected", "not detected"},
	{"faults_no_timing", "no timing"},
	{"faults_customer_no_timing", "detected by the customer, no timing"},
	{"faults_not_replaced", "not replaced"},
	{"faults_customer_not_replaced", "detected by the customer, not replaced"},
	{"faults_customer", "detected by the customer"},
	{"faults_axis", "time after the fault (log scale)"},
	{"faults_legend_detected", "detected"},
	{"faults_legend_drained", "drained"},
	{"faults_legend_replaced", "replaced"},
	{"faults_target_detect", "detect target {time}"},
	{"faults_target_replace", "replace target {time}"},
	{"faults_showing", "Showing {n} of {total} providers; the table lists all."},
	{"faults_col_detect", "Detect"},
	{"faults_col_drain", "Drain"},
	{"faults_by_provider", "provider"},
	{"faults_by_customer", "customer"},
	{"move_desc_none", "No provider was reviewed in both editions"},
	{"move_desc", "From {from} to {to}, {n} providers: {up} up, {down} down, {same} same"},
	{"move_desc_one", "From {from} to {to}, {n} provider: {up} up, {down} down, {same} same"},
	{"move_desc_unrated", "{unrated} unrated, {returned} returned"},
	{"move_desc_drawn", "(of the {n} drawn)"},
	{"move_desc_mover", "{name} {change} to {tier}"},
	{"move_showing", "Showing {n} of {total} providers, movers first; the table lists all."},
	{"move_table_caption", "Movement between editions"},
	{"move_before", "Before"},
	{"move_after", "After"},
	{"move_change", "Change"},
	{"hist_desc_none", "{name} has no reviews."},
	{"hist_desc", "{name}: {list}."},
	{"hist_desc_tier", "{tier} in {edition}"},
	{"chart_pct_of", "{pct}% of {of}"},
	{"funnel_desc", "{edition}: {tracked} tracked, {reviewed} reviewed, {rated} rated, {medals} medals"},
	{"funnel_desc_untracked", "{edition}: tracked not stated, {reviewed} reviewed, {rated} rated, {medals} medals"},
	{"history_desc_tiers", "Tiers from {top} (top) to {bottom} (bottom)"},
	{"history_desc_apart", "; apart below them, not rated: {tiers}"},
	{"history_desc_unrated", "Not rated: {tiers}"},
	{"history_desc_list", "{list} and {last}"},
	{"history_desc_editions", ". By edition: {editions}, from left to right."},
	{"from", "from"},
	{"to", "to"},
	/* sentences that carry numbers or names: {placeholders} (report_format) */
	{"of_n_reviewed", "of {n} reviewed"},
	{"of_n_reviews_named", "of {n} reviews named"},
	{"share_of_reviewed", "share of reviewed providers with a medal"},
	{"of_n_tracked", "of {n} providers tracked"},
	{"n_rated", "{n} rated (given a tier on the ladder)"},
	{"n_rated_ladder", "{n} rated on the ladder"},
	{"since_edition", "since {edition}"},
	/* movement words */
	{"move_up", "up"},
	{"move_up_n", "up {n}"},
	{"move_down", "down"},
	{"move_down_n", "down {n}"},
	{"move_same", "no change"},
	{"move_new", "new"},
	{"move_dropped", "no longer reviewed"},
	{"move_merged", "merged"},
	{"move_merged_into", "merged into {name}"},
	{"move_unrated", "not rated this edition"},
	{"move_returned", "rated again"},
	{"move_unlisted", "not named in the partial baseline"},
	/* failure tests */
	{"step_detected", "Detected"},
	{"step_drained", "Drained"},
	{"step_replaced", "Replaced"},
	{"within_time", "within {time}"},
	/* a duration's units: "1h5m"; the failure-test chart's axis adds weeks */
	{"unit_w", "w"},
	{"unit_d", "d"},
	{"unit_h", "h"},
	{"unit_m", "m"},
	{"unit_s", "s"},
	{"no_time_recorded", "no time recorded"},
	{"within_target", "within target"},
	{"over_target", "over target"},
	{"by_provider", "the provider"},
	{"by_customer", "the customer"},
	{"by_nobody", "nobody"},
	{"fault_not_described", "not described"},
	{"not_recorded", "not recorded"},
	{"recovery_automatic", "Recovery was automatic, with no human in the loop."},
	{"recovery_human", "Recovery needed a human."},
	/* the footer */
	{"edition_covered", "the edition covered:"},
	{"downloads_label", "Downloads:"},
	{"every_edition", "Every edition"},
	{"how_ratings_work", "How the ratings work"},
	{"every_provider", "Every provider"},
	{"skip_to_content", "Skip to content"},
	{"chart_data", "Data behind the chart"},
	/* the 404 page */
	{"error_404", "Error 404"},
	{"page_not_found", "Page not found"},
	{"no_page_here", "There is no page at this address. It may have moved when an edition was renamed."},
	{"go_to_report", "Go to the report"},
	{"or", "or"},
	{"find_a_provider", "find a provider"},
	/* the PDF */
	{"tier_label", "Tier:"},
	{"not_rated", "not rated"},
	{"fault", "Fault"},
	{"detected_by", "Detected by"},
	{"automatic", "Automatic"},
	{"sources_label", "Sources:"},
	{"in_edition", "In {edition}"},
	{"reviewed_not_rated", "Reviewed, not rated"},
	{"headline_figures", "Headline figures"},
	{"figure", "Figure"},
	{"ladder_caption", "Ladder of tiers, best first"},
	{"medal_head", "Medal"},
	{"rated", "Rated"},
	{"security_findings", "Security findings"},
	/* page words (templates) */
	{"focus_edition", "The edition this report is about"},
	{"source_label", "Source:"},
	{"medal_table", "Medal table"},
	{"distribution", "Distribution"},
	{"no_longer_reviewed", "No longer reviewed"},
	{"movers", "Movers"},
	{"first_edition", "This is the first edition: there is nothing to compare it with."},
	{"stated_and_counted", "Stated and counted"},
	{"methodology_figures", "Every figure in this report is computed from the reviews: tier counts, medal totals, shares and movement. Where the publication states a figure, it is checked against the count."},
	{"claims_intro", "Every figure the source states, checked against the reviews counted here."},
	{"link_to_section", "Link to this section"},
	{"index", "Index"},
	{"editions_intro", "Every edition of the ratings in this report, newest first."},
	{"focus_edition_lc", "the edition this report is about"},
	{"by", "By"},
	{"download_label", "Download:"},
	{"the_medal_table", "The medal table"},
	{"who", "Who"},
	{"tier_uncertain", "(tier uncertain)"},
	{"uncertain_label", "Uncertain:"},
	{"movement", "Movement"},
	{"no_change_in_tiers", "No provider changed tier."},
	{"methodology_intro", "How providers are placed on the ladder, edition by edition."},
	{"tiers_in_use", "Tiers in use:"},
	{"criterion", "Criterion"},
	{"weight", "Weight"},
	{"share_of_score", "Share of score"},
	{"thresholds_caption", "Thresholds: a tier is reached when the score and every requirement hold"},
	{"minimum_score", "Minimum score"},
	{"requirements", "Requirements"},
	{"below_every_threshold", "Below every threshold:"},
	{"no_rubric", "This edition publishes tiers without a scored rubric: each tier is the one the source gives."},
	{"failure_test_targets", "Failure-test targets:"},
	{"merged_into", "Merged into"},
	{"score", "Score"},
	{"override", "(override)"},
	{"review_below", "review below"},
	{"tier_only_source", "tier only: source"},
	{"tier_set_by_editors", "Tier set by the editors:"},
	{"rubric_gives", "the rubric gives"},
	{"not_injected", "Not injected."},
	{"nothing_to_time", "No fault could be injected, so there is nothing to time."},
	{"fault_injected", "Fault injected:"},
	{"detected_by_label", "Detected by:"},
	{"timings_caption", "Timings after injection"},
	{"timings_caption_targets", "Timings after injection, against the edition's targets"},
	{"step", "Step"},
	{"time", "Time"},
	{"target", "Target"},
	{"result", "Result"},
	{"patched_lc", "patched"},
	{"disclosed_lc", "disclosed"},
	{"fix_verified", "fix verified"},
	{"at", "at"},
	{"providers_caption", "Every provider and its tier in each edition"},
	{"providers_intro", "providers reviewed in at least one edition. Tiers are given for every edition that reviewed the provider."},
	{"security_intro", "Findings made public and the practices each provider follows. Findings that are not yet public are counted, never described."},
	{"public_findings", "Public findings"},
	{"public_security_findings", "Public security findings"},
	{"finding", "Finding"},
	{"class", "Class"},
	{"severity", "Severity"},
	{"disclosed", "Disclosed"},
	{"patched", "Patched"},
	{"verified", "Verified"},
	{"not_named", "Not named"},
	{"not_stated", "not stated"},
	{"practices", "Practices"},
	{"no_practices", "No review of this edition records which security practices a provider follows."},
	{"no_claims", "The source states no figures for this edition."},
	{"stated", "stated"},
	{"they_agree", "they agree"},
	{"uncertain_lc", "uncertain:"},
	/* sentences built in C */
	{"step_tracked", "tracked"},
	{"step_reviews_named", "reviews named"},
	{"step_reviewed", "reviewed"},
	{"step_named_on_ladder", "named on the ladder"},
	{"step_rated_on_ladder", "rated on the ladder"},
	{"step_named_with_medal", "named with a medal"},
	{"step_given_medal", "given a medal"},
	{"named", "named"},
	{"counted", "counted"},
	{"summary", "{n} reviewed, {medals} medals"},
	{"summary_one", "{n} reviewed, {medals} medal"},
	{"summary_partial", "{n} named (partial), {medals} medals"},
	{"summary_partial_one", "{n} named (partial), {medals} medal"},
	{"partial_note", "Partial: the review list is incomplete."},
	{"not_computed_partial", "not computed: {edition} is partial"},
	{"described_below", "described below"},
	{"undisclosed_findings", "Undisclosed findings"},
	{"counted_not_described", "counted, not described until they are public"},
	{"tier_unrated", "Reviewed but not rated: the provider could not be tested. Moving into or out of this tier is not a step up or down."},
	{"tier_medal_highest", "A medal tier, the highest."},
	{"tier_medal", "A medal tier."},
	{"tier_rated", "Rated, without a medal."},
	{"targets_both", "detect within {detect}, replace within {replace}"},
	{"targets_detect", "detect within {detect}"},
	{"targets_replace", "replace within {replace}"},
	{"change_new_threshold", "{tier}: new threshold, minimum score {min}."},
	{"change_min_raised", "{tier}: minimum score raised from {from} to {to}."},
	{"change_min_lowered", "{tier}: minimum score lowered from {from} to {to}."},
	{"change_requirements", "{tier}: requirements changed from \xe2\x80\x9c{from}\xe2\x80\x9d to \xe2\x80\x9c{to}\xe2\x80\x9d."},
	{"change_new_tier", "New tier: {tier}."},
	{"change_tier_dropped", "Tier no longer used: {tier}."},
	{"change_rubric_added", "A scored rubric replaces published tiers."},
	{"change_rubric_dropped", "Tiers are published without a scored rubric."},
	{"change_targets", "Failure-test targets: {targets} (were: {was})."},
	{"change_targets_new", "Failure-test targets: {targets} (this report records none for {from})."},
	{"change_targets_gone", "This report records no failure-test targets for {edition} ({from} had: {was})."},
	{"undisclosed_one", "{n} undisclosed finding"},
	{"undisclosed_many", "{n} undisclosed findings"},
	{"after_disclosure", "{time} after disclosure"},
	/* tables built in C (site and PDF) */
	{"table_ratings_by_tier", "{edition}: ratings by tier"},
	{"table_movers_caption", "Movers from {from} to {to}"},
	{"none_reported", "none reported"},
	{"table_security_caption", "{edition}: security practices and findings"},
	{"findings", "Findings"},
	{"table_claims_caption", "{edition}: stated and counted figures"},
	{"stated_head", "Stated"},
	{"counted_head", "Counted"},
	{"note", "Note"},
	{"does_not_match", "does not match"},
	/* the PDF */
	{"new_in_edition", "new in this edition"},
	{"tier_in_edition", "{tier} in {edition}"},
	{"badge_alt", "{provider}: {tier} in {edition}, {report}"},
	{"badge_heading", "Medal badge"},
	{"badge_intro", "{provider} may show its latest medal on its own site with the code below; the badge links back to this page."},
	{"badge_html", "HTML"},
	{"badge_markdown", "Markdown"},
	/* after the tier on a provider's page */
	{"tier_in_the_edition", "in {edition}"},
	{"uncertain_in_edition", "Uncertain in {edition}:"},
	{"pdf_page_of", "page {page} of {pages}"},
	{"pdf_edition_published", "Edition: {edition}, published {date}"},
	{"pdf_edition", "Edition: {edition}"},
	{"compiled_on", "Compiled {date}"},
	{"pdf_medal_table", "Medal table: {edition}"},
	{"movers_since", "Movers since {edition}"},
	{"pdf_providers_intro", "The {n} providers rated in {edition}, in tier order."},
	{"pdf_providers_intro_one", "The {n} provider rated in {edition}, in tier order."},
	{"pdf_providers_intro_unrated", "The {n} providers rated in {edition}, in tier order; those reviewed but not rated are in one table after them."},
	{"pdf_providers_intro_one_unrated", "The {n} provider rated in {edition}, in tier order; those reviewed but not rated are in one table after them."},
	{"pdf_findings_1_1", "{public} public finding; {undisclosed} undisclosed finding (counted, not described)."},
	{"pdf_findings_1_n", "{public} public finding; {undisclosed} undisclosed findings (counted, not described)."},
	{"pdf_findings_n_1", "{public} public findings; {undisclosed} undisclosed finding (counted, not described)."},
	{"pdf_findings_n_n", "{public} public findings; {undisclosed} undisclosed findings (counted, not described)."},
	{"rubric_criteria", "Rubric criteria"},
	/* headings with an edition */
	{"medal_table_caption", "Tiers of {edition}, best first"},
	{"movers_caption", "Providers whose tier changed from {from} to {to}"},
	{"movement_since", "Movement since {edition}"},
	{"n_stated", "{n} stated"},
	{"n_named", "{n} named"},
	{"changes_since", "What changed in the rules since {edition}"},
	{"history_caption", "Tier in each edition that reviewed {name}"},
	/* the Atom feed's entries */
	{"feed_summary", "{n} providers reviewed, {medals} medals."},
	{"feed_summary_one", "{n} providers reviewed, {medals} medal."},
	{"feed_summary_partial", "{n} reviews named (a partial edition), {medals} medals."},
	{"feed_summary_partial_one", "{n} reviews named (a partial edition), {medals} medal."},
	{NULL, NULL},
};

/* The default strings by key, made once (the pages ask for them often). */
static struct htab ui_index = HTAB_INIT;
static pthread_once_t ui_index_once = PTHREAD_ONCE_INIT;

static void
ui_index_make(void)
{
	size_t i;

	for (i = 0; ui_strings_default[i].key != NULL; i++)
		htab_add(&ui_index, hash_str(ui_strings_default[i].key), i);
}

const char *
report_string(const struct report *r, const char *key)
{
	size_t i, at = 0;
	uint64_t h;

	for (i = 0; r != NULL && i < r->nstrings; i++)
		if (strcmp(r->strings[i].key, key) == 0)
			return r->strings[i].text;
	pthread_once(&ui_index_once, ui_index_make);
	h = hash_str(key);
	while (htab_next(&ui_index, h, &at, &i))
		if (strcmp(ui_strings_default[i].key, key) == 0)
			return ui_strings_default[i].text;
	return key;
}

/*
 * The string `key` with each {name} in `names` replaced by the matching
 * entry of `values` (both NULL-terminated lists the caller supplies). A
 * brace that does not open a supplied name is copied as written, so a
 * translation can never read anything the code did not hand over. The
 * result is plain text: it is escaped where it is written, after this.
 */
char *
report_format(const struct report *r, const char *key,
    const char *const *names, const char *const *values)
{
	const char *s = report_string(r, key), *close;
	struct buf b = BUF_INIT;
	size_t i, n;

	while (*s != '\0') {
		if (*s == '{' && (close = strchr(s + 1, '}')) != NULL) {
			n = (size_t)(close - s - 1);
			for (i = 0; names != NULL && names[i] != NULL; i++)
				if (strlen(names[i]) == n && strncmp(names[i], s + 1, n) == 0)
					break;
			if (names != NULL && names[i] != NULL) {
				buf_puts(&b, values[i] != NULL ? values[i] : "");
				s = close + 1;
				continue;
			}
		}
		buf_putc(&b, *s);
		s++;
	}
	if (b.len == 0)
		buf_puts(&b, "");
	return buf_detach(&b, NULL);
}

/* report_format with one placeholder. */
char *
report_format1(const struct report *r, const char *key, const char *name,
    const char *value)
{
	const char *names[2] = {name, NULL}, *values[2] = {value, NULL};

	return report_format(r, key, names, values);
}

void
report_duration(const struct report *r, int64_t s, char *out, size_t n)
{
	static const char *const units[] = {"unit_d", "unit_h", "unit_m", "unit_s"};
	static const int64_t mult[] = {86400, 3600, 60, 1};
	struct buf b = BUF_INIT;
	char num[21];
	size_t k;

	for (k = 0; k < ARRAY_SIZE(mult); k++)
		if (s >= mult[k] || (k + 1 == ARRAY_SIZE(mult) && b.len == 0)) {
			fmt_uint((unsigned long long)(s > 0 ? s / mult[k] : 0), num);
			buf_printf(&b, "%s%s", num, report_string(r, units[k]));
			s = s > 0 ? s % mult[k] : 0;
		}
	snprintf(out, n, "%s", b.data);
	buf_release(&b);
}

/* report_format with one numeric placeholder {n}. */
char *
report_format_n(const struct report *r, const char *key, long n)
{
	char num[32];

	snprintf(num, sizeof(num), "%ld", n);
	return report_format1(r, key, "n", num);
}

