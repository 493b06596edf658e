#!/bin/sh
# t_init.sh: `podium init` in an empty folder gives a report that `check`
# passes and `build` renders, about a subject that is not GPU clouds (no
# GPU word anywhere in what it writes or builds); and the `new` scaffolds
# follow the report's own declarations.
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
GPU_WORDS='gpu|neocloud|hyperscaler|driver|xid'

mkdir "$T/empty"
if "$PODIUM" init "$T/empty/r" > "$T/out" 2>&1; then ok "init in an empty folder"
else nok "init in an empty folder"; cat "$T/out"; fi
R="$T/empty/r"
n=$(cd "$R" && find content -type f | wc -l)
[ "$n" -eq 9 ] && ok "init writes 9 files" || nok "init writes 9 files ($n)"
for f in report.yaml sources.yaml editions/2026.yaml providers/greenwheel.yaml \
    providers/pedalpoint.yaml reviews/2026/greenwheel.yaml reviews/2026/pedalpoint.yaml \
    commentary/10-overview.md pages/about.md; do
	[ -f "$R/content/$f" ] || nok "init writes content/$f"
done
has "$R/content/report.yaml" '  - {id: city, name: City, type: string, required: true, filter: true}' "one declared field"
if "$PODIUM" check -C "$R" > "$T/out" 2>&1 && [ ! -s "$T/out" ]; then ok "check passes quietly"
else nok "check passes quietly"; cat "$T/out"; fi
if "$PODIUM" build -q -C "$R" 2> "$T/err"; then ok "build"
else nok "build"; cat "$T/err"; fi
S="$R/site"
for p in index.html about/index.html providers/greenwheel/index.html \
    charts/distribution.svg data/ratings.csv report.pdf; do
	[ -f "$S/$p" ] || nok "the site has $p"
done
has "$S/index.html" '<a href="about/index.html">About these ratings</a>' "the page is in the navigation"
has "$S/index.html" 'charts/distribution.svg' "the home page has a chart"
has "$S/providers/greenwheel/index.html" '<dt>City</dt><dd>Northport</dd>' "the custom field on the provider page"
# No GPU word in the project or the site: every text file, the PDF's text
# and its metadata (binary files such as PNGs and fonts are not text).
if grep -rliIE "$GPU_WORDS" "$R" > "$T/hits"; then
	nok "no GPU word in any text file"; cat "$T/hits"
else
	ok "no GPU word in any text file"
fi
if need "the PDF has the title and no GPU word" pdftotext pdfinfo; then
	{ pdftotext "$S/report.pdf" -; pdfinfo "$S/report.pdf"; } > "$T/pdf.txt" 2>&1
	if grep -qiE "$GPU_WORDS" "$T/pdf.txt"; then nok "no GPU word in the PDF"
	else ok "no GPU word in the PDF"; fi
	has "$T/pdf.txt" 'City bike-share schemes: the ratings' "the PDF has the report's title"
fi

# --title, quoted for YAML whatever it holds; an existing project is refused.
"$PODIUM" init "$T/t" --title 'Les "vélos" \ de Lyon: notés' > /dev/null 2>&1
has "$T/t/content/report.yaml" 'title: "Les \"vélos\" \\ de Lyon: notés"' "--title quoted for YAML"
"$PODIUM" build -q -C "$T/t" --only html 2> "$T/err" &&
	has "$T/t/site/index.html" '<h1>Les &quot;vélos&quot; \ de Lyon: notés</h1>' "--title is the site's title" ||
	nok "--title is the site's title"
"$PODIUM" init "$R" > /dev/null 2> "$T/err"
rc=$?
printf "podium: error: '%s' already holds a project (it has content/); not writing there\n" "$R" > "$T/want"
[ "$rc" -eq 1 ] && cmp -s "$T/err" "$T/want" && ok "init refuses a folder holding a project" ||
	nok "init refuses a folder holding a project (exit $rc)"
"$PODIUM" init "$T/x" --title '' > /dev/null 2> "$T/err"
[ $? -eq 2 ] && ok "an empty --title is bad usage" || nok "an empty --title is bad usage"
(cd "$T/empty" && mkdir cwd && cd cwd && "$PODIUM" init > /dev/null 2>&1) &&
	[ -f "$T/empty/cwd/content/report.yaml" ] && ok "init without DIR: the current folder" ||
	nok "init without DIR: the current folder"

# new, in the report init wrote: its declarations, not GPU ones.
"$PODIUM" new -C "$R" provider bikeco > /dev/null
has "$R/content/providers/bikeco.yaml" 'city:                          # City (text; required)' "new provider offers the declared field"
"$PODIUM" new -C "$R" review 2026 bikeco > /dev/null
if grep -qiE "$GPU_WORDS|fault_test|practices" "$R/content/reviews/2026/bikeco.yaml"; then
	nok "new review offers no failure test or practices the report does not have"
else
	ok "new review offers no failure test or practices the report does not have"
