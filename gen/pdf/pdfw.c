/* pdfw.c: the PDF writer's objects, pages, graphics and structure (pdfw.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "pdfw_int.h"

#define FLUSH_AT 65536

/*
 * The deflate level of every stream (page contents, forms, fonts). Measured
 * on the 3,095 streams of the 1,000 x 5 bench report (15.3 MB before
 * compression; the report is 12.4 MB at level 6, most of it the structure
 * tree and link annotations, which are not streams), libdeflate 1.14,
 * instructions by callgrind:
 *
 *   level   instructions   streams' bytes
 *   1         521M          3,587,094
 *   2         822M          3,471,489
 *   3         841M          3,382,049
 *   4         862M          3,343,987
 *   5         997M          3,175,822
 *   6       1,096M          3,131,555
 *
 * Level 1 does half the work of level 6 for 456 KB more (3.7% of the
 * file); levels 2-4 cost nearly as much as 6 and save little over 1.
 */
#define DEFLATE_LEVEL 1

/* Streams shorter than this are not deflated (see pdfw_stream_obj()). */
#define STREAM_DEFLATE_MIN 256

/* Numbers: written backwards into a small array, then added at once. */
static char *
digits_back(char *p, uint64_t v)
{
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return p;
}

void
buf_uint(struct buf *b, uint64_t v)
{
	char tmp[24], *p = digits_back(tmp + sizeof(tmp), v);

	buf_add(b, p, (size_t)(tmp + sizeof(tmp) - p));
}

void
pdfw_num(struct buf *b, double v)
{
	char tmp[32], *mid = tmp + 24, *end = mid, *p;
	int64_t m;
	uint64_t u;
	unsigned frac;

	if (!isfinite(v))
		v = 0;
	if (v > 1e12)
		v = 1e12;
	if (v < -1e12)
		v = -1e12;
	m = (int64_t)llround(v * 1000);
	u = m < 0 ? (uint64_t)-m : (uint64_t)m;
	frac = (unsigned)(u % 1000);
	if (frac != 0) {
		*end++ = '.';
		*end++ = (char)('0' + frac / 100);
		*end++ = (char)('0' + frac / 10 % 10);
		*end++ = (char)('0' + frac % 10);
		while (end[-1] == '0')
			end--;
	}
	p = digits_back(mid, u / 1000);
	if (m < 0)
		*--p = '-';
	buf_add(b, p, (size_t)(end - p));
}

/* Output. */
static void
flush(struct pdfw *w)
{
	if (w->out.len == 0)
		return;
	if (!w->failed && w->write(w->closure, (const unsigned char *)w->out.data,
	    (unsigned)w->out.len) != CAIRO_STATUS_SUCCESS)
		w->failed = true;
	w->off += w->out.len;
	buf_reset(&w->out);
}

void
pdfw_putn(struct pdfw *w, const void *p, size_t n)
{
	buf_add(&w->out, p, n);
	if (w->out.len >= FLUSH_AT)
		flush(w);
}

void
pdfw_put(struct pdfw *w, const char *s)
{
	pdfw_putn(w, s, strlen(s));
}

void
pdfw_put_uint(struct pdfw *w, uint64_t v)
{
	buf_uint(&w->out, v);
}

void
pdfw_put_ref(struct pdfw *w, uint32_t id)
{
	buf_uint(&w->out, id);
	pdfw_put(w, " 0 R");
}

uint32_t
pdfw_obj_new(struct pdfw *w)
{
	w->xref = xgrow(w->xref, sizeof(*w->xref), w->nobj + 2, &w->xrefcap);
	w->nobj++;
	w->xref[w->nobj] = 0;
	return (uint32_t)w->nobj;
}

void
pdfw_obj_begin(struct pdfw *w, uint32_t id)
{
	w->xref[id] = w->off + w->out.len;
	pdfw_put_uint(w, id);
	pdfw_put(w, " 0 obj\n");
}

void
pdfw_obj_end(struct pdfw *w)
{
	pdfw_put(w, "\nendobj\n");
}

