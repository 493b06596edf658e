/*
 * collate.h: the order a reader expects for names, from ICU collation in
 * the report's language ("Microsoft Azure" under M, "Ångström" beside
 * "Angstrom" in English and after "Z" in Swedish), never byte order.
 */
#ifndef PODIUM_COLLATE_H
#define PODIUM_COLLATE_H

#include <stddef.h>

/*
 * Sets rank[i] to the position of keys[i] among the n keys sorted by ICU
 * collation in language (a BCP 47 tag; NULL or one ICU cannot open: the
 * root collation), equal keys by ties[i] in byte order. Keys are UTF-8.
 */
void collate_rank(const char *language, const char *const *keys,
    const char *const *ties, size_t n, size_t *rank);

#endif
