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

/* One line of the dump: its place, then text with tabs and newlines as spaces. */
static void
dump_line(struct buf *b, const char *place, const char *text)
{
	buf_puts(b, place);
	for (; *text != '\0'; text++)
		buf_putc(b, *text == '\t' || *text == '\n' ? ' ' : *text);
	buf_putc(b, '\n');
}

static void
dump_inlines(struct buf *b, const char *place, const struct vd_inlines *in)
{
	struct buf t = BUF_INIT;

	vd_inlines_text(in, &t);
	if (t.len > 0)
		dump_line(b, place, t.data);
	buf_release(&t);
}

static void
dump_block(struct buf *b, const char *place, const struct vd_block *k)
{
	struct buf row = BUF_INIT;
	size_t i, j;

	switch (k->kind) {
	case VB_HEADING:
	case VB_PARA:
		dump_inlines(b, place, &k->in);
		break;
	case VB_LIST:
		for (i = 0; i < k->nitems; i++)
			dump_inlines(b, place, &k->items[i]);
		break;
	case VB_QUOTE:
		dump_inlines(b, place, &k->in);
		for (i = 0; i < k->nitems; i++)
			dump_inlines(b, place, &k->items[i]);
		break;
	case VB_TABLE:
		if (k->table->caption != NULL)
			dump_line(b, place, k->table->caption);
		for (i = 0; i < k->table->nrows; i++) {
			buf_reset(&row);
			for (j = 0; j < k->table->ncols; j++) {
				const char *c = k->table->cells[i * k->table->ncols + j].text;

				if (c == NULL || *c == '\0')
					continue;
				if (row.len > 0)
					buf_putc(&row, ' ');
				buf_puts(&row, c);
			}
			dump_line(b, place, row.data);
		}
		break;
	case VB_FIGURE:
	case VB_MARKDOWN:
	case VB_MEDALS:  /* dump_page's */
		break;   /* the content's own words, or a picture: not phrased here */
	}
	buf_release(&row);
}

/*
 * Where a section shows: on the site (every review that is not thin) and
 * in the PDF (the edition's review of a provider on the ladder; of a thin
 * one its sources only), as "site" and "pdf" words.
 */
static void
dump_sections(struct buf *b, const struct vd_provider *p, const char *edition,
    const struct vd_section *s, size_t n, bool site, bool pdf, bool thin)
{
	char *place;
	size_t i, k;

	for (i = 0; i < n; i++) {
		bool in_pdf = pdf && (!thin || strcmp(s[i].id, "sources") == 0);

		if (!site && !in_pdf)
			continue;
		place = xasprintf("%s\t%s\t%s\t%s%s%s\t", p->provider->id, edition, s[i].id,
		    site ? "site" : "", site && in_pdf ? "," : "", in_pdf ? "pdf" : "");
		if (s[i].title != NULL)
			dump_line(b, place, s[i].title);
		for (k = 0; k < s[i].n; k++)
			dump_block(b, place, &s[i].b[k]);
		free(place);
	}
}

/* Whether the PDF gives p a section of its own: rated in the report's
 * edition, in a tier on the ladder (pdf_provider.c's rating_on_ladder). */
static const struct rating *
pdf_rating(const struct view_report *v, const struct provider *pr)
{
	const struct edition_stats *st = computed_edition(v->c,
	    v->c->project->report.edition);
	const struct rating *rt = st != NULL ? edition_stats_rating(st, pr) : NULL;

	return rt != NULL && (rt->tier == NULL || rt->tier->rated) ? rt : NULL;
}

/* The security page: both back ends give all of it; a table one cell a
 * line (a long finding wraps in the PDF's column). */
static void
dump_security(struct buf *b, const struct vd_security *sec)
{
	const struct vd_section *s;
	const struct vd_block *k;
	char *place;
	size_t i, n, j;

	for (i = 0; sec != NULL && i < sec->n; i++) {
		s = &sec->s[i];
		place = xasprintf("@security\t-\t%s\tsite,pdf\t", s->id);
		if (s->title != NULL)
			dump_line(b, place, s->title);
		for (n = 0; n < s->n; n++) {
			k = &s->b[n];
			if (k->role != NULL && strcmp(k->role, "commentary-ref") == 0) {
				/* the PDF's only: the site gives the commentary */
				char *pdf = xasprintf("@security\t-\t%s\tpdf\t", s->id);

				dump_block(b, pdf, k);
				free(pdf);
				continue;
			}
			if (k->kind != VB_TABLE) {
				dump_block(b, place, k);
				continue;
			}
			if (k->table->caption != NULL)
				dump_line(b, place, k->table->caption);
			for (j = 0; j < k->table->ncols; j++)
				if (k->table->head[j].text != NULL)
					dump_line(b, place, k->table->head[j].text);
			for (j = 0; j < k->table->nrows * k->table->ncols; j++)
				if (k->table->cells[j].text != NULL &&
				    *k->table->cells[j].text != '\0')
					dump_line(b, place, k->table->cells[j].text);
		}
		free(place);
	}
}

/*
 * The medal table's lines, one a cell (each lays it out its own way: a
 * tier's providers on its row on the site, in a paragraph after its name
 * in the PDF): its caption, the column heads (the site's only), each
 * group's label, each tier's name and count, each provider's name; the
 * movement the PDF's only (pdf: where the PDF's lines go, or NULL when
 * the page is the site's alone).
 */
