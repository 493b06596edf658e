/*
 * escape.h: escaping for each place a string can go. Small pure functions,
 * each appending to a buf. Input is UTF-8 (validated by the loader).
 */
#ifndef PODIUM_ESCAPE_H
#define PODIUM_ESCAPE_H

#include "util.h"

/* HTML text: & < > " ' escaped; control characters (but \t \n) dropped. */
void esc_html(struct buf *b, const char *s);
void esc_html_n(struct buf *b, const char *s, size_t n);
/* A double-quoted attribute value: as esc_html. */
void esc_attr(struct buf *b, const char *s);
/* A URL for href/src: refuses (writes "#") what url_allowed() refuses;
 * percent-encodes spaces, quotes, < > and non-ASCII; then attribute-escapes. */
void esc_url(struct buf *b, const char *url);
/* n bytes of a URL that url_allowed() passed, escaped as esc_url() escapes
 * them: a URL's escape is the escapes of its pieces, one after another. */
void esc_url_bytes(struct buf *b, const char *url, size_t n);
/* A path segment (id) in a URL: percent-encodes all but [A-Za-z0-9._~-]. */
void esc_url_segment(struct buf *b, const char *s);
/* n bytes of UTF-8 without the bidi controls and marks in them (parse.h:
 * utf8_bidi_format), for outputs where an invisible character would reorder
 * its neighbours (a CSV cell, the PDF's outline) or make two ids differ. */
void esc_bidi_strip(struct buf *b, const char *s, size_t n);
/* True when s holds one (so that most strings need no copy). */
bool text_has_bidi(const char *s);
/* RFC 4180 CSV field: quoted when it holds , " CR LF or leading/trailing space. */
void esc_csv(struct buf *b, const char *s);
/* XML text and attribute (SVG): like HTML, and no C0 controls at all. */
void esc_xml(struct buf *b, const char *s);

#endif
