/*
 * workers.h: a job list run over the machine's cores with POSIX threads.
 *
 * Each job writes only its own result slot; the caller then writes the
 * results out in job order, so output does not depend on the number of
 * threads. PODIUM_THREADS sets the thread count (1 = no threads at all);
 * unset, it is the number of online cores, at most WORKERS_MAX.
 */
#ifndef PODIUM_WORKERS_H
#define PODIUM_WORKERS_H

#include <stddef.h>

#define WORKERS_MAX 16

/* The number of threads parallel_for uses. */
unsigned workers_count(void);
/* Calls fn(i, arg) once for each i in [0, n), on up to workers_count()
 * threads, and returns when all calls have returned. */
void parallel_for(size_t n, void (*fn)(size_t i, void *arg), void *arg);
/*
 * Ends the threads parallel_for keeps between calls (a later call starts
 * new ones). Their thread-local state (pango's font maps, the allocator's
 * caches) is released as they exit. Called at the end of every build.
 */
void workers_stop(void);

#endif
