/*
 * pdfw_tags.c: the PDF writer's structure tree, links, named destinations
 * and outline (pdfw.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdfw_int.h"

/* Structure. */
void
pdfw_tag_begin(struct pdfw *w, const char *role)
{
	struct pdfw_elem *e;

	if (w->ntags == PDFW_TAG_MAX)
		abort();
	pdfw_mc_close(w);
	e = &w->tags[w->ntags];
	memset(e, 0, sizeof(*e));
	e->id = pdfw_obj_new(w);
	e->parent = w->ntags > 0 ? w->tags[w->ntags - 1].id : w->struct_id;
	snprintf(e->role, sizeof(e->role), "%s", role);
	e->page = UINT32_MAX;
	w->ntags++;
}

static void
elem_write(struct pdfw *w, const struct pdfw_elem *e)
{
	const struct pdfw_kid *k;
	size_t i;

	pdfw_obj_begin(w, e->id);
	pdfw_put(w, "<</Type/StructElem/S/");
	pdfw_put(w, e->role);
	pdfw_put(w, "/P ");
	pdfw_put_ref(w, e->parent);
	if (e->page != UINT32_MAX) {
		pdfw_put(w, "/Pg ");
		pdfw_put_ref(w, e->page);
	}
	pdfw_put(w, "/K[");
	for (i = 0; i < e->nkids; i++) {
		k = &e->kids[i];
		if (i > 0)
			pdfw_put(w, " ");
		if (k->page == UINT32_MAX)
			pdfw_put_ref(w, k->ref);
		else if (k->page == e->page)
			pdfw_put_uint(w, k->ref);
		else {
			pdfw_put(w, "<</Type/MCR/Pg ");
			pdfw_put_ref(w, k->page);
			pdfw_put(w, "/MCID ");
			pdfw_put_uint(w, k->ref);
			pdfw_put(w, ">>");
		}
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

void
pdfw_tag_end(struct pdfw *w)
{
	struct pdfw_elem *e;

	if (w->ntags == 0)
		return;
	pdfw_mc_close(w);
	e = &w->tags[--w->ntags];
	elem_write(w, e);
	pdfw_kid_add(w->ntags > 0 ? &w->tags[w->ntags - 1] : &w->root, e->id,
	    UINT32_MAX);
	free(e->kids);
	e->kids = NULL;
}

void
pdfw_artifact_begin(struct pdfw *w)
{
	if (w->cs == NULL || w->artifact)
		return;
	pdfw_mc_close(w);
	buf_puts(w->cs, "/Artifact BMC\n");
	w->artifact = true;
}

void
pdfw_artifact_end(struct pdfw *w)
{
	if (w->cs == NULL || !w->artifact)
		return;
	buf_puts(w->cs, "EMC\n");
	w->artifact = false;
}

/* Links and destinations. */
/*
 * A Link structure element for annotation id under the open element; its
 * ParentTree key goes to the annotation, the element is written after it.
 */
static void
link_elem(struct pdfw *w, uint32_t id)
{
	uint32_t e;

	w->link_elem = 0;
	if (w->ntags == 0)
		return;
	e = pdfw_obj_new(w);
	pdfw_put(w, "/StructParent ");
	pdfw_put_uint(w, pdfw_parent_key(w, e));
	pdfw_kid_add(&w->tags[w->ntags - 1], e, UINT32_MAX);
	w->link_elem = e;
	w->link_annot = id;
	w->link_parent = w->tags[w->ntags - 1].id;
}

static void
link_end(struct pdfw *w)
{
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	if (w->link_elem == 0)
		return;
	pdfw_obj_begin(w, w->link_elem);
	pdfw_put(w, "<</Type/StructElem/S/Link/P ");
	pdfw_put_ref(w, w->link_parent);
	pdfw_put(w, "/Pg ");
	pdfw_put_ref(w, w->page_id);
	pdfw_put(w, "/K<</Type/OBJR/Obj ");
	pdfw_put_ref(w, w->link_annot);
	pdfw_put(w, ">>>>");
	pdfw_obj_end(w);
	w->link_elem = 0;
}

static void
link_begin(struct pdfw *w, double x, double y, double wd, double h)
{
	uint32_t id = pdfw_obj_new(w);

	w->annots = xgrow(w->annots, sizeof(*w->annots), w->nannots + 1,
	    &w->annotcap);
	w->annots[w->nannots++] = id;
	pdfw_obj_begin(w, id);
	pdfw_put(w, "<</Type/Annot/Subtype/Link/Border[0 0 0]/Rect[");
	pdfw_num(&w->out, x);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h - y - h);
	pdfw_put(w, " ");
	pdfw_num(&w->out, x + wd);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h - y);
	pdfw_put(w, "]");
	link_elem(w, id);
}

