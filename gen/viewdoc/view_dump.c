/* view_dump.c: the report view as plain text, a line per thing said, with
 * its place (include/view_doc.h view_report_dump). It reads the view and
 * builds nothing. */
#include <stdlib.h>
#include <string.h>

#include "view_doc.h"

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
 * reason may wrap in the PDF's narrow column) and its notes; the stated
 * and counted table's rows (an edition's, the site's). The
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
			else if (strcmp(bl->role, "claims") == 0)
				from = 0, to = t->ncols;   /* figure, stated, counted, note */
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
		/* each provider's page built for the dump and freed (view_doc.h) */
		struct vd_provider *own = vd_provider_new(v->c, &v->c->providers[i]);

		if ((p = own) == NULL)
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
		vd_provider_free(own);
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
