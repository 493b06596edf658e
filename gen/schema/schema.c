/*
 * schema.c: the JSON Schemas of a project's YAML files. Each mapping's keys
 * are the loader's list (keys.h); the tables below give each key's value,
 * and a key they do not know yet is allowed with any value, so a schema
 * never refuses what the loader takes. Scalars the loader reads as text
 * take any YAML scalar but null, as the loader does ("name: 2024").
 */
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "keys.h"
#include "schema.h"

#define DRAFT "https://json-schema.org/draft/2020-12/schema"

/* The patterns of the content's scalar types (parse.h), as ECMA-262 and
 * Python regular expressions both read them; a real date, a duration's
 * range and the like are still podium check's. */
#define ID_RE "^[a-z0-9][a-z0-9._-]*$"
#define DAY_RE "(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
#define DATE_RE "^[0-9]{4}-" DAY_RE "$"
#define SOURCE_DATE_RE "^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$"
#define DUR_BODY "([0-9]+d([0-9]+h)?([0-9]+m)?([0-9]+s)?|[0-9]+h([0-9]+m)?([0-9]+s)?" \
	"|[0-9]+m([0-9]+s)?|[0-9]+s)"
#define DURATION_RE "^" DUR_BODY "$"
#define BOUND_RE "^(<=)?" DUR_BODY "$"
#define TIMESTAMP_RE "^[0-9]{1,6}:[0-5][0-9](:[0-5][0-9])?$"
#define COLOR_RE "^#[0-9A-Fa-f]{6}$"
#define LANGUAGE_RE "^[A-Za-z][A-Za-z0-9-]{1,34}$"
#define COUNTRY_RE "^[A-Z]{2}$"
#define URL_CH "[^\\x00-\\x20\\x7f]"
#define HTTP_RE "https?://[^/\\x00-\\x20\\x7f]" URL_CH "*"
#define URL_RE "^(" HTTP_RE "|mailto:" URL_CH "+|(?!//)(?![^/?#]*:)" URL_CH "+)$"
#define BASE_URL_RE "^" HTTP_RE "$"

/* The writer and the project whose ladder and declarations it describes. */
struct sw {
	struct jsonw w;
	const struct project *p;
};

/* Writes the members of one schema object (the object is open). */
typedef void (*body_fn)(struct sw *);

/* A key of a mapping and its value; tables end with a NULL key. */
struct prop {
	const char *key;
	body_fn body;
};

/* A schema object {...} of body's members ({} when body is NULL: anything). */
static void
value(struct sw *s, body_fn body)
{
	jw_object_begin(&s->w);
	if (body != NULL)
		body(s);
	jw_object_end(&s->w);
}

static void
member_str(struct sw *s, const char *key, const char *v)
{
	jw_key(&s->w, key);
	jw_string(&s->w, v);
}

static void
member_int(struct sw *s, const char *key, long long v)
{
	jw_key(&s->w, key);
	jw_int(&s->w, v);
}

static void
strings_array(struct sw *s, const char *const *v)
{
	jw_array_begin(&s->w);
	for (; *v != NULL; v++)
		jw_string(&s->w, *v);
	jw_array_end(&s->w);
}

static void
enum_of(struct sw *s, const char *const *names)
{
	jw_key(&s->w, "enum");
	strings_array(s, names);
}

static bool
listed(const char *const *v, const char *s)
{
	for (; *v != NULL; v++)
		if (strcmp(*v, s) == 0)
			return true;
	return false;
}

/* Scalars. */

static void
b_text(struct sw *s)
{
	static const char *const types[] = {"string", "number", "boolean", NULL};

	jw_key(&s->w, "type");
	strings_array(s, types);
	member_int(s, "minLength", 1);
}

/* An id; a plain number ("previous: 2.0") is one too. */
static void
b_id(struct sw *s)
{
	static const char *const types[] = {"string", "number", NULL};

	jw_key(&s->w, "type");
	strings_array(s, types);
	member_str(s, "pattern", ID_RE);
	member_int(s, "maxLength", 128);
	member_int(s, "minimum", 0);
}

