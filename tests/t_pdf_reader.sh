#!/bin/sh
# t_pdf_reader.sh: report.pdf as a reader goes through it: no quote twice
# on a page, citations without the word "other", the medal table grouped
# by tier (the not-rated providers named once), one table for providers
# without review text, and the site's security section.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

build() {
	"$PODIUM" build -C "$1" -o "$2" -q --only pdf >"$T/err" 2>&1
}

# page N of PDF as one line, spaces squeezed
page() {
	pdftotext -f "$2" -l "$2" "$1" - 2>/dev/null | tr '\n' ' ' | tr -s ' '
}

pages() {
	pdfinfo "$1" | sed -n 's/^Pages: *//p'
}

build "$ROOT" "$T/a"
check "default report builds" $?
P="$T/a/report.pdf"
n=$(pages "$P")
i=1
while [ "$i" -le "$n" ]; do
	page "$P" "$i" >"$T/p$i"
	i=$((i + 1))
done

# Every quote of the reviews, in full, at most once on any page.
grep -rho 'text: "[^"]*"' "$ROOT/content/reviews" | sed 's/^text: "//; s/"$//' |
    sort -u >"$T/quotes"
test -s "$T/quotes"
check "the reviews have quotes" $?
twice=0
while IFS= read -r q; do
	i=1
	while [ "$i" -le "$n" ]; do
		c=$(grep -o -F "$q" "$T/p$i" | wc -l)
		if [ "$c" -gt 1 ]; then
			echo "# page $i: $c times: $q"
			twice=1
		fi
		i=$((i + 1))
	done
done <"$T/quotes"
check "no quote printed twice on a page" $twice
# the second entry refers to the first, linked to it
pdftotext "$P" - | tr '\n' ' ' | tr -s ' ' >"$T/all"
# in words, with the page of that entry (the page its heading is on)
gpage=0
i=1
while [ "$i" -le "$n" ]; do
	if grep -q -F 'Google Cloud Gold in ClusterMAX 3.0' "$T/p$i"; then gpage=$i; break; fi
	i=$((i + 1))
done
grep -q -F "“[Oracle and Google are]…”: quoted in full under Google Cloud, page $gpage." "$T/all" &&
    ! grep -q -F '↑ Google Cloud' "$T/all"
check "a quote printed before is referred to in words, with its entry's page ($gpage)" $?

# The security part points to the commentary's section by its page.
spage=0
i=3
while [ "$i" -le "$n" ]; do
	if grep -q ' Security Shortly before' "$T/p$i"; then spage=$i; break; fi
	i=$((i + 1))
done
test "$spage" -gt 2 &&
    grep -q -F "What was tested and what was found: see “Security”, page $spage." "$T/all"
check "the security part gives the page of the section \"Security\" ($spage)" $?

# A source of kind other is cited without the word; a kind is never a
# lower-case word after a full stop; sources by date, undated last.
grep -q -F 'SemiAnalysisAI/ClusterMAX: the cmax audit tool, SemiAnalysis.' "$T/all" &&
    ! grep -q -F 'other, ' "$T/all" &&
    ! grep -q '\. \(report\|article\|video\|talk\),' "$T/all" &&
    grep -q -F 'How to Rent GPUs (report), SemiAnalysis, 26 March 2025.' "$T/all"
check "no \"other, \" in the citations, and no kind after a full stop" $?
pdftotext -f "$n" -l "$n" "$P" - | sed -n '/^Sources$/,$p' >"$T/srcs"
grep -o 'Rating System | How to Rent\|ClusterMAX 2.0: The\|ClusterMAX 2.1 Update\|Most Neoclouds\|Rating System Returns\|who actually delivers it\|the cmax audit tool' "$T/srcs" |
    tr '\n' '|' >"$T/srcorder"
test "$(cat "$T/srcorder")" = 'Rating System | How to Rent|ClusterMAX 2.0: The|ClusterMAX 2.1 Update|Most Neoclouds|Rating System Returns|who actually delivers it|the cmax audit tool|'
check "sources by date, the one dated in words after its neighbour, undated last" $?
# a URL never breaks right after its scheme
! grep -q 'https\?://$' "$T/srcs"
check "no URL broken after https://" $?

