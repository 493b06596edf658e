/*
 * render.h: the back ends. Each reads only the computed model and writes
 * files through a site_out. Each returns 0, or -1 with diagnostics in d.
 */
#ifndef PODIUM_RENDER_H
#define PODIUM_RENDER_H

#include "compute.h"
#include "publish.h"

/* data/ratings.json and data/ratings.csv (SPEC 4.2). */
int render_data(const struct computed *c, struct site_out *o, struct diag *d);
/* Every HTML page, assets, sitemap (SPEC 4.1). */
int render_html(const struct computed *c, struct site_out *o, struct diag *d);
/*
 * Fills the download sizes into the pages written (o->files), once every
 * output is: the pages are written while the PDF is laid out. A download
 * not in the staging folder gets no size. 0, or -1 after a diagnostic.
 */
int html_sizes_fill(struct site_out *o);
/*
 * Whether the downloads' sizes are known before the pages are made (the
 * data written first, and no PDF in this build: the previous site's is
 * kept); then the pages are written with them, and need no filling in.
 */
void render_html_sizes_known(bool known);
/*
 * `podium build --dump-data PAGE`: render_html writes no page, and prints
 * the values that PAGE (a site path: "index.html", "providers/ID/", "about")
 * receives, as JSON, to stdout. Returns whether the page was found (after
 * the build). Call before build_run.
 */
void render_html_dump(const char *page);
bool render_html_dumped(void);
/* badges/<edition>/<provider>.svg and .png, and badges/<provider>.svg,
 * for the medal holders (badge.h); drawn on the calling thread. */
int render_badges(const struct computed *c, struct site_out *o, struct diag *d);
/* charts/<name>.svg and .png, drawn on the calling thread. */
int render_charts(const struct computed *c, struct site_out *o, struct diag *d);
/*
 * Preview mode (podium serve): charts as SVG only (the pages need no PNG),
 * kept between builds in this process so that a rebuild redraws only the
 * charts whose data changed; false ends it and frees them all.
 */
void render_charts_keep(bool on);
/*
 * Whether each provider's history chart also gets charts/history-ID.svg and
 * .png, for sharing (default true); without, only the frame the pages lay
 * the marks over, charts/history-frame.svg. The report's charts always get
 * their PNG.
 */
void render_charts_sharing(bool on);
/* report.pdf (SPEC 4.4). */
int render_pdf(const struct computed *c, struct site_out *o, struct diag *d);

#endif
