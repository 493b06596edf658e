#!/bin/sh
# t_content_words.sh: the default report's words after the third reader
# review (PDF and site, issue 27): each thing said once, in its place, in
# plain words, word for word. Definitions once (the Summary), before the
# figures use them; what Unavailable means once (the tier table); the
# 2.0 and 1.0 discrepancies in full once (Known discrepancies), elsewhere a
# short reference; jargon explained where it is first used; the talk named
# one way; the featured providers and the chart's choice explained; how a
# move counts across a tier an edition adds; the sentences the reviews
# flagged (Crusoe's missing reason, DigitalOcean's "after it", Salad's
# inferred tier, Sesterce's reason, the merger's direction).
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
need "the default report's words" python3:html.parser pdftotext || exit $fail

"$PODIUM" build -q -C "$ROOT" -o "$T/s" 2>"$T/err"
check "the default report builds" $?
# a page's visible text, one line, entities decoded
text() {
	python3 - "$1" <<'PY'
import html.parser, re, sys
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(convert_charrefs=True)
        s.out, s.skip = [], 0
    def handle_starttag(s, t, a):
        if t in ("script", "style"): s.skip += 1
    def handle_endtag(s, t):
        if t in ("script", "style"): s.skip -= 1
        elif t in ("p", "li", "h1", "h2", "h3", "td", "th", "dd", "dt", "caption", "figcaption"):
            s.out.append(" ")
    def handle_data(s, d):
        if not s.skip: s.out.append(d)
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
print(re.sub(r"\s+", " ", "".join(p.out)))
PY
}
text "$T/s/index.html" >"$T/home"
text "$T/s/methodology/index.html" >"$T/meth"
text "$T/s/about/index.html" >"$T/about"
pdftotext "$T/s/report.pdf" - | tr -s ' \n' '  ' >"$T/pdf"
count() { grep -oF -- "$2" "$1" | wc -l; }

# the title states the finding the lede supports (PDF review 1)
grep -qF "ClusterMAX 3.0: medals nearly halved" "$T/home" &&
    ! grep -qF "a higher bar</h1>" "$T/s/index.html"
check "the title: medals nearly halved" $?

# definitions once, in the Summary (PDF review 2, 5)
[ "$(count "$T/home" "This report counts with four words, each in one sense.")" = 1 ] &&
    [ "$(count "$T/pdf" "This report counts with four words, each in one sense.")" = 1 ] &&
    ! grep -qF "Words used here" "$T/meth" && ! grep -qF "Words used here" "$T/pdf"
check "tracked, reviewed, rated and medal defined once, in the Summary" $?
# who rates: in the Summary and About only, not again in the methodology
! grep -qF "SemiAnalysis's: the report only counts" "$T/pdf" &&
    [ "$(count "$T/pdf" "Every tier here is SemiAnalysis’s")" = 1 ]
check "who rates said once in the report's text (and on the About page)" $?
# Unavailable explained once: the tier table, not the medal section
! grep -qF "reviewed but not tested, because they declined or had no capacity" "$T/home" &&
    grep -qF "Of all the providers reviewed for 3.0, 32 are Unavailable: reviewed, but not tested, so not rated." "$T/home" &&
    ! grep -qF "the tier's meaning gives the reasons" "$T/home" && ! grep -qF "the tier’s meaning" "$T/home" &&
    grep -qF 'href="methodology/index.html#tier-unavailable">Unavailable</a>: reviewed, but not' "$T/s/index.html"
check "what Unavailable means: in the tier table, the medal section points to it" $?
# "the last tier SemiAnalysis recommends": once, in Bronze's meaning
[ "$(count "$T/pdf" "the last tier SemiAnalysis recommends")" = 1 ] &&
    grep -qF "Below Bronze, for a provider that does “the bare minimum” and no more. SemiAnalysis recommends Bronze but not this tier, and says no more of what separates the two; nor does it group this tier with the ones it calls Not Recommended." "$T/pdf"
