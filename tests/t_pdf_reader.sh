#!/bin/sh
# t_pdf_reader.sh: report.pdf as a reader goes through it: no quote twice
# on a page, citations without the word "other", the medal table grouped
# by tier (the not-rated providers named once), one table for providers
# without review text, and the site's security section in the security
# commentary's part.
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

# the PDF's text without each page's running head (the report's title and
# the section's, the first two lines after a page break): a head names the
# first section begun on its page, which a range of lines must not end at
body_text() {
	pdftotext "$1" - | awk '/^\f/ { sub(/^\f/, ""); skip = 2 }
	    skip > 0 && $0 != "" { skip--; next } { print }'
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
# in words, with the page the quote is printed on (issue 27, review item
# 14: not the page its entry starts on)
gpage=0
i=1
while [ "$i" -le "$n" ]; do
	if grep -q -F '“[Oracle and Google are] really good as well”' "$T/p$i"; then gpage=$i; break; fi
	i=$((i + 1))
done
# a reference printed on the quote's own page says where on it, not the
# page's number (PDF review 7, item 6): Oracle's entry follows Google
# Cloud's; on a later page, the reference gives the quote's page
rpage=0
i=1
while [ "$i" -le "$n" ]; do
	if grep -q -F "“[Oracle and Google are]…”: quoted in full under Google Cloud" "$T/p$i"; then rpage=$i; break; fi
	i=$((i + 1))
done
if [ "$rpage" = "$gpage" ]; then
	grep -q -F "“[Oracle and Google are]…”: quoted in full under Google Cloud, above." "$T/p$gpage" &&
	    ! grep -q -F "quoted in full under Google Cloud, page" "$T/all"
else
	[ "$rpage" -gt "$gpage" ] && [ "$gpage" -gt 0 ] &&
	    grep -q -F "“[Oracle and Google are]…”: quoted in full under Google Cloud, page $gpage." "$T/p$rpage"
fi && ! grep -q -F '↑ Google Cloud' "$T/all"
check "a quote printed before is referred to in words: above on its own page, else its page (quote page $gpage, reference page $rpage)" $?

# The security part is the commentary marked security: true, one part at
# its place in the home order, its findings and practices its subsections:
# no second part, no sentence pointing from the part to itself.
spage=0
i=3
while [ "$i" -le "$n" ]; do
	if grep -q ' Security Shortly before' "$T/p$i"; then spage=$i; break; fi
	i=$((i + 1))
done
test "$spage" -gt 2 && test "$spage" -lt 10 &&
    ! grep -q -F "What was tested and what was found: see" "$T/all" &&
    ! grep -q -F "This section gives the security findings made public." "$T/all" &&
    grep -q -F "Shortly before ClusterMAX 3.0, SemiAnalysis published a security article" "$T/all" &&
    [ "$(pdftotext "$P" - | grep -c -x 'Security findings')" = 0 ]
check "one security part, the commentary's, on page $spage, no pointer to itself" $?

# A source of kind other is cited without the word; a kind is never a
# lower-case word after a full stop; sources by date, undated last.
grep -q -F 'SemiAnalysisAI/ClusterMAX: the cmax audit tool, SemiAnalysis.' "$T/all" &&
    ! grep -q -F 'other, ' "$T/all" &&
    ! grep -q '\. \(report\|article\|video\|talk\),' "$T/all" &&
    grep -q -F 'How to Rent GPUs (report), SemiAnalysis, 26 March 2025.' "$T/all"
check "no \"other, \" in the citations, and no kind after a full stop" $?
# (the list under the part's heading: from the page the contents give
# for it, as the part may run over two, the first "Sources" line there;
# About before it names the sources in its text)
sp=$(pdftotext -layout -f 2 -l 2 "$P" - | sed -n 's/^Sources  *\([0-9][0-9]*\)$/\1/p')
# (each page's first two lines, the report's title and the running head,
# dropped first: the head may say "Sources" above the end of About)
pdftotext -f "${sp:-$n}" -l "$n" "$P" - | awk 'BEGIN { RS = "\f" } { k = split($0, l, "\n"); s = 0
	for (i = 1; i <= k; i++) if (l[i] != "" && ++s > 2) print l[i] }' |
    awk '/^Sources$/ && !n { n = NR } { l[NR] = $0 } END { for (i = n; i <= NR; i++) print l[i] }' >"$T/srcs"
