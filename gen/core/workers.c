/*
 * workers.c: parallel_for over a pool of threads that take the next index in
 * turn. The threads are started on first use and then wait for the next job
 * list until workers_stop(), so a build starts its threads once instead of
 * once per list (each new thread also costs the allocator fresh per-thread
 * memory). A second caller while the pool is busy (the PDF thread beside the
 * pages) gets threads of its own for that call.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "workers.h"

struct list {
	size_t n;
	atomic_size_t next;
	void (*fn)(size_t, void *);
	void *arg;
	bool shared;               /* threads of tasks may join (workers_help()) */
};

static struct {
	pthread_mutex_t busy;      /* held by the caller whose list the pool runs */
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct list *list;         /* the list being run, or NULL */
	unsigned long generation;  /* counts lists handed to the pool */
	unsigned nthreads, running;
	unsigned active;           /* pool threads taking part in the list */
	unsigned reserved;         /* cores left to tasks that will help */
	bool stop;                 /* the threads are to exit */
	pthread_t tid[WORKERS_MAX];
} pool = {
	.busy = PTHREAD_MUTEX_INITIALIZER,
	.mu = PTHREAD_MUTEX_INITIALIZER,
	.work = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER,
};

/* The online cores, asked once: glibc reads /sys for it on every call
 * (three system calls), and a build asks before every job list. */
static long
online_cores(void)
{
	static atomic_long cores;
	long n = atomic_load_explicit(&cores, memory_order_relaxed);

	if (n == 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		if (n < 1)
			n = 1;
		atomic_store_explicit(&cores, n, memory_order_relaxed);
	}
	return n;
}

unsigned long
workers_as_limit_kb(void)
{
	struct rlimit as;

	if (getrlimit(RLIMIT_AS, &as) == -1 || as.rlim_cur == RLIM_INFINITY)
		return 0;
	return as.rlim_cur / 1024 > 0 ? (unsigned long)(as.rlim_cur / 1024) : 1;
}

/* The threads an address-space limit leaves room for (workers.h). */
static long
workers_room(void)
{
	unsigned long kb = workers_as_limit_kb();

	if (kb == 0)
		return WORKERS_MAX;
	if (kb <= WORKERS_BASE_KB)
		return 1;
	return 1 + (long)((kb - WORKERS_BASE_KB) / WORKERS_EACH_KB);
}

unsigned
workers_count(void)
{
	const char *s = getenv("PODIUM_THREADS");
	long n = 0;
	char *end;

	if (s != NULL && *s != '\0') {
		n = strtol(s, &end, 10);
		if (*end != '\0')
			n = 0;
	}
	if (n <= 0)
		n = online_cores();
	if (n > workers_room())
		n = workers_room();
	if (n < 1)
		n = 1;
	return n > WORKERS_MAX ? WORKERS_MAX : (unsigned)n;
}

static void
run_list(struct list *l)
{
	size_t i;

	while ((i = atomic_fetch_add(&l->next, 1)) < l->n)
		l->fn(i, l->arg);
}

static void *
one_off(void *p)
{
	run_list(p);
	return NULL;
}

/* A pool thread: runs each list handed out, then reports it has finished. */
static void *
pool_thread(void *p)
{
	unsigned long seen = 0;
	unsigned k = (unsigned)(uintptr_t)p;
	struct list *l;

	pthread_mutex_lock(&pool.mu);
	for (;;) {
		while (pool.generation == seen && !pool.stop)
			pthread_cond_wait(&pool.work, &pool.mu);
		if (pool.stop)
			break;
		seen = pool.generation;
		if (k >= pool.active)
			continue;
		l = pool.list;
		pthread_mutex_unlock(&pool.mu);
		run_list(l);
		pthread_mutex_lock(&pool.mu);
		if (--pool.running == 0)
			pthread_cond_signal(&pool.done);
	}
	pthread_mutex_unlock(&pool.mu);
	return NULL;
}

/*
 * At exit, the pool's threads are ended if no list is running (a program
 * that never called workers_stop(), such as a test, would otherwise leave
 * them, and what they hold, to the exit). An exit while a list runs (a
 * fatal error on some thread) does not wait for it.
 */
static void pool_end(void);

static void
pool_end_at_exit(void)
{
	if (pthread_mutex_trylock(&pool.busy) != 0)
		return;
	pool_end();
	pthread_mutex_unlock(&pool.busy);
}

