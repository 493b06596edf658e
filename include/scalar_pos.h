/*
 * scalar_pos.h: a place in a YAML scalar's value, found again in its source.
 *
 * libyaml gives a scalar's value with its quotes, escapes, folding and
 * indentation removed; a diagnostic about the value (a bad shortcode in a
 * review's summary) belongs at the bytes the author wrote. scalar_pos()
 * aligns the value with the source slice in order, matching each value
 * character with the next equal source character and skipping what the
 * style removes (quotes, "''", escapes, line breaks folded into a space,
 * indentation, a block scalar's header), so "{{" and the text of a
 * shortcode are found where they stand in the file.
 */
#ifndef PODIUM_SCALAR_POS_H
#define PODIUM_SCALAR_POS_H

#include <stddef.h>

/* Where a thing stands in the content: file relative to the project. */
struct pos {
	const char *file;
	unsigned line, col; /* 1-based; 0 = unknown */
};

enum scalar_style {
	SCALAR_PLAIN, SCALAR_SINGLE, SCALAR_DOUBLE, SCALAR_LITERAL, SCALAR_FOLDED
};

/*
 * Where a Markdown text read from a YAML scalar was written: the line and
 * column of the scalar's first byte (its quote, its '|' or '>', or its
 * first character) and its source bytes (NULL: not kept, positions are
 * counted in the value from line:col, as for a one-line plain scalar).
 */
struct text_origin {
	unsigned line, col;  /* 1-based; 0: unknown */
	const char *src;     /* the scalar's source bytes, or NULL */
	size_t src_len;
	enum scalar_style style;
};

/*
 * The byte offset in src (the scalar's source, from its first byte) of the
 * value's byte voff (value: vlen bytes). voff == vlen gives the place after
 * the last matched character. Never more than slen.
 */
size_t scalar_pos(const char *src, size_t slen, enum scalar_style style,
    const char *value, size_t vlen, size_t voff);

/*
 * Places n places of a text read from origin o (text: vlen bytes) in the
 * file: lines[k]:cols[k] (1-based, columns in characters, as a Markdown
 * diagnostic counts them in the value) become the file's line and column.
 * One walk over the value serves them all, in whatever order they come.
 * A place with line 0, or an unknown origin (line 0), is left as it is.
 */
void text_origin_map(const struct text_origin *o, const char *text, size_t vlen,
    size_t n, unsigned *lines, unsigned *cols);

#endif
