/*
 * tier.h: a tier of a report's ladder (report.yaml's tiers), as the loader
 * fills it and core's palette (tier_color.h) reads it.
 */
#ifndef PODIUM_TIER_H
#define PODIUM_TIER_H

#include <stdbool.h>
#include <stddef.h>

#include "scalar_pos.h"

struct tier {
	const char *id;
	const char *name;
	const char *color; /* "#rrggbb" or NULL: a default is picked */
	bool medal;
	bool rated;        /* false: "reviewed, not rated" (Unavailable) */
	size_t index;      /* position in the ladder, 0 = best */
	struct pos pos;
	const char *description; /* Markdown: what the tier means, or NULL */
	struct text_origin description_at;
	const char *group;       /* a label shared by adjacent tiers, or NULL */
};

#endif