static void
b_pattern(struct sw *s, const char *re)
{
	member_str(s, "type", "string");
	member_str(s, "pattern", re);
}

static void b_date(struct sw *s) { b_pattern(s, DATE_RE); }
static void b_source_date(struct sw *s) { b_pattern(s, SOURCE_DATE_RE); }
static void b_duration(struct sw *s) { b_pattern(s, DURATION_RE); }
static void b_bound(struct sw *s) { b_pattern(s, BOUND_RE); }
static void b_timestamp(struct sw *s) { b_pattern(s, TIMESTAMP_RE); }
static void b_color(struct sw *s) { b_pattern(s, COLOR_RE); }
static void b_language(struct sw *s) { b_pattern(s, LANGUAGE_RE); }
static void b_country(struct sw *s) { b_pattern(s, COUNTRY_RE); }
static void b_url(struct sw *s) { b_pattern(s, URL_RE); }
/* An http(s) address, or null: no fixed address, on purpose. */
static void
b_base_url(struct sw *s)
{
	static const char *const types[] = {"string", "null", NULL};

	jw_key(&s->w, "type");
	strings_array(s, types);
	member_str(s, "pattern", BASE_URL_RE);
}
static void b_bool(struct sw *s) { member_str(s, "type", "boolean"); }
static void b_integer(struct sw *s) { member_str(s, "type", "integer"); }
static void b_number(struct sw *s) { member_str(s, "type", "number"); }

static void
b_range(struct sw *s, const char *type, double max)
{
	member_str(s, "type", type);
	member_int(s, "minimum", 0);
	if (max > 0) {
		jw_key(&s->w, "maximum");
		if (strcmp(type, "integer") == 0)
			jw_int(&s->w, (long long)max);
		else
			jw_real(&s->w, max);
	}
}

/* The loader's bounds: a count (claims, tracked), a weight or scale, a
 * total score; a criterion's score is 0..scale, the scale an edition's. */
static void b_count(struct sw *s) { b_range(s, "integer", 1e9); }
static void b_weight(struct sw *s) { b_range(s, "number", 1e6); }
static void b_percent(struct sw *s) { b_range(s, "number", 100); }
static void b_score(struct sw *s) { b_range(s, "number", 0); }

static void
b_tier(struct sw *s)
{
	const struct report *r = &s->p->report;
	size_t i;

	jw_key(&s->w, "enum");
	jw_array_begin(&s->w);
	for (i = 0; i < r->nladder; i++)
		jw_string(&s->w, r->ladder[i].id);
	jw_array_end(&s->w);
}

static void
b_enum(struct sw *s, const char *const *names)
{
	enum_of(s, names);
}

static void b_paper(struct sw *s) { b_enum(s, paper_names); }
static void
b_field_type(struct sw *s)
{
	int i;

	jw_key(&s->w, "enum");
	jw_array_begin(&s->w);
	for (i = 0; i < FIELD_NTYPES; i++)
		jw_string(&s->w, field_types[i].name);
	jw_array_end(&s->w);
}
static void b_class(struct sw *s) { b_enum(s, class_names); }
static void b_severity(struct sw *s) { b_enum(s, severity_names); }
static void b_detected(struct sw *s) { b_enum(s, detected_names); }
static void b_replaced_from(struct sw *s) { b_enum(s, replaced_from_names); }
static void b_kind(struct sw *s) { b_enum(s, kind_names); }

/* Containers. */

static void
b_array(struct sw *s, body_fn item)
{
	member_str(s, "type", "array");
	jw_key(&s->w, "items");
	value(s, item);
}

static void b_texts(struct sw *s) { b_array(s, b_text); }
static void b_ids(struct sw *s) { b_array(s, b_id); }

