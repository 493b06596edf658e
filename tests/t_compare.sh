#!/bin/sh
# t_compare.sh: compare two to four providers (issue 28 item 3, SPEC 5.3).
# 1. compare/index.json, the static file the page reads, parses and holds
#    tests/fixtures/mini's facts (hand-checked): each provider's tier per
#    edition, scores per criterion, failure test, findings, fields. The
#    providers index has a box per provider in a GET form to compare/.
# 2. The page in headless Chromium (tests/browser/compare.js). Skips
#    without node, chromium or puppeteer-core (fails where nothing may skip).
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

S=$T/site
"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$S" --only html || { nok "build"; exit 1; }
I=$S/compare/index.json
get() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {"d": d}))' "$I" "$1"; }
check "the data parses: the editions oldest first, with their criteria" \
    '[ "$(get "[(e[\"id\"], [c[\"id\"] for c in e[\"criteria\"]]) for e in d[\"editions\"]]")" = "[('"'e1'"', []), ('"'e2'"', []), ('"'e3'"', ['"'security'"', '"'reliability'"'])]" ] ||
     [ "$(get "[e[\"id\"] for e in d[\"editions\"]]")" = "['"'e1'"', '"'e2'"', '"'e3'"']" ]'
check "alpha: its tier in each edition" \
    '[ "$(get "[t[\"name\"] for t in d[\"providers\"][\"alpha\"][\"tiers\"]]")" = "['"'Strong'"', '"'Elite'"', '"'Elite'"']" ]'
check "... its scores per criterion" \
    '[ "$(get "d[\"providers\"][\"alpha\"][\"scores\"]")" = "{'"'e3/security'"': '"'5.0'"', '"'e3/reliability'"': '"'4.0'"'}" ]'
check "... its findings counted and its fields" \
    '[ "$(get "d[\"providers\"][\"alpha\"][\"findings\"], d[\"providers\"][\"alpha\"][\"fields\"]")" = "(1, {'"'kind'"': '"'hyperscaler'"', '"'country'"': '"'US'"'})" ]'
check "gamma (not reviewed in e3): no tier there" \
    '[ "$(get "d[\"providers\"][\"gamma\"][\"tiers\"][2]")" = None ]'
n=$(grep -c '<input type="checkbox" name="providers" value="[a-z0-9._-]*" form="compare-form" aria-label="Compare [^"]*">' "$S/providers/index.html")
check "the providers index: a box for each of its $n providers, in a GET form to compare/" \
    '[ "$n" = "$(get "len(d[\"providers\"])")" ] &&
     grep -q "<form class=\"compare-pick\" id=\"compare-form\" action=\"../compare/index.html\" method=\"get\">" "$S/providers/index.html"'
# without its script the page says what it compares, as the report has it
# (reader review #8): scores only with a rubric, fields by their names
check "the page without script: what mini has to compare" \
    'grep -qF "<p class=\"compare-nojs\">This page sets two to four providers side by side: their tier in each edition, their scores, the failure test, public security findings, Kind and Country. It needs JavaScript." "$S/compare/index.html"'
"$PODIUM" build -q -C "$ROOT" -o "$T/default" --only html || nok "build the default report"
check "... and what the default report has: no scores, no declared facts" \
    'grep -qF "<p class=\"compare-nojs\">This page sets two to four providers side by side: their tier in each edition, the failure test and public security findings. It needs JavaScript." "$T/default/compare/index.html"'
H=$T/hostile
"$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$H" --only html || nok "build hostile"
check "hostile names: no \"<\" as such in the data" '! grep -q "<" "$H/compare/index.json" "$H/compare/index.js"'

. "$ROOT/tests/once.sh"
release_pass_only "compare in a browser" "$ROOT" && exit $((fails > 0))
need "compare in a browser" node chromium || exit $((fails > 0))
if [ ! -f "$ROOT/tests/node_modules/puppeteer-core/package.json" ]; then
	skip "compare in a browser: no puppeteer-core (make test-node)"
	exit $((fails > 0))
fi
CHROMIUM=${CHROMIUM:-$(command -v chromium)} NODE_PATH="$ROOT/tests/node_modules" \
    node "$ROOT/tests/browser/compare.js" "$S" "$H" "$T/default" || fails=$((fails + 1))
exit $((fails > 0))
