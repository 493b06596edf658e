#!/bin/sh
# t_pdf_reader.sh: report.pdf as a reader goes through it: no quote twice
# on a page, citations without the word "other", the medal table grouped
# by tier, compact entries for providers without review text, and the
# site's security section.
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
grep -q -F '“[Oracle and Google are]…” ↑ Google Cloud' "$T/all"
check "a quote printed before is a reference to its first entry" $?

# A source of kind other is cited without the word.
grep -q -F 'SemiAnalysisAI/ClusterMAX: the cmax audit tool. SemiAnalysis.' "$T/all" &&
    ! grep -q -F 'other, ' "$T/all"
check "no \"other, \" in the citations" $?

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
	grep -q -x -E " $g" "$T/medal-tiers" || { echo "# no row: $g"; missing=1; }
done <"$T/groups"
check "medal table: a row per tier with its count" $missing
total=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | [.counts[]] | add' "$J")
rows=$(grep -c -E '^ {20,}[^ ]' "$T/medals")
test "$rows" -eq "$total"
check "medal table: each of the $total providers once" $?

# Providers without review text (the site's test: no summary, lists,
# failure test, security, quotes or override) get a compact entry: the
# opening line (the view's: "Underperforming in ClusterMAX 3.0, held
# since ...") and the sources, no history chart. Every rated provider
# still has its entry, and the outline lists it.
rated=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | .rated' "$J")
tiers=$(jq -r '[.ladder[].name] | join("|")' "$J")
edname=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | .name' "$J")
opening="^($tiers) in $edname( \\(|[;,.])"
entries=$(pdftotext "$P" - | grep -cE "$opening")
charts=$(pdftotext "$P" - | grep -c '^Tier history: ')
test "$entries" -eq "$rated" && test "$charts" -lt "$rated"
check "compact entries: $rated entries, $charts of them with a chart" $?
# its entry: the heading Akamai, then its tier line, up to the next one
pdftotext "$P" - | awk 'prev == "Akamai" && / in / { on = 1 }
    on && /^FarmGPU$/ { exit } on && NF { print } { prev = $0 }' >"$T/akamai"
grep -q "^Underperforming in $edname" "$T/akamai" && grep -q '^Sources: ' "$T/akamai" &&
    ! grep -q '^Tier history' "$T/akamai" && test "$(wc -l <"$T/akamai")" -eq 2
check "a provider without review text: tier and sources, no chart" $?
most=0
i=1
while [ "$i" -le "$n" ]; do
	c=$(pdftotext -f "$i" -l "$i" "$P" - | grep -cE "$opening")
	[ "$c" -gt "$most" ] && most=$c
	i=$((i + 1))
done
test "$most" -ge 5
check "compact entries share a page: $most on the fullest" $?

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
# no review records a practice: the site says so in one line, naming the
# practices (reader review #7), and so does the PDF
sed -n '/<dl class="practice-defs">/,/<\/dl>/p' "$H" | grep '<dt>' |
    sed 's/^<div[^>]*>//; s/<dt>\([^<]*\)<\/dt><dd>/\1: /; s/<[^>]*>//g' | unent >"$T/practices"
sed -n 's/.*<p class="empty">\([^<]*\)<\/p>.*/\1/p' "$H" | unent >>"$T/practices"
test -s "$T/practices"
check "the site's security page says which practices it looks for" $?
missing=0
while IFS= read -r pr; do
	grep -q -F "$pr" "$T/security" || { echo "# no practice: $pr"; missing=1; }
done <"$T/practices"
check "security: the practices as the site gives them" $missing

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