static void
b_tiers(struct sw *s)
{
	b_array(s, b_tier);
	jw_key(&s->w, "uniqueItems");
	jw_bool(&s->w, true);
}

/* A mapping whose keys are ids (tiers: any tier) and whose values are item. */
static void
b_map_of(struct sw *s, body_fn names, body_fn item)
{
	member_str(s, "type", "object");
	jw_key(&s->w, "propertyNames");
	value(s, names);
	jw_key(&s->w, "additionalProperties");
	value(s, item);
}

static body_fn
prop_body(const struct prop *props, const char *key)
{
	for (; props->key != NULL; props++)
		if (strcmp(props->key, key) == 0)
			return props->body;
	return NULL;
}

/* A declared field's value: its name and description, and its type's shape. */
static void
field_value(struct sw *s, const struct field_def *f)
{
	static const body_fn bodies[] = {
		[FIELD_STRING] = b_text, [FIELD_TEXT] = b_text, [FIELD_INTEGER] = b_integer,
		[FIELD_NUMBER] = b_number, [FIELD_BOOLEAN] = b_bool, [FIELD_DATE] = b_date,
		[FIELD_URL] = b_url, [FIELD_COUNTRY] = b_country, [FIELD_LIST] = b_texts,
	};
	size_t i;

	jw_object_begin(&s->w);
	member_str(s, "title", f->name);
	if (f->description != NULL)
		member_str(s, "description", f->description);
	if (f->type == FIELD_CHOICE) {
		jw_key(&s->w, "enum");
		jw_array_begin(&s->w);
		for (i = 0; i < f->nchoices; i++)
			jw_string(&s->w, f->choices[i]);
		jw_array_end(&s->w);
	} else
		bodies[f->type](s);
	jw_object_end(&s->w);
}

/*
 * The members of a mapping's schema: keys (the loader's) with their values
 * from props, then the declared fields defs; required: those of req the
 * loader knows, and the declared fields marked required.
 */
static void
mapping_fields(struct sw *s, const char *const *keys, const struct prop *props,
    const char *const *req, const struct field_def *defs, size_t n)
{
	size_t i;

	member_str(s, "type", "object");
	jw_key(&s->w, "properties");
	jw_object_begin(&s->w);
	for (i = 0; keys[i] != NULL; i++) {
		jw_key(&s->w, keys[i]);
		value(s, prop_body(props, keys[i]));
	}
	for (i = 0; i < n; i++) {
		jw_key(&s->w, defs[i].id);
		field_value(s, &defs[i]);
	}
	jw_object_end(&s->w);
	jw_key(&s->w, "required");
	jw_array_begin(&s->w);
	for (i = 0; req[i] != NULL; i++)
		if (listed(keys, req[i]))
			jw_string(&s->w, req[i]);
	for (i = 0; i < n; i++)
		if (defs[i].required)
			jw_string(&s->w, defs[i].id);
	jw_array_end(&s->w);
	jw_key(&s->w, "additionalProperties");
	jw_bool(&s->w, false);
}

static void
mapping(struct sw *s, const char *const *keys, const struct prop *props,
    const char *const *req)
{
	mapping_fields(s, keys, props, req, NULL, 0);
}

/* Either of two shapes ("partial: true" or "partial: {note: ...}"). */
static void
b_either(struct sw *s, body_fn a, body_fn b)
{
	jw_key(&s->w, "anyOf");
	jw_array_begin(&s->w);
	value(s, a);
	value(s, b);
	jw_array_end(&s->w);
}

static const char *const none[] = {NULL};

/* report.yaml */

static void
b_tier_def(struct sw *s)
{
	static const struct prop props[] = {{"id", b_id}, {"name", b_text},
		{"medal", b_bool}, {"rated", b_bool}, {"color", b_color},
		{"description", b_text}, {"group", b_text}, {NULL, NULL}};
	static const char *const req[] = {"id", "name", NULL};

	mapping(s, tier_keys, props, req);
}

