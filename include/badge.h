/*
 * badge.h: a provider's medal badge for one edition, for the provider to
 * show on its own site: a medal in the tier's colour, the tier's name and
 * the edition's, drawn by cairo as SVG (with a <title>
 * and <desc>) and as PNG. It draws text: on the build's drawing thread
 * only (fonts.h).
 */
#ifndef PODIUM_BADGE_H
#define PODIUM_BADGE_H

#include "compute.h"
#include "util.h"

/* The natural size of a badge, in CSS px. */
#define BADGE_W 264.0
#define BADGE_H 72.0

struct badge {
	const struct report *report;
	const struct provider *provider;
	const struct edition *edition;
	const struct tier *tier;      /* a medal tier */
	char *alt;                    /* its text alternative; malloc'd */
};

/* Prepares b for p's tier t in edition e; free with badge_release(). */
void badge_init(struct badge *b, const struct report *rep,
    const struct provider *p, const struct edition *e, const struct tier *t);
void badge_release(struct badge *b);
/* The badge as an SVG document, appended to out. Returns 0, or -1 if cairo
 * failed. */
int badge_svg(const struct badge *b, struct buf *out);
/*
 * badge_svg in two halves: cairo's drawing, appended to raw (the same for
 * every provider of a tier in an edition: the provider is only in the text
 * alternative), then the document made of it with b's title and
 * description. Each returns 0, or -1 if cairo failed.
 */
int badge_svg_raw(const struct badge *b, struct buf *raw);
int badge_svg_doc(const struct badge *b, const struct buf *raw, struct buf *out);
/* The badge as a PNG at scale x its natural size, appended to out (the
 * same for every provider of a tier in an edition). Returns 0, or -1 if
 * cairo failed. */
int badge_png(const struct badge *b, double scale, struct buf *out);
/* The site path of p's badge in e, "badges/E/P.EXT", or with e NULL of its
 * latest, "badges/P.EXT"; malloc'd. */
char *badge_path(const struct provider *p, const struct edition *e,
    const char *ext);

/*
 * The entry of v's history whose badge is its latest, badges/P.svg: the
 * newest edition in which it holds a medal (a medal lost later keeps its
 * badge, which names its edition: a page that shows it never breaks).
 * NULL: it never held one.
 */
const struct history_entry *badge_latest(const struct provider_view *v);

#endif
