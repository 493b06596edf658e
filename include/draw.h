/*
 * draw.h: the charts, the badges and the PDF drawn in worker processes
 * (pipeline/draw.c), so that the text work spreads over the cores without
 * sharing a cairo font between threads (fonts.h).
 *
 * The processes are forked by draw_start() while the build has no thread
 * of its own running (the job pool is ended first; only the signal guard's
 * thread, waiting in sigwait, exists) and before any pango context or cairo
 * font is made: each child makes its own. The jobs (each chart, each badge,
 * the PDF) are taken in turn from a counter the processes share, the PDF
 * first; each child writes its files into the staging folder and sends the
 * parent, through a pipe, what each job wrote and said. The parent records
 * them in one fixed order (the charts, the badges, the PDF), so the site,
 * its file list and the messages do not depend on the number of processes
 * nor on which one drew what.
 *
 * A child that fails, or ends other than by finishing its jobs (killed by
 * a signal, or an exit), fails the build with one message; the caller then
 * removes the staging folder. SIGINT, SIGTERM and SIGHUP reach the children
 * (publish.c's guard sends them on; each child also ends with its parent).
 */
#ifndef PODIUM_DRAW_H
#define PODIUM_DRAW_H

#include <stdbool.h>

#include "diag.h"
#include "podium.h"
#include "publish.h"
#include "render.h"

struct drawers;

/*
 * The number of drawing processes: PODIUM_DRAWERS when set (0: none, draw
 * on a thread of this process), else workers_count().
 */
unsigned draw_count(void);
/*
 * Forks n drawing processes for what parts (PART_*) draws, writing into o's
 * staging folder. NULL (nothing started, nothing said) when there is
 * nothing to draw or fork failed at once: the caller then draws itself.
 */
struct drawers *draw_start(const struct computed *c, const struct render_opts *ro,
    const struct site_out *o, const struct diag *d, unsigned parts, unsigned n);
/*
 * Waits until the PDF is written (its size is then known to the pages),
 * or until the drawing failed. 0, or -1 when the drawing failed (the
 * messages come with draw_finish()).
 */
int draw_wait_pdf(struct drawers *dw);
/*
 * Waits for every process, then records their files into o and their
 * messages into d in the fixed order, and adds "charts MS, badges MS, pdf
 * MS" (the processes' time summed) to timing (size n). Frees dw. 0, or -1.
 */
int draw_finish(struct drawers *dw, struct site_out *o, struct diag *d,
    char *timing, size_t n);

#endif
