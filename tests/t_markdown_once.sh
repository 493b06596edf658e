#!/bin/sh
# t_markdown_once.sh: each Markdown text is parsed once per build (issue 26
# item 7). lint_markdown parses every visible text (commentary, custom
# pages, tier and practice descriptions, review texts, text fields) and
# keeps its tree; the site and the PDF render those trees and parse
# nothing again. PODIUM_MD_STATS prints the count of texts kept and of
# parses made, after lint and at the end of the build.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

# stats FILE: "TEXTS PARSES" of the last line, or nothing
stats() {
	sed -n 's/^podium: markdown: \([0-9]*\) texts, \([0-9]*\) parses$/\1 \2/p' "$1" | tail -n 1
}

PODIUM_MD_STATS=1 "$PODIUM" build -C "$ROOT" -o "$T/s" -q 2>"$T/err"
check "the default report builds" $?
set -- $(stats "$T/err")
texts=${1:-0} parses=${2:-0}
# every Markdown file is a text kept (commentary, custom pages), and so are
# the review texts and descriptions in YAML: more texts than files. Each
# build used to parse them 432 times.
mdfiles=$(find "$ROOT/content" -name '*.md' | wc -l)
[ "$texts" -gt "$mdfiles" ] && [ "$parses" -eq "$texts" ]
check "the default report: $texts texts kept, $parses parses (one each) over site and PDF" $?
first=$(sed -n 's/^podium: markdown: \([0-9]*\) texts, \([0-9]*\) parses$/\2/p' "$T/err" | head -n 1)
[ "$first" = "$parses" ]
check "no parse after lint: $first then $parses" $?

for only in html pdf; do
	PODIUM_MD_STATS=1 "$PODIUM" build -C "$ROOT" -o "$T/$only" -q --only "$only" 2>"$T/err.$only"
	set -- $(stats "$T/err.$only")
	[ -n "${1:-}" ] && [ "$1" -eq "$2" ]
	check "--only $only: one parse per text ($*)" $?
done

# PODIUM_MD_KEEP bounds the trees kept (lint.c): with none kept, each text
# is checked by lint and parsed again once by each piece of work that shows
# it (a provider's page, its copy and its index entries share one parse,
# md_scope_begin), and the site and the PDF are the same bytes
PODIUM_MD_KEEP=0 PODIUM_MD_STATS=1 "$PODIUM" build -C "$ROOT" -o "$T/none" -q 2>"$T/err.none"
check "PODIUM_MD_KEEP=0 builds" $?
set -- $(stats "$T/err.none")
[ "${1:-x}" = 0 ] && [ "${2:-0}" -gt "$texts" ]
check "PODIUM_MD_KEEP=0: no tree kept, more parses than texts ($*; $texts texts)" $?
diff -r "$T/s" "$T/none" >"$T/none.diff" 2>&1
check "PODIUM_MD_KEEP=0: the same site and PDF, byte for byte" $?
head -n 5 "$T/none.diff" | sed 's/^/# /'
# 1 MiB, shared by lint's 64 pieces of work, keeps the default report's
# short texts and not its long ones: the same bytes, on one thread or three
PODIUM_MD_KEEP=1 PODIUM_THREADS=3 PODIUM_MD_STATS=1 "$PODIUM" build -C "$ROOT" -o "$T/some" -q 2>"$T/err.some"
set -- $(stats "$T/err.some")
[ "${1:-0}" -gt 0 ] && [ "${1:-0}" -lt "$texts" ] && diff -r "$T/s" "$T/some" >/dev/null
check "PODIUM_MD_KEEP=1: some trees kept ($*), the same bytes" $?
PODIUM_MD_KEEP=0 PODIUM_THREADS=1 "$PODIUM" build -C "$ROOT" -o "$T/one" -q 2>/dev/null &&
    diff -r "$T/s" "$T/one" >/dev/null
check "PODIUM_MD_KEEP=0 on one thread: the same bytes" $?
PODIUM_MD_KEEP=lots "$PODIUM" build -C "$ROOT" -o "$T/bad" -q >"$T/out.bad" 2>&1
rc=$?
[ "$rc" = 2 ] && [ ! -e "$T/bad" ] &&
    grep -qx "podium: error: PODIUM_MD_KEEP must be a whole number of MiB of Markdown trees to keep (0: none), not 'lots'" "$T/out.bad"
check "PODIUM_MD_KEEP=lots: a usage error (exit $rc), nothing written" $?

PODIUM_MD_STATS=1 "$PODIUM" check -C "$ROOT/tests/fixtures/mini" 2>"$T/err.mini" >/dev/null
set -- $(stats "$T/err.mini")
[ -n "${1:-}" ] && [ "$1" -gt 0 ] && [ "$1" -eq "$2" ]
check "check on mini (everything made, then thrown away): one parse per text ($*)" $?

# a custom page's and a practice's text are linted with the rest: their
# errors come once, from lint, at their place, and nothing is written
mkdir -p "$T/bad2"
cp -R "$ROOT/content" "$T/bad2/content"
printf '\nSee {{provider nosuch}}.\n' >>"$T/bad2/content/pages/about.md"
sed -i 's/description: "SemiAnalysis recommends keeping them and other software current."/description: "Kept {{count nothing}} current."/' \
    "$T/bad2/content/report.yaml"
"$PODIUM" build -C "$T/bad2" -o "$T/bad2/out" 2>"$T/err.bad"
rc=$?
n=$(grep -c "^content/pages/about.md:[0-9]*:[0-9]*: error: " "$T/err.bad")
line=$(grep -n 'id: drivers_current' "$T/bad2/content/report.yaml" | cut -d: -f1)
m=$(grep -c "^content/report.yaml:$line:[0-9]*: error: " "$T/err.bad")
[ "$rc" != 0 ] && [ "$n" = 1 ] && [ "$m" = 1 ] && [ ! -e "$T/bad2/out" ]
check "a bad shortcode in a custom page ($n) and in a practice's description ($m): one error each, exit $rc, nothing written" $?
sed -n '1,4s/^/# /p' "$T/err.bad"
exit $fail