fi
rm "$R/content/providers/bikeco.yaml" "$R/content/reviews/2026/bikeco.yaml"
SOURCE_DATE_EPOCH=1790000000 "$PODIUM" new -C "$R" edition 2027 > /dev/null
has "$R/content/editions/2027.yaml" 'previous: "2026"' "new edition follows the latest"
has "$R/content/editions/2027.yaml" 'tiers: [smooth, fair, bumpy, untried]' "new edition takes the latest's tiers"
has "$R/content/editions/2027.yaml" 'published: 2026-09-21' "new edition dated from SOURCE_DATE_EPOCH"
"$PODIUM" new -C "$R" page faq > /dev/null
"$PODIUM" new -C "$R" commentary 20-more > /dev/null
has "$R/content/pages/faq.md" 'nav: true' "new page"
has "$R/content/commentary/20-more.md" 'draft: true' "new commentary starts as a draft"
if "$PODIUM" check -C "$R" > "$T/out" 2>&1; then ok "the scaffolds of edition, page, commentary check"
else nok "the scaffolds of edition, page, commentary check"; cat "$T/out"; fi
"$PODIUM" build -q -C "$R" --only html 2> /dev/null
has "$R/site/index.html" '<a href="faq/index.html">faq</a>' "the new page is in the navigation"

# new outside a project: the message build gives; the loader's id rule.
mkdir "$T/none"
"$PODIUM" build -C "$T/none" 2> "$T/b.err"; brc=$?
for kind in "provider a" "edition e" "page p" "commentary c" "review e p"; do
	# shellcheck disable=SC2086
	"$PODIUM" new -C "$T/none" $kind 2> "$T/n.err"; nrc=$?
	if [ "$nrc" -eq "$brc" ] && cmp -s "$T/b.err" "$T/n.err"; then
		ok "new $kind outside a project: as build"
	else
		nok "new $kind outside a project: as build ($nrc, $brc)"; cat "$T/n.err"
	fi
done
[ -z "$(ls "$T/none")" ] && ok "nothing written outside a project" || nok "nothing written outside a project"
long=$(printf 'a%.0s' $(seq 1 140))
"$PODIUM" new -C "$R" provider "$long" > /dev/null 2> "$T/err"
rc=$?
[ "$rc" -eq 2 ] && [ ! -e "$R/content/providers/$long.yaml" ] &&
	has "$T/err" "' is not a valid id ([a-z0-9][a-z0-9._-]*)" "new provider refuses a 140-character id, as the loader does" ||
	nok "new provider refuses a 140-character id, as the loader does (exit $rc)"
"$PODIUM" new -C "$R" page Bad > /dev/null 2>&1
[ $? -eq 2 ] && ok "new page checks its id" || nok "new page checks its id"

# The tutorial (podium-tutorial(7)), step by step, as it says.
mkdir "$T/tut"
(cd "$T/tut" && "$PODIUM" init bikes --title "Bike-share schemes rated" > /dev/null)
U="$T/tut/bikes"
sed -i 's/^  - {id: city, name: City, type: string, required: true, filter: true}$/&\n  - {id: fare, name: Day pass, type: number, unit: EUR}/' "$U/content/report.yaml"
echo "fare: cheap" >> "$U/content/providers/greenwheel.yaml"
"$PODIUM" check -C "$U" 2> "$T/err"
echo "content/providers/greenwheel.yaml:5:7: error: 'fare' must be a number, not 'cheap'" > "$T/want"
cmp -s "$T/err" "$T/want" && ok "tutorial: a bad value, as the tutorial shows it" ||
	{ nok "tutorial: a bad value, as the tutorial shows it"; cat "$T/err"; }
sed -i 's/fare: cheap/fare: 4.5/' "$U/content/providers/greenwheel.yaml"
"$PODIUM" new -C "$U" provider cyclo > /dev/null
"$PODIUM" new -C "$U" review 2026 cyclo > /dev/null
sed -i 's/^name: *#.*/name: Cyclo/; s/^city: *#.*/city: Westby/' "$U/content/providers/cyclo.yaml"
sed -i 's/^tier:$/tier: fair/; /^draft: true/d' "$U/content/reviews/2026/cyclo.yaml"
"$PODIUM" check -C "$U" 2> "$T/err"
has "$T/err" "content/editions/2026.yaml:8:13: error: claim 'reviewed' of edition '2026' states 2 but 3 counted (source 'survey-2026')" "tutorial: the stated figure checked against the count"
sed -i 's/  reviewed: 2/  reviewed: 3/; s/  medals: 1/  medals: 2/' "$U/content/editions/2026.yaml"
if "$PODIUM" check -C "$U" && "$PODIUM" build -q -C "$U"; then
	has "$U/site/providers/greenwheel/index.html" '<dt>Day pass</dt><dd>4.5 EUR</dd>' "tutorial: the custom field on the provider page"
	has "$U/site/data/ratings.csv" 'city,fare' "tutorial: the custom field in ratings.csv"
	has "$U/site/index.html" 'charts/distribution.svg' "tutorial: a chart"
	has "$U/site/index.html" 'Cyclo' "tutorial: the new provider"
else
	nok "tutorial: builds at the end"
fi

exit $fail