void
pdfw_link_dest(struct pdfw *w, const char *name, double x, double y,
    double wd, double h)
{
	if (!w->in_page)
		return;
	link_begin(w, x, y, wd, h);
	pdfw_put(w, "/Dest");
	pdfw_put_string(&w->out, name);
	link_end(w);
}

void
pdfw_link_uri(struct pdfw *w, const char *uri, double x, double y,
    double wd, double h)
{
	if (!w->in_page)
		return;
	link_begin(w, x, y, wd, h);
	pdfw_put(w, "/A<</S/URI/URI");
	pdfw_put_string(&w->out, uri);
	pdfw_put(w, ">>");
	link_end(w);
}

void
pdfw_dest(struct pdfw *w, const char *name, double x, double y)
{
	struct pdfw_dest *d;

	if (!w->in_page)
		return;
	w->dests = xgrow(w->dests, sizeof(*w->dests), w->ndests + 1,
	    &w->destcap);
	d = &w->dests[w->ndests++];
	d->name = xstrdup(name);
	d->page = w->page_id;
	d->x = x;
	d->y = w->page_h - y;
}

unsigned
pdfw_outline(struct pdfw *w, unsigned parent, const char *title,
    const char *dest)
{
	struct pdfw_outline *o;
	unsigned i, *first, *last;

	w->outlines = xgrow(w->outlines, sizeof(*w->outlines),
	    w->noutlines + 1, &w->outlinecap);
	o = &w->outlines[w->noutlines++];
	memset(o, 0, sizeof(*o));
	i = (unsigned)w->noutlines;
	o->title = xstrdup(title);
	o->dest = xstrdup(dest);
	o->id = pdfw_obj_new(w);
	if (parent > w->noutlines)
		parent = 0;
	o->parent = parent;
	first = parent == 0 ? &w->outline_first : &w->outlines[parent - 1].first;
	last = parent == 0 ? &w->outline_last : &w->outlines[parent - 1].last;
	if (*last != 0) {
		w->outlines[*last - 1].next = i;
		o->prev = *last;
	} else
		*first = i;
	*last = i;
	if (parent == 0)
		w->outline_top++;
	else
		w->outlines[parent - 1].nkids++;
	return i;
}

/* The end of the file. */
static void
put_ref_key(struct pdfw *w, const char *key, unsigned idx)
{
	if (idx == 0)
		return;
	pdfw_put(w, key);
	pdfw_put(w, " ");
	pdfw_put_ref(w, w->outlines[idx - 1].id);
}

uint32_t
pdfw_outlines_write(struct pdfw *w)
{
	const struct pdfw_outline *o;
	uint32_t root;
	size_t i;

	if (w->noutlines == 0)
		return 0;
	root = pdfw_obj_new(w);
	for (i = 0; i < w->noutlines; i++) {
		o = &w->outlines[i];
		pdfw_obj_begin(w, o->id);
		pdfw_put(w, "<</Title");
		pdfw_put_text(&w->out, o->title);
		pdfw_put(w, "/Dest");
		pdfw_put_string(&w->out, o->dest);
		pdfw_put(w, "/Parent ");
		pdfw_put_ref(w, o->parent == 0 ? root :
		    w->outlines[o->parent - 1].id);
		put_ref_key(w, "/Prev", o->prev);
		put_ref_key(w, "/Next", o->next);
		put_ref_key(w, "/First", o->first);
		put_ref_key(w, "/Last", o->last);
		if (o->nkids > 0) {
			pdfw_put(w, "/Count -");
			pdfw_put_uint(w, o->nkids);
		}
		pdfw_put(w, ">>");
		pdfw_obj_end(w);
	}
	pdfw_obj_begin(w, root);
	pdfw_put(w, "<</Type/Outlines");
	put_ref_key(w, "/First", w->outline_first);
	put_ref_key(w, "/Last", w->outline_last);
	pdfw_put(w, "/Count ");
	pdfw_put_uint(w, w->outline_top);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	return root;
}

