/*
 * model.h: the content model, as loaded from a project (SPEC section 1).
 *
 * Everything here is allocated in the project's arena and freed at once by
 * project_free(). Arrays carry their count beside them. Cross-references are
 * resolved by the loader into pointers (never NULL once loading succeeded,
 * unless the field is optional). Every object keeps the position of its
 * defining key or value for diagnostics.
 *
 * Conventions for "absent": strings NULL; dates DATE_NONE; durations and
 * timestamps (seconds) -1; tri-state booleans TRI_UNSET.
 */
#ifndef PODIUM_MODEL_H
#define PODIUM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pdate.h"
#include "scalar_pos.h"
#include "tier.h"

struct arena;

enum tri { TRI_UNSET = -1, TRI_FALSE = 0, TRI_TRUE = 1 };

/*
 * A field a report declares for its providers or reviews (provider_fields,
 * review_fields in report.yaml): the report's own subject.
 */
enum field_type { FIELD_STRING, FIELD_TEXT, FIELD_INTEGER, FIELD_NUMBER, FIELD_BOOLEAN,
	FIELD_DATE, FIELD_URL, FIELD_CHOICE, FIELD_COUNTRY, FIELD_LIST };
/* How many types there are: the last one's, plus one. */
#define FIELD_NTYPES (FIELD_LIST + 1)

/*
 * What a field's value is, for every output that shows or exports it: the
 * pages, the PDF, ratings.json and ratings.csv switch on this, never on the
 * type, so a new type that holds one of these needs no back end changed.
 */
enum field_shows {
	SHOWS_TEXT,        /* text as written (field_value.text) */
	SHOWS_MARKDOWN,    /* one line of Markdown (text, at) */
	SHOWS_URL,         /* a link (text) */
	SHOWS_BOOLEAN,     /* yes or no in the report's words (boolean) */
	SHOWS_INTEGER,     /* integer, and text as written */
	SHOWS_NUMBER,      /* number, and text as written */
	SHOWS_DATE,        /* date, and text as written */
	SHOWS_LIST         /* items */
};

/*
 * Each type of declared field, described once (gen/load/model.c): its name
 * in report.yaml, what a value looks like (podium new's comment; NULL for
 * a choice, whose choices are listed), and what it shows. Reading a value
 * is the loader's (load_fields.c), its JSON Schema the schema's.
 */
struct field_type_row {
	const char *name;
	const char *hint;
	enum field_shows shows;
};
extern const struct field_type_row field_types[FIELD_NTYPES];

struct field_def {
	const char *id;
	const char *name;
	enum field_type type;
	const char **choices;     /* FIELD_CHOICE: the values allowed */
	size_t nchoices;
	bool required;
	bool filter;              /* provider fields: a column and a filter on the index */
	const char *unit;         /* optional, shown after the value */
	const char *description;  /* optional */
	struct pos pos;
};

/* A declared field's value in one provider or review (absent: !set). */
struct field_value {
	bool set;
	const char *text;   /* scalars as written (text: Markdown); list: NULL */
	long integer;       /* FIELD_INTEGER */
	double number;      /* FIELD_NUMBER */
	bool boolean;       /* FIELD_BOOLEAN */
	pdate date;         /* FIELD_DATE */
	const char **items; /* FIELD_LIST */
	size_t nitems;
	struct pos pos;
	struct text_origin at; /* FIELD_TEXT: where the Markdown was written */
};

/* A security practice the report checks (security.practices). */
struct practice_def {
	const char *id;
	const char *name;
	const char *description; /* optional, Markdown */
	struct pos pos;
};

enum source_kind { SOURCE_REPORT, SOURCE_ARTICLE, SOURCE_VIDEO, SOURCE_TALK, SOURCE_OTHER };

struct source {
	const char *id;
	const char *title;
	const char *author;    /* optional */
	const char *publisher; /* optional */
	pdate date;            /* optional */
	const char *date_text; /* optional: free text when the day is uncertain */
	enum source_kind kind;
	const char *url;       /* optional; http(s) or mailto only */
	struct pos pos;
};

