/*
 * html_inputs.c: a preview's provider pages keyed by what they are made
 * from, and what the previous rebuild made of each kept for the next
 * (podium serve; html.h, render.h).
 *
 * A provider's page, its Markdown copy, its entries of the search and
 * compare indexes and its description (llms.txt) are made from its view,
 * which is made from the model; building them all to find the few that
 * changed is most of a rebuild. Instead each provider gets an input key,
 * found without building anything of its page:
 *
 * - the report-wide part, once a build: the templates the pages are made
 *   with (the seed: the bytes html_templates.c read and compiled), the
 *   bytes of every file the load read but the reviews (the report, the
 *   editions, the providers' own files, the commentary, the pages, the
 *   sources: names and links any page may show), the values every
 *   provider page frames its own with (navigation, the assets it links,
 *   downloads and their sizes, the interface words: pv_page), what the
 *   build was asked (drafts, the date), and a digest of every rating the
 *   report computed and of each edition's figures (a review's text may
 *   quote any of them through its shortcodes, and a history row reads
 *   the tier before);
 * - the provider's part: its place among the providers and the bytes of
 *   the file of each of its reviews (none when one of them holds a
 *   shortcode that quotes other reviews: a table or a chart).
 *
 * No file is read to be hashed: the hashes are those of the bytes the
 * load parsed, taken as it read them (load.h, load_cache_reads), so a
 * file written while a rebuild runs cannot leave a page made from its
 * old bytes under its new bytes' key: the page is kept under the old
 * bytes' key, and the rebuild the write starts makes it again. So a
 * review whose text changes changes the key of its provider's page
 * alone; one whose tier changes changes every provider's (the figures are
 * report-wide); any other file changes every key. A file read twice with
 * other bytes the second time gives no key (0): that page is built.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "load.h"

/* What a rebuild keeps of each provider's page for the next: parallel to
 * the providers of the last build. */
struct html_memo_entry {
	uint64_t key;        /* its input key; 0: nothing kept */
	char *id;
	char *search, *compare, *description;
};

struct html_memo {
	struct html_memo_entry *v;
	size_t n;
	/* the loads' cache, which holds what the last load read */
	const struct load_cache *reads;
	/* of the last build: pages taken as before, and made */
	atomic_size_t taken, made;
};

static uint64_t
mix_u64(uint64_t h, uint64_t v)
{
	return hash_bytes(h, &v, sizeof(v));
}

static uint64_t
mix_str(uint64_t h, const char *s)
{
	if (s == NULL)
		return mix_u64(h, 0x6e756c6cu);
	return hash_bytes(h, s, strlen(s) + 1);
}

static uint64_t
mix_double(uint64_t h, double d)
{
	if (isnan(d))
		return mix_u64(h, 0x6e616eu);
	return hash_bytes(h, &d, sizeof(d));
}

static const char *
tier_id(const struct tier *t)
{
	return t != NULL ? t->id : NULL;
}

/* Every rating and every edition's figures, in the model's order. */
static uint64_t
ratings_digest(const struct computed *c, uint64_t h)
{
	const struct report *r = &c->project->report;
	size_t i, k;

	h = mix_u64(h, c->neditions);
	for (i = 0; i < c->neditions; i++) {
		const struct edition_stats *s = &c->editions[i];

		h = mix_str(h, s->edition->id);
		h = mix_str(h, s->baseline != NULL ? s->baseline->id : NULL);
		for (k = 0; s->counts != NULL && k < r->nladder; k++)
			h = mix_u64(h, (uint64_t)s->counts[k]);
		h = mix_u64(h, (uint64_t)s->reviewed);
		h = mix_u64(h, (uint64_t)s->rated);
		h = mix_u64(h, (uint64_t)s->medals);
		h = mix_u64(h, (uint64_t)s->tracked);
		h = mix_double(h, s->medals_of_reviewed);
		h = mix_double(h, s->medals_of_tracked);
		h = mix_u64(h, s->nratings);
		for (k = 0; k < s->nratings; k++) {
			const struct rating *rt = &s->ratings[k];

			h = mix_str(h, rt->provider->id);
			h = mix_str(h, tier_id(rt->tier));
			h = mix_str(h, tier_id(rt->computed));
			h = mix_str(h, tier_id(rt->previous));
			h = mix_double(h, rt->score);
			h = mix_u64(h, (uint64_t)rt->override | (uint64_t)rt->has_steps << 1 |
			    (uint64_t)(rt->review != NULL && rt->review->draft) << 2 |
			    (uint64_t)(rt->review != NULL && rt->review->tier_uncertain != NULL) << 3);
			h = mix_u64(h, (uint64_t)(int64_t)rt->steps);
			h = mix_u64(h, (uint64_t)rt->status);
		}
		h = mix_u64(h, s->ngone);
		for (k = 0; k < s->ngone; k++) {
			h = mix_str(h, s->gone[k].provider->id);
			h = mix_str(h, tier_id(s->gone[k].previous));
			h = mix_u64(h, (uint64_t)s->gone[k].status);
		}
		h = mix_u64(h, s->nclaims);
		for (k = 0; k < s->nclaims; k++) {
			h = mix_u64(h, (uint64_t)s->claims[k].computed);
			h = mix_u64(h, (uint64_t)s->claims[k].ok);
		}
		h = mix_u64(h, (uint64_t)s->has_change);
		if (s->has_change) {
			h = mix_u64(h, (uint64_t)s->d_medals);
			h = mix_u64(h, (uint64_t)s->d_reviewed);
			h = mix_u64(h, (uint64_t)s->d_rated);
			for (k = 0; s->d_counts != NULL && k < r->nladder; k++)
				h = mix_u64(h, (uint64_t)s->d_counts[k]);
			h = mix_double(h, s->d_medals_pct);
			h = mix_double(h, s->d_reviewed_pct);
		}
		h = mix_u64(h, s->public_findings);
		h = mix_u64(h, s->private_findings);
	}
	h = mix_u64(h, c->nproviders);
	for (i = 0; i < c->nproviders; i++) {
		const struct provider_view *pv = &c->providers[i];

		h = mix_str(h, pv->provider->id);
		h = mix_u64(h, (uint64_t)pv->visible << 32 | pv->nhistory);
		for (k = 0; k < pv->nhistory; k++)
			h = mix_str(h, pv->history[k].edition->id);
	}
	return h;
}

