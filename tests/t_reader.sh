#!/bin/sh
# t_reader.sh: what a reader sees in the default report and the fixture:
# a partial edition (named counts, no shares, no change, "unlisted"), upper
# bounds and faults not injected in words, columns hidden when empty, each
# home block once, link previews and the feed, the 404 page's links.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
hasnt() { if grep -qF -- "$2" "$1"; then nok "$3"; else ok "$3"; fi; }
count() { n=$(grep -oF -- "$2" "$1" | wc -l); [ "$n" -eq "$3" ] && ok "$4" || nok "$4 ($n, not $3)"; }

if ! "$PODIUM" build -q -C "$ROOT" -o "$T/s" 2> "$T/err"; then
	echo "not ok - default report builds"
	cat "$T/err"
	exit 1
fi
S=$T/s
# 1.0 is partial: 16 named of 26 stated, no share, no change from it
has "$S/editions/1.0/index.html" '<span class="value">26</span> <span class="detail">stated, 16 of them named</span>' "partial edition: the stated reviews, the named among them, each figure once"
# each note once, under the strip, not in its cards; no heading over
# nothing on the first edition (reader review #18, #19)
n=$(grep -c 'article names only some of its reviews in its text' "$S/editions/1.0/index.html")
[ "$n" = 1 ] && grep -qF '<p class="figures-note">The 1.0 article names only some of its reviews in its text (see the known discrepancies)' "$S/editions/1.0/index.html" &&
    ! grep -q '<span class="note">' "$S/editions/1.0/index.html" "$S/editions/2.0/index.html" &&
    [ "$(grep -c 'The article has one review section more than it states: see the known discrepancies.' "$S/editions/2.0/index.html")" = 1 ] &&
    grep -q '<span class="value">85</span> <span class="detail">84 stated; 40.7% of 209 providers tracked</span>' "$S/editions/2.0/index.html" &&
    ! grep -q 'id="movers"' "$S/editions/1.0/index.html" &&
    ! grep -q 'id="claims"' "$S/editions/1.0/index.html" &&
    grep -q 'id="claims"' "$S/editions/2.0/index.html"
r=$?
[ "$r" = 0 ] && ok "each figure's note once, under the strip; no empty movers or claims section on 1.0" ||
    nok "each figure's note once, under the strip; no empty movers or claims section on 1.0 ($n)"
