#!/bin/sh
# t_pdf_pages.sh: report.pdf page by page, as the reader review of issue 27
# read it: no stranded heading, no stub page inside a part, a quote's
# reference giving the page the quote is printed on, "What changed" with
# the results, and provider entries that say each thing once.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail

check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

"$PODIUM" build -C "$ROOT" -o "$T/a" -q --only pdf >"$T/err" 2>&1
check "default report builds" $?
P="$T/a/report.pdf"
n=$(pdfinfo "$P" | sed -n 's/^Pages: *//p')
i=1
while [ "$i" -le "$n" ]; do
	# the page's lines, without the running head (first line), the page
	# number (last line) and blank lines
	pdftotext -layout -f "$i" -l "$i" "$P" - 2>/dev/null |
	    sed 's/^ *//; s/ *$//' | grep -v '^$' >"$T/raw$i"
	if [ "$i" -gt 2 ]; then
		sed '1d;$d' "$T/raw$i" >"$T/p$i"
	else
		cp "$T/raw$i" "$T/p$i"
	fi
	i=$((i + 1))
done
pdftotext "$P" - | tr '\n' ' ' | tr -s ' ' >"$T/all"

# The contents page's parts (level 1, no indent) and entries, with pages.
pdftotext -layout -f 2 -l 2 "$P" - >"$T/toc"
sed -n 's/^\([^ ].*[^ ]\)  *\([0-9][0-9]*\)$/\2\t\1/p' "$T/toc" >"$T/parts"
test "$(wc -l <"$T/parts")" -ge 10
check "the contents page lists the parts" $?

# Every part's heading is followed on its page by at least two lines of
# its body: never a heading alone at a page's foot.
stranded=0
while IFS="$(printf '\t')" read -r pg title; do
	at=$(grep -n -x -F "$title" "$T/p$pg" | head -1 | cut -d: -f1)
	if [ -z "$at" ]; then
		echo "# $title: not a line of page $pg"
		stranded=1
		continue
	fi
	after=$(($(wc -l <"$T/p$pg") - at))
	if [ "$after" -lt 2 ]; then
		echo "# $title (page $pg): $after lines after it on its page"
		stranded=1
	fi
done <"$T/parts"
check "every part's heading has its body's first lines under it on its page" $stranded

# A provider's entry heading keeps at least three lines of its entry
# under it on its page, or the whole entry when it is shorter (PDF review
# 8, item 9: "Runpod" and one line at the foot of a page, the rest over it).
awk -F '   +' '/^   / { for (i = 2; i + 1 <= NF; i += 2) print $(i + 1) "\t" $i }' \
    "$T/toc" >"$T/entries"
test "$(wc -l <"$T/entries")" -ge 20
check "the contents page lists the entries" $?
stranded=0
while IFS="$(printf '\t')" read -r pg title; do
	at=$(grep -n -x -F "$title" "$T/p$pg" | head -1 | cut -d: -f1)
	if [ -z "$at" ]; then
		echo "# $title: not a line of page $pg"
		stranded=1
		continue
	fi
	after=$(($(wc -l <"$T/p$pg") - at))
	# the next page starting with a heading of the contents: the entry
	# ended on this page
	nxt=$(head -1 "$T/p$((pg + 1))" 2>/dev/null)
	if [ "$after" -lt 3 ] && ! cut -f2 "$T/entries" "$T/parts" | grep -q -x -F "$nxt"; then
		echo "# $title (page $pg): $after lines after it on its page"
		stranded=1
	fi
done <"$T/entries"
check "every entry's heading has three lines of its entry under it on its page" $stranded

# A table that goes on over a page says so over its repeated header: its
# caption, else the heading it stands under, with "(continued)" (PDF
# review 8, item 10). Every page that opens with a table's header row
# (its first column "Provider") has that line first.
bad=0
heads=0
i=3
while [ "$i" -le "$n" ]; do
	if sed -n 2p "$T/p$i" | grep -q '^Provider  '; then
		heads=$((heads + 1))
		case $(head -1 "$T/p$i") in
		*" (continued)") ;;
		*) echo "# page $i: a table's header with no continued line"; bad=1 ;;
		esac
	elif head -1 "$T/p$i" | grep -q '^Provider  '; then
		echo "# page $i: opens with a table's header alone"
		bad=1
	fi
	i=$((i + 1))
done
# (the movers table runs over a page in the default report; which other
# tables do depends on the text before them)
test "$heads" -ge 1 || bad=1
grep -q -F 'Movers from ClusterMAX 2.0 to ClusterMAX 3.0 (continued) Provider ClusterMAX 2.0 ClusterMAX 3.0 Movement' "$T/all" || bad=1
check "a table continued over a page says so over its repeated header" $bad

