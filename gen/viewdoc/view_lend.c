/* view_lend.c: a provider's page lent to the report view while the job
 * that built it makes its page, and what is kept of it once returned
 * (include/view_doc.h). */
#include <stdlib.h>

#include "view_doc.h"

void
view_provider_lend(const struct view_report *v, const struct provider *p,
    const struct vd_provider *vp)
{
	if (v != NULL && p != NULL && p->index < v->nproviders)
		v->providers[p->index] = (struct vd_provider *)vp;
}

void
view_provider_return(const struct view_report *v, const struct provider *p)
{
	struct vd_provider *vp;

	if (v == NULL || p == NULL || p->index >= v->nproviders ||
	    (vp = v->providers[p->index]) == NULL)
		return;
	if (v->descriptions[p->index] == NULL && vp->description != NULL)
		v->descriptions[p->index] = xstrdup(vp->description);
	v->providers[p->index] = NULL;
}

const char *
view_provider_description(const struct view_report *v, const struct provider *p,
    struct vd_provider **own)
{
	const struct vd_provider *vp;

	*own = NULL;
	if (v == NULL || p == NULL || p->index >= v->nproviders)
		return NULL;
	if (v->descriptions[p->index] != NULL)
		return v->descriptions[p->index];
	if ((vp = view_provider(v, p)) == NULL &&
	    (vp = *own = vd_provider_new(v->c, &v->c->providers[p->index])) == NULL)
		return NULL;
	return vp->description;
}