grep -o 'Rating System | How to Rent\|ClusterMAX 2.0: The\|ClusterMAX 2.1 Update\|Most Neoclouds\|Rating System Returns\|who actually delivers it\|the cmax audit tool' "$T/srcs" |
    tr '\n' '|' >"$T/srcorder"
test "$(cat "$T/srcorder")" = 'Rating System | How to Rent|ClusterMAX 2.0: The|ClusterMAX 2.1 Update|Most Neoclouds|Rating System Returns|who actually delivers it|the cmax audit tool|'
check "sources by date, the one dated in words after its neighbour, undated last" $?
# a URL never breaks right after its scheme
! grep -q 'https\?://$' "$T/srcs"
check "no URL broken after https://" $?

# The medal table as the view decides it, packed as the site packs it
# (reader review #13): a paragraph per tier of the edition, its name and
# "(2 providers)", then its providers run on after a colon, then what the
# tier means (issue 27: the tiers are met here first); a group is said in
# each of its tiers' meanings ("Grouped as Not Recommended."), never a
# label standing alone between two tiers (it read as a stray subhead). Each paragraph against data/ratings.json: the count, and exactly
# the providers rated in that tier (as a set: the order is the view's);
# a not-rated tier's are named once, in the providers part's table, and
# its paragraph says where.
"$PODIUM" build -C "$ROOT" -o "$T/site" -q >"$T/err" 2>&1
check "default site builds" $?
J="$T/site/data/ratings.json"
ed=$(jq -r '.report.edition' "$J")
edname=$(jq -r --arg ed "$ed" '.editions[] | select(.id == $ed) | .name' "$J")
# a line per tier of the edition, best first: "Gold (2 providers)", its
# count, whether it is rated, its providers' names (a | between)
jq -r --arg ed "$ed" '(.providers | map({(.id): .name}) | add) as $n |
    (.editions[] | select(.id == $ed)) as $e | .ladder[] |
    select($e.counts[.id] != null) | . as $t | $e.counts[.id] as $c |
    "\(.name) (\($c) provider\(if $c == 1 then "" else "s" end))\t\($c)\t\(.rated)\t" +
    ([$e.ratings[] | select(.tier == $t.id) | $n[.provider]] | join("|"))' "$J" >"$T/tiers"
test "$(grep -c -v '	0	' "$T/tiers")" -ge 3
check "the edition has ratings in several tiers" $?
# each tier's meaning as report.yaml gives it (its Markdown's emphasis
# marks dropped), after "Grouped as GROUP." for a tier of a group
python3 - "$ROOT/content/report.yaml" >"$T/meanings" <<'PY'
import sys, yaml
for t in yaml.safe_load(open(sys.argv[1], encoding="utf-8"))["ladder"]:
    m = (t.get("description") or "").replace("*", "")
    if t.get("group"):
        m = ("Grouped as %s. %s" % (t["group"], m)).strip()
    print("%s\t%s" % (t["name"], m))
PY
test "$(grep -c '	Grouped as Not Recommended\. ' "$T/meanings")" = 2
check "report.yaml gives the tiers' meanings, two of them grouped" $?
# the site's groups: "Not Recommended|Underperforming"
# (the glyph and the tier's name are joined by a no-break space)
sed -n '/class="tier-group"/{s/.*colspan="3">\([^<]*\)<.*/\1/;N;s/\n.*<\/span>[^[:alpha:]<]*\([^<]*\)<\/span><\/th>.*/|\1/p;}' \
    "$T/site/index.html" | sed 's/&amp;/\&/g' >"$T/site-groups"
