/*
 * view_changes.c: what the changes page of each edition says, and the
 * corrections (issue 28 items 2 and 8), once for the site, the PDF and
 * the feed. The moves come from the computed model (changes.c), each
 * with its reason from move_reason(), as the movers table gives it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "markdown.h"
#include "parse.h"
#include "view_doc.h"

static const char *
edition_name(const struct edition *e)
{
	return e->name != NULL ? e->name : e->id;
}

static const char *
provider_name(const struct provider *p)
{
	return p->name != NULL ? p->name : p->id;
}

static struct vd_inline
val(enum vd_kind kind, const char *text)
{
	struct vd_inline v;

	memset(&v, 0, sizeof(v));
	v.kind = kind;
	v.text = (char *)text;
	return v;
}

/* A tier in a sentence: a mark (its glyph and colour) for a tier on the
 * ladder; a tier off it (Unavailable) in words only, as its mark, a
 * dash, reads as punctuation in running text ("all – Unavailable"). */
static struct vd_inline
val_tier(const struct tier *t)
{
	struct vd_inline v = val(t->rated ? VD_MARK : VD_TEXT, t->name != NULL ? t->name : t->id);

	if (!t->rated)
		return v;
	v.role = VD_ROLE_TIER;
	v.tier = t;
	return v;
}

static struct vd_inline
val_provider(const struct provider *p)
{
	struct vd_inline v = val(VD_LINK, provider_name(p));

	v.target = VD_PROVIDER;
	v.provider = p;
	return v;
}

void
vd_add_dated(struct vd_inlines *in, const struct report *r, const char *prefix,
    const char *key, pdate date)
{
	struct vd_inline d;
	char iso[11], *words;

	if (date == DATE_NONE)
		return;
	date_format(date, iso);
	words = view_date(r, date);
	d = val(VD_MARK, words);
	d.role = VD_ROLE_DATE;
	d.value = iso;
	if (prefix != NULL && *prefix != '\0')
		vd_add(in, VD_TEXT, prefix);
	vd_add_format(in, r, key, (const char *[]){"date", NULL}, &d);
	free(words);
}

/* Newest first; equal dates in the order written. */
static int
correction_cmp(const void *a, const void *b)
{
	const struct correction *const *x = a, *const *y = b;

	if ((*x)->date != (*y)->date)
		return (*x)->date > (*y)->date ? -1 : 1;
	return *x < *y ? -1 : *x > *y;
}

void
vd_corrections_section(struct vd_section **s, size_t *ns, const struct report *r,
    const struct correction *v, size_t n, const char *file)
{
	const struct correction **by;
	struct vd_section *sec;
	struct vd_block *b;
	struct vd_inline *o;
	size_t i;

	if (n == 0)
		return;
	by = xcalloc(n, sizeof(*by));
	for (i = 0; i < n; i++)
		by[i] = &v[i];
	qsort(by, n, sizeof(*by), correction_cmp);
	sec = vd_section_add(s, ns, "corrections", report_string(r, "corrections"));
	for (i = 0; i < n; i++) {
		b = vd_block_add(sec, VB_PARA, "correction");
		vd_add_dated(&b->in, r, NULL, "corrected_on", by[i]->date);
		vd_add(&b->in, VD_TEXT, " ");
		o = vd_add(&b->in, VD_MARKDOWN, by[i]->text);
		o->md = by[i]->text;
		o->file = file;
		o->line = 0;
	}
	free(by);
}

/*
 * A parsed text's words as plain text, its shortcodes as their words:
 * all of it, or (first) up to the end of its first sentence.
 */
struct plain {
	const struct computed *c;
	const struct md_doc *doc;
	struct buf b;
	bool first;      /* stop at the first sentence's end */
	bool done;
};

static void
plain_text(struct plain *w, const char *s)
{
	struct sc_inline v;
	size_t len, idx;

	while (*s != '\0' && !w->done) {
		if ((len = md_placeholder(s, &idx)) > 0) {
			if (idx < w->doc->ncodes) {
				sc_eval_inline(w->c, &w->doc->codes[idx], &v);
				buf_puts(&w->b, v.text != NULL ? v.text : "");
				sc_inline_release(&v);
			}
			s += len;
			continue;
		}
		buf_putc(&w->b, *s);
		/* a sentence ends at . ! or ? before a space or the end */
		if (w->first && strchr(".!?", *s) != NULL && w->b.len > 3 &&
		    (s[1] == ' ' || s[1] == '\n' || s[1] == '\0'))
			w->done = true;
		s++;
	}
}

