/* load_findings.c: security findings, in an edition or in a review's security block. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "loadpriv.h"
#include "parse.h"

const char *const finding_keys[] = {"id", "title", "class", "severity",
    "disclosed", "patched", "patched_after", "verified", "public", "source", NULL};
const char *const class_names[] = {"cross-tenant", "container-escape",
    "exposed-service", "other", NULL};
const char *const severity_names[] = {"critical", "high", "medium", "low", NULL};

/* verified: a date, or true/false. */
static void
verified_load(struct loader *l, const char *file, const struct ynode *v, struct finding *f)
{
	bool flag;

	if (v == NULL)
		return;
	if (v->kind == YNODE_SCALAR && v->plain &&
	    (strcmp(v->str, "true") == 0 || strcmp(v->str, "false") == 0)) {
		get_bool(l, file, v, "verified", &flag);
		f->verified_flag = flag;
	} else if (v->kind == YNODE_SCALAR && date_parse(v->str, &f->verified))
		f->verified_flag = true;
	else if (v->kind == YNODE_SCALAR)
		diag_error(l->d, file, v->line, v->col,
		    "'verified' must be a real date YYYY-MM-DD or true, not '%s'", shown(l, v));
	else
		diag_error(l->d, file, v->line, v->col,
		    "'verified' must be a real date YYYY-MM-DD or true, not %s",
		    ynode_kind_name(v));
}

bool
finding_load(struct loader *l, const char *file, const struct ynode *n, struct finding *f)
{
	size_t before = l->d->nerrors;
	struct ynode *patched, *after;
	int e;

	memset(f, 0, sizeof(*f));
	f->disclosed = f->patched = f->verified = DATE_NONE;
	f->patched_after = -1;
	f->pos = node_pos(l, file, n);
	if (!expect_map(l, file, n, "findings"))
		return false;
	check_keys(l, file, n, finding_keys);
	get_id(l, file, need(l, file, n, "id"), "id", &f->id);
	get_str(l, file, need(l, file, n, "title"), "title", &f->title);
	if (get_enum(l, file, need(l, file, n, "class"), "class", class_names, &e))
		f->cls = (enum finding_class)e;
	/* severity may be unknown to the publisher (a finding described, not graded) */
	f->severity = SEV_UNSET;
	if (get_enum(l, file, opt(n, "severity"), "severity", severity_names, &e))
		f->severity = (enum severity)e;
	get_date(l, file, opt(n, "disclosed"), "disclosed", &f->disclosed);
	patched = opt(n, "patched");
	after = opt(n, "patched_after");
	if (patched != NULL && after != NULL)
		diag_error(l->d, file, after->line, after->col,
		    "give 'patched' or 'patched_after', not both");
	get_date(l, file, patched, "patched", &f->patched);
	get_duration(l, file, after, "patched_after", &f->patched_after);
	verified_load(l, file, opt(n, "verified"), f);
	get_bool(l, file, opt(n, "public"), "public", &f->public);
	f->source = ref_source(l, file, opt(n, "source"));
	return l->d->nerrors == before;
}

void
findings_load(struct loader *l, const char *file, const struct ynode *n,
    struct finding **out, size_t *count)
{
	struct finding *v;
	const char **ids;
	size_t *first, i, m = 0;

	*out = NULL;
	*count = 0;
	if (!expect_seq(l, file, n, "findings"))
		return;
	v = arena_array(l->a, n->nitems ? n->nitems : 1, sizeof(*v));
	ids = xcalloc(n->nitems ? n->nitems : 1, sizeof(*ids));
	first = xmalloc((n->nitems ? n->nitems : 1) * sizeof(*first));
	for (i = 0; i < n->nitems; i++)
		if (finding_load(l, file, n->items[i], &v[i]))
			ids[i] = v[i].id;
	ids_first_dup(ids, n->nitems, first);
	for (i = 0; i < n->nitems; i++) {
		if (ids[i] == NULL)
			continue;
		if (first[i] != SIZE_MAX) {
			diag_error(l->d, file, v[i].pos.line, v[i].pos.col,
			    "duplicate finding id '%s' (first at line %u)", v[i].id,
			    v[first[i]].pos.line);
			continue;
		}
		v[m++] = v[i];
	}
	free(ids);
	free(first);
	*out = v;
	*count = m;
}