# the table, from its caption to the next section (a commentary section,
# as on the home page: the Summary comes before the figures, the medal
# flow after the table), without that heading, its lines joined; a page's
# number and running head (the report's title, the section's) where the
# table runs over a page are not its text
range="/^Tiers of $edname, best first\$/,/^Summary\$\|^Medals and the tiers below\$\|^Movers since\|^What changed in\|^Providers\$/p"
rtitle=$(jq -r '.report.title' "$J")
body_text "$P" | sed -n "$range" | sed '$d' | tr -d '\f' | grep -v '^[0-9][0-9]*$' |
    grep -vxF -e "$rtitle" -e "The tier table" |
    tr '\n' ' ' | tr -s ' ' | sed 's/ $//' >"$T/medals"
MEDALS=$(cat "$T/medals") CAPTION="Tiers of $edname, best first" \
    UNRATED="listed in “Reviewed, not rated”" awk -F '\t' -v groups="$T/site-groups" \
    -v meanings="$T/meanings" '
BEGIN {
	text = ENVIRON["MEDALS"]
	ng = 0
	while ((getline l <groups) > 0) {
		split(l, g, "|")
		ng++
		if (index(text, " " g[1] " " g[2] " (") > 0) { print "# a label " g[1] " over " g[2]; bad = 1 }
	}
	if (ng == 0) { print "# the site has no group"; bad = 1 }
	while ((getline l <meanings) > 0) { split(l, m, "\t"); meaning[m[1]] = m[2] }
}
{ head[NR] = $1; count[NR] = $2; rated[NR] = $3; names[NR] = $4 }
END {
	# where each tier starts, in ladder order, the caption first
	c = ENVIRON["CAPTION"] " "
	if (substr(text, 1, length(c)) != c) { print "# not the caption first"; bad = 1 }
	pos = length(c) + 1
	for (i = 1; i <= NR; i++) {
		at = index(substr(text, pos), head[i])
		if (at != 1) { print "# not next: " head[i]; bad = 1; exit 1 }
		start[i] = pos
		pos += length(head[i])
		if (i < NR) {
			at = index(substr(text, pos), " " head[i + 1])
			if (at == 0) { print "# no paragraph: " head[i + 1]; bad = 1; exit 1 }
			end[i] = pos + at - 1
		} else
			end[i] = length(text) + 1
		para = substr(text, pos, end[i] - pos)
		pos = end[i] + 1
		# the meaning closes the paragraph
		split(head[i], hn, " [(]")
		mn = meaning[hn[1]]
		if (mn != "") {
			if (substr(para, length(para) - length(mn)) != " " mn) {
				print "# " head[i] ": not its meaning at the end: " para; bad = 1
			} else
				para = substr(para, 1, length(para) - length(mn) - 1)
		}
		n = names[i] == "" ? 0 : split(names[i], want, "|")
		if (n != count[i]) { print "# " head[i] ": " n " rated there"; bad = 1 }
		if (n == 0) {
			if (para != "") { print "# " head[i] ": " para; bad = 1 }
			continue
		}
		if (rated[i] == "false") {
			if (para != ": " ENVIRON["UNRATED"]) { print "# " head[i] para; bad = 1 }
			continue
		}
		if (substr(para, 1, 2) != ": ") { print "# " head[i] ": no colon"; bad = 1 }
		got = split(substr(para, 3), have, ", ")
		for (k in seen) delete seen[k]
		for (k = 1; k <= got; k++) seen[have[k]]++
		for (k = 1; k <= n; k++)
			if (seen[want[k]] != 1) { print "# " head[i] ": " want[k] " " seen[want[k]] + 0 " times"; bad = 1 }
		if (got != n) { print "# " head[i] ": " got " names, not " n; bad = 1 }
	}
	exit bad
}' "$T/tiers"
check "medal table: a paragraph per tier, its count, its providers those of data/ratings.json, its meaning and group" $?
# the whole table, with the meanings, in less than a page (it took three,
# a name a row)
lines=$(pdftotext -layout "$P" - | sed -n "$range" | sed '$d' | tr -d '\f' | grep -v '^ *[0-9][0-9]* *$' |
    grep -v "^$rtitle  *The tier table\$" | grep -c .)
