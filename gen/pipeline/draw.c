/* draw.c: the charts, the badges and the PDF drawn in worker processes
 * (draw.h). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "draw.h"
#include "workers.h"

/* What the processes share (an anonymous shared mapping). */
struct draw_shared {
	atomic_size_t next;     /* the next job to take, in taking order */
	atomic_int stop;        /* a job failed: take no more */
};

/* One job's result, as the parent has it. */
struct result {
	bool done;
	int rc;
	bool failed;            /* the job's site_out failed (a write) */
	double ms;
	char **files;
	size_t nfiles;
	struct diag d;
};

struct child {
	pid_t pid;
	int fd;                 /* the read end of its pipe, or -1 at EOF */
	struct buf in;          /* bytes read, not yet parsed */
	bool ended;             /* sent its end mark */
};

struct drawers {
	const struct computed *c;
	const struct render_opts *ro;
	struct site_out o;      /* the build's, for the children */
	bool strict;
	struct chart_plan *cp;
	struct badge_plan *bp;
	size_t ncharts, nbadges, njobs;
	bool pdf;
	struct draw_shared *sh;
	struct child ch[WORKERS_MAX];
	unsigned n;
	struct result *res;     /* by job, in recording order */
	pid_t parent;           /* the build's process */
	bool broken;            /* a child ended without its end mark */
};

#define END_MARK UINT32_MAX
#define NO_STR UINT32_MAX

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

unsigned
draw_count(void)
{
	const char *s = getenv("PODIUM_DRAWERS");
	char *end;
	long n;

	if (s != NULL && *s != '\0') {
		n = strtol(s, &end, 10);
		if (*end == '\0' && n >= 0)
			return n > WORKERS_MAX ? WORKERS_MAX : (unsigned)n;
	}
	return workers_count();
}

/* Job k of the recording order for the t-th job taken: the PDF first
 * (the longest, and the pages wait for its size), then the rest in order. */
static size_t
job_taken(const struct drawers *dw, size_t t)
{
	if (!dw->pdf)
		return t;
	return t == 0 ? dw->njobs - 1 : t - 1;
}

/* ---- the record a child sends for each job ---- */

static void
put_u32(struct buf *b, uint32_t v)
{
	buf_add(b, &v, sizeof(v));
}

static void
put_str(struct buf *b, const char *s)
{
	if (s == NULL) {
		put_u32(b, NO_STR);
		return;
	}
	put_u32(b, (uint32_t)strlen(s));
	buf_puts(b, s);
}

/* job, rc, failed, ms, files, diagnostics, system flag */
static void
put_record(struct buf *b, uint32_t job, int rc, bool failed, double ms,
    char *const *files, size_t nfiles, const struct diag *d)
{
	size_t at = b->len, i;
	uint32_t len;

	put_u32(b, 0);          /* the record's length, set below */
	put_u32(b, job);
	put_u32(b, (uint32_t)rc);
	put_u32(b, failed);
	buf_add(b, &ms, sizeof(ms));
	put_u32(b, (uint32_t)nfiles);
	for (i = 0; i < nfiles; i++)
		put_str(b, files[i]);
	put_u32(b, (uint32_t)d->n);
	for (i = 0; i < d->n; i++) {
		put_u32(b, (uint32_t)d->v[i].kind);
		put_u32(b, d->v[i].line);
		put_u32(b, d->v[i].col);
		put_str(b, d->v[i].file);
		put_str(b, d->v[i].msg);
	}
	put_u32(b, d->system);
	len = (uint32_t)(b->len - at - sizeof(len));
	memcpy(b->data + at, &len, sizeof(len));
}

static bool
pipe_write(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) == -1) {
			if (errno == EINTR)
				continue;
			return false;
		}
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/* ---- a child ---- */

static int
run_job(struct drawers *dw, size_t k, struct site_out *o, struct diag *d)
{
	if (k < dw->ncharts)
		return chart_plan_run(dw->cp, k, o, d);
	if (k < dw->ncharts + dw->nbadges)
		return badge_plan_run(dw->bp, k - dw->ncharts, o, d);
	return render_pdf(dw->c, o, d);
}

