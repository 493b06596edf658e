/*
 * pdfw_font.c: the fonts pango shapes with, embedded as subsets (HarfBuzz's
 * subsetter, glyph ids kept) in Type0 fonts with Identity-H encoding:
 * TrueType outlines as CIDFontType2 (FontFile2), CFF ones as CIDFontType0
 * (FontFile3, OpenType).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
#include <pango/pangofc-font.h>

#include "pdfw_int.h"

struct pdfw_font {
	char name[64];            /* PostScript name */
	hb_face_t *face;
	hb_font_t *hb;            /* at the font's own units */
	unsigned upem, nglyphs;
	uint32_t id;              /* the Type0 font object */
	uint8_t *used;            /* a bit per glyph */
	double *width;            /* thousandths of the size; < 0: not yet */
	uint32_t *text;           /* offset plus one of the glyph's text in pool */
	uint16_t *textlen;
	struct buf pool;
};

uint32_t
pdfw_font_id(const struct pdfw_font *f)
{
	return f->id;
}

static void
ps_name(hb_face_t *face, char *out, size_t size)
{
	char name[128];
	unsigned len = sizeof(name);
	size_t i, n = 0;

	name[0] = '\0';
	hb_ot_name_get_utf8(face, HB_OT_NAME_ID_POSTSCRIPT_NAME,
	    HB_LANGUAGE_INVALID, &len, name);
	for (i = 0; name[i] != '\0' && n + 1 < size; i++) {
		char c = name[i];

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_')
			out[n++] = c;
	}
	if (n == 0)
		n = (size_t)snprintf(out, size, "Font");
	out[n] = '\0';
}

/* The face pango shapes with, or the font file's when that one is empty. */
static hb_face_t *
face_of(PangoFont *font)
{
	hb_font_t *hb = pango_font_get_hb_font(font);
	hb_face_t *face = hb != NULL ? hb_font_get_face(hb) : NULL;
	FcPattern *pat;
	FcChar8 *file = NULL;
	int index = 0;
	hb_blob_t *blob;

	if (face != NULL && hb_face_get_glyph_count(face) > 0)
		return hb_face_reference(face);
	if (!PANGO_IS_FC_FONT(font))
		return NULL;
	pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
	if (FcPatternGetString(pat, FC_FILE, 0, &file) != FcResultMatch)
		return NULL;
	FcPatternGetInteger(pat, FC_INDEX, 0, &index);
	blob = hb_blob_create_from_file((const char *)file);
	face = hb_face_create(blob, (unsigned)index);
	hb_blob_destroy(blob);
	if (hb_face_get_glyph_count(face) == 0) {
		hb_face_destroy(face);
		return NULL;
	}
	return face;
}

static struct pdfw_font *
font_new(struct pdfw *w, hb_face_t *face, const char *name)
{
	struct pdfw_font *f = xcalloc(1, sizeof(*f));
	unsigned i;

	snprintf(f->name, sizeof(f->name), "%s", name);
	f->face = face;
	f->hb = hb_font_create(face);
	f->upem = hb_face_get_upem(face);
	f->nglyphs = hb_face_get_glyph_count(face);
	f->id = pdfw_obj_new(w);
	f->used = xcalloc(f->nglyphs / 8 + 1, 1);
	f->width = xcalloc(f->nglyphs, sizeof(*f->width));
	f->text = xcalloc(f->nglyphs, sizeof(*f->text));
	f->textlen = xcalloc(f->nglyphs, sizeof(*f->textlen));
	for (i = 0; i < f->nglyphs; i++)
		f->width[i] = -1;
	buf_init(&f->pool);
	f->used[0] |= 1;          /* .notdef */
	return f;
}

