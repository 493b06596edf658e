#!/bin/sh
# t_chart_phone.sh: the default report's charts as a phone and a reader get
# them (issue 27). Every report chart and the history frame is drawn a
# second time for a phone, 360 px wide (charts/narrow/), and every page
# that shows a chart offers that drawing under the phone's width; the
# failure chart's text alternative counts every provider it draws once
# (it said 15 providers and its counts added to 14: Azure, which drained
# the node and never replaced it, was in none); the two tiers a bar draws
# side by side, Bronze and Underperforming, have two colours.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }

if ! "$PODIUM" build -q --only html -C "$ROOT" -o "$T/s" 2>"$T/err"; then
	nok "the default report builds"
	head -n 20 "$T/err"
	exit 1
fi
S=$T/s

for c in distribution movement funnel faults history-frame; do
	check "charts/narrow/$c.svg is 360 px wide" \
	    "grep -q '<svg [^>]*width=\"360px\"' '$S/charts/narrow/$c.svg'"
	check "charts/$c.svg stays 640 px wide" \
	    "grep -q '<svg [^>]*width=\"640px\"' '$S/charts/$c.svg'"
done
check "no PNG of a phone's chart" "! ls '$S/charts/narrow/' | grep -q png"

# every chart on a page has its phone drawing beside it
for page in index.html editions/3.0/index.html; do
	imgs=$(grep -c '<img src="[./]*charts/[a-z]*\.svg"' "$S/$page")
	narrow=$(grep -c '<picture><source media="(max-width: 40rem)" srcset="[./]*charts/narrow/[a-z]*\.svg" width="360" height="[0-9]*"><img src="[./]*charts/[a-z]*\.svg"' "$S/$page")
	check "$page: each of its $imgs charts offers its narrow drawing ($narrow)" \
	    "[ '$imgs' -gt 0 ] && [ '$imgs' = '$narrow' ]"
done
check "a provider page lays the phone's marks over the phone's frame" \
    "grep -q '<div class=\"history-chart history-narrow\"><img src=\"../../charts/narrow/history-frame.svg\" alt=\"\" width=\"360\"' '$S/providers/aws/index.html' &&
     grep -q '<svg class=\"history-marks\" viewBox=\"0 0 360 ' '$S/providers/aws/index.html'"

# the failure chart's counts add up to its providers (FACTS.md: 15 with a
# failure test in 3.0; by hand: 8 replaced, GMO and Vessl did not detect,
# Google and Crusoe gave no timing, Azure and Oracle did not replace the
# node (FACTS.md 4: Azure drained it and provided none, Oracle left the
# replacement to the user: both automatic: false), Runpod could not be
# injected; TensorWave's replacement is timed from a person's
# approval, so not within the target). Nebius's, on a GB300 rack, is not
# compared with targets set for HGX systems (against_targets: false). The
# rated providers whose review gives no failure-test result, in tier order
# (by hand from content/reviews/3.0: 30 = 1 Platinum + 2 Silver + 3 Bronze
# + 13 Participation Ribbon + 11 Underperforming), the first 3 named, as
# the chart's foot names them (site review 7, item 4); TensorWave's
# replacement, timed from approval, named (site review 7, item 16)
desc=$(sed -n 's/.*<desc>\(Failure test[^<]*\)<\/desc>.*/\1/p' "$S/charts/faults.svg")
check "the failure chart's text: 15 = 8 + 2 + 2 + 2 + 1 ($desc)" \
    "[ \"\$desc\" = 'Failure test in ClusterMAX 3.0, 15 providers: 8 replaced the node in a stated time (5 within the 1h target; TensorWave, timed from a person’s approval, not from the fault, is not held against it), 2 did not detect the fault, 2 gave no timing, 2 did not replace the node, and on 1 no fault could be injected. The targets do not apply to Nebius, as the review explains. The reviews of CoreWeave, Firmus, GMI Cloud and 27 others give no failure-test result.' ]"
check "the phone's failure chart says the same" \
    "grep -qF \"<desc>\$desc</desc>\" '$S/charts/narrow/faults.svg'"

# Bronze and Underperforming: two tier colours on the pages, not two browns
bronze=$(grep -o 'tier-medal" style="--tier: #[0-9a-f]*"><span class="glyph" aria-hidden="true">[^<]*</span>.Bronze' "$S/index.html" | head -n 1 | sed 's/.*--tier: \(#[0-9a-f]*\).*/\1/')
under=$(grep -o 'style="--tier: #[0-9a-f]*"><span class="glyph" aria-hidden="true">[^<]*</span>.Underperforming' "$S/providers/index.html" | head -n 1 | sed 's/.*--tier: \(#[0-9a-f]*\).*/\1/')
check "Bronze is $bronze, Underperforming $under (violet)" \
    "[ '$bronze' = '#b26c1b' ] && [ '$under' = '#983fff' ]"

exit "$fails"
