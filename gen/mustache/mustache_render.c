/*
 * mustache_render.c: renders a compiled template against a template value.
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
#include "parse.h"

struct mframe {
	const struct mtemplate *t;
	uint32_t parent;	/* the parent node holding the arguments */
};

struct mrender {
	struct mustache_set *set;
	struct buf *out;
	const struct mustache_sink *sink; /* NULL: out keeps everything */
	struct diag *d;
	const struct tv **ctx;	/* the context stack */
	size_t nctx, cctx;
	struct buf indent;	/* written at each line start */
	struct mframe *fr;
	size_t nfr, cfr;
	unsigned depth;		/* partials, parents and blocks entered */
};

static int render_range(struct mrender *r, const struct mtemplate *t,
    uint32_t from, uint32_t to, bool skip_line);

static void
ctx_push(struct mrender *r, const struct tv *v)
{
	r->ctx = xgrow(r->ctx, sizeof(*r->ctx), r->nctx + 1, &r->cctx);
	r->ctx[r->nctx++] = v;
}

/* The value of n's first segment in object o, or NULL: at n's hint first. */
static const struct tv *
first_get(const struct mnode *n, const struct tv *o)
{
	const struct tv_pair *p;
	size_t len = n->seglen[0];
	unsigned hash = n->seghash[0], h;

	if (o == NULL || o->type != TV_OBJECT || (o->keys & TV_KEY_BIT(hash)) == 0)
		return NULL;
	h = atomic_load_explicit(&((struct mnode *)n)->hint, memory_order_relaxed);
	if (h < o->u.obj.n && tv_pair_is(&o->u.obj.v[h], n->seg[0], len, hash))
		return o->u.obj.v[h].value;
	if ((p = tv_pair_find(o, n->seg[0], len, hash)) == NULL)
		return NULL;
	atomic_store_explicit(&((struct mnode *)n)->hint, (unsigned)(p - o->u.obj.v),
	    memory_order_relaxed);
	return p->value;
}

/* Notes that n's name was looked up, and found or not (written only
 * when that is news, as most lookups repeat what is known). */
static void
seen(const struct mnode *n, bool found)
{
	unsigned bits = MNODE_LOOKED | (found ? MNODE_FOUND : 0);
	atomic_uchar *s = &((struct mnode *)n)->seen;

	if ((atomic_load_explicit(s, memory_order_relaxed) & bits) != bits)
		atomic_fetch_or_explicit(s, (unsigned char)bits, memory_order_relaxed);
}

static const struct tv *
lookup(const struct mrender *r, const struct mnode *n)
{
	const struct tv *v = NULL;
	size_t i;

	if (n->nseg == 0)
		return r->nctx > 0 ? r->ctx[r->nctx - 1] : NULL;
	for (i = r->nctx; i > 0 && v == NULL; i--)
		v = first_get(n, r->ctx[i - 1]);
	for (i = 1; i < n->nseg && v != NULL; i++)
		v = tv_get_hashed(v, n->seg[i], n->seglen[i], n->seghash[i]);
	seen(n, v != NULL);
	return v;
}