static void
plain_walk(struct plain *w, cmark_node *n)
{
	cmark_node *k;

	for (k = cmark_node_first_child(n); k != NULL && !w->done; k = cmark_node_next(k)) {
		switch (cmark_node_get_type(k)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			plain_text(w, cmark_node_get_literal(k));
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			buf_putc(&w->b, ' ');
			break;
		case CMARK_NODE_HTML_INLINE:
			break;
		default:
			plain_walk(w, k);
			break;
		}
	}
}

/* The plain text of src (its tree from the build's store: nothing is
 * parsed again), or NULL; with first, its first paragraph's first
 * sentence. Free the result. */
static char *
plain_of(const struct computed *c, const char *src, const char *file, bool first)
{
	struct md_doc own;
	struct diag quiet;
	struct plain w;
	cmark_node *n;

	if (src == NULL)
		return NULL;
	memset(&w, 0, sizeof(w));
	w.b = (struct buf)BUF_INIT;
	w.c = c;
	w.first = first;
	diag_init(&quiet);
	w.doc = md_doc_get(c, src, file, 1, &own, &quiet);
	diag_release(&quiet);
	if (w.doc == NULL)
		return NULL;
	for (n = cmark_node_first_child(w.doc->root); n != NULL && !w.done;
	    n = cmark_node_next(n)) {
		if (w.b.len > 0)
			buf_putc(&w.b, ' ');
		plain_walk(&w, n);
		if (first && w.b.len > 0)
			break;
	}
	md_doc_release(&own);
	while (w.b.len > 0 && w.b.data[w.b.len - 1] == ' ')
		w.b.data[--w.b.len] = '\0';
	if (w.b.len == 0) {
		buf_release(&w.b);
		return NULL;
	}
	return buf_detach(&w.b, NULL);
}

/* "Gold to Platinum (up 1)", "new, at Bronze", "was Silver": the move. */
static void
change_move(struct vd_inlines *in, const struct report *r, enum change_kind k,
    const struct change *ch)
{
	struct vd_inline v[2];
	struct vd_inline *o;
	char *w;

	switch (k) {
	case CHANGE_NEW:
		/* "new, at Bronze"; a tier off the ladder is no place to be at:
		 * "new, not rated (Unavailable)" */
		v[0] = val_tier(ch->after);
		vd_add_format(in, r, ch->after != NULL && !ch->after->rated ?
		    "changes_new_unrated" : "changes_new_at", (const char *[]){"after", NULL}, v);
		return;
	case CHANGE_DROPPED:
		v[0] = val_tier(ch->before);
		vd_add_format(in, r, "changes_was", (const char *[]){"before", NULL}, v);
		return;
	case CHANGE_MERGED:
		v[0] = val_tier(ch->before);
		if (ch->provider->successor != NULL) {
			v[1] = val_provider(ch->provider->successor);
			vd_add_format(in, r, "changes_merged_into",
			    (const char *[]){"before", "successor", NULL}, v);
		} else
			vd_add_format(in, r, "changes_was", (const char *[]){"before", NULL}, v);
		return;
	case CHANGE_UP:
	case CHANGE_DOWN:
	case CHANGE_UNRATED:
	case CHANGE_RETURNED:
	case CHANGE_FIRST:
		break;
	}
	v[0] = val_tier(ch->before);
	v[1] = val_tier(ch->after);
	vd_add_format(in, r, "changes_from_to", (const char *[]){"before", "after", NULL}, v);
	if (k != CHANGE_UP && k != CHANGE_DOWN)
		return;
	w = move_words(r, k == CHANGE_UP ? MOVE_UP : MOVE_DOWN, ch->has_steps, ch->steps,
	    NULL);
	vd_add(in, VD_TEXT, " (");
	o = vd_add(in, VD_MARK, w);
	o->role = VD_ROLE_MOVE;
	o->move = k == CHANGE_UP ? MOVE_UP : MOVE_DOWN;
	vd_add(in, VD_TEXT, ")");
	free(w);
}

static const char *const change_keys[CHANGE_NKINDS] = {
	"changes_up", "changes_down", "changes_merged", "changes_new",
	"changes_dropped", "changes_unrated", "changes_returned", "changes_first"
};
static const char *const change_ids[CHANGE_NKINDS] = {
	"up", "down", "merged", "new", "dropped", "unrated", "returned", "first"
};

