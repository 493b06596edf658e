#!/bin/sh
# t_lede.sh: report.yaml's lede (SPEC 5.2, issue 27 site item 2): Markdown
# with shortcodes, so its figures come from the data; it opens the home
# page under the H1, is the home page's link preview (og:description and
# the meta description), and stands on the PDF's title page. Its
# shortcodes' errors are reported at their line and column in report.yaml.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
SKIP_COUNTER=fail
. "$ROOT/tests/skip.sh"

check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

# The finding of the default report, figures from FACTS.md section 2:
# medals 37 -> 19 is a 48.6% drop (-49% at no digits); 19 of 77 is 24.7%.
# Where 2.0's 37 medal holders went (section 3's lists, by hand): 18 kept
# a medal (coreweave, nebius, oracle, azure, crusoe, together, lambda,
# google, aws, gcore, firmus, gmo, tensorwave, gmi, prime-intellect, verda,
# digitalocean, hyperstack); 9 went to the Ribbon (vultr, stn, neysa,
# buzzhpc, shadeform, runpod, ibm, vast, latitude), so 27 were rated again;
# 7 are Unavailable (fluidstack, cirrascale, scaleway, cudo, lightning,
# atlas, denvr) and 3 have no 3.0 review (hot-aisle, qubrid, voltage-park):
# 10 left the ladder. Moonlite is the 1 medal gained. Of the 19 that lost
# a medal (37 - 18), 10 left and 9 were rated lower: 10 / 19 = 52.6%,
# more than half (and 10 of the net fall of 18, 55.6%).
# Of those rated (on the ladder): 3.0, 2+2+5+10+15+11 = 45, 19 / 45 =
# 42.2%; 2.0, 1+5+12+19+0+23 = 60, 37 / 60 = 61.7%.
finding='Medals fell from 37 in ClusterMAX 2.0 to 19 in 3.0 (−48.6%). More than half of that is not a higher bar: of the 2.0 medal holders that lost their medal, 10 were not tested or not reviewed again and 9 were rated lower; 18 kept a medal. Of the 45 providers SemiAnalysis rated in 3.0, 42.2% won a medal, against 61.7% in 2.0.'

"$PODIUM" build -C "$ROOT" -o "$T/s" -q 2>"$T/err"
check "the default report builds" $?
home="$T/s/index.html"

# the H1, then the lede, before anything else of the page's body
sed -n '/<h1>/,/<\/header>/p' "$home" >"$T/head"
h1=$(sed -n 's/^<h1>\(.*\)<\/h1>$/\1/p' "$T/head")
[ -n "$h1" ] && ! printf '%s' "$h1" | grep -qi "medal table"
check "the H1 states the report, not 'the medal table' ($h1)" $?
second=$(sed -n '2p' "$T/head")
[ "$second" = "<div class=\"lede\"><p>$finding</p>" ]
check "the line after the H1 is the lede, its figures computed" $?
[ "$(grep -c 'class="lede"' "$home")" = 1 ]
check "the lede once on the home page" $?
grep -qF "<meta property=\"og:description\" content=\"$finding\">" "$home"
check "og:description of the home page is the lede as plain text" $?
grep -qF "<meta name=\"description\" content=\"$finding\">" "$home"
check "the meta description of the home page is the lede" $?
# other pages keep the report's description
grep -qF "content=\"$finding\"" "$T/s/methodology/index.html"
[ $? != 0 ]
check "another page's preview is not the lede" $?

if need "the PDF's text" pdftotext; then
	pdftotext -f 1 -l 1 "$T/s/report.pdf" - | tr '\n' ' ' | tr -s ' ' >"$T/p1"
	grep -qF "$finding" "$T/p1"
	check "the PDF's title page holds the lede" $?
	pdftotext -f 2 "$T/s/report.pdf" - | tr '\n' ' ' | tr -s ' ' | grep -qF "$finding"
	[ $? != 0 ]
	check "the lede is on the title page only" $?