void
pdfw_stream_obj(struct pdfw *w, uint32_t id, const char *dict,
    const void *data, size_t len, bool compress)
{
	size_t n = len;

	/*
	 * A stream this short is written as it is: deflating it saves at most
	 * a few bytes (on the bench report, streams of 131-139 bytes came to
	 * 103-109, less the 19 bytes of the filter's name), and costs the
	 * coder's set-up each time, about 35,000 instructions: 2,028 forms
	 * (the page numbers filled in at the end, on one thread) took 85 M.
	 */
	if (len < STREAM_DEFLATE_MIN)
		compress = false;
	if (compress) {
		buf_reset(&w->zbuf);
		buf_grow(&w->zbuf, libdeflate_zlib_compress_bound(w->z, len));
		n = libdeflate_zlib_compress(w->z, data, len, w->zbuf.data,
		    w->zbuf.cap - 1);
		/* a short stream (a form's number) may not be worth it */
		if (n > 0 && n + sizeof("/Filter/FlateDecode") < len)
			data = w->zbuf.data;
		else {
			n = len;
			compress = false;
		}
	}
	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	if (dict != NULL)
		pdfw_put(w, dict);
	if (compress)
		pdfw_put(w, "/Filter/FlateDecode");
	pdfw_put(w, "/Length ");
	pdfw_put_uint(w, n);
	pdfw_put(w, ">>\nstream\n");
	pdfw_putn(w, data, n);
	pdfw_put(w, "\nendstream");
	pdfw_obj_end(w);
}

void
pdfw_put_string(struct buf *b, const char *s)
{
	static const char hex[] = "01234567";
	unsigned char c;

	buf_putc(b, '(');
	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c == '(' || c == ')' || c == '\\') {
			buf_putc(b, '\\');
			buf_putc(b, (char)c);
		} else if (c < 32 || c > 126) {
			buf_putc(b, '\\');
			buf_putc(b, hex[c >> 6]);
			buf_putc(b, hex[(c >> 3) & 7]);
			buf_putc(b, hex[c & 7]);
		} else
			buf_putc(b, (char)c);
	}
	buf_putc(b, ')');
}

/* Decodes one UTF-8 character (U+FFFD for a bad one); advances *s. */
static uint32_t
utf8_next(const unsigned char **s)
{
	const unsigned char *p = *s;
	uint32_t c = *p++;
	int n = 0;

	if (c >= 0xf0 && c < 0xf8)
		c &= 7, n = 3;
	else if (c >= 0xe0)
		c &= 15, n = 2;
	else if (c >= 0xc0)
		c &= 31, n = 1;
	else if (c >= 0x80)
		c = 0xfffd;
	while (n-- > 0) {
		if ((*p & 0xc0) != 0x80) {
			*s = p;
			return 0xfffd;
		}
		c = (c << 6) | (*p++ & 0x3f);
	}
	*s = p;
	return c > 0x10ffff ? 0xfffd : c;
}

static void
put_hex16(struct buf *b, unsigned v)
{
	static const char hex[] = "0123456789ABCDEF";

	buf_putc(b, hex[(v >> 12) & 15]);
	buf_putc(b, hex[(v >> 8) & 15]);
	buf_putc(b, hex[(v >> 4) & 15]);
	buf_putc(b, hex[v & 15]);
}

void
pdfw_put_text(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c;

	for (; *p != '\0'; p++)
		if (*p >= 127 || *p < 32)
			break;
	if (*p == '\0') {
		pdfw_put_string(b, s);
		return;
	}
	buf_puts(b, "<FEFF");
	p = (const unsigned char *)s;
	while (*p != '\0') {
		c = utf8_next(&p);
		if (c >= 0x10000) {
			c -= 0x10000;
			put_hex16(b, 0xd800 + (c >> 10));
			put_hex16(b, 0xdc00 + (c & 0x3ff));
		} else
			put_hex16(b, c);
	}
	buf_putc(b, '>');
}

/* The document. */
void
pdfw_gs_reset(struct pdfw_gs *g)
{
	memset(g, 0, sizeof(*g));
	g->fill[0] = g->stroke[0] = NAN;
	g->lw = 2;
	g->lw_have = -1;
	g->cap_have = -1;
	g->dash_dirty = false;
}