struct criterion {
	const char *id;
	const char *name;
	double weight;
	struct pos pos;
};

struct requirement {
	const struct criterion *criterion;
	double min; /* criterion score must be >= min */
	struct pos pos;
};

struct threshold {
	const struct tier *tier;
	double min; /* total score (0..100) must be >= min */
	struct requirement *require;
	size_t nrequire;
	struct pos pos;
};

struct rubric {
	double scale; /* scores are 0..scale */
	struct criterion *criteria;
	size_t ncriteria;
	struct threshold *thresholds; /* in ladder order, best first */
	size_t nthresholds;
	const struct tier *floor;
	struct pos pos;
};

enum finding_class { FCLASS_CROSS_TENANT, FCLASS_CONTAINER_ESCAPE, FCLASS_EXPOSED_SERVICE, FCLASS_OTHER };
enum severity { SEV_UNSET = -1, SEV_CRITICAL, SEV_HIGH, SEV_MEDIUM, SEV_LOW }; /* UNSET: not stated */

struct finding {
	const char *id;
	const char *title;
	enum finding_class cls;
	enum severity severity;
	pdate disclosed;
	pdate patched;         /* or DATE_NONE */
	int64_t patched_after; /* seconds, or -1 */
	pdate verified;        /* a date, or DATE_NONE */
	bool verified_flag;    /* verified: true, or a date was given */
	bool public;           /* false: counted, never shown */
	const struct source *source; /* where it was made public; optional */
	struct pos pos;
};

/* One figure of an edition's claims. */
struct claim {
	const char *figure; /* "reviewed", "rated", "medals", "tiers.<id>" */
	const struct tier *tier; /* for tiers.<id>, else NULL */
	long value;
	const char *note;   /* non-NULL: the discrepancy is acknowledged */
	struct pos pos;
};

struct edition {
	const char *id;
	const char *name;
	pdate published;
	const char *previous_id;       /* as written, or NULL */
	const struct edition *previous; /* resolved, or NULL */
	const struct source *source;   /* optional */
	const struct tier **tiers;     /* the tiers this edition uses, ladder order */
	size_t ntiers;
	long tracked;                  /* universe.tracked, or -1 */
	struct rubric *rubric;         /* NULL: tiers are published */
	int64_t target_detect;         /* seconds, or -1 */
	int64_t target_replace;        /* seconds, or -1 */
	struct finding *findings;      /* not tied to a named provider */
	size_t nfindings;
	struct claim *claims;
	size_t nclaims;
	struct review **reviews;       /* sorted by provider id */
	size_t nreviews;
	size_t index;                  /* position in project.editions (oldest first) */
	struct pos pos;
	bool partial;                  /* the review list is known to be incomplete */
	const char *partial_note;      /* why (partial.note), or NULL */
	struct correction *corrections; /* as written */
	size_t ncorrections;
};

struct provider {
	const char *id;
	const char *name;
	const char *short_name; /* optional */
	const char *url;        /* optional */
	const char **aliases;
	size_t naliases;
	const char *successor_id;
	const struct provider *successor; /* optional */
	size_t index;           /* position in project.providers (sorted by id) */
	size_t order;           /* position in project.by_name: the order a reader
	                         * sees (by name, collated in the report's
	                         * language, then by id) */
	struct pos pos;
	struct field_value *fields; /* report.provider_fields, in declaration order */
};

enum detected_by { DETECT_UNSET = -1, DETECT_PROVIDER, DETECT_CUSTOMER, DETECT_NONE };

struct fault_test {
	const char *fault;
	enum detected_by detected_by;
	int64_t detect_after;   /* seconds, or -1 */
	int64_t drain_after;    /* seconds, or -1 */
	int64_t replaced_after; /* seconds, or -1 */
	enum tri automatic;
	const char *note;       /* Markdown, optional */
	struct text_origin note_at;
	struct pos pos;
	bool not_injected;      /* injected: false: no fault could be injected */
	bool detect_upper;      /* detect_after is an upper bound ("<=11m") */
	bool drain_upper;       /* likewise drain_after */
	bool replaced_upper;    /* likewise replaced_after */
	bool replaced_from_approval; /* replaced_from: approval: replaced_after is
	                         * counted from a person's approval, not the fault */
	bool not_compared;      /* against_targets: false: not judged against the
	                         * edition's targets (the note says why) */
	bool first_missed;      /* first_missed: true: the first injection went
	                         * unnoticed; the timings are for a later one */
};

