/*
 * compute.h: everything podium computes from the content model (SPEC 2),
 * once, for every output: tiers, counts, shares, claims, movement.
 *
 * The computed model points into the project (which must outlive it) and
 * only holds what is visible in this build: drafts and embargoed items are
 * gone unless opts.drafts.
 */
#ifndef PODIUM_COMPUTE_H
#define PODIUM_COMPUTE_H

#include <math.h>
#include "diag.h"
#include "model.h"

struct build_opts {
	bool drafts;   /* include drafts and embargoed items */
	pdate now;     /* for embargoes */
};

enum move_status {
	MOVE_UP, MOVE_DOWN, MOVE_SAME, MOVE_NEW, MOVE_DROPPED, MOVE_MERGED,
	MOVE_UNRATED, MOVE_RETURNED,
	MOVE_UNLISTED, /* no review in a partial baseline: not known to be new */
	MOVE_FIRST     /* rated, unrated in the baseline and in every edition
	                * before it: rated for the first time, not "again" */
};

/* One review as rated in an edition. */
struct rating {
	const struct review *review;
	const struct provider *provider;
	const struct tier *tier;      /* the tier of record: published, else computed */
	const struct tier *computed;  /* from the rubric, or NULL */
	double score;                 /* 0..100, or NAN without rubric */
	bool override;                /* published differs from computed, on purpose */
	const struct tier *previous;  /* tier in the baseline edition, or NULL */
	int steps;                    /* previous - tier positions; valid if has_steps */
	bool has_steps;
	enum move_status status;
};

/* A provider reviewed in the baseline but not in this edition. */
struct gone {
	const struct provider *provider;
	const struct tier *previous;
	enum move_status status;      /* MOVE_DROPPED or MOVE_MERGED */
};

struct claim_check {
	const struct claim *claim;
	long computed;
	bool ok;                      /* equal, or acknowledged with a note */
};

/* Counts and movement of one edition against a baseline. */
struct edition_stats {
	const struct edition *edition;
	const struct edition *baseline; /* previous edition, or NULL */
	long *counts;                 /* per ladder index (report.nladder) */
	long reviewed, rated, medals, tracked; /* tracked: -1 unknown */
	double medals_of_reviewed;    /* 0..1, NAN if reviewed == 0 or partial */
	double medals_of_tracked;     /* NAN if tracked unknown or 0, or partial */
	struct rating *ratings;       /* ladder order, then provider.order (by name,
	                               * as readers see them; the data files
	                               * sort by id themselves) */
	size_t nratings;
	const struct rating **by_provider; /* per provider index: rating or NULL */
	struct gone *gone;            /* provider id order */
	size_t ngone;
	struct claim_check *claims;
	size_t nclaims;
	/*
	 * change against baseline: valid if has_change, that is with a baseline
	 * and neither edition partial (SPEC 1.2: no change from or to a partial)
	 */
	bool has_change;
	long d_medals, d_reviewed, d_rated;
	long *d_counts;               /* per ladder index */
	double d_medals_pct;          /* NAN if baseline medals == 0 */
	double d_reviewed_pct;
	/* the fault injected in more than half of the failure tests (at least
	 * two), or NULL: said once by the report, named by an entry only where
	 * its own differs */
	const char *usual_fault;
	size_t public_findings;       /* edition + reviews, public ones */
	size_t private_findings;      /* counted, never shown */
};

/* One provider's tier across editions (only editions where it was reviewed). */
struct history_entry {
	const struct edition *edition;
	const struct rating *rating;
};

struct provider_view {
	const struct provider *provider;
	struct history_entry *history; /* oldest first */
	size_t nhistory;
	bool visible;                  /* has at least one visible review */
};

/*
 * What changed in an edition against its previous (SPEC 5.3, issue 28
 * item 2), computed once (gen/compute/changes.c) for the changes page,
 * the PDF and the feed. Every provider whose standing changed, by kind of
 * move; then what changed in the tiers, the rubric or the thresholds.
 */
enum change_kind {
	CHANGE_UP, CHANGE_DOWN, CHANGE_MERGED, CHANGE_NEW, CHANGE_DROPPED,
	CHANGE_UNRATED, CHANGE_RETURNED, CHANGE_FIRST
};
#define CHANGE_NKINDS (CHANGE_FIRST + 1)

struct change {
	const struct provider *provider;
	const struct tier *before;    /* in the baseline, or NULL (new) */
	const struct tier *after;     /* in this edition, or NULL (dropped, merged) */
	int steps;                    /* valid if has_steps: positive is up */
	bool has_steps;
	const struct review *review;  /* this edition's, or NULL (dropped, merged) */
	const struct review *earlier; /* the baseline's, or NULL (new) */
	/* the reason, from move_reason() (malloc'd), or NULL */
	char *reason;
};

/*
 * Why a provider moved from tier before to tier t, as its review rv says
 * it, decided once for the changes page and the movers table: the opening
 * sentence of its
 * summary, as plain text (malloc'd), unless that sentence only restates
 * the move or is written with markup; else NULL. A later sentence tells
 * of the provider, not of the move, and a quote is a speaker's remark
 * (shown with the review), never a reason (reader review #2).
 */
