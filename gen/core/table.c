/*
 * table.c: tables as data (caption, header, cells), and the generic
 * functions that build them (table_data.h). The report's own tables are
 * compute's (table_report.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table_data.h"
#include "util.h"

/* On success, free with table_free(). */
struct table *
table_new(const char *caption, size_t ncols)
{
	struct table *t = xcalloc(1, sizeof(*t));

	t->caption = caption ? xstrdup(caption) : NULL;
	t->ncols = ncols;
	t->head = xcalloc(ncols ? ncols : 1, sizeof(*t->head));
	return t;
}

static void
cell_release(struct table_cell *c)
{
	free(c->text);
	free(c->href);
	free(c->anchor);
	c->text = c->href = c->anchor = NULL;
}

void
table_note_take(struct table *t, char *text)
{
	t->notes = xrealloc(t->notes, (t->nnotes + 1) * sizeof(*t->notes));
	t->notes[t->nnotes++] = text;
}

void
table_free(struct table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->ncols; i++)
		cell_release(&t->head[i]);
	for (i = 0; i < t->nrows * t->ncols; i++)
		cell_release(&t->cells[i]);
	for (i = 0; i < t->nnotes; i++)
		free(t->notes[i]);
	free(t->notes);
	free(t->head);
	free(t->cells);
	free(t->caption);
	free(t->id);
	free(t);
}

void
table_head(struct table *t, size_t i, const char *text, bool numeric)
{
	if (i >= t->ncols)
		return;
	table_cell_set(&t->head[i], text, NULL);
	t->head[i].numeric = numeric;
}

/* The row's cells stay valid until the next table_row(). */
struct table_cell *
table_row(struct table *t)
{
	struct table_cell *row;
	size_t need = (t->nrows + 1) * t->ncols;

	t->cells = xgrow(t->cells, sizeof(*t->cells), need ? need : 1, &t->cap);
	row = &t->cells[t->nrows * t->ncols];
	memset(row, 0, t->ncols * sizeof(*row));
	t->nrows++;
	return row;
}

void
table_cell_set(struct table_cell *c, const char *text, const char *href)
{
	table_cell_take(c, xstrdup(text ? text : ""), href);
}

void
table_cell_take(struct table_cell *c, char *text, const char *href)
{
	char *h = href ? xstrdup(href) : NULL;

	free(c->text);
	free(c->href);
	c->text = text;
	c->href = h;
}

void
table_cells_say(struct table *t, size_t col, size_t r0, size_t r1,
    const char *mark, const char *words)
{
	size_t r, k;

	for (r = r0; r < r1 && r < t->nrows; r++)
		for (k = 0; k < t->ncols; k++) {
			struct table_cell *c = &t->cells[r * t->ncols + k];

			if ((col == SIZE_MAX || k == col) && c->text != NULL &&
			    strcmp(c->text, mark) == 0)
				table_cell_set(c, words, c->href);
		}
}

static bool
column_empty(const struct table *t, size_t col, const char *empty)
{
	size_t r;

	for (r = 0; r < t->nrows; r++) {
		const char *x = t->cells[r * t->ncols + col].text;

		if (x != NULL && x[0] != '\0' && strcmp(x, empty) != 0)
			return false;
	}
	return true;
}

/*
 * Removes every column (after the first) whose cells all read empty or "",
 * so a reader never scans a column of dashes. A table with no rows is kept.
 */
void
table_drop_empty_columns(struct table *t, const char *empty)
{
	size_t col = 1, r, k;

	if (t->nrows == 0)
		return;
	while (col < t->ncols) {
		if (!column_empty(t, col, empty)) {
			col++;
			continue;
		}
		cell_release(&t->head[col]);
		memmove(&t->head[col], &t->head[col + 1],
		    (t->ncols - col - 1) * sizeof(*t->head));
		for (r = 0; r < t->nrows; r++)
			cell_release(&t->cells[r * t->ncols + col]);
		/* repack row-major cells without the column */
		for (k = 0, r = 0; r < t->nrows * t->ncols; r++)
			if (r % t->ncols != col)
				t->cells[k++] = t->cells[r];
		t->ncols--;
	}
}
