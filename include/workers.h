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

#include <stdbool.h>
#include <stddef.h>

#define WORKERS_MAX 16

/*
 * Under an address-space limit (ulimit -v), what a build needs: its
 * libraries, fonts and data with one thread, then more for each other
 * thread (its stack and the allocator's arena). Measured on the default
 * report: one thread built at 120,000 kB, two at 150,000, eight at
 * 180,000; below about 78,000 kB the program cannot start at all (the
 * dynamic loader, or the allocator in a library's constructor, fails
 * before main). cmd_build.c refuses a limit under WORKERS_BASE_KB.
 */
#define WORKERS_BASE_KB 131072u
#define WORKERS_EACH_KB 12288u

/* The address-space limit in kB, or 0 for none. */
unsigned long workers_as_limit_kb(void);
/* The number of threads parallel_for uses: PODIUM_THREADS, else the
 * cores, at most as many as an address-space limit leaves room for. */
unsigned workers_count(void);
/* Calls fn(i, arg) once for each i in [0, n), on up to workers_count()
 * threads, and returns when all calls have returned. */
void parallel_for(size_t n, void (*fn)(size_t i, void *arg), void *arg);
/*
 * parallel_for() for a long list that the threads of other tasks join when
 * their own work ends (workers_help()): it starts on workers_count() minus
 * the reserved threads (at least this one), and the helpers come later.
 */
void parallel_for_shared(size_t n, void (*fn)(size_t i, void *arg), void *arg);
/* Leaves k cores to tasks running beside the next parallel_for_shared(),
 * each of which will call workers_help(true) when it ends. */
void workers_reserve(unsigned k);
/*
 * Called by a task's thread when its own work ends: gives back its
 * reserved core (if reserved) and, while a parallel_for_shared() list has
 * indexes left, takes them too. Returns when it finds none left.
 */
void workers_help(bool reserved);
/*
 * Ends the threads parallel_for keeps between calls (a later call starts
 * new ones). Their thread-local state (pango's font maps, the allocator's
 * caches) is released as they exit. Called at the end of every build.
 */
void workers_stop(void);

#endif