# A reference to the movers table gives the pages the table is on, not
# its part's first (PDF review 8, item 8: "page 4" for a table on pp. 5-6):
# the pages whose text holds its caption and its last row.
first=$(grep -l -x -F 'Movers from ClusterMAX 2.0 to ClusterMAX 3.0' "$T"/p* | head -1 | sed 's/.*p//')
last=$(grep -l '^Voltage Park  ' "$T"/p* | head -1 | sed 's/.*p//')
if [ "$first" = "$last" ]; then want="page $first"; else want="pages $first–$last"; fi
grep -q -F "are in the movers table of “Who moved since 2.0”, $want." "$T/all"
check "the changes part gives the movers table's pages: $want" $?

# The tiers-by-edition chart's axis counts providers: "providers reviewed",
# not "reviews" (PDF review 8, item 14)
grep -l -x 'providers reviewed' "$T"/p* >/dev/null && ! grep -q -x 'reviews' "$T"/p*
check "the edition chart's axis reads providers reviewed" $?

# No page inside a part holds only a few lines: a page of fewer than 8
# lines is the last page of the document, or the next page opens a part.
stub=0
i=3
while [ "$i" -lt "$n" ]; do
	lines=$(wc -l <"$T/p$i")
	if [ "$lines" -lt 8 ]; then
		next=$((i + 1))
		first=$(head -1 "$T/p$next")
		if ! cut -f2 "$T/parts" | grep -q -x -F "$first"; then
			echo "# page $i: $lines lines, and page $next opens with \"$first\""
			stub=1
		fi
	fi
	i=$((i + 1))
done
check "no page inside a part with only a few lines" $stub

# A quote printed in full in an earlier entry is referred to with the
# page the quote itself is printed on (not its entry's first page), or,
# on that page, "above" (PDF review 7, item 6: "page 11" on page 11).
i=3
: >"$T/refs"
while [ "$i" -le "$n" ]; do
	tr '\n' ' ' <"$T/p$i" | tr -s ' ' |
	    grep -o '“[^”]*…”: quoted in full under [^,]*, \(page [0-9]*\|above\|below\)' |
	    sed "s/^/$i\t/" >>"$T/refs"
	i=$((i + 1))
done
test "$(wc -l <"$T/refs")" -ge 2
check "the default report refers to quotes printed before" $?
bad=0
while IFS="$(printf '\t')" read -r at ref; do
	start=$(printf '%s\n' "$ref" | sed 's/^“\(.*\)…”: quoted.*/\1/')
	case $ref in
	*", page "*) pg=$(printf '%s\n' "$ref" | sed 's/.*, page //')
		[ "$pg" != "$at" ] || { echo "# \"$ref\": a page's number on that page"; bad=1; } ;;
	*) pg=$at ;;
	esac
	full=$(grep -rho 'text: "[^"]*"' "$ROOT/content/reviews" | sed 's/^text: "//; s/"$//' |
	    grep -F "$start" | head -1)
	flat=$(tr '\n' ' ' <"$T/p$pg" | tr -s ' ')
	if [ -z "$full" ] || ! printf '%s\n' "$flat" | grep -q -F "“$full”"; then
		echo "# \"$ref\": the quote is not on page $pg"
		bad=1
	fi
	# "above": the quote before the reference on the page; "below": after
	case $ref in
	*", above") before=${flat%%"$ref"*}
		case $before in *"“$full”"*) ;; *) echo "# \"$ref\": not above"; bad=1 ;; esac ;;
	*", below") after=${flat#*"$ref"}
		case $after in *"“$full”"*) ;; *) echo "# \"$ref\": not below"; bad=1 ;; esac ;;
	esac
done <"$T/refs"
check "each quote reference gives the page the quote is printed on, or above or below on it" $bad
grep -q -E '“\[Oracle and Google are\]…”: quoted in full under Google Cloud, (above|page [0-9]+)\.' "$T/all" &&
    grep -q -F '“[CoreWeave and Nebius are]…”: quoted in full under CoreWeave, above.' "$T/all"
check "Oracle's and Nebius's entries refer to the quotes above them (above on the same page, else its number)" $?
# an entry whose quotes are all printed in full earlier gives the
# reference as a line of its text, under the sentence that names the talk,
# with no "Quotes" heading over it (PDF review 8, item 5)
pdftotext "$P" - >"$T/lines"
sed -n '/^Nebius$/,/^Google Cloud$/p' "$T/lines" >"$T/nebius"
sed -n '/^Oracle$/,/^Lambda$/p' "$T/lines" >"$T/oracle"
! grep -q -x 'Quotes' "$T/nebius" && ! grep -q -x 'Quotes' "$T/oracle" &&
    grep -A1 -F 'Modal Runtime talk.' "$T/nebius" |
    grep -q -x -F '“[CoreWeave and Nebius are]…”: quoted in full under CoreWeave, above.'