char *move_reason(const struct review *rv, const struct tier *t,
    const struct tier *before);

enum rule_change_kind {
	RULE_TIER_ADDED, RULE_TIER_REMOVED,       /* tier */
	RULE_RUBRIC_ADDED, RULE_RUBRIC_DROPPED,
	RULE_SCALE,                               /* from, to */
	RULE_CRITERION_ADDED, RULE_CRITERION_REMOVED, /* criterion */
	RULE_WEIGHT,                              /* criterion, from, to */
	RULE_MIN,                                 /* tier: from, to; NAN: none */
	RULE_REQUIRE,                             /* tier, criterion: from, to; NAN: none */
	RULE_FLOOR                                /* tier (the new floor), earlier */
};

struct rule_change {
	enum rule_change_kind kind;
	const struct tier *tier;
	const struct tier *earlier;       /* RULE_FLOOR: the baseline's floor */
	const struct criterion *criterion; /* this edition's, or the baseline's if removed */
	double from, to;
};

struct edition_changes {
	const struct edition *edition;
	const struct edition *baseline;   /* NULL: the first edition */
	bool computed;                    /* false: no baseline, or a partial edition */
	bool partial_baseline;            /* computed against a partial baseline: */
	size_t unlisted;                  /* the ratings of providers it does not name */
	struct change *v[CHANGE_NKINDS];  /* by provider id within a kind */
	size_t n[CHANGE_NKINDS];
	size_t total;                     /* changes of every kind */
	struct rule_change *rules;
	size_t nrules;
};

struct view_report;
struct md_store;

struct computed {
	const struct project *project;
	struct build_opts opts;
	struct edition_stats *editions; /* parallel to project.editions */
	size_t neditions;
	struct edition_stats compare;   /* report.compare -> report.edition (may equal editions[i]) */
	bool has_compare;
	struct provider_view *providers; /* parallel to project.providers */
	size_t nproviders;
	const struct section **sections; /* visible sections, in order */
	size_t nsections;
	struct edition_changes *changes; /* parallel to editions (changes.c) */
	/* what the pages say, decided once (view_doc.h); set by the build
	 * after compute, freed with view_report_free; NULL: each back end
	 * builds a provider's view when it needs it */
	const struct view_report *view;
	/* every visible Markdown text parsed once (markdown.h); set by the
	 * build with lint_markdown's store; NULL: a back end parses itself */
	const struct md_store *texts;
};

/* The changes of each edition (changes.c): made by computed_new, freed
 * by computed_free. */
void changes_compute(struct computed *c);
void changes_free(struct computed *c);
const struct edition_changes *computed_changes(const struct computed *c,
    const struct edition *e);

/* Is this review / section in this build? */
bool review_visible(const struct review *r, const struct build_opts *o);
bool section_visible(const struct section *s, const struct build_opts *o);

/*
 * Computes everything. Content errors (claims that do not match, published
 * tiers that differ from computed ones without override) go to diag.
 * Returns the model (free with computed_free()) even on content errors.
 */
struct computed *computed_new(const struct project *p, const struct build_opts *o,
    struct diag *d);
void computed_free(struct computed *c);

/* Score of a review (0..100); NAN when the edition has no rubric or no scores. */
double review_score(const struct review *r);
/* Tier computed from the rubric, or NULL. */
const struct tier *review_computed_tier(const struct review *r, double score);

const struct edition_stats *computed_edition(const struct computed *c, const struct edition *e);
const struct provider_view *computed_provider(const struct computed *c, const struct provider *p);
/* The rating of provider in edition, or NULL. */
const struct rating *edition_stats_rating(const struct edition_stats *s, const struct provider *p);
/* A movement's status as the data gives it (SPEC 2.2: MOVE_FIRST is
 * "returned"), and as the pages' classes and templates name it ("first"). */
const char *move_status_name(enum move_status s);
const char *move_status_class(enum move_status s);
/*
 * A movement in the report's words, the same on every page, table and in
 * the PDF: "up 2" (move_up_n; move_up without a step count), "no change",
 * "merged into NAME" when the successor's name is given, and so on
 * (strings move_*). Free the result.
 */
char *move_words(const struct report *r, enum move_status s, bool has_steps,
    int steps, const char *successor);
/* Its mark: an arrow for up and down, "=" for no change, "+" new... */
const char *move_mark(enum move_status s);
/* The words with the arrow of a step up or down before them ("↑ up 1"),
 * as tables and charts give a movement. Free the result. */
char *move_text(const struct report *r, enum move_status s, bool has_steps,
    int steps, const char *successor);
/*
 * A fault test's step as every output gives it (SPEC 1.4): its time in the
 * report's units ("at once" for 0), "within 11m" for an upper bound, or NULL when none was
 * recorded (free the result); and its verdict against the edition's
 * target (negative: none): "within target", "over target", "not known"
 * for a bound over the target, "no time recorded", or "" without target.
 */
char *fault_step_time(const struct report *r, int64_t secs, bool upper);
const char *fault_step_verdict(const struct report *r, int64_t secs, bool upper,
    int64_t target);

#endif
