/* render_data.c: stub until the exports land. */
#include "render.h"

int
render_data(const struct computed *c, struct site_out *o, struct diag *d)
{
	(void)c;
	(void)o;
	(void)d;
	return 0;
}
