/*
 * test_workers.c: parallel_for and the shared lists other tasks join
 * (parallel_for_shared, workers_reserve, workers_help): every index runs
 * exactly once whoever runs it, a list started with reserved cores runs
 * on the caller alone until a helper comes, a helper joins only a shared
 * list, and one that comes after the list has ended returns at once.
 */
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fonts.h"
#include "workers.h"

#define N 400

struct record {
	atomic_int runs[N];
	pthread_t who[N];
	atomic_int started;        /* indexes begun */
	useconds_t pause;          /* per index */
	int gather;                /* > 0: each index waits until this many
	                            * have begun (at most 10 s) */
};

static void
record_run(size_t i, void *arg)
{
	struct record *r = arg;

	atomic_fetch_add(&r->runs[i], 1);
	r->who[i] = pthread_self();
	atomic_fetch_add(&r->started, 1);
	if (r->gather > 0) {
		/* not a fixed pause: on a busy machine a thread may finish one
		 * before another has started, and take a second */
		for (int t = 0; t < 50000 && atomic_load(&r->started) < r->gather; t++)
			usleep(200);
	} else if (r->pause > 0) {
		usleep(r->pause);
	}
}

static struct record *
record_new(useconds_t pause)
{
	struct record *r = calloc(1, sizeof(*r));
	size_t i;

	for (i = 0; i < N; i++)
		atomic_init(&r->runs[i], 0);
	atomic_init(&r->started, 0);
	r->pause = pause;
	return r;
}

static void
assert_each_once(struct record *r)
{
	size_t i;

	for (i = 0; i < N; i++)
		ck_assert_msg(atomic_load(&r->runs[i]) == 1, "index %zu ran %d times", i,
		    atomic_load(&r->runs[i]));
}

/* How many indexes thread t ran. */
static size_t
ran_by(const struct record *r, pthread_t t)
{
	size_t i, n = 0;

	for (i = 0; i < N; i++)
		n += pthread_equal(r->who[i], t) != 0;
	return n;
}

/* Each test's threads and reservation, set at its start (the tests may
 * share a process, CK_FORK=no) and undone at its end with the pool. */
static void
begin(const char *threads, unsigned reserved)
{
	setenv("PODIUM_THREADS", threads, 1);
	workers_reserve(reserved);
}

static void
end(struct record *r)
{
	workers_reserve(0);
	free(r);
	workers_stop();
	unsetenv("PODIUM_THREADS");
}

START_TEST(test_each_index_once)
{
	static const char *counts[] = {"1", "2", "3", "8"};
	size_t k;

	for (k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
		struct record *a = record_new(0), *b = record_new(0);

		setenv("PODIUM_THREADS", counts[k], 1);
		workers_reserve(0);
		parallel_for(N, record_run, a);
		parallel_for_shared(N, record_run, b);
		assert_each_once(a);
		assert_each_once(b);
		free(a);
		free(b);
		workers_stop();
	}
	unsetenv("PODIUM_THREADS");
}
END_TEST

struct helper {
	struct record *r;
	bool reserved;
	pthread_t tid;
	size_t wait_for;           /* indexes begun before it helps */
};

static void *
helper_run(void *arg)
{
	struct helper *h = arg;

	while ((size_t)atomic_load(&h->r->started) < h->wait_for)
		usleep(200);
	workers_help(h->reserved);
	return NULL;
}

/*
 * With 2 threads and one core reserved, the list starts on the caller
 * only; the helper, coming once 50 indexes have begun, takes part of what
 * is left, and the pool's own thread takes none.
 */
START_TEST(test_reserved_then_helped)
{
	struct record *r = record_new(1000);
	struct helper h = {r, true, 0, 50};
	size_t mine, helped;

	begin("2", 1);
	ck_assert_int_eq(pthread_create(&h.tid, NULL, helper_run, &h), 0);
	parallel_for_shared(N, record_run, r);
	ck_assert_int_eq(pthread_join(h.tid, NULL), 0);
	assert_each_once(r);
	mine = ran_by(r, pthread_self());
	helped = ran_by(r, h.tid);
	ck_assert_uint_ge(mine, 50);
	ck_assert_uint_gt(helped, 0);
	ck_assert_uint_eq(mine + helped, N);
	end(r);
}
END_TEST

