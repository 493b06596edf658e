/* shape_cache.c: words shaped once per thread, in front of HarfBuzz
 * (shape_cache.h says when and why). */
#include <hb-ot.h>
#include <hb.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shape_cache.h"
#include "util.h"

#define SLOTS 8192              /* words a cache holds at most: 3/4 of it */
#define BYTES_MAX (1u << 20)    /* the words' glyphs: emptied past this */
#define WORD_MAX 48             /* longer words are shaped each time */
#define CTX_MAX 64
#define FACE_MAX 32
#define FEAT_MAX 8

/* Everything but the text that decides an item's glyphs. */
struct ctx {
	hb_font_t *parent;
	hb_face_t *face;
	int xs, ys;
	unsigned xp, yp;
	float ptem;
	hb_direction_t dir;
	hb_script_t script;
	hb_language_t lang;
	hb_buffer_flags_t flags;
	hb_buffer_cluster_level_t level;
	hb_codepoint_t invisible, replacement;
	unsigned nfeat;
	hb_feature_t feat[FEAT_MAX];
};

/* Whether words may be shaped apart with this face, script and language. */
struct face_ok {
	hb_face_t *face;
	hb_script_t script;
	hb_language_t lang;
	bool ok;
};

struct glyph {
	uint32_t gid, cluster, mask;
	hb_glyph_position_t pos;
};

struct entry {
	uint64_t hash;
	uint32_t ctx;           /* index + 1; 0: empty */
	uint32_t n, g;          /* characters, glyphs */
	uint32_t *in;           /* n characters, then their n relative clusters */
	struct glyph *out;
};

struct cache {
	struct entry slot[SLOTS];
	size_t used, bytes;
	struct arena *words;    /* the entries' characters and glyphs */
	struct ctx ctx[CTX_MAX];
	size_t nctx;
	struct face_ok faces[FACE_MAX];
	size_t nfaces;
	hb_buffer_t *scratch;
	struct glyph *out;
	size_t nout, capout;
	struct shape_stats st;
};

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static _Thread_local struct cache *tls;
static _Atomic bool disabled;

static void
cache_free(void *p)
{
	struct cache *c = p;

	if (c == NULL)
		return;
	arena_free(c->words);
	if (c->scratch != NULL)
		hb_buffer_destroy(c->scratch);
	free(c->out);
	free(c);
}

static void
key_make(void)
{
	pthread_key_create(&cache_key, cache_free);
}

static struct cache *
cache_get(void)
{
	if (tls == NULL) {
		pthread_once(&cache_once, key_make);
		tls = xcalloc(1, sizeof(*tls));
		pthread_setspecific(cache_key, tls);
	}
	return tls;
}

void
shape_cache_release(void)
{
	if (tls == NULL)
		return;
	pthread_setspecific(cache_key, NULL);
	cache_free(tls);
	tls = NULL;
}

void
shape_cache_enable(bool on)
{
	disabled = !on;
}

void
shape_cache_stats(struct shape_stats *s)
{
	memset(s, 0, sizeof(*s));
	if (tls != NULL)
		*s = tls->st;
}

/* Empties the words (the contexts and faces stay). */
static void
words_clear(struct cache *c)
{
	memset(c->slot, 0, sizeof(c->slot));
	c->used = c->bytes = 0;
	if (c->words != NULL)
		arena_reset(c->words);
}

static void *
bytes_take(struct cache *c, size_t n)
{
	if (c->words == NULL)
		c->words = arena_new();
	c->bytes += n;
	return arena_alloc(c->words, n);
}

static bool
table_present(hb_face_t *face, const char *tag)
{
	hb_blob_t *b = hb_face_reference_table(face, hb_tag_from_string(tag, 4));
	bool yes = hb_blob_get_length(b) > 0;

	hb_blob_destroy(b);
	return yes;
}

/*
 * Whether no substitution or positioning this face may apply to the script
 * names the space glyph, and the face's kerning is GPOS's (an old 'kern'
 * or an AAT table is applied whole and is not looked into): then shaping
 * stops at every space, and words shaped apart give the same glyphs.
 */