/* Starts pool threads until there are want - 1 (the caller is the last). */
static void
pool_grow(unsigned want)
{
	static bool at_exit;

	if (!at_exit && pool.nthreads + 1 < want)
		at_exit = atexit(pool_end_at_exit) == 0;
	while (pool.nthreads + 1 < want &&
	    pthread_create(&pool.tid[pool.nthreads], NULL, pool_thread,
	    (void *)(uintptr_t)pool.nthreads) == 0)
		pool.nthreads++;
}

void
workers_reserve(unsigned k)
{
	pthread_mutex_lock(&pool.mu);
	pool.reserved = k;
	pthread_mutex_unlock(&pool.mu);
}

void
workers_help(bool reserved)
{
	struct list *l = NULL;

	pthread_mutex_lock(&pool.mu);
	if (reserved && pool.reserved > 0)
		pool.reserved--;
	if (pool.list != NULL && pool.list->shared &&
	    atomic_load(&pool.list->next) < pool.list->n) {
		l = pool.list;
		pool.running++;
	}
	pthread_mutex_unlock(&pool.mu);
	if (l == NULL)
		return;
	run_list(l);
	pthread_mutex_lock(&pool.mu);
	if (--pool.running == 0)
		pthread_cond_signal(&pool.done);
	pthread_mutex_unlock(&pool.mu);
}

void
workers_stop(void)
{
	pthread_mutex_lock(&pool.busy);
	pool_end();
	pthread_mutex_unlock(&pool.busy);
}

/* Ends the pool's threads (pool.busy held). */
static void
pool_end(void)
{
	unsigned k, n;

	pthread_mutex_lock(&pool.mu);
	pool.stop = true;
	n = pool.nthreads;
	pthread_cond_broadcast(&pool.work);
	pthread_mutex_unlock(&pool.mu);
	for (k = 0; k < n; k++)
		pthread_join(pool.tid[k], NULL);
	pthread_mutex_lock(&pool.mu);
	pool.stop = false;
	pool.nthreads = 0;
	pthread_mutex_unlock(&pool.mu);
}

/* Runs l on threads started for this call only. */
static void
run_one_off(struct list *l, unsigned nthreads)
{
	pthread_t tid[WORKERS_MAX];
	unsigned k, started = 0;

	for (k = 1; k < nthreads; k++)
		if (pthread_create(&tid[started], NULL, one_off, l) == 0)
			started++;
	run_list(l);
	for (k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
}

static void
run(size_t n, void (*fn)(size_t i, void *arg), void *arg, bool shared)
{
	struct list l;
	unsigned count = workers_count(), nthreads = count, want;

	if (nthreads > n)
		nthreads = n > 0 ? (unsigned)n : 1;
	l.n = n;
	atomic_init(&l.next, 0);
	l.fn = fn;
	l.arg = arg;
	l.shared = shared;
	if (count <= 1 || (nthreads <= 1 && !shared)) {
		run_list(&l);
		return;
	}
	if (pthread_mutex_trylock(&pool.busy) != 0) {
		if (nthreads > 1)
			run_one_off(&l, nthreads);
		else
			run_list(&l);
		return;
	}
	pthread_mutex_lock(&pool.mu);
	pool_grow(count);
	/* the threads this list starts with, this one included */
	want = nthreads;
	if (shared) {
		want = count > pool.reserved ? count - pool.reserved : 1;
		if (want > nthreads)
			want = nthreads;
	}
	pool.active = want - 1 < pool.nthreads ? want - 1 : pool.nthreads;
	if (pool.active == 0 && !shared) {
		pthread_mutex_unlock(&pool.mu);
		pthread_mutex_unlock(&pool.busy);
		run_list(&l);
		return;
	}
	pool.list = &l;
	pool.running = pool.active;
	pool.generation++;
	if (pool.active > 0)
		pthread_cond_broadcast(&pool.work);
	pthread_mutex_unlock(&pool.mu);
	/* this thread works too; the others stop taking indexes once all are taken */
	run_list(&l);
	pthread_mutex_lock(&pool.mu);
	while (pool.running > 0)
		pthread_cond_wait(&pool.done, &pool.mu);
	pool.list = NULL;
	pthread_mutex_unlock(&pool.mu);
	pthread_mutex_unlock(&pool.busy);
}

void
parallel_for(size_t n, void (*fn)(size_t i, void *arg), void *arg)
{
	run(n, fn, arg, false);
}

void
parallel_for_shared(size_t n, void (*fn)(size_t i, void *arg), void *arg)
{
	run(n, fn, arg, true);
}
