/*
 * keys.h: the keys and names the loader accepts, as the loader itself checks
 * them (gen/load/), for what must describe the content format without
 * copying it (the JSON Schemas of gen/schema/). Every array is
 * NULL-terminated and lists what one mapping (or one enum value) of a
 * content file may hold; a key added to the loader is in the schemas at once.
 */
#ifndef PODIUM_KEYS_H
#define PODIUM_KEYS_H

/* content/report.yaml (load_report.c): the top level and a ladder tier. */
extern const char *const report_keys[];
extern const char *const tier_keys[];
/* paper: */
extern const char *const paper_names[];

/* Declarations in report.yaml (load_fields.c): provider_fields and
 * review_fields items, security: and its practices (a field's types:
 * field_types, model.h). */
extern const char *const provider_field_keys[];
extern const char *const review_field_keys[];
extern const char *const security_decl_keys[];
extern const char *const practice_keys[];

/* content/editions/<id>.yaml (load_editions.c, load_rubric.c). */
extern const char *const edition_keys[];
extern const char *const partial_keys[];
extern const char *const universe_keys[];
extern const char *const targets_keys[];
extern const char *const rubric_keys[];
extern const char *const criterion_keys[];
extern const char *const threshold_keys[];
extern const char *const claim_keys[];
/* a claim written {value: N, note: "..."} */
extern const char *const claim_value_keys[];

/* A security finding, in an edition or a review (load_findings.c): its
 * keys, and the names of its class and severity. */
extern const char *const finding_keys[];
extern const char *const class_names[];
extern const char *const severity_names[];

/* content/providers/<id>.yaml and content/reviews/<e>/<p>.yaml: the
 * built-in keys, before the fields the report declares (load_providers.c,
 * load_reviews.c). */
extern const char *const provider_builtin_keys[];
extern const char *const review_builtin_keys[];
/* Parts of a review (load_reviews.c); detected_names: fault_test.detected_by. */
extern const char *const override_keys[];
extern const char *const fault_keys[];
extern const char *const replaced_from_names[]; /* fault_test.replaced_from */
extern const char *const detected_names[];
extern const char *const security_keys[];
extern const char *const quote_keys[];
/* response: (a review) and an item of corrections: (a review, an edition,
 * a commentary section's front matter). */
extern const char *const response_keys[];
extern const char *const correction_keys[];

/* content/sources.yaml (load_sources.c): a source's keys, and its kinds. */
extern const char *const source_keys[];
extern const char *const kind_names[];

#endif
