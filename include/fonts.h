/*
 * fonts.h: fontconfig's configuration, read once per process.
 */
#ifndef PODIUM_FONTS_H
#define PODIUM_FONTS_H

/*
 * Reads fontconfig's configuration and font list now, if no call has yet
 * (FcInit). Call it before the first use of fonts (pango, cairo): in a
 * sanitized build the allocations fontconfig makes for its configuration,
 * which it keeps, and leaks a few of, for the life of the process, are the
 * only ones LeakSanitizer is told to ignore; a leak anywhere else, in
 * fontconfig or out of it, is still reported.
 */
void fonts_config_load(void);

#endif
