/* diag.c: collected diagnostics, printed GCC style. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void
diag_init(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

void
diag_release(struct diag *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	free(d->v);
	diag_init(d);
}

static void
diag_add(struct diag *d, enum diag_kind kind, const char *file, unsigned line,
    unsigned col, const char *fmt, va_list ap)
{
	struct diag_entry *e;
	struct buf b = BUF_INIT;

	buf_vprintf(&b, fmt, ap);
	d->v = xgrow(d->v, sizeof(*d->v), d->n + 1, &d->cap);
	e = &d->v[d->n++];
	e->kind = kind;
	e->file = file ? xstrdup(file) : NULL;
	e->line = line;
	e->col = col;
	e->msg = buf_detach(&b, NULL);
	if (kind == DIAG_ERROR)
		d->nerrors++;
	else
		d->nwarnings++;
}

void
diag_error(struct diag *d, const char *file, unsigned line, unsigned col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_add(d, DIAG_ERROR, file, line, col, fmt, ap);
	va_end(ap);
}

void
diag_warning(struct diag *d, const char *file, unsigned line, unsigned col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_add(d, DIAG_WARNING, file, line, col, fmt, ap);
	va_end(ap);
}

void
diag_system(struct diag *d, const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_add(d, DIAG_ERROR, file, 0, 0, fmt, ap);
	va_end(ap);
	d->system = true;
}

bool
diag_failed(const struct diag *d)
{
	return d->nerrors > 0 || (d->strict && d->nwarnings > 0);
}

void
diag_format(const struct diag_entry *e, bool strict, struct buf *b)
{
	const char *kind = e->kind == DIAG_ERROR || strict ? "error" : "warning";

	if (e->file == NULL)
		buf_puts(b, "podium");
	else if (e->line == 0)
		buf_puts(b, e->file);
	else if (e->col == 0)
		buf_printf(b, "%s:%u", e->file, e->line);
	else
		buf_printf(b, "%s:%u:%u", e->file, e->line, e->col);
	buf_printf(b, ": %s: %s", kind, e->msg);
}

void
diag_print(const struct diag *d, FILE *fp)
{
	struct buf b = BUF_INIT;
	size_t i;

	for (i = 0; i < d->n && i < DIAG_MAX_SHOWN; i++) {
		buf_reset(&b);
		diag_format(&d->v[i], d->strict, &b);
		fprintf(fp, "%s\n", b.data);
	}
	if (d->n > DIAG_MAX_SHOWN)
		fprintf(fp, "podium: error: %zu more diagnostics not shown\n",
		    d->n - DIAG_MAX_SHOWN);
	buf_release(&b);
}

void
diag_move(struct diag *to, struct diag *from)
{
	size_t i;

	if (from->n > 0) {
		to->v = xgrow(to->v, sizeof(*to->v), to->n + from->n, &to->cap);
		for (i = 0; i < from->n; i++)
			to->v[to->n++] = from->v[i];
	}
	to->nerrors += from->nerrors;
	to->nwarnings += from->nwarnings;
	to->system = to->system || from->system;
	free(from->v);
	diag_init(from);
}