static void
b_ladder(struct sw *s)
{
	b_array(s, b_tier_def);
	member_int(s, "minItems", 1);
}

static const struct prop field_props[] = {{"id", b_id}, {"name", b_text},
	{"type", b_field_type}, {"choices", b_texts}, {"required", b_bool},
	{"unit", b_text}, {"description", b_text}, {"filter", b_bool}, {NULL, NULL}};
static const char *const field_req[] = {"id", "name", "type", NULL};

static void b_pfield(struct sw *s) { mapping(s, provider_field_keys, field_props, field_req); }
static void b_rfield(struct sw *s) { mapping(s, review_field_keys, field_props, field_req); }
static void b_pfields(struct sw *s) { b_array(s, b_pfield); }
static void b_rfields(struct sw *s) { b_array(s, b_rfield); }

static void
b_practice_def(struct sw *s)
{
	static const struct prop props[] = {{"id", b_id}, {"name", b_text},
		{"description", b_text}, {NULL, NULL}};
	static const char *const req[] = {"id", "name", NULL};

	mapping(s, practice_keys, props, req);
}

static void b_practice_defs(struct sw *s) { b_array(s, b_practice_def); }

static void
b_security_decl(struct sw *s)
{
	static const struct prop props[] = {{"practices", b_practice_defs}, {NULL, NULL}};

	mapping(s, security_decl_keys, props, none);
}

/* strings: the interface words' keys, from the built-in table. */
static void
b_strings(struct sw *s)
{
	size_t i;

	member_str(s, "type", "object");
	jw_key(&s->w, "properties");
	jw_object_begin(&s->w);
	for (i = 0; ui_strings_default[i].key != NULL; i++) {
		jw_key(&s->w, ui_strings_default[i].key);
		jw_object_begin(&s->w);
		member_str(s, "description", ui_strings_default[i].text);
		b_text(s);
		jw_object_end(&s->w);
	}
	jw_object_end(&s->w);
	jw_key(&s->w, "additionalProperties");
	jw_bool(&s->w, false);
}

static void
b_report(struct sw *s)
{
	static const struct prop props[] = {{"title", b_text}, {"subtitle", b_text},
		{"publisher", b_text}, {"authors", b_texts}, {"language", b_language},
		{"base_url", b_base_url}, {"paper", b_paper}, {"edition", b_id},
		{"compare", b_id}, {"featured", b_ids}, {"allow_html", b_bool},
		{"ladder", b_ladder}, {"provider_chart_png", b_bool},
		{"provider_fields", b_pfields}, {"review_fields", b_rfields},
		{"security", b_security_decl}, {"strings", b_strings},
		{"description", b_text}, {"published", b_date}, {"lede", b_text},
		{NULL, NULL}};
	static const char *const req[] = {"title", "publisher", "edition", "ladder", NULL};

	mapping(s, report_keys, props, req);
}

static void b_verified(struct sw *s) { b_either(s, b_date, b_bool); }

/* A security finding, in an edition or a review. */
static void
b_finding(struct sw *s)
{
	static const struct prop props[] = {{"id", b_id}, {"title", b_text},
		{"class", b_class}, {"severity", b_severity}, {"disclosed", b_date},
		{"patched", b_date}, {"patched_after", b_duration},
		{"verified", b_verified}, {"public", b_bool}, {"source", b_id},
		{NULL, NULL}};
	static const char *const req[] = {"id", "title", "class", NULL};
	static const char *const both[] = {"patched", "patched_after", NULL};

	mapping(s, finding_keys, props, req);
	if (listed(finding_keys, both[0]) && listed(finding_keys, both[1])) {
		jw_key(&s->w, "not");
		jw_object_begin(&s->w);
		jw_key(&s->w, "required");
		strings_array(s, both);
		jw_object_end(&s->w);
	}
}

static void b_findings(struct sw *s) { b_array(s, b_finding); }

/* editions/<id>.yaml */

