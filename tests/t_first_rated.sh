#!/bin/sh
# t_first_rated.sh: "rated again" only for a provider rated before (issue
# 27 item 9). Bitdeer, Core42 and FPT were Unavailable in ClusterMAX 2.0
# and are in no earlier edition (FACTS.md section 3): rated in 3.0, they
# are rated for the first time on the edition's page, the home page, the
# changes page, their own pages and in the PDF. mini's Delta, weak in e1
# and untested in e2, is rated again in e3. A move counted from a tier the
# same page marks uncertain says so: Salad Cloud's 2.0 row, counted from
# its uncertain 1.0 tier.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
# (a no-break space, as between a tier's glyph and its name, read as a space)
flat() { sed 's/<[^>]*>/|/g; s/\xc2\xa0/ /g' "$1" | tr -s '|' | tr -d '\n' | sed 's/| / /g'; }

"$PODIUM" build -q -C "$ROOT" -o "$T/d" 2>"$T/err" || nok "the default report builds: $(cat "$T/err")"
pdftotext "$T/d/report.pdf" "$T/d.txt" 2>/dev/null || : >"$T/d.txt"
n=$(grep -rli 'rated again' "$T/d" --include=*.html --include=*.md --include=*.txt | wc -l)
p=$(grep -ci 'rated again' "$T/d.txt")
check "no page of the default report says 'rated again' ($n pages, $p PDF lines)" '[ "$n" -eq 0 ] && [ "$p" -eq 0 ]'
ed=$(flat "$T/d/editions/3.0/index.html")
home=$(flat "$T/d/index.html")
# the movers tables list movers only: the three are summed up in a line
line="Rated for the first time in ClusterMAX 3.0 (3): Bitdeer, Core42 and FPT."
check "the home page sums them up as rated for the first time" \
    'printf "%s" "$home" | grep -q -F "$line"'
# the 3.0 edition page leaves the overview to the home page (site review 6)
check "the 3.0 edition page does not repeat the home page's line" \
    '! printf "%s" "$ed" | grep -q -F "$line"'
for id in bitdeer core42 fpt; do
	check "$id's page: rated for the first time in its history" \
	    'flat "$T/d/providers/$id/index.html" | grep -q "|ClusterMAX 3.0|○ Participation Ribbon|+ rated for the first time|"'
done
grep -q '<h2 id="changes-first">Rated for the first time: 3 providers</h2>' "$T/d/editions/3.0/changes/index.html"
check "the changes page: a group '3 rated for the first time'" '[ $? -eq 0 ]'
grep -q '^Rated for the first time: 3 providers$' "$T/d.txt"
check "the PDF's changes: the same group" '[ $? -eq 0 ]'
check "Salad Cloud's 2.0 move is counted from an uncertain tier, and says so" \
    'flat "$T/d/providers/salad/index.html" | grep -q "|ClusterMAX 2.0|○ Underperforming|= no change, as far as is known|"'
check "a move from a certain tier says nothing of it (Oracle, 2.0)" \
    'flat "$T/d/providers/oracle/index.html" | grep -q "|ClusterMAX 2.0|● Gold|= no change|"'

"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$T/m" 2>"$T/err" || nok "mini builds: $(cat "$T/err")"
check "mini's Delta, rated in e1, is rated again in e3" \
    'flat "$T/m/providers/delta/index.html" | grep -q "|↺ rated again|"'
check "mini's Echo, untested in e1, is rated for the first time in e2" \
    'flat "$T/m/providers/echo/index.html" | grep -q "|+ rated for the first time|"'
# the data keeps SPEC 2.2's statuses: a first rating is a move out of a
# rated: false tier, "returned"; only the words tell the two apart
check "ratings.csv: Bitdeer's 3.0 status is SPEC 2.2's returned" \
    'grep -q "^3.0,bitdeer,Bitdeer,ribbon,false,,,unavailable,,returned," "$T/d/data/ratings.csv"'
check "ratings.json: no status outside SPEC 2.2's" \
    '[ "$(jq -c "[.. | objects | select(has(\"status\")) | .status] | unique - [\"up\",\"down\",\"same\",\"new\",\"unlisted\",\"dropped\",\"merged\",\"unrated\",\"returned\"]" "$T/d/data/ratings.json")" = "[]" ]'
[ "$fails" -eq 0 ]