check "Nebius's and Oracle's references stand in their text, without a Quotes heading" $?

# "What changed" is results: it follows the movers' part in the contents,
# before the failure test, security and method.
order=$(cut -f2 "$T/parts" | grep -n -x -F -e 'Who moved since 2.0' \
    -e 'What changed in ClusterMAX 3.0' -e 'The failure test' -e 'Methodology notes' |
    cut -d: -f2 | tr '\n' '|')
test "$order" = 'Who moved since 2.0|What changed in ClusterMAX 3.0|The failure test|Methodology notes|'
check "What changed follows Who moved, before the failure test and the methodology" $?

# The methodology link lands on the Methodology part's heading: its named
# destination is on the page the contents give that heading.
mpage=$(awk -F '\t' '$2 == "Methodology notes" {print $1}' "$T/parts")
if need "the methodology destination" qpdf python3; then
	qpdf --json "$P" >"$T/json" 2>/dev/null
	dest=$(python3 - "$T/json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
objs = j.get("qpdf", [{}, {}])[1] if "qpdf" in j else j.get("objects", {})
def get(ref):
    o = objs.get("obj:" + ref, objs.get(ref))
    return o.get("value", o) if isinstance(o, dict) and "value" in o else o
pages = [p["object"] for p in j["pages"]]
root = None
for k, v in objs.items():
    v = v.get("value", v) if isinstance(v, dict) else v
    if isinstance(v, dict) and v.get("/Type") == "/Catalog":
        root = v
names = root.get("/Names") or root.get("/Dests")
if isinstance(names, str):
    names = get(names.replace(" R", "").strip() if False else names)
def resolve(x):
    if isinstance(x, str) and x.endswith(" R"):
        return get(x)
    return x
names = resolve(names)
dests = resolve(names.get("/Dests")) if "/Dests" in names else names
def walk(node):
    node = resolve(node)
    if "/Names" in node:
        arr = node["/Names"]
        for i in range(0, len(arr), 2):
            yield arr[i], resolve(arr[i + 1])
    for kid in node.get("/Kids", []):
        yield from walk(kid)
for name, d in walk(dests):
    if name in ("u:methodology", "(methodology)", "methodology", "b:6d6574686f646f6c6f6779"):
        d = d.get("/D", d) if isinstance(d, dict) else d
        print(pages.index(d[0]) + 1)
        break
EOF
)
	test -n "$dest" && test "$dest" = "$mpage"
	check "the methodology destination is on the Methodology part's page ($dest, $mpage)" $?
fi

# Provider entries say what is particular to them, each thing once.
# (each page's furniture dropped first: its first two lines, the report's
# title and the running head, and its last, the page number, so that a
# sentence a page break cuts reads whole)
pdftotext "$P" - | awk 'BEGIN { RS = "\f" } { n = split($0, l, "\n"); k = 0
	for (i = 1; i <= n; i++) if (l[i] != "") m[++k] = l[i]
	for (i = 3; i < k; i++) printf "%s ", m[i] }' | tr -s ' ' |
    sed 's/.* Providers The [0-9]* providers rated in/Providers/' >"$T/prov"
! grep -q 'The test injected a simulated NVIDIA GPU error[,;.]' "$T/prov" &&
    ! grep -q -F "against the edition's targets (none set for" "$T/prov" &&
    grep -q -F 'The test injected a simulated NVIDIA GPU error on a GB300 rack. Nebius detected the fault at once' "$T/prov"
check "no entry restates the usual fault or the long timings caption; one that differs (Nebius) names it" $?
grep -q -F 'Where an entry names no other source, it is drawn from ClusterMAX 3.0: The Industry Standard GPU Cloud Rating System Returns.' "$T/prov" &&
    [ "$(grep -o -F 'Sources: ClusterMAX 3.0: The Industry Standard' "$T/prov" | wc -l)" = 0 ]