test "$lines" -lt 30
check "medal table: $(wc -l <"$T/tiers") tiers in $lines lines" $?
# every provider's name a link to its entry, and the not-rated tier's
# words to their table, to destinations the PDF has (its names): the
# table's links are the last ones on its pages up to that table's
first=0
last=0
i=1
while [ "$i" -le "$n" ]; do
	grep -q -F "Tiers of $edname, best first" "$T/p$i" && [ "$first" = 0 ] && first=$i
	[ "$first" != 0 ] && grep -q -F "$(tail -n 1 "$T/tiers" | cut -f 1)" "$T/p$i" && { last=$i; break; }
	i=$((i + 1))
done
qpdf --json "$P" >"$T/pdf.json" 2>/dev/null
jq -r --argjson a "$first" --argjson b "$last" '.qpdf[1] as $o | .pages[$a - 1:$b][] |
    $o["obj:" + .object].value["/Annots"] // [] |
    (if type == "string" then $o["obj:" + .].value else . end) | .[] |
    $o["obj:" + .].value["/Dest"] // empty | sub("^u:"; "")' "$T/pdf.json" |
    sed '/^providers-unrated$/q' >"$T/page-links"
jq -r '[.qpdf[1][] | .value? | objects | .["/Names"]? | arrays | to_entries[] |
    select(.key % 2 == 0) | .value | sub("^u:"; "")] | .[]' "$T/pdf.json" | sort -u >"$T/dests"
jq -r --arg ed "$ed" '(.ladder | map(select(.rated) | .id)) as $r |
    (.editions[] | select(.id == $ed) | .ratings) as $rt |
    ($rt[] | select(.tier as $t | $r | index($t)) | "provider-\(.provider)"),
    (if [$rt[] | select(.tier as $t | $r | index($t) | not)] | length > 0
     then "providers-unrated" else empty end)' "$J" | sort -u >"$T/want-links"
tail -n "$(wc -l <"$T/want-links")" "$T/page-links" | sort >"$T/medal-links"
missing=$(comm -23 "$T/want-links" "$T/medal-links" | tr '\n' ' ')
nodest=$(comm -23 "$T/want-links" "$T/dests" | tr '\n' ' ')
test "$first" -gt 0 && test "$last" -ge "$first" && test "$(wc -l <"$T/want-links")" -gt 20 &&
    test -z "$missing" && cmp -s "$T/want-links" "$T/medal-links" && test -z "$nodest"
check "medal table (pages $first-$last): $(wc -l <"$T/want-links") links, to destinations the PDF has${missing:+; no link: $missing}${nodest:+; no destination: $nodest}" $?
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
pdftotext -layout "$P" - | sed -n '/^Other rated providers$/,/^Reviewed, not rated$/p' >"$T/rows"
nrows=$(grep -c -E "^ [^ ].* {2,}($tiers) {2,}[^ ]" "$T/rows")
test "$nrows" -ge 20 && test "$((entries + nrows))" -eq "$rated" && test "$charts" -eq 0
check "compact: $entries entries and no history chart ($charts), $nrows providers without review text as rows ($rated rated)" $?
# an entry's tiers by edition, one line of its lead in place of the chart,
# the editions' shared first word said once: for the entries reviewed in
# more than one edition whose tier changed (of 19: Moonlite, Radiant and
# Vessl are new; a tier held in every edition is said by the opening
# line's "held since", once: issue 27, review item 3)
pdftotext "$P" - | grep '^Tier by edition: ' >"$T/byed"
! grep -qF 'Tier by edition: ClusterMAX 1.0 Platinum · 2.0 Platinum · 3.0 Platinum' "$T/byed" &&
    grep -qxF 'Tier by edition: ClusterMAX 1.0 Gold · 2.0 Gold · 3.0 Bronze' "$T/byed" &&
    grep -qxF 'Tier by edition: ClusterMAX 2.0 Unavailable · 3.0 Participation Ribbon' "$T/byed" &&
    [ "$(wc -l <"$T/byed")" = 11 ] &&
    pdftotext "$P" - | grep -A 1 -x 'CoreWeave' | grep -qxF 'Platinum in ClusterMAX 3.0, held since ClusterMAX 1.0.' &&
    ! pdftotext "$P" - | grep -A 2 -x 'CoreWeave' | grep -q '^Tier by edition' &&
    ! pdftotext "$P" - | grep -A 3 -x 'Moonlite' | grep -q '^Tier by edition'
