/* fonts.h: fontconfig's configuration, read once per process; the type
 * faces podium draws with, and the one check that they are installed,
 * shared by the charts and the PDF. */
#ifndef PODIUM_FONTS_H
#define PODIUM_FONTS_H

struct diag;

/*
 * Reads fontconfig's configuration and font list now, if no call has yet
 * (FcInit). Call it before the first use of fonts (pango, cairo): in a
 * sanitized build the allocations fontconfig makes for its configuration,
 * which it keeps, and leaks a few of, for the life of the process, are the
 * only ones LeakSanitizer is told to ignore; a leak anywhere else, in
 * fontconfig or out of it, is still reported.
 */
void fonts_config_load(void);

/*
 * All text of a build is laid out and drawn on one thread. cairo 1.16
 * (Debian 12) cannot share a font between threads: pango gives each thread
 * a font map of its own, but cairo keeps one scaled font per face, size and
 * options for the whole process, and when one thread lets go of the last
 * reference to one while another takes it up, cairo_scaled_font_destroy
 * aborts on an assertion (`! scaled_font->cache_frozen`; fixed in cairo
 * 1.17.4, "fix double free and failed assertions in
 * cairo_scaled_font_destroy"). So the build draws the charts, then the
 * PDF, on one thread (pipeline/build.c), and the pages draw no text.
 *
 * fonts_text_thread() is called wherever a pango context is made: the
 * first call of a build claims the calling thread, and a call from any
 * other thread before fonts_text_done() is a design error that aborts
 * with a message, so that the tests find it rather than a rare race.
 * fonts_text_done() ends the claim once the drawing thread has ended.
 */
void fonts_text_thread(void);
void fonts_text_done(void);

/*
 * The print pairing (README, "Why each dependency is there"): TeX Gyre
 * Pagella for running text, TeX Gyre Heros for headings, tables, figures
 * and the charts, from Debian's fonts-texgyre; DejaVu Sans Mono for code.
 */
#define FONT_SERIF "TeX Gyre Pagella"
#define FONT_SANS "TeX Gyre Heros"
#define FONT_MONO "DejaVu Sans Mono"

/*
 * What pango is given: each face, then DejaVu (fonts-dejavu-core) for the
 * few glyphs TeX Gyre lacks (the charts' triangles), so that the fallback
 * is the same on every machine rather than whatever fontconfig ranks next.
 */
#define FONT_SERIF_LIST FONT_SERIF ",DejaVu Serif"
#define FONT_SANS_LIST FONT_SANS ",DejaVu Sans"

/* Who needs a family: the charts (site and PDF) or the PDF's text. */
enum {
	FONTS_CHARTS = 1u << 0,
	FONTS_PDF = 1u << 1
};

/*
 * The first family that the users in mask need and fontconfig does not
 * have, or NULL; *package (when not NULL) is then the Debian package that
 * holds it. Families are looked at in a fixed order, the charts' first
 * (TeX Gyre Heros, DejaVu Sans), so that the charts and the PDF name the
 * same one when both lack it.
 */
const char *fonts_missing(unsigned mask, const char **package);

/*
 * 0 when every family the users in mask need is installed; otherwise -1
 * and a system error (exit 3) on d naming the first missing family:
 * "cannot draw text: font family 'F' not found (fontconfig; Debian
 * package P)". The charts and the PDF report the same words, which the
 * build prints once.
 */
int fonts_check(unsigned mask, struct diag *d);

#endif
