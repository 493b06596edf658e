/*
 * tier_color.h: the one palette of tiers, for the site's badges and the
 * charts alike. A tier wears its own `color:` when report.yaml gives one;
 * else a default: a medal tier a metal (platinum, gold, silver, bronze,
 * picked by its name, else by its place among the medals), another rated
 * tier one of four hues by its place in the ladder, a tier with
 * `rated: false` a neutral grey. Every pair of the nine default colours
 * differs by CIEDE2000 >= 10 under normal vision and under simulated
 * deuteranopia and protanopia (tests/test_chart.c checks it).
 */
#ifndef PODIUM_TIER_COLOR_H
#define PODIUM_TIER_COLOR_H

#include "tier.h"

enum {
	TIER_PLATINUM, TIER_GOLD, TIER_SILVER, TIER_BRONZE,   /* metals */
	TIER_OTHER0, TIER_OTHER1, TIER_OTHER2, TIER_OTHER3,   /* other rated tiers */
	TIER_UNRATED,
	TIER_NDEFAULTS
};
/* The default colours as 0xrrggbb, by the names above. */
extern const unsigned tier_default_colors[TIER_NDEFAULTS];

/* The tier's colour as 0xrrggbb. */
unsigned tier_color_rgb(const struct tier *t);
/* The tier's colour as "#rrggbb" (lower case) in out. */
const char *tier_color(const struct tier *t, char out[static 8]);
/*
 * The tier's mark beside its name, which carries the meaning where the
 * colour cannot: a filled circle for a medal, a hollow one for another
 * rated tier, a dotted one for a tier that rates nothing (Unavailable):
 * never a dash, which a reader takes for punctuation.
 */
const char *tier_glyph(const struct tier *t);

#endif