fi

# German: the same shortcodes, the pack's number forms
mkdir -p "$T/de"
cp -R "$ROOT/content" "$T/de/content"
sed -i 's/^language: en$/language: de/' "$T/de/content/report.yaml"
"$PODIUM" build -C "$T/de" -o "$T/de/s" -q --only html 2>"$T/err.de"
check "the German report builds" $?
nb=$(printf '\302\240') # the pack puts a no-break space before '%'
grep -qF "<div class=\"lede\"><p>Medals fell from 37 in ClusterMAX 2.0 to 19 in 3.0 (−48,6$nb%). More than half of that is not a higher bar: of the 2.0 medal holders that lost their medal, 10 were not tested or not reviewed again and 9 were rated lower; 18 kept a medal. Of the 45 providers SemiAnalysis rated in 3.0, 42,2$nb% won a medal, against 61,7$nb% in 2.0.</p>" \
    "$T/de/s/index.html"
check "German: the lede's figures as German writes them (42,2 %)" $?

# A bad shortcode in the lede: the error at its place in report.yaml,
# once, nothing written; a quoted scalar and a folded one
for style in quoted folded; do
	mkdir -p "$T/$style"
	cp -R "$ROOT/content" "$T/$style/content"
	y="$T/$style/content/report.yaml"
	if [ $style = quoted ]; then
		awk '/^lede:/ { print "lede: \"Medals: {{count 9.9 medals}}.\""; skip = 1; next }
		    skip && /^  / { next } { skip = 0; print }' "$ROOT/content/report.yaml" >"$y"
		line=$(grep -n '^lede:' "$y" | cut -d: -f1) col=16
	else
		sed -i 's/{{count 3.0 rated}}/{{count 3.0 reviewd}}/' "$y"
		line=$(grep -n 'reviewd' "$y" | cut -d: -f1)
		col=$(grep 'reviewd' "$y" | awk '{ print index($0, "{{count 3.0 reviewd") }')
	fi
	"$PODIUM" check -C "$T/$style" >/dev/null 2>"$T/err.$style"
	rc=$?
	n=$(grep -c "^content/report.yaml:$line:$col: error: " "$T/err.$style")
	[ "$rc" != 0 ] && [ "$n" = 1 ] && [ "$(grep -c ': error: ' "$T/err.$style")" = 1 ]
	check "$style lede, bad shortcode: one error at report.yaml:$line:$col (exit $rc)" $?
	sed -n '1,2s/^/# /p' "$T/err.$style"
	"$PODIUM" build -C "$T/$style" -o "$T/$style/out" -q 2>/dev/null
	[ $? != 0 ] && [ ! -e "$T/$style/out" ]
	check "$style lede, bad shortcode: the build fails, nothing written" $?
done

# No lede: no lede block, the report's description is the preview
mkdir -p "$T/none"
cp -R "$ROOT/content" "$T/none/content"
awk '/^lede:/ { skip = 1; next } skip && /^  / { next } { skip = 0; print }' \
    "$ROOT/content/report.yaml" >"$T/none/content/report.yaml"
"$PODIUM" build -C "$T/none" -o "$T/none/s" -q --only html 2>"$T/err.none"
check "a report without a lede builds" $?
! grep -q 'class="lede"' "$T/none/s/index.html" &&
    grep -q '<meta property="og:description" content="SemiAnalysis’s ClusterMAX ratings' "$T/none/s/index.html"
check "without a lede: no lede block, the description is the preview" $?