struct quote {
	const char *text;
	const struct source *source;
	int64_t at;          /* seconds into a video, or -1 */
	const char *at_text; /* as written ("12:11"), or NULL */
	struct pos pos;
};

/* The provider's answer to its review (response:, SPEC 5.2): its words. */
struct response {
	const char *text;             /* Markdown */
	struct text_origin text_at;
	struct pos text_pos;
	pdate date;                   /* when it was given, or DATE_NONE */
	const struct source *source;  /* where it was published, or NULL */
	struct pos pos;
};

/* A dated correction of a review, an edition or a commentary section
 * (corrections:, SPEC 5.2): never silent. */
struct correction {
	pdate date;
	const char *text;             /* Markdown: what was corrected */
	struct text_origin text_at;
	struct pos pos;               /* of the item */
};

struct review {
	const struct edition *edition;
	const struct provider *provider;
	const char *file_id;          /* the file's stem (may be an alias) */
	const struct tier *tier;      /* published tier, or NULL if scores only */
	struct pos tier_pos;
	double *scores;               /* rubric->ncriteria values, or NULL */
	struct pos scores_pos;
	const char *override_reason;  /* optional */
	const char *tier_uncertain;   /* the published tier is uncertain: why; optional */
	bool draft;
	struct pos draft_pos;         /* where draft: was given */
	const char *summary;          /* Markdown, optional */
	struct pos summary_pos;
	struct text_origin summary_at;
	const char **strengths;       /* Markdown each */
	struct text_origin *strengths_at; /* where each was written */
	size_t nstrengths;
	const char **weaknesses;
	struct text_origin *weaknesses_at;
	size_t nweaknesses;
	struct fault_test *fault;     /* optional */
	bool has_security;
	enum tri *practices;          /* report.npractices answers, or NULL */
	struct finding *findings;
	size_t nfindings;
	struct quote *quotes;
	size_t nquotes;
	const struct source **sources;
	size_t nsources;
	struct pos pos;               /* the file, line 1 col 1 */
	struct field_value *fields;   /* report.review_fields, in declaration order */
	struct response *response;    /* optional */
	struct correction *corrections; /* as written */
	size_t ncorrections;
};

struct section {
	const char *id;       /* the file's stem */
	const char *title;
	long order;
	bool draft;
	pdate embargo;        /* or DATE_NONE */
	bool security;        /* the report's account of security: the security
	                       * page opens with it */
	const char *page;     /* page: "methodology" or "security", the page that
	                       * gives it in full (the home page its opening), or
	                       * NULL (static) */
	const char *body;     /* Markdown after the front matter */
	unsigned body_line;   /* line of the body's first line in the file */
	struct pos pos;
	struct correction *corrections; /* front matter corrections:, as written */
	size_t ncorrections;
};

enum paper { PAPER_A4, PAPER_LETTER };

struct report {
	const char *title;
	const char *subtitle;  /* optional */
	const char *publisher;
	const char **authors;
	size_t nauthors;
	const char *language;
	const char *base_url;  /* optional, ends with '/' */
	bool base_url_none;    /* base_url: ~ (no fixed address, on purpose) */
	enum paper paper;
	const char *edition_id;
	const char *compare_id;           /* optional */
	const struct edition *edition;    /* resolved */
	const struct edition *compare;    /* resolved: compare, else edition->previous, else NULL */
	const struct provider **featured; /* NULL: every provider rated in both */
	size_t nfeatured;
	bool allow_html;
	bool provider_chart_png; /* a PNG of each provider's history chart too */
	struct tier *ladder;
	size_t nladder;
	struct pos pos;
	const char *description;  /* one sentence: meta description, feed; optional */
	const char *lede;         /* Markdown with shortcodes: the finding, opening the
	                           * home page, its link preview, the PDF's title page
	                           * (SPEC 5.2); optional */
	struct text_origin lede_at;
	pdate published;          /* when the report was compiled, or DATE_NONE */
	struct field_def *provider_fields;
	size_t nprovider_fields;
	struct field_def *review_fields;
	size_t nreview_fields;
	struct practice_def *practices;   /* security.practices */
	size_t npractices;
	struct ui_string *strings;        /* strings: as written (see report_string) */
	size_t nstrings;
};

