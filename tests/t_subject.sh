#!/bin/sh
# t_subject.sh: a report on another subject (tests/fixtures/bikes: bike-share
# schemes, declared fields of every type, no security, no failure tests, no
# rubric) against one that has them all (tests/fixtures/mini): each part of
# the report appears only where its data exists, and the declared fields
# reach the pages, the index, ratings.json and ratings.csv.
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
hasnt() { if grep -qF -- "$2" "$1"; then nok "$3"; else ok "$3"; fi; }

B="$ROOT/tests/fixtures/bikes"
M="$ROOT/tests/fixtures/mini"

if "$PODIUM" check -C "$B" > "$T/out" 2>&1 && [ ! -s "$T/out" ]; then
	ok "bikes: check passes quietly"
else
	nok "bikes: check passes quietly"
	cat "$T/out"
fi
if ! "$PODIUM" build -q -C "$B" -o "$T/b" 2> "$T/err"; then
	nok "bikes: builds"
	cat "$T/err"
	exit 1
fi
ok "bikes: builds"
"$PODIUM" build -q -C "$M" -o "$T/m" 2> "$T/err" || { nok "mini: builds"; cat "$T/err"; }

# Security: page, nav entry, PDF section only with practices or findings.
[ ! -e "$T/b/security" ] && ok "bikes: no security page" || nok "bikes: no security page"
[ -f "$T/m/security/index.html" ] && ok "mini: a security page" || nok "mini: a security page"
if grep -rlF 'security/index.html' "$T/b" --include='*.html' > /dev/null; then
	nok "bikes: no page links the security page"
else
	ok "bikes: no page links the security page"
fi
has "$T/m/index.html" 'security/index.html">Security</a>' "mini: Security in the navigation"

# Failure tests: the chart only with some fault_test.
[ ! -e "$T/b/charts/faults.svg" ] && ok "bikes: no failure-test chart" ||
	nok "bikes: no failure-test chart"
[ -f "$T/m/charts/faults.svg" ] && ok "mini: a failure-test chart" ||
	nok "mini: a failure-test chart"

# Scores: the column only with a rubric.
hasnt "$T/b/providers/velo-nord/index.html" '>Score</th>' "bikes: no score column"
has "$T/m/providers/alpha/index.html" '>Score</th>' "mini: a score column"

# Type and country columns only where a provider has one; bikes filters its own.
hasnt "$T/b/providers/index.html" '>Kind</th>' "bikes: no kind column"
has "$T/b/providers/index.html" '<th scope="col" data-sort="text">Model</th><th scope="col" data-sort="text">Country</th>' "bikes: its filter fields as columns"
has "$T/b/providers/index.html" '<select name="f-model" data-field="model"><option value="">Any</option><option value="mixed">mixed</option><option value="private">private</option><option value="public">public</option></select>' "bikes: a filter of the values in use"
has "$T/b/providers/index.html" '<tr data-f-model="public" data-f-nation="FR"' "bikes: a row carries its filter values"
has "$T/m/providers/index.html" '>Kind</th>' "mini: the kind column it declares"

# Declared fields on the provider page, in declaration order.
P="$T/b/providers/velo-nord/index.html"
has "$P" '<div class="field field-operator"><dt>Operator</dt><dd>Nord Transit Board</dd></div>' "field: string"
has "$P" '<dd>Runs the <em>largest</em> fleet of the five.</dd>' "field: text is inline Markdown"
has "$P" '<dt>Docks</dt><dd>240</dd>' "field: integer"
has "$P" '<dt>Day pass</dt><dd>4.5 EUR</dd>' "field: number with its unit"
has "$P" '<dt>E-bikes</dt><dd>yes</dd>' "field: boolean"
has "$P" '<dt>Opened</dt><dd>2014-06-01</dd>' "field: date"
has "$P" '<dt>Homepage</dt><dd><a href="https://velo-nord.example/" rel="external">https://velo-nord.example/</a></dd>' "field: url is a link"
has "$P" '<dt>Cities</dt><dd>Lille-sur-Mer, Roubaix Haut</dd>' "field: list"
has "$P" '<dt>Test rides</dt><dd>20</dd>' "review field on the review"
order=$(grep -o 'field field-[a-z]*' "$P" | head -n 10 | sed 's/field field-//' | tr '\n' ' ')
[ "$order" = "operator blurb docks fare ebikes opened homepage model nation cities " ] &&
	ok "fields in declaration order" || nok "fields in declaration order ($order)"