has "$S/editions/1.0/index.html" '<span class="value">14</span> <span class="detail">of the 16 providers named</span>' "partial edition: medals among those named, 'named' said once"
hasnt "$S/editions/1.0/index.html" 'Share of reviewed providers with a medal' "partial edition: no share"
# one base for the headline share (reader review of the site #8, of the
# PDF #2): the lede's, of the rated (19 of 45; 37 of 60 in 2.0), first,
# with the edition before's; each share names its base
has "$S/index.html" '<dt>Medals</dt>' "home: the medals, labelled so"
has "$S/index.html" '<dd><span class="value">19</span> <span class="detail">42.2% of 45 rated, against 61.7% of 60 rated in ClusterMAX 2.0</span></dd>' "home: 19 medals, 42.2% of 45 rated, against 61.7% of 60 in 2.0, as the lede"
has "$S/editions/2.0/index.html" '<dd><span class="value">37</span> <span class="detail">61.7% of 60 rated</span></dd>' "2.0: 37 medals, 61.7% of 60 rated (no change against the partial 1.0)"
hasnt "$S/editions/1.0/index.html" 'Share of rated providers with a medal' "partial edition: no share of the rated either"
# a cordon is not a drain (reader reviews: Hyperstack's 1h30m)
has "$S/providers/hyperstack/index.html" 'The sick node was cordoned by hand at 1h30m, so that no new work was sent to it; a cordon is not a drain.' "Hyperstack: the cordon in words"
hasnt "$S/providers/hyperstack/index.html" 'class="num">1h30m</td>' "Hyperstack: 1h30m is no drain time"
# an inferred tier is not called published (Salad Cloud's 1.0 tier)
hasnt "$S/providers/salad/index.html" 'as published' "Salad Cloud: its inferred 1.0 tier is not 'as published'"
has "$S/providers/salad/index.html" 'Source: <a href="../../sources/index.html#clustermax-1.0">' "... its source named"
# a review says what the facts say, not the move again (reader reviews)
hasnt "$S/providers/nebius/index.html" 'Moved up to Platinum' "Nebius: the move not said again as its review"
has "$S/providers/nebius/index.html" 'Nebius now shares the top of the ladder with CoreWeave' "Nebius: its review"
hasnt "$S/providers/fpt/index.html" 'First rated in 3.0' "FPT: 'rated for the first time' said once"
hasnt "$S/index.html" 'Why Crusoe moved' "home: no 'Why Crusoe moved' over a sentence that gives no reason"
# no change from a partial edition: said in the movement section, not
# first thing on the 2.0 page (reader review of the site #8)
hasnt "$S/editions/2.0/index.html" 'Change in medals' "no change from a partial edition: no figure of it"
# the movers table's line says why those 1.0 does not name show no
# movement: the edition's note is not said again above it (issue 27: the
# 1.0 caveat at most once a page)
hasnt "$S/editions/2.0/index.html" 'class="baseline-note"' "... said once, by the movers table's line, not the 1.0 note again"
n=$(grep -c 'names only some' "$S/editions/2.0/index.html")
[ "$n" = 1 ] && ok "... the 2.0 page gives the 1.0 caveat once ($n)" || nok "... the 2.0 page gives the 1.0 caveat once ($n)"
n=$(grep -c 'The count is of the providers its text names: see the known discrepancies.' "$S/editions/1.0/index.html")
[ "$n" = 0 ] && ok "the 1.0 page: the claim's note that repeats the edition's note is left out ($n)" ||
    nok "the 1.0 page: the claim's note that repeats the edition's note is left out ($n)"
