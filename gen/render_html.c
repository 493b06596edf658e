/* render_html.c: not built yet (stub until its issue lands). */
#include "render.h"

int
render_html(const struct computed *c, struct site_out *o, struct diag *d)
{
	(void)c;
	(void)o;
	(void)d;
	return 0;
}
