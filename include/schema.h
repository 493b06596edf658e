/*
 * schema.h: JSON Schemas (draft 2020-12) of a project's YAML files, for
 * editors' YAML language servers (`podium schema`, SPEC 5.4).
 *
 * The keys of every mapping are the loader's own lists (keys.h), so a
 * schema accepts exactly the keys `podium check` accepts; the project adds
 * its ladder (tier ids as enums), its declared provider and review fields
 * (with their types) and its security practices. What a schema cannot say
 * (references between files, claims, real dates, ...) stays with `podium
 * check`, the authority. The same project gives the same bytes.
 */
#ifndef PODIUM_SCHEMA_H
#define PODIUM_SCHEMA_H

#include <stdbool.h>

#include "model.h"
#include "util.h"

/* The folder `podium schema` writes into by default, under the project. */
#define SCHEMA_DIR "schemas"

enum schema_kind { SCHEMA_REPORT, SCHEMA_EDITION, SCHEMA_PROVIDER, SCHEMA_REVIEW,
	SCHEMA_SOURCES, SCHEMA_COUNT };

/* "report.schema.json", ...: the file of kind k. */
const char *schema_file_name(enum schema_kind k);
/* Appends the schema of kind k for project p (loaded without errors in its
 * report.yaml) to out, as JSON ending in a newline. */
void schema_build(const struct project *p, enum schema_kind k, struct buf *out);
/*
 * For a content file podium creates (rel, relative to the project:
 * "content/reviews/3.0/aws.yaml"), appends to out the line that points a
 * YAML language server at its schema in SCHEMA_DIR
 * ("# yaml-language-server: $schema=../../../schemas/review.schema.json")
 * and returns true; false (out untouched) for a file no schema describes.
 */
bool schema_modeline(const char *rel, struct buf *out);

/* The command: podium schema [-C DIR] [-o DIR]. An exit status. */
int cmd_schema(int argc, char *argv[]);

#endif