static bool
face_words_apart(hb_font_t *font, hb_face_t *face, hb_script_t script,
    hb_language_t lang)
{
	hb_tag_t tags[HB_OT_MAX_TAGS_PER_SCRIPT + 4], langs[HB_OT_MAX_TAGS_PER_LANGUAGE];
	unsigned nt = HB_OT_MAX_TAGS_PER_SCRIPT, nl = HB_OT_MAX_TAGS_PER_LANGUAGE;
	unsigned si, li, fi, lookup;
	hb_tag_t chosen;
	hb_codepoint_t space;
	hb_set_t *lookups, *sets[4];
	static const hb_tag_t tables[2] = {HB_OT_TAG_GSUB, HB_OT_TAG_GPOS};
	bool ok = true, kern;
	int t, k;

	if (!hb_font_get_nominal_glyph(font, 0x20, &space) ||
	    table_present(face, "morx") || table_present(face, "mort") ||
	    table_present(face, "kerx") || table_present(face, "trak"))
		return false;
	hb_ot_tags_from_script_and_language(script, lang, &nt, tags, &nl, langs);
	/* is the kerning GPOS's for the script and language HarfBuzz picks? */
	hb_ot_layout_table_select_script(face, HB_OT_TAG_GPOS, nt, tags, &si,
	    &chosen);
	if (!hb_ot_layout_script_select_language(face, HB_OT_TAG_GPOS, si, nl,
	    langs, &li))
		li = HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX;
	kern = hb_ot_layout_language_find_feature(face, HB_OT_TAG_GPOS, si, li,
	    HB_TAG('k', 'e', 'r', 'n'), &fi);
	if (!kern && table_present(face, "kern"))
		return false;
	/* every lookup of the script, or of the scripts it falls back on */
	tags[nt++] = HB_TAG('D', 'F', 'L', 'T');
	tags[nt++] = HB_TAG('d', 'f', 'l', 't');
	tags[nt++] = HB_TAG('l', 'a', 't', 'n');
	tags[nt] = HB_TAG_NONE;
	lookups = hb_set_create();
	for (k = 0; k < 4; k++)
		sets[k] = hb_set_create();
	for (t = 0; t < 2 && ok; t++) {
		hb_set_clear(lookups);
		hb_ot_layout_collect_lookups(face, tables[t], tags, NULL, NULL,
		    lookups);
		lookup = HB_SET_VALUE_INVALID;
		while (hb_set_next(lookups, &lookup))
			hb_ot_layout_lookup_collect_glyphs(face, tables[t], lookup,
			    sets[0], sets[1], sets[2], sets[3]);
		for (k = 0; k < 4; k++)
			ok = ok && !hb_set_has(sets[k], space);
	}
	for (k = 0; k < 4; k++)
		hb_set_destroy(sets[k]);
	hb_set_destroy(lookups);
	return ok;
}

static bool
face_ok(struct cache *c, hb_font_t *font, hb_face_t *face, hb_script_t script,
    hb_language_t lang)
{
	struct face_ok *f;
	size_t i;

	for (i = 0; i < c->nfaces; i++) {
		f = &c->faces[i];
		if (f->face == face && f->script == script && f->lang == lang)
			return f->ok;
	}
	if (c->nfaces == FACE_MAX) {
		/* a face freed and another made at its address: start again */
		c->nfaces = 0;
		c->nctx = 0;
		words_clear(c);
	}
	f = &c->faces[c->nfaces++];
	f->face = face;
	f->script = script;
	f->lang = lang;
	f->ok = face_words_apart(font, face, script, lang);
	return f->ok;
}

static bool
ctx_equal(const struct ctx *a, const struct ctx *b)
{
	unsigned i;

	if (a->parent != b->parent || a->face != b->face || a->xs != b->xs ||
	    a->ys != b->ys || a->xp != b->xp || a->yp != b->yp ||
	    a->ptem != b->ptem || a->dir != b->dir || a->script != b->script ||
	    a->lang != b->lang || a->flags != b->flags || a->level != b->level ||
	    a->invisible != b->invisible || a->replacement != b->replacement ||
	    a->nfeat != b->nfeat)
		return false;
	for (i = 0; i < a->nfeat; i++)
		if (a->feat[i].tag != b->feat[i].tag ||
		    a->feat[i].value != b->feat[i].value)
			return false;
	return true;
}