static void
dump_medals(struct buf *b, const char *place, const char *site, const char *pdf,
    const struct vd_medals *m)
{
	size_t i, j;

	dump_line(b, place, m->caption);
	dump_line(b, site, m->head_tier);
	dump_line(b, site, m->head_count);
	dump_line(b, site, m->head_who);
	for (i = 0; i < m->n; i++) {
		char *count = xasprintf("%s %s", m->tiers[i].count_text, m->tiers[i].unit);

		/* the PDF names a not-rated tier's providers in their own
		 * table, once: its row says where */
		bool elsewhere = pdf != NULL && m->unrated_ref != NULL &&
		    !m->tiers[i].tier->rated && m->tiers[i].n > 0;

		if (m->tiers[i].group != NULL)
			dump_line(b, place, m->tiers[i].group);
		dump_line(b, place, m->tiers[i].tier->name);
		dump_line(b, place, count);
		free(count);
		if (elsewhere)
			dump_line(b, pdf, m->unrated_ref);
		for (j = 0; j < m->tiers[i].n; j++) {
			const struct vd_medal_entry *en = &m->tiers[i].v[j];

			if (elsewhere) {
				dump_line(b, site, en->name);
				continue;
			}
			dump_line(b, place, en->name);
			if (pdf != NULL && en->move != NULL)
				dump_line(b, pdf, en->move);
		}
	}
}

/*
 * A page's lines (the home page's, an edition's): each section's title; the figures' value and
 * detail (the label is set apart from them on the site); the medal table
 * (dump_medals); the movers table's provider, tiers and movement (a
 * reason may wrap in the PDF's narrow column) and its notes. The
 * commentary is the content's own words: not dumped.
 */
static void
dump_page(struct buf *b, const struct vd_page *hp, const char *page, const char *where)
{
	struct buf row = BUF_INIT;
	size_t i, k, r, j;

	for (i = 0; hp != NULL && i < hp->n; i++) {
		const struct vd_section *s = &hp->s[i];
		char *place = xasprintf("%s\t-\t%s\t%s\t", page, s->id, where);

		/* the site gives the figures under the page's title, the PDF
		 * under a heading of its own for its contents */
		if (s->title != NULL && strcmp(s->id, "figures") == 0) {
			char *pdf = xasprintf("%s\t-\t%s\tpdf\t", page, s->id);

			dump_line(b, pdf, s->title);
			free(pdf);
		} else if (s->title != NULL)
			dump_line(b, place, s->title);
		for (k = 0; k < s->n; k++) {
			const struct vd_block *bl = &s->b[k];
			const struct table *t = bl->table;
			size_t from = 0, to = 0;

			if (bl->kind == VB_LIST || bl->kind == VB_PARA) {
				dump_block(b, place, bl);
				continue;
			}
			if (bl->kind == VB_MEDALS) {
				char *pdf = strstr(where, "pdf") != NULL ?
				    xasprintf("%s\t-\t%s\tpdf\t", page, s->id) : NULL;
				char *site = xasprintf("%s\t-\t%s\tsite\t", page, s->id);

				dump_medals(b, place, site, pdf, bl->medals);
				free(pdf);
				free(site);
				continue;
			}
			if (bl->kind != VB_TABLE || bl->role == NULL)
				continue;
			if (strcmp(bl->role, "figures") == 0)
				from = 1, to = 3;
			else if (strcmp(bl->role, "movers") == 0)
				from = 0, to = 4;
			else
				continue;
			for (r = 0; r < t->nrows; r++) {
				buf_reset(&row);
				for (j = from; j < to && j < t->ncols; j++) {
					const char *c = t->cells[r * t->ncols + j].text;

					if (c == NULL || *c == '\0')
						continue;
					if (row.len > 0)
						buf_putc(&row, ' ');
					buf_puts(&row, c);
				}
				if (row.len > 0)
					dump_line(b, place, row.data);
			}
			for (r = 0; r < t->nnotes; r++)
				dump_line(b, place, t->notes[r]);
		}
		free(place);
	}
	buf_release(&row);
}

void
view_report_dump(const struct view_report *v, struct buf *b)
{
	const struct vd_provider *p;
	const struct rating *cur;
	size_t i, k;
	bool row;

	for (i = 0; i < v->nproviders; i++) {
		if ((p = v->providers[i]) == NULL)
			continue;
		cur = pdf_rating(v, p->provider);
		row = vd_provider_row(p, cur);
		dump_sections(b, p, "-", p->s, p->n, true, cur != NULL && !row, false);
		/* a row of the PDF's table: the name, the tier, the standing */
		if (row) {
			char *place = xasprintf("%s\t-\tstanding\tpdf\t", p->provider->id);
			struct buf t = BUF_INIT;

			dump_line(b, place, p->provider->name);
			vd_inlines_text(&p->standing, &t);
			if (t.len > 0)
				dump_line(b, place, t.data);
			buf_release(&t);
			free(place);
		}
		for (k = 0; k < p->nreviews; k++) {
			const struct vd_review *rv = &p->reviews[k];

			dump_sections(b, p, rv->rating->review->edition->id, rv->s, rv->n,
			    !rv->thin, cur == rv->rating, rv->thin);
		}
	}
	dump_security(b, v->security);
	dump_page(b, v->home, "home", "site,pdf");
	/* the edition pages are the site's */
	for (i = 0; i < v->neditions; i++) {
		char *page;

		if (v->editions[i] == NULL)
			continue;
		page = xasprintf("edition:%s", v->editions[i]->id);
		dump_page(b, v->editions[i], page, "site");
		free(page);
	}
}
