/*
 * pdf_ahead.c: the body's top-level blocks prepared ahead of the placing.
 *
 * Placing is in order on one thread (pages are written as they are done);
 * preparing a block (pango layouts at their final widths, tables measured)
 * depends on nothing placed before it, so helper threads prepare the next
 * blocks while the placing thread places this one. What is not safe on
 * another thread is done on the placing thread, in document order, when a
 * block is queued: building lazy blocks' content (their fill callbacks,
 * diagnostics, anchors, links checked) -- so the document is the same
 * whatever the number of threads. A lazy block's anchors are then set aside
 * (those after it must not see them) and made visible again when it is
 * placed; its free hooks run once it is released.
 *
 * At most AHEAD_MAX blocks wait prepared, which bounds the memory; the
 * placing thread prepares a block itself when no helper has started it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pdf_layout.h"
#include "workers.h"

#define AHEAD_MAX PDF_AHEAD_MAX
#define HELPERS_MAX 3

enum job_state { JOB_QUEUED, JOB_RUNNING, JOB_DONE };

struct ahead_job {
	struct pdf_block *b;
	double width;
	enum job_state state;
	const char **anchors;     /* its lazy content's, set aside */
	size_t nanchors;
	struct pdf_free_hook *hooks;
	size_t nhooks;
};

struct pdf_ahead {
	pthread_mutex_t mu;
	pthread_cond_t work;      /* a job was queued, or stop */
	pthread_cond_t done;      /* a job is done */
	struct ahead_job ring[AHEAD_MAX];
	size_t head, tail;        /* jobs [head, tail) are in the ring */
	struct pdf_block *next;   /* the first block not queued yet */
	bool started;             /* next is set */
	bool stop;
	unsigned nhelpers;
	pthread_t tid[HELPERS_MAX];
	struct pdf_ctx hctx[HELPERS_MAX];
};

static struct ahead_job *
job_at(struct pdf_ahead *ah, size_t i)
{
	return &ah->ring[i % AHEAD_MAX];
}

struct helper_arg {
	struct pdf_ahead *ah;
	struct pdf_ctx *hctx;
};

/* The oldest queued job, marked running; NULL: none. Called locked. */
static struct ahead_job *
job_take(struct pdf_ahead *ah)
{
	size_t i;

	for (i = ah->head; i < ah->tail; i++)
		if (job_at(ah, i)->state == JOB_QUEUED) {
			job_at(ah, i)->state = JOB_RUNNING;
			return job_at(ah, i);
		}
	return NULL;
}

static void
job_run(struct pdf_ahead *ah, struct pdf_ctx *ctx, struct ahead_job *j)
{
	pdf_block_prepare(ctx, j->b, j->width);
	pthread_mutex_lock(&ah->mu);
	j->state = JOB_DONE;
	pthread_cond_broadcast(&ah->done);
	pthread_mutex_unlock(&ah->mu);
}

static void *
helper(void *arg)
{
	struct pdf_ahead *ah = ((struct helper_arg *)arg)->ah;
	struct pdf_ctx *hctx = ((struct helper_arg *)arg)->hctx;
	struct ahead_job *j = NULL;

	free(arg);
	pthread_mutex_lock(&ah->mu);
	for (;;) {
		while (!ah->stop && (j = job_take(ah)) == NULL)
			pthread_cond_wait(&ah->work, &ah->mu);
		if (ah->stop)
			break;
		pthread_mutex_unlock(&ah->mu);
		job_run(ah, hctx, j);
		pthread_mutex_lock(&ah->mu);
	}
	pthread_mutex_unlock(&ah->mu);
	return NULL;
}

/* On success, free with pdf_ahead_free(); NULL with one thread. */
struct pdf_ahead *
pdf_ahead_new(struct pdf_ctx *ctx)
{
	unsigned n = workers_count();
	struct pdf_ahead *ah;
	struct helper_arg *a;

	if (n <= 1)
		return NULL;
	n = n - 1 > HELPERS_MAX ? HELPERS_MAX : n - 1;
	ah = xcalloc(1, sizeof(*ah));
	pthread_mutex_init(&ah->mu, NULL);
	pthread_cond_init(&ah->work, NULL);
	pthread_cond_init(&ah->done, NULL);
	while (ah->nhelpers < n) {
		pdf_ctx_helper_init(&ah->hctx[ah->nhelpers], ctx);
		a = xmalloc(sizeof(*a));
		a->ah = ah;
		a->hctx = &ah->hctx[ah->nhelpers];
		if (pthread_create(&ah->tid[ah->nhelpers], NULL, helper, a) != 0) {
			free(a);
			pdf_ctx_helper_free(&ah->hctx[ah->nhelpers]);
			break;
		}
		ah->nhelpers++;
	}
	return ah;
}