/* The font of a PangoFont, first seen; its size in points in *size. */
struct pdfw_font *
pdfw_font_of(struct pdfw *w, PangoFont *font, double *size)
{
	struct pdfw_fontref *r;
	struct pdfw_font *f = NULL;
	hb_face_t *face;
	int xs = 0, ys = 0;
	char name[64];
	size_t i;

	for (i = 0; i < w->nfrefs; i++)
		if (w->frefs[i].font == font) {
			*size = w->frefs[i].size;
			return w->frefs[i].f;
		}
	if (font == NULL || (face = face_of(font)) == NULL)
		return NULL;
	ps_name(face, name, sizeof(name));
	for (i = 0; i < w->nfonts && f == NULL; i++)
		if (strcmp(w->fonts[i]->name, name) == 0 &&
		    w->fonts[i]->nglyphs == hb_face_get_glyph_count(face))
			f = w->fonts[i];
	if (f == NULL) {
		f = font_new(w, face, name);
		w->fonts = xgrow(w->fonts, sizeof(*w->fonts), w->nfonts + 1,
		    &w->fontcap);
		w->fonts[w->nfonts++] = f;
	} else
		hb_face_destroy(face);
	hb_font_get_scale(pango_font_get_hb_font(font), &xs, &ys);
	w->frefs = xgrow(w->frefs, sizeof(*w->frefs), w->nfrefs + 1,
	    &w->frefcap);
	r = &w->frefs[w->nfrefs++];
	r->font = g_object_ref(font);
	r->f = f;
	r->size = (double)xs / PANGO_SCALE;
	*size = r->size;
	return f;
}

double
pdfw_font_use(struct pdfw_font *f, unsigned glyph)
{
	hb_position_t adv;

	if (glyph >= f->nglyphs)
		return 0;
	if (f->width[glyph] < 0) {
		adv = hb_font_get_glyph_h_advance(f->hb, glyph);
		f->width[glyph] = (double)llround((double)adv * 1e6 / f->upem) /
		    1000;
		f->used[glyph / 8] |= (uint8_t)(1u << (glyph % 8));
	}
	return f->width[glyph];
}

bool
pdfw_font_has_text(const struct pdfw_font *f, unsigned glyph)
{
	return glyph >= f->nglyphs || f->text[glyph] != 0;
}

void
pdfw_font_set_text(struct pdfw_font *f, unsigned glyph, const char *text,
    size_t len)
{
	if (glyph >= f->nglyphs || len == 0 || len > 64)
		return;
	f->text[glyph] = (uint32_t)f->pool.len + 1;
	f->textlen[glyph] = (uint16_t)len;
	buf_add(&f->pool, text, len);
}

static bool
used(const struct pdfw_font *f, unsigned g)
{
	return (f->used[g / 8] >> (g % 8)) & 1;
}

/* "ABCDEF": six letters from the set of glyphs used. */
static void
subset_tag(const struct pdfw_font *f, char tag[7])
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i <= f->nglyphs / 8; i++) {
		h ^= f->used[i];
		h *= 1099511628211ull;
	}
	for (i = 0; i < 6; i++) {
		tag[i] = (char)('A' + h % 26);
		h /= 26;
	}
	tag[6] = '\0';
}

static unsigned
be16(const char *p)
{
	return ((unsigned)(unsigned char)p[0] << 8) | (unsigned char)p[1];
}

static int
sbe16(const char *p)
{
	return (int16_t)be16(p);
}

/* A table's bytes, when it has at least n; unref the blob after. */
static const char *
table(hb_face_t *face, hb_tag_t tag, unsigned n, hb_blob_t **blob)
{
	unsigned len = 0;
	const char *d;

	*blob = hb_face_reference_table(face, tag);
	d = hb_blob_get_data(*blob, &len);
	return len >= n ? d : NULL;
}

static void
put_units(struct pdfw *w, const struct pdfw_font *f, int v)
{
	pdfw_num(&w->out, (double)v * 1000 / f->upem);
}

static bool
is_cff(hb_face_t *face)
{
	hb_blob_t *b = hb_face_reference_table(face, HB_TAG('C', 'F', 'F', ' '));
	bool yes = hb_blob_get_length(b) > 0;

	hb_blob_destroy(b);
	return yes;
}