/* The context's number plus one, or 0 if the item must be shaped whole. */
static uint32_t
ctx_of(struct cache *c, hb_font_t *font, hb_buffer_t *buf,
    const hb_feature_t *features, unsigned nfeat)
{
	struct ctx x;
	unsigned i, ncoords;
	size_t k;

	memset(&x, 0, sizeof(x));
	x.dir = hb_buffer_get_direction(buf);
	x.script = hb_buffer_get_script(buf);
	if (x.dir != HB_DIRECTION_LTR || (x.script != HB_SCRIPT_LATIN &&
	    x.script != HB_SCRIPT_COMMON) || nfeat > FEAT_MAX)
		return 0;
	for (i = 0; i < nfeat; i++) {
		if (features[i].start != HB_FEATURE_GLOBAL_START ||
		    features[i].end != HB_FEATURE_GLOBAL_END)
			return 0;
		x.feat[i].tag = features[i].tag;
		x.feat[i].value = features[i].value;
	}
	x.nfeat = nfeat;
	hb_font_get_var_coords_normalized(font, &ncoords);
	if (ncoords > 0)
		return 0;
	x.parent = hb_font_get_parent(font);
	x.face = hb_font_get_face(font);
	hb_font_get_scale(font, &x.xs, &x.ys);
	hb_font_get_ppem(font, &x.xp, &x.yp);
	x.ptem = hb_font_get_ptem(font);
	x.lang = hb_buffer_get_language(buf);
	x.flags = hb_buffer_get_flags(buf) &
	    ~(hb_buffer_flags_t)(HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT);
	x.level = hb_buffer_get_cluster_level(buf);
	x.invisible = hb_buffer_get_invisible_glyph(buf);
	x.replacement = hb_buffer_get_replacement_codepoint(buf);
	for (k = 0; k < c->nctx; k++)
		if (ctx_equal(&c->ctx[k], &x))
			return (uint32_t)k + 1;
	if (!face_ok(c, font, x.face, x.script, x.lang))
		return 0;
	if (c->nctx == CTX_MAX) {
		c->nctx = 0;
		words_clear(c);
	}
	c->ctx[c->nctx++] = x;
	return (uint32_t)c->nctx;
}

static uint64_t
word_hash(uint32_t ctx, const hb_glyph_info_t *in, size_t n, uint32_t base)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ ctx;
	size_t i;

	for (i = 0; i < n; i++) {
		h = (h ^ in[i].codepoint) * 0x100000001b3u;
		h = (h ^ (in[i].cluster - base)) * 0x100000001b3u;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9u;
	return h ^ (h >> 32);
}

static bool
word_equal(const struct entry *e, uint32_t ctx, uint64_t hash,
    const hb_glyph_info_t *in, size_t n, uint32_t base)
{
	size_t i;

	if (e->hash != hash || e->ctx != ctx || e->n != n)
		return false;
	for (i = 0; i < n; i++)
		if (e->in[i] != in[i].codepoint ||
		    e->in[n + i] != in[i].cluster - base)
			return false;
	return true;
}

/* Room for n more glyphs of output; the first of them. */
static struct glyph *
out_room(struct cache *c, size_t n)
{
	if (c->nout + n > c->capout)
		c->out = xgrow(c->out, sizeof(*c->out), c->nout + n, &c->capout);
	return c->out + c->nout;
}

/* Appends n glyphs, their clusters counted from base. */
static void
out_push(struct cache *c, const struct glyph *g, size_t n, uint32_t base)
{
	struct glyph *o = out_room(c, n);
	size_t i;

	for (i = 0; i < n; i++) {
		o[i] = g[i];
		o[i].cluster += base;
	}
	c->nout += n;
}

/* Shapes in[0, n) alone, its clusters counted from base; the glyphs are
 * left in the scratch buffer. */
static void
shape_alone(struct cache *c, const struct ctx *x, hb_font_t *font,
    const hb_feature_t *features, unsigned nfeat, const hb_glyph_info_t *in,
    size_t n, uint32_t base)
{
	hb_buffer_t *b;
	size_t i;

	if (c->scratch == NULL)
		c->scratch = hb_buffer_create();
	b = c->scratch;
	hb_buffer_clear_contents(b);
	hb_buffer_set_direction(b, x->dir);
	hb_buffer_set_script(b, x->script);
	hb_buffer_set_language(b, x->lang);
	hb_buffer_set_flags(b, x->flags);
	hb_buffer_set_cluster_level(b, x->level);
	hb_buffer_set_invisible_glyph(b, x->invisible);
	hb_buffer_set_replacement_codepoint(b, x->replacement);
	for (i = 0; i < n; i++)
		hb_buffer_add(b, in[i].codepoint, in[i].cluster - base);
	hb_buffer_set_content_type(b, HB_BUFFER_CONTENT_TYPE_UNICODE);
	hb_shape_full(font, b, features, nfeat, NULL);
}

