/*
 * view_provider.c: what a provider's page says, once for the site and the
 * PDF: its opening line (tier now, since when, the move, when it was last
 * reviewed), its site and fields, and each review's sections (the editors'
 * override, fields, strengths, weaknesses, the failure test, security,
 * quotes, sources), every word from the report's pack.
 */
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "view_doc.h"
#include "workers.h"

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

/* Text, then a full stop unless it ends with one. */
static void
add_sentence(struct vd_inlines *in, const char *s)
{
	size_t n = strlen(s);

	vd_add(in, VD_TEXT, s);
	if (n == 0 || strchr(".!?", s[n - 1]) == NULL)
		vd_add(in, VD_TEXT, ".");
}

static struct vd_inline
val_text(const char *s)
{
	struct vd_inline v;

	memset(&v, 0, sizeof(v));
	v.kind = VD_TEXT;
	v.text = (char *)s;
	return v;
}

/* The rating history[i]'s movement is counted from, or NULL. */
static const struct rating *
rating_before(const struct computed *c, const struct provider_view *pv, size_t i)
{
	return table_rating_before(c, pv->history[i].rating);
}

/* A tier as the opening line names it: a mark that links to its meaning. */
static struct vd_inline
tier_mark(const struct report *r, const struct rating *rt)
{
	struct vd_inline v;

	memset(&v, 0, sizeof(v));
	v.kind = VD_MARK;
	v.role = VD_ROLE_TIER;
	v.tier = rt->tier;
	v.text = (char *)(v.tier != NULL ? v.tier->name : report_string(r, "not_rated"));
	return v;
}

/* The movement of history[i] against the edition before, as a clause. */
static void
clause_move(struct vd_inlines *in, const struct computed *c,
    const struct provider_view *pv, size_t i, bool held, bool reviewed_now)
{
	const struct report *r = &c->project->report;
	const struct rating *rt = pv->history[i].rating;
	const struct rating *before = rating_before(c, pv, i);
	const struct edition_stats *st = computed_edition(c, pv->history[i].edition);
	const struct edition *base = st != NULL ? st->baseline : NULL;
	struct vd_inline mv;
	char *w;

	if (base == NULL || rt->status == MOVE_UNLISTED)
		return;
	if (rt->status == MOVE_SAME && held)
		return;   /* "held since" says it */
	if (rt->status == MOVE_NEW && !reviewed_now)
		return;   /* "new in this edition" is about an older one */
	if (rt->status == MOVE_UNRATED && before != NULL) {
		/* "not rated this edition" after a tier that says so: the tier
		 * it was rated before instead */
		vd_add(in, VD_TEXT, ", ");
		vd_add_format(in, r, "open_after", (const char *[]){"tier", "edition", NULL},
		    (struct vd_inline[]){tier_mark(r, before),
		    val_text(edition_name(before->review->edition))});
		return;
	}
	if (rt->status == MOVE_NEW)
		w = xstrdup(report_string(r, "new_in_edition"));
	else
		w = move_words(r, rt->status, rt->has_steps, rt->steps, NULL);
	memset(&mv, 0, sizeof(mv));
	mv.kind = VD_MARK;
	mv.role = VD_ROLE_MOVE;
	mv.move = rt->status;
	mv.text = w;
	vd_add(in, VD_TEXT, "; ");
	if (rt->status == MOVE_UP || rt->status == MOVE_DOWN || rt->status == MOVE_SAME)
		vd_add_format(in, r, "open_move", (const char *[]){"move", "edition", NULL},
		    (struct vd_inline[]){mv, val_text(edition_name(base))});
	else {
		struct vd_inline *o = vd_add(in, VD_MARK, w);

		o->role = VD_ROLE_MOVE;
		o->move = rt->status;
	}
	free(w);
}

/* "; the {edition} tier is uncertain: {reason}" for a rating marked so. */
static void
clause_uncertain(struct vd_inlines *in, const struct report *r, const struct rating *rt)
{
	if (rt == NULL || rt->review->tier_uncertain == NULL)
		return;
	vd_add(in, VD_TEXT, "; ");
	vd_add_format(in, r, "open_uncertain", (const char *[]){"edition", "reason", NULL},
	    (struct vd_inline[]){val_text(edition_name(rt->review->edition)),
	    val_text(rt->review->tier_uncertain)});
}