/* Whether rel is a review's file: in its provider's part, not here. */
static bool
is_review(const char *rel)
{
	return str_starts(rel, "content/reviews/");
}

uint64_t
html_inputs_global(struct html_ctx *h)
{
	const struct project *p = h->p;
	const struct computed *c = h->c;
	const struct load_read *reads;
	uint64_t k = mix_u64(h->key_seed, 0x696e70757473u), sum = 0;
	size_t i, n;
	struct tv *frame;

	if (p == NULL || p->dir == NULL || h->memo == NULL || h->key_seed == 0)
		return 0;
	/* the files the load read, but the reviews: each its path and the
	 * hash of the bytes it parsed; none was read again to be hashed */
	reads = load_cache_reads(h->memo->reads, &n);
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (is_review(reads[i].rel))
			continue;
		/* read twice, not the same both times: no key */
		if (reads[i].hash == 0)
			return 0;
		sum = mix_u64(mix_str(sum, reads[i].rel), reads[i].hash);
	}
	k = mix_u64(k, sum);
	k = mix_u64(k, (uint64_t)c->opts.drafts);
	k = mix_u64(k, (uint64_t)(int64_t)c->opts.now);
	/* what frames every provider page: the same for each (they are all
	 * two folders deep); its title is its name, a provider's file's; the
	 * assets a page links (whether assets/extra.css is there) and the
	 * downloads' sizes are among its values */
	frame = pv_page(h, "providers/x/index.html", "provider", NULL);
	k = tv_hash_tree(k, frame);
	tv_reset();
	k = ratings_digest(c, k);
	return k + (k == 0);
}

/*
 * Whether every shortcode in the n bytes at s reads only what the key
 * holds: the editions' figures and the ratings (count, change, share,
 * medals, tier), the providers' names (provider) and the sources (at,
 * cite). A table or a chart gives what other reviews say (the movers'
 * reasons, the fault tests, the findings): a review holding one gives its
 * page no key. Escaped braces are counted too.
 */
