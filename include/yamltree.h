/*
 * yamltree.h: one YAML document as a small tree of scalars, sequences and
 * mappings, each node marked with its 1-based line and column.
 *
 * libyaml parses; this layer builds the tree from its events and refuses what
 * podium does not accept (anchors, aliases, tags, more than one document,
 * nesting deeper than LOAD_MAX_DEPTH, strings over LOAD_MAX_STRING or
 * holding NUL, invalid UTF-8, non-scalar keys, merge keys "<<") and
 * reports duplicate keys.
 * Every node lives in the arena given to yaml_tree_parse().
 */
#ifndef PODIUM_YAMLTREE_H
#define PODIUM_YAMLTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "diag.h"
#include "scalar_pos.h"

struct arena;

enum ynode_kind { YNODE_SCALAR, YNODE_SEQ, YNODE_MAP };

struct ypair {
	struct ynode *key;   /* always a scalar */
	struct ynode *value;
	bool duplicate;      /* a key seen before in this mapping (reported) */
};

struct ynode {
	enum ynode_kind kind;
	unsigned line, col;   /* 1-based */
	const char *str;      /* scalar: the text, NUL-terminated; else NULL */
	size_t len;
	bool plain;           /* scalar written without quotes or block style */
	enum scalar_style style; /* scalar: how it is written */
	const char *src;      /* scalar: its source bytes, from its first byte (the
	                         quote, '|' or '>') to its end, when they differ
	                         from str; else NULL */
	size_t src_len;
	struct ynode **items; /* sequence items, in order */
	size_t nitems;
	struct ypair *pairs;  /* mapping entries, in document order */
	size_t npairs;
};

/*
 * Parses text (len bytes) as one YAML document. Diagnostics name file and
 * add line_offset to every line (for front matter inside a larger file).
 * Returns the root node, allocated in a, or NULL after reporting an error.
 * A file with no document, or whose document is an empty scalar, gives
 * NULL with *empty set and nothing reported; the caller words that error.
 */
struct ynode *yaml_tree_parse(const char *text, size_t len, const char *file,
    unsigned line_offset, struct arena *a, struct diag *d, bool *empty);

/* The value of key (len bytes) in mapping map (first occurrence), or NULL. */
struct ynode *ynode_get_n(const struct ynode *map, const char *key, size_t len);
/* The same for a NUL-terminated key: in line, so that a literal key's
 * length is known where it is asked. */
static inline struct ynode *
ynode_get(const struct ynode *map, const char *key)
{
	return ynode_get_n(map, key, strlen(key));
}
/* A plain null scalar: empty, "~" or "null". */
bool ynode_is_null(const struct ynode *n);
/* "a scalar", "a sequence", "a mapping": for messages. */
const char *ynode_kind_name(const struct ynode *n);

/* The 1-based line and column of byte offset off in text. */
void text_line_col(const char *text, size_t len, size_t off, unsigned *line,
    unsigned *col);

#endif
