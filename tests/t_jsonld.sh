#!/bin/sh
# t_jsonld.sh: link previews and structured data (issue 27 item 6, issue
# 28 item 5, SPEC 5.3).
# 1. With base_url (tests/fixtures/mini): each page its own og:url and
#    canonical link, a twitter:card, an absolute og:image (a provider's
#    current medal badge, else the distribution chart) and its own
#    description.
# 2. podium check warns, word for word, when a report dated for
#    publication has no base_url; not when it has one, says it has none
#    (base_url: ~) or is not dated.
# 3. schema.org JSON-LD: a provider page's Review with its Rating (its
#    place on the ladder, hand-worked), an edition page's ItemList of its
#    ratings, the home page's Dataset with the downloads; each parses as
#    JSON. In tests/fixtures/hostile, a name holding </script> or <!--
#    cannot end the script element, and reads back as written.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

M=$T/mini
"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$M" --only html || { nok "build mini"; exit 1; }
has() { grep -q -F -- "$2" "$1"; }

# 1. link previews
A=$M/providers/alpha/index.html
check "a provider page: og:url and canonical are its own address" \
    'has "$A" "<meta property=\"og:url\" content=\"https://example.org/mini/providers/alpha/\">" &&
     has "$A" "<link rel=\"canonical\" href=\"https://example.org/mini/providers/alpha/\">"'
check "a provider with a medal now: its badge as an absolute og:image, a large card" \
    'has "$A" "<meta property=\"og:image\" content=\"https://example.org/mini/badges/e3/alpha.png\">" &&
     has "$A" "<meta name=\"twitter:card\" content=\"summary_large_image\">" && [ -f "$M/badges/e3/alpha.png" ]'
G=$M/providers/gamma/index.html
check "a provider whose medal is in the past: the distribution chart, not the old badge" \
    'has "$G" "<meta property=\"og:image\" content=\"https://example.org/mini/charts/distribution.png\">"'
check "each provider page its own description" \
    'has "$A" "<meta property=\"og:description\" content=\"Alpha Cloud: Elite in Edition Three, held since Edition Two.\">" &&
     has "$A" "<meta name=\"twitter:description\" content=\"Alpha Cloud: Elite in Edition Three, held since Edition Two.\">" &&
     has "$G" "<meta property=\"og:description\" content=\"Gamma GPU: Not reviewed since Edition Two, where it was Weak; down 1 since Edition One.\">"'
check "the home page: its own address and an absolute og:image" \
    'has "$M/index.html" "<meta property=\"og:url\" content=\"https://example.org/mini/\">" &&
     has "$M/index.html" "<meta property=\"og:image\" content=\"https://example.org/mini/charts/distribution.png\">"'
check "an edition page: its own address" \
    'has "$M/editions/e3/index.html" "<link rel=\"canonical\" href=\"https://example.org/mini/editions/e3/\">"'
n=$(grep -l "twitter:card" "$M"/*/index.html "$M"/*/*/index.html "$M/index.html" | wc -l)
t=$(ls "$M"/*/index.html "$M"/*/*/index.html "$M/index.html" | wc -l)
check "every page has a twitter:card ($n of $t)" '[ "$n" = "$t" ]'

# 2. the warning
P=$T/bikes
cp -R "$ROOT/tests/fixtures/bikes" "$P"
"$PODIUM" check -C "$P" >"$T/out" 2>&1
check "a report not dated for publication: no warning" '[ $? = 0 ] && [ ! -s "$T/out" ]'
sed -i '1a published: 2026-05-01' "$P/content/report.yaml"
"$PODIUM" check -C "$P" >"$T/out" 2>&1
rc=$?
echo "content/report.yaml:1:1: warning: no 'base_url': link previews (og:url, the canonical link, an absolute og:image), feed.xml and sitemap.xml need the site's address (base_url: https://...)" >"$T/want"
check "dated, without base_url: check warns, word for word, exit 0 (got $rc)" '[ $rc = 0 ] && cmp -s "$T/want" "$T/out"'
"$PODIUM" check --strict -C "$P" >/dev/null 2>&1
check "... an error under --strict" '[ $? = 1 ]'
"$PODIUM" build -q -C "$P" -o "$T/bsite" --only html >"$T/out" 2>&1
check "... build does not repeat it" '[ ! -s "$T/out" ]'
cp "$P/content/report.yaml" "$T/report.yaml"
sed -i '1a base_url: ~' "$P/content/report.yaml"
"$PODIUM" check --strict -C "$P" >"$T/out" 2>&1
check "base_url: ~ (no fixed address, on purpose): no warning, --strict passes" '[ $? = 0 ] && [ ! -s "$T/out" ]'
cp "$T/report.yaml" "$P/content/report.yaml"
sed -i '1a base_url: https://bikes.example/' "$P/content/report.yaml"
"$PODIUM" check -C "$P" >"$T/out" 2>&1
check "with base_url: no warning" '[ $? = 0 ] && [ ! -s "$T/out" ]'