static int
dest_cmp(const void *a, const void *b)
{
	const struct pdfw_dest *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x < y ? -1 : x > y;
}

/* The named destinations: a name tree of leaves of DEST_LEAF names. */
#define DEST_LEAF 64

static void
dest_leaf(struct pdfw *w, uint32_t id, const struct pdfw_dest *d, size_t n,
    bool limits)
{
	size_t i;

	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	if (limits) {
		pdfw_put(w, "/Limits[");
		pdfw_put_string(&w->out, d[0].name);
		pdfw_put_string(&w->out, d[n - 1].name);
		pdfw_put(w, "]");
	}
	pdfw_put(w, "/Names[");
	for (i = 0; i < n; i++) {
		pdfw_put_string(&w->out, d[i].name);
		pdfw_put(w, "[");
		pdfw_put_ref(w, d[i].page);
		pdfw_put(w, "/XYZ ");
		pdfw_num(&w->out, d[i].x);
		pdfw_put(w, " ");
		pdfw_num(&w->out, d[i].y);
		pdfw_put(w, " 0]\n");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

uint32_t
pdfw_dests_write(struct pdfw *w)
{
	uint32_t root, *leaves;
	size_t i, j, n = 0, nleaves;

	if (w->ndests == 0)
		return 0;
	qsort(w->dests, w->ndests, sizeof(*w->dests), dest_cmp);
	for (i = 0; i < w->ndests; i++) {
		if (n > 0 && strcmp(w->dests[n - 1].name, w->dests[i].name) == 0) {
			free(w->dests[i].name);
			continue;
		}
		w->dests[n++] = w->dests[i];
	}
	w->ndests = n;
	root = pdfw_obj_new(w);
	if (n <= DEST_LEAF) {
		dest_leaf(w, root, w->dests, n, false);
		return root;
	}
	nleaves = (n + DEST_LEAF - 1) / DEST_LEAF;
	leaves = xcalloc(nleaves, sizeof(*leaves));
	for (j = 0; j < nleaves; j++) {
		leaves[j] = pdfw_obj_new(w);
		i = j * DEST_LEAF;
		dest_leaf(w, leaves[j], &w->dests[i], n - i < DEST_LEAF ?
		    n - i : DEST_LEAF, true);
	}
	pdfw_obj_begin(w, root);
	pdfw_put(w, "<</Kids[");
	for (j = 0; j < nleaves; j++) {
		if (j > 0)
			pdfw_put(w, " ");
		pdfw_put_ref(w, leaves[j]);
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
	free(leaves);
	return root;
}
void
pdfw_struct_write(struct pdfw *w)
{
	uint32_t pt = pdfw_obj_new(w);
	size_t i;

	while (w->ntags > 0)
		pdfw_tag_end(w);
	pdfw_obj_begin(w, pt);
	pdfw_put(w, "<</Nums[");
	for (i = 0; i < w->nnums; i++) {
		pdfw_put_uint(w, i);
		pdfw_put(w, " ");
		pdfw_put_ref(w, w->nums[i]);
		pdfw_put(w, "\n");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
	pdfw_obj_begin(w, w->struct_id);
	pdfw_put(w, "<</Type/StructTreeRoot/K[");
	for (i = 0; i < w->root.nkids; i++) {
		if (i > 0)
			pdfw_put(w, " ");
		pdfw_put_ref(w, w->root.kids[i].ref);
	}
	pdfw_put(w, "]/ParentTree ");
	pdfw_put_ref(w, pt);
	pdfw_put(w, "/ParentTreeNextKey ");
	pdfw_put_uint(w, w->nnums);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
}