/* html_templates.c: finds templates (the project's own, then the built-in
 * ones), compiles them once per build, and writes rendered pages. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"
#include "jsonw.h"
#include "parse.h"
#include "render.h"
#include "resources.h"

#define TEMPLATE_MAX (16u << 20)

/* Template names are plain words, so no name can leave templates/. */
static bool
name_safe(const char *name)
{
	const char *s;

	if (*name == '\0' || strlen(name) > 64)
		return false;
	for (s = name; *s != '\0'; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    *s == '-' || *s == '_'))
			return false;
	return true;
}

/*
 * The project's templates as one read of templates/ found them (a preview,
 * whose pages are keyed by the bytes they are made with): each NAME.mustache
 * there, with what reading it gave (its bytes, or the diagnostics of a
 * file that cannot be used), so that the set compiles the very bytes the
 * key hashed, never a later version of the file.
 */
struct tpl_snap_entry {
	char *name;
	int rc;                  /* project_file_read's: 0 read, -1 refused */
	char *src;
	size_t len;
	struct diag d;           /* rc -1: what reading it said */
};

struct tpl_snap {
	struct tpl_snap_entry *v;
	size_t n;
};

static const struct tpl_snap_entry *
snap_find(const struct tpl_snap *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i].name, name) == 0)
			return &s->v[i];
	return NULL;
}

/* The diagnostics of reading a template again, as they were said. */
static void
snap_replay(const struct tpl_snap_entry *e, struct diag *d)
{
	size_t i;

	for (i = 0; i < e->d.n; i++) {
		const struct diag_entry *x = &e->d.v[i];

		if (x->kind == DIAG_WARNING)
			diag_warning(d, x->file, x->line, x->col, "%s", x->msg);
		else if (e->d.system)
			diag_system(d, x->file, "%s", x->msg);
		else
			diag_error(d, x->file, x->line, x->col, "%s", x->msg);
	}
}

/*
 * The mustache_loader: DIR/templates/NAME.mustache, else the built-in one
 * (with a snapshot, the file as the snapshot read it; a name it did not
 * find, the built-in one). The built-in one stands in only when the
 * project has no file of that name: a project's template that cannot be
 * used (a folder, a FIFO, a device, a symlink out of the project,
 * unreadable, too big) is an error.
 */
static int
template_load(void *ctx, const char *name, char **src, size_t *len, char **path,
    struct diag *d)
{
	const struct tpl_ctx *tc = ctx;
	const struct project *p = tc->p;
	const struct tpl_snap_entry *e = NULL;
	const struct resource *res;
	struct buf b = BUF_INIT;
	char *rel, why[64];
	unsigned line, col;
	int rc;

	if (!name_safe(name))
		return -1;
	rel = xasprintf("templates/%s.mustache", name);
	if (tc->snap != NULL && (e = snap_find(tc->snap, name)) != NULL && e->rc == 0)
		buf_add(&b, e->src, e->len);
	if (p != NULL && p->dir != NULL && (tc->snap == NULL || e != NULL)) {
		if (e != NULL) {
			rc = e->rc;
			if (rc == -1)
				snap_replay(e, d);
		} else
			rc = project_file_read(p->dir, rel, TEMPLATE_MAX, &b, d);
		/* a template's bytes reach every page made with it */
		if (rc == 0 && !text_valid(b.data, b.len, true, &line, &col, why)) {
			diag_error(d, rel, line, col, "%s", why);
			rc = -1;
		}
		if (rc == 0) {
			*src = buf_detach(&b, len);
			*path = rel;
			return 0;
		}
		buf_release(&b);
		if (rc == -1) {
			free(rel);
			return -1;
		}
	}
	buf_release(&b);
	if ((res = resource_find(rel)) == NULL) {
		free(rel);
		return -1;
	}
	*src = xstrndup(res->data, res->len);
	*len = res->len;
	*path = rel;
	return 0;
}

struct mustache_set *
html_templates_open(const struct tpl_ctx *tc)
{
	return mustache_set_new(template_load, (void *)tc);
}