static void
descriptor_write(struct pdfw *w, const struct pdfw_font *f, uint32_t id,
    const char *base, uint32_t file)
{
	hb_blob_t *bh, *bhh, *bp, *bo;
	const char *head = table(f->face, HB_TAG('h', 'e', 'a', 'd'), 54, &bh);
	const char *hhea = table(f->face, HB_TAG('h', 'h', 'e', 'a'), 36, &bhh);
	const char *post = table(f->face, HB_TAG('p', 'o', 's', 't'), 16, &bp);
	const char *os2 = table(f->face, HB_TAG('O', 'S', '/', '2'), 90, &bo);
	int flags = 32, asc = 800, desc = -200, cap;
	double italic = 0;

	if (post != NULL) {
		italic = (double)(int32_t)(((uint32_t)be16(post + 4) << 16) |
		    be16(post + 6)) / 65536.0;
		if (be16(post + 12) != 0 || be16(post + 14) != 0)
			flags |= 1;
	}
	if (italic != 0)
		flags |= 64;
	if (hhea != NULL) {
		asc = sbe16(hhea + 4);
		desc = sbe16(hhea + 6);
	}
	cap = os2 != NULL && be16(os2) >= 2 ? sbe16(os2 + 88) : asc;
	pdfw_obj_begin(w, id);
	pdfw_put(w, "<</Type/FontDescriptor/FontName/");
	pdfw_put(w, base);
	pdfw_put(w, "/Flags ");
	pdfw_put_uint(w, (uint64_t)flags);
	pdfw_put(w, "/FontBBox[");
	if (head != NULL) {
		put_units(w, f, sbe16(head + 36));
		pdfw_put(w, " ");
		put_units(w, f, sbe16(head + 38));
		pdfw_put(w, " ");
		put_units(w, f, sbe16(head + 40));
		pdfw_put(w, " ");
		put_units(w, f, sbe16(head + 42));
	} else
		pdfw_put(w, "0 0 1000 1000");
	pdfw_put(w, "]/ItalicAngle ");
	pdfw_num(&w->out, italic);
	pdfw_put(w, "/Ascent ");
	put_units(w, f, asc);
	pdfw_put(w, "/Descent ");
	put_units(w, f, desc);
	pdfw_put(w, "/CapHeight ");
	put_units(w, f, cap);
	pdfw_put(w, "/StemV 80");
	if (file != 0) {
		pdfw_put(w, is_cff(f->face) ? "/FontFile3 " : "/FontFile2 ");
		pdfw_put_ref(w, file);
	}
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	hb_blob_destroy(bh);
	hb_blob_destroy(bhh);
	hb_blob_destroy(bp);
	hb_blob_destroy(bo);
}

/* The subset font program; 0 when the subsetter fails. */
static uint32_t
program_write(struct pdfw *w, const struct pdfw_font *f)
{
	hb_subset_input_t *in = hb_subset_input_create_or_fail();
	hb_set_t *set;
	hb_face_t *sub;
	hb_blob_t *blob;
	const char *data;
	unsigned g, len = 0;
	uint32_t id = 0;
	char dict[48];

	if (in == NULL)
		return 0;
	set = hb_subset_input_glyph_set(in);
	for (g = 0; g < f->nglyphs; g++)
		if (used(f, g))
			hb_set_add(set, g);
	hb_subset_input_set_flags(in, HB_SUBSET_FLAGS_RETAIN_GIDS |
	    HB_SUBSET_FLAGS_NO_HINTING);
	sub = hb_subset_or_fail(f->face, in);
	hb_subset_input_destroy(in);
	if (sub == NULL)
		return 0;
	blob = hb_face_reference_blob(sub);
	data = hb_blob_get_data(blob, &len);
	if (len > 0) {
		id = pdfw_obj_new(w);
		if (is_cff(f->face))
			snprintf(dict, sizeof(dict), "/Subtype/OpenType");
		else
			snprintf(dict, sizeof(dict), "/Length1 %u", len);
		pdfw_stream_obj(w, id, dict, data, len, true);
	}
	hb_blob_destroy(blob);
	hb_face_destroy(sub);
	return id;
}

static void
widths_write(struct pdfw *w, const struct pdfw_font *f)
{
	unsigned g = 0, n;

	pdfw_put(w, "/W[");
	while (g < f->nglyphs) {
		if (!used(f, g) || f->width[g] < 0) {
			g++;
			continue;
		}
		pdfw_put_uint(w, g);
		pdfw_put(w, "[");
		for (n = 0; g < f->nglyphs && used(f, g) && f->width[g] >= 0;
		    g++, n++) {
			if (n > 0)
				pdfw_put(w, " ");
			pdfw_num(&w->out, f->width[g]);
		}
		pdfw_put(w, "]\n");
	}
	pdfw_put(w, "]");
}

/* UTF-8 of len bytes as UTF-16BE hex. */
static void
utf16_hex(struct buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	uint32_t c, u[2];
	int n, i, k, more;

	while (p < end) {
		c = *p++;
		more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
		c &= more == 3 ? 7 : more == 2 ? 15 : more == 1 ? 31 : 0x7f;
		for (; more > 0 && p < end; more--)
			c = (c << 6) | (*p++ & 0x3f);
		n = 1;
		u[0] = c;
		if (c >= 0x10000) {
			c -= 0x10000;
			u[0] = 0xd800 + (c >> 10);
			u[1] = 0xdc00 + (c & 0x3ff);
			n = 2;
		}
		for (i = 0; i < n; i++)
			for (k = 12; k >= 0; k -= 4)
				buf_putc(b, hex[(u[i] >> k) & 15]);
	}
}