/* Whether the provider's last review is older than the report's edition. */
static bool
not_reviewed_now(const struct computed *c, const struct provider_view *pv)
{
	const struct report *r = &c->project->report;
	const struct edition *last = pv->history[pv->nhistory - 1].edition;

	return r->edition != NULL && last->index < r->edition->index &&
	    last->index + 1 < c->neditions;
}

/*
 * The opening line, one sentence: the tier now ("Gold in ClusterMAX 3.0"),
 * or, for a provider the report's edition did not review, its last review
 * and tier ("Not reviewed since ClusterMAX 2.0, where it was Bronze"); since
 * when it holds the tier, the move against the edition before, and, once,
 * why a tier it names is uncertain.
 */
static void
opening_line(struct vd_inlines *in, struct vd_inlines *standing,
    const struct computed *c, const struct provider_view *pv)
{
	const struct report *r = &c->project->report;
	size_t last = pv->nhistory - 1, since = last, i, from;
	const struct history_entry *he = &pv->history[last];
	const struct rating *before = rating_before(c, pv, last);
	bool now = !not_reviewed_now(c, pv);

	vd_add_format(in, r, now ? "tier_in_edition" : "open_last_reviewed",
	    (const char *[]){"tier", "edition", NULL},
	    (struct vd_inline[]){tier_mark(r, he->rating), val_text(edition_name(he->edition))});
	/* the clauses after the tier: in the line, and on their own */
	from = in->n;
	while (since > 0 && pv->history[since - 1].rating->tier == he->rating->tier)
		since--;
	if (since < last) {
		/* a tier off the ladder (Unavailable) is not held: "as in" */
		const struct tier *t = he->rating->tier;
		const char *key = t != NULL && t->rated ? "open_since" :
		    since + 1 == last ? "open_as_in" : "open_as_since";

		vd_add(in, VD_TEXT, ", ");
		vd_add_format(in, r, key, (const char *[]){"edition", NULL},
		    (struct vd_inline[]){val_text(edition_name(pv->history[since].edition))});
	}
	clause_move(in, c, pv, last, since < last, now);
	clause_uncertain(in, r, he->rating);
	if (before != NULL && before->review->edition != he->edition)
		clause_uncertain(in, r, before);
	/* the first clause's separator (", " or "; ") is the line's */
	for (i = from + 1; i < in->n; i++)
		vd_add_copy(standing, &in->v[i]);
	vd_add(in, VD_TEXT, ".");
}

/* The opening section: the line, with what it says once. */
static void
opening_section(struct vd_provider *p, const struct computed *c,
    const struct provider_view *pv)
{
	struct vd_section *s = vd_section_add(&p->s, &p->n, "opening", NULL);

	const struct rating *rt = pv->history[pv->nhistory - 1].rating;

	opening_line(&vd_block_add(s, VB_PARA, "standfirst")->in, &p->standing, c, pv);
	/* a move up or down whose review has no text: said, so that a reader
	 * who followed a link to the mover is not left with a bare table
	 * (site review 7, item 6) */
	if (!not_reviewed_now(c, pv) && (rt->status == MOVE_UP || rt->status == MOVE_DOWN) &&
	    rt->review->summary == NULL)
		vd_add(&vd_block_add(s, VB_PARA, "no-reason")->in, VD_TEXT,
		    report_string(&c->project->report, "move_no_reason"));
}

/*
 * The declared fields that have a value, in declaration order, one item
 * each: the name (strong), then the value (a text as inline Markdown, a URL
 * a link, yes or no in the pack's words) and its unit.
 */
static void
fields_section(struct vd_section **s, size_t *n, const struct report *r,
    const struct field_def *defs, size_t nd, const struct field_value *v)
{
	struct vd_section *sec = NULL;
	struct vd_block *b = NULL;
	struct vd_inlines label = {0}, value = {0}, *it = &value;
	struct vd_inline *o;
	char *t;
	size_t i;

	for (i = 0; v != NULL && i < nd; i++) {
		if (!v[i].set)
			continue;
		if (sec == NULL) {
			sec = vd_section_add(s, n, "fields", NULL);
			b = vd_block_add(sec, VB_LIST, "fields");
		}
		/* the name, strong, and the value, joined as the language joins
		 * them (label_value) */
		vd_add(&label, VD_STRONG, defs[i].name)->value = xstrdup(defs[i].id);
		switch (field_types[defs[i].type].shows) {
		case SHOWS_MARKDOWN:
			o = vd_add(it, VD_MARKDOWN, v[i].text);
			o->md = v[i].text;
			o->file = v[i].pos.file;
			o->line = v[i].pos.line;
			break;
		case SHOWS_URL:
			o = vd_add_link(it, v[i].text, VD_URL);
			o->ref = xstrdup(v[i].text);
			break;
		case SHOWS_BOOLEAN:
			vd_add(it, VD_TEXT, report_string(r, v[i].boolean ? "yes" : "no"));
			break;
		default:
			t = field_value_text(&defs[i], &v[i]);
			vd_add(it, VD_TEXT, t);
			free(t);
			break;
		}
		if (defs[i].unit != NULL) {
			vd_add(it, VD_TEXT, " ");
			vd_add(it, VD_TEXT, defs[i].unit);
		}
		vd_add_label_value(vd_item_add(b), r, &label.v[0], &value);
		vd_inlines_release(&label);
		vd_inlines_release(&value);
	}
}

