#!/bin/sh
# t_site_pages.sh: what a reader meets on the default report's edition,
# provider and methodology pages, word for word (reader review of the
# site): a tier an edition did not have reads "—" in the tiers-by-edition
# data, with its meaning once in the caption; a provider page gives its
# tiers in one table; the methodology says a thing once; a failure test's
# cells and a tier's glyph are ready for a phone; an edition page opens
# with what the edition found and gives each count once.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
hasnt() { if grep -qF -- "$2" "$1"; then nok "$3"; else ok "$3"; fi; }
# count FILE STRING: how many lines hold the exact string
count() { grep -cF -- "$2" "$1"; }

if ! "$PODIUM" build -q -C "$ROOT" -o "$T/s" --only html 2> "$T/err"; then
	nok "default report builds"
	head -n 20 "$T/err"
	exit 1
fi
S=$T/s
E3=$S/editions/3.0/index.html

# 2. Tiers by edition: 1.0 had neither the ribbon nor Unavailable, 2.0 no
# ribbon (content/editions/*.yaml tiers:): "—", not 0
H=$S/index.html
has "$H" '<caption>Reviews per tier and edition (—: the tier did not exist in that edition)</caption>' "tiers by edition: the dash's meaning in the caption"
row() { tr -d '\n' < "$H" | grep -o "<tr><td data-label=\"Edition\">$1</td>.*" | sed 's|</tr>.*||; s|<[^>]*>| |g; s|  *| |g; s|^ ||; s| $||'; }
r1=$(row "ClusterMAX 1.0")
[ "$r1" = "ClusterMAX 1.0 1 6 4 3 — 2 — 16 14" ] && ok "tiers by edition: 1.0 row ($r1)" || nok "tiers by edition: 1.0 row ($r1)"
r2=$(row "ClusterMAX 2.0")
[ "$r2" = "ClusterMAX 2.0 1 5 12 19 — 23 25 85 37" ] && ok "tiers by edition: 2.0 row ($r2)" || nok "tiers by edition: 2.0 row ($r2)"
r3=$(row "ClusterMAX 3.0")
[ "$r3" = "ClusterMAX 3.0 2 2 5 10 15 11 32 77 19" ] && ok "tiers by edition: 3.0 row ($r3)" || nok "tiers by edition: 3.0 row ($r3)"

# 3. A provider page gives its tiers once: the history table, no second
# table of the same rows behind the chart
P=$S/providers/coreweave/index.html
has "$P" '<caption>Tier in each edition that reviewed CoreWeave</caption>' "provider: the history table"
n=$(count "$P" '<table')
[ "$n" = 1 ] && ok "provider: one table of its tiers ($n)" || nok "provider: one table of its tiers ($n)"
hasnt "$P" 'class="chart-data"' "provider: no data table behind the history chart"

# 10. The methodology says a thing once: a tier's editions only where they
# are not all three; no rubric in any edition, said once
M=$S/methodology/index.html
n=$(grep -o 'Used in [^<]*' "$M" | tr '\n' '|')
[ "$n" = "Used in ClusterMAX 3.0.|Used in ClusterMAX 2.0 and ClusterMAX 3.0.|" ] &&
	ok "methodology: the editions of the ribbon and of Unavailable only ($n)" ||
	nok "methodology: the editions of the ribbon and of Unavailable only ($n)"
n=$(grep -o 'each tier is the one the source gives' "$M" | wc -l)
[ "$n" = 1 ] && ok "methodology: the no-rubric sentence once ($n)" || nok "methodology: the no-rubric sentence once ($n)"
has "$M" '<p>No edition publishes a scored rubric: each tier is the one the source gives.</p>' "methodology: no edition has a rubric, in those words"
# the nav marks Editions on every edition's page and its changes (site review 8, item 15)
for f in editions/index.html editions/1.0/index.html editions/2.0/index.html editions/3.0/index.html editions/2.0/changes/index.html editions/3.0/changes/index.html; do
	d=$(printf '%s' "$f" | sed 's|[^/]*/|../|g; s|index.html$||')
	has "$S/$f" "<li><a href=\"${d}editions/index.html\" aria-current=\"page\">Editions</a></li>" "nav: Editions marked on $f"
done
# the targets given once, then only that they are new (site review 8, item 12)
n=$(grep -c 'detect within 2m, replace within 1h' "$M")
[ "$n" = 1 ] && ok "methodology: the failure-test targets given once ($n)" || nok "methodology: the failure-test targets given once ($n)"
has "$M" '<li>Failure-test targets: first recorded here, as this report records none for ClusterMAX 2.0.</li>' "methodology: the targets new since 2.0, not restated"

