/*
 * yaml_fast.h: the two readers behind yaml_tree_parse(), callable alone so
 * tests can compare them. yaml_tree_parse() tries the fast one first and
 * falls back to the libyaml one, which alone reports diagnostics.
 */
#ifndef PODIUM_YAML_FAST_H
#define PODIUM_YAML_FAST_H

#include <stddef.h>

#include "yamltree.h"

/*
 * Reads text when it is a block mapping in the plain subset of YAML that
 * podium's content uses, building in a exactly the tree the libyaml path
 * builds. Returns NULL ("not mine") for anything else, reporting nothing
 * and leaving no allocation behind in a.
 */
struct ynode *yaml_fast_parse(const char *text, size_t len, unsigned line_offset,
    struct arena *a);

/* yaml_tree_parse() through libyaml only: same contract. */
struct ynode *yaml_tree_parse_libyaml(const char *text, size_t len, const char *file,
    unsigned line_offset, struct arena *a, struct diag *d, bool *empty);

#endif
