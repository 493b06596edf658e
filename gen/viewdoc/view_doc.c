/* view_doc.c: the report view's document tree: building it, its plain
 * text, and freeing it (include/view_doc.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "view_doc.h"

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

struct vd_inline *
vd_add(struct vd_inlines *in, enum vd_kind kind, const char *text)
{
	struct vd_inline *v;

	in->v = xgrow(in->v, sizeof(*in->v), in->n + 1, &in->cap);
	v = &in->v[in->n++];
	memset(v, 0, sizeof(*v));
	v->kind = kind;
	v->text = xstrdup(text != NULL ? text : "");
	return v;
}

struct vd_inline *
vd_add_link(struct vd_inlines *in, const char *text, enum vd_target t)
{
	struct vd_inline *v = vd_add(in, VD_LINK, text);

	v->target = t;
	return v;
}

struct vd_inline *
vd_add_tier(struct vd_inlines *in, const struct tier *t, const char *uncertain)
{
	struct vd_inline *v = vd_add(in, VD_MARK, t != NULL ? (t->name != NULL ?
	    t->name : t->id) : "");

	v->role = VD_ROLE_TIER;
	v->tier = t;
	v->uncertain = dup_or_null(uncertain);
	return v;
}

void
vd_add_copy(struct vd_inlines *in, const struct vd_inline *v)
{
	struct vd_inline *o = vd_add(in, v->kind, v->text);
	char *text = o->text;

	*o = *v;
	o->text = text;
	o->ref = dup_or_null(v->ref);
	o->uncertain = dup_or_null(v->uncertain);
	o->value = dup_or_null(v->value);
}

struct source_key {
	int64_t date;
	size_t i;
};

static int
source_key_cmp(const void *a, const void *b)
{
	const struct source_key *x = a, *y = b;

	if (x->date != y->date)
		return x->date < y->date ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

size_t *
vd_sources_order(const struct project *p)
{
	struct source_key *k;
	size_t *order, i;
	int64_t last = INT64_MIN;

	if (p->nsources == 0)
		return NULL;
	k = xcalloc(p->nsources, sizeof(*k));
	for (i = 0; i < p->nsources; i++) {
		const struct source *s = &p->sources[i];

		k[i].i = i;
		if (s->date != DATE_NONE)
			last = k[i].date = s->date;
		else
			k[i].date = s->date_text != NULL ? last : INT64_MAX;
	}
	qsort(k, p->nsources, sizeof(*k), source_key_cmp);
	order = xcalloc(p->nsources, sizeof(*order));
	for (i = 0; i < p->nsources; i++)
		order[i] = k[i].i;
	free(k);
	return order;
}

void
vd_add_format(struct vd_inlines *in, const struct report *r, const char *key,
    const char *const *names, const struct vd_inline *vals)
{
	const char *text = report_string(r, key), *name;
	size_t at = 0, from = 0, len, off, i;
	char *piece;

	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		for (i = 0; names[i] != NULL; i++)
			if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0)
				break;
		if (names[i] == NULL)
			continue;   /* not supplied: copied as written */
		if (off > from) {
			piece = xstrndup(text + from, off - from);
			vd_add(in, VD_TEXT, piece);
			free(piece);
		}
		vd_add_copy(in, &vals[i]);
		from = at;
	}
	if (text[from] != '\0')
		vd_add(in, VD_TEXT, text + from);
}

void
vd_add_label_value(struct vd_inlines *in, const struct report *r,
    const struct vd_inline *label, const struct vd_inlines *value)
{
	const char *text = report_string(r, "label_value"), *name;
	size_t at = 0, from = 0, len, off, i;
	char *piece;

	while (view_placeholder_next(text, &at, &name, &len, &off)) {
		bool is_label = len == 5 && memcmp(name, "label", 5) == 0;

		if (!is_label && !(len == 5 && memcmp(name, "value", 5) == 0))
			continue;   /* not one of the two: copied as written */
		if (off > from) {
			piece = xstrndup(text + from, off - from);
			vd_add(in, VD_TEXT, piece);
			free(piece);
		}
		if (is_label)
			vd_add_copy(in, label);
		else
			for (i = 0; i < value->n; i++)
				vd_add_copy(in, &value->v[i]);
		from = at;
	}
	if (text[from] != '\0')
		vd_add(in, VD_TEXT, text + from);
}