/* On success, free with pdfw_free() after pdfw_finish(). */
struct pdfw *
pdfw_new(cairo_write_func_t write, void *closure, double page_w,
    double page_h)
{
	struct pdfw *w = xcalloc(1, sizeof(*w));

	w->write = write;
	w->closure = closure;
	w->page_w = page_w;
	w->page_h = page_h;
	buf_init(&w->out);
	buf_init(&w->zbuf);
	buf_init(&w->page_cs);
	buf_init(&w->path);
	buf_init(&w->later_cs);
	w->z = libdeflate_alloc_compressor(DEFLATE_LEVEL);
	if (w->z == NULL)
		abort();
	w->catalog_id = pdfw_obj_new(w);
	w->pages_id = pdfw_obj_new(w);
	w->res_id = pdfw_obj_new(w);
	w->struct_id = pdfw_obj_new(w);
	w->fonts_id = pdfw_obj_new(w);
	pdfw_put(w, "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
	return w;
}

void
pdfw_info(struct pdfw *w, enum pdfw_info key, const char *value)
{
	free(w->info[key]);
	w->info[key] = value != NULL ? xstrdup(value) : NULL;
}

unsigned
pdfw_pages(const struct pdfw *w)
{
	return (unsigned)w->npages;
}

/* Pages. */
void
pdfw_page_begin(struct pdfw *w)
{
	w->page_id = pdfw_obj_new(w);
	w->in_page = true;
	buf_reset(&w->page_cs);
	w->cs = &w->page_cs;
	w->ngs = 1;
	pdfw_gs_reset(&w->gs[0]);
	w->nannots = 0;
	w->nxobjs = 0;
	w->nmcid = 0;
	w->mc_open = false;
	buf_puts(w->cs, "1 0 0 -1 0 ");
	pdfw_num(w->cs, w->page_h);
	buf_puts(w->cs, " cm\n");
}

void
pdfw_mc_close(struct pdfw *w)
{
	if (!w->mc_open || w->form_depth > 0)
		return;
	buf_puts(w->cs, "EMC\n");
	w->mc_open = false;
}

void
pdfw_kid_add(struct pdfw_elem *e, uint32_t ref, uint32_t page)
{
	e->kids = xgrow(e->kids, sizeof(*e->kids), e->nkids + 1, &e->kidcap);
	e->kids[e->nkids].ref = ref;
	e->kids[e->nkids].page = page;
	e->nkids++;
}

/* The next ParentTree key, for obj. */
size_t
pdfw_parent_key(struct pdfw *w, uint32_t obj)
{
	w->nums = xgrow(w->nums, sizeof(*w->nums), w->nnums + 1, &w->numcap);
	w->nums[w->nnums] = obj;
	return w->nnums++;
}

void
pdfw_mark(struct pdfw *w)
{
	struct pdfw_elem *e;

	if (w->mc_open || w->artifact || w->form_depth > 0 || w->ntags == 0 ||
	    !w->in_page)
		return;
	e = &w->tags[w->ntags - 1];
	w->mcid_parent = xgrow(w->mcid_parent, sizeof(*w->mcid_parent),
	    w->nmcid + 1, &w->mcidcap);
	w->mcid_parent[w->nmcid] = e->id;
	if (e->page == UINT32_MAX)
		e->page = w->page_id;
	pdfw_kid_add(e, (uint32_t)w->nmcid, w->page_id);
	buf_putc(w->cs, '/');
	buf_puts(w->cs, e->role);
	buf_puts(w->cs, "<</MCID ");
	buf_uint(w->cs, w->nmcid);
	buf_puts(w->cs, ">>BDC\n");
	w->nmcid++;
	w->mc_open = true;
}

static void
xobject_put(struct pdfw *w, uint32_t id)
{
	pdfw_put(w, "/X");
	pdfw_put_uint(w, id);
	pdfw_put(w, " ");
	pdfw_put_ref(w, id);
}

void
pdfw_page_end(struct pdfw *w)
{
	uint32_t cs_id, pt_id = 0;
	size_t i;

	if (!w->in_page)
		return;
	while (w->ngs > 1)
		pdfw_restore(w);
	pdfw_mc_close(w);
	cs_id = pdfw_obj_new(w);
	pdfw_stream_obj(w, cs_id, NULL, w->page_cs.data, w->page_cs.len, true);
	if (w->nmcid > 0) {
		pt_id = pdfw_obj_new(w);
		pdfw_obj_begin(w, pt_id);
		pdfw_put(w, "[");
		for (i = 0; i < w->nmcid; i++) {
			if (i > 0)
				pdfw_put(w, " ");
			pdfw_put_ref(w, w->mcid_parent[i]);
		}
		pdfw_put(w, "]");
		pdfw_obj_end(w);
	}
	pdfw_obj_begin(w, w->page_id);
	pdfw_put(w, "<</Type/Page/Parent ");
	pdfw_put_ref(w, w->pages_id);
	pdfw_put(w, "/MediaBox[0 0 ");
	pdfw_num(&w->out, w->page_w);
	pdfw_put(w, " ");
	pdfw_num(&w->out, w->page_h);
	pdfw_put(w, "]/Resources<</Font ");
	pdfw_put_ref(w, w->fonts_id);
	if (w->nxobjs > 0) {
		pdfw_put(w, "/XObject<<");
		for (i = 0; i < w->nxobjs; i++)
			xobject_put(w, w->xobjs[i]);
		pdfw_put(w, ">>");
	}
	pdfw_put(w, ">>/Contents ");
	pdfw_put_ref(w, cs_id);
	if (pt_id != 0) {
		pdfw_put(w, "/StructParents ");
		pdfw_put_uint(w, pdfw_parent_key(w, pt_id));
		pdfw_put(w, "/Tabs/S");
	}
	if (w->nannots > 0) {
		pdfw_put(w, "/Annots[");
		for (i = 0; i < w->nannots; i++) {
			if (i > 0)
				pdfw_put(w, " ");
			pdfw_put_ref(w, w->annots[i]);
		}
		pdfw_put(w, "]");
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	w->page_ids = xgrow(w->page_ids, sizeof(*w->page_ids), w->npages + 1,
	    &w->pagecap);
	w->page_ids[w->npages] = w->page_id;
	w->npages++;
	w->in_page = false;
	w->cs = NULL;
}

/*
 * The fonts, shared by every page and form; the resources of forms: the
 * fonts and the forms drawn once (pages name only the forms they paint).
 */
static void
resources_write(struct pdfw *w)
{
	size_t i;

	pdfw_obj_begin(w, w->fonts_id);
	pdfw_put(w, "<<");
	for (i = 0; i < w->nfonts; i++) {
		pdfw_put(w, "/F");
		pdfw_put_uint(w, pdfw_font_id(w->fonts[i]));
		pdfw_put(w, " ");
		pdfw_put_ref(w, pdfw_font_id(w->fonts[i]));
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	pdfw_obj_begin(w, w->res_id);
	pdfw_put(w, "<</Font ");
	pdfw_put_ref(w, w->fonts_id);
	if (w->nforms > 0) {
		pdfw_put(w, "/XObject<<");
		for (i = 0; i < w->nforms; i++)
			xobject_put(w, w->forms[i].id);
		pdfw_put(w, ">>");
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
}


static void
pages_write(struct pdfw *w)
{
	size_t i;

	pdfw_obj_begin(w, w->pages_id);
	pdfw_put(w, "<</Type/Pages/Count ");
	pdfw_put_uint(w, w->npages);
	pdfw_put(w, "/Kids[");
	for (i = 0; i < w->npages; i++) {
		pdfw_put_ref(w, w->page_ids[i]);
		pdfw_put(w, i % 8 == 7 ? "\n" : " ");
	}
	pdfw_put(w, "]>>");
	pdfw_obj_end(w);
}

/* "YYYY-MM-DDThh:mm:ssZ" as a PDF date. */
static void
put_date(struct buf *b, const char *iso)
{
	char d[32];
	size_t n = 0;

	d[n++] = 'D';
	d[n++] = ':';
	for (; *iso != '\0' && n < 16; iso++)
		if (*iso >= '0' && *iso <= '9')
			d[n++] = *iso;
	d[n++] = 'Z';
	d[n] = '\0';
	pdfw_put_string(b, d);
}

static uint32_t
info_write(struct pdfw *w)
{
	static const char *const keys[] = {
		[PDFW_TITLE] = "/Title", [PDFW_AUTHOR] = "/Author",
		[PDFW_SUBJECT] = "/Subject", [PDFW_KEYWORDS] = "/Keywords",
		[PDFW_CREATOR] = "/Creator",
	};
	uint32_t id = pdfw_obj_new(w);
	size_t i;

	pdfw_obj_begin(w, id);
	pdfw_put(w, "<<");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (keys[i] == NULL || w->info[i] == NULL)
			continue;
		pdfw_put(w, keys[i]);
		pdfw_put_text(&w->out, w->info[i]);
	}
	pdfw_put(w, "/Producer(podium)");
	if (w->info[PDFW_DATE] != NULL) {
		pdfw_put(w, "/CreationDate");
		put_date(&w->out, w->info[PDFW_DATE]);
		pdfw_put(w, "/ModDate");
		put_date(&w->out, w->info[PDFW_DATE]);
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	return id;
}

static void
xref_write(struct pdfw *w, uint32_t info)
{
	uint64_t start = w->off + w->out.len;
	char row[24];
	size_t i;
	int k;
	uint64_t v;

	pdfw_put(w, "xref\n0 ");
	pdfw_put_uint(w, w->nobj + 1);
	pdfw_put(w, "\n0000000000 65535 f \n");
	for (i = 1; i <= w->nobj; i++) {
		v = w->xref[i];
		for (k = 9; k >= 0; k--) {
			row[k] = (char)('0' + v % 10);
			v /= 10;
		}
		memcpy(row + 10, w->xref[i] != 0 ? " 00000 n \n" :
		    " 00000 f \n", 10);
		pdfw_putn(w, row, 20);
	}
	pdfw_put(w, "trailer\n<</Size ");
	pdfw_put_uint(w, w->nobj + 1);
	pdfw_put(w, "/Root ");
	pdfw_put_ref(w, w->catalog_id);
	pdfw_put(w, "/Info ");
	pdfw_put_ref(w, info);
	pdfw_put(w, ">>\nstartxref\n");
	pdfw_put_uint(w, start);
	pdfw_put(w, "\n%%EOF\n");
}

int
pdfw_finish(struct pdfw *w, const char **err)
{
	uint32_t outlines, dests, info;

	pdfw_page_end(w);
	pdfw_form_fill_end(w);
	pdfw_later_close(w);
	pdfw_struct_write(w);
	pdfw_fonts_write(w);
	resources_write(w);
	pages_write(w);
	outlines = pdfw_outlines_write(w);
	dests = pdfw_dests_write(w);
	info = info_write(w);
	pdfw_obj_begin(w, w->catalog_id);
	pdfw_put(w, "<</Type/Catalog/Pages ");
	pdfw_put_ref(w, w->pages_id);
	pdfw_put(w, "/MarkInfo<</Marked true>>/StructTreeRoot ");
	pdfw_put_ref(w, w->struct_id);
	if (outlines != 0) {
		pdfw_put(w, "/Outlines ");
		pdfw_put_ref(w, outlines);
	}
	if (dests != 0) {
		pdfw_put(w, "/Names<</Dests ");
		pdfw_put_ref(w, dests);
		pdfw_put(w, ">>");
	}
	if (w->info[PDFW_LANG] != NULL) {
		pdfw_put(w, "/Lang");
		pdfw_put_text(&w->out, w->info[PDFW_LANG]);
	}
	if (w->info[PDFW_TITLE] != NULL)
		pdfw_put(w, "/ViewerPreferences<</DisplayDocTitle true>>");
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	xref_write(w, info);
	flush(w);
	if (w->failed) {
		*err = "cannot write the PDF";
		return -1;
	}
	return 0;
}

void
pdfw_free(struct pdfw *w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; i < w->ntags; i++)
		free(w->tags[i].kids);
	free(w->root.kids);
	pdfw_fonts_free(w);
	for (i = 0; i < w->noutlines; i++) {
		free(w->outlines[i].title);
		free(w->outlines[i].dest);
	}
	for (i = 0; i < w->ndests; i++)
		free(w->dests[i].name);
	for (i = 0; i < PDFW_INFO_MAX; i++)
		free(w->info[i]);
	free(w->outlines);
	free(w->dests);
	free(w->forms);
	free(w->later);
	free(w->xobjs);
	free(w->fill_fonts);
	buf_release(&w->later_cs);
	free(w->xref);
	free(w->page_ids);
	free(w->nums);
	free(w->annots);
	free(w->mcid_parent);
	buf_release(&w->out);
	buf_release(&w->zbuf);
	buf_release(&w->page_cs);
	buf_release(&w->path);
	libdeflate_free_compressor(w->z);
	free(w);
}
