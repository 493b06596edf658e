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
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
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
# the tier's meaning where the tiers are defined, the provider's page
# linking there from its tier's name, not pasting it as its lede (issue 27,
# site review 4)
hasnt "$P" 'class="tier-description"' "no tier description pasted on the provider's page"
has "$P" 'href="../../methodology/index.html#tier-five-spoke"' "... its tier's name links to the tier's meaning"
has "$T/b/methodology/index.html" 'Docks everywhere, bikes in working order, <em>fair</em> prices.' "... which the methodology page gives"
has "$T/b/methodology/index.html" '<span class="tier-group-name">Grouped as Not recommended.</span>' "tier group on the methodology page, in a sentence"
has "$T/b/editions/2026/index.html" '<tr class="tier-group"><th scope="rowgroup" colspan="3">Not recommended</th></tr>' "tier group heads the medal table rows"

# ratings.json and ratings.csv.
if need "ratings.json carries the fields" python3; then
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
if need "the PDF without security, and the fields" pdftotext; then
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

# Custom pages: content/pages/<id>.md in the site's layout, in the nav by order.
A="$T/b/about/index.html"
[ -f "$A" ] && [ -f "$T/b/faq/index.html" ] && ok "pages: site/<id>/index.html" ||
	nok "pages: site/<id>/index.html"
has "$A" '<p>We rent bikes in 3 schemes and ride them. See <a href="../sources/index.html#survey-2026">Rider survey 2026</a>.</p>' "pages: shortcodes work"
has "$A" '<li><a href="../about/index.html" aria-current="page">About the index</a></li>' "pages: the current page marked in the nav"
nav=$(grep -o '<li><a href="[a-z0-9./-]*index.html"' "$T/b/index.html" | sed 's/.*href="//; s/"$//' | tr '\n' ' ')
[ "$nav" = "index.html editions/index.html providers/index.html methodology/index.html sources/index.html faq/index.html about/index.html " ] &&
	ok "pages: in the nav by order (faq 5, about 10), no security entry" ||
	nok "pages: in the nav by order ($nav)"
hasnt "$T/m/index.html" 'about/index.html' "mini: no pages, no nav entries"
if need "the pages in the PDF" pdftotext; then
	# after the commentary (its last section, "Summary"), and its text with it
	ls=$(grep -n -x 'Summary' "$T/b.txt" | tail -n 1 | cut -d: -f1)
	la=$(grep -n -x 'About the index' "$T/b.txt" | tail -n 1 | cut -d: -f1)
	lt=$(grep -n -x 'We rent bikes in 3 schemes and ride them. See Rider survey 2026.' "$T/b.txt" | cut -d: -f1)
	[ -n "$ls" ] && [ -n "$la" ] && [ -n "$lt" ] && [ "$ls" -lt "$la" ] && [ "$la" -lt "$lt" ] &&
		ok "pages: pdf: true adds the page to the PDF after the commentary" ||
		nok "pages: pdf: true adds the page to the PDF after the commentary ($ls $la $lt)"
	hasnt "$T/b.txt" 'Why spokes?' "pages: a page without pdf: true is not in the PDF"
fi

# layout: NAME uses templates/NAME.mustache, which may use a partial of its own.
cp -R "$B" "$T/l"
mkdir -p "$T/l/templates"
printf '{{<base}}{{$main}}<div class="plain">{{>signature}}{{{body_html}}}</div>{{/main}}{{/base}}\n' > "$T/l/templates/plain.mustache"
printf '<p class="sig">Signed: {{site_title}}</p>\n' > "$T/l/templates/signature.mustache"
printf -- '---\ntitle: Plain\nlayout: plain\n---\nHello.\n' > "$T/l/content/pages/plain.md"
if "$PODIUM" build -q -C "$T/l" -o "$T/lo" --only html 2> "$T/err"; then
	has "$T/lo/plain/index.html" '<div class="plain"><p class="sig">Signed: Pedal Index 2026</p>' "pages: layout and a user partial"
else
	nok "pages: layout and a user partial"; cat "$T/err"
fi

# What podium does not read under content/: a warning, an error with --strict.
cp -R "$B" "$T/w"
echo notes > "$T/w/content/notes.txt"
printf -- '---\ntitle: X\n---\nx\n' > "$T/w/content/pages/providers.md"
"$PODIUM" check -C "$T/w" 2> "$T/err"; echo "exit $?" >> "$T/err"
cat > "$T/want" <<'EOF'
content/notes.txt: warning: ignored: podium does not read 'notes.txt' (it reads report.yaml, sources.yaml, editions/, providers/, reviews/, commentary/ and pages/)
content/pages/providers.md: error: page 'providers' would take the place of the site's own 'providers' (choose another file name)
exit 1
EOF
if cmp -s "$T/err" "$T/want"; then ok "pages: unread file warned, reserved id refused"
else nok "pages: unread file warned, reserved id refused"; diff "$T/want" "$T/err"; fi
rm "$T/w/content/pages/providers.md"
"$PODIUM" check -C "$T/w" > /dev/null 2>&1 && ok "an unread file is only a warning" ||
	nok "an unread file is only a warning"