check "the edition's article named once at the part's head, in no entry's sources line" $?
grep -q -F 'Lambda Silver in ClusterMAX 3.0, held since ClusterMAX 1.0. Failure test' "$T/prov"
check "a tier held in every edition is said once (no tier-by-edition line)" $?
grep -q -F 'Nebius Platinum in ClusterMAX 3.0; up 1 since ClusterMAX 2.0. Tier by edition: ClusterMAX 1.0 Gold · 2.0 Gold · 3.0 Platinum' "$T/prov"
check "a moved tier keeps its tier-by-edition line" $?
grep -q -F 'Lambda detected the fault (no time given) and had a healthy node back in service after 2h (over the 1h target).' "$T/prov" &&
    ! grep -q -F 'Of the three steps' "$T/prov"
check "the failure test one statement with its times (Lambda), not a status line and a timed-step sentence" $?
grep -q -F 'TensorWave detected the fault at once (inside the 2m target) and had a healthy node back in service 43m after a person approved the replacement (timed from the approval, so not held against the 1h target).' "$T/prov"
check "TensorWave's result said without the fault the part names" $?
grep -q -F 'An entry gives the provider’s tier in each edition only where the tier changed; otherwise its opening line says since when the tier is held.' "$T/prov"
check "the part says when an entry lists its tier by edition (PDF review 7, item 21)" $?

# PDF review 7. A table that fits on one page is not split with a few rows
# on one side: the 32 providers reviewed, not rated, split 4 and 28,
# now whole or a fair share (eight rows, a third) on each page; its tier
# column, "Unavailable" in every row, said once above it instead.
: >"$T/unrated"
i=3
while [ "$i" -le "$n" ]; do
	awk -v p="$i" '/^Provider +In ClusterMAX 2\.0$/ { on = 1; next }
	    on && /[^ ]  +[^ ]/ { rows++; next } on { on = 0 }
	    END { if (rows > 0) print p "\t" rows }' "$T/p$i" >>"$T/unrated"
	i=$((i + 1))
done
total=$(awk -F '\t' '{ t += $2 } END { print t + 0 }' "$T/unrated")
short=$(awk -F '\t' '$2 < 11 { print "p. " $1 ": " $2 " rows" }' "$T/unrated")
test "$total" = 32 && test -z "$short" &&
    grep -q -F 'Reviewed, not rated All 32 providers below were Unavailable in ClusterMAX 3.0. Provider In ClusterMAX 2.0 Alibaba Cloud Unavailable' "$T/all" &&
    ! grep -q -E '^Provider +Tier +In ClusterMAX 2\.0$' "$T"/p*
check "reviewed, not rated: 32 rows, none of its pages with fewer than a third of them, its one tier said once ($(tr '\n' ' ' <"$T/unrated")$short)" $?

# Running heads by the book's rule: the page where "The failure test"
# begins is headed by it, though it opens in "What changed".
fpage=$(awk -F '\t' '$2 == "The failure test" { print $1 }' "$T/parts")
test -n "$fpage" && head -1 "$T/raw$fpage" | grep -q ' The failure test$' &&
    ! head -1 "$T/p$fpage" | grep -q -x 'The failure test'
check "the running head names the section begun on the page: The failure test (p. $fpage)" $?

# The headline figures in the order of the funnel: tracked, reviewed,
# rated, medals, the change; each step's share of the one before.
grep -A 6 -x 'Headline figures' "$T/p3" | tr -s ' ' >"$T/figures"
cat >"$T/figures.want" <<'WANT'
Headline figures
Figure ClusterMAX 3.0 Details
Tracked 323
Reviewed 77 23.8% of 323 providers tracked
Rated 45 58.4% of 77 reviewed
Medals 19 42.2% of 45 rated, against 61.7% of 60 rated in ClusterMAX 2.0
Change in medals −18 −48.6% from 37 in ClusterMAX 2.0
WANT
cmp -s "$T/figures" "$T/figures.want"
check "headline figures: tracked, reviewed, rated, medals, the change, in that order$(diff "$T/figures.want" "$T/figures" | sed -n 's/^[<>]/ &/p' | tr '\n' ' ')" $?

# Sources: each address whole on one line (it fits on one, set smaller
# when a little longer than a line), none broken after its "/p/".
# (the part's pages: it may run over two)
bad=""
sp=$(awk -F '\t' '$2 == "Sources" { print $1 }' "$T/parts")
: >"$T/srcpages"
i=${sp:-$n}
while [ "$i" -le "$n" ]; do cat "$T/p$i" >>"$T/srcpages"; i=$((i + 1)); done
for url in $(sed -n 's/^ *url: *//p' "$ROOT/content/sources.yaml" | sort -u); do
	grep -q -F -- "$url" "$T/srcpages" || bad="$bad $url"
done
test -z "$bad" && ! grep -q '/p/$' "$T/srcpages"
check "sources: each address whole on a line$bad" $?

exit $fail