check "an entry's tier in each edition in one line of its lead ($(wc -l <"$T/byed") entries)" $?
grep -q -E "^ Akamai {2,}Underperforming {2,}held since ClusterMAX 2\.0$" "$T/rows" &&
    ! pdftotext "$P" - | grep -A 1 -x 'Akamai' | grep -q "^Underperforming in $edname" &&
    test "$(grep -c '^Sources: ' "$T/rows")" = 0
check "a provider without review text: a row (tier, standing), no entry; their one source, the edition's article, named at the part's head" $?
# a link to one (the medal table's) goes to its row
qpdf --qdf --object-streams=disable "$P" "$T/qdf.pdf" 2>/dev/null
grep -aq "/Dest (provider-akamai)\|/D (provider-akamai)\|(provider-akamai)" "$T/qdf.pdf"
check "a row of the table is a link's destination (provider-akamai)" $?

# The security part holds the site's security page: the commentary (its
# scope: what was tested), the count of findings, the findings table (the
# same findings, each with its provider) and the practices with what each
# means; not the site's standfirst, which says what the page holds.
H="$T/site/security/index.html"
# (from the commentary's first words: the contents page and the running
# heads name the part too)
body_text "$P" | awk '!on && /^Shortly before ClusterMAX 3\.0/ { on = 1 }
    on && /^Methodology notes$/ { exit } on { buf = buf " " $0 }
    END { print buf }' |
    tr -s ' ' >"$T/security"
unent() {
	sed 's/&amp;/\&/g; s/&#39;/'"'"'/g; s/&quot;/"/g; s/&lt;/</g; s/&gt;/>/g'
}
sed -n 's/.*class="finding-counts">\([^<]*\)<.*/\1/p' "$H" | unent >"$T/scope"
test -s "$T/scope" && grep -q -F -f "$T/scope" "$T/security" &&
    grep -q -F "Shortly before ClusterMAX 3.0, SemiAnalysis published" "$T/security" &&
    grep -q -F " Public findings Security findings made public up to ClusterMAX 3.0, each with its source " "$T/security" &&
    grep -q -F " Recommended practices Up-to-date drivers: SemiAnalysis recommends keeping them and other software current." "$T/security"
check "security: the commentary, the site's count of findings, then its findings and practices" $?
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

# A tier marked uncertain: the mark beside the provider in the medal
# table, the reason after the tier's list; where a tier has more than one,
# each reason after its provider's name.
cp -R "$ROOT/tests/fixtures/mini" "$T/unc"
echo 'tier_uncertain: "UNCERTAIN-REASON"' >>"$T/unc/content/reviews/e3/beta.yaml"
echo 'tier_uncertain: "REASON-A"' >>"$T/unc/content/reviews/e3/alpha.yaml"
echo 'tier_uncertain: "REASON-D"' >>"$T/unc/content/reviews/e3/delta.yaml"
sed -i '/{{table medals e3}}/d' "$T/unc/content/commentary/intro.md"
build "$T/unc" "$T/unc-out"
pdftotext "$T/unc-out/report.pdf" - | sed -n '/best first$/,/^Movers/p' | tr '\n' ' ' | tr -s ' ' >"$T/unc.txt"
grep -q -F 'Strong (1 provider): Beta Compute (tier uncertain). Uncertain: UNCERTAIN-REASON Fair' "$T/unc.txt" &&
    grep -q -F 'Elite (2 providers): Alpha Cloud (tier uncertain), Delta (tier uncertain). Uncertain: Alpha Cloud, REASON-A; Delta, REASON-D Strong' "$T/unc.txt"
check "medal table: an uncertain tier marked beside its provider, the reason after the list" $?

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