if "$PODIUM" check --strict -C "$T/w" > /dev/null 2>&1; then
	nok "an unread file is an error with --strict"
else
	ok "an unread file is an error with --strict"
fi

# A report in French: report.yaml strings replace the interface words, on
# the site and in the PDF; assets/extra.css is linked when present.
cp -R "$B" "$T/fr"
sed -i 's/^language: en$/language: fr/' "$T/fr/content/report.yaml"
cat >> "$T/fr/content/report.yaml" <<'EOF'
strings: {medals: "Médailles", contents: Sommaire, providers: Fournisseurs,
  report: Rapport, methodology: "Méthodologie", provider: Fournisseur,
  tier_history: Historique, chart_distribution: "Médailles par édition"}
EOF
mkdir -p "$T/fr/assets"
echo 'body { letter-spacing: 0.01em; }' > "$T/fr/assets/extra.css"
if "$PODIUM" build -q -C "$T/fr" -o "$T/fro" 2> "$T/err"; then
	has "$T/fro/index.html" '<li><a href="providers/index.html">Fournisseurs</a></li>' "strings: the navigation in French"
	has "$T/fro/index.html" '<h2 id="toc-title">Sommaire</h2>' "strings: the contents in French"
	has "$T/fro/index.html" 'Médailles par édition' "strings: a chart caption in French"
	has "$T/fro/providers/velo-nord/index.html" '<h2 id="history-title">Historique <a class="anchor" href="#history-title"' "strings: a provider page heading in French"
	has "$T/fro/providers/velo-nord/index.html" '<p class="kicker">Fournisseur</p>' "strings: the provider kicker in French"
	hasnt "$T/fro/index.html" '>Providers</a>' "strings: no English nav word left"
	has "$T/fro/index.html" '<link rel="stylesheet" href="assets/extra.css">' "extra.css linked"
	has "$T/fro/providers/velo-nord/index.html" '<link rel="stylesheet" href="../../assets/extra.css">' "extra.css linked at any depth"
	[ -f "$T/fro/assets/extra.css" ] && ok "extra.css copied" || nok "extra.css copied"
	hasnt "$T/b/index.html" 'extra.css' "no extra.css link without the file"
	if need "strings: the PDF in French" pdftotext; then
		pdftotext "$T/fro/report.pdf" "$T/fr.txt"
		has "$T/fr.txt" 'Sommaire' "strings: the PDF's contents in French"
		hasnt "$T/fr.txt" 'Contents' "strings: no English contents title in the PDF"
		has "$T/fr.txt" 'Fournisseurs' "strings: the PDF's providers heading in French"
		has "$T/fr.txt" 'Méthodologie' "strings: the PDF's methodology heading in French"
	fi
else
	nok "a report in French builds"; cat "$T/err"
fi

# A declared text value that a spreadsheet would run as a formula is neutralised.
cp -R "$B" "$T/cf"
sed -i 's/^operator: .*/operator: "=SUM(A1:A9)"/' "$T/cf/content/providers/velo-nord.yaml"
if "$PODIUM" build -q -C "$T/cf" -o "$T/cfo" --only data 2> "$T/err"; then
	has "$T/cfo/data/ratings.csv" "2026,velo-nord,Vélo Nord,five-spoke,true,,,three-spoke,1,up,\"'=SUM(A1:A9)\",Runs the *largest* fleet of the five.,240,4.5,true,2014-06-01,https://velo-nord.example/,public,FR,Lille-sur-Mer; Roubaix Haut,20,2" "ratings.csv: a declared field's formula neutralised, numbers kept"
else
	nok "ratings.csv: a declared field's formula neutralised"; cat "$T/err"
fi

# Findings without declared practices: the security parts appear, with the
# findings and no practices list.
cp -R "$B" "$T/sf"
cat >> "$T/sf/content/reviews/2026/spokeshare.yaml" <<'EOF'
security:
  findings:
    - {id: f1, title: "Lock codes sent in clear", class: exposed-service, disclosed: 2026-03-01, public: true}
EOF
if "$PODIUM" build -q -C "$T/sf" -o "$T/sfo" 2> "$T/err"; then
	[ -f "$T/sfo/security/index.html" ] && ok "findings only: a security page" || nok "findings only: a security page"
	has "$T/sfo/index.html" 'security/index.html">Security</a>' "findings only: Security in the navigation"
	has "$T/sfo/security/index.html" 'Lock codes sent in clear' "findings only: the finding on the security page"
	hasnt "$T/sfo/providers/spokeshare/index.html" 'class="practices"' "findings only: no practices list"
	if need "findings only: the PDF" pdftotext; then
		pdftotext "$T/sfo/report.pdf" "$T/sf.txt"
		has "$T/sf.txt" 'Security findings' "findings only: a PDF security section"
	fi
else
	nok "findings only: builds"; cat "$T/err"
fi

exit $fail