check "Bronze, the last tier recommended, said once; the Participation Ribbon neither recommended nor Not Recommended" $?
# the 84/85 and 26/16 discrepancies in full once, elsewhere referred to
[ "$(count "$T/pdf" "cannot be identified")" = 1 ] &&
    [ "$(count "$T/pdf" "full table is an image")" = 1 ] &&
    grep -qF "The article has one review section more than it states: see the known discrepancies." "$T/pdf" &&
    ! grep -qF "its text names only part of the providers it reviewed" "$T/about"
check "the 2.0 and 1.0 discrepancies in full once (Known discrepancies), a reference elsewhere" $?
# the practices: not "the reviews do not say which providers follow" twice
[ "$(count "$T/pdf" "which providers follow")" = 1 ]
check "that no review says who follows the practices: once" $?

# jargon where it is first used (PDF review 8, site review 11)
first() { grep -oF -- "$2" "$1" | head -n 1; }
cve=$(grep -o 'CVE[^-]' "$T/pdf" | head -n 1)
grep -qF "listed as CVE-2025-23266; a CVE is an entry in the public list of known security flaws" "$T/pdf" &&
    python3 - "$T/pdf" <<'PY'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
body = t[t.index("This report counts with four words"):]   # past the contents page
at = body.index("a CVE is an entry")
sys.exit(0 if body.find("CVE") >= body.find("NVIDIAScape") and body.find("CVE") < at else 1)
PY
check "CVE explained where first used, with NVIDIAScape" $?
grep -qF "neoclouds (newer clouds built mainly to rent out GPUs)" "$T/pdf" &&
    grep -qF "no SOC 2 or ISO 27001 (the usual security audit and certification)" "$T/pdf" &&
    grep -qF "broken RDMA (the direct memory-to-memory transfers between nodes that large training jobs rely on)" "$T/pdf" &&
    grep -qF "a PCIe reset, which restarts the link between a GPU and the rest of the server" "$T/pdf" &&
    grep -qF "a faulty storage NIC (the network card that links a node to its storage)" "$T/pdf" &&
    grep -qF "of HyperPod, one of AWS’s offerings, he said it was “not that great”" "$T/pdf" &&
    ! grep -qF "schedulable" "$T/pdf" && ! grep -rqF "schedulable" "$T/s" --include=*.html
check "neocloud, SOC 2 / ISO 27001, RDMA, PCIe reset, NIC, HyperPod explained; no 'schedulable'" $?
# the security article's "quite a few" is its own words, attributed
grep -qF "On “quite a few” of them, in the article’s words" "$T/pdf" &&
    ! grep -qF "on quite a few clouds," "$T/pdf"
check "'quite a few' attributed, not the report's own count" $?

# the talk named one way, the AWS quote not repeated
! grep -qF "October 2026 talk" "$T/pdf" && ! grep -qF "Runtime 2026 talk" "$T/pdf" &&
    grep -qF "gave the same three counts at 9:54 of a talk at Modal Runtime 2026, in San Francisco on 1 October 2026 (Compute, capital, and who actually delivers it); its part on ClusterMAX runs from 9:48 to 13:10." "$T/pdf" &&
    ! grep -qF "), the Modal Runtime talk," "$T/pdf" &&
    ! grep -qF "this report calls it" "$T/pdf" &&
    [ "$(count "$T/pdf" "not that great")" = 1 ]
check "the talk: introduced once, in San Francisco, no appositive after its title; 'the Modal Runtime talk' after; the HyperPod remark once" $?
# the featured providers: why these nine, and that the chart leaves moves out
grep -qF "The chart follows nine providers, chosen for what the sources say of them: the seven the talk names" "$T/home" &&
    ! grep -qF "providers this report features" "$T/home" &&
    grep -qF "It leaves out the other movers, among them GMI Cloud, up, and Vultr, down two steps; the movers table after it gives every move." "$T/home" &&
    grep -qF "The 9 providers the report features, of 50 reviewed in both editions and rated in at least one." "$T/s/index.html" &&
    grep -qF "The 9 providers the report features, of 50 reviewed in both editions and rated in at least one." "$T/pdf" &&
    ! grep -qF "rated in at least one.…" "$T/pdf"
