/* tier_color.c: the tiers' colours, shared by badges and charts. */
#include <stdio.h>
#include <strings.h>

#include "tier_color.h"
#include "util.h"

/*
 * Picked by search under the three visions (see tier_color.h); the least
 * distance of any pair is 17.9, between TIER_OTHER3 and TIER_BRONZE under
 * deuteranopia. Each reads against black or white text at 4.5:1 or more.
 * The second other tier (the one a ladder most often has after Bronze and
 * a first other tier: Underperforming in the default report's) is violet,
 * no brown beside Bronze: the brick is the fourth's.
 */
const unsigned tier_default_colors[TIER_NDEFAULTS] = {
	[TIER_PLATINUM] = 0x50c0f8, /* icy blue: no lavender beside the violet */
	[TIER_GOLD] = 0xd8b514,
	[TIER_SILVER] = 0xc0c5c6,
	[TIER_BRONZE] = 0xb26c1b,
	[TIER_OTHER0] = 0x12aa7a,   /* green */
	[TIER_OTHER1] = 0x983fff,   /* violet */
	[TIER_OTHER2] = 0x63487f,   /* plum */
	[TIER_OTHER3] = 0x7e4329,   /* brick */
	[TIER_UNRATED] = 0x676767,
};

/* "#rrggbb" (what the loader accepts) as 0xrrggbb. */
static bool
hex_rgb(const char *s, unsigned *v)
{
	unsigned d;
	int i;

	if (s == NULL || s[0] != '#')
		return false;
	*v = 0;
	for (i = 1; i <= 6; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = (unsigned)(s[i] - '0');
		else if ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f')
			d = (unsigned)((s[i] | 0x20) - 'a' + 10);
		else
			return false;
		*v = *v << 4 | d;
	}
	return s[7] == '\0';
}

/* The metal a medal tier's id or name names, or -1. */
static int
metal_named(const struct tier *t)
{
	static const char *const words[] = {
		[TIER_PLATINUM] = "platinum", [TIER_GOLD] = "gold",
		[TIER_SILVER] = "silver", [TIER_BRONZE] = "bronze",
	};
	const char *s;
	size_t i, k, n;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		n = strlen(words[i]);
		for (k = 0; k < 2; k++)
			for (s = k == 0 ? t->id : t->name; s != NULL && *s != '\0'; s++)
				if (strncasecmp(s, words[i], n) == 0)
					return (int)i;
	}
	return -1;
}

unsigned
tier_color_rgb(const struct tier *t)
{
	static const int medals[] = {TIER_GOLD, TIER_SILVER, TIER_BRONZE, TIER_PLATINUM};
	unsigned v;
	int m;

	if (hex_rgb(t->color, &v))
		return v;
	if (!t->rated)
		return tier_default_colors[TIER_UNRATED];
	if (t->medal) {
		m = metal_named(t);
		if (m < 0)
			m = medals[t->index % ARRAY_SIZE(medals)];
		return tier_default_colors[m];
	}
	return tier_default_colors[TIER_OTHER0 + t->index % 4];
}

const char *
tier_color(const struct tier *t, char out[static 8])
{
	snprintf(out, 8, "#%06x", tier_color_rgb(t) & 0xffffffu);
	return out;
}

const char *
tier_glyph(const struct tier *t)
{
	return t->medal ? "\xe2\x97\x8f" : t->rated ? "\xe2\x97\x8b" : "\xe2\x97\x8c";
}