struct tpl_snap *
html_templates_snap(const struct project *p, uint64_t *key)
{
	struct tpl_snap *s;
	uint64_t h = hash_str("templates"), sum = 0;
	enum project_path kind;
	struct diag scratch;
	char **names, *real;
	size_t i, n = 0;

	*key = 0;
	if (p == NULL || p->dir == NULL)
		return NULL;
	diag_init(&scratch);
	real = project_path_resolve(p->dir, "templates", &kind, &scratch);
	diag_release(&scratch);
	s = xcalloc(1, sizeof(*s));
	if (real == NULL && kind == PROJECT_PATH_NONE) {
		/* no templates/: the built-in ones alone */
		*key = hash_bytes(h, &sum, sizeof(sum));
		return s;
	}
	if (real == NULL || kind != PROJECT_PATH_DIR || (names = dir_list(real, &n)) == NULL) {
		/* not a folder that can be read: no snapshot (and no key) */
		free(real);
		free(s);
		return NULL;
	}
	free(real);
	s->v = xcalloc(n + 1, sizeof(*s->v));
	/* each template's name and what reading it gave; summed, so that
	 * the order of the names does not matter */
	for (i = 0; i < n; i++) {
		struct tpl_snap_entry *e = &s->v[s->n];
		struct buf b = BUF_INIT;
		char *rel;
		uint64_t f;

		if (!str_ends(names[i], ".mustache") ||
		    strlen(names[i]) == strlen(".mustache"))
			continue;
		e->name = xstrndup(names[i], strlen(names[i]) - strlen(".mustache"));
		if (!name_safe(e->name)) {
			free(e->name);
			e->name = NULL;
			continue;
		}
		s->n++;
		diag_init(&e->d);
		rel = xasprintf("templates/%s", names[i]);
		e->rc = project_file_read(p->dir, rel, TEMPLATE_MAX, &b, &e->d);
		free(rel);
		f = hash_str(e->name);
		f = hash_bytes(f, &e->rc, sizeof(e->rc));
		if (e->rc == 0) {
			e->src = buf_detach(&b, &e->len);
			f = hash_bytes(f, e->src, e->len);
		}
		buf_release(&b);
		sum += f;
	}
	strv_free(names, n);
	*key = hash_bytes(h, &sum, sizeof(sum));
	*key += *key == 0;
	return s;
}

void
html_templates_snap_free(struct tpl_snap *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].src);
		diag_release(&s->v[i].d);
	}
	free(s->v);
	free(s);
}

/*
 * A page larger than PAGE_PIECE goes to its file in pieces as it is made:
 * at 10,000 providers the providers' index is 10 MB and the home page 7 MB,
 * and they are made while the charts and the PDF are too.
 */
#define PAGE_PIECE (1u << 20)

struct page_sink {
	const struct site_out *o;
	const char *rel;
	int fd;                  /* -1: not open */
	int put;                 /* what site_out_put would have returned */
	bool streamed;           /* a piece has gone */
};

static void
page_flush(void *arg, struct buf *out)
{
	struct page_sink *ps = arg;

	if (!ps->streamed) {
		ps->streamed = true;
		ps->put = site_out_open(ps->o, ps->rel, &ps->fd);
	}
	if (ps->put == 0 && write_all(ps->fd, out->data, out->len) == -1)
		ps->put = errno != 0 ? errno : EIO;
	buf_reset(out);
}

/* A streamed page's last piece written and its file closed; site_out_put's
 * result for it. */
static int
page_finish(struct page_sink *ps, struct buf *b)
{
	page_flush(ps, b);
	if (ps->fd != -1 && close(ps->fd) == -1 && ps->put == 0)
		ps->put = errno != 0 ? errno : EIO;
	ps->fd = -1;
	return ps->put;
}

/* In a job: the page is written now, and recorded when the job is merged. */
static int
job_page_record(struct html_ctx *h, const char *rel, int put)
{
	struct html_job *j = h->job;

	j->w = xgrow(j->w, sizeof(*j->w), j->nw + 1, &j->capw);
	j->w[j->nw].rel = xstrdup(rel);
	j->w[j->nw].put = put;
	return j->w[j->nw++].put == 0 ? 0 : -1;
}

void
html_dump_begin(struct html_ctx *h, struct render_dump *dump)
{
	const char *page = dump->page;
	struct buf b = BUF_INIT;

	while (*page == '/')
		page++;
	buf_puts(&b, page);
	if (b.len == 0 || b.data[b.len - 1] == '/')
		buf_puts(&b, "index.html");
	else if (!str_ends(b.data, ".html"))
		buf_puts(&b, "/index.html");
	h->dump = dump;
	h->dump_rel = buf_detach(&b, NULL);
	dump->found = false;
}