hasnt "$S/editions/2.0/index.html" '164.3%' "no percent change from a partial edition"
count "$S/editions/2.0/index.html" 'For 70 providers reviewed in ClusterMAX 2.0, no movement is shown' 1 "against a partial baseline, why the providers with no review there show no movement, once"
n=$(grep -c '"status": "unlisted"' "$S/data/ratings.json")
[ "$n" -eq 70 ] && ok "ratings.json: 70 unlisted in 2.0" || nok "ratings.json: 70 unlisted in 2.0 ($n)"
n=$(grep -c '"status": "new"' "$S/data/ratings.json")
[ "$n" -eq 31 ] && ok "ratings.json: new only in 3.0 (31)" || nok "ratings.json: new only in 3.0 ($n)"
# upper bounds and no injection
has "$S/providers/moonlite/index.html" 'Moonlite detected the fault within 11m (a bound, so whether it met the 2m target is not known) and had a healthy node back in service after 57m (inside the 1h target).' "an upper bound over the target: within 11m, not known to meet it"
has "$S/providers/hyperstack/index.html" 'Hyperstack detected the fault within 1s (inside the 2m target) and had a healthy node back in service after 52m (inside the 1h target).' "an upper bound under the target: inside it"
has "$S/providers/runpod/index.html" "<p>The fault could not be injected: the test had no access to the kernel log.</p>" "injected: false with a note: the note says it, once"
hasnt "$S/providers/runpod/index.html" 'Not injected' "... not three times"
hasnt "$S/providers/runpod/index.html" 'Timings after injection' "... and has no timings table"
# review 15: no table when no step has a time (the note says so); no blank
# Result cell (a timed step with no target says so)
has "$S/providers/oracle/index.html" 'Oracle detected the fault (no time given) and did not replace the node.' "a failure test with no times (Oracle 3.0) says so ..."
hasnt "$S/providers/oracle/index.html" 'Timings after injection' "... with no table of dashes"
hasnt "$S/providers/oracle/index.html" 'no time recorded' "... nor 'no time recorded' cells"
# reader review of the failure test #6: a step with no target shows nothing
# there (a dash), not program words ("none", "no target"); a time not given
# has nothing to judge (no "no time recorded"). Issue 27 (review item 3): a
# short caption, the dash speaks for itself; one timed step is a sentence,
# not a table of "not stated" rows (Azure: the drain alone)
has "$S/providers/tensorwave/index.html" '<p class="fault-intro">TensorWave detected the fault at once (inside the 2m target) and had a healthy node back in service 43m after a person approved the replacement (timed from the approval, so not held against the 1h target).</p>' "the failure test in one statement, each time with its target (PDF review 7, item 3)"
hasnt "$S/providers/tensorwave/index.html" "Timings after injection" "... no table of timings saying it again"
has "$S/providers/azure/index.html" '<p class="fault-intro">Microsoft Azure detected the fault (no time given), drained the node at once and did not replace it.</p>' "Azure: the drain's time in the statement, not 'Of the three steps, only the drain is timed'"
hasnt "$S/providers/azure/index.html" 'Of the three steps' "... no sentence saying which step is timed"
has "$S/providers/lambda/index.html" '<p class="fault-intro">The test injected two synthetic XIDs, then a real XID 79 (an error code of NVIDIA’s GPU driver) from a PCIe reset. Lambda detected the fault (no time given) and had a healthy node back in service after 2h (over the 1h target).</p>' "... over its target; a fault other than the usual one is named"
has "$S/providers/gmo/index.html" '<p class="fault-intro">GMO did not detect the fault.</p>' "nobody detected it: a sentence about the provider, not 'Nobody detected the fault.'"
hasnt "$S/providers/azure/index.html" '>no target<' "... no 'no target'"
hasnt "$S/providers/azure/index.html" 'no time recorded' "... nor 'no time recorded'"
# Issue 27, site review 2-4: nobody "holds" a tier off the ladder; every
# review, a one-sentence one (a rename) too, is headed "Review, <edition>",
# one heading whatever the data (site review 7, item 5); the tier's
# definition is not pasted as a provider page's lede (its name links there)
has "$S/providers/humain/index.html" '<span class="glyph" aria-hidden="true">◌</span> Unavailable</span></a> in ClusterMAX 3.0, as in ClusterMAX 2.0.</p>' "Unavailable in two editions: 'as in', not 'held since'"
hasnt "$S/providers/humain/index.html" 'held since' "... no 'held since' for Unavailable"
has "$S/providers/verda/index.html" '>Review, ClusterMAX 1.0 <a class="anchor"' "a rename note is headed as every review is"
hasnt "$S/providers/verda/index.html" 'Note, ClusterMAX 1.0' "... not 'Note'"
hasnt "$S/providers/runpod/index.html" 'bare minimum' "no tier definition pasted as the lede of a Participation Ribbon page"
has "$S/providers/runpod/index.html" 'href="../../methodology/index.html#tier-ribbon"' "... its tier's name links to where tiers are defined"
# reader review #19: the methodology is told once: the tiers' meanings with
# the ladder (the methodology page), the method in the methodology notes;
# the About page and the notes point to them instead of retelling them
count "$S/methodology/index.html" 'can charge a premium' 1 "a tier's meaning on the methodology page"
count "$S/index.html" 'can charge a premium' 0 "... not retold in the home page's notes"
count "$S/methodology/index.html" 'publishes no weights' 1 "the method in the methodology notes (on the methodology page), once"
count "$S/index.html" 'publishes no weights' 0 "... not on the home page too"
count "$S/about/index.html" 'publishes no weights' 0 "... not retold on the About page"
count "$S/about/index.html" 'stands still' 0 "... nor the relative rating"
# reader review #27: a partial edition's summary without "(partial)"
has "$S/editions/index.html" '<p class="edition-meta"><time datetime="2025-03-26">26 March 2025</time> · only 16 named, 14 medals</p>' "editions index: 'only 16 named, 14 medals'"
hasnt "$S/editions/index.html" 'named (partial)' "... not '16 named (partial)'"
# reader review #27: a tier's group in a sentence, not a parenthesis
has "$S/methodology/index.html" '<span class="tier-group-name">Grouped as Not Recommended.</span>' "methodology: 'Grouped as Not Recommended.'"
hasnt "$S/methodology/index.html" '(Not Recommended)' "... not '(Not Recommended)' after the tier's name"
# reader review #23: a dash meant "not reviewed", "not stated", "does not
# apply" and "no reason given" at once; each is said in words
has "$S/providers/index.html" '<td data-value="999" data-label="ClusterMAX 3.0"><span class="none">not reviewed</span></td>' "providers index: an edition with no review says 'not reviewed'"
has "$S/providers/index.html" '<td data-value="999" data-label="ClusterMAX 1.0"><span class="none">not named</span></td>' "... a partial edition's, 'not named' (it may have reviewed the provider without naming it)"
flat() { sed 's/<[^>]*>/|/g' "$1" | tr -s '|' | tr -d '\n'; }
flat "$S/index.html" >"$T/home.flat"
has "$T/home.flat" '|Runpod|not injected|does not apply|does not apply|does not apply|does not apply|' "failure-test table: no fault injected, so no time applies"
has "$T/home.flat" '|Google Cloud|provider|no time given|not stated|not stated|not stated|' "... a detection with no time: 'no time given', as the page says it (site review 7, item 17); a time the review does not give: 'not stated'; nor whether recovery was automatic (reader review of the failure test #5: not 'not known')"
has "$T/home.flat" '|Crusoe|provider|no time given|not stated|not stated|not stated|' "... Crusoe's detection too, which its note calls quick"
count "$S/providers/index.html" '>—<' 0 "providers index: no dash"
python3 - "$S/index.html" >"$T/dash" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8").read()
print(len(re.findall(r"<td[^>]*>\u2014</td>", t)))
PY
# but the tiers-by-edition data's, a tier an edition did not have (the
# ribbon in 1.0 and 2.0, Unavailable in 1.0), which its caption explains
[ "$(cat "$T/dash")" = 3 ] && ok "home page: no table cell that is only a dash, but the 3 of tiers an edition did not have" ||
	nok "home page: no table cell that is only a dash, but the 3 of tiers an edition did not have ($(cat "$T/dash"))"
