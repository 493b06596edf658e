/* render_html.c: every page of the site, its assets and its sitemap
 * (SPEC 4.1). Pages read only the computed model; see html.h. The pages are
 * built over the machine's cores (html_jobs.c), in the order listed here. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "html.h"
#include "markdown.h"
#include "parse.h"
#include "render.h"

#define PAGE_MAX (64u << 20)

static int
home_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_home(h);
}

static int
index_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_provider_index(h);
}

static int
security_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_security(h);
}

static int
methodology_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_methodology(h);
}

static int
sources_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_sources(h);
}

static int
editions_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_editions_index(h);
}

static int
not_found_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_not_found(h);
}

static int
corrections_page(struct html_ctx *h, const void *arg)
{
	(void)arg;
	return html_corrections(h);
}

/* Provider pv's entries of the search and compare indexes, from its view
 * (lent, or the report's), for the indexes to take (html.h). */
static void
provider_entries(struct html_ctx *h, const struct provider_view *pv)
{
	struct buf b = BUF_INIT;

	if (h->search_entries == NULL)
		return;
	html_search_provider(h, pv, &b);
	h->search_entries[pv->provider->index] = buf_detach(&b, NULL);
	html_compare_provider(h, pv, &b);
	h->compare_entries[pv->provider->index] = buf_detach(&b, NULL);
}

/*
 * A provider's page: its view built, lent to the view while the page is
 * made from it, and freed, one provider at a time in each thread, so that
 * a build holds no more of the providers' views than it has threads
 * (view_doc.h), with what else is made of it: its Markdown copy and its
 * entries of the search and compare indexes. Its description is kept for
 * llms.txt.
 */
static int
provider_page(struct html_ctx *h, const void *arg)
{
	const struct provider_view *pv = arg;
	const struct view_report *v = h->c->view;
	struct vd_provider *vp;
	uint64_t key = 0;
	int rc;

	if (v == NULL || view_provider(v, pv->provider) != NULL) {
		rc = html_provider_page(h, arg);
		provider_entries(h, pv);
		html_stream_done(h, pv);
		return rc;
	}
	/* a preview: the inputs as the last rebuild had them give the same
	 * page, copy and entries, kept from it (html_inputs.c) */
	if (h->inputs != 0 && (key = html_inputs_provider(h, pv)) != 0 &&
	    html_memo_take(h, pv, key)) {
		html_stream_done(h, pv);
		return h->failed ? -1 : 0;
	}
	h->ikey = key;
	md_scope_begin();
	vp = vd_provider_new(h->c, pv);
	view_provider_lend(v, pv->provider, vp);
	rc = html_provider_page(h, arg);
	/* its Markdown copy (a step of its own once, render_markdown) and
	 * its entries of the search and compare indexes */
	if (vp != NULL && h->p->report.edition != NULL) {
		if (html_markdown_provider(h, vp) == -1)
			rc = -1;
		else if (key != 0) {
			char *page = html_provider_path(pv->provider);
			char *md = xasprintf("%.*sindex.md",
			    (int)(strlen(page) - strlen("index.html")), page);

			site_out_note_key(h->o, md, key);
			free(md);
			free(page);
		}
	}
	if (vp != NULL)
		provider_entries(h, pv);
	/* kept for the next rebuild only when made whole and saying nothing:
	 * a page it links instead says nothing either */
	if (key != 0 && rc == 0 && !h->failed && h->d->n == 0 && vp != NULL &&
	    h->search_entries != NULL && h->p->report.edition != NULL)
		html_memo_keep(h->memo, pv->provider, key,
		    h->search_entries[pv->provider->index],
		    h->compare_entries[pv->provider->index], vp->description);
	else if (h->memo != NULL)
		html_memo_drop(h->memo, pv->provider);
	view_provider_return(v, pv->provider);
	vd_provider_free(vp);
	md_scope_end();
	h->ikey = 0;
	/* its entries written, with those before it in name order */
	html_stream_done(h, pv);
	return rc;
}

static void
job_add(struct html_job *jobs, size_t *n, int (*page)(struct html_ctx *, const void *),
    const void *arg, const char *tpl)
{
	jobs[*n].page = page;
	jobs[*n].arg = arg;
	jobs[*n].tpl = tpl;
	/* every page but a provider's lists the whole report */
	jobs[*n].heavy = page != provider_page;
	/* a provider's page is taken in its name's order, the indexes' */
	jobs[*n].rank = page == provider_page ?
	    ((const struct provider_view *)arg)->provider->order : *n;
	(*n)++;
}

