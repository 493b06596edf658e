/*
 * pdfw_int.h: the insides of the PDF writer, shared by gen/pdfw*.c.
 */
#ifndef PODIUM_PDFW_INT_H
#define PODIUM_PDFW_INT_H

#include <stdint.h>

#include "pdfw.h"

#define PDFW_GS_MAX 32
#define PDFW_TAG_MAX 40

/* What a cairo context would hold (want) and what the stream has (have). */
struct pdfw_gs {
	double rgb[3];            /* the source colour */
	double fill[3], stroke[3];/* emitted; NaN: unknown */
	double lw, lw_have;
	int cap, cap_have;
	double dash[8];
	int ndash;
	double dash_off;
	bool dash_dirty;
};

/* A structure element's kid: an element (page UINT32_MAX) or an MCID. */
struct pdfw_kid {
	uint32_t ref;             /* element id, or MCID */
	uint32_t page;            /* page object id, or UINT32_MAX */
};

struct pdfw_elem {
	uint32_t id, parent;
	char role[16];
	uint32_t page;            /* its first content's page id, or UINT32_MAX */
	struct pdfw_kid *kids;
	size_t nkids, kidcap;
};

struct pdfw_font;

/* A PangoFont seen (held by a reference) and what it is in the PDF. */
struct pdfw_fontref {
	PangoFont *font;
	struct pdfw_font *f;
	double size;
};

struct pdfw_form {
	const void *key;
	double w, h;
	uint32_t id;
};

/* A form drawn later: its box in the space it is painted in. */
struct pdfw_later {
	uint32_t id;
	double box[4];            /* x, y, width, height */
};

struct pdfw_outline {
	char *title, *dest;
	uint32_t id;
	unsigned parent, first, last, next, prev; /* indexes plus one */
	unsigned nkids;
};

struct pdfw_dest {
	char *name;
	uint32_t page;            /* page object id */
	double x, y;              /* PDF user space (y up) */
};

struct pdfw {
	cairo_write_func_t write;
	void *closure;
	bool failed;
	uint64_t off;             /* bytes handed to write */
	struct buf out;           /* bytes not yet handed */
	uint64_t *xref;           /* offset of each object id (0: unused) */
	size_t nobj, xrefcap;     /* ids used: 1..nobj */
	void *z;                  /* libdeflate compressor */
	struct buf zbuf;
	double page_w, page_h;
	char *info[PDFW_INFO_MAX];
	uint32_t catalog_id, pages_id, res_id, struct_id, doc_parent;
	uint32_t fonts_id;        /* the font resources, shared by all */

	/* pages */
	uint32_t *page_ids;
	size_t npages, pagecap;
	uint32_t *nums;           /* the ParentTree: key i's object */
	size_t nnums, numcap;
	bool in_page;
	uint32_t page_id;
	uint32_t *annots;
	size_t nannots, annotcap;
	uint32_t *xobjs;          /* the forms this page paints */
	size_t nxobjs, xobjcap;
	uint32_t *mcid_parent;    /* the element of each MCID of this page */
	size_t nmcid, mcidcap;

	/* drawing */
	struct buf page_cs;       /* the page's content stream */
	struct buf *cs;           /* where drawing goes: page or form */
	struct buf path;          /* the current path, not yet painted */
	bool has_point;
	double px, py, sx, sy;    /* current point, subpath start */
	struct pdfw_gs gs[PDFW_GS_MAX];
	int ngs;
	int form_depth;

	/* structure */
	struct pdfw_elem tags[PDFW_TAG_MAX];
	size_t ntags;
	struct pdfw_elem root;    /* the top-level elements as its kids */
	bool mc_open, artifact;
	uint32_t link_elem, link_annot, link_parent; /* a Link to write */

	/* text and fonts */
	struct pdfw_font **fonts;
	size_t nfonts, fontcap;
	struct pdfw_fontref *frefs;
	size_t nfrefs, frefcap;
	bool in_text;
	const struct pdfw_font *text_font;
	double text_size;

	struct pdfw_form *forms;
	size_t nforms, formcap;
	struct pdfw_later *later;
	size_t nlater, latercap;
	struct buf later_cs;      /* the form being filled */
	uint32_t filling;         /* its id, or 0 */
	uint32_t *fill_fonts;     /* the fonts it uses: its resources */
	size_t nfill_fonts, fillfontcap;
	struct pdfw_outline *outlines;
	size_t noutlines, outlinecap;
	unsigned outline_first, outline_last, outline_top;
	struct pdfw_dest *dests;
	size_t ndests, destcap;
};

/* pdfw.c */
uint32_t pdfw_obj_new(struct pdfw *w);
void pdfw_obj_begin(struct pdfw *w, uint32_t id);
void pdfw_obj_end(struct pdfw *w);
/* Writes a stream object of data, compressed; dict: extra keys or NULL. */
void pdfw_stream_obj(struct pdfw *w, uint32_t id, const char *dict,
    const void *data, size_t len, bool compress);
void pdfw_put(struct pdfw *w, const char *s);
void pdfw_putn(struct pdfw *w, const void *p, size_t n);
void pdfw_put_uint(struct pdfw *w, uint64_t v);
void pdfw_put_ref(struct pdfw *w, uint32_t id);
void buf_uint(struct buf *b, uint64_t v);
/* The next ParentTree key, for obj. */
size_t pdfw_parent_key(struct pdfw *w, uint32_t obj);
/* Ends the open marked content, if any. */
void pdfw_mc_close(struct pdfw *w);
void pdfw_kid_add(struct pdfw_elem *e, uint32_t ref, uint32_t page);
/* A cairo context's state at its start. */
void pdfw_gs_reset(struct pdfw_gs *g);
/* Marks what follows as content of the open element (nothing in a form). */
void pdfw_mark(struct pdfw *w);
/* The source colour as the fill colour. */
void pdfw_fill_color(struct pdfw *w, const double rgb[3]);
/* A literal string (any bytes), escaped. */
void pdfw_put_string(struct buf *b, const char *s);
/* A text string: literal when ASCII, else UTF-16BE with a byte order mark. */
void pdfw_put_text(struct buf *b, const char *s);

/* pdfw_draw.c */
/* Writes the later forms not filled, empty. */
void pdfw_later_close(struct pdfw *w);
/* Notes that the form being filled uses font id. */
void pdfw_fill_font(struct pdfw *w, uint32_t id);
/* Notes that the page paints form id (its resources will name it). */
void pdfw_page_xobj(struct pdfw *w, uint32_t id);

/* pdfw_tags.c: the trailer's parts; each returns its object or 0. */
uint32_t pdfw_outlines_write(struct pdfw *w);
uint32_t pdfw_dests_write(struct pdfw *w);
void pdfw_struct_write(struct pdfw *w);

/* pdfw_font.c */
/* The font of f, first seen; its size in points in *size. */
struct pdfw_font *pdfw_font_of(struct pdfw *w, PangoFont *font, double *size);
uint32_t pdfw_font_id(const struct pdfw_font *f);
/* The glyph's width in thousandths of the font size; marks it used. */
double pdfw_font_use(struct pdfw_font *f, unsigned glyph);
/* Whether the glyph has its text (ToUnicode) yet; gives it len bytes. */
bool pdfw_font_has_text(const struct pdfw_font *f, unsigned glyph);
void pdfw_font_set_text(struct pdfw_font *f, unsigned glyph, const char *text,
    size_t len);
void pdfw_fonts_write(struct pdfw *w);
void pdfw_fonts_free(struct pdfw *w);

#endif