static void
b_universe(struct sw *s)
{
	static const struct prop props[] = {{"tracked", b_count}, {NULL, NULL}};

	mapping(s, universe_keys, props, none);
}

static void
b_targets(struct sw *s)
{
	static const struct prop props[] = {{"detect", b_duration}, {"replace", b_duration},
		{NULL, NULL}};

	mapping(s, targets_keys, props, none);
}

static void
b_partial_note(struct sw *s)
{
	static const struct prop props[] = {{"note", b_text}, {NULL, NULL}};

	mapping(s, partial_keys, props, none);
}

static void b_partial(struct sw *s) { b_either(s, b_bool, b_partial_note); }

static void
b_criterion(struct sw *s)
{
	static const struct prop props[] = {{"id", b_id}, {"name", b_text},
		{"weight", b_weight}, {NULL, NULL}};
	static const char *const req[] = {"id", "name", NULL};

	mapping(s, criterion_keys, props, req);
}

static void b_criteria(struct sw *s) { b_array(s, b_criterion); }
static void b_require(struct sw *s) { b_map_of(s, b_id, b_score); }

static void
b_threshold(struct sw *s)
{
	static const struct prop props[] = {{"min", b_percent}, {"require", b_require},
		{NULL, NULL}};
	static const char *const req[] = {"min", NULL};

	mapping(s, threshold_keys, props, req);
}

static void b_thresholds(struct sw *s) { b_map_of(s, b_tier, b_threshold); }

static void
b_rubric(struct sw *s)
{
	static const struct prop props[] = {{"scale", b_weight}, {"criteria", b_criteria},
		{"thresholds", b_thresholds}, {"floor", b_tier}, {NULL, NULL}};
	static const char *const req[] = {"scale", "criteria", "floor", NULL};

	mapping(s, rubric_keys, props, req);
}

static void
b_claim_noted(struct sw *s)
{
	static const struct prop props[] = {{"value", b_count}, {"note", b_text},
		{NULL, NULL}};
	static const char *const req[] = {"value", "note", NULL};

	mapping(s, claim_value_keys, props, req);
}

/* A claim: a count, or {value: N, note: "..."} when it is acknowledged. */
static void b_claim(struct sw *s) { b_either(s, b_count, b_claim_noted); }
static void b_claim_tiers(struct sw *s) { b_map_of(s, b_tier, b_claim); }

static void
b_claims(struct sw *s)
{
	static const struct prop props[] = {{"reviewed", b_claim}, {"rated", b_claim},
		{"medals", b_claim}, {"tiers", b_claim_tiers}, {NULL, NULL}};

	mapping(s, claim_keys, props, none);
}

/* corrections: [{date, text}] (a review, an edition, a section's front matter). */
static void
b_correction(struct sw *s)
{
	static const struct prop props[] = {{"date", b_date}, {"text", b_text},
		{NULL, NULL}};
	static const char *const req[] = {"date", "text", NULL};

	mapping(s, correction_keys, props, req);
}

static void b_corrections(struct sw *s) { b_array(s, b_correction); }

static void
b_edition(struct sw *s)
{
	static const struct prop props[] = {{"name", b_text}, {"published", b_date},
		{"previous", b_id}, {"source", b_id}, {"tiers", b_tiers},
		{"universe", b_universe}, {"rubric", b_rubric}, {"targets", b_targets},
		{"findings", b_findings}, {"claims", b_claims}, {"partial", b_partial},
		{"corrections", b_corrections}, {NULL, NULL}};
	static const char *const req[] = {"name", "published", NULL};

	mapping(s, edition_keys, props, req);
}

/* providers/<id>.yaml */

static void
b_provider(struct sw *s)
{
	static const struct prop props[] = {{"name", b_text}, {"short", b_text},
		{"url", b_url}, {"aliases", b_ids}, {"successor", b_id}, {NULL, NULL}};
	static const char *const req[] = {"name", NULL};
	const struct report *r = &s->p->report;

	mapping_fields(s, provider_builtin_keys, props, req, r->provider_fields,
	    r->nprovider_fields);
}

/* reviews/<edition>/<provider>.yaml */

static void
b_override(struct sw *s)
{
	static const struct prop props[] = {{"reason", b_text}, {NULL, NULL}};
	static const char *const req[] = {"reason", NULL};

	mapping(s, override_keys, props, req);
}

static void
b_fault(struct sw *s)
{
	static const struct prop props[] = {{"fault", b_text}, {"detected_by", b_detected},
		{"detect_after", b_bound}, {"drain_after", b_bound},
		{"replaced_after", b_bound}, {"replaced_from", b_replaced_from},
		{"automatic", b_bool}, {"note", b_text},
		{"injected", b_bool}, {"against_targets", b_bool},
		{"first_missed", b_bool}, {NULL, NULL}};
	static const char *const req[] = {"fault", NULL};

	mapping(s, fault_keys, props, req);
}

/* security.practices: the report's declared practices, each true or false. */
static void
b_practices(struct sw *s)
{
	const struct report *r = &s->p->report;
	size_t i;

	member_str(s, "type", "object");
	jw_key(&s->w, "properties");
	jw_object_begin(&s->w);
	for (i = 0; i < r->npractices; i++) {
		jw_key(&s->w, r->practices[i].id);
		jw_object_begin(&s->w);
		member_str(s, "title", r->practices[i].name);
		if (r->practices[i].description != NULL)
			member_str(s, "description", r->practices[i].description);
		b_bool(s);
		jw_object_end(&s->w);
	}
	jw_object_end(&s->w);
	jw_key(&s->w, "additionalProperties");
	jw_bool(&s->w, false);
}

static void
b_review_security(struct sw *s)
{
	static const struct prop props[] = {{"practices", b_practices},
		{"findings", b_findings}, {NULL, NULL}};

	mapping(s, security_keys, props, none);
}

static void
b_quote(struct sw *s)
{
	static const struct prop props[] = {{"text", b_text}, {"source", b_id},
		{"at", b_timestamp}, {NULL, NULL}};
	static const char *const req[] = {"text", "source", NULL};

	mapping(s, quote_keys, props, req);
}

static void b_quotes(struct sw *s) { b_array(s, b_quote); }

/* response: {text, date, source}: the provider's answer. */
static void
b_response(struct sw *s)
{
	static const struct prop props[] = {{"text", b_text}, {"date", b_date},
		{"source", b_id}, {NULL, NULL}};
	static const char *const req[] = {"text", NULL};

	mapping(s, response_keys, props, req);
}
static void b_scores(struct sw *s) { b_map_of(s, b_id, b_score); }

/* One key of the two, at least (a review gives its tier, or its scores). */
static void
b_one_of_keys(struct sw *s, const char *a, const char *b)
{
	const char *const ka[] = {a, NULL}, *const kb[] = {b, NULL};

	jw_key(&s->w, "anyOf");
	jw_array_begin(&s->w);
	jw_object_begin(&s->w);
	jw_key(&s->w, "required");
	strings_array(s, ka);
	jw_object_end(&s->w);
	jw_object_begin(&s->w);
	jw_key(&s->w, "required");
	strings_array(s, kb);
	jw_object_end(&s->w);
	jw_array_end(&s->w);
}

static void
b_review(struct sw *s)
{
	static const struct prop props[] = {{"tier", b_tier}, {"tier_uncertain", b_text},
		{"scores", b_scores}, {"override", b_override}, {"draft", b_bool},
		{"summary", b_text}, {"strengths", b_texts}, {"weaknesses", b_texts},
		{"fault_test", b_fault}, {"security", b_review_security},
		{"quotes", b_quotes}, {"sources", b_ids}, {"response", b_response},
		{"corrections", b_corrections}, {NULL, NULL}};
	const struct report *r = &s->p->report;

	mapping_fields(s, review_builtin_keys, props, none, r->review_fields,
	    r->nreview_fields);
	if (listed(review_builtin_keys, "tier") && listed(review_builtin_keys, "scores"))
		b_one_of_keys(s, "tier", "scores");
}

/* sources.yaml: a mapping of source ids to sources. */

static void
b_source(struct sw *s)
{
	static const struct prop props[] = {{"title", b_text}, {"author", b_text},
		{"publisher", b_text}, {"date", b_source_date}, {"date_text", b_text},
		{"kind", b_kind}, {"url", b_url}, {NULL, NULL}};
	static const char *const req[] = {"title", "kind", NULL};

	mapping(s, source_keys, props, req);
}

static void b_sources(struct sw *s) { b_map_of(s, b_id, b_source); }

/* The documents. */

static const struct {
	const char *file;    /* the schema's file name */
	const char *content; /* the files it describes */
	body_fn body;
} docs[SCHEMA_COUNT] = {
	[SCHEMA_REPORT] = {"report.schema.json", "content/report.yaml", b_report},
	[SCHEMA_EDITION] = {"edition.schema.json", "content/editions/<id>.yaml", b_edition},
	[SCHEMA_PROVIDER] = {"provider.schema.json", "content/providers/<id>.yaml", b_provider},
	[SCHEMA_REVIEW] = {"review.schema.json", "content/reviews/<edition>/<provider>.yaml",
		b_review},
	[SCHEMA_SOURCES] = {"sources.schema.json", "content/sources.yaml", b_sources},
};

const char *
schema_file_name(enum schema_kind k)
{
	return docs[k].file;
}

void
schema_build(const struct project *p, enum schema_kind k, struct buf *out)
{
	struct sw s;
	char *about;

	jw_init(&s.w, out);
	s.p = p;
	about = xasprintf("The keys and values podium accepts in %s of this report, "
	    "its ladder and declared fields included; 'podium check' remains the "
	    "authority (references between files, claims, real dates). Written by "
	    "'podium schema': run it again after changing content/report.yaml.",
	    docs[k].content);
	jw_object_begin(&s.w);
	member_str(&s, "$schema", DRAFT);
	member_str(&s, "title", docs[k].content);
	member_str(&s, "description", about);
	docs[k].body(&s);
	jw_object_end(&s.w);
	buf_putc(out, '\n');
	free(about);
}

/* The content files podium creates and the schema of each. */
static enum schema_kind
schema_of(const char *rel, bool *found)
{
	static const struct {
		const char *folder; /* rel is this file, or starts with this folder ... */
		unsigned depth;     /* ... and has this many '/' */
		enum schema_kind k;
	} files[] = {
		{"content/report.yaml", 1, SCHEMA_REPORT},
		{"content/sources.yaml", 1, SCHEMA_SOURCES},
		{"content/editions/", 2, SCHEMA_EDITION},
		{"content/providers/", 2, SCHEMA_PROVIDER},
		{"content/reviews/", 3, SCHEMA_REVIEW},
	};
	unsigned depth = 0;
	size_t i;

	*found = false;
	for (i = 0; rel[i] != '\0'; i++)
		depth += rel[i] == '/';
	if (!str_ends(rel, ".yaml"))
		return SCHEMA_REPORT;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (str_ends(files[i].folder, ".yaml") ? strcmp(rel, files[i].folder) == 0 :
		    str_starts(rel, files[i].folder) && depth == files[i].depth) {
			*found = true;
			return files[i].k;
		}
	return SCHEMA_REPORT;
}

bool
schema_modeline(const char *rel, struct buf *out)
{
	enum schema_kind k;
	bool found;
	const char *p;

	k = schema_of(rel, &found);
	if (!found)
		return false;
	buf_puts(out, "# yaml-language-server: $schema=");
	for (p = rel; (p = strchr(p, '/')) != NULL; p++)
		buf_puts(out, "../");
	buf_printf(out, "%s/%s\n", SCHEMA_DIR, docs[k].file);
	return true;
}