/* Every page, in the order a serial build writes them. */
static size_t
jobs_list(const struct html_ctx *h, struct html_job *jobs)
{
	const struct computed *c = h->c;
	bool focus = h->p->report.edition != NULL;
	size_t i, n = 0;

	if (focus) {
		job_add(jobs, &n, home_page, NULL, "home");
		for (i = 0; i < c->neditions; i++)
			job_add(jobs, &n, html_edition_page, &c->editions[i], "edition");
		/* each edition with a previous one: what changed since */
		for (i = 0; c->view != NULL && i < c->neditions; i++)
			if (c->editions[i].baseline != NULL)
				job_add(jobs, &n, html_changes_page, &c->editions[i],
				    "changes");
		job_add(jobs, &n, editions_page, NULL, "editions");
		if (c->view != NULL && c->view->corrections_page != NULL)
			job_add(jobs, &n, corrections_page, NULL, "corrections");
	}
	for (i = 0; i < c->nproviders; i++)
		if (c->providers[i].visible && c->providers[i].nhistory > 0)
			job_add(jobs, &n, provider_page, &c->providers[i], "provider");
	job_add(jobs, &n, index_page, NULL, "providers");
	if (focus && project_has_security(h->p))
		job_add(jobs, &n, security_page, NULL, "security");
	job_add(jobs, &n, methodology_page, NULL, "methodology");
	for (i = 0; focus && i < h->p->npages; i++)
		job_add(jobs, &n, html_custom_page, &h->p->pages[i],
		    h->p->pages[i].layout != NULL ? h->p->pages[i].layout : "page");
	job_add(jobs, &n, sources_page, NULL, "sources");
	if (focus) {
		job_add(jobs, &n, html_search_page, NULL, "search");
		job_add(jobs, &n, html_compare_page, NULL, "compare");
	}
	job_add(jobs, &n, not_found_page, NULL, "404");
	return n;
}

static void
feed_date(struct buf *b, pdate d)
{
	char date[11];

	date_format(d, date);
	buf_printf(b, "%sT00:00:00Z", date);
}

/* The date of the feed: report.yaml's published, else the newest edition's. */
static pdate
feed_updated(const struct computed *c)
{
	pdate d = c->project->report.published;
	size_t i;

	if (d != DATE_NONE)
		return d;
	d = 0;
	for (i = 0; i < c->neditions; i++)
		if (c->editions[i].edition->published > d)
			d = c->editions[i].edition->published;
	/* a correction is news too: the newest comes first */
	if (c->view != NULL && c->view->ncorrections > 0 &&
	    c->view->corrections[0].correction->date > d)
		d = c->view->corrections[0].correction->date;
	return d;
}

static void
feed_entry(struct buf *b, const struct report *r, const struct edition_stats *s,
    const struct vd_page *ch, pdate updated)
{
	const struct edition *e = s->edition;
	char *path = html_edition_path(e), *url, *sum, n[32], m[32];

	path[strlen(path) - strlen("index.html")] = '\0';
	url = xasprintf("%s%s", r->base_url, path);
	buf_puts(b, "<entry>\n<title>");
	esc_xml(b, e->name != NULL ? e->name : e->id);
	buf_puts(b, "</title>\n<id>");
	esc_xml(b, url);
	buf_puts(b, "</id>\n<link rel=\"alternate\" type=\"text/html\" href=\"");
	esc_xml(b, url);
	buf_puts(b, "\"/>\n<updated>");
	feed_date(b, e->published != DATE_NONE ? e->published : updated);
	buf_puts(b, "</updated>\n<summary>");
	snprintf(n, sizeof(n), "%ld", s->reviewed);
	snprintf(m, sizeof(m), "%ld", s->medals);
	sum = report_format(r, e->partial ? view_plural(r, (double)s->medals, "feed_summary_partial_one",
	    "feed_summary_partial") : view_plural(r, (double)s->medals, "feed_summary_one", "feed_summary"),
	    (const char *[]){"n", "medals", NULL}, (const char *[]){n, m, NULL});
	esc_xml(b, sum);
	free(sum);
	if (ch != NULL && ch->description != NULL) {
		buf_putc(b, ' ');
		esc_xml(b, ch->description);
	}
	buf_puts(b, "</summary>\n");
	if (ch != NULL && e->previous != NULL) {
		/* the edition's entry is also its changes page (SPEC 5.3) */
		char *cp = view_changes_path(e);

		buf_puts(b, "<link rel=\"related\" type=\"text/html\" href=\"");
		esc_xml(b, r->base_url);
		esc_xml(b, cp);
		buf_puts(b, "\"/>\n");
		free(cp);
	}
	buf_puts(b, "</entry>\n");
	free(url);
	free(path);
}