/*
 * Whether reason only says again that the provider is new: a short
 * sentence (eight words at most) that opens with the pack's word for a new
 * move ("New in 3.0: not reviewed in earlier editions." after "new, at
 * Bronze").
 */
static bool
restates_new(const struct report *r, const char *reason)
{
	const char *w = report_string(r, "move_new"), *p;
	size_t n = strlen(w), words = 1;

	if (n == 0 || strncasecmp(reason, w, n) != 0 ||
	    (reason[n] != ' ' && reason[n] != ':' && reason[n] != ','))
		return false;
	for (p = reason; *p != '\0'; p++)
		words += *p == ' ';
	return words <= 8;
}

/* The summary sentence ch's item gives as its reason (move_reason(): the
 * movers table gives the same), or NULL: none. */
static const char *
summary_of(const struct report *r, enum change_kind k, const struct change *ch)
{
	if (ch->reason == NULL)
		return NULL;
	if (k == CHANGE_NEW && restates_new(r, ch->reason))
		return NULL;
	/* a move to a rated tier: a reason names it (the movers table's rule) */
	if (ch->after != NULL && ch->after->rated && ch->after->name != NULL &&
	    strstr(ch->reason, ch->after->name) == NULL)
		return NULL;
	return ch->reason;
}

/* For sorting change indices by their summary sentence, then by index. */
struct by_reason {
	const char *why;   /* NULL: no reason */
	size_t i;
};