hasnt "$T/b/providers/pedalo/index.html" '<dt>Docks</dt>' "a field without a value is not shown"

# Tier description and group.
has "$P" '<div class="tier-description"><p>Docks everywhere, bikes in working order, <em>fair</em> prices.</p>' "tier description beside the provider's tier"
has "$T/b/methodology/index.html" '<span class="tier-group-name">(Not recommended)</span>' "tier group on the methodology page"
has "$T/b/index.html" '<tr class="tier-group"><th scope="rowgroup" colspan="3">Not recommended</th></tr>' "tier group heads the medal table rows"

# ratings.json and ratings.csv.
if command -v python3 > /dev/null; then
	if python3 - "$T/b/data/ratings.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
p = {x["id"]: x for x in d["providers"]}
f = p["velo-nord"]["fields"]
assert list(f) == ["operator", "blurb", "docks", "fare", "ebikes", "opened",
    "homepage", "model", "nation", "cities"], list(f)
assert f["docks"] == 240 and f["fare"] == 4.5 and f["ebikes"] is True
assert f["opened"] == "2014-06-01" and f["cities"] == ["Lille-sur-Mer", "Roubaix Haut"]
assert p["pedalo"]["fields"]["docks"] is None
r = [x for x in d["editions"][1]["ratings"] if x["provider"] == "spokeshare"][0]
assert r["fields"] == {"rides": 15, "wait": 11}, r["fields"]
EOF
	then ok "ratings.json: fields typed, in order, null when absent"
	else nok "ratings.json: fields typed, in order, null when absent"
	fi
fi
has "$T/b/data/ratings.csv" 'edition,provider,name,tier,medal,score,computed,previous,steps,status,operator,blurb,docks,fare,ebikes,opened,homepage,model,nation,cities,rides,wait' "ratings.csv: a column per declared field"
has "$T/b/data/ratings.csv" '2026,pedalo,Pedalo,no-bikes,false,,,,,new,City of Pedalo,,,,,,,mixed,,,0,' "ratings.csv: empty cells for absent values"

# The PDF: no security section without security; the fields on the provider pages.
if command -v pdftotext > /dev/null && [ -f "$T/b/report.pdf" ]; then
	pdftotext "$T/b/report.pdf" "$T/b.txt"
	pdftotext "$T/m/report.pdf" "$T/m.txt"
	hasnt "$T/b.txt" 'Security findings' "bikes PDF: no security section"
	has "$T/m.txt" 'Security findings' "mini PDF: a security section"
	has "$T/b.txt" 'Operator: Nord Transit Board.' "bikes PDF: declared fields on the provider page"
fi

# Asking for a part the report has no data for is an error at its place.
cp -R "$B" "$T/p"
printf -- '---\ntitle: X\norder: 90\n---\n{{chart faults}}\n\n{{table security 2026}}\n' \
    > "$T/p/content/commentary/90-x.md"
"$PODIUM" check -C "$T/p" 2> "$T/err"
cat > "$T/want" <<'EOF'
content/commentary/90-x.md:5:1: error: no failure-test chart: no review has a 'fault_test'
content/commentary/90-x.md:7:1: error: no security table: report.yaml declares no security practices and there are no findings
EOF
if cmp -s "$T/err" "$T/want"; then ok "faults chart and security table refused without data"
else nok "faults chart and security table refused without data"; diff "$T/want" "$T/err"; fi

exit $fail
