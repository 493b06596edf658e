/*
 * parse.h: small pure parsers and formatters for the content's scalar types.
 * Each parser returns true on success and leaves *out untouched on failure.
 */
#ifndef PODIUM_PARSE_H
#define PODIUM_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pdate.h"

/* [a-z0-9][a-z0-9._-]* , at most 128 bytes. */
bool id_valid(const char *s);
/*
 * The site's own file or folder that a page of this id (site/ID/) would
 * take ("index.html", "providers", "llms.txt", ...), or NULL; and the file
 * that a provider or an edition of this id (site/providers/ID/,
 * site/editions/ID/) would take ("index.html", "index.md"), or NULL.
 */
const char *page_id_reserved(const char *id);
const char *folder_id_reserved(const char *id);
/* A colour as a tier gives it: "#rrggbb", hex digits in either case (NULL: false). */
bool color_valid(const char *s);
/* YYYY-MM-DD, a real date of the Gregorian calendar, 0001-01-01 to 9999-12-31. */
bool date_parse(const char *s, pdate *out);
/* Writes YYYY-MM-DD (11 bytes with NUL). */
void date_format(pdate d, char out[static 11]);
/* Days since epoch for a Unix time. */
pdate date_from_unix(int64_t t);
/* 90s, 24m, 8h40m, 2d, 35m7s: units d h m s in that order, each once. */
bool duration_parse(const char *s, int64_t *seconds);
/* Shortest form: 67s -> "1m7s", 2400 -> "40m", 0 -> "0s". */
void duration_format(int64_t seconds, char *out, size_t n);
/* m:ss or h:mm:ss -> seconds. */
bool timestamp_parse(const char *s, int64_t *seconds);
/* http://, https:// (with a host), mailto:, or relative (no scheme). */
bool url_allowed(const char *s);
/* What a url field of the content may hold (podium(5)): an http(s) url
 * with a host, or mailto:; no relative link, which would point elsewhere
 * from each page and nowhere in the PDF. */
bool url_absolute(const char *s);
/* An http(s) url naming a user (and password) before its host. */
bool url_has_userinfo(const char *s);
/* What a url written without its scheme meant: "www.example.org/x" (or
 * "//www.example.org/x") -> "https://www.example.org/x" into out (n
 * bytes); false when s does not start with a host name. */
bool url_guess(const char *s, char *out, size_t n);
/* Valid UTF-8 (no overlongs, no surrogates). On failure *bad is the offset. */
bool utf8_valid(const char *s, size_t n, size_t *bad);
/* A noncharacter: U+FDD0..U+FDEF, or the last two of a plane (U+FFFE,
 * U+FFFF, ... U+10FFFF). No text may hold one (pango refuses them). */
bool utf8_noncharacter(uint32_t cp);
/* A bidi embedding, override or isolate (U+202A..U+202E, U+2066..U+2069):
 * they can make a line of text read other than it is. */
bool utf8_bidi_control(uint32_t cp);
/* A bidi control, or a mark that steers its neighbours' direction
 * (U+200E, U+200F, U+061C): invisible, and able to reorder what a line
 * shows around it. Diagnostics show them escaped; ids, CSV cells and the
 * PDF's outline drop them (escape.h: esc_bidi_strip). */
bool utf8_bidi_format(uint32_t cp);
/* The offset of the first noncharacter in s (n bytes of UTF-8), or of the
 * first NUL byte when nul; n when there is none. *cp is what was found. */
size_t utf8_refused(const char *s, size_t n, bool nul, uint32_t *cp);
/*
 * Whether s (n bytes) is text podium takes: valid UTF-8, no noncharacter,
 * and no NUL byte when nul. False with the place of the first fault (line
 * and column 1-based, columns in characters) and the message in why:
 * "invalid UTF-8 (byte 0xff)", "noncharacter U+FFFE is not allowed in
 * text", "NUL byte is not allowed in text".
 */
bool text_valid(const char *s, size_t n, bool nul, unsigned *line, unsigned *col,
    char why[static 64]);
/* Levenshtein distance, capped; for "did you mean". */
size_t edit_distance(const char *a, const char *b, size_t cap);

/* Number formatting (SPEC 1.6): round half away from zero at digits. */
void fmt_fixed(double v, int digits, char *out, size_t n);
/* The decimal digits of v and a NUL; returns their count. */
size_t fmt_uint(unsigned long long v, char out[static 21]);
/* v as printf's "%lld" writes it, and a NUL; returns the length. */
size_t fmt_int(long long v, char out[static 21]);
/*
 * m / 10^digits (digits 0..9) as printf's "%.*f" writes that quotient of
 * doubles for m below 2^51, '-' first when negative (also for 0, as printf
 * writes -0.0): into out as snprintf(out, n, ...) would. Returns the length.
 */
size_t fmt_scaled(unsigned long long m, bool negative, int digits, char *out, size_t n);
/* Signed: "+3", "−18" (U+2212), "0". */
void fmt_signed_int(long v, char *out, size_t n);
/* A share (0..1) as a percent at one decimal, "24.7%", or a dash when it
 * is not known (NAN); malloc'd. */
char *share_text(double share);
/* Signed percent "−48.6%" at digits. */
void fmt_signed_pct(double v, int digits, char *out, size_t n);

#endif
