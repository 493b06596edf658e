/* compute.c: stub until the ratings engine lands. */
#include <stdlib.h>

#include "compute.h"
#include "util.h"

struct computed *
computed_new(const struct project *p, const struct build_opts *o, struct diag *d)
{
	struct computed *c = xcalloc(1, sizeof(*c));

	(void)d;
	c->project = p;
	c->opts = *o;
	return c;
}

void
computed_free(struct computed *c)
{
	free(c);
}