/* A correction as a dated entry of the feed (SPEC 5.2): never silent. */
static void
feed_correction(struct buf *b, const struct report *r, const struct vd_correction *vc)
{
	char date[11], *title;

	date_format(vc->correction->date, date);
	title = report_format1(r, "correction_feed_title", "about", vc->about);
	buf_puts(b, "<entry>\n<title>");
	esc_xml(b, title);
	/* an id that stays when other corrections come: what it corrects,
	 * its date and its place in that item's list */
	buf_puts(b, "</title>\n<id>");
	esc_xml(b, r->base_url);
	buf_printf(b, "corrections/#%s-", date);
	if (vc->provider != NULL) {
		buf_puts(b, "review-");
		esc_xml(b, vc->edition->id);
		buf_putc(b, '-');
		esc_xml(b, vc->provider->id);
	} else if (vc->section != NULL) {
		buf_puts(b, "section-");
		esc_xml(b, vc->section->id);
	} else {
		buf_puts(b, "edition-");
		esc_xml(b, vc->edition->id);
	}
	buf_printf(b, "-%zu", vc->nth);
	buf_puts(b, "</id>\n<link rel=\"alternate\" type=\"text/html\" href=\"");
	esc_xml(b, r->base_url);
	buf_puts(b, "corrections/\"/>\n<link rel=\"related\" type=\"text/html\" href=\"");
	esc_xml(b, r->base_url);
	esc_xml(b, vc->href);
	buf_puts(b, "\"/>\n<updated>");
	feed_date(b, vc->correction->date);
	buf_puts(b, "</updated>\n<summary>");
	esc_xml(b, vc->plain != NULL ? vc->plain : vc->correction->text);
	buf_puts(b, "</summary>\n</entry>\n");
	free(title);
}

/* The entries, newest first: the editions (newest first) and the
 * corrections (newest first, view order), a correction before an edition
 * of the same day. */
static void
feed_entries(struct buf *b, const struct computed *c, pdate updated)
{
	const struct report *r = &c->project->report;
	const struct view_report *v = c->view;
	size_t i = c->neditions, k = 0, nk = v != NULL ? v->ncorrections : 0;

	while (i > 0 || k < nk) {
		const struct edition *e = i > 0 ? c->editions[i - 1].edition : NULL;
		pdate ed = e == NULL ? DATE_NONE : e->published != DATE_NONE ?
		    e->published : updated;

		if (k < nk && (e == NULL || v->corrections[k].correction->date >= ed)) {
			feed_correction(b, r, &v->corrections[k]);
			k++;
			continue;
		}
		feed_entry(b, r, &c->editions[i - 1], view_changes(v, e), updated);
		i--;
	}
}

/* feed.xml: Atom, one entry per edition, newest first, with base_url (SPEC 4.1). */
int
html_feed(struct html_ctx *h)
{
	const struct report *r = &h->p->report;
	struct buf b = BUF_INIT;
	pdate updated = feed_updated(h->c);
	int rc;

	if (r->base_url == NULL)
		return 0;
	buf_puts(&b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<feed xmlns=\"http://www.w3.org/2005/Atom\"");
	if (r->language != NULL) {
		buf_puts(&b, " xml:lang=\"");
		esc_xml(&b, r->language);
		buf_putc(&b, '"');
	}
	buf_puts(&b, ">\n<title>");
	esc_xml(&b, r->title);
	buf_puts(&b, "</title>\n");
	if (r->description != NULL) {
		buf_puts(&b, "<subtitle>");
		esc_xml(&b, r->description);
		buf_puts(&b, "</subtitle>\n");
	}
	buf_puts(&b, "<id>");
	esc_xml(&b, r->base_url);
	buf_puts(&b, "</id>\n<link rel=\"alternate\" type=\"text/html\" href=\"");
	esc_xml(&b, r->base_url);
	buf_puts(&b, "\"/>\n<link rel=\"self\" type=\"application/atom+xml\" href=\"");
	esc_xml(&b, r->base_url);
	buf_puts(&b, "feed.xml\"/>\n<updated>");
	feed_date(&b, updated);
	buf_puts(&b, "</updated>\n<author><name>");
	esc_xml(&b, r->publisher != NULL ? r->publisher : r->title);
	buf_puts(&b, "</name></author>\n");
	feed_entries(&b, h->c, updated);
	buf_puts(&b, "</feed>\n");
	rc = site_out_write(h->o, "feed.xml", b.data, b.len);
	buf_release(&b);
	return rc;
}