/* A custom page: content/pages/<id>.md. */
struct page {
	const char *id;       /* the file's stem */
	const char *title;
	bool nav;             /* listed in the site's navigation */
	long order;
	const char *layout;   /* a template name, or NULL: "page" */
	bool pdf;             /* also a section of the PDF, after the commentary */
	bool draft;
	const char *body;     /* Markdown after the front matter */
	unsigned body_line;
	struct pos pos;
};

/* One alias of a provider, for project_provider's binary search. */
struct alias_ref {
	const char *alias;
	const struct provider *provider;
};

struct project {
	struct arena *arena;
	const char *dir;            /* the project folder, as given */
	struct report report;
	struct source *sources;     /* sorted by id */
	size_t nsources;
	struct edition *editions;   /* oldest first (by the previous chain, then date) */
	size_t neditions;
	struct provider *providers; /* sorted by id */
	size_t nproviders;
	const struct provider **by_name; /* the same nproviders in reader order
	                                  * (provider.order): every list a reader
	                                  * sees; the data files keep id order */
	struct alias_ref *aliases;  /* every alias, sorted; NULL: scan providers */
	size_t naliases;
	struct review *reviews;     /* by edition, then provider id */
	size_t nreviews;
	struct section *sections;   /* by order, then id */
	size_t nsections;
	struct page *pages;         /* by order, then id */
	size_t npages;
	/* what the content has at all, found once after loading
	 * (project_derive): whether any practice or finding is recorded,
	 * whether any review has a fault test */
	bool has_security;
	bool has_fault_tests;
};

/* Lookups by id (binary search or alias); NULL when absent. */
const struct tier *project_tier(const struct project *p, const char *id);
const struct source *project_source(const struct project *p, const char *id);
const struct edition *project_edition(const struct project *p, const char *id);
/* Resolves aliases too. */
const struct provider *project_provider(const struct project *p, const char *id);
/* The review of provider in edition, or NULL. */
const struct review *edition_review(const struct edition *e, const struct provider *pr);
bool edition_has_tier(const struct edition *e, const struct tier *t);
/* The rubric's threshold for tier t, or NULL (the floor has none). */
const struct threshold *rubric_threshold(const struct rubric *rb, const struct tier *t);

void project_free(struct project *p);

/* Names for enums, as written in the content. */
const char *source_kind_name(enum source_kind k);
const char *finding_class_name(enum finding_class c);
const char *severity_name(enum severity s);
const char *field_type_name(enum field_type t);
/* The type of that name in report.yaml, or -1. */
int field_type_parse(const char *name);
/* The index of a declared field by id, or -1. */
int field_index(const struct field_def *defs, size_t n, const char *id);
/*
 * The parts of a report that appear only where their data exists: security
 * (declared practices, or a finding), failure tests (a review with a
 * fault_test), scores (an edition with a rubric).
 */
/* Sets what p has at all (has_security, has_fault_tests) from what it
 * holds: project_load calls it; a project built by hand calls it too. */
void project_derive(struct project *p);
bool project_has_security(const struct project *p);
bool project_has_fault_tests(const struct project *p);
bool project_has_rubric(const struct project *p);
/* A value as plain text (a list "a, b", a boolean "yes"/"no"), without its
 * unit; malloc'd, or NULL when not set. */
char *field_value_text(const struct field_def *f, const struct field_value *v);
/* The interface words, numbers, dates and lists in the report's language. */
#include "view.h"

#endif