has "$S/index.html" '<caption>Reviews per tier and edition (—: the tier did not exist in that edition)</caption>' "... which the table's caption explains"
for f in "$S"/providers/*/index.html; do grep -q '<td></td></tr>' "$f" && echo "$f"; done >"$T/blank"
[ ! -s "$T/blank" ] && ok "no provider page has a blank last cell" || nok "no provider page has a blank last cell: $(cat "$T/blank")"
# reader review #3: CoreWeave, the top provider, has review text under its
# "review below"
has "$S/providers/coreweave/index.html" '<h2 id="review-3.0-title">Review, ClusterMAX 3.0 <a class="anchor"' "CoreWeave's 3.0 review has its Review heading"
has "$S/providers/coreweave/index.html" 'Alone at the top of the ladder in 2.0, CoreWeave shares it' "... and its words"
# review 24 headed a review whose only words are quotes by them; site
# review 7 (item 5) found a heading that changes with the data
# unpredictable: a quotes-only review is headed "Review" too, its quotes
# under their own heading (CoreWeave 3.0 without its summary)
mkdir -p "$T/q"
cp -R "$ROOT/content" "$T/q/content"
sed -i '/^summary:/,/^quotes:/{/^quotes:/!d}' "$T/q/content/reviews/3.0/coreweave.yaml"
"$PODIUM" build -q -C "$T/q" -o "$T/q/s" --only html 2>"$T/q/err" || nok "the report with a quotes-only review builds"
Q=$T/q/s/providers/coreweave/index.html
has "$Q" '<h2 id="review-3.0-title">Review, ClusterMAX 3.0 <a class="anchor"' "quotes only: the review's heading is 'Review', as on every page"
hasnt "$Q" 'Quotes, ClusterMAX 3.0' "... not 'Quotes, ClusterMAX 3.0'"
has "$Q" '<h3>Quotes</h3>' "... its quotes under their own heading"
has "$S/providers/nebius/index.html" '<h2 id="review-3.0-title">Review, ClusterMAX 3.0 <a class="anchor"' "a review with text keeps its Review heading"
has "$S/providers/nebius/index.html" '<h3>Quotes</h3>' "... and its Quotes heading"
python3 -c '
import re, sys
for f in sys.argv[1:]:
    for h in re.findall(r"<h2 id=\"review-[^\"]*-title\">([^<]*)<a ", open(f, encoding="utf-8").read()):
        if not h.startswith("Review, "):
            print(f, h)
' "$S"/providers/*/index.html >"$T/empty"
[ ! -s "$T/empty" ] && ok "every review headed 'Review, <edition>', whatever it holds" || nok "every review headed 'Review, <edition>': $(cat "$T/empty")"
# columns hidden when empty, and no empty review blocks
hasnt "$S/providers/aws/index.html" '>Score<' "no score column without a rubric"
hasnt "$S/providers/aws/index.html" 'Review, ClusterMAX 2.0' "an edition with only a tier has no review section"
has "$S/providers/aws/index.html" 'Source: <a href="../../sources/index.html#clustermax-2.0">ClusterMAX 2.0: The Industry Standard GPU Cloud Rating System</a>' "... it is folded into the history table, its source named"
hasnt "$S/security/index.html" '>Severity<' "no severity column when no finding has one"
hasnt "$S/security/index.html" 'severity-' "no empty severity badge"
hasnt "$S/security/index.html" '(, ' "no empty field in a finding's text"
hasnt "$S/security/index.html" '<th scope="col">Audit tool' "no practice column that is empty everywhere"
has "$S/security/index.html" '<p class="empty">The reviews of ClusterMAX 3.0 do not say which providers follow these practices.</p>' "the practices the report checks, none recorded: said once, after what each is"
# Salad's 1.0 tier is uncertain wherever it is shown
has "$S/editions/1.0/index.html" 'Salad Cloud</a> <abbr class="uncertain"' "uncertain tier marked in the medal table"
has "$S/providers/salad/index.html" '<abbr class="uncertain"' "uncertain tier marked on the provider's page"
has "$S/providers/index.html" '<abbr class="uncertain"' "uncertain tier marked in the providers index"
has "$S/data/ratings.json" '"uncertain": "inferred from the layout of the 1.0 article, not stated in its text"' "uncertain tier: the reason in ratings.json"
has "$S/data/ratings.csv" 'steps,status,uncertain' "uncertain tier: a last column in ratings.csv"
has "$S/data/ratings.csv" '1.0,salad,Salad Cloud,underperforming,false,,,,,new,"inferred from the layout of the 1.0 article, not stated in its text"' "... with Salad's reason on its 1.0 row"
has "$S/data/ratings.csv" '2.0,salad,Salad Cloud,underperforming,false,,,underperforming,0,same,' "... and empty on its 2.0 row"
# the home page: each block once, one name for the data
H=$S/index.html
count "$H" 'charts/distribution.svg' 1 "home: the distribution chart once"
count "$H" 'charts/movement.svg' 1 "home: the movement chart once"
count "$H" '<caption>Movers from' 1 "home: the movers table once"
count "$H" 'class="medal-table"' 1 "home: the medal table once"
hasnt "$H" '<summary>Data</summary>' "home: no disclosure called just Data"
dups=$(grep -o '<li><a href="#[^"]*">[^<]*' "$H" | sed 's/.*">//' | sort | uniq -d)
[ -z "$dups" ] && ok "home: no entry twice in the contents" || nok "home: contents entry twice: $dups"
# every page: description, link previews, favicon, downloads with sizes
for p in $(cd "$S" && find . -name '*.html' | sort); do
	for want in '<meta name="description" content="' '<meta property="og:title"' \
	    '<meta property="og:description"' '<meta property="og:image"' 'assets/favicon.svg' \
	    'report.pdf</a> ('; do
		grep -qF -- "$want" "$S/$p" || echo "$p: $want" >> "$T/missing"
	done