# 4. A failure test's result is one statement, no table of timings to
# reflow on a phone (PDF review 7, item 3)
P=$S/providers/tensorwave/index.html
has "$P" 'had a healthy node back in service 43m after a person approved the replacement (timed from the approval, so not held against the 1h target).' "failure test: one statement, with the time from approval"
# 6. a tier's glyph kept with its name
nbsp=$(printf '\302\240')
has "$S/providers/index.html" "<span class=\"glyph\" aria-hidden=\"true\">●</span>${nbsp}Platinum</span>" "tier glyph and name joined by a no-break space"

# 8. Each edition page opens with what the edition found (FACTS.md: 3.0
# rated 45 of 77 reviewed, 19 medals against 2.0's 37: 18 fewer; 2.0 rated
# 60 of 85, 37 medals, no change computed from partial 1.0; 1.0 names 16 of
# the 26 it reviewed, 14 with a medal), before anything else
lead() { sed -n 's|^<p class="lede">\(.*\)</p>$|\1|p' "$1"; }
l=$(lead "$E3")
[ "$l" = "ClusterMAX 3.0 rated 45 of 77 reviewed providers; 19 received a medal, 18 fewer than in ClusterMAX 2.0." ] &&
	ok "3.0 opens with its finding ($l)" || nok "3.0 opens with its finding ($l)"
l=$(lead "$S/editions/2.0/index.html")
[ "$l" = "ClusterMAX 2.0 rated 60 of 85 reviewed providers; 37 received a medal." ] &&
	ok "2.0 opens with its finding ($l)" || nok "2.0 opens with its finding ($l)"
l=$(lead "$S/editions/1.0/index.html")
[ "$l" = "ClusterMAX 1.0 names 16 of the 26 providers it reviewed; 14 of them received a medal." ] &&
	ok "1.0 opens with its finding ($l)" || nok "1.0 opens with its finding ($l)"
first=$(sed -n '/<main/,$p' "$S/editions/2.0/index.html" | grep -m1 -o -e 'class="lede"' -e 'ClusterMAX 1.0 names' -e "The 1.0 article")
[ "$first" = 'class="lede"' ] && ok "2.0: its finding before any word about 1.0" || nok "2.0: its finding before any word about 1.0 ($first)"
# each count in one place: no bars beside the tier table, the funnel once
for e in 1.0 2.0 3.0; do
	hasnt "$S/editions/$e/index.html" 'class="bars"' "$e: no distribution bars repeating the tier table"
done
hasnt "$E3" '<ol class="funnel">' "3.0: the funnel as its chart with its data, not a list as well"
n=$(count "$E3" 'id="funnel-title"')
[ "$n" = 1 ] && ok "3.0: one funnel section" || nok "3.0: one funnel section ($n)"
hasnt "$S/editions/2.0/index.html" 'id="funnel"' "2.0: no funnel repeating its figures"
# 9. the partial 1.0, each figure once and plainly
E1=$S/editions/1.0/index.html
has "$E1" '<span class="value">14</span> <span class="detail">of the 16 providers named</span>' "1.0: medals of the named"
has "$E1" '<span class="value">26</span> <span class="detail">stated, 16 of them named</span>' "1.0: the stated reviews, the named among them"
steps=$(sed -n '/<ol class="funnel">/,/<\/ol>/p' "$E1" | sed 's/<[^>]*>//g' | grep -v '^$' | tr '\n' '|')
[ "$steps" = "169 tracked|16 named in its text|16 of them on the ladder|14 of them with a medal|" ] &&
	ok "1.0: the funnel in plain words ($steps)" || nok "1.0: the funnel in plain words ($steps)"
hasnt "$E1" 'named on the ladder' "1.0: no 'named on the ladder'"

# 11. The edition this report is about has its overview on the home page
# (site review 6): its own page gives its finding, its funnel, its stated
# figures and its changes page, and links to the home page for the rest;
# the older editions keep their full page.
for x in 'class="figures"' 'id="medal-table"' 'id="distribution"' 'id="movers"' 'No longer reviewed in'; do
	hasnt "$E3" "$x" "3.0: not the home page's again ($x)"
done
has "$E3" '<p class="see-home">The tier table of ClusterMAX 3.0, its charts and who moved since ClusterMAX 2.0 are on <a href="../../index.html">the report’s front page</a>.</p>' "3.0: the home page's overview linked"
has "$E3" '<li class="changes"><a href="../../editions/3.0/changes/index.html">What changed since ClusterMAX 2.0</a></li>' "3.0: its changes page linked"
for x in 'class="figures"' 'id="medal-table"' 'id="movers"'; do
	has "$S/editions/2.0/index.html" "$x" "2.0: its full page ($x)"