# 3. JSON-LD
ld() { # page -> its JSON-LD, parsed and printed back as one line
	python3 - "$1" <<'PY'
import json, re, sys
s = open(sys.argv[1], encoding="utf-8").read()
m = re.findall(r'<script type="application/ld\+json">(.*?)</script>', s, re.S)
if len(m) != 1:
    sys.exit("%d JSON-LD scripts" % len(m))
body = m[0]
if re.search(r"<!--|</script|<script", body, re.I):
    sys.exit("the script body holds markup")
print(json.dumps(json.loads(body), sort_keys=True, ensure_ascii=False))
PY
}
get() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {"d": d}))' "$1"; }

ld "$A" >"$T/alpha.json" || nok "alpha's JSON-LD parses"
# mini's ladder: elite strong fair weak rated, untested not: Elite is 4 of 4
check "a provider page: a Review of the provider with its Rating on the ladder" \
    '[ "$(get "d[\"@type\"], d[\"itemReviewed\"][\"name\"], d[\"itemReviewed\"][\"url\"]" <"$T/alpha.json")" = "('"'Review'"', '"'Alpha Cloud'"', '"'https://alpha.example/'"')" ] &&
     [ "$(get "[d[\"reviewRating\"][k] for k in (\"@type\", \"name\", \"ratingValue\", \"bestRating\", \"worstRating\")]" <"$T/alpha.json")" = "['"'Rating'"', '"'Elite'"', 4, 4, 1]" ]'
check "... with author, publisher, date and its address" \
    '[ "$(get "d[\"author\"][0][\"name\"], d[\"publisher\"][\"name\"], d[\"datePublished\"], d[\"url\"]" <"$T/alpha.json")" = "('"'A. Tester'"', '"'Fixture Press'"', '"'2026-01-10'"', '"'https://example.org/mini/providers/alpha/'"')" ]'
ld "$M/editions/e3/index.html" >"$T/e3.json" || nok "e3's JSON-LD parses"
got=$(get 'd["@type"], d["numberOfItems"], len(d["itemListElement"]), d["itemListElement"][0]["position"], d["itemListElement"][0]["url"]' <"$T/e3.json")
check "an edition page: an ItemList of its ratings, best first ($got)" \
    'echo "$got" | grep -q "^('"'ItemList'"', [0-9]*, [0-9]*, 1, '"'https://example.org/mini/providers/"'" &&
     [ "$(get "d[\"numberOfItems\"] == len(d[\"itemListElement\"]) > 0" <"$T/e3.json")" = True ]'
check "... the first is Elite" \
    '[ "$(get "d[\"itemListElement\"][0][\"item\"][\"reviewRating\"][\"name\"]" <"$T/e3.json")" = Elite ]'
ld "$M/index.html" >"$T/home.json" || nok "the home page's JSON-LD parses"
check "the home page: a Dataset with the three downloads" \
    '[ "$(get "d[\"@type\"], [x[\"contentUrl\"] for x in d[\"distribution\"]]" <"$T/home.json")" = "('"'Dataset'"', ['"'https://example.org/mini/report.pdf'"', '"'https://example.org/mini/data/ratings.json'"', '"'https://example.org/mini/data/ratings.csv'"'])" ]'
check "pages without a place for it have none (sources)" '! grep -q "ld+json" "$M/sources/index.html"'

# hostile names
H=$T/hostile
"$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$H" --only html || { nok "build hostile"; exit 1; }
bad=0
for f in "$H/index.html" "$H"/editions/*/index.html "$H"/providers/*/index.html; do
	grep -q "ld+json" "$f" || continue
	ld "$f" >"$T/h.json" || { echo "# $f"; bad=$((bad + 1)); }
done
check "hostile names: every JSON-LD parses, with no markup in its script ($bad bad)" '[ $bad = 0 ]'
ld "$H/index.html" >"$T/h.json"
check "... and reads back as written" \
    'get "d[\"name\"]" <"$T/h.json" | grep -q -F "<script>alert(1)</script>" &&
     get "d[\"description\"]" <"$T/h.json" | grep -q -F "</script><svg/onload=alert(2)>]]><!--"'

exit $((fails > 0))