/* " (1.2 MB)", " (34 kB)", " (512 bytes)": SI units, as a browser shows them. */
static void
size_text(const struct report *r, struct buf *b, off_t n)
{
	char v[32], *num, *t;

	if (n < 1000)
		snprintf(v, sizeof(v), "%lld", (long long)n);
	else
		fmt_fixed(n < 1000000 ? (double)n / 1e3 : (double)n / 1e6,
		    n < 10000 || n >= 1000000 ? 1 : 0, v, sizeof(v));
	num = view_decimal(r, v);
	t = report_format1(r, n < 1000 ? "size_bytes" : n < 1000000 ? "size_kb" : "size_mb",
	    "n", num);
	buf_printf(b, " (%s)", t);
	free(t);
	free(num);
}

/* The size text of the output rel into out, in the words of report r:
 * this build's file, else the previous site's that it keeps (--only),
 * else nothing. */
static void
size_of(const struct report *r, const struct site_out *o, const char *rel,
    struct buf *out)
{
	char *path = site_out_path(o, rel);
	struct stat st;

	if (stat(path, &st) != 0 && o->out != NULL) {
		free(path);
		path = path_join(o->out, rel);
	}
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		size_text(r, out, st.st_size);
	free(path);
}

int
render_html(const struct computed *c, const struct render_opts *ro,
    struct site_out *o, struct diag *d)
{
	struct html_ctx h = {0};
	struct tpl_snap *snap = NULL;
	struct html_job *jobs;
	size_t i, n;

	h.c = c;
	h.p = c->project;
	h.o = o;
	h.d = d;
	h.tpl.p = h.p;
	h.keyed = ro->reuse && ro->dump == NULL && !o->discard;
	/* a preview: the templates read once, and the pages keyed by what was
	 * read (a template written meanwhile waits for the next rebuild) */
	if (h.keyed && (snap = html_templates_snap(h.p, &h.key_seed)) == NULL)
		h.keyed = false;
	h.tpl.snap = snap;
	h.set = html_templates_open(&h.tpl);
	h.marks = marks_cache_new();
	if (ro->dump != NULL)
		html_dump_begin(&h, ro->dump);
	for (i = 0; ro->sizes_known && !o->discard && i < HTML_NDOWNLOADS; i++) {
		struct buf b = BUF_INIT;

		size_of(&h.p->report, o, html_downloads[i].path, &b);
		h.sizes[i] = buf_detach(&b, NULL);
	}
	if (h.p->dir != NULL) {
		char *extra = path_join(h.p->dir, "assets/extra.css");

		h.extra_css = access(extra, F_OK) == 0;
		free(extra);
	}
	/* Every page is attempted, so one run reports every error. */
	/* the pages of their own kind: home, editions and their changes, the
	 * index, security, methodology, sources, search, compare, corrections,
	 * 404 */
	jobs = xcalloc(2 * c->neditions + c->nproviders + c->project->npages + 11,
	    sizeof(*jobs));
	n = jobs_list(&h, jobs);
	if (h.p->report.edition != NULL && ro->dump == NULL && c->view != NULL) {
		h.search_entries = xcalloc(c->nproviders + 1, sizeof(*h.search_entries));
		h.compare_entries = xcalloc(c->nproviders + 1, sizeof(*h.compare_entries));
	}
	/* a preview's provider pages keyed by their inputs, and what the
	 * last rebuild made of them (html_inputs.c) */
	if (h.keyed && ro->pages_kept != NULL && h.search_entries != NULL) {
		h.memo = ro->pages_kept;
		html_memo_fit(h.memo, c->nproviders);
		h.inputs = html_inputs_global(&h);
	}
	/* the indexes written as the providers' pages are made, not kept
	 * until the end */
	if (h.search_entries != NULL)
		html_stream_begin(&h);
	html_jobs_run(&h, jobs, n);
	free(jobs);
	html_assets(&h);
	html_sitemap(&h);
	if (h.p->report.edition != NULL && html_feed(&h) == -1)
		h.failed = true;
	if (h.stream != NULL) {
		if (html_stream_end(&h) == -1)
			h.failed = true;
	} else if (h.p->report.edition != NULL && !h.failed && ro->dump == NULL &&
	    (html_search_index(&h) == -1 || html_compare_index(&h) == -1))
		h.failed = true;
	for (i = 0; h.search_entries != NULL && i < c->nproviders; i++) {
		free(h.search_entries[i]);
		free(h.compare_entries[i]);
	}
	free(h.search_entries);
	free(h.compare_entries);
	mustache_names_check(h.set, d);
	mustache_set_free(h.set);
	html_templates_snap_free(snap);
	marks_cache_free(h.marks);
	for (i = 0; i < h.npages; i++)
		free(h.pages[i]);
	free(h.pages);
	for (i = 0; i < ARRAY_SIZE(h.sizes); i++)
		free(h.sizes[i]);
	free(h.dump_rel);
	return h.failed ? -1 : 0;
}