check "the movement chart: why these nine, and where the other moves are" $?
# steps across a tier an edition adds (site review 14)
grep -qF "Steps. Movement between two editions is counted in steps on the later edition’s ladder, any tier that edition adds included. Unavailable is not a step: a provider that enters or leaves it has no move counted." "$T/meth" &&
    ! grep -qF "is down 1, and Silver to it" "$T/meth"
check "methodology: how steps count across an added tier, in general" $?
# one wording of the detection target (site review 10)
grep -qF "targets are to detect the fault within 2 minutes and to replace the node within 1 hour" "$T/home" &&
    ! grep -qF "about 2 minutes" "$T/home"
check "the detection target: within 2 minutes, one wording" $?
# two dates (site review 16): the edition's, said as the edition's
grep -qF "Every tier here is SemiAnalysis’s. It published ClusterMAX 3.0 on 23 September 2026" "$T/home" &&
    grep -qF "the edition this report reads, published 23 September 2026" "$T/home"
check "the edition's date said as the edition's" $?
# comma splice (PDF review 17)
grep -qF "Some well-known names fell, among them Microsoft Azure, Crusoe and Amazon Web Services." "$T/home"
check "no comma splice in the Summary" $?

# sentences the reviews flagged
text "$T/s/providers/crusoe/index.html" >"$T/crusoe"
grep -qF "neither the review nor the talk gives a reason for it." "$T/crusoe" &&
    ! grep -qF "this report records no reason" "$T/crusoe"
check "Crusoe: the sources give no reason, not 'this report records none'" $?
text "$T/s/providers/digitalocean/index.html" >"$T/do"
grep -qF "DigitalOcean missed the first injection, caught a later one and had a healthy node back in service after 50m (inside the 1h target)." "$T/do" &&
    grep -qF "A fix was made between the two injections; the time is counted from the later one." "$T/do" &&
    ! grep -qF "The first injection went unnoticed." "$T/do"
check "DigitalOcean: the result once, in the statement; the note adds the fix (PDF review 7, items 2 and 3)" $?
# each failure-test note adds what the statement cannot say, not the
# statement again (PDF review 7, item 3)
for p in aws crusoe google hyperstack lambda nebius oracle tensorwave; do
	text "$T/s/providers/$p/index.html" >"$T/ft"
	n=$(grep -c "detected the fault\|Detected at once\|No timing given\|The review gives no timing\|Detection was reported as instant\|A spare node was back in service at 52m" "$T/ft")
	[ "$n" = 1 ] || { echo "# $p: $n lines say the detection or the timing"; false; }
	check "$p: the failure test's result said once" $?
done
text "$T/s/providers/crusoe/index.html" >"$T/ft"
grep -qF "Crusoe detected the fault (no time given)." "$T/ft" &&
    grep -qF "The review calls the detection quick. A replacement node arrived within hours, but it came with a faulty storage NIC." "$T/ft"
check "Crusoe: '(no time given)' in the statement, 'quick' in the note" $?
grep -qF "Salad Cloud’s tier there, Underperforming" "$T/pdf" &&
    grep -qF "is inferred from the article’s layout and is uncertain." "$T/pdf"
check "Salad Cloud: which tier is inferred" $?
text "$T/s/providers/sesterce/index.html" >"$T/sesterce"
grep -qF "Not launched yet or not yet tested. SemiAnalysis reviewed Sesterce for ClusterMAX 3.0 but could not test it, and so did not rate it." "$T/sesterce" &&
    ! grep -qF "reasons together" "$T/sesterce"
