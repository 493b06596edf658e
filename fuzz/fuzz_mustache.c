/*
 * fuzz_mustache.c: the Mustache engine, template and data. The input is
 * TEMPLATE NUL DATA NUL PARTIALS: DATA is a JSON document (else null) and
 * PARTIALS a JSON object of name -> template, found through the set's loader
 * as templates/ would be. The template is compiled, then rendered; a syntax
 * error must come with a diagnostic, and a render gives the same bytes twice.
 */
#include <jansson.h>
#include <string.h>

#include "fuzz.h"
#include "mustache.h"
#include "template_values_json.h"
#include "util.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int
partial_loader(void *ctx, const char *name, char **src, size_t *len, char **path,
    struct diag *d)
{
	json_t *v = json_object_get(ctx, name);

	(void)d;
	if (!json_is_string(v))
		return -1;
	*len = json_string_length(v);
	*src = xmalloc(*len + 1);
	memcpy(*src, json_string_value(v), *len + 1);
	*path = xasprintf("templates/%s.mustache", name);
	return 0;
}

/* The part of [*p, end) up to the next NUL (or end); *p moves past it. */
static char *
next_part(const char **p, const char *end, size_t *len)
{
	const char *nul = memchr(*p, '\0', (size_t)(end - *p));
	const char *stop = nul ? nul : end;
	char *s = xstrndup(*p, (size_t)(stop - *p));

	*len = (size_t)(stop - *p);
	*p = nul ? nul + 1 : end;
	return s;
}

static json_t *
json_of(const char *s, size_t n)
{
	json_error_t err;

	return json_loadb(s, n, JSON_DECODE_ANY, &err);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	size_t tlen, dlen, plen;
	char *tpl = next_part(&p, end, &tlen);
	char *dtext = next_part(&p, end, &dlen);
	char *ptext = next_part(&p, end, &plen);
	json_t *d = json_of(dtext, dlen), *partials = json_of(ptext, plen);
	struct tv *tv = tv_from_json(d);
	struct mustache_set *set;
	struct buf out = BUF_INIT;
	struct diag diag;
	int rc;

	if (!json_is_object(partials)) {
		json_decref(partials);
		partials = json_object();
	}
	diag_init(&diag);
	set = mustache_set_new(partial_loader, partials);
	rc = mustache_set_add(set, "page", tpl, tlen, "templates/page.mustache", &diag);
	FUZZ_ASSERT(rc == 0 || diag.nerrors > 0, "a refused template comes with an error");
	if (rc == 0) {
		rc = mustache_render(set, "page", tv, &out, &diag);
		FUZZ_ASSERT(rc == 0 || diag.nerrors > 0, "a failed render comes with an error");
		/* Rendering twice gives the same bytes: no state kept between renders. */
		if (rc == 0 && out.len < 100000) {
			struct buf again = BUF_INIT;

			FUZZ_ASSERT(mustache_render(set, "page", tv, &again, &diag) == 0 &&
			    again.len == out.len && memcmp(again.data, out.data, out.len) == 0,
			    "a template renders the same twice");
			buf_release(&again);
		}
	}
	mustache_set_free(set);
	diag_release(&diag);
	buf_release(&out);
	tv_reset();
	json_decref(d);
	json_decref(partials);
	free(tpl);
	free(dtext);
	free(ptext);
	return 0;
}