/*
 * Queues b: its lazy content built here, on the placing thread, in order;
 * the anchors and hooks that building added set aside in its job.
 */
static void
job_queue(struct pdf_ctx *ctx, struct pdf_ahead *ah, struct pdf_block *b,
    double width)
{
	struct ahead_job *j = job_at(ah, ah->tail);
	size_t anchors = pdf_anchors_count(ctx), hooks = ctx->doc->nhooks;

	memset(j, 0, sizeof(*j));
	j->b = b;
	j->width = width;
	pdf_block_expand(ctx, b);
	j->anchors = pdf_anchors_detach(ctx, anchors, &j->nanchors);
	j->hooks = pdfdoc_hooks_take(ctx->doc, hooks, &j->nhooks);
	pthread_mutex_lock(&ah->mu);
	j->state = JOB_QUEUED;
	ah->tail++;
	pthread_cond_signal(&ah->work);
	pthread_mutex_unlock(&ah->mu);
}

/* The job of b, queued; NULL: none. */
static struct ahead_job *
job_of(struct pdf_ahead *ah, const struct pdf_block *b)
{
	size_t i;

	for (i = ah->head; i < ah->tail; i++)
		if (job_at(ah, i)->b == b)
			return job_at(ah, i);
	return NULL;
}

/* Queues blocks from the first not queued until the window is full. */
static void
top_up(struct pdf_ctx *ctx, struct pdf_ahead *ah, struct pdf_block *first,
    double width)
{
	if (!ah->started) {
		ah->next = first;
		ah->started = true;
	}
	while (ah->next != NULL && ah->tail - ah->head < AHEAD_MAX) {
		job_queue(ctx, ah, ah->next, width);
		ah->next = ah->next->next;
	}
}

void
pdf_ahead_start(struct pdf_ctx *ctx, struct pdf_block *first, double width)
{
	if (ctx->ahead != NULL && first != NULL)
		top_up(ctx, ctx->ahead, first, width);
}

void
pdf_ahead_ready(struct pdf_ctx *ctx, struct pdf_block *b, double width)
{
	struct pdf_ahead *ah = ctx->ahead;
	struct ahead_job *j, *k;

	top_up(ctx, ah, b, width);
	if ((j = job_of(ah, b)) == NULL)
		abort();          /* placed out of order */
	pthread_mutex_lock(&ah->mu);
	if (j->state == JOB_QUEUED) {
		j->state = JOB_RUNNING;
		pthread_mutex_unlock(&ah->mu);
		job_run(ah, ctx, j);
		return;
	}
	/* while a helper prepares b, this thread prepares the next ones */
	while (j->state != JOB_DONE) {
		if ((k = job_take(ah)) != NULL) {
			pthread_mutex_unlock(&ah->mu);
			job_run(ah, ctx, k);
			pthread_mutex_lock(&ah->mu);
		} else
			pthread_cond_wait(&ah->done, &ah->mu);
	}
	pthread_mutex_unlock(&ah->mu);
}

void
pdf_ahead_attach(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct ahead_job *j = job_of(ctx->ahead, b);

	if (j == NULL)
		abort();
	pdf_anchors_attach(ctx, j->anchors, j->nanchors);
	free(j->anchors);
	j->anchors = NULL;
	j->nanchors = 0;
}

void
pdf_ahead_done(struct pdf_ctx *ctx, struct pdf_block *b)
{
	struct pdf_ahead *ah = ctx->ahead;
	struct ahead_job *j = job_at(ah, ah->head);

	if (ah->head == ah->tail || j->b != b)
		abort();
	pdfdoc_hooks_run_taken(j->hooks, j->nhooks);
	free(j->anchors);
	pthread_mutex_lock(&ah->mu);
	ah->head++;
	pthread_mutex_unlock(&ah->mu);
}

void
pdf_ahead_free(struct pdf_ahead *ah)
{
	unsigned k;
	size_t i;

	if (ah == NULL)
		return;
	pthread_mutex_lock(&ah->mu);
	ah->stop = true;
	pthread_cond_broadcast(&ah->work);
	pthread_mutex_unlock(&ah->mu);
	for (k = 0; k < ah->nhelpers; k++)
		pthread_join(ah->tid[k], NULL);
	/* jobs never placed (a failed rendering): their hooks still run */
	for (i = ah->head; i < ah->tail; i++) {
		pdfdoc_hooks_run_taken(job_at(ah, i)->hooks,
		    job_at(ah, i)->nhooks);
		free(job_at(ah, i)->anchors);
	}
	for (k = 0; k < ah->nhelpers; k++)
		pdf_ctx_helper_free(&ah->hctx[k]);
	pthread_cond_destroy(&ah->done);
	pthread_cond_destroy(&ah->work);
	pthread_mutex_destroy(&ah->mu);
	free(ah);
}
