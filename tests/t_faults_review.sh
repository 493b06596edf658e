#!/bin/sh
# t_faults_review.sh: the reader review of the failure test, for any report.
# fault_test.against_targets: false says a test is not judged against the
# edition's targets (Nebius's, on a GB300 rack, against targets set for HGX
# systems): its page reads "not compared with the targets", never "over
# target", and the chart's text says so; a bad value is an error at its
# place. fault_test.first_missed: true (DigitalOcean's first injection went
# unnoticed): the page and the data table do not read as if the provider
# caught the first fault. A step with no target shows a dash, the caption
# says why once; an edition with no targets has no Target or Result column.
# The rated providers whose review gives no result are named once. The
# default report: Lambda's Automatic cell agrees with its note, and the
# commentary gives the detection target in the one wording the methodology
# and the chart use (the edition's targets: detect 2m, replace 1h): within
# 2 minutes, not "about" in one place and "within" in another (site review
# 10).
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
flat() { tr '\n' ' ' <"$1" | sed 's/<[^>]*>/|/g; s/ *| */|/g' | tr -s '|'; }
desc() { sed -n 's:.*<desc>\(.*\)</desc>.*:\1:p' "$1"; }

"$PODIUM" init "$T/p" >/dev/null || { nok "podium init"; exit 1; }
printf '\n{{chart faults}}\n' >>"$T/p/content/commentary/10-overview.md"
printf 'fault_test:\n  fault: "flat tyre on a cargo bike"\n  detected_by: provider\n  detect_after: 0s\n  replaced_after: 3h\n  against_targets: false\n  note: "The targets are set for city bikes."\n' \
    >>"$T/p/content/reviews/2026/greenwheel.yaml"
printf 'fault_test:\n  fault: "flat tyre"\n  detected_by: provider\n  first_missed: true\n  replaced_after: 30m\n' \
    >>"$T/p/content/reviews/2026/pedalpoint.yaml"
cp -r "$T/p" "$T/none"
printf 'targets: {detect: 2m, replace: 1h}\n' >>"$T/p/content/editions/2026.yaml"
for v in p none; do
	"$PODIUM" build -q --only html -C "$T/$v" -o "$T/$v.site" 2>"$T/$v.err" ||
	    nok "$v builds: $(cat "$T/$v.err")"
done

page=$(flat "$T/p.site/providers/greenwheel/index.html")
check "against_targets: false: the statement says once that the times are not held against the targets" \
    'printf "%s" "$page" | grep -qF "|The test injected flat tyre on a cargo bike. Greenwheel detected the fault at once and had a healthy node back in service after 3h (not held against the targets).|"'
check "... never 'over target' (3h against 1h)" \
    '! printf "%s" "$page" | grep -q "over target"'
check "... the note says why" \
    'printf "%s" "$page" | grep -qF "|The targets are set for city bikes.|"'
check "no table of timings beside the statement that gives them (PDF review 7, item 3)" \
    '! printf "%s" "$page" | grep -q "Timings after injection\||Step|"'
want="Failure test in Ratings 2026, 2 providers: 2 replaced the node in a stated time (1 within the 1h target), 0 did not detect the fault, 0 gave no timing. The targets do not apply to Greenwheel, as the review explains."
got=$(desc "$T/p.site/charts/faults.svg")
check "the chart's text: 1 within the target (Pedal Point's 30m), Greenwheel not compared ($got)" \
    '[ "$got" = "$want" ]'
page=$(flat "$T/p.site/providers/pedalpoint/index.html")
check "first_missed: the page says the provider missed the first injection and caught a later one" \
    'printf "%s" "$page" | grep -qF "|The test injected flat tyre. Pedal Point missed the first injection, caught a later one and had a healthy node back in service after 30m (inside the 1h target).|"'
home=$(flat "$T/p.site/index.html")
check "first_missed: the data table does not read as if the provider caught it" \
    'printf "%s" "$home" | grep -qF "|Pedal Point|provider, after a first miss|no time given|not stated|30m|not stated|"'