/* The page's parts above the reviews. */
static void
page_sections(struct vd_provider *p, const struct computed *c,
    const struct provider_view *pv)
{
	const struct report *r = &c->project->report;
	const struct provider *pr = pv->provider;
	const struct tier *t = pv->history[pv->nhistory - 1].rating->tier;
	struct vd_section *s;
	struct vd_block *b;
	struct vd_inline *o;

	opening_section(p, c, pv);
	/* what the tier means is not pasted under the opening line: the page
	 * opens on the provider, and the tier's name in that line links to
	 * where the tiers are defined (site review 4) */
	(void)t;
	if (pr->url != NULL) {
		s = vd_section_add(&p->s, &p->n, "site", NULL);
		b = vd_block_add(s, VB_PARA, "site-link");
		o = vd_add_link(&b->in, pr->url, VD_URL);
		o->ref = xstrdup(pr->url);
	}
	if (pr->successor != NULL) {
		s = vd_section_add(&p->s, &p->n, "successor", NULL);
		b = vd_block_add(s, VB_PARA, "successor");
		vd_add(&b->in, VD_TEXT, report_string(r, "merged_into"));
		vd_add(&b->in, VD_TEXT, " ");
		vd_add_link(&b->in, provider_name(pr->successor), VD_PROVIDER)->provider =
		    pr->successor;
		vd_add(&b->in, VD_TEXT, ".");
	}
	fields_section(&p->s, &p->n, r, r->provider_fields, r->nprovider_fields, pr->fields);
	s = vd_section_add(&p->s, &p->n, "history", NULL);
	b = vd_block_add(s, VB_FIGURE, "history");
	b->chart = CHART_HISTORY;
	b->provider = pr;
}

/* A tier the editors set against the rubric: why, and what the rubric gives. */
static void
override_section(struct vd_review *v, const struct report *r)
{
	const struct rating *rt = v->rating;
	struct vd_block *b;

	if (!rt->override || rt->review->override_reason == NULL)
		return;
	b = vd_block_add(vd_section_add(&v->s, &v->n, "override", NULL), VB_PARA,
	    "override-note");
	vd_add(&b->in, VD_STRONG, report_string(r, "tier_set_by_editors"));
	vd_add(&b->in, VD_TEXT, " ");
	if (rt->computed == NULL) {
		add_sentence(&b->in, rt->review->override_reason);
		return;
	}
	vd_add(&b->in, VD_TEXT, rt->review->override_reason);
	vd_add(&b->in, VD_TEXT, " (");
	vd_add(&b->in, VD_TEXT, report_string(r, "rubric_gives"));
	vd_add(&b->in, VD_TEXT, " ");
	vd_add_tier(&b->in, rt->computed, NULL);
	vd_add(&b->in, VD_TEXT, ").");
}

static void
markdown_list(struct vd_review *v, const struct report *r, const char *id,
    const char **items, size_t n)
{
	struct vd_section *s;
	struct vd_block *b;
	struct vd_inline *o;
	size_t i;

	if (n == 0)
		return;
	s = vd_section_add(&v->s, &v->n, id, report_string(r, id));
	b = vd_block_add(s, VB_LIST, id);
	for (i = 0; i < n; i++) {
		o = vd_add(vd_item_add(b), VD_MARKDOWN, items[i]);
		o->md = items[i];
		o->file = v->rating->review->pos.file;
		o->line = 0;
	}
}

/*
 * A step's time as the statement gives it: "at once", "within 1s" (an
 * upper bound, SPEC 1.4), "after 24m".
 */
