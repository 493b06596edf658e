/* html_templates.c: finds templates (the project's own, then the built-in
 * ones), compiles them once per build, and writes rendered pages. */
#include <dirent.h>
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
 * The mustache_loader: DIR/templates/NAME.mustache, else the built-in one.
 * The built-in one stands in only when the project has no file of that
 * name: a project's template that cannot be used (a folder, a FIFO, a
 * device, a symlink out of the project, unreadable, too big) is an error.
 */
static int
template_load(void *ctx, const char *name, char **src, size_t *len, char **path,
    struct diag *d)
{
	const struct project *p = ctx;
	const struct resource *res;
	struct buf b = BUF_INIT;
	char *rel, why[64];
	unsigned line, col;
	int rc;

	if (!name_safe(name))
		return -1;
	rel = xasprintf("templates/%s.mustache", name);
	if (p != NULL && p->dir != NULL) {
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
html_templates_open(const struct project *p)
{
	return mustache_set_new(template_load, (void *)p);
}

uint64_t
html_templates_key(const struct project *p)
{
	uint64_t h = hash_str("templates"), sum = 0;
	struct buf b = BUF_INIT;
	struct dirent *de;
	struct stat st;
	char *dir, *path;
	DIR *dp;

	if (p == NULL || p->dir == NULL)
		return h;
	dir = path_join(p->dir, "templates");
	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return h;
	}
	/* each entry's name, kind and bytes; summed, so the order of reading
	 * does not matter */
	while ((de = readdir(dp)) != NULL) {
		uint64_t f = hash_str(de->d_name);

		path = path_join(dir, de->d_name);
		if (stat(path, &st) == 0) {
			f = hash_bytes(f, &st.st_mode, sizeof(st.st_mode));
			buf_reset(&b);
			if (S_ISREG(st.st_mode) && file_read(path, TEMPLATE_MAX, &b) == FILE_OK)
				f = hash_bytes(f, b.data, b.len);
			else
				f = hash_bytes(f, &st.st_mtim, sizeof(st.st_mtim));
		}
		sum += f;
		free(path);
	}
	closedir(dp);
	buf_release(&b);
	free(dir);
	return hash_bytes(h, &sum, sizeof(sum));
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
