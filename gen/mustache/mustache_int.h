/*
 * mustache_int.h: the compiled form of a Mustache template, shared by the
 * parser (mustache_parse.c), the renderer (mustache_render.c) and the set
 * (mustache.c). Not part of the public interface.
 *
 * A template compiles to one flat array of nodes. A container (section,
 * inverted section, parent, block) is followed by its children and records
 * in end the index just past them; any other node has end = its index + 1.
 * A line node marks where a line of the template starts: the renderer
 * writes the current indentation there (for standalone partials and blocks).
 */
#ifndef PODIUM_MUSTACHE_INT_H
#define PODIUM_MUSTACHE_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "mustache.h"

#define MNODE_LOOKED 1u
#define MNODE_FOUND 2u

/* Partials and parents nested deeper than this are an error (a loop). */
#define MUSTACHE_MAX_DEPTH 100
/*
 * Sections, inverted sections, parents and blocks nested deeper than this
 * in one template are an error: each level makes every name inside look
 * through one more context, so a deeper nest costs its square to render.
 */
#define MUSTACHE_MAX_NESTING 100

enum mnode_kind {
	MN_TEXT,	/* literal text */
	MN_LINE,	/* a line starts here: write the indentation */
	MN_VAR,		/* {{name}}, HTML-escaped */
	MN_RAW,		/* {{{name}}} or {{&name}} */
	MN_SECTION,	/* {{#name}} */
	MN_INVERTED,	/* {{^name}} */
	MN_PARTIAL,	/* {{>name}} or {{>*name}} */
	MN_PARENT,	/* {{<name}} */
	MN_BLOCK	/* {{$name}} */
};

struct mnode {
	enum mnode_kind kind;
	uint32_t end;		/* index past the last child */
	const char *text;	/* MN_TEXT: into the template's source */
	size_t len;
	const char *name;	/* the tag's name as written (arena) */
	const char **seg;	/* the name split at dots; nseg 0 is "." */
	size_t *seglen;		/* the length of each segment */
	unsigned *seghash;	/* tv_hash_n() of each segment */
	uint32_t nseg;
	/*
	 * Where the first segment was last found in its object's keys: the
	 * objects a name is looked up in are mostly made by the same code, so
	 * that place is looked at first. Only a hint (relaxed, shared by the
	 * threads rendering the template): a wrong one costs one compare.
	 */
	atomic_uint hint;
	/* MNODE_LOOKED once a render looked the name up, MNODE_FOUND once one
	 * found it (for mustache_names_check) */
	atomic_uchar seen;
	const char *indent;	/* partial, parent, block: indentation */
	size_t indent_len;
	bool standalone;	/* the tag stood alone on its line */
	bool dynamic;		/* {{>*name}}: the name is looked up */
	struct mtemplate *ref;	/* partial, parent: resolved when added */
	unsigned line, col;	/* where the tag starts */
	/*
	 * Text and line nodes from here to run_end (> index + 1) whose texts
	 * follow one another in the source: with no indentation to write, they
	 * are the run_len bytes at run, written at once. 0: no such run.
	 */
	uint32_t run_end;
	const char *run;
	size_t run_len;
};

struct mtemplate {
	char *name;		/* the name partials use */
	char *path;		/* the name shown in diagnostics */
	char *src;		/* the source, NUL-terminated */
	size_t len;
	struct mnode *nodes;
	uint32_t nnodes;
	struct arena *arena;	/* names and name segments */
};

struct mustache_set {
	mustache_loader loader;
	void *ctx;
	pthread_mutex_t lock;	/* recursive: held while a name is found or loaded */
	struct mtemplate **v;	/* the templates, in the order added */
	size_t n, cap;
	struct htab by_name;	/* hash_str(name) -> index in v */
};

/* Parses t->src into t->nodes. Returns 0, or -1 with a diagnostic. */
int mustache_parse(struct mtemplate *t, struct diag *d);
/* The template named name, or NULL. Does not call the loader. */
struct mtemplate *mustache_find(const struct mustache_set *s, const char *name);
/* mustache_find under the set's lock (for rendering threads). */
struct mtemplate *mustache_find_locked(struct mustache_set *s, const char *name);
/* Finds name in the set or loads it; NULL when absent or invalid. */
struct mtemplate *mustache_get(struct mustache_set *s, const char *name,
    struct diag *d);
/* Renders t (compiled) into out. Returns 0 or -1 with a diagnostic. */
int mustache_render_template(struct mustache_set *s, struct mtemplate *t,
    const struct tv *data, struct buf *out, const struct mustache_sink *sink,
    struct diag *d);

#endif