static char *
fault_when(const struct report *r, int64_t secs, bool upper)
{
	char buf[128];

	if (secs == 0 && !upper)
		return xstrdup(report_string(r, "at_once"));
	report_duration(r, secs, buf, sizeof(buf));
	return report_format1(r, upper ? "within_time" : "fault_after", "time", buf);
}

/*
 * A timed step against the edition's target, in parentheses, or NULL when
 * there is nothing to hold it against: no target, or a test the review
 * does not compare (against_targets: false; its note says why). A bound
 * over the target is not known to miss it; a time counted from a person's
 * approval is not held against a target counted from the fault.
 */
static char *
fault_verdict(const struct report *r, int64_t secs, bool upper, int64_t target,
    bool from_approval, bool not_compared, bool say_uncompared)
{
	const char *k;
	char buf[128];

	if (secs < 0 || target < 0)
		return NULL;
	if (not_compared)
		/* said once, after the replacement (the review's note says why) */
		return say_uncompared ? xstrdup(report_string(r, "fault_v_not_compared")) : NULL;
	if (from_approval)
		k = "fault_v_approval";
	else if (secs <= target)
		k = "fault_v_within";
	else
		k = upper ? "fault_v_bound" : "fault_v_over";
	report_duration(r, target, buf, sizeof(buf));
	return report_format1(r, k, "target", buf);
}

/* One clause of the statement, "{time}" filled (when taken), and its verdict
 * after it; takes when and verdict. */
static char *
fault_clause(const struct report *r, const char *key, char *when, char *verdict)
{
	char *c = when != NULL ? report_format1(r, key, "time", when) :
	    xstrdup(report_string(r, key)), *out;

	free(when);
	if (verdict == NULL)
		return c;
	out = xasprintf("%s %s", c, verdict);
	free(c);
	free(verdict);
	return out;
}

/*
 * What came of an injected fault, in one sentence about the provider, from
 * the data (PDF review 7, item 3): who detected it and when, the drain, and
 * the node back in service or not, each time with its target where one is
 * set ("Microsoft Azure detected the fault (no time given), drained the
 * node at once and did not replace the node."), or "GMO did not detect the
 * fault.". The review's note then adds only what this cannot say.
 */
static char *
fault_statement(const struct report *r, const struct fault_test *f,
    const struct edition *e, const char *name)
{
	char *cl[5], *list, *s;
	size_t n = 0, i;

	if (f->detected_by == DETECT_NONE)
		return report_format1(r, "fault_said_nobody", "name", name);
	if (f->first_missed && (f->detected_by == DETECT_PROVIDER ||
	    f->detected_by == DETECT_CUSTOMER))
		cl[n++] = xstrdup(report_string(r, "fault_c_missed_first"));
	if (f->detected_by == DETECT_PROVIDER) {
		if (f->detect_after >= 0)
			cl[n++] = fault_clause(r, f->first_missed ? "fault_c_later" :
			    "fault_c_detected", fault_when(r, f->detect_after, f->detect_upper),
			    fault_verdict(r, f->detect_after, f->detect_upper, e->target_detect,
			    false, f->not_compared, false));
		else
			cl[n++] = xstrdup(report_string(r, f->first_missed ?
			    "fault_c_later_untimed" : "fault_c_detected_untimed"));
	} else if (f->detected_by == DETECT_CUSTOMER)
		cl[n++] = xstrdup(report_string(r, f->first_missed ?
		    "fault_c_customer_later" : "fault_c_customer"));
	if (f->drain_after >= 0)
		cl[n++] = fault_clause(r, "fault_c_drained",
		    fault_when(r, f->drain_after, f->drain_upper), NULL);
	if (f->replaced_after >= 0) {
		char *verdict = fault_verdict(r, f->replaced_after, f->replaced_upper,
		    e->target_replace, f->replaced_from_approval, f->not_compared, true);

		if (f->replaced_from_approval) {
			char buf[128];

			/* "43m after a person approved the replacement" */
			report_duration(r, f->replaced_after, buf, sizeof(buf));
			cl[n++] = fault_clause(r, "fault_c_approval", xstrdup(buf), verdict);
		} else
			cl[n++] = fault_clause(r, "fault_c_replaced", fault_when(r,
			    f->replaced_after, f->replaced_upper), verdict);
	} else if (f->automatic == TRI_FALSE && f->detected_by != DETECT_UNSET)
		cl[n++] = xstrdup(report_string(r, f->drain_after >= 0 ?
		    "fault_c_not_replaced_it" : "fault_c_not_replaced"));
	if (n == 0)
		return xstrdup(report_string(r, "fault_said_unrecorded"));
	list = view_list(r, (const char *const *)cl, n);
	s = report_format(r, "fault_said", (const char *[]){"name", "list", NULL},
	    (const char *[]){name, list, NULL});
	free(list);
	for (i = 0; i < n; i++)
		free(cl[i]);
	return s;
}