done
[ ! -s "$T/missing" ] && ok "every page: description, og tags, favicon, download sizes" ||
	{ nok "every page: description, og tags, favicon, download sizes"; head "$T/missing"; }
[ -f "$S/assets/favicon.svg" ] && ok "favicon written" || nok "favicon written"
# the 404 page without base_url: from the host's root, since a server
# gives it in place of a missing page at any depth (reader reviews 4 and 5)
has "$S/404.html" '<link rel="stylesheet" href="/assets/style.css">' "404 page: stylesheet from the root without base_url"
has "$S/404.html" '<a href="/index.html">Go to the report</a>' "404 page: report link from the root without base_url"
has "$S/404.html" '<a href="/providers/index.html">find a provider</a>' "404 page: providers link from the root without base_url"
hasnt "$S/404.html" 'href="assets/' "404 page: no link relative to the address it is served at"
has "$S/editions/index.html" 'href="../editions/3.0/index.html">ClusterMAX 3.0</a>' "editions index lists 3.0"
first=$(grep -o '<h2 class="edition-name"><a href="[^"]*">[^<]*' "$S/editions/index.html" | sed 's/.*">//' | tr '\n' ',')
[ "$first" = "ClusterMAX 3.0,ClusterMAX 2.0,ClusterMAX 1.0," ] && ok "editions index newest first" ||
	nok "editions index newest first ($first)"
