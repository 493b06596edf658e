/*
 * shape_cache.h: words shaped once per thread.
 *
 * pango hands HarfBuzz one item at a time (a paragraph, a table cell), and
 * HarfBuzz spends about a thousand instructions on every glyph of it. Most
 * of those glyphs belong to words met before. shape_cache.c defines
 * hb_shape() itself, so pango's calls come here first (the program's own
 * definition is the one the dynamic linker binds): an item is cut at its
 * spaces, each word's glyphs are taken from this thread's cache or shaped
 * alone once, and the item's glyphs are put together from them.
 *
 * That gives exactly what shaping the whole item gives only where nothing
 * acts across a space, so an item is shaped whole, as before, unless:
 * it runs left to right in the Latin or Common script; it has no combining
 * marks; the font's substitutions and positionings for that script never
 * name the space glyph (checked once per face and script); its features
 * apply to all of it; the font has no variations. test_shape compares the
 * two ways glyph by glyph.
 */
#ifndef PODIUM_SHAPE_CACHE_H
#define PODIUM_SHAPE_CACHE_H

#include <stdbool.h>
#include <stddef.h>

/* Frees the calling thread's cache (other threads' go when they end). */
void shape_cache_release(void);

/* Off (false) sends every item straight to HarfBuzz: for tests. */
void shape_cache_enable(bool on);

/* The calling thread's counts since its cache began: items shaped whole,
 * items put together from words, words found, words shaped. */
struct shape_stats {
	size_t whole, joined, hits, misses;
};
void shape_cache_stats(struct shape_stats *s);

#endif