static void
fault_section(struct vd_review *v, const struct report *r, const char *usual)
{
	const struct review *rv = v->rating->review;
	const struct fault_test *f = rv->fault;
	struct vd_section *s;
	struct vd_block *b;
	char *w;

	if (f == NULL)
		return;
	s = vd_section_add(&v->s, &v->n, "fault", report_string(r, "failure_test"));
	if (f->not_injected) {
		/* nothing was timed: no table of dashes; a note says why, and then
		 * it alone says so (not three sentences saying one thing) */
		if (f->note == NULL) {
			b = vd_block_add(s, VB_PARA, "fault-intro");
			vd_add(&b->in, VD_STRONG, report_string(r, "not_injected"));
			vd_add(&b->in, VD_TEXT, " ");
			vd_add(&b->in, VD_TEXT, report_string(r, "nothing_to_time"));
		}
	} else {
		/* the fault, named only where it is not the one the report's
		 * failure-test section names (issue 27, review item 3), then the
		 * result in one statement with its times: no status line, no
		 * table and no "only one step is timed" saying it again */
		b = vd_block_add(s, VB_PARA, "fault-intro");
		if (f->fault != NULL && (usual == NULL || strcmp(f->fault, usual) != 0)) {
			struct vd_inline what = {.kind = VD_TEXT, .text = (char *)f->fault};

			vd_add_format(&b->in, r, "fault_injected",
			    (const char *const[]){"fault", NULL}, &what);
			vd_add(&b->in, VD_TEXT, " ");
		}
		{
			/* a name longer than a heading may be is cut as the PDF
			 * cuts a heading (4,096 bytes and an ellipsis), at a
			 * character's start */
			const char *pn = provider_name(v->rating->provider);
			size_t k = strlen(pn);
			char *name;

			if (k > 4096) {
				for (k = 4096; k > 0 && ((unsigned char)pn[k] & 0xc0) == 0x80; k--)
					;
				name = xasprintf("%.*s\xe2\x80\xa6", (int)k, pn);
			} else
				name = xstrdup(pn);
			w = fault_statement(r, f, rv->edition, name);
			free(name);
		}
		vd_add(&b->in, VD_TEXT, w);
		free(w);
		/* whether a human had to act, unless the review's note tells it */
		if (f->automatic != TRI_UNSET && f->note == NULL &&
		    !(f->automatic == TRI_FALSE && f->replaced_after < 0)) {
			vd_add(&b->in, VD_TEXT, " ");
			vd_add(&b->in, VD_TEXT, report_string(r, f->automatic == TRI_TRUE ?
			    "recovery_automatic" : "recovery_human"));
		}
	}
	if (f->note != NULL) {
		b = vd_block_add(s, VB_MARKDOWN, "fault-note");
		b->md = f->note;
		b->file = f->pos.file;
		b->line = 0;
	}
}

/*
 * Security: the declared practices whose answer is known (a page does not
 * say "not known" for each), the public findings, then how many are not
 * public. Nothing at all when none of these is there.
 */
/* Whether finding f names a source other than its edition's own article. */
static bool
f_source_other(const struct finding *f, const struct edition *e)
{
	return f->source != NULL && f->source != e->source;
}