/* v as JSON, a list made item by item as the page would make it. */
static void
tv_dump(struct jsonw *w, const struct tv *v)
{
	size_t i;

	switch (v->type) {
	case TV_NULL:
		jw_null(w);
		break;
	case TV_FALSE:
	case TV_TRUE:
		jw_bool(w, v->type == TV_TRUE);
		break;
	case TV_INT:
		jw_int(w, v->u.i);
		break;
	case TV_REAL:
		jw_real(w, v->u.r);
		break;
	case TV_STRING:
		jw_string(w, v->u.str.s);
		break;
	case TV_ARRAY:
		jw_array_begin(w);
		for (i = 0; i < v->u.arr.n; i++)
			tv_dump(w, v->u.arr.v[i]);
		jw_array_end(w);
		break;
	case TV_OBJECT:
		jw_object_begin(w);
		for (i = 0; i < v->u.obj.n; i++) {
			jw_key(w, v->u.obj.v[i].key);
			tv_dump(w, v->u.obj.v[i].value);
		}
		jw_object_end(w);
		break;
	case TV_LIST:
		jw_array_begin(w);
		for (i = 0; i < v->u.list->n; i++)
			tv_dump(w, v->u.list->item(i, v->u.list->arg));
		jw_array_end(w);
		break;
	}
}

/* In dump mode: prints data when rel is the page asked for; writes nothing. */
static int
page_dump(struct html_ctx *h, const char *tpl, struct tv *data, const char *rel)
{
	struct buf b = BUF_INIT;
	struct jsonw w;

	if (strcmp(rel, h->dump_rel) != 0) {
		tv_reset();
		return 0;
	}
	jw_init(&w, &b);
	jw_object_begin(&w);
	jw_key(&w, "template");
	jw_string(&w, tpl);
	jw_key(&w, "page");
	jw_string(&w, rel);
	jw_key(&w, "values");
	tv_dump(&w, data);
	jw_object_end(&w);
	buf_putc(&b, '\n');
	fwrite(b.data, 1, b.len, stdout);
	fflush(stdout);
	buf_release(&b);
	h->dump->found = true;
	tv_reset();
	return 0;
}

int
html_page_out(struct html_ctx *h, const char *tpl, struct tv *data, const char *rel)
{
	if (h->dump != NULL)
		return page_dump(h, tpl, data, rel);
	return html_page_write(h, tpl, data, rel);
}

int
html_page_write(struct html_ctx *h, const char *tpl, struct tv *data,
    const char *rel)
{
	static _Thread_local size_t last_len; /* this thread's last page */
	struct buf b = BUF_INIT;
	struct page_sink ps = {h->o, rel, -1, 0, false};
	const struct mustache_sink sink = {PAGE_PIECE, page_flush, &ps};
	uint64_t key = 0;
	int rc = -1, put;

	/* a preview: the same values, templates and path as the previous
	 * build's page give the same page, linked from there */
	if (h->keyed) {
		/* a provider's page keyed by its inputs (html_inputs.c) */
		key = h->ikey != 0 ? h->ikey :
		    tv_hash_tree(hash_bytes(h->key_seed, tpl, strlen(tpl) + 1), data);
		key += key == 0;
		if (site_out_put_prev(h->o, rel, key) == 0) {
			put = 0;
			goto record;
		}
	}
	/* pages are alike in size: room for the last one saves most regrowth */
	buf_grow(&b, last_len);
	if (mustache_render_sink(h->set, tpl, data, &b, &sink, h->d) == -1) {
		if (ps.fd != -1)
			close(ps.fd);
		h->failed = true;
		goto out;
	}
	if (ps.streamed) {
		put = page_finish(&ps, &b);
	} else {
		last_len = b.len;
		put = site_out_put(h->o, rel, b.data, b.len);
	}
	if (put == 0)
		site_out_note_key(h->o, rel, key);
record:
	if (h->job != NULL) {
		rc = job_page_record(h, rel, put);
		goto out;
	}
	if (site_out_record(h->o, rel, put) == -1) {
		h->failed = true;
		goto out;
	}
	h->pages = xgrow(h->pages, sizeof(*h->pages), h->npages + 1, &h->cap);
	h->pages[h->npages++] = xstrdup(rel);
	rc = 0;
out:
	buf_release(&b);
	tv_reset();
	return rc;
}
