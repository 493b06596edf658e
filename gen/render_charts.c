/* render_charts.c: every chart as charts/<name>.svg and charts/<name>.png
 * (twice the natural size). */
#include <stdlib.h>

#include "chart.h"
#include "render.h"

static int
write_chart(struct chart *ch, const struct computed *c, struct site_out *o,
    struct diag *d)
{
	struct buf b = BUF_INIT;
	char *name = chart_file_name(ch), *rel = NULL;
	int rc = -1;

	if (chart_svg(ch, c, &b) == -1) {
		diag_system(d, NULL, "cannot draw chart '%s'", name);
		goto out;
	}
	rel = xasprintf("charts/%s.svg", name);
	if (site_out_write(o, rel, b.data, b.len) == -1)
		goto out;
	buf_reset(&b);
	free(rel);
	rel = NULL;
	if (chart_png(ch, c, 2, &b) == -1) {
		diag_system(d, NULL, "cannot draw chart '%s'", name);
		goto out;
	}
	rel = xasprintf("charts/%s.png", name);
	if (site_out_write(o, rel, b.data, b.len) == -1)
		goto out;
	rc = 0;
out:
	free(rel);
	free(name);
	buf_release(&b);
	return rc;
}

static int
render_one(const struct computed *c, struct site_out *o, struct diag *d,
    enum chart_kind k, const struct provider *p)
{
	struct chart ch;
	int rc;

	chart_init(&ch, c, k, p);
	rc = write_chart(&ch, c, o, d);
	chart_release(&ch);
	return rc;
}

int
render_charts(const struct computed *c, struct site_out *o, struct diag *d)
{
	static const enum chart_kind kinds[] = {CHART_DISTRIBUTION, CHART_MOVEMENT,
	    CHART_FUNNEL, CHART_FAULTS};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (render_one(c, o, d, kinds[i], NULL) == -1)
			return -1;
	for (i = 0; i < c->nproviders; i++)
		if (c->providers[i].visible &&
		    render_one(c, o, d, CHART_HISTORY, c->providers[i].provider) == -1)
			return -1;
	return 0;
}