static void
security_section(struct vd_review *v, const struct report *r)
{
	const struct review *rv = v->rating->review;
	struct vd_section *s = NULL;
	struct vd_block *pr = NULL, *fs = NULL, *b;
	struct vd_inlines *it;
	struct vd_inline *o;
	struct buf d = BUF_INIT;
	size_t i, hidden = 0;
	char *w;

	if (!rv->has_security && rv->nfindings == 0)
		return;
#define SECTION() (s != NULL ? s : (s = vd_section_add(&v->s, &v->n, "security", \
    report_string(r, "security"))))
	for (i = 0; rv->practices != NULL && i < r->npractices; i++) {
		if (rv->practices[i] == TRI_UNSET)
			continue;
		if (pr == NULL)
			pr = vd_block_add(SECTION(), VB_LIST, "practices");
		it = vd_item_add(pr);
		o = vd_add(it, VD_MARK, "");
		o->role = VD_ROLE_CHECK;
		o->value = xstrdup(rv->practices[i] == TRI_TRUE ? "yes" : "no");
		{
			char *said = report_label_value(r, r->practices[i].name,
			    report_string(r, rv->practices[i] == TRI_TRUE ? "yes" : "no"));

			vd_add(it, VD_TEXT, said);
			free(said);
		}
	}
	for (i = 0; i < rv->nfindings; i++) {
		if (!rv->findings[i].public) {
			hidden++;
			continue;
		}
		if (fs == NULL)
			fs = vd_block_add(SECTION(), VB_LIST, "findings");
		it = vd_item_add(fs);
		vd_add(it, VD_STRONG, rv->findings[i].title);
		buf_reset(&d);
		table_finding_details(r, &d, &rv->findings[i]);
		vd_add(it, VD_TEXT, d.len > 0 ? " (" : ".");
		if (d.len > 0) {
			vd_add(it, VD_TEXT, d.data);
			vd_add(it, VD_TEXT, ").");
		}
		/* a finding made public elsewhere than the edition's own article
		 * (FPT's, from the 2.1 update): labelled with its own source and
		 * date, not read as the edition's (site review 7, item 9) */
		if (f_source_other(&rv->findings[i], rv->edition)) {
			const struct source *src = rv->findings[i].source;
			char *when = src->date != DATE_NONE ? view_date(r, src->date) :
			    xstrdup(src->date_text != NULL ? src->date_text : "");
			struct vd_inline from[2];

			memset(from, 0, sizeof(from));
			from[0].kind = VD_LINK;
			from[0].target = VD_SOURCE;
			from[0].text = (char *)(src->title != NULL ? src->title : src->id);
			from[0].source = src;
			from[1] = val_text(when);
			vd_add(it, VD_TEXT, " ");
			vd_add_format(it, r, *when != '\0' ? "finding_from_dated" : "finding_from",
			    (const char *[]){"source", "date", NULL}, from);
			free(when);
		}
	}
	if (hidden > 0) {
		b = vd_block_add(SECTION(), VB_PARA, "undisclosed");
		w = report_format_n(r, view_plural(r, (double)hidden, "undisclosed_one",
		    "undisclosed_many"), (long)hidden);
		vd_add(&b->in, VD_EMPH, w);
		free(w);
	}
#undef SECTION
	buf_release(&d);
}

/* A link into a video at a timestamp, when the source has a URL. */
static char *
at_url(const struct source *s, int64_t at)
{
	if (s->url == NULL || at < 0)
		return NULL;
	return xasprintf("%s%ct=%lld", s->url, strchr(s->url, '?') ? '&' : '?',
	    (long long)at);
}

static void
quotes_section(struct vd_review *v, const struct report *r)
{
	const struct review *rv = v->rating->review;
	struct vd_section *s;
	struct vd_block *b;
	struct vd_inlines *by;
	struct vd_inline *o;
	size_t i;
	char *u;

	if (rv->nquotes == 0)
		return;
	s = vd_section_add(&v->s, &v->n, "quotes", report_string(r, "quotes"));
	for (i = 0; i < rv->nquotes; i++) {
		const struct quote *q = &rv->quotes[i];

		b = vd_block_add(s, VB_QUOTE, "quote");
		vd_add(&b->in, VD_TEXT, q->text);
		if (q->source == NULL)
			continue;
		by = vd_item_add(b);
		vd_add(by, VD_TEXT, "\xe2\x80\x94 ");
		/* a remark is its speaker's: the author first, where the
		 * source names one, then the work */
		if (q->source->author != NULL) {
			/* then the work's title in the language's quotation
			 * marks: its commas are not the byline's */
			char *w = report_format1(r, "quoted_title", "title", "\x01");
			char *mid = strchr(w, '\x01');

			vd_add(by, VD_TEXT, q->source->author);
			vd_add(by, VD_TEXT, ", ");
			if (mid != NULL) {
				*mid = '\0';
				vd_add(by, VD_TEXT, w);
			}
			vd_add_link(by, q->source->title != NULL ? q->source->title :
			    q->source->id, VD_SOURCE)->source = q->source;
			if (mid != NULL)
				vd_add(by, VD_TEXT, mid + 1);
			free(w);
		} else
			vd_add_link(by, q->source->title != NULL ? q->source->title :
			    q->source->id, VD_SOURCE)->source = q->source;
		if (q->at_text == NULL)
			continue;
		vd_add(by, VD_TEXT, ", ");
		vd_add(by, VD_TEXT, report_string(r, "at"));
		vd_add(by, VD_TEXT, " ");
		if ((u = at_url(q->source, q->at)) != NULL) {
			o = vd_add_link(by, q->at_text, VD_AT);
			o->ref = u;
		} else
			vd_add(by, VD_TEXT, q->at_text);
	}
}

