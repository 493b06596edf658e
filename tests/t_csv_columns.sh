#!/bin/sh
# t_csv_columns.sh: data/ratings.csv keeps the columns of its contract
# (SPEC 4.2) for every report, and podium(5) says what each holds and when
# it is empty (site review 18): the default report publishes no rubric, so
# its score and computed columns are empty in every row; a report with a
# rubric (tests/fixtures/mini) fills them; the status words are the fixed
# ones podium(5) lists beside the site's words.
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }

"$PODIUM" build -q -C "$ROOT" -o "$T/d" --only data 2>"$T/err" || { nok "the default report builds"; cat "$T/err"; exit 1; }
# RFC 4180's line ends are CRLF: the rows without them
tr -d '\r' < "$T/d/data/ratings.csv" > "$T/d.csv"
C=$T/d.csv
h=$(head -n 1 "$C")
[ "$h" = "edition,provider,name,tier,medal,score,computed,previous,steps,status,uncertain" ] &&
	ok "default: the contract's columns, then uncertain ($h)" || nok "default: the contract's columns ($h)"
# FACTS.md: 16 named in 1.0, 85 reviewed in 2.0, 77 in 3.0: 178 rows
n=$(tail -n +2 "$C" | wc -l | tr -d ' ')
[ "$n" = 178 ] && ok "default: a row per review ($n)" || nok "default: a row per review ($n)"
filled=$(tail -n +2 "$C" | awk -F, '$6 != "" || $7 != ""' | wc -l | tr -d ' ')
[ "$filled" = 0 ] && ok "default: no rubric, so score and computed empty in every row" ||
	nok "default: score and computed empty in every row ($filled filled)"
st=$(tail -n +2 "$C" | cut -d, -f10 | sort -u | tr '\n' ' ')
[ "$st" = "down new returned same unlisted unrated up " ] && ok "default: the status words ($st)" ||
	nok "default: the status words ($st)"
# Bitdeer: Unavailable in 2.0, rated in 3.0 (FACTS.md): returned, no steps
grep -qx '3.0,bitdeer,Bitdeer,ribbon,false,,,unavailable,,returned,' "$C" &&
	ok "default: Bitdeer returned from Unavailable, no steps" || nok "default: Bitdeer's row ($(grep ',bitdeer,' "$C" | tail -n 1))"

"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$T/m" --only data 2>"$T/err" || { nok "mini builds"; cat "$T/err"; exit 1; }
# mini's e3 rubric: Delta's scores give strong, its published elite an override
tr -d '\r' < "$T/m/data/ratings.csv" > "$T/m.csv"
grep -qx 'e3,delta,Delta,elite,true,82.000000,strong,untested,,returned,neocloud,' "$T/m.csv" &&
	ok "rubric: score and computed filled, computed apart from an overridden tier" ||
	nok "rubric: Delta's row ($(grep '^e3,delta' "$T/m.csv"))"

# podium(5): each column and each status word, in the CSV's section
sec=$(sed -n '/^\.Ss The CSV export$/,/^\.S[sh] /p' "$ROOT/man/podium.5")
for c in "edition , provider , name" tier medal score computed previous steps status; do
	printf '%s\n' "$sec" | grep -qx ".It Cm $c" && ok "podium(5): the column $c" || nok "podium(5): the column $c"
done
for w in up down same new unlisted unrated returned dropped merged; do
	printf '%s\n' "$sec" | grep -qE "^\.Cm (.* )?$w( |$)" && ok "podium(5): the status $w" || nok "podium(5): the status $w"
done
printf '%s\n' "$sec" | grep -qx 'has this column empty in every row\.' &&
	ok "podium(5): when score is empty" || nok "podium(5): when score is empty"
exit $fail
