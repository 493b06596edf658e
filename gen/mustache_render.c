/*
 * mustache_render.c: renders a compiled template against a jansson value.
 *
 * The context stack holds the values sections pushed; a name is looked up
 * from the top down by its first part, then the rest of its parts are
 * looked up inside what was found. Parents push a frame holding their
 * block arguments; a block takes the argument of the outermost frame that
 * has one, else its own default content.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "mustache_int.h"

struct mframe {
	const struct mtemplate *t;
	uint32_t parent;	/* the parent node holding the arguments */
};

struct mrender {
	struct mustache_set *set;
	struct buf *out;
	struct diag *d;
	json_t **ctx;		/* the context stack */
	size_t nctx, cctx;
	struct buf indent;	/* written at each line start */
	struct mframe *fr;
	size_t nfr, cfr;
	unsigned depth;		/* partials, parents and blocks entered */
};

static int render_range(struct mrender *r, const struct mtemplate *t,
    uint32_t from, uint32_t to, bool skip_line);

/*
 * A list value is an object whose one key no template can name (it starts
 * with a control character, which a tag name cannot hold) and whose value is
 * the address of its struct mustache_list. Only this file makes and reads it.
 */
#define LIST_KEY "\x01list"

json_t *
mustache_list_value(const struct mustache_list *list)
{
	json_t *o = json_object();

	json_object_set_new(o, LIST_KEY, json_integer((json_int_t)(intptr_t)list));
	return o;
}

static const struct mustache_list *
as_list(const json_t *v)
{
	const json_t *p;

	if (!json_is_object(v) || json_object_size(v) != 1 ||
	    (p = json_object_get(v, LIST_KEY)) == NULL || !json_is_integer(p))
		return NULL;
	return (const struct mustache_list *)(intptr_t)json_integer_value(p);
}

static void
ctx_push(struct mrender *r, json_t *v)
{
	r->ctx = xgrow(r->ctx, sizeof(*r->ctx), r->nctx + 1, &r->cctx);
	r->ctx[r->nctx++] = v;
}

static json_t *
lookup(const struct mrender *r, const struct mnode *n)
{
	json_t *v = NULL;
	size_t i;

	if (n->nseg == 0)
		return r->nctx > 0 ? r->ctx[r->nctx - 1] : NULL;
	for (i = r->nctx; i > 0 && v == NULL; i--)
		if (json_is_object(r->ctx[i - 1]) && as_list(r->ctx[i - 1]) == NULL)
			v = json_object_get(r->ctx[i - 1], n->seg[0]);
	for (i = 1; i < n->nseg && v != NULL; i++)
		v = json_is_object(v) && as_list(v) == NULL ?
		    json_object_get(v, n->seg[i]) : NULL;
	return v;
}

static bool
falsey(const json_t *v)
{
	const struct mustache_list *l;

	if (v == NULL || json_is_null(v) || json_is_false(v))
		return true;
	if ((l = as_list(v)) != NULL)
		return l->n == 0;
	if (json_is_array(v))
		return json_array_size(v) == 0;
	if (json_is_string(v))
		return json_string_length(v) == 0;
	return false;
}

/*
 * The shortest decimal form that reads back as the same double: plain
 * digits for everyday magnitudes, the exponent form beyond them.
 */
static void
put_real(struct buf *out, double x)
{
	double ax = x < 0 ? -x : x;
	char tmp[64];
	int p;

	if (x == 0)
		x = 0; /* no "-0" */
	if (ax == 0 || (ax >= 1e-5 && ax < 1e16)) {
		for (p = 0; p <= 20; p++) {
			snprintf(tmp, sizeof(tmp), "%.*f", p, x);
			if (strtod(tmp, NULL) == x)
				break;
		}
	} else {
		for (p = 1; p <= 17; p++) {
			snprintf(tmp, sizeof(tmp), "%.*g", p, x);
			if (strtod(tmp, NULL) == x)
				break;
		}
	}
	buf_puts(out, tmp);
}

static void
put_value(struct buf *out, const json_t *v, bool escape)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		if (escape)
			esc_html_n(out, json_string_value(v),
			    json_string_length(v));
		else
			buf_add(out, json_string_value(v),
			    json_string_length(v));
		break;
	case JSON_INTEGER:
		buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		put_real(out, json_real_value(v));
		break;
	case JSON_TRUE:
		buf_puts(out, "true");
		break;
	case JSON_FALSE:
		buf_puts(out, "false");
		break;
	default:
		break;
	}
}

static int
render_section(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	json_t *v = lookup(r, n), *e;
	const struct mustache_list *l;
	size_t k;
	int rc = 0;

	if (falsey(v))
		return 0;
	if ((l = as_list(v)) != NULL) {
		for (k = 0; k < l->n && rc == 0; k++) {
			e = l->item(k, l->arg);
			ctx_push(r, e);
			rc = render_range(r, t, i + 1, n->end, false);
			r->nctx--;
			json_decref(e);
		}
		return rc;
	}
	if (!json_is_array(v)) {
		ctx_push(r, v);
		rc = render_range(r, t, i + 1, n->end, false);
		r->nctx--;
		return rc;
	}
	json_array_foreach(v, k, e) {
		ctx_push(r, e);
		rc = render_range(r, t, i + 1, n->end, false);
		r->nctx--;
		if (rc == -1)
			break;
	}
	return rc;
}