/* Takes jobs until none is left, then sends the end mark and ends. The
 * records wait in memory until the end, but for the PDF's, sent at once:
 * the parent waits for it before the pages. */
static _Noreturn void
child_main(struct drawers *dw, int fd)
{
	struct site_out o = dw->o;
	struct buf out = BUF_INIT;
	struct diag d;
	sigset_t set;
	size_t t, k, from;
	double t0;
	int rc;

	/* the signals the parent's guard waits for end this process */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	/* and so does the parent's end, however it comes (even before this) */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != dw->parent)
		_exit(3);
	o.files = NULL;
	o.nfiles = o.cap = 0;
	o.d = &d;
	while (atomic_load(&dw->sh->stop) == 0 &&
	    (t = atomic_fetch_add(&dw->sh->next, 1)) < dw->njobs) {
		k = job_taken(dw, t);
		diag_init(&d);
		d.strict = dw->strict;
		o.failed = false;
		from = o.nfiles;
		t0 = now_ms();
		rc = run_job(dw, k, &o, &d);
		put_record(&out, (uint32_t)k, rc, o.failed, now_ms() - t0,
		    o.files + from, o.nfiles - from, &d);
		if (rc == -1 || o.failed || diag_failed(&d))
			atomic_store(&dw->sh->stop, 1);
		if (dw->pdf && k == dw->njobs - 1) {
			if (!pipe_write(fd, out.data, out.len))
				_exit(3);
			buf_reset(&out);
		}
	}
	put_u32(&out, END_MARK);
	if (!pipe_write(fd, out.data, out.len))
		_exit(3);
	/* no exit handlers: they are the parent's (its staging folder) */
	_exit(0);
}

/* ---- the parent ---- */

struct reader {
	const char *p, *end;
	bool bad;
};

static uint32_t
get_u32(struct reader *r)
{
	uint32_t v = 0;

	if ((size_t)(r->end - r->p) < sizeof(v)) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, sizeof(v));
	r->p += sizeof(v);
	return v;
}