check "Sesterce: the two reasons, without the parenthetical (said once on the changes page)" $?
text "$T/s/editions/3.0/changes/index.html" >"$T/ch3"
[ "$(grep -o "where it gives two together, it does not say which applies" "$T/ch3" | wc -l)" = 1 ] &&
    ! grep -qF "reasons together" "$T/ch3" &&
    grep -qF "The reasons why a provider was not rated are SemiAnalysis’s, worded as it gives them; where it gives two together, it does not say which applies." "$T/ch3"
check "the changes page: the paired reasons explained once, not after each (PDF review 7, item 5)" $?
grep -qF "GMI Cloud: ● Bronze to ● Silver (↑ up 1)." "$T/ch3" &&
    grep -qF "Gcore: ● Silver to ● Bronze (↓ down 1)." "$T/ch3" &&
    grep -qF "Crusoe: ● Gold to ● Bronze (↓ down 2)." "$T/ch3" &&
    [ "$(grep -c "Its review gives no reason for the move" "$T/ch3")" = 0 ] &&
    [ "$(grep -o "Where no reason follows a move up or down, its review gives none." "$T/ch3" | wc -l)" = 1 ]
check "the changes page: that a mover's review gives no reason is said once, in its intro, not after each of 12 (site review 8, item 3)" $?
text "$T/s/providers/gmi/index.html" >"$T/gmi"
grep -qF "Its review gives no reason for the move." "$T/gmi"
check "GMI Cloud's page: its review gives no reason for the move" $?
text "$T/s/providers/lightning/index.html" >"$T/lightning"
grep -qF "Voltage Park merged into Lightning before this edition." "$T/lightning" &&
    ! grep -qF "Lightning has merged with Voltage Park" "$T/lightning"
check "the merger in one direction: Voltage Park into Lightning" $?
text "$T/s/providers/fpt/index.html" >"$T/fpt"
! grep -qF "the finding below" "$T/fpt"
check "FPT: no 'the finding below'" $?
# an entry whose text is its security finding says the finding once, as
# the finding; its text says where the finding comes from (PDF review 7)
grep -qF "Partition keys are the settings that keep each customer’s traffic apart on a shared InfiniBand network." "$T/fpt" &&
    grep -qF "Partition keys not configured correctly. Made public in How Much Do GPU Clusters Really Cost? ... ClusterMAX 2.1 Update, April 2026 (the day is not known)." "$T/fpt" &&
    ! grep -qF "Its security finding is not from the 3.0 review" "$T/fpt"
check "FPT: its finding labelled with its own source and date; its text explains partition keys (site review 7, item 9)" $?
text "$T/s/providers/vultr/index.html" >"$T/vultr"
[ "$(grep -oi "applicable CVEs" "$T/vultr" | wc -l)" = 1 ]
check "Vultr: its finding once" $?
# a tier a partial edition before does not give: said plainly, once in its
# row (site review 6: "its tier in the edition before is not known")
grep -qF "— not named in the edition before" "$T/vultr" &&
    ! grep -rqF "its tier in the edition before is not known" "$T/s" --include=*.html
check "no movement from a partial edition: 'not named in the edition before'" $?
# fourth reader review (PDF and site B+): each thing said once, where the
# reader first needs it, referred to after
text "$T/s/security/index.html" >"$T/sec"
text "$T/s/providers/google/index.html" >"$T/google"
text "$T/s/providers/together/index.html" >"$T/together"
# the Participation Ribbon introduced once as new below Bronze (the Summary),
# not again in the tier's meaning, the medal section or the methodology
[ "$(count "$T/pdf" "A new tier below Bronze, the Participation Ribbon")" = 1 ] &&
    ! grep -qF "added below Bronze in ClusterMAX 3.0" "$T/pdf" &&
    ! grep -qF "Added in ClusterMAX 3.0 below Bronze" "$T/pdf" &&
    ! grep -qF "Participation Ribbon, added in 3.0" "$T/pdf" &&
    grep -qF "Those rated below the medals all went to the Participation Ribbon, none lower:" "$T/pdf"
