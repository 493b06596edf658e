/*
 * load_checks.c: what the content may say but most likely does not mean,
 * checked once the whole project is loaded: warnings (errors with --strict)
 * at the key that says it. An edition's universe smaller than its reviews,
 * an edition published before its previous one, a finding patched before it
 * was disclosed, a report that compares with an edition newer than its own.
 *
 * The files' trees are gone by then; a file with something to say is read
 * again for the place of the key (rare: only when a warning is due).
 */
#include <stdlib.h>
#include <string.h>

#include "loadpriv.h"
#include "parse.h"

/* The mapping that starts at line:col in the tree under n, or NULL. */
static const struct ynode *
node_at(const struct ynode *n, unsigned line, unsigned col)
{
	const struct ynode *r = NULL;
	size_t i;

	if (n == NULL)
		return NULL;
	if (n->kind == YNODE_MAP && n->line == line && n->col == col)
		return n;
	for (i = 0; r == NULL && i < n->npairs; i++)
		r = node_at(n->pairs[i].value, line, col);
	for (i = 0; r == NULL && i < n->nitems; i++)
		r = node_at(n->items[i], line, col);
	return r;
}

/*
 * Warns at the value of key path (keys separated by '.') in the mapping at
 * line:col of file (0:0: the file's root); at the mapping itself if the key
 * cannot be found again.
 */
static void
warn_at(struct loader *l, const char *file, unsigned line, unsigned col,
    const char *path, const char *msg)
{
	struct yfile yf;
	const struct ynode *n = NULL, *v;
	struct diag scratch;
	char key[64];
	const char *p = path;
	unsigned wl = line, wc = col;

	diag_init(&scratch);
	memset(&yf, 0, sizeof(yf));
	{
		struct diag *keep = l->d;

		l->d = &scratch;
		if (yfile_load(l, file, &yf))
			n = line == 0 ? yf.root : node_at(yf.root, line, col);
		l->d = keep;
	}
	while (n != NULL && *p != '\0') {
		size_t k = strcspn(p, ".");

		if (k >= sizeof(key))
			break;
		memcpy(key, p, k);
		key[k] = '\0';
		if ((v = ynode_get(n, key)) == NULL)
			break;
		n = v;
		p += k + (p[k] == '.');
	}
	if (n != NULL && *p == '\0') {
		wl = n->line;
		wc = n->col;
	}
	yfile_release(l, &yf);
	diag_release(&scratch);
	diag_warning(l->d, file, wl, wc, "%s", msg);
}

static void
finding_check(struct loader *l, const struct finding *f)
{
	char a[11], b[11], *msg;

	if (f->patched == DATE_NONE || f->disclosed == DATE_NONE ||
	    f->patched >= f->disclosed || f->pos.file == NULL)
		return;
	date_format(f->patched, a);
	date_format(f->disclosed, b);
	msg = xasprintf("'patched' (%s) is before 'disclosed' (%s)", a, b);
	warn_at(l, f->pos.file, f->pos.line, f->pos.col, "patched", msg);
	free(msg);
}

static void
edition_check(struct loader *l, const struct edition *e)
{
	char a[11], b[11], *msg;
	size_t i;

	if (e->tracked >= 0 && (size_t)e->tracked < e->nreviews && e->pos.file != NULL) {
		msg = xasprintf("universe 'tracked' (%ld) is below the number of providers "
		    "reviewed in edition '%s' (%zu)", e->tracked, e->id, e->nreviews);
		warn_at(l, e->pos.file, 0, 0, "universe.tracked", msg);
		free(msg);
	}
	if (e->previous != NULL && e->published != DATE_NONE &&
	    e->previous->published != DATE_NONE && e->published < e->previous->published &&
	    e->pos.file != NULL) {
		date_format(e->published, a);
		date_format(e->previous->published, b);
		msg = xasprintf("edition '%s' is published (%s) before its previous "
		    "edition '%s' (%s)", e->id, a, e->previous->id, b);
		warn_at(l, e->pos.file, 0, 0, "published", msg);
		free(msg);
	}
	for (i = 0; i < e->nfindings; i++)
		finding_check(l, &e->findings[i]);
}

void
load_checks(struct loader *l)
{
	const struct project *p = l->p;
	const struct report *r = &p->report;
	char a[11], b[11], *msg;
	size_t i, k;

	for (i = 0; i < p->neditions; i++)
		edition_check(l, &p->editions[i]);
	for (i = 0; i < p->nreviews; i++)
		for (k = 0; k < p->reviews[i].nfindings; k++)
			finding_check(l, &p->reviews[i].findings[k]);
	if (r->compare_id != NULL && r->compare != NULL && r->edition != NULL &&
	    r->compare->published != DATE_NONE && r->edition->published != DATE_NONE &&
	    r->compare->published > r->edition->published && r->pos.file != NULL) {
		date_format(r->compare->published, a);
		date_format(r->edition->published, b);
		msg = xasprintf("'compare' edition '%s' (%s) is newer than 'edition' '%s' (%s)",
		    r->compare->id, a, r->edition->id, b);
		warn_at(l, r->pos.file, 0, 0, "compare", msg);
		free(msg);
	}
}