# The medal flow in the commentary, the same hand-worked figures
grep -qF 'Where the lost medals went: of the 37 medal holders of 2.0,
18 kept a medal in 3.0 and 9 were
rated below the medals. Another 7 were reviewed for 3.0
but not tested, and 3 were not reviewed again, so
10 left the ladder without a new tier rather than being
marked down. The one provider that won a medal it did not hold in 2.0 is
Moonlite, new in 3.0 at Bronze.' "$home"
check "the home page says where 2.0's medals went: 18 kept, 9 rated below, 7 untested, 3 not reviewed" $?
# 'tracked', 'reviewed', 'rated' and 'medal' are defined once, in the
# Summary, and the Summary comes before the figures that use them (reader
# review of the PDF #5: definitions precede use, on the home page's view,
# so the PDF too); not a second time in the methodology (reader review of
# the PDF #2: "Words used here")
grep -qF 'This report counts with four words, each in one sense. SemiAnalysis <em>tracks</em> the
providers it follows, <em>reviews</em> only a part of them, <em>rates</em> a reviewed
provider when it puts it on the ladder (any tier but Unavailable, which
marks a provider it could not test), and gives a <em>medal</em> for Platinum, Gold,
Silver or Bronze.' "$home" &&
    ! grep -qF 'Words used here' "$T/s/methodology/index.html" &&
    ! grep -qF '<em>Tracked</em>:' "$T/s/methodology/index.html"
check "'tracked', 'reviewed', 'rated' and 'medal' are defined once, in the Summary, not again in the methodology" $?
pdftotext "$T/s/report.pdf" - 2>/dev/null >"$T/pdf.txt"
s=$(grep -n '^This report counts with four words' "$T/pdf.txt" | head -n 1 | cut -d: -f1)
# (the first is the contents' line)
h=$(grep -n '^Headline figures$' "$T/pdf.txt" | sed -n 2p | cut -d: -f1)
[ -n "$s" ] && [ -n "$h" ] && [ "$s" -lt "$h" ]
check "the PDF: the Summary's definitions before the headline figures ($s < $h)" $?
# the methodology does not claim every figure is computed: the tracked
# totals and the security test's 25 providers / 32 clusters are stated
pdftotext "$T/s/report.pdf" - 2>/dev/null | tr '\n' ' ' | tr -s ' ' >"$T/pdf.flat"
# (in two pieces: a page's foot and head may fall between them)
grep -qF "Tier counts, medal totals, shares and movement are computed from the reviews. The other figures are the sources’ own, given as stated: the numbers of providers tracked," "$T/pdf.flat" &&
    grep -qF "as how many providers a test covered. Where a source states a figure that can be counted, it is checked against the count." "$T/pdf.flat" &&
    ! grep -q 'Every figure in this report\|Every count in this report' "$T/pdf.flat"
check "methodology_figures: which figures are computed, which are the sources' own" $?
# no medal flow from a partial edition: an error at the shortcode
mkdir -p "$T/flow"
cp -R "$ROOT/content" "$T/flow/content"
printf '\nA flow: {{medals 1.0 2.0 kept}}.\n' >>"$T/flow/content/commentary/20-medal-table.md"
line=$(wc -l <"$T/flow/content/commentary/20-medal-table.md")
"$PODIUM" check -C "$T/flow" >/dev/null 2>"$T/err.flow"
[ $? != 0 ] && [ "$(cat "$T/err.flow")" = "content/commentary/20-medal-table.md:$line:9: error: no medal flow from partial edition '1.0': its review list is incomplete" ]
check "{{medals}} from a partial edition: the error, word for word, at its line and column" $?
sed 's/^/# /' "$T/err.flow" | head -3

# The kicker above the H1 says whose date it gives: the edition's
# publication, not the report's (reader review #25, site review 16: it
# says so in words), and the Summary says who published it when.
grep -q '<p class="kicker">ClusterMAX 3.0 · <time datetime="2026-09-23">the edition this report reads, published 23 September 2026</time></p>' "$home" &&
    grep -qF 'Every tier here is SemiAnalysis’s. It published ClusterMAX 3.0 on 23 September' "$home"
check "the home page's kicker: the edition, published on its date" $?
exit $fail
