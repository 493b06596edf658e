#!/bin/sh
# t_search.sh: full-text search (issue 28 item 4, SPEC 5.3).
# 1. The index: search/index.json parses, holds every provider page, the
#    commentary, each edition's page (its description first) and changes
#    page, the custom pages, the methodology and the sources, each with its words
#    and the same folded by ICU (stosszeit for Stoßzeit, cafe for Café);
#    no content "<" as such in it; every page's masthead holds the search
#    form (a GET form to search/).
# 2. The page in headless Chromium (tests/browser/search.js): folding,
#    marks, ranking, the masthead's box, without JavaScript, nothing from
#    outside the site, hostile names. Skips without node, chromium or
#    puppeteer-core (fails where nothing may skip). The default report:
#    a home section with its page, the count's words, an edition's tier
#    table found by a provider's name.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

P=$T/bikes
cp -R "$ROOT/tests/fixtures/bikes" "$P"
sed -i 's/^language: en$/language: de/' "$P/content/report.yaml"
printf '\nIn der Stoßzeit sind alle Räder am Bahnhof vergeben; das Café daneben hat keine.\n' \
    >>"$P/content/pages/faq.md"
"$PODIUM" build -q -C "$P" -o "$T/site" --only html || { nok "build"; exit 1; }
S=$T/site
I=$S/search/index.json
get() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {"d": d}))' "$I" "$1"; }
check "the index parses as JSON, in the report's language" '[ "$(get "d[\"language\"]")" = de ]'
np=$(ls -d "$S"/providers/*/ | wc -l)
check "it holds every provider page ($np)" \
    '[ "$(get "len([p for p in d[\"pages\"] if p[\"url\"].startswith(\"providers/\")])")" = "$np" ]'
check "... the custom pages, the commentary, each edition's page and changes page, the methodology and the sources" \
    '[ "$(get "sorted(set(p[\"url\"].split(\"#\")[0] for p in d[\"pages\"] if not p[\"url\"].startswith(\"providers/\")))")" = "['"'about/index.html', 'editions/2025/index.html', 'editions/2026/changes/index.html', 'editions/2026/index.html', 'faq/index.html', 'index.html', 'methodology/index.html', 'sources/index.html'"']" ]'
# an edition's entry: its name, then the page's own description (what a
# search for its date or its figures finds), then its words
desc=$(python3 -c 'import html, re, sys; print(html.unescape(re.search(r"<meta name=\"description\" content=\"([^\"]*)\"", open(sys.argv[1], encoding="utf-8").read()).group(1)))' "$S/editions/2025/index.html")
check "an edition's page is found by its name and its description ($desc)" \
    '[ "$(get "[(p[\"title\"], p[\"text\"].startswith(\"$desc\")) for p in d[\"pages\"] if p[\"url\"] == \"editions/2025/index.html\"]")" = "[('"'Pedal Index 2025'"', True)]" ]'
check "the words as written, and folded by ICU" \
    '[ "$(get "[(p[\"title_fold\"], \"Stoßzeit\" in p[\"text\"], \"stosszeit\" in p[\"fold\"], \"cafe daneben\" in p[\"fold\"]) for p in d[\"pages\"] if p[\"url\"] == \"faq/index.html\"]")" = "[('"'questions'"', True, True, True)]" ]'
check "a review's words are in its provider's page" \
    'get "[p[\"fold\"] for p in d[\"pages\"] if p[\"url\"] == \"providers/velo-nord/index.html\"][0]" | grep -q "docks at every station we tried"'
check "search/index.js holds the same index for the script" \
    '[ "$(head -c 22 "$S/search/index.js")" = "window.podiumSearch = " ]'
n=$(grep -L '<form class="nav-search" role="search" action="[./]*search/index.html" method="get">' "$S"/index.html "$S"/*/index.html "$S"/*/*/index.html | wc -l)
check "every page's masthead has the search form ($n without)" '[ "$n" = 0 ]'
check "... labelled in the pack's words" \
    'grep -q -F "<label class=\"visually-hidden\" for=\"nav-q\">Den Bericht durchsuchen</label>" "$S/index.html"'
H=$T/hostile
"$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$H" --only html || nok "build hostile"
check "hostile names: no \"<\" as such in the index" '! grep -q "<" "$H/search/index.json" "$H/search/index.js"'

. "$ROOT/tests/once.sh"
release_pass_only "search in a browser" "$ROOT" && exit $((fails > 0))
need "search in a browser" node chromium || exit $((fails > 0))
if [ ! -f "$ROOT/tests/node_modules/puppeteer-core/package.json" ]; then
	skip "search in a browser: no puppeteer-core (make test-node)"
	exit $((fails > 0))
fi
"$PODIUM" build -q -C "$ROOT" -o "$T/default" --only html || nok "build the default report"
CHROMIUM=${CHROMIUM:-$(command -v chromium)} NODE_PATH="$ROOT/tests/node_modules" \
    node "$ROOT/tests/browser/search.js" "$S" "$H" "$T/default" || fails=$((fails + 1))
exit $((fails > 0))
