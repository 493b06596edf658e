/* diag.c: collected diagnostics, printed GCC style, as GitHub annotations or as JSON lines. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "podium.h"
#include "jsonw.h"
#include "parse.h"

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

/*
 * s as a diagnostic keeps it: every bidi control or mark (parse.h:
 * utf8_bidi_format) written "<U+202E>", every other control character
 * "<U+001B>" (but tab, line feed and carriage return in a message, which
 * each --format escapes its own way) and every byte that is not UTF-8
 * "<0xFF>". A file name or a name from the content may hold them, and a
 * terminal or an editor would otherwise reorder the rest of the line, or
 * take them as commands. Free the result.
 */
static char *
diag_shown(const char *s, bool path)
{
	struct buf b = BUF_INIT;
	size_t n = strlen(s), i = 0, len;
	uint32_t cp;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];

		len = c < 0x80 ? 1 : utf8_decode(s + i, n - i, &cp);
		if (c < 0x80)
			cp = c;
		if (len == 0) {
			buf_printf(&b, "<0x%02X>", c);
			len = 1;
		} else if (((cp < 0x20 && (path || (cp != '\t' && cp != '\n' && cp != '\r'))) ||
		    cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || utf8_bidi_format(cp)))
			buf_printf(&b, "<U+%04lX>", (unsigned long)cp);
		else
			buf_add(&b, s + i, len);
		i += len;
	}
	return buf_detach(&b, NULL);
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
	e->file = file ? diag_shown(file, true) : NULL;
	e->line = line;
	e->col = col;
	e->msg = diag_shown(b.data, false);
	buf_release(&b);
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

bool
diag_style_parse(const char *name, enum diag_style *style)
{
	if (strcmp(name, "gcc") == 0)
		*style = DIAG_GCC;
	else if (strcmp(name, "github") == 0)
		*style = DIAG_GITHUB;
	else if (strcmp(name, "json") == 0)
		*style = DIAG_JSON;
	else
		return false;
	return true;
}

/* A workflow command's text: '%', CR and LF escaped, and in a property
 * (prop) ':' and ',' too, as GitHub Actions reads them. */
static void
github_escape(struct buf *b, const char *s, bool prop)
{
	for (; *s != '\0'; s++) {
		if (*s == '%')
			buf_puts(b, "%25");
		else if (*s == '\r')
			buf_puts(b, "%0D");
		else if (*s == '\n')
			buf_puts(b, "%0A");
		else if (prop && *s == ':')
			buf_puts(b, "%3A");
		else if (prop && *s == ',')
			buf_puts(b, "%2C");
		else
			buf_putc(b, *s);
	}
}

static void
format_github(const struct diag_entry *e, bool strict, const char *prefix,
    struct buf *b)
{
	char *file;

	buf_puts(b, e->kind == DIAG_ERROR || strict ? "::error" : "::warning");
	if (e->file != NULL) {
		file = prefix != NULL ? path_join(prefix, e->file) : xstrdup(e->file);
		buf_puts(b, " file=");
		github_escape(b, file, true);
		free(file);
		if (e->line != 0)
			buf_printf(b, ",line=%u", e->line);
		if (e->line != 0 && e->col != 0)
			buf_printf(b, ",col=%u", e->col);
	}
	buf_puts(b, "::");
	github_escape(b, e->msg, false);
}

/* One JSON object on one line; a missing place is null. */
static void
format_json(const struct diag_entry *e, bool strict, struct buf *b)
{
	struct jsonw w;

	buf_puts(b, "{\"severity\":");
	buf_puts(b, e->kind == DIAG_ERROR || strict ? "\"error\"" : "\"warning\"");
	buf_puts(b, ",\"file\":");
	jw_init(&w, b);
	jw_string_or_null(&w, e->file);
	if (e->file != NULL && e->line != 0)
		buf_printf(b, ",\"line\":%u", e->line);
	else
		buf_puts(b, ",\"line\":null");
	if (e->file != NULL && e->line != 0 && e->col != 0)
		buf_printf(b, ",\"col\":%u", e->col);
	else
		buf_puts(b, ",\"col\":null");
	buf_puts(b, ",\"message\":");
	jw_init(&w, b);
	jw_string(&w, e->msg);
	buf_putc(b, '}');
}

void
diag_print_style(const struct diag *d, FILE *fp, enum diag_style style,
    const char *prefix)
{
	struct buf b = BUF_INIT;
	struct diag_entry more;
	size_t i;

	for (i = 0; i < d->n && i <= DIAG_MAX_SHOWN; i++) {
		const struct diag_entry *e;

		if (i == DIAG_MAX_SHOWN) {
			memset(&more, 0, sizeof(more));
			more.kind = DIAG_ERROR;
			buf_reset(&b);
			buf_printf(&b, "%zu more diagnostics not shown", d->n - DIAG_MAX_SHOWN);
			more.msg = buf_detach(&b, NULL);
			e = &more;
		} else
			e = &d->v[i];
		buf_reset(&b);
		if (style == DIAG_GITHUB)
			format_github(e, d->strict, prefix, &b);
		else if (style == DIAG_JSON)
			format_json(e, d->strict, &b);
		else
			diag_format(e, d->strict, &b);
		fprintf(fp, "%s\n", b.data);
		if (e == &more)
			free(more.msg);
	}
	buf_release(&b);
}

FILE *
diag_stream(enum diag_style style)
{
	return style == DIAG_JSON ? stdout : stderr;
}

void
diag_print(const struct diag *d, FILE *fp)
{
	diag_print_style(d, fp, DIAG_GCC, NULL);
}

static uint64_t
entry_hash(const struct diag_entry *e)
{
	const char *file = e->file != NULL ? e->file : "";
	unsigned nums[3] = {(unsigned)e->kind, e->line, e->col};
	uint64_t h = hash_bytes(HASH_SEED, file, strlen(file) + 1);

	h = hash_bytes(h, e->msg, strlen(e->msg) + 1);
	return hash_bytes(h, nums, sizeof(nums));
}

static bool
entry_equal(const struct diag_entry *a, const struct diag_entry *b)
{
	return a->kind == b->kind && a->line == b->line && a->col == b->col &&
	    (a->file == NULL) == (b->file == NULL) &&
	    (a->file == NULL || strcmp(a->file, b->file) == 0) &&
	    strcmp(a->msg, b->msg) == 0;
}

void
diag_dedupe(struct diag *d)
{
	struct htab seen = HTAB_INIT;   /* the kept entries */
	size_t i, k, at, kept = 0;
	uint64_t h;

	if (d->n < 2)
		return;
	for (i = 0; i < d->n; i++) {
		struct diag_entry *e = &d->v[i];
		bool dup = false;

		h = entry_hash(e);
		for (at = 0; !dup && htab_next(&seen, h, &at, &k); )
			dup = entry_equal(&d->v[k], e);
		if (dup) {
			if (e->kind == DIAG_ERROR)
				d->nerrors--;
			else
				d->nwarnings--;
			free(e->file);
			free(e->msg);
			continue;
		}
		d->v[kept] = *e;
		htab_add(&seen, h, kept++);
	}
	d->n = kept;
	htab_free(&seen);
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

int
usage_error(const char *usage, const char *fmt, const char *arg)
{
	fputs("podium: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	fputs(usage, stderr);
	return EXIT_USAGE;
}
