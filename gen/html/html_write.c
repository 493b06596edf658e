/*
 * html_write.c: what the HTML back end writes besides its merge of jobs: a
 * job's files, kept with the job until the merge records them in order
 * (html_job_write, html_job_record), and the search and compare indexes,
 * each a JSON file and the same JSON as a script, written in pieces of
 * about 256 KiB as the entries come (html_index_begin, _flush, _end).
 * Its own file so that the pages and the indexes that write through it do
 * not call back into the jobs that run them (t_calls).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "html.h"

int
html_job_write(struct html_ctx *h, const char *rel, const void *p, size_t n)
{
	struct html_job *j = h->job;

	if (j == NULL)
		return site_out_write(h->o, rel, p, n);
	j->w = xgrow(j->w, sizeof(*j->w), j->nw + 1, &j->capw);
	j->w[j->nw].rel = xstrdup(rel);
	j->w[j->nw].put = site_out_put(h->o, rel, p, n);
	return j->w[j->nw++].put == 0 ? 0 : -1;
}

int
html_job_record(struct html_ctx *h, const char *rel, int put)
{
	struct html_job *j = h->job;

	if (j == NULL) {
		if (site_out_record(h->o, rel, put) == -1) {
			h->failed = true;
			return -1;
		}
		return 0;
	}
	j->w = xgrow(j->w, sizeof(*j->w), j->nw + 1, &j->capw);
	j->w[j->nw].rel = xstrdup(rel);
	j->w[j->nw].put = put;
	return j->w[j->nw++].put == 0 ? 0 : -1;
}

/* What a piece of an index is written in: about 256 KiB (each index holds
 * its piece and its piece made safe, while the pages are made). */
#define INDEX_PIECE (1u << 18)

static void
index_write(struct html_index *x, int k, const void *p, size_t n)
{
	if (x->err[k] == 0 && write_all(x->fd[k], p, n) == -1)
		x->err[k] = errno != 0 ? errno : EIO;
}

void
html_index_begin(struct html_index *x, struct html_ctx *h, const char *json,
    const char *js, const char *name)
{
	int k;

	x->h = h;
	x->rel[0] = json;
	x->rel[1] = js;
	buf_init(&x->b);
	for (k = 0; k < 2; k++)
		x->err[k] = site_out_open(h->o, x->rel[k], &x->fd[k]);
	index_write(x, 1, "window.", 7);
	index_write(x, 1, name, strlen(name));
	index_write(x, 1, " = ", 3);
}

/* Writes what b holds, made safe for a script, to both files. */
static void
index_put(struct html_index *x)
{
	char *safe;
	size_t n;

	if (x->b.len == 0)
		return;
	safe = html_json_script_safe(&x->b);  /* empties b */
	n = strlen(safe);
	index_write(x, 0, safe, n);
	index_write(x, 1, safe, n);
	free(safe);
}

void
html_index_flush(struct html_index *x)
{
	if (x->b.len >= INDEX_PIECE)
		index_put(x);
}

int
html_index_end(struct html_index *x, bool record)
{
	int k, rc = 0;

	index_put(x);
	index_write(x, 0, "\n", 1);
	index_write(x, 1, ";\n", 2);
	for (k = 0; k < 2; k++) {
		if (x->fd[k] != -1 && close(x->fd[k]) == -1 && x->err[k] == 0)
			x->err[k] = errno != 0 ? errno : EIO;
		x->fd[k] = -1;
	}
	buf_release(&x->b);
	if (!record) {
		/* begun before the build failed: no file of it stays */
		for (k = 0; k < 2; k++) {
			char *path = site_out_path(x->h->o, x->rel[k]);

			if (x->err[k] == 0 && !x->h->o->discard)
				unlink(path);
			free(path);
		}
		return 0;
	}
	/* the script only when the JSON could be written, as before */
	if (site_out_record(x->h->o, x->rel[0], x->err[0]) == -1)
		return -1;
	if (site_out_record(x->h->o, x->rel[1], x->err[1]) == -1)
		rc = -1;
	return rc;
}