check "the Participation Ribbon introduced as new once, in the Summary" $?
# Bronze and the Ribbon told apart only as far as SemiAnalysis does
grep -qF "SemiAnalysis recommends Bronze but not this tier, and says no more of what separates the two" "$T/meth"
check "Bronze and the Ribbon: what separates them, and that SemiAnalysis says no more" $?
# Together AI's reason: given by its review (under the movers table and in
# its entry), not told again by the commentary
! grep -qF "whose fall the 3.0 review explains" "$T/pdf" &&
    grep -qF "Together AI, the one fall whose reason its review states" "$T/home" &&
    [ "$(count "$T/home" "reliability issues")" = 1 ]
check "Together AI's reason: the commentary does not repeat it" $?
# Google Cloud's Bronze in 1.0, as Dylan Patel recalled: once, in its entry
[ "$(count "$T/pdf" "as Dylan Patel recalled")" = 1 ] &&
    [ "$(count "$T/home" "as Dylan Patel recalled")" = 0 ] &&
    grep -qF "as Dylan Patel recalled" "$T/google"
check "Google Cloud's first-edition Bronze recalled once, in its entry" $?
# a section a page of its own gives in full: the home page gives only its
# first paragraph, so the detail is said once, on that page
grep -qF "Shortly before ClusterMAX 3.0, SemiAnalysis published a security article" "$T/home" &&
    ! grep -qF "Across the 25 providers and 32 clusters" "$T/home" &&
    [ "$(count "$T/sec" "Across the 25 providers and 32 clusters")" = 1 ] &&
    ! grep -qF "Categories, no score" "$T/home" && [ "$(count "$T/meth" "A relative rating.")" = 1 ]
check "security and methodology: the home page gives the opening paragraph only" $?
# the steps rule where it is first used (before the movement chart), the
# methodology stating it in general
python3 - "$T/pdf" <<'PY'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
t = t[t.index("This report counts with four words"):]
rule = t.index("A move is counted in steps on the 3.0 ladder, the new tier included: Bronze to the Participation Ribbon is down 1, and Silver to it, Vultr’s fall, is down 2. Going into or out of Unavailable is not a move")
chart = t.index("Movement from ClusterMAX 2.0 to ClusterMAX 3.0")
sys.exit(0 if rule < chart and "Fluidstack, Gold in 2.0 and not tested for 3.0, has no move counted." in t else 1)
PY
check "how steps count: before the movement chart, with Fluidstack's no-move" $?
# the bound rule beside the failure-test chart; the chart does draw a bound
python3 - "$T/pdf" <<'PY'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
t = t[t.index("This report counts with four words"):]
rule = t.index("In the chart, a filled marker is a time the review states and a hollow one is a bound.")
chart = t.index("Failure-test timings, ClusterMAX 3.0")
meth = t.index("How results are recorded.")
full = "a bound meets a target only if it is at or under it, so whether Moonlite met the 2-minute target is not known."
ok = rule < chart < meth and "never drawn as a time" not in t and \
    t.count("at or under it") == 1 and rule < t.index(full) < chart and \
    "A time the review gives only as a bound stays a bound, as the failure test explains." in t[meth:]
sys.exit(0 if ok else 1)
PY
check "a bound: explained in full once, beside the failure-test chart; the methodology refers to it" $?
# XID, DCGM and HGX defined where first used; no separate Terms paragraph;
# the targets' HGX limit once in the section, and in the methodology
grep -qF "a synthetic XID (an error code of NVIDIA’s GPU driver) written to the kernel log, an error injected through DCGM (NVIDIA’s Data Center GPU Manager, its tool for watching a server’s GPUs), or a PCIe reset" "$T/pdf" &&
    grep -qF "On HGX systems (servers built to NVIDIA’s design for a board of several GPUs), SemiAnalysis’s targets are to detect the fault within 2 minutes" "$T/pdf" &&
    grep -qF "Nebius’s test ran on a GB300 rack (a whole rack of servers built to an NVIDIA design as one system), not on an HGX system" "$T/pdf" &&
    [ "$(count "$T/pdf" "DCGM")" = 1 ] &&
    ! grep -qF "Terms." "$T/pdf" && ! grep -qF "targets are set for HGX systems" "$T/home" &&
    grep -qF "The failure-test targets, detect within 2 minutes and replace within 1 hour, are SemiAnalysis’s for HGX systems" "$T/meth"