static bool
falsey(const struct tv *v)
{
	if (v == NULL)
		return true;
	switch (v->type) {
	case TV_NULL:
	case TV_FALSE:
		return true;
	case TV_LIST:
		return v->u.list->n == 0;
	case TV_ARRAY:
		return v->u.arr.n == 0;
	case TV_STRING:
		return v->u.str.len == 0;
	default:
		return false;
	}
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
put_value(struct buf *out, const struct tv *v, bool escape)
{
	char num[21];

	switch (v->type) {
	case TV_STRING:
		if (escape)
			esc_html_n(out, v->u.str.s, v->u.str.len);
		else
			buf_add(out, v->u.str.s, v->u.str.len);
		break;
	case TV_INT:
		buf_add(out, num, fmt_int(v->u.i, num));
		break;
	case TV_REAL:
		put_real(out, v->u.r);
		break;
	case TV_TRUE:
		buf_puts(out, "true");
		break;
	case TV_FALSE:
		buf_puts(out, "false");
		break;
	default:
		break;
	}
}

/* Between two items of a section: out handed to the sink once it is full. */
static void
item_done(struct mrender *r)
{
	if (r->sink != NULL && r->out->len >= r->sink->at)
		r->sink->flush(r->sink->arg, r->out);
}

static int
render_section(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	const struct tv *v = lookup(r, n);
	const struct mustache_list *l;
	struct tv_mark mark;
	size_t k;
	int rc = 0;

	if (falsey(v))
		return 0;
	if (v->type == TV_LIST) {
		l = v->u.list;
		for (k = 0; k < l->n && rc == 0; k++) {
			mark = tv_mark();
			ctx_push(r, l->item(k, l->arg));
			rc = render_range(r, t, i + 1, n->end, false);
			r->nctx--;
			tv_release(mark);
			item_done(r);
		}
		return rc;
	}
	if (v->type != TV_ARRAY) {
		ctx_push(r, v);
		rc = render_range(r, t, i + 1, n->end, false);
		r->nctx--;
		return rc;
	}
	for (k = 0; k < v->u.arr.n && rc == 0; k++) {
		ctx_push(r, v->u.arr.v[k]);
		rc = render_range(r, t, i + 1, n->end, false);
		r->nctx--;
		item_done(r);
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
	const struct tv *v;

	if (!n->dynamic)
		return n->ref != NULL ? n->ref : mustache_find_locked(r->set, n->name);
	v = lookup(r, n);
	if (tv_str_value(v) == NULL)
		return NULL;
	return mustache_get(r->set, tv_str_value(v), r->d);
}

/* A partial, or a parent (whose block arguments become a frame). */
static int
render_include(struct mrender *r, const struct mtemplate *t, uint32_t i)
{
	const struct mnode *n = &t->nodes[i];
	const struct mtemplate *p = partial_target(r, n);
	size_t old = r->indent.len, oldfr = r->nfr;
	int rc;

	if (p == NULL) {
		const struct tv *v = n->dynamic ? lookup(r, n) : NULL;

		/* a name given by the values for a template there is not */
		if (tv_str_value(v) != NULL)
			diag_warning(r->d, t->path, n->line, n->col,
			    "no template '%s' for this partial", tv_str_value(v));
		return 0;
	}
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
	const struct tv *v;

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
		const struct mnode *n = &t->nodes[i];

		if (n->run_end != 0 && n->run_end <= to && r->indent.len == 0) {
			buf_add(r->out, n->run, n->run_len);
			i = n->run_end;
			continue;
		}
		if (render_node(r, t, i) == -1)
			return -1;
		i = n->end;
	}
	return 0;
}

int
mustache_render_template(struct mustache_set *s, struct mtemplate *t,
    const struct tv *data, struct buf *out, const struct mustache_sink *sink,
    struct diag *d)
{
	struct mrender r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.set = s;
	r.out = out;
	r.sink = sink;
	r.d = d;
	buf_init(&r.indent);
	ctx_push(&r, data);
	rc = render_range(&r, t, 0, t->nnodes, false);
	buf_release(&r.indent);
	free(r.ctx);
	free(r.fr);
	return rc;
}

/* Rendering by name: the set finds the template, rendering calls the set. */
int
mustache_render(struct mustache_set *s, const char *name, const struct tv *data,
    struct buf *out, struct diag *d)
{
	return mustache_render_sink(s, name, data, out, NULL, d);
}

int
mustache_render_sink(struct mustache_set *s, const char *name,
    const struct tv *data, struct buf *out, const struct mustache_sink *sink,
    struct diag *d)
{
	struct mtemplate *t;
	size_t before = d->nerrors;

	t = mustache_get(s, name, d);
	if (t == NULL) {
		if (d->nerrors == before)
			diag_error(d, NULL, 0, 0, "unknown template '%s'", name);
		return -1;
	}
	return mustache_render_template(s, t, data, out, sink, d);
}