static int
by_reason_cmp(const void *a, const void *b)
{
	const struct by_reason *x = a, *y = b;
	int c;

	if (x->why == NULL || y->why == NULL)
		c = (x->why == NULL) - (y->why == NULL);
	else
		c = strcmp(x->why, y->why);
	if (c != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/*
 * For each change of v[0..n): how many share its summary sentence
 * (count[i], 0 for none) and the first of them (first[i]), by one sort,
 * not a pass over the others each (a group may hold thousands).
 */
static void
sharing(const struct report *r, enum change_kind k, const struct change *v, size_t n,
    size_t *count, size_t *first)
{
	struct by_reason *o = xcalloc(n + 1, sizeof(*o));
	size_t i, j, m;

	for (i = 0; i < n; i++) {
		o[i].why = summary_of(r, k, &v[i]);
		o[i].i = i;
	}
	qsort(o, n, sizeof(*o), by_reason_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && o[i].why != NULL && o[j].why != NULL &&
		    strcmp(o[i].why, o[j].why) == 0; j++)
			;
		for (m = i; m < j; m++) {
			count[o[m].i] = o[i].why != NULL ? j - i : 0;
			first[o[m].i] = o[i].i;
		}
	}
	free(o);
}

/* "Provider: the move", then its reason unless told not to. */
static void
change_item(struct vd_block *b, const struct computed *c, enum change_kind k,
    const struct change *ch, bool reason)
{
	const struct report *r = &c->project->report;
	struct vd_inline p = val_provider(ch->provider);
	struct vd_inlines *it = vd_item_add(b);
	const char *s = summary_of(r, k, ch);

	vd_add_format(it, r, "changes_item", (const char *[]){"provider", NULL}, &p);
	change_move(it, r, k, ch);
	/* a bare move ends with a full stop */
	if (reason && s != NULL) {
		vd_add(it, VD_TEXT, report_string(r, "changes_because"));
		vd_add(it, VD_TEXT, s);
	} else
		/* a move with no reason: the page's intro says once that its
		 * review gives none (changes_intro_more), not each item (site
		 * review 8, item 3); a provider's own page still says it */
		vd_add(it, VD_TEXT, ".");
}

/* Whether a kind of move is grouped by its tiers into one sentence per
 * group: not the moves up, down and merged, which the PDF gives as the
 * movers table's rows, one per provider. */
static bool
groupable(enum change_kind k)
{
	return k == CHANGE_NEW || k == CHANGE_DROPPED || k == CHANGE_UNRATED ||
	    k == CHANGE_RETURNED || k == CHANGE_FIRST;
}

/* Whether a and b make the same change: the same tiers before and after. */
static bool
same_change(const struct change *a, const struct change *b)
{
	return a->before == b->before && a->after == b->after;
}

#define NAMES_MARK "\x01names\x01"

/*
 * "New in 3.0 and not rated, all Unavailable: Argentum, Boostrun and
 * Darya.": one sentence for the providers of v[at[0..m)] (two or more),
 * which make the same change; the names linked, joined as the language
 * joins a list.
 */
static void
group_item(struct vd_block *b, const struct computed *c, const struct edition_changes *ec,
    enum change_kind k, const struct change *v, const size_t *at, size_t m)
{
	const struct report *r = &c->project->report;
	const struct change *ch = &v[at[0]];
	struct vd_inlines *it = vd_item_add(b), tmp = {0};
	struct vd_inline vals[5];
	const char **marks = xcalloc(m + 1, sizeof(*marks));
	char **own = xcalloc(m + 1, sizeof(*own));
	const char *key;
	char *list, *q;
	size_t i, j;

	memset(vals, 0, sizeof(vals));
	vals[0] = val(VD_TEXT, edition_name(ec->edition));
	vals[1] = val(VD_TEXT, ec->baseline != NULL ? edition_name(ec->baseline) : "");
	vals[2] = ch->before != NULL ? val_tier(ch->before) : val(VD_TEXT, "");
	vals[3] = ch->after != NULL ? val_tier(ch->after) : val(VD_TEXT, "");
	vals[4] = val(VD_TEXT, NAMES_MARK);
	if (k == CHANGE_NEW)
		key = ch->after != NULL && !ch->after->rated ? "changes_group_new_unrated" :
		    "changes_group_new_at";
	else if (k == CHANGE_DROPPED)
		key = "changes_group_was";
	else
		key = "changes_group_from_to";
	vd_add_format(&tmp, r, key, (const char *[]){"edition", "baseline", "before", "after",
	    "names", NULL}, vals);
	/* the names as the language lists them, each a mark found again in
	 * the list and made a link */
	for (i = 0; i < m; i++)
		marks[i] = own[i] = xasprintf("\x02%zu\x02", i);
	list = view_list(r, marks, m);
	for (i = 0; i < tmp.n; i++) {
		/* the mark is an inline of its own (vd_add_format copies each
		 * value apart): a name that holds the same bytes is not it */
		if (tmp.v[i].kind != VD_TEXT || (tmp.v[i].text != NULL &&
		    strcmp(tmp.v[i].text, NAMES_MARK) != 0)) {
			vd_add_copy(it, &tmp.v[i]);
			continue;
		}
		for (q = list; *q != '\0';) {
			char *e = strchr(q, '\x02');

			if (e == NULL) {
				vd_add(it, VD_TEXT, q);
				break;
			}
			if (e > q) {
				char *t = xstrndup(q, (size_t)(e - q));

				vd_add(it, VD_TEXT, t);
				free(t);
			}
			j = (size_t)strtoul(e + 1, &q, 10);
			if (*q == '\x02')
				q++;
			if (j < m) {
				struct vd_inline pv = val_provider(v[at[j]].provider);

				vd_add_copy(it, &pv);
			}
		}
	}
	free(list);
	for (i = 0; i < m; i++)
		free(own[i]);
	free(own);
	free(marks);
	vd_inlines_release(&tmp);
}

/*
 * The items of list b for the changes v[idx[0..m)], in that order: a
 * provider alone in its change as "Provider: the move." (with its reason
 * when reason), two or more that make the same change (and, with reason,
 * have no reason of their own) as one sentence naming them all, where
 * the first of them is.
 */
static void
items_grouped(struct vd_block *b, const struct computed *c, const struct edition_changes *ec,
    enum change_kind k, const size_t *idx, size_t m, bool reason)
{
	const struct report *r = &c->project->report;
	const struct change *v = ec->v[k];
	bool *done = xcalloc(m + 1, sizeof(*done));
	size_t *at = xcalloc(m + 1, sizeof(*at));
	size_t i, j, g;

	for (i = 0; i < m; i++) {
		if (done[i])
			continue;
		g = 0;
		at[g++] = idx[i];
		if (groupable(k) && !(reason && summary_of(r, k, &v[idx[i]]) != NULL))
			for (j = i + 1; j < m; j++)
				if (!done[j] && same_change(&v[idx[i]], &v[idx[j]]) &&
				    !(reason && summary_of(r, k, &v[idx[j]]) != NULL)) {
					at[g++] = idx[j];
					done[j] = true;
				}
		done[i] = true;
		/* a kind named by its tiers keeps one format: one provider is
		 * a group of one ("At Bronze: Moonlite."), not "Moonlite: new,
		 * at Bronze." beside "At Participation Ribbon: Radiant and
		 * Vessl." */
		if (g >= 2 || (groupable(k) && !(reason && summary_of(r, k, &v[idx[i]]) != NULL)))
			group_item(b, c, ec, k, v, at, g);
		else
			change_item(b, c, k, &v[idx[i]], reason);
	}
	free(at);
	free(done);
}

/* A reason as a label over the providers it is given for: the sentence
 * without its closing full stop (a label, not a sentence). malloc'd. */
static char *
reason_label(const char *why)
{
	size_t n = strlen(why);

	while (n > 0 && (why[n - 1] == ' ' || why[n - 1] == '\n'))
		n--;
	if (n > 0 && why[n - 1] == '.')
		n--;
	return xstrndup(why, n);
}

/* A label over a list of the providers of one group (role changes-reason). */
static void
reason_heading(struct vd_section *s, const char *text)
{
	struct vd_block *b = vd_block_add(s, VB_HEADING, "changes-reason");

	b->level = 3;
	vd_add(&b->in, VD_TEXT, text);
}

/*
 * One kind of move: its heading, then each provider with its move. A kind
 * whose moves are named in sentences by their tiers (new, no longer
 * reviewed or rated, rated again or for the first time) and where a
 * review gives a reason is grouped by reason (reader review, pdf 6): each
 * reason is a label over the providers it is given for, the providers
 * without one under a label of their own ("Rated in 3.0", "No reason
 * given in the review"), so that every provider stands under exactly one
 * label, in one format. The moves up, down and merged are a provider
 * each, its reason after its move.
 */
static void
changes_group(struct vd_page *pg, const struct computed *c, const struct edition_changes *ec,
    enum change_kind k)
{
	const struct report *r = &c->project->report;
	const struct change *v = ec->v[k];
	size_t n = ec->n[k], i, j, m, *count, *first, *idx;
	struct vd_section *s;
	struct vd_block *b = NULL;
	bool reasons = false, pass;
	char *t, *key;

	if (n == 0)
		return;
	/* "Moved up: 4 providers": the kind first, not a numeral opening */
	key = xasprintf("%s_one", change_keys[k]);
	t = report_format_n(r, view_plural(r, (double)n, key, change_keys[k]),
	    (long)n);
	free(key);
	s = vd_section_add(&pg->s, &pg->n, change_ids[k], t);
	free(t);
	for (i = 0; groupable(k) && i < n; i++)
		reasons = reasons || summary_of(r, k, &v[i]) != NULL;
	idx = xcalloc(n + 1, sizeof(*idx));
	if (!reasons) {
		for (i = 0; i < n; i++)
			idx[i] = i;
		b = vd_block_add(s, VB_LIST, "changes");
		items_grouped(b, c, ec, k, idx, n, true);
		free(idx);
		return;
	}
	count = xcalloc(n, sizeof(*count));
	first = xcalloc(n, sizeof(*first));
	sharing(r, k, v, n, count, first);
	/* those with no reason first: rated (what a reason is given for is
	 * not being tested), then not rated */
	for (pass = true;; pass = false) {
		for (i = m = 0; i < n; i++)
			if (count[i] == 0 && (v[i].after != NULL && v[i].after->rated) == pass)
				idx[m++] = i;
		if (m > 0) {
			if (pass)
				t = report_format1(r, "changes_label_rated", "edition",
				    edition_name(ec->edition));
			else
				t = xstrdup(report_string(r, "changes_label_no_reason"));
			reason_heading(s, t);
			free(t);
			b = vd_block_add(s, VB_LIST, "changes");
			items_grouped(b, c, ec, k, idx, m, false);
		}
		if (!pass)
			break;
	}
	/* then each reason, in the order its first provider comes */
	for (i = 0; i < n; i++) {
		if (count[i] == 0 || first[i] != i)
			continue;
		t = reason_label(summary_of(r, k, &v[i]));
		reason_heading(s, t);
		free(t);
		b = vd_block_add(s, VB_LIST, "changes");
		for (j = i, m = 0; j < n; j++)
			if (count[j] > 0 && first[j] == i)
				idx[m++] = j;
		items_grouped(b, c, ec, k, idx, m, false);
	}
	free(idx);
	free(count);
	free(first);
}

/* A number as the pack writes it (weights, scores, thresholds). */
static struct vd_inline
val_num(const struct report *r, double x, char *buf, size_t n)
{
	if (isnan(x))
		snprintf(buf, n, "%s", report_string(r, "changes_none_set"));
	else {
		char dec[64], *w;

		snprintf(dec, sizeof(dec), "%g", x);
		w = view_decimal(r, dec);
		snprintf(buf, n, "%s", w);
		free(w);
	}
	return val(VD_TEXT, buf);
}

static void
rule_item(struct vd_inlines *it, const struct report *r, const struct rule_change *rc)
{
	static const char *const keys[] = {"changes_tier_added", "changes_tier_removed",
	    "changes_rubric_added", "changes_rubric_dropped", "changes_scale",
	    "changes_criterion_added", "changes_criterion_removed", "changes_weight",
	    "changes_min", "changes_require", "changes_floor"};
	static const char *const names[] = {"tier", "criterion", "from", "to", "earlier",
	    NULL};
	struct vd_inline v[5];
	char a[64], z[64];

	memset(v, 0, sizeof(v));
	v[0] = rc->tier != NULL ? val_tier(rc->tier) : val(VD_TEXT, "");
	v[1] = val(VD_TEXT, rc->criterion != NULL ? (rc->criterion->name != NULL ?
	    rc->criterion->name : rc->criterion->id) : "");
	v[2] = val_num(r, rc->from, a, sizeof(a));
	v[3] = val_num(r, rc->to, z, sizeof(z));
	v[4] = rc->earlier != NULL ? val_tier(rc->earlier) : val(VD_TEXT, "");
	vd_add_format(it, r, keys[rc->kind], names, v);
	vd_add(it, VD_TEXT, ".");
}

/* Only tiers added or removed (review defect 7): a sentence each under no
 * heading of its own ("ClusterMAX 3.0 added a tier: Participation
 * Ribbon."), a paragraph of the intro section s; true if so. */
static bool
changes_tiers_only(struct vd_section *s, const struct report *r,
    const struct edition_changes *ec)
{
	struct vd_block *b;
	struct vd_inline v[2];
	size_t i;

	for (i = 0; i < ec->nrules; i++)
		if (ec->rules[i].kind != RULE_TIER_ADDED &&
		    ec->rules[i].kind != RULE_TIER_REMOVED)
			return false;
	if (ec->nrules == 0)
		return false;
	b = vd_block_add(s, VB_PARA, "changes-rules");
	v[0] = val(VD_TEXT, edition_name(ec->edition));
	for (i = 0; i < ec->nrules; i++) {
		if (i > 0)
			vd_add(&b->in, VD_TEXT, " ");
		v[1] = val_tier(ec->rules[i].tier);
		/* a tier off the ladder (Unavailable) is no rating step: not
		 * "added a tier" but what it is for */
		vd_add_format(&b->in, r, ec->rules[i].kind == RULE_TIER_ADDED ?
		    (ec->rules[i].tier != NULL && !ec->rules[i].tier->rated ?
		    "changes_unrated_added_alone" : "changes_tier_added_alone") :
		    "changes_tier_removed_alone",
		    (const char *[]){"edition", "tier", NULL}, v);
	}
	return true;
}

static void
changes_rules(struct vd_page *pg, const struct report *r, const struct edition_changes *ec)
{
	struct vd_section *s;
	struct vd_block *b;
	struct vd_inline v = val(VD_TEXT, edition_name(ec->baseline));
	size_t i;

	s = vd_section_add(&pg->s, &pg->n, "rules", report_string(r, "changes_rules"));

	if (ec->nrules == 0) {
		b = vd_block_add(s, VB_PARA, "changes-rules");
		vd_add_format(&b->in, r, "changes_rules_same", (const char *[]){"baseline",
		    NULL}, &v);
		return;
	}
	b = vd_block_add(s, VB_LIST, "changes-rules");
	for (i = 0; i < ec->nrules; i++)
		rule_item(vd_item_add(b), r, &ec->rules[i]);
}

static struct vd_page *
changes_page(const struct computed *c, const struct edition_changes *ec)
{
	const struct report *r = &c->project->report;
	struct vd_page *pg = xcalloc(1, sizeof(*pg));
	struct vd_inline v[4];
	struct vd_block *b;
	bool tiers_only;
	int k;

	pg->title = report_format1(r, "changes_title", "edition", edition_name(ec->edition));
	v[0] = val(VD_TEXT, edition_name(ec->edition));
	v[1] = val(VD_TEXT, ec->baseline != NULL ? edition_name(ec->baseline) : "");
	b = vd_block_add(vd_section_add(&pg->s, &pg->n, "intro", NULL), VB_PARA,
	    "changes-intro");
	if (ec->baseline == NULL)
		vd_add_format(&b->in, r, "changes_no_baseline", (const char *[]){"edition",
		    NULL}, v);
	else if (!ec->computed) {
		v[2] = val(VD_TEXT, edition_name(ec->edition->partial ? ec->edition :
		    ec->baseline));
		vd_add_format(&b->in, r, "changes_partial", (const char *[]){"edition",
		    "baseline", "partial", NULL}, v);
	}
	else if (ec->total == 0)
		vd_add_format(&b->in, r, "changes_nothing", (const char *[]){"edition",
		    "baseline", NULL}, v);
	else {
		char *n = report_format_n(r, view_plural(r, (double)ec->total,
		    "changes_count_one", "changes_count"), (long)ec->total);

		v[2] = val(VD_TEXT, n);
		/* the verb agrees with the count (French, Spanish) */
		vd_add_format(&b->in, r, view_plural(r, (double)ec->total,
		    "changes_intro_one", "changes_intro"), (const char *[]){"edition",
		    "baseline", "count", NULL}, v);
		free(n);
	}
	{
		struct buf d = BUF_INIT;

		vd_inlines_text(&b->in, &d);
		pg->description = buf_detach(&d, NULL);
	}
	if (!ec->computed)
		return pg;
	if (ec->total > 0) {
		size_t i;
		bool unrated_reason = false;

		vd_add(&b->in, VD_TEXT, report_string(r, "changes_intro_more"));
		/* a move up or down with no reason: said once here, not after
		 * each item (site review 8, item 3) */
		for (i = 0; i < ec->n[CHANGE_UP] + ec->n[CHANGE_DOWN]; i++)
			if (summary_of(r, i < ec->n[CHANGE_UP] ? CHANGE_UP : CHANGE_DOWN,
			    i < ec->n[CHANGE_UP] ? &ec->v[CHANGE_UP][i] :
			    &ec->v[CHANGE_DOWN][i - ec->n[CHANGE_UP]]) == NULL) {
				vd_add(&b->in, VD_TEXT, report_string(r,
				    "changes_no_reason_once"));
				break;
			}
		/* the reasons for not rating a provider are the source's, often
		 * two given together: said once here, not after each (PDF review
		 * 7, item 5) */
		for (k = CHANGE_NEW; k <= CHANGE_UNRATED; k++)
			for (i = 0; groupable((enum change_kind)k) && i < ec->n[k]; i++)
				unrated_reason = unrated_reason || (ec->v[k][i].after != NULL &&
				    !ec->v[k][i].after->rated &&
				    summary_of(r, (enum change_kind)k, &ec->v[k][i]) != NULL);
		if (unrated_reason) {
			vd_add(&b->in, VD_TEXT, " ");
			vd_add(&b->in, VD_TEXT, report_string(r, "changes_unrated_why"));
		}
	}
	/* against a partial baseline: why the others show no change, once, after
	 * the sentence whose "They" means the moves (site review 8, item 13) */
	if (ec->partial_baseline && ec->unlisted > 0) {
		char *n = view_int(r, (long long)ec->unlisted);

		vd_add(&b->in, VD_TEXT, " ");
		v[2] = val(VD_TEXT, n);
		vd_add_format(&b->in, r, view_plural(r, (double)ec->unlisted,
		    "movers_line_unlisted_one", "movers_line_unlisted"),
		    (const char *[]){"edition", "from", "count", NULL}, v);
		free(n);
	}
	/* the intro section: pg->s may move as sections are added */
	tiers_only = changes_tiers_only(&pg->s[0], r, ec);
	for (k = 0; k < CHANGE_NKINDS; k++)
		changes_group(pg, c, ec, (enum change_kind)k);
	if (!tiers_only)
		changes_rules(pg, r, ec);
	return pg;
}

char *
view_changes_path(const struct edition *e)
{
	return xasprintf("editions/%s/changes/", e->id);
}

/* The corrections of the build, gathered with what each corrects. */
static void
correction_add(struct view_report *v, const struct correction *co, size_t n,
    const struct edition *e, const struct provider *p, const struct section *s)
{
	const struct report *r = &v->c->project->report;
	struct vd_correction *o;
	size_t i;

	for (i = 0; i < n; i++) {
		v->corrections = xgrow(v->corrections, sizeof(*o), v->ncorrections + 1,
		    &v->capcorrections);
		o = &v->corrections[v->ncorrections++];
		memset(o, 0, sizeof(*o));
		o->correction = &co[i];
		o->nth = i + 1;
		o->plain = plain_of(v->c, co[i].text, co[i].pos.file, false);
		o->edition = e;
		o->provider = p;
		o->section = s;
		if (p != NULL) {
			o->about = report_format(r, "correction_of_review",
			    (const char *[]){"provider", "edition", NULL},
			    (const char *[]){provider_name(p), edition_name(e), NULL});
			o->href = xasprintf("providers/%s/#review-%s", p->id, e->id);
		} else if (s != NULL) {
			o->about = report_format1(r, "correction_of_section", "title",
			    s->title != NULL ? s->title : s->id);
			o->href = xasprintf("#section-%s", s->id);
		} else {
			o->about = report_format1(r, "correction_of_edition", "edition",
			    edition_name(e));
			o->href = xasprintf("editions/%s/", e->id);
		}
	}
}

static int
vd_correction_cmp(const void *a, const void *b)
{
	const struct vd_correction *x = a, *y = b;

	if (x->correction->date != y->correction->date)
		return x->correction->date > y->correction->date ? -1 : 1;
	return x->correction < y->correction ? -1 : x->correction > y->correction;
}

static void
corrections_build(struct view_report *v)
{
	const struct computed *c = v->c;
	const struct report *r = &c->project->report;
	struct vd_page *pg;
	struct vd_block *b;
	struct vd_inlines *it;
	struct vd_inline *o;
	size_t i, k;

	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *s = &c->editions[i];

		correction_add(v, s->edition->corrections, s->edition->ncorrections,
		    s->edition, NULL, NULL);
		for (k = 0; k < s->nratings; k++)
			correction_add(v, s->ratings[k].review->corrections,
			    s->ratings[k].review->ncorrections, s->edition,
			    s->ratings[k].provider, NULL);
	}
	for (i = 0; i < c->nsections; i++)
		correction_add(v, c->sections[i]->corrections, c->sections[i]->ncorrections,
		    NULL, NULL, c->sections[i]);
	if (v->ncorrections == 0)
		return;
	qsort(v->corrections, v->ncorrections, sizeof(*v->corrections), vd_correction_cmp);
	pg = v->corrections_page = xcalloc(1, sizeof(*pg));
	pg->title = xstrdup(report_string(r, "corrections"));
	pg->description = report_format_n(r, view_plural(r, (double)v->ncorrections,
	    "corrections_intro_one", "corrections_intro"), (long)v->ncorrections);
	b = vd_block_add(vd_section_add(&pg->s, &pg->n, "intro", NULL), VB_PARA,
	    "corrections-intro");
	vd_add(&b->in, VD_TEXT, pg->description);
	b = vd_block_add(vd_section_add(&pg->s, &pg->n, "list", NULL), VB_LIST,
	    "corrections");
	for (i = 0; i < v->ncorrections; i++) {
		const struct vd_correction *vc = &v->corrections[i];

		it = vd_item_add(b);
		vd_add_dated(it, r, NULL, "corrected_on", vc->correction->date);
		vd_add(it, VD_TEXT, " ");
		o = vd_add_link(it, vc->about, VD_PAGE);
		o->ref = xstrdup(vc->href);
		vd_add(it, VD_TEXT, report_string(r, "correction_sep"));
		o = vd_add(it, VD_MARKDOWN, vc->correction->text);
		o->md = vc->correction->text;
		o->file = vc->correction->pos.file;
	}
}

void
view_changes_build(struct view_report *v)
{
	const struct computed *c = v->c;
	size_t i;

	v->nchanges = c->neditions;
	v->changes = xcalloc(c->neditions + 1, sizeof(*v->changes));
	for (i = 0; c->changes != NULL && i < c->neditions; i++)
		v->changes[i] = changes_page(c, &c->changes[i]);
	corrections_build(v);
}

void
view_changes_release(struct view_report *v)
{
	size_t i;

	for (i = 0; i < v->nchanges; i++)
		vd_page_free(v->changes[i]);
	free(v->changes);
	for (i = 0; i < v->ncorrections; i++) {
		free(v->corrections[i].about);
		free(v->corrections[i].href);
		free(v->corrections[i].plain);
	}
	free(v->corrections);
	vd_page_free(v->corrections_page);
}

const struct vd_page *
view_changes(const struct view_report *v, const struct edition *e)
{
	if (v == NULL || e == NULL || e->index >= v->nchanges)
		return NULL;
	return v->changes[e->index];
}