/* Without a reservation the pool's thread takes part from the start. */
START_TEST(test_unreserved_uses_pool)
{
	struct record *r = record_new(300);

	begin("2", 0);
	parallel_for_shared(N, record_run, r);
	assert_each_once(r);
	ck_assert_uint_gt(N - ran_by(r, pthread_self()), 0);
	end(r);
}
END_TEST

/* A shared list shorter than the threads still starts on as many as it
 * has jobs, the reserved core aside: 4 threads, 1 reserved, 3 jobs. Each
 * job waits until all three have begun, so that none ends and lets its
 * thread take another while a thread is still starting. */
START_TEST(test_short_shared_list)
{
	struct record *r = record_new(0);
	size_t i, k, distinct = 0;

	r->gather = 3;
	begin("4", 1);
	parallel_for_shared(3, record_run, r);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(atomic_load(&r->runs[i]), 1);
		for (k = 0; k < i && !pthread_equal(r->who[k], r->who[i]); k++)
			;
		distinct += k == i;
	}
	ck_assert_uint_eq(distinct, 3);
	end(r);
}
END_TEST

/* A plain parallel_for is not joined: the helper returns at once. */
START_TEST(test_plain_list_not_joined)
{
	struct record *r = record_new(300);
	struct helper h = {r, false, 0, 20};

	begin("2", 0);
	ck_assert_int_eq(pthread_create(&h.tid, NULL, helper_run, &h), 0);
	parallel_for(N, record_run, r);
	ck_assert_int_eq(pthread_join(h.tid, NULL), 0);
	assert_each_once(r);
	ck_assert_uint_eq(ran_by(r, h.tid), 0);
	end(r);
}
END_TEST

/* A helper with no list to join returns, and gives its core back. */
START_TEST(test_help_without_list)
{
	struct record *r = record_new(0);

	begin("2", 1);
	workers_help(true);
	/* the reservation is gone: the pool's thread takes part again */
	r->pause = 300;
	parallel_for_shared(N, record_run, r);
	assert_each_once(r);
	ck_assert_uint_gt(N - ran_by(r, pthread_self()), 0);
	end(r);
}
END_TEST

/* Text is laid out on one thread per build (fonts.h): the claiming thread
 * may claim again, and once the build's claim ends, another thread may. */
static void *
claim(void *arg)
{
	(void)arg;
	fonts_text_thread();
	return NULL;
}

START_TEST(test_text_one_thread)
{
	pthread_t t;

	fonts_text_thread();
	fonts_text_thread();
	fonts_text_done();
	ck_assert_int_eq(pthread_create(&t, NULL, claim, NULL), 0);
	pthread_join(t, NULL);
	fonts_text_done();
	fonts_text_thread();
	fonts_text_done();
}
END_TEST

/* ... and a second thread laying out text while the first holds the claim
 * is a design error that aborts, every time, not a rare race in cairo. */
START_TEST(test_text_second_thread_aborts)
{
	pthread_t t;

	fonts_text_thread();
	pthread_create(&t, NULL, claim, NULL);
	pthread_join(t, NULL);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("workers");
	TCase *tc = tcase_create("workers");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_each_index_once);
	tcase_add_test(tc, test_reserved_then_helped);
	tcase_add_test(tc, test_unreserved_uses_pool);
	tcase_add_test(tc, test_short_shared_list);
	tcase_add_test(tc, test_plain_list_not_joined);
	tcase_add_test(tc, test_help_without_list);
	tcase_add_test(tc, test_text_one_thread);
	/* an abort can be caught only in a test's own process */
	if (getenv("CK_FORK") == NULL || strcmp(getenv("CK_FORK"), "no") != 0)
		tcase_add_test_raise_signal(tc, test_text_second_thread_aborts, SIGABRT);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