static void
sources_section(struct vd_review *v, const struct report *r)
{
	const struct review *rv = v->rating->review;
	struct vd_block *b;
	size_t i;

	if (rv->nsources == 0)
		return;
	b = vd_block_add(vd_section_add(&v->s, &v->n, "sources", NULL), VB_PARA,
	    "review-sources");
	vd_add(&b->in, VD_STRONG, report_string(r, "sources_label"));
	vd_add(&b->in, VD_TEXT, " ");
	for (i = 0; i < rv->nsources; i++) {
		if (i > 0)
			vd_add(&b->in, VD_TEXT, "; ");
		vd_add_link(&b->in, rv->sources[i]->title != NULL ? rv->sources[i]->title :
		    rv->sources[i]->id, VD_SOURCE)->source = rv->sources[i];
	}
	vd_add(&b->in, VD_TEXT, ".");
}

/* The provider's answer (SPEC 5.2): marked as its words, dated, sourced. */
static void
response_section(struct vd_review *v, const struct report *r)
{
	const struct response *rs = v->rating->review->response;
	struct vd_section *s;
	struct vd_block *b;
	char *t;

	if (rs == NULL)
		return;
	t = report_format1(r, "response_heading", "name", provider_name(v->rating->provider));
	s = vd_section_add(&v->s, &v->n, "response", t);
	free(t);
	b = vd_block_add(s, VB_PARA, "response-note");
	vd_add(&b->in, VD_EMPH, report_string(r, "response_words"));
	vd_add_dated(&b->in, r, " ", "response_dated", rs->date);
	b = vd_block_add(s, VB_MARKDOWN, "response");
	b->md = rs->text;
	b->file = v->rating->review->pos.file;
	b->line = 0;
	if (rs->source != NULL) {
		struct vd_inline src;

		b = vd_block_add(s, VB_PARA, "response-source");
		memset(&src, 0, sizeof(src));
		src.kind = VD_LINK;
		src.target = VD_SOURCE;
		src.source = rs->source;
		src.text = (char *)(rs->source->title != NULL ? rs->source->title :
		    rs->source->id);
		vd_add_format(&b->in, r, "response_source", (const char *[]){"source", NULL},
		    &src);
	}
}

/* A review with nothing of its own to say: a tier and its sources only. */
bool
vd_review_thin(const struct rating *rt)
{
	const struct review *rv = rt->review;

	return rv->summary == NULL && rv->nstrengths == 0 && rv->nweaknesses == 0 &&
	    rv->fault == NULL && !rv->has_security && rv->nquotes == 0 && !rt->override &&
	    rv->response == NULL && rv->ncorrections == 0;
}

static void
review_build(struct vd_review *v, const struct computed *c, const struct rating *rt)
{
	const struct report *r = &c->project->report;
	const struct review *rv = rt->review;
	struct vd_block *b;

	v->rating = rt;
	v->thin = vd_review_thin(rt);
	override_section(v, r);
	if (rv->summary != NULL) {
		b = vd_block_add(vd_section_add(&v->s, &v->n, "summary", NULL), VB_MARKDOWN,
		    "summary");
		b->md = rv->summary;
		b->file = rv->summary_pos.file;
		b->line = rv->summary_pos.line;
	}
	fields_section(&v->s, &v->n, r, r->review_fields, r->nreview_fields, rv->fields);
	markdown_list(v, r, "strengths", rv->strengths, rv->nstrengths);
	markdown_list(v, r, "weaknesses", rv->weaknesses, rv->nweaknesses);
	fault_section(v, r, computed_edition(c, rv->edition) != NULL ?
	    computed_edition(c, rv->edition)->usual_fault : NULL);
	security_section(v, r);
	quotes_section(v, r);
	response_section(v, r);
	vd_corrections_section(&v->s, &v->n, r, v->rating->review->corrections,
	    v->rating->review->ncorrections, v->rating->review->pos.file);
	sources_section(v, r);
	/* every review is headed the same way, "Review, ClusterMAX 3.0", what
	 * ever it holds: a heading that changed with the data ("Failure test,
	 * ...", "Note, ...") read as inconsistent (site review 7, item 5); the
	 * parts inside keep their own headings */
	v->part = report_string(r, "review");
}