/* malloc'd, or NULL (for NO_STR or a short record) */
static char *
get_str(struct reader *r)
{
	uint32_t n = get_u32(r);
	char *s;

	if (r->bad || n == NO_STR)
		return NULL;
	if ((size_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	s = xstrndup(r->p, n);
	r->p += n;
	return s;
}

/* Takes one record (without its length) into its job's result. */
static void
take_record(struct drawers *dw, struct reader *r)
{
	uint32_t k = get_u32(r), i, n;
	struct result *res;

	if (r->bad || k >= dw->njobs || dw->res[k].done) {
		r->bad = true;
		return;
	}
	res = &dw->res[k];
	diag_init(&res->d);
	res->d.strict = dw->strict;
	res->rc = (int)get_u32(r);
	res->failed = get_u32(r) != 0;
	if ((size_t)(r->end - r->p) >= sizeof(res->ms)) {
		memcpy(&res->ms, r->p, sizeof(res->ms));
		r->p += sizeof(res->ms);
	}
	n = get_u32(r);
	res->files = xcalloc(n ? n : 1, sizeof(*res->files));
	for (i = 0; i < n && !r->bad; i++)
		if ((res->files[res->nfiles] = get_str(r)) != NULL)
			res->nfiles++;
	n = get_u32(r);
	for (i = 0; i < n && !r->bad; i++) {
		enum diag_kind kind = (enum diag_kind)get_u32(r);
		unsigned line = get_u32(r), col = get_u32(r);
		char *file = get_str(r), *msg = get_str(r);

		if (kind == DIAG_WARNING)
			diag_warning(&res->d, file, line, col, "%s", msg ? msg : "");
		else
			diag_error(&res->d, file, line, col, "%s", msg ? msg : "");
		free(file);
		free(msg);
	}
	if (get_u32(r))
		res->d.system = true;
	res->done = !r->bad;
}

/* Parses the whole records child ch has sent. */
static void
parse_child(struct drawers *dw, struct child *ch)
{
	size_t at = 0;
	uint32_t len;

	while (ch->in.len - at >= sizeof(len)) {
		struct reader r;

		memcpy(&len, ch->in.data + at, sizeof(len));
		if (len == END_MARK) {
			ch->ended = true;
			at += sizeof(len);
			break;
		}
		if (ch->in.len - at - sizeof(len) < len)
			break;
		r.p = ch->in.data + at + sizeof(len);
		r.end = r.p + len;
		r.bad = false;
		take_record(dw, &r);
		if (r.bad)
			dw->broken = true;
		at += sizeof(len) + len;
	}
	memmove(ch->in.data, ch->in.data + at, ch->in.len - at);
	ch->in.len -= at;
}

/* Reads what the children have sent, waiting until one sends or ends.
 * false when every pipe is at its end. */
static bool
read_some(struct drawers *dw)
{
	struct pollfd pf[WORKERS_MAX];
	unsigned i, np = 0, map[WORKERS_MAX];
	char chunk[65536];
	ssize_t r;

	for (i = 0; i < dw->n; i++)
		if (dw->ch[i].fd != -1) {
			pf[np].fd = dw->ch[i].fd;
			pf[np].events = POLLIN;
			map[np++] = i;
		}
	if (np == 0)
		return false;
	if (poll(pf, np, -1) == -1)
		return errno == EINTR;
	for (i = 0; i < np; i++) {
		struct child *ch = &dw->ch[map[i]];

		if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		r = read(ch->fd, chunk, sizeof(chunk));
		if (r > 0) {
			buf_add(&ch->in, chunk, (size_t)r);
			parse_child(dw, ch);
			continue;
		}
		if (r == -1 && errno == EINTR)
			continue;
		close(ch->fd);
		ch->fd = -1;
		if (!ch->ended) {
			/* it died: the others take no more, and the build fails */
			dw->broken = true;
			atomic_store(&dw->sh->stop, 1);
		}
	}
	return true;
}

struct drawers *
draw_start(const struct computed *c, const struct render_opts *ro,
    const struct site_out *o, const struct diag *d, unsigned parts, unsigned n)
{
	struct drawers *dw = xcalloc(1, sizeof(*dw));
	pid_t pids[WORKERS_MAX];
	unsigned i, k;
	int fds[2];

	dw->c = c;
	dw->ro = ro;
	dw->o = *o;
	dw->strict = d->strict;
	if (parts & (PART_HTML | PART_PDF)) {
		dw->cp = chart_plan_new(c, ro);
		dw->ncharts = chart_plan_count(dw->cp);
	}
	if (parts & PART_HTML) {
		dw->bp = badge_plan_new(c);
		dw->nbadges = badge_plan_count(dw->bp);
	}
	dw->pdf = (parts & PART_PDF) != 0;
	dw->njobs = dw->ncharts + dw->nbadges + dw->pdf;
	if (n > dw->njobs)
		n = (unsigned)dw->njobs;
	if (n > WORKERS_MAX)
		n = WORKERS_MAX;
	dw->sh = mmap(NULL, sizeof(*dw->sh), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (n == 0 || dw->sh == MAP_FAILED) {
		dw->sh = NULL;
		goto none;
	}
	atomic_init(&dw->sh->next, 0);
	atomic_init(&dw->sh->stop, 0);
	dw->res = xcalloc(dw->njobs, sizeof(*dw->res));
	dw->parent = getpid();
	/* no thread of the build's runs while the processes are forked */
	workers_stop();
	fflush(NULL);
	for (i = 0; i < n; i++) {
		if (pipe(fds) == -1)
			break;
		dw->ch[i].pid = fork();
		if (dw->ch[i].pid == 0) {
			/* the read ends of the pipes of this child and those before */
			close(fds[0]);
			for (k = 0; k < i; k++)
				close(dw->ch[k].fd);
			child_main(dw, fds[1]);
		}
		close(fds[1]);
		if (dw->ch[i].pid == -1) {
			close(fds[0]);
			break;
		}
		dw->ch[i].fd = fds[0];
		buf_init(&dw->ch[i].in);
		pids[i] = dw->ch[i].pid;
	}
	dw->n = i;
	if (dw->n == 0) {
		free(dw->res);
		munmap(dw->sh, sizeof(*dw->sh));
		goto none;
	}
	site_out_guard_children(pids, dw->n);
	return dw;
none:
	chart_plan_free(dw->cp);
	badge_plan_free(dw->bp);
	free(dw);
	return NULL;
}

int
draw_wait_pdf(struct drawers *dw)
{
	if (!dw->pdf)
		return 0;
	while (!dw->res[dw->njobs - 1].done && !dw->broken &&
	    atomic_load(&dw->sh->stop) == 0)
		if (!read_some(dw))
			break;
	return dw->res[dw->njobs - 1].done && dw->res[dw->njobs - 1].rc == 0 &&
	    !dw->broken ? 0 : -1;
}

/* "a drawing process ended ..." for a child that did not end as it should. */
static void
child_status(struct diag *d, pid_t pid, int status)
{
	if (WIFSIGNALED(status))
		diag_system(d, NULL, "a drawing process (pid %ld) was killed by "
		    "signal %d (%s); the charts and the PDF are not all drawn",
		    (long)pid, WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		diag_system(d, NULL, "a drawing process (pid %ld) ended with "
		    "status %d; the charts and the PDF are not all drawn",
		    (long)pid, WEXITSTATUS(status));
	else
		diag_system(d, NULL, "a drawing process (pid %ld) ended before "
		    "its work was done", (long)pid);
}

static void
timing_add(char *timing, size_t n, const char *step, double ms)
{
	size_t len = strlen(timing);

	snprintf(timing + len, n - len, "%s%s %.1f", len ? ", " : "", step, ms);
}

int
draw_finish(struct drawers *dw, struct site_out *o, struct diag *d,
    char *timing, size_t tn)
{
	double ms[3] = {0, 0, 0};
	bool said = false, failed = false;
	size_t k, i;
	unsigned c;
	int status, rc = 0;

	while (read_some(dw))
		;
	site_out_guard_children(NULL, 0);
	for (c = 0; c < dw->n; c++) {
		while (waitpid(dw->ch[c].pid, &status, 0) == -1 && errno == EINTR)
			;
		/* one message for the build, the first child's that failed */
		if ((!dw->ch[c].ended || !WIFEXITED(status) || WEXITSTATUS(status) != 0) &&
		    !said) {
			child_status(d, dw->ch[c].pid, status);
			said = true;
		}
		buf_release(&dw->ch[c].in);
	}
	if (said || dw->broken) {
		if (!said)
			diag_system(d, NULL, "a drawing process sent a broken record");
		o->failed = true;
		rc = -1;
	}
	/*
	 * The results in the fixed order; of the jobs that failed, the first's
	 * messages only (the others stopped taking jobs once one failed, and
	 * which ones they took depends on the timing). After a process died,
	 * its message is the build's one.
	 */
	for (k = 0; k < dw->njobs; k++) {
		struct result *res = &dw->res[k];
		bool bad = res->rc == -1 || res->failed || diag_failed(&res->d);

		if (res->done && !said) {
			ms[k < dw->ncharts ? 0 : k < dw->ncharts + dw->nbadges ? 1 : 2] += res->ms;
			for (i = 0; i < res->nfiles; i++)
				site_out_record(o, res->files[i], 0);
			if (res->failed)
				o->failed = true;
			/* a write failed here and in the pages: one message */
			if (!(bad && failed) &&
			    !(res->failed && res->d.system && !site_out_claim_failure(o)))
				diag_move(d, &res->d);
			if (bad)
				failed = true;
		}
		for (i = 0; i < res->nfiles; i++)
			free(res->files[i]);
		free(res->files);
		diag_release(&res->d);
	}
	if (failed)
		rc = -1;
	if (dw->ncharts > 0)
		timing_add(timing, tn, "charts", ms[0]);
	if (dw->nbadges > 0)
		timing_add(timing, tn, "badges", ms[1]);
	if (dw->pdf)
		timing_add(timing, tn, "pdf", ms[2]);
	free(dw->res);
	munmap(dw->sh, sizeof(*dw->sh));
	chart_plan_free(dw->cp);
	badge_plan_free(dw->bp);
	free(dw);
	return rc;
}