static void
indent_set(struct mrender *r, size_t len)
{
	r->indent.len = len;
	r->indent.data[len] = '\0';
}

static int
enter(struct mrender *r, const struct mtemplate *t, const struct mnode *n)
{
	if (r->depth >= MUSTACHE_MAX_DEPTH) {
		diag_error(r->d, t->path, n->line, n->col,
		    "templates nested too deeply at '%s'", n->name);
		return -1;
	}
	r->depth++;
	return 0;
}

static const struct mtemplate *
partial_target(struct mrender *r, const struct mnode *n)
{
	const json_t *v;

	if (!n->dynamic)
		return n->ref != NULL ? n->ref : mustache_find_locked(r->set, n->name);
	v = lookup(r, n);
	if (v == NULL || !json_is_string(v))
		return NULL;
	return mustache_get(r->set, json_string_value(v), r->d);
}

/* A partial, or a parent (whose block arguments become a frame). */
static int
render_include(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	const struct mtemplate *p = partial_target(r, n);
	size_t old = r->indent.len, oldfr = r->nfr;
	int rc;

	if (p == NULL)
		return 0;
	if (enter(r, t, n) == -1)
		return -1;
	if (n->kind == MN_PARENT) {
		r->fr = xgrow(r->fr, sizeof(*r->fr), r->nfr + 1, &r->cfr);
		r->fr[r->nfr].t = t;
		r->fr[r->nfr++].parent = i;
	}
	if (n->standalone)
		buf_add(&r->indent, n->indent, n->indent_len);
	rc = render_range(r, p, 0, p->nnodes, !n->standalone);
	indent_set(r, old);
	r->nfr = oldfr;
	r->depth--;
	return rc;
}

/* The argument for block name from the outermost frame that has one. */
static bool
block_argument(const struct mrender *r, const char *name,
    const struct mtemplate **t, uint32_t *i)
{
	for (size_t f = 0; f < r->nfr; f++) {
		const struct mtemplate *ft = r->fr[f].t;
		uint32_t p = r->fr[f].parent, c;

		for (c = p + 1; c < ft->nodes[p].end; c = ft->nodes[c].end)
			if (ft->nodes[c].kind == MN_BLOCK &&
			    strcmp(ft->nodes[c].name, name) == 0) {
				*t = ft;
				*i = c;
				return true;
			}
	}
	return false;
}

static int
render_block(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	const struct mtemplate *ct = t;
	uint32_t ci = i, from, to;
	size_t old = r->indent.len;
	int rc;

	block_argument(r, n->name, &ct, &ci);
	from = ci + 1;
	to = ct->nodes[ci].end;
	if (enter(r, t, n) == -1)
		return -1;
	buf_add(&r->indent, n->indent, n->indent_len);
	if (n->standalone && from < to && ct->nodes[from].kind != MN_LINE)
		buf_add(r->out, r->indent.data, r->indent.len);
	rc = render_range(r, ct, from, to, !n->standalone);
	indent_set(r, old);
	r->depth--;
	return rc;
}

static int
render_node(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	json_t *v;

	switch (n->kind) {
	case MN_TEXT:
		buf_add(r->out, n->text, n->len);
		return 0;
	case MN_LINE:
		if (r->indent.len > 0)
			buf_add(r->out, r->indent.data, r->indent.len);
		return 0;
	case MN_VAR:
	case MN_RAW:
		v = lookup(r, n);
		if (v != NULL)
			put_value(r->out, v, n->kind == MN_VAR);
		return 0;
	case MN_SECTION:
		return render_section(r, t, i);
	case MN_INVERTED:
		if (!falsey(lookup(r, n)))
			return 0;
		return render_range(r, t, i + 1, n->end, false);
	case MN_PARTIAL:
	case MN_PARENT:
		return render_include(r, t, i);
	case MN_BLOCK:
		return render_block(r, t, i);
	}
	return 0;
}

static int
render_range(struct mrender *r, const struct mtemplate *t, uint32_t from,
    uint32_t to, bool skip_line)
{
	uint32_t i = from;

	if (skip_line && i < to && t->nodes[i].kind == MN_LINE)
		i++;
	while (i < to) {
		if (render_node(r, t, i) == -1)
			return -1;
		i = t->nodes[i].end;
	}
	return 0;
}

int
mustache_render_template(struct mustache_set *s, struct mtemplate *t,
    json_t *data, struct buf *out, struct diag *d)
{
	struct mrender r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.set = s;
	r.out = out;
	r.d = d;
	buf_init(&r.indent);
	ctx_push(&r, data);
	rc = render_range(&r, t, 0, t->nnodes, false);
	buf_release(&r.indent);
	free(r.ctx);
	free(r.fr);
	return rc;
}