# The medal table as the view decides it: a row per tier of the edition,
# its name and "2 providers", then a row per provider under it, the
# counts those of data/ratings.json for the edition.
"$PODIUM" build -C "$ROOT" -o "$T/site" -q >"$T/err" 2>&1
check "default site builds" $?
J="$T/site/data/ratings.json"
ed=$(jq -r '.report.edition' "$J")
edname=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | .name' "$J")
jq -r --arg ed "$ed" '(.editions[] | select(.id == $ed) | .counts) as $c |
    .ladder[] | select($c[.id] != null) |
    "\(.name) +\($c[.id]) provider\(if $c[.id] == 1 then "" else "s" end)"' "$J" >"$T/groups"
test "$(wc -l <"$T/groups")" -ge 3
check "the edition has ratings in several tiers" $?
# the table's rows, over its pages: from its caption to the next section
# (the commentary's first, as on the home page); a tier's row starts the
# line, a provider's is under "Who"
pdftotext -layout "$P" - | sed -n "/^Tiers of $edname, best first\$/,/^Summary\$\|^Movers since\|^What changed in\|^Providers\$/p" |
    grep -v '^ Tier  ' | grep -v 'page [0-9]* of [0-9]*$' >"$T/medals"
grep '^ [^ ]' "$T/medals" >"$T/medal-tiers"
missing=0
while IFS= read -r g; do
	grep -q -x -E " $g( {2,}.*)?" "$T/medal-tiers" || { echo "# no row: $g"; missing=1; }