/* Appends the glyphs of in[0, n), from the cache or shaped now. */
static void
word_glyphs(struct cache *c, uint32_t ctx, hb_font_t *font,
    const hb_feature_t *features, unsigned nfeat, const hb_glyph_info_t *in,
    size_t n)
{
	uint32_t base = in[0].cluster, add;
	uint64_t h = word_hash(ctx, in, n, base);
	size_t i = (size_t)h & (SLOTS - 1);
	struct entry *e;
	hb_glyph_info_t *gi;
	hb_glyph_position_t *gp;
	struct glyph *g;
	unsigned ng, j;

	for (;; i = (i + 1) & (SLOTS - 1)) {
		e = &c->slot[i];
		if (e->ctx == 0)
			break;
		if (word_equal(e, ctx, h, in, n, base)) {
			c->st.hits++;
			out_push(c, e->out, e->g, base);
			return;
		}
	}
	c->st.misses++;
	shape_alone(c, &c->ctx[ctx - 1], font, features, nfeat, in, n, base);
	gi = hb_buffer_get_glyph_infos(c->scratch, &ng);
	gp = hb_buffer_get_glyph_positions(c->scratch, NULL);
	/* a long word is not kept: its glyphs go straight to the output,
	 * their clusters counted from the item's start */
	if (n > WORD_MAX) {
		g = out_room(c, ng);
		add = base;
	} else {
		if (c->used + 1 > SLOTS * 3 / 4 || c->bytes > BYTES_MAX) {
			words_clear(c);
			e = &c->slot[(size_t)h & (SLOTS - 1)];
		}
		g = bytes_take(c, ng * sizeof(*g));
		add = 0;
	}
	for (j = 0; j < ng; j++) {
		g[j].gid = gi[j].codepoint;
		g[j].cluster = gi[j].cluster + add;
		g[j].mask = gi[j].mask;
		g[j].pos = gp[j];
	}
	if (n > WORD_MAX) {
		c->nout += ng;
		return;
	}
	e->hash = h;
	e->ctx = ctx;
	e->n = (uint32_t)n;
	e->g = ng;
	e->in = bytes_take(c, 2 * n * sizeof(uint32_t));
	e->out = g;
	for (j = 0; j < n; j++) {
		e->in[j] = in[j].codepoint;
		e->in[n + j] = in[j].cluster - base;
	}
	c->used++;
	out_push(c, e->out, ng, base);
}

/* Whether the item's characters allow it: clusters in order, no marks. */
static bool
text_ok(hb_buffer_t *buf, const hb_glyph_info_t *in, unsigned n)
{
	hb_unicode_funcs_t *u = hb_buffer_get_unicode_funcs(buf);
	hb_unicode_general_category_t cat;
	unsigned i;

	for (i = 0; i < n; i++) {
		if (i > 0 && in[i].cluster < in[i - 1].cluster)
			return false;
		if (in[i].codepoint < 0x300)
			continue;
		cat = hb_unicode_general_category(u, in[i].codepoint);
		if (cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK ||
		    cat == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
		    cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK)
			return false;
	}
	return true;
}

static bool
shape_words(hb_font_t *font, hb_buffer_t *buf, const hb_feature_t *features,
    unsigned nfeat)
{
	struct cache *c;
	hb_glyph_info_t *in, *gi;
	hb_glyph_position_t *gp;
	unsigned n, i, j;
	uint32_t ctx;
	bool space;

	if (disabled ||
	    hb_buffer_get_content_type(buf) != HB_BUFFER_CONTENT_TYPE_UNICODE)
		return false;
	in = hb_buffer_get_glyph_infos(buf, &n);
	if (n == 0)
		return false;
	c = cache_get();
	ctx = ctx_of(c, font, buf, features, nfeat);
	if (ctx == 0 || !text_ok(buf, in, n)) {
		c->st.whole++;
		return false;
	}
	c->st.joined++;
	c->nout = 0;
	for (i = 0; i < n; i = j) {
		space = in[i].codepoint == 0x20;
		for (j = i + 1; j < n && (in[j].codepoint == 0x20) == space; j++)
			;
		word_glyphs(c, ctx, font, features, nfeat, in + i, j - i);
	}
	hb_buffer_set_length(buf, 0);
	if (!hb_buffer_set_length(buf, (unsigned)c->nout))
		oom();
	hb_buffer_set_content_type(buf, HB_BUFFER_CONTENT_TYPE_GLYPHS);
	gi = hb_buffer_get_glyph_infos(buf, NULL);
	gp = hb_buffer_get_glyph_positions(buf, NULL);
	for (i = 0; i < c->nout; i++) {
		gi[i].codepoint = c->out[i].gid;
		gi[i].cluster = c->out[i].cluster;
		gi[i].mask = c->out[i].mask;
		gp[i] = c->out[i].pos;
	}
	return true;
}

/* pango calls this; HarfBuzz's own is hb_shape_full(). */
void
hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
    unsigned int num_features)
{
	if (!shape_words(font, buffer, features, num_features))
		hb_shape_full(font, buffer, features, num_features, NULL);
}
