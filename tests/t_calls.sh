#!/bin/sh
# t_calls.sh: calls run one way. From the objects of the binary under test,
# each file's undefined symbols are matched to the file of gen/ that defines
# them; the arrows, file to file and folder to folder, must form no circle
# (tsort finds one if there is).
set -u
# the objects beside the binary (build/asan/podium), or the release build's
B=$(dirname "$PODIUM")
[ -d "$B/core" ] || B=$ROOT/build/release
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT

# only the objects of sources that exist (a moved file leaves its old object)
objs=""
for src in "$ROOT"/gen/*/*.c; do
	rel=${src#"$ROOT"/gen/}
	o=$B/${rel%.c}.o
	[ -f "$o" ] && objs="$objs $o"
done
if [ -z "$objs" ]; then
	echo "not ok - no objects under $B"
	exit 1
fi
for o in $objs; do
	nm -g --defined-only "$o" | awk -v f="${o#"$B"/}" 'NF == 3 { print $3, f }'
done | sort >"$T/defs"
for o in $objs; do
	nm -u "$o" | awk -v f="${o#"$B"/}" '{ print $2, f }'
done | sort | join - "$T/defs" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$T/files"
awk '{ split($1, a, "/"); split($2, b, "/"); if (a[1] != b[1]) print a[1], b[1] }' \
    "$T/files" | sort -u >"$T/folders"

if [ ! -s "$T/files" ]; then
	echo "not ok - no calls between files found (nm missing?)"
	exit 1
fi
for what in files folders; do
	if tsort "$T/$what" >/dev/null 2>"$T/err"; then
		echo "ok - calls between $what run one way ($(wc -l <"$T/$what") arrows)"
	else
		echo "not ok - calls between $what form a circle"
		sed 's/^/# /' "$T/err"
	fi
done
# the two engines, gen/mustache and gen/layout, know nothing of ratings:
# they call core alone
engines_up() {
	awk '($1 == "mustache" || $1 == "layout") && $2 != "core" { print $1 " -> " $2 }' "$1"
}
up=$(engines_up "$T/folders")
if [ -z "$up" ] && grep -q '^layout core$' "$T/folders" && grep -q '^mustache core$' "$T/folders"; then
	echo "ok - the Mustache engine and the PDF layout call core alone"
else
	echo "not ok - the engines call outside core: $(echo $up)"
fi
{ cat "$T/folders"; echo "layout compute"; } >"$T/planted"
if [ -n "$(engines_up "$T/planted")" ]; then
	echo "ok - a planted call from the layout into compute is found"
else
	echo "not ok - a planted call from the layout into compute goes unnoticed"
fi
# includes too: gen/core stands below the loader, so no file of it includes
# a header of the content model or the loader (pdate.h and tier.h are core's).
# cc -MM -MG lists every header a file reaches, missing ones included.
core_up() {
	(cd "$1" && ${CC:-cc} -MM -MG -Iinclude $(ls gen/*/*.h 2>/dev/null | sed 's,/[^/]*$,,' | sort -u | sed 's,^,-I,') gen/core/*.c) |
	    tr ' \\' '\n\n' | grep -E '(^|/)(model|load|loadpriv|yamltree)\.h$' | sort -u
}
up=$(core_up "$ROOT")
if [ -z "$up" ]; then
	echo "ok - no file of gen/core includes the model's or the loader's headers"
else
	echo "not ok - gen/core includes $(echo $up)"
fi
# and a planted include of model.h is found
mkdir -p "$T/tree/gen/core" && cp -r "$ROOT/include" "$T/tree/" &&
    printf '#include "parse.h"\n' >"$T/tree/gen/core/x.c" &&
    printf '#include "model.h"\n' >>"$T/tree/include/parse.h"
if [ -n "$(core_up "$T/tree")" ]; then
	echo "ok - a planted include of model.h in core is found"
else
	echo "not ok - a planted include of model.h in core goes unnoticed"
fi
# the test itself: a planted back arrow must be found
{ cat "$T/folders"; echo "core pipeline"; } >"$T/planted"
if tsort "$T/planted" >/dev/null 2>&1; then
	echo "not ok - a planted circle (core -> pipeline) goes unnoticed"
else
	echo "ok - a planted circle (core -> pipeline) is found"
fi
