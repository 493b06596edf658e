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
# the test itself: a planted back arrow must be found
{ cat "$T/folders"; echo "core pipeline"; } >"$T/planted"
if tsort "$T/planted" >/dev/null 2>&1; then
	echo "not ok - a planted circle (core -> pipeline) goes unnoticed"
else
	echo "ok - a planted circle (core -> pipeline) is found"
fi