check "XID, DCGM (expanded), HGX and GB300 defined at first use; the targets' HGX limit in the methodology" $?
grep -qF "Partition keys keep each customer’s traffic apart on a shared InfiniBand network, the fast network that links the GPU servers of a cluster." "$T/sec"
check "InfiniBand explained" $?
# wording that read like software output
! grep -qF "published no tier that can be read" "$T/pdf" &&
    ! grep -qF "published no tiers that can be read" "$T/pdf" &&
    grep -qF "The 2.1 update of April 2026 added providers, but its ranking table is an image and none of its tiers is known" "$T/pdf" &&
    ! grep -qF "is not listed here" "$T/pdf" && ! grep -qF "never drawn as a time" "$T/meth"
check "no 'no tier that can be read', no 'not listed here'" $?
# typographic quotes in the commentary, none straight
! grep -qF '"quite a few"' "$T/pdf" && ! grep -qF '"within 11' "$T/pdf" &&
    ! grep -qF '"rated"' "$T/pdf" && grep -qF "says “rated” for every provider reviewed, this report says “reviewed”" "$T/pdf"
check "curly quotes in the commentary" $?
# what the report takes from each source, on the About page
grep -qF "What each source gives." "$T/about" &&
    grep -qF "FPT’s security finding alone." "$T/about" &&
    grep -qF "The video was posted on 2 November 2026, but this report has no address for it, so those times are not links." "$T/about"
check "About: what each source gives" $?
# Salad Cloud's uncertain 1.0 tier: drawn as a dashed ring, as a bound is
# drawn hollow, and its text says so; a certain history draws no dash
# (Massed Compute, Underperforming in each edition) (site review 7, item 15)
grep -qF "<desc>Salad Cloud: Underperforming in ClusterMAX 1.0 (uncertain, drawn as a dashed ring), Underperforming in ClusterMAX 2.0." "$T/s/charts/history-salad.svg" &&
    grep -q "stroke-dasharray" "$T/s/charts/history-salad.svg" &&
    ! grep -q "stroke-dasharray" "$T/s/charts/history-massed-compute.svg" &&
    grep -qF "no change, as far as is known" "$T/s/providers/salad/index.html"
check "Salad Cloud: the uncertain tier a dashed ring in the chart, said in its text; the move 'as far as is known'" $?
# the history table's link to a review says where it goes, as the review's
# heading says it (site review 7, item 5)
grep -qF '<a href="#review-3.0">Review, ClusterMAX 3.0</a>' "$T/s/providers/nebius/index.html" &&
    grep -qF '<h2 id="review-3.0-title">Review, ClusterMAX 3.0 ' "$T/s/providers/runpod/index.html" &&
    ! grep -rqF "review below" "$T/s/providers"
check "a review's link named as its heading; every review headed 'Review, <edition>'" $?
# the search index keeps a list's sentence breaks (site review 7, item 5)
grep -qF "169 tracked. 16 named in its text. 16 of them on the ladder. 14 of them with a medal." "$T/s/search/index.js"
check "search: the 1.0 funnel's steps as sentences, not run together" $?
# words10 (reader reviews 8, PDF and site): the lede and the Summary say
# how much of the fall is attrition: of the 19 medal holders of 2.0 that
# lost their medal (37 - 18 kept), 10 were not tested or not reviewed
# again and 9 were rated lower; 10 / 19 = 52.6%, more than half
grep -qF "More than half of that is not a higher bar: of the 2.0 medal holders that lost their medal, 10 were not tested or not reviewed again and 9 were rated lower; 18 kept a medal." "$T/home" &&
    grep -qF "More than half of the 2.0 medal holders that lost their medal were not tested or not reviewed again, rather than marked down." "$T/pdf" &&
    grep -qF "so 10, more than half of those that lost a medal, left the ladder without a new tier rather than being marked down." "$T/pdf" &&
    ! grep -qF "Not all of that is a higher bar" "$T/pdf" && ! grep -qF "About half of the fall" "$T/pdf"