done
# stated and counted (FACTS.md: 3.0 states 77 reviewed, 19 medals and
# 2/2/5/10/15 for Platinum to the ribbon, each as counted): one sentence
has "$E3" '<p class="claims-agree">The 7 figures that ClusterMAX 3.0 states agree with the count of its reviews here: 77 reviewed, 19 medals, 2 Platinum, 2 Gold, 5 Silver, 10 Bronze and 15 Participation Ribbon.</p>' "3.0: its stated figures in one sentence, all agreeing"
hasnt "$E3" 'class="claims"' "3.0: no checklist of its stated figures"
# 2.0 states 84 reviewed (85 counted; the note is in the strip above) and
# 37 medals: a table, figure | stated | counted, the note not again
cl=$(sed -n '/id="claims"/,/<\/section>/p' "$S/editions/2.0/index.html" | tr -d '\n' |
	sed 's|<tr>|\n|g' | sed -n 's|</tr>.*||; s|<[^>]*>| |g; s|  *| |g; s|^ ||; s| $||; 2,$p' | tr '\n' '|')
[ "$cl" = "Figure Stated Counted|Reviewed 84 85|Medals 37 37" ] &&
	ok "2.0: the stated and counted table ($cl)" || nok "2.0: the stated and counted table ($cl)"
n=$(count "$S/editions/2.0/index.html" 'The article has one review section more than it states: see the known discrepancies.')
[ "$n" = 1 ] && ok "2.0: the note on 84 and 85 once ($n)" || nok "2.0: the note on 84 and 85 once ($n)"

# the page's Markdown copy likewise
M3=$S/editions/3.0/index.md
has "$M3" "The tier table of ClusterMAX 3.0, its charts and who moved since ClusterMAX 2.0 are on [the report’s front page](../../index.md)." "3.0 Markdown copy: the home page's overview linked"
hasnt "$M3" '## Tier table' "3.0 Markdown copy: no second tier table"
hasnt "$M3" '## Movers since' "3.0 Markdown copy: no second movers table"
has "$S/editions/2.0/index.md" '## Tier table' "2.0 Markdown copy: its tier table"

# 12. Page titles name a thing once (site review 17)
t() { sed -n 's|^<title>\(.*\)</title>$|\1|p' "$1"; }
[ "$(t "$E3")" = "ClusterMAX 3.0 — medals nearly halved" ] && ok "3.0: its title ($(t "$E3"))" || nok "3.0: its title ($(t "$E3"))"
[ "$(t "$S/editions/3.0/changes/index.html")" = "What changed in ClusterMAX 3.0 — medals nearly halved" ] &&
	ok "3.0 changes: its title" || nok "3.0 changes: its title ($(t "$S/editions/3.0/changes/index.html"))"
[ "$(t "$S/editions/2.0/index.html")" = "ClusterMAX 2.0 — ClusterMAX 3.0: medals nearly halved" ] &&
	ok "2.0: its title" || nok "2.0: its title ($(t "$S/editions/2.0/index.html"))"
[ "$(t "$S/index.html")" = "ClusterMAX 3.0: medals nearly halved" ] && ok "home: its title" || nok "home: its title ($(t "$S/index.html"))"
twice=$(find "$S" -name '*.html' -exec sed -n 's|^<title>\(.*\)</title>$|\1|p' {} + |
	grep -E 'ClusterMAX [0-9.]+.*ClusterMAX [0-9.]+' | awk '{ if (match($0, /ClusterMAX [0-9.]+/)) { n = substr($0, RSTART, RLENGTH); r = substr($0, RSTART + RLENGTH); if (index(r, n)) print } }' | head -n 3)
[ -z "$twice" ] && ok "no title names an edition twice" || nok "no title names an edition twice ($twice)"

# The providers index says once what "not named" means in the column of
# the partial edition (1.0 names 16 of the 26 it rated), not in 85 cells
P=$S/providers/index.html
has "$P" 'In all, 101 providers were reviewed in at least one edition. Tiers are given for every edition that reviewed the provider. ClusterMAX 1.0 does not name every provider it rated, so “not named” in its column means its text does not name the provider, not that it was left out.</p>' "providers index: what 'not named' means, once, for the partial 1.0"
n=$(grep -o 'does not name every provider it rated' "$P" | wc -l)
[ "$n" = 1 ] && ok "providers index: the note once ($n)" || nok "providers index: the note once ($n)"
hasnt "$P" 'ClusterMAX 2.0 does not name every provider' "providers index: no note for a complete edition"

exit $fail
