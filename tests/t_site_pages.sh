#!/bin/sh
# t_site_pages.sh: what a reader meets on the default report's edition,
# provider and methodology pages, word for word (reader review of the
# site): a tier an edition did not have reads "—" in the tiers-by-edition
# data, with its meaning once in the caption; a provider page gives its
# tiers in one table; the methodology says a thing once; a failure test's
# cells and a tier's glyph are ready for a phone.
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
has "$E3" '<caption>Reviews per tier and edition (—: the tier did not exist in that edition)</caption>' "tiers by edition: the dash's meaning in the caption"
row() { tr -d '\n' < "$E3" | grep -o "<tr><td data-label=\"Edition\">$1</td>.*" | sed 's|</tr>.*||; s|<[^>]*>| |g; s|  *| |g; s|^ ||; s| $||'; }
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

# 4. A failure test's timings a step at a time on a phone: each cell says
# its column (the style sheet hangs the name beside it)
P=$S/providers/tensorwave/index.html
has "$P" '<tr><th scope="row">Replaced</th><td data-label="Time" class="num">43m after approval</td><td data-label="Target" class="num">1h</td><td data-label="Result">not comparable: timed from approval</td></tr>' "failure test: each cell with its column's name"
# 6. a tier's glyph kept with its name
nbsp=$(printf '\302\240')
has "$S/providers/index.html" "<span class=\"glyph\" aria-hidden=\"true\">●</span>${nbsp}Platinum</span>" "tier glyph and name joined by a no-break space"

exit $fail