check "the lede, Summary and medal section: more than half of the lost medals went untested or unreviewed (10 of 19)" $?
# the Summary: SemiAnalysis states the counts, the report counts them
grep -qF "with the numbers of providers it tracked, reviewed and gave a medal; this report counts the last two from the reviews." "$T/pdf" &&
    ! grep -qF "given a medal are its own" "$T/pdf"
check "the Summary agrees with the methodology: medals counted from the reviews, the stated figures checked" $?
# the failure test: after the chart, only what it cannot show, then the
# entries; Hyperstack's bound not restated as "under a second"
python3 - "$T/pdf" <<'PY2'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
t = t[t.index("This report counts with four words"):]
a = t.index("Some results the chart cannot show:")
b = t.index("Each provider’s entry gives the rest: the timings its review states, and in words any result that has no number.")
run = t[a:b]
ok = ("faulty storage NIC" in run and "could not be injected at all" in run and
      "GB300 rack" in run and "one-click approval, not from the fault" in run and
      "Hyperstack" not in run and "Together AI" not in run and
      "under a second" not in t and "43" not in run)
sys.exit(0 if ok else 1)
PY2
check "the failure test: the bullets keep what the chart cannot show (Crusoe, Runpod, Nebius, TensorWave) and point to the entries" $?
# 1.0: what is not measured, and that a named provider's move is shown
grep -qF "so this report gives no medal share for 1.0 and measures no change in its totals; a provider the 1.0 article names has its move to 2.0 shown." "$T/s/editions/index.html" &&
    grep -qF "1.0 is partial here: it has no medal share and no change in its totals is measured, though each provider it names has its move to 2.0 shown." "$T/pdf" &&
    ! grep -rqF "no change from or to it" "$T/s" --include=*.html && ! grep -qF "no change from it" "$T/home"
check "1.0: no medal share, no change in its totals; a named provider's move shown" $?
grep -qF "Edition 1.0 is incomplete here" "$T/about"; check "About: the 1.0 discrepancy not said again" $((1 - $?))
# the 32 Unavailable reviews: the reason, then a sentence about the provider
text "$T/s/providers/mistral/index.html" >"$T/mistral"
text "$T/s/providers/fluidstack/index.html" >"$T/fluidstack"
text "$T/s/providers/alibaba/index.html" >"$T/alibaba"
grep -qF "Not launched yet or not yet tested. SemiAnalysis reviewed Mistral for ClusterMAX 3.0 but could not test it, and so did not rate it." "$T/mistral" &&
    grep -qF "Refused testing or had no capacity to offer. SemiAnalysis reviewed Fluidstack for ClusterMAX 3.0 but could not test it, and so did not rate it." "$T/fluidstack" &&
    grep -qF "Not tested, for reasons of geography or regulation. SemiAnalysis reviewed Alibaba Cloud for ClusterMAX 3.0 but could not test it, and so did not rate it." "$T/alibaba" &&
    [ "$(grep -l "and so did not rate it" "$ROOT"/content/reviews/3.0/*.yaml | wc -l)" = 32 ] &&
    [ "$(grep -l "^tier: unavailable" "$ROOT"/content/reviews/3.0/*.yaml | wc -l)" = 32 ]
check "the 32 Unavailable reviews: each a sentence about its provider after SemiAnalysis's reason" $?
# Vultr: the finding first; FPT: what was found and when, then the gloss
grep -qF "Review, ClusterMAX 3.0 # The 3.0 cycle’s security checks found that the machine image Vultr supplied carried libraries with publicly listed security flaws (CVEs) that affect the versions installed." "$T/vultr" &&
    ! grep -qF "Its finding comes from" "$T/vultr" &&
    grep -qF "The ClusterMAX 2.1 update of April 2026 found that FPT’s partition keys were not configured correctly. Partition keys are the settings" "$T/fpt"