struct vd_section *
vd_section_add(struct vd_section **s, size_t *n, const char *id, const char *title)
{
	struct vd_section *o;

	*s = xrealloc(*s, (*n + 1) * sizeof(**s));
	o = &(*s)[(*n)++];
	memset(o, 0, sizeof(*o));
	o->id = id;
	o->title = dup_or_null(title);
	return o;
}

struct vd_block *
vd_block_add(struct vd_section *s, enum vd_block_kind kind, const char *role)
{
	struct vd_block *b;

	s->b = xgrow(s->b, sizeof(*s->b), s->n + 1, &s->cap);
	b = &s->b[s->n++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->role = role;
	return b;
}

struct vd_inlines *
vd_item_add(struct vd_block *b)
{
	struct vd_inlines *in;

	b->items = xrealloc(b->items, (b->nitems + 1) * sizeof(*b->items));
	in = &b->items[b->nitems++];
	memset(in, 0, sizeof(*in));
	return in;
}

void
vd_inlines_release(struct vd_inlines *in)
{
	size_t i;

	for (i = 0; i < in->n; i++) {
		free(in->v[i].text);
		free(in->v[i].ref);
		free(in->v[i].uncertain);
		free(in->v[i].value);
	}
	free(in->v);
	memset(in, 0, sizeof(*in));
}

/* A medal table (built by view_home.c), freed with the tree. */
void
vd_medals_free(struct vd_medals *m)
{
	size_t i, j;

	if (m == NULL)
		return;
	for (i = 0; i < m->n; i++) {
		for (j = 0; j < m->tiers[i].n; j++) {
			struct vd_medal_entry *en = &m->tiers[i].v[j];

			free(en->name);
			free(en->mark);
			free(en->uncertain);
			free(en->move);
		}
		free(m->tiers[i].v);
		free(m->tiers[i].count_text);
		free(m->tiers[i].unit);
	}
	free(m->tiers);
	free(m->caption);
	free(m->head_tier);
	free(m->head_count);
	free(m->head_who);
	free(m->draft);
	free(m->uncertain_label);
	free(m->unrated_ref);
	free(m);
}

static void
block_release(struct vd_block *b)
{
	size_t i;

	vd_inlines_release(&b->in);
	for (i = 0; i < b->nitems; i++)
		vd_inlines_release(&b->items[i]);
	free(b->items);
	table_free(b->table);
	vd_medals_free(b->medals);
	free(b->more);
	free(b->more_ref);
}

void
vd_sections_free(struct vd_section *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < s[i].n; k++)
			block_release(&s[i].b[k]);
		free(s[i].b);
		free(s[i].title);
	}
	free(s);
}

const struct vd_section *
vd_section_find(const struct vd_section *s, size_t n, const char *id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(s[i].id, id) == 0)
			return &s[i];
	return NULL;
}

void
vd_inlines_text(const struct vd_inlines *in, struct buf *b)
{
	size_t i;

	for (i = 0; i < in->n; i++)
		buf_puts(b, in->v[i].text);
}

void
vd_page_free(struct vd_page *p)
{
	if (p == NULL)
		return;
	vd_sections_free(p->s, p->n);
	free(p->title);
	free(p->description);
	free(p);
}

/* The view's block of commentary section s on page pg, or NULL. */
const struct vd_block *
vd_section_block(const struct vd_page *pg, const struct section *s)
{
	size_t i, k;

	for (i = 0; pg != NULL && i < pg->n; i++)
		for (k = 0; k < pg->s[i].n; k++)
			if (pg->s[i].b[k].kind == VB_MARKDOWN && pg->s[i].b[k].section == s)
				return &pg->s[i].b[k];
	return NULL;
}