done <"$T/groups"
check "medal table: a row per tier with its count" $missing
# the providers of a tier on the ladder under it; a not-rated tier's are
# named once, in the providers part's table, and its row says so
total=$(jq -r --arg ed "$ed" '(.ladder | map(select(.rated) | .id)) as $r |
    [.editions[] | select(.id == $ed) | .ratings[] | select(.tier as $t | $r | index($t))] |
    length' "$J")
rows=$(grep -c -E '^ {20,}[^ ]' "$T/medals")
test "$rows" -eq "$total" &&
    grep -q -E '^ Unavailable +[0-9]+ providers +listed in “Reviewed, not rated”$' "$T/medal-tiers"
check "medal table: each of the $total rated providers once, the not-rated ones referred to their table" $?
# each provider reviewed but not rated: its name once in the whole PDF
# (the not-rated table), not again in the medal table
pdftotext -layout "$P" "$T/all.layout"
missing=""
for name in $(jq -r --arg ed "$ed" '(.ladder | map(select(.rated | not) | .id)) as $u |
    (.providers | map({(.id): .name}) | add) as $n |
    .editions[] | select(.id == $ed) | .ratings[] | select(.tier as $t | $u | index($t)) |
    $n[.provider] | gsub(" "; "_")' "$J"); do
	name=$(echo "$name" | tr '_' ' ')
	c=$(grep -c -E "^ $name {2,}" "$T/all.layout")
	[ "$c" = 1 ] || missing="$missing [$name: $c]"
done
test -z "$missing"
check "each provider reviewed but not rated: one row in the PDF, in one table$missing" $?

# Providers without review text (the site's test: no summary, lists,
# failure test, security, quotes or override) are rows of one table (the
# name, the tier, the standing: "held since ClusterMAX 2.0"), not entries
# of their own: no heading, chart or sources line each. Every other rated
# provider has its entry, opened by the view's line ("Underperforming in
# ClusterMAX 3.0, held since ...").
rated=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | .rated' "$J")
tiers=$(jq -r '[.ladder[].name] | join("|")' "$J")
opening="^($tiers) in $edname( \\(|[;,.])"
entries=$(pdftotext "$P" - | grep -cE "$opening")
charts=$(pdftotext "$P" - | grep -c '^Tier history: ')
pdftotext -layout "$P" - | sed -n '/^Rated, without review text$/,/^Reviewed, not rated$/p' >"$T/rows"
nrows=$(grep -c -E "^ [^ ].* {2,}($tiers) {2,}[^ ]" "$T/rows")
test "$nrows" -ge 20 && test "$((entries + nrows))" -eq "$rated" && test "$charts" -eq "$entries"
check "compact: $entries entries with a chart each, $nrows providers without review text as rows ($rated rated)" $?
grep -q -E "^ Akamai {2,}Underperforming {2,}held since ClusterMAX 2\.0$" "$T/rows" &&
    ! pdftotext "$P" - | grep -A 1 -x 'Akamai' | grep -q "^Underperforming in $edname" &&
    test "$(grep -c '^Sources: ' "$T/rows")" = 1
check "a provider without review text: a row (tier, standing), no entry; the sources they share once" $?
# a link to one (the medal table's) goes to its row
qpdf --qdf --object-streams=disable "$P" "$T/qdf.pdf" 2>/dev/null
grep -aq "/Dest (provider-akamai)\|/D (provider-akamai)\|(provider-akamai)" "$T/qdf.pdf"
check "a row of the table is a link's destination (provider-akamai)" $?

# The security section is the site's security page: its scope sentence,
# the findings table (the same findings, each with its provider) and the
# practices with what each means.
H="$T/site/security/index.html"
# (the section's last start: the contents page names it too)
pdftotext "$P" - | awk '/^Security findings$/ { on = 1; buf = "" }
    on && /^Methodology$/ { on = 0; last = buf } on { buf = buf " " $0 }
    END { print last }' |
    tr -s ' ' >"$T/security"
unent() {
	sed 's/&amp;/\&/g; s/&#39;/'"'"'/g; s/&quot;/"/g; s/&lt;/</g; s/&gt;/>/g'
}
sed -n 's/.*class="standfirst">\([^<]*\)<.*/\1/p' "$H" | unent >"$T/scope"
test -s "$T/scope" && grep -q -F -f "$T/scope" "$T/security"
check "security: the site's scope" $?
grep -o '<tr><th scope="row">[^<]*</th><td[^>]*>[^<]*<a [^>]*>[^<]*\|<tr><th scope="row">[^<]*</th><td[^>]*>[^<]*' "$H" |
    sed 's/<tr><th scope="row">//; s/<\/th><td[^>]*>/|/; s/<a [^>]*>//' | unent >"$T/findings"
test "$(wc -l <"$T/findings")" -ge 2
check "the site's security page has findings" $?
missing=0
while IFS='|' read -r title who; do
	grep -q -F "$title $who " "$T/security" || { echo "# no row: $title | $who"; missing=1; }
done <"$T/findings"
check "security: the site's findings table, title and provider" $missing
sed -n '/<dl class="practice-defs">/,/<\/dl>/p' "$H" | grep '<dt>' |
    sed 's/^<div[^>]*>//; s/<dt>\([^<]*\)<\/dt><dd>/\1: /; s/<[^>]*>//g' | unent >"$T/practices"
test -s "$T/practices"
check "the site's security page defines practices" $?
missing=0
while IFS= read -r pr; do
	grep -q -F "$pr" "$T/security" || { echo "# no practice: $pr"; missing=1; }
done <"$T/practices"
check "security: each practice with its meaning" $missing

# A tier marked uncertain: the mark and its reason beside the provider in
# the medal table.
cp -R "$ROOT/tests/fixtures/mini" "$T/unc"
echo 'tier_uncertain: "UNCERTAIN-REASON"' >>"$T/unc/content/reviews/e3/beta.yaml"
sed -i '/{{table medals e3}}/d' "$T/unc/content/commentary/intro.md"
build "$T/unc" "$T/unc-out"
pdftotext -layout "$T/unc-out/report.pdf" - | sed -n '/best first$/,/^Movers/p' >"$T/unc.txt"
grep -q -E '^ Strong +1 provider$' "$T/unc.txt" &&
    grep -q -E '^ {20,}Beta Compute \(tier uncertain\)' "$T/unc.txt" &&
    grep -q -E '^ {20,}Uncertain: UNCERTAIN-REASON' "$T/unc.txt"
check "medal table: an uncertain tier marked beside its provider" $?

# The fixtures' reports: no quote twice on a page, no "other, " cited.
for f in "$ROOT"/tests/fixtures/*/; do
	name=$(basename "$f")
	build "$f" "$T/fx-$name" || continue
	FP="$T/fx-$name/report.pdf"
	test -f "$FP" || continue
	fn=$(pages "$FP")
	grep -rho 'text: "[^"]*"' "$f/content" 2>/dev/null |
	    sed 's/^text: "//; s/"$//' | sort -u >"$T/fq"
	twice=0
	i=1
	while [ "$i" -le "$fn" ]; do
		page "$FP" "$i" >"$T/fp"
		while IFS= read -r q; do
			c=$(grep -o -F "$q" "$T/fp" | wc -l)
			[ "$c" -gt 1 ] && { echo "# $name page $i: $q"; twice=1; }
		done <"$T/fq"
		i=$((i + 1))
	done
	! pdftotext "$FP" - | grep -q -F 'other, '
	other=$?
	test "$twice" = 0 && test "$other" = 0
	check "$name: no quote twice on a page, no \"other, \" in citations" $?
done

exit $fail