check "Vultr: the finding before where it comes from; FPT: the finding and its date, then the gloss" $?
# RunSun: its side of the 3.0 Unavailable-list discrepancy; Oracle: CVE glossed
text "$T/s/providers/runsun/index.html" >"$T/runsun"
text "$T/s/providers/oracle/index.html" >"$T/oracle"
grep -qF "RunSun has no review in ClusterMAX 3.0, although the 3.0 report’s summary lists of Unavailable providers still name it." "$T/runsun" &&
    grep -qF "whose installed libraries had no applicable CVEs (publicly listed security flaws that affect the versions installed)." "$T/oracle"
check "RunSun: its side of the 3.0 list discrepancy; Oracle: CVEs glossed" $?
# Lambda's XID 79 glossed; 'new in 3.0' against the 2.1 update
text "$T/s/providers/lambda/index.html" >"$T/lambda"
grep -qF "then a real XID 79 (an error code of NVIDIA’s GPU driver) from a PCIe reset." "$T/lambda" &&
    grep -qF "For the same reason, “new in 3.0” means new since 2.0: a provider it lists as new may have been added first by the 2.1 update." "$T/meth" &&
    grep -qF "a talk at Modal Runtime 2026, in San Francisco on 1 October 2026" "$T/home"
check "XID 79 glossed on Lambda; 'new in 3.0' may include the 2.1 update's; Modal Runtime 2026 introduced" $?
# security: "quite a few" providers, one of them described closely, the
# one storage row of the table
text "$T/s/security/index.html" >"$T/sec2"
grep -qF "Of the providers whose customers’ storage was reached, that one is the only case the article describes closely, so it is the table’s one row on storage." "$T/sec2" &&
    grep -qF "Cross-tenant storage access at one unnamed provider, exposing data of other customers, among them a national intelligence agency’s;" "$T/sec2"
check "security: several providers reached, one described closely, one table row" $?
# Unavailable under Not Recommended: the grouping is SemiAnalysis's
grep -qF "It is not a step on the rating ladder: SemiAnalysis groups it with Underperforming as Not Recommended, though its providers were not tested." "$T/meth"
check "Unavailable: SemiAnalysis's Not Recommended grouping, though untested" $?
# no straight apostrophe in the strings the reviews flagged
! grep -rqF "Together AI&#39;s" "$T/s" --include=*.html && ! grep -qF "Together AI's" "$T/pdf" &&
    ! grep -qF "NVIDIA's" "$T/pdf" && ! grep -qF "report's summary lists" "$T/pdf" &&
    ! grep -rn "[a-z]'[a-z]" "$ROOT"/content/commentary "$ROOT"/content/pages >/dev/null
check "curly apostrophes in the flagged strings and the commentary" $?
# one dash before the words of a move that has no step: not rated and not
# named read alike, the words telling them apart (site review 8, item 13)
grep -qF '<span aria-hidden="true">—</span> not rated in this edition' "$T/s/providers/atlas/index.html" &&
    ! grep -rqF '<span aria-hidden="true">–</span>' "$T/s/providers" --include=index.html
check "movement without a step: one dash, the em dash" $?
# the failure-test data: a replacement that did not happen reads "not
# replaced", as the chart's label and the entry say, not "not stated"
# (Oracle left it to the user, Azure gave none; site review 8, item 2)
for p in oracle azure; do
	grep -F "<tr><td data-label=\"Provider\"><a href=\"providers/$p/index.html\">" "$T/s/index.html" |
	    grep -qF '<td data-label="Replaced" class="num">not replaced</td>'
	check "failure-test data: $p's replacement 'not replaced'" $?
done
exit $fail
