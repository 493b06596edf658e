#!/bin/sh
# t_one_view.sh: a provider's view is built, rendered and freed one at a
# time (issue 29): its page's job makes the page, its Markdown copy and its
# entries of the search and compare indexes, which are then written in
# pieces (about 1 MiB each). On a synthetic report whose indexes are
# several pieces long (tests/bench/gen.c), the same site with one thread as
# with four; each index's script twin the JSON itself; every provider in
# each index once, in the order of their names; a Markdown copy beside
# every provider page and none in the sitemap; a line of llms.txt for each.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }

cc -O2 -std=c17 -o "$T/gen" "$ROOT/tests/bench/gen.c" -lm || { nok "gen.c builds"; exit 1; }
"$T/gen" 400 5 "$T/r" wide >/dev/null || { nok "gen makes a report"; exit 1; }
P=$T/r/podium
PODIUM_THREADS=4 "$PODIUM" build -q -C "$P" -o "$T/a" --only html,data ||
    { nok "build with four threads"; exit 1; }
# The same site with one thread: in the release pass. Under ASan (make
# check's second pass) the four threads' build is the one checked below;
# one thread runs the same jobs inline, as t_threads.sh's builds with one
# thread do under ASan, and what this compares is the bytes.
if [ -z "${PODIUM_SANITIZED:-}" ]; then
	PODIUM_THREADS=1 "$PODIUM" build -q -C "$P" -o "$T/b" --only html,data ||
	    { nok "build with one thread"; exit 1; }
	check "the same site with one thread as with four" 'diff -r "$T/a" "$T/b" >/dev/null'
fi

S=$T/a
n=$(ls -d "$S"/providers/*/ | wc -l)
check "400 provider pages" '[ "$n" = 400 ]'
size=$(wc -c <"$S/search/index.json")
check "the search index is more than one piece ($size bytes)" '[ "$size" -gt 2097152 ]'
for ix in search:podiumSearch compare:podiumCompare; do
	d=${ix%%:*}
	name=${ix#*:}
	# the script: "window.NAME = ", the JSON without its line end, ";\n"
	{ printf 'window.%s = ' "$name"; head -c -1 "$S/$d/index.json"; printf ';\n'; } >"$T/want.js"
	check "$d/index.js is window.$name = the JSON" 'cmp -s "$T/want.js" "$S/$d/index.js"'
	check "$d/index.json ends in one line break" \
	    '[ "$(tail -c 2 "$S/$d/index.json" | od -An -c | tr -d " ")" = "}\\n" ]'
done
# the providers of each index, as python reads the JSON
python3 - "$S" >"$T/py" <<'EOF' || nok "the indexes are JSON"
import json, sys
s = sys.argv[1]
search = json.load(open(s + "/search/index.json"))
compare = json.load(open(s + "/compare/index.json"))
urls = [p["url"] for p in search["pages"] if p["url"].startswith("providers/")]
print("search", len(urls), len(set(urls)))
print("compare", len(compare["providers"]))
print("keys", list(compare["providers"]) == [u.split("/")[1] for u in urls])
EOF
check "each provider in the search index once" 'grep -q -x "search 400 400" "$T/py"'
check "each provider in the compare data" 'grep -q -x "compare 400" "$T/py"'
check "... in the same order in both" 'grep -q -x "keys True" "$T/py"'
missing=0
for d in "$S"/providers/*/; do
	[ -s "$d/index.md" ] || missing=$((missing + 1))
done
check "a Markdown copy beside every provider page ($missing missing)" '[ "$missing" = 0 ]'
# the sitemap (a report with base_url): the pages, not their copies
M=$T/mini
"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$M" --only html || nok "build mini"
check "... none in the sitemap, which lists the provider pages" \
    'grep -q "providers/alpha/</loc>" "$M/sitemap.xml" && ! grep -q "\.md</loc>" "$M/sitemap.xml"'
check "a line of llms.txt for each provider" \
    '[ "$(grep -c "(.*providers/[^/]*/index\.md)" "$S/llms.txt")" = 400 ]'
[ "$fails" -eq 0 ]