bool
html_inputs_scan(const char *s, size_t n)
{
	static const char *const ok[] = {"count", "change", "share", "medals",
	    "tier", "provider", "at", "cite", NULL};
	const char *p = s, *end = s + n, *q;
	size_t i, len;

	while ((q = memchr(p, '{', (size_t)(end - p))) != NULL) {
		p = q + 1;
		if (p >= end || *p != '{')
			continue;
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		for (q = p; q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'));)
			q++;
		len = (size_t)(q - p);
		for (i = 0; ok[i] != NULL; i++)
			if (strlen(ok[i]) == len && memcmp(ok[i], p, len) == 0)
				break;
		if (ok[i] == NULL)
			return false;
	}
	return true;
}

uint64_t
html_inputs_provider(const struct html_ctx *h, const struct provider_view *pv)
{
	uint64_t k = h->inputs;
	size_t i;

	if (k == 0 || h->memo == NULL)
		return 0;
	k = mix_str(k, pv->provider->id);
	k = mix_u64(k, pv->provider->index);
	k = mix_u64(k, pv->provider->order);
	for (i = 0; i < pv->nhistory; i++) {
		const struct review *rv = pv->history[i].rating->review;
		const char *file = rv != NULL ? rv->pos.file : NULL;
		const struct load_read *rd;

		/* the bytes the load read of it, and what the scan said of
		 * them (html_inputs_scan): a table or a chart in it, no key */
		rd = file != NULL ? load_cache_read_of(h->memo->reads, file) : NULL;
		if (rd == NULL || rd->hash == 0 || !rd->plain)
			return 0;
		k = mix_str(k, file);
		k = mix_u64(k, rd->hash);
	}
	return k == 0 ? 0 : k + (k == 1);
}

struct html_memo *
html_memo_new(void)
{
	return xcalloc(1, sizeof(struct html_memo));
}

static void
entry_clear(struct html_memo_entry *e)
{
	free(e->id);
	free(e->search);
	free(e->compare);
	free(e->description);
	memset(e, 0, sizeof(*e));
}

void
html_memo_free(struct html_memo *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->n; i++)
		entry_clear(&m->v[i]);
	free(m->v);
	free(m);
}

void
html_memo_reads(struct html_memo *m, const struct load_cache *reads)
{
	m->reads = reads;
}

/* Made the size of this build's providers; everything dropped if not. */
void
html_memo_fit(struct html_memo *m, size_t nproviders)
{
	size_t i;

	if (m == NULL)
		return;
	atomic_store(&m->taken, 0);
	atomic_store(&m->made, 0);
	if (m->n == nproviders)
		return;
	for (i = 0; i < m->n; i++)
		entry_clear(&m->v[i]);
	free(m->v);
	m->v = xcalloc(nproviders + 1, sizeof(*m->v));
	m->n = nproviders;
}

/* What was kept of provider i under key, or NULL. */
static const struct html_memo_entry *
memo_get(const struct html_memo *m, const struct provider *pr, uint64_t key)
{
	const struct html_memo_entry *e;

	if (m == NULL || key == 0 || pr->index >= m->n)
		return NULL;
	e = &m->v[pr->index];
	if (e->key != key || e->id == NULL || strcmp(e->id, pr->id) != 0)
		return NULL;
	return e;
}

bool
html_memo_take(struct html_ctx *h, const struct provider_view *pv, uint64_t key)
{
	const struct html_memo_entry *e = memo_get(h->memo, pv->provider, key);
	const struct view_report *v = h->c->view;
	char *page, *md;
	int put;

	if (e == NULL || v == NULL || h->search_entries == NULL)
		return false;
	page = html_provider_path(pv->provider);
	md = xasprintf("%.*sindex.md", (int)(strlen(page) - strlen("index.html")), page);
	/* the page and its copy as the served site has them, or nothing */
	if (site_out_put_prev(h->o, page, key) != 0 ||
	    site_out_put_prev(h->o, md, key) != 0) {
		free(page);
		free(md);
		return false;
	}
	put = html_job_record(h, page, 0);
	if (html_job_record(h, md, 0) == -1)
		put = -1;
	free(page);
	free(md);
	h->search_entries[pv->provider->index] = xstrdup(e->search);
	h->compare_entries[pv->provider->index] = xstrdup(e->compare);
	/* its description, for llms.txt, as view_provider_return would have
	 * kept it (the slot is this provider's alone) */
	if (v->descriptions[pv->provider->index] == NULL)
		v->descriptions[pv->provider->index] = xstrdup(e->description);
	if (put == -1)
		h->failed = true;
	atomic_fetch_add(&h->memo->taken, 1);
	return true;
}

void
html_memo_keep(struct html_memo *m, const struct provider *pr, uint64_t key,
    const char *search, const char *compare, const char *description)
{
	struct html_memo_entry *e;

	if (m == NULL || key == 0 || pr->index >= m->n || search == NULL ||
	    compare == NULL || description == NULL)
		return;
	atomic_fetch_add(&m->made, 1);
	e = &m->v[pr->index];
	entry_clear(e);
	e->key = key;
	e->id = xstrdup(pr->id);
	e->search = xstrdup(search);
	e->compare = xstrdup(compare);
	e->description = xstrdup(description);
}

size_t
html_memo_count(const struct html_memo *m, size_t *made)
{
	*made = m != NULL ? atomic_load(&m->made) : 0;
	return m != NULL ? atomic_load(&m->taken) : 0;
}

void
html_memo_drop(struct html_memo *m, const struct provider *pr)
{
	if (m == NULL)
		return;
	atomic_fetch_add(&m->made, 1);
	if (pr->index < m->n)
		entry_clear(&m->v[pr->index]);
}