struct vd_provider *
vd_provider_new(const struct computed *c, const struct provider_view *pv)
{
	const struct report *r = &c->project->report;
	struct vd_provider *p;
	struct buf b = BUF_INIT;
	size_t i;

	if (pv == NULL || !pv->visible || pv->nhistory == 0)
		return NULL;
	p = xcalloc(1, sizeof(*p));
	p->provider = pv->provider;
	page_sections(p, c, pv);
	p->reviews = xcalloc(pv->nhistory, sizeof(*p->reviews));
	for (i = pv->nhistory; i-- > 0;)
		review_build(&p->reviews[p->nreviews++], c, pv->history[i].rating);
	/* for link previews: the name and the opening line */
	vd_inlines_text(&p->s[0].b[0].in, &b);
	p->description = report_format(r, "provider_description",
	    (const char *[]){"name", "line", NULL},
	    (const char *[]){provider_name(pv->provider), b.data, NULL});
	buf_release(&b);
	return p;
}

bool
vd_provider_row(const struct vd_provider *p, const struct rating *rt)
{
	const struct vd_section *open;
	size_t i;

	if (p == NULL || rt == NULL)
		return false;
	for (i = 0; i < p->nreviews; i++)
		if (p->reviews[i].rating == rt)
			break;
	if (i == p->nreviews || !p->reviews[i].thin)
		return false;
	/* a site, a successor, fields or an uncertain tier need an entry */
	for (i = 0; i < p->n; i++)
		if (strcmp(p->s[i].id, "site") == 0 || strcmp(p->s[i].id, "successor") == 0 ||
		    strcmp(p->s[i].id, "fields") == 0)
			return false;
	/* the opening line, and at most the note that the review gives no
	 * reason for the move (a row's review has no text: it says so) */
	open = vd_section_find(p->s, p->n, "opening");
	return open != NULL && (open->n == 1 || (open->n == 2 &&
	    strcmp(open->b[1].role, "no-reason") == 0));
}

void
vd_provider_free(struct vd_provider *p)
{
	size_t i;

	if (p == NULL)
		return;
	vd_sections_free(p->s, p->n);
	vd_inlines_release(&p->standing);
	for (i = 0; i < p->nreviews; i++)
		vd_sections_free(p->reviews[i].s, p->reviews[i].n);
	free(p->reviews);
	free(p->description);
	free(p);
}

struct view_report *
view_report_new(const struct computed *c)
{
	struct view_report *v = xcalloc(1, sizeof(*v));
	size_t i;

	v->c = c;
	v->nproviders = c->nproviders;
	/* the providers' pages are built one at a time where they are
	 * written, and lent here meanwhile (view_provider_lend) */
	v->providers = xcalloc(c->nproviders + 1, sizeof(*v->providers));
	v->descriptions = xcalloc(c->nproviders + 1, sizeof(*v->descriptions));
	view_changes_build(v);
	v->security = vd_security_new(c);
	v->home = vd_home_new(c);
	v->neditions = c->neditions;
	v->editions = xcalloc(c->neditions + 1, sizeof(*v->editions));
	for (i = 0; i < c->neditions; i++)
		v->editions[i] = vd_edition_new(c, &c->editions[i]);
	return v;
}

void
view_report_free(struct view_report *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->nproviders; i++) {
		vd_provider_free(v->providers[i]);
		free(v->descriptions[i]);
	}
	free(v->providers);
	free(v->descriptions);
	view_changes_release(v);
	vd_security_free(v->security);
	vd_page_free(v->home);
	for (i = 0; i < v->neditions; i++)
		vd_page_free(v->editions[i]);
	free(v->editions);
	free(v);
}

const struct vd_page *
view_edition(const struct view_report *v, const struct edition *e)
{
	size_t i;

	for (i = 0; v != NULL && i < v->neditions; i++)
		if (v->c->editions[i].edition == e)
			return v->editions[i];
	return NULL;
}

const struct vd_provider *
view_provider(const struct view_report *v, const struct provider *p)
{
	if (v == NULL || p == NULL || p->index >= v->nproviders)
		return NULL;
	return v->providers[p->index];
}