has "$S/editions/2.0/index.html" 'rel="prev">← ClusterMAX 1.0</a>' "previous edition link"
has "$S/editions/2.0/index.html" 'rel="next">ClusterMAX 3.0 →</a>' "next edition link"
hasnt "$S/editions/3.0/index.html" 'rel="next"' "no next link from the newest"
[ ! -f "$S/feed.xml" ] && ok "no feed without base_url" || nok "no feed without base_url"

# The fixture has a base_url: absolute og:image, the feed, an absolute 404
F=$ROOT/tests/golden/site/project
if "$PODIUM" build -q -C "$F" -o "$T/f" 2> "$T/err"; then
	has "$T/f/index.html" '<meta property="og:image" content="https://example.org/tiny/charts/distribution.png">' "og:image absolute with base_url"
	# with base_url, the 404 page's links start at its path: right at any depth
	has "$T/f/404.html" '<link rel="stylesheet" href="/tiny/assets/style.css">' "404 page: stylesheet from base_url's path"
	has "$T/f/404.html" '<a href="/tiny/index.html">' "404 page: report link from base_url's path"
	hasnt "$T/f/404.html" 'href="assets/' "404 page: no relative link with base_url"
	# a base_url that is a host alone: its path is the server's root
	cp -R "$F" "$T/host"
	sed -i 's|^base_url: .*|base_url: https://example.org|' "$T/host/content/report.yaml"
	if "$PODIUM" build -q -C "$T/host" -o "$T/h" --only html 2> "$T/err"; then
		has "$T/h/404.html" '<link rel="stylesheet" href="/assets/style.css">' "404 page: a host-only base_url's path is /"
	else
		nok "the fixture builds with a host-only base_url"; head "$T/err"
	fi
	if need "feed.xml is well-formed XML" xmllint; then
		xmllint --noout "$T/f/feed.xml" 2> "$T/x" && ok "feed.xml is well-formed XML" ||
			{ nok "feed.xml is well-formed XML"; head "$T/x"; }
	fi
	order=$(grep -o '<entry>' "$T/f/feed.xml" | wc -l)
	ids=$(grep -o '<id>[^<]*</id>' "$T/f/feed.xml" | tr '\n' ' ')
	[ "$ids" = "<id>https://example.org/tiny/</id> <id>https://example.org/tiny/editions/e2/</id> <id>https://example.org/tiny/editions/e1/</id> " ] &&
		ok "feed: one entry per edition, newest first ($order)" || nok "feed: one entry per edition, newest first ($ids)"
	has "$T/f/feed.xml" '<feed xmlns="http://www.w3.org/2005/Atom"' "feed is Atom"
else
	nok "fixture builds"
	cat "$T/err"
fi
exit $fail