static uint32_t
tounicode_write(struct pdfw *w, const struct pdfw_font *f)
{
	struct buf b = BUF_INIT;
	unsigned g, n = 0, block;
	uint32_t id = pdfw_obj_new(w);
	static const char hex[] = "0123456789ABCDEF";

	buf_puts(&b, "/CIDInit/ProcSet findresource begin\n12 dict begin\n"
	    "begincmap\n/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)"
	    "/Supplement 0>>def\n/CMapName/Adobe-Identity-UCS def\n"
	    "/CMapType 2 def\n1 begincodespacerange\n<0000><FFFF>\n"
	    "endcodespacerange\n");
	for (g = 0; g < f->nglyphs; g++)
		if (used(f, g) && f->text[g] != 0)
			n++;
	g = 0;
	while (n > 0) {
		block = n > 100 ? 100 : n;
		buf_uint(&b, block);
		buf_puts(&b, " beginbfchar\n");
		for (; block > 0; g++) {
			if (!used(f, g) || f->text[g] == 0)
				continue;
			buf_putc(&b, '<');
			buf_putc(&b, hex[(g >> 12) & 15]);
			buf_putc(&b, hex[(g >> 8) & 15]);
			buf_putc(&b, hex[(g >> 4) & 15]);
			buf_putc(&b, hex[g & 15]);
			buf_puts(&b, "><");
			utf16_hex(&b, f->pool.data + f->text[g] - 1, f->textlen[g]);
			buf_puts(&b, ">\n");
			block--;
			n--;
		}
		buf_puts(&b, "endbfchar\n");
	}
	buf_puts(&b, "endcmap\nCMapName currentdict/CMap defineresource pop\n"
	    "end\nend\n");
	pdfw_stream_obj(w, id, NULL, b.data, b.len, true);
	buf_release(&b);
	return id;
}

static void
font_write(struct pdfw *w, const struct pdfw_font *f)
{
	char tag[7], base[80];
	uint32_t file, desc, cid, tu;

	subset_tag(f, tag);
	snprintf(base, sizeof(base), "%s+%s", tag, f->name);
	file = program_write(w, f);
	desc = pdfw_obj_new(w);
	descriptor_write(w, f, desc, base, file);
	tu = tounicode_write(w, f);
	cid = pdfw_obj_new(w);
	pdfw_obj_begin(w, cid);
	pdfw_put(w, is_cff(f->face) ? "<</Type/Font/Subtype/CIDFontType0" :
	    "<</Type/Font/Subtype/CIDFontType2");
	pdfw_put(w, "/BaseFont/");
	pdfw_put(w, base);
	pdfw_put(w, "/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)"
	    "/Supplement 0>>/FontDescriptor ");
	pdfw_put_ref(w, desc);
	if (!is_cff(f->face))
		pdfw_put(w, "/CIDToGIDMap/Identity");
	widths_write(w, f);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
	pdfw_obj_begin(w, f->id);
	pdfw_put(w, "<</Type/Font/Subtype/Type0/BaseFont/");
	pdfw_put(w, base);
	pdfw_put(w, "/Encoding/Identity-H/DescendantFonts[");
	pdfw_put_ref(w, cid);
	pdfw_put(w, "]/ToUnicode ");
	pdfw_put_ref(w, tu);
	pdfw_put(w, ">>");
	pdfw_obj_end(w);
}

void
pdfw_fonts_write(struct pdfw *w)
{
	size_t i;

	for (i = 0; i < w->nfonts; i++)
		font_write(w, w->fonts[i]);
}

void
pdfw_fonts_free(struct pdfw *w)
{
	struct pdfw_font *f;
	size_t i;

	for (i = 0; i < w->nfrefs; i++)
		g_object_unref(w->frefs[i].font);
	free(w->frefs);
	for (i = 0; i < w->nfonts; i++) {
		f = w->fonts[i];
		hb_font_destroy(f->hb);
		hb_face_destroy(f->face);
		free(f->used);
		free(f->width);
		free(f->text);
		free(f->textlen);
		buf_release(&f->pool);
		free(f);
	}
	free(w->fonts);
}
