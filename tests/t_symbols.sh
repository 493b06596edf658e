#!/bin/sh
# t_symbols.sh: podium takes over no library function. Every function the
# binary exports to the dynamic loader would be bound in place of a library's
# function of the same name, for every library in the process (cairo's calls
# to __snprintf_chk, pango's to hb_shape), so the binary exports none: no T,
# W or i symbol in `nm -D --defined-only`. The only data it may export is
# what the loader copies in from a library (R_X86_64_COPY and the like, such
# as stderr, optarg), jemalloc's documented malloc_conf, and the linker's own
# section marks.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }

. "$ROOT/tests/skip.sh"
if ! need "the binary's symbols" nm readelf; then
	exit $fails
fi

if ! nm -D --defined-only "${PODIUM_BIN:-$PODIUM}" >"$T/syms" 2>"$T/err"; then
	nok "nm -D reads the binary"
	cat "$T/err"
	exit 1
fi
ok "nm -D reads the binary"

# Functions: T (text), W/V (weak), i (indirect, an ifunc).
awk 'NF >= 3 && $2 ~ /^[TWiV]$/ && !($2 == "V" && $3 ~ /^malloc_conf(@|$)/) { print $2, $3 }' \
    "$T/syms" >"$T/funcs"
# A sanitizer's runtime, linked statically, exports its interceptors (malloc,
# __asan_*): in a sanitized build only podium's own names count.
if [ -n "$PODIUM_SANITIZED" ]; then
	grep -v -E ' (__asan_|__ubsan_|__lsan_|__sanitizer_|__interceptor_|___interceptor_)' \
	    "$T/funcs" >"$T/f2" || :
	mv "$T/f2" "$T/funcs"
fi
if [ -s "$T/funcs" ]; then
	nok "the binary exports no function"
	sed 's/^/#   exported: /' "$T/funcs"
else
	ok "the binary exports no function"
fi

# Data: only copy relocations, malloc_conf and the linker's marks.
readelf -rW "${PODIUM_BIN:-$PODIUM}" | awk '$3 ~ /_COPY$/ { print $5 }' | sed 's/@.*//' | sort -u >"$T/copies"
awk 'NF >= 3 && $2 ~ /^[BDGRS]$/ { print $3 }' "$T/syms" | sed 's/@.*//' | sort -u >"$T/data"
grep -v -x -E '__bss_start|_edata|_end|malloc_conf' "$T/data" |
    comm -23 - "$T/copies" >"$T/owndata"
if [ -s "$T/owndata" ]; then
	nok "the binary exports no data of its own but malloc_conf"
	sed 's/^/#   exported: /' "$T/owndata"
else
	ok "the binary exports no data of its own but malloc_conf"
fi

# The checks above see what they must: the copies found include stderr,
# which every podium writes to.
if grep -q -x 'stderr' "$T/copies" && grep -q -x 'stderr' "$T/data"; then
	ok "the copied-in data are recognised (stderr)"
else
	nok "the copied-in data are recognised (stderr)"
fi

[ "$fails" -eq 0 ]