check "no rated provider without a result: no such note" \
    '! printf "%s" "$home" | grep -q "give no failure-test result"'
page=$(flat "$T/none.site/providers/greenwheel/index.html")
check "no targets: the statement holds no time against one" \
    'printf "%s" "$page" | grep -qF "|The test injected flat tyre on a cargo bike. Greenwheel detected the fault at once and had a healthy node back in service after 3h.|" &&
     ! printf "%s" "$page" | grep -q "the [0-9a-z]* target)\|held against"'

# a bad value: an error at its place
cp -r "$T/p" "$T/bad"
f=content/reviews/2026/greenwheel.yaml
sed -i 's/^  against_targets: false$/  against_targets: maybe/' "$T/bad/$f"
line=$(grep -n '^  against_targets: maybe$' "$T/bad/$f" | cut -d: -f1)
"$PODIUM" check -C "$T/bad" >"$T/bad.out" 2>&1
rc=$?
check "against_targets: maybe is an error at its line and column" \
    '[ $rc = 1 ] && grep -qxF "$f:$line:20: error: '"'"'against_targets'"'"' must be true or false, not '"'"'maybe'"'"'" "$T/bad.out"'
"$PODIUM" schema -C "$T/p" -o "$T/schemas" >/dev/null 2>&1
check "podium schema declares against_targets and first_missed, true or false" \
    'tr -d " \n" <"$T/schemas/review.schema.json" | grep -qF "\"against_targets\":{\"type\":\"boolean\"}" &&
     tr -d " \n" <"$T/schemas/review.schema.json" | grep -qF "\"first_missed\":{\"type\":\"boolean\"}"'

# the default report
"$PODIUM" build -q --only html -C "$ROOT" -o "$T/d" 2>"$T/d.err" || nok "the default report builds: $(cat "$T/d.err")"
home=$(flat "$T/d/index.html")
check "DigitalOcean: 'provider, after a first miss'" \
    'printf "%s" "$home" | grep -qF "|DigitalOcean|provider, after a first miss|"'
check "Lambda: Automatic 'not stated', as its note says of the XID 79 node it times; its detection 'no time given', as its page says" \
    'printf "%s" "$home" | grep -qF "|Lambda|provider|no time given|not stated|2h|not stated|" &&
     flat "$T/d/providers/lambda/index.html" | grep -qF "The 2 hours are for the node hit by the real XID 79, which rejoined the cluster; the review does not say whether its return was automatic."'
check "the rated providers without a result, named once in the data table (CoreWeave first)" \
    '[ "$(printf "%s" "$home" | grep -o "The reviews of CoreWeave, Firmus, GMI Cloud and 27 others give no failure-test result." | wc -l)" -eq 1 ] &&
     ! printf "%s" "$home" | grep -q "Gcore, Prime Intellect"'
page=$(flat "$T/d/providers/nebius/index.html")
check "Nebius (GB300): not held against the HGX targets, not over target" \
    'printf "%s" "$page" | grep -qF "Nebius detected the fault at once and had a healthy node back in service after 8h40m (not held against the targets)." &&
     ! printf "%s" "$page" | grep -q "over target"'
check "the compare page's words: the statement, not 'not stated' lines nor a bare step" \
    'grep -qF "\"Amazon Web Services detected the fault (no time given) and had a healthy node back in service after 24m (inside the 1h target).\"" "$T/d/compare/index.json" &&
     ! grep -q "Detected;" "$T/d/compare/index.json"'
check "the commentary: the targets are to detect within 2 minutes and replace within 1 hour, one wording, not 'about' nor 'a matter of minutes'" \
    'printf "%s" "$home" | grep -qF "targets are to detect the fault within 2 minutes and to replace the node within 1 hour" &&
     ! printf "%s" "$home" | grep -q "a matter of\|about 2 minutes"'
[ "$fails" -eq 0 ]
