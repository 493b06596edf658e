#!/bin/sh
# t_changes.sh: editions/<id>/changes/ (issue 28 item 2). Every provider
# whose standing changed against the previous edition, grouped by kind of
# move, with its tiers before and after and its reason from move_reason(),
# the movers table's too: the opening sentence of the review's summary as
# plain text (no quotation marks, not "the review's words") unless it only
# restates the move; never a quote nor a later sentence (reader review #2:
# a remark in a talk or a finding is not a cause); what changed in the tiers, the rubric and the
# thresholds; linked from the edition page, a section of the PDF, the
# edition's entry in feed.xml; in every pack. The groups of the default
# report's 3.0 against 2.0 are the ones worked out by hand from FACTS.md
# section 3; tests/fixtures/changes has one provider of every kind of move.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
need "the changes pages" python3:html.parser pdftotext || exit $fail
G="python3 $ROOT/tests/changes_groups.py"

"$PODIUM" build -q -C "$ROOT" -o "$T/d" 2>"$T/err"
check "the default report builds" $?
P=$T/d/editions/3.0/changes/index.html
$G "$P" >"$T/got"
# within a group, by the name a reader sees: azure (Microsoft Azure) under M
cat >"$T/want" <<'W'
up 4: gmi google hyperbolic nebius
down 15: aws buzzhpc crusoe gcore gmo ibm latitude azure neysa runpod shadeform stn together vast vultr
merged 1: voltage-park
new 15: moonlite radiant vessl argentum boostrun darya global-ai groq poolside qumulusai spacexai tatra volta byteplus sk-telecom
dropped 22: aethir akash clore deepinfra dihuni dstack e2e exabits gpu-net salad arc backend blusky evroc greenai neev runsun sakura telenor telus hot-aisle qubrid
unrated 8: atlas cudo denvr lightning cirrascale scaleway fluidstack sesterce
first 3: bitdeer core42 fpt
rules: 
W
diff "$T/want" "$T/got" >"$T/diff"
check "3.0 against 2.0: the groups worked out by hand (4 up, 15 down, 1 merged, 15 new, 22 no longer reviewed, 8 not rated, 3 rated for the first time: Bitdeer, Core42 and FPT were unavailable in 2.0 and never rated before) and the new tier" $?
sed 's/^/# /' "$T/diff" | head -20
# a kind of move where a review gives a reason is grouped by reason: each
# reason a label (no full stop) over the providers it is given for, those
# with none under a label of their own ("Rated in ClusterMAX 3.0"), every
# provider under exactly one label and in one format (pdf review 4 and 6,
# site review 3: not "all at" for two, not "Moonlite: new, at Bronze.", not
# Sesterce's reason inline before a subhead); no reason that only restates
# the move; an Unavailable tier in words, not a dash-like mark
python3 - "$P" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
def section(kind):
    t = s[s.index('<section class="changes-%s"' % kind):]
    return t[:t.index("</section>")]
new, unrated = section("new"), section("unrated")
# the reasons as the reviews give them, short: that SemiAnalysis gives
# two together is said once, in the page's introduction (PDF review 7,
# item 5)
launch = "Not launched yet or not yet tested"
refused = "Refused testing or had no capacity to offer"
geo = "Not tested, for reasons of geography or regulation"
def labels(block):
    return re.findall(r"<h3>(.*?)</h3>", block)
def under(block, label):
    t = block[block.index("<h3>" + label + "</h3>"):]
    t = t[:t.index("</ul>")]
    return [re.findall(r'providers/([^/]+)/', li) for li in re.findall(r"<li>(.*?)</li>", t)]
ok = (labels(new) == ["Rated in ClusterMAX 3.0", launch, geo] and
      labels(unrated) == [refused, launch] and
      under(new, "Rated in ClusterMAX 3.0") == [["moonlite"], ["radiant", "vessl"]] and
      under(new, launch) == [["argentum", "boostrun", "darya", "global-ai", "groq", "poolside",
                              "qumulusai", "spacexai", "tatra", "volta"]] and
      under(new, geo) == [["byteplus", "sk-telecom"]] and
      under(unrated, refused) == [["atlas", "cudo", "denvr", "lightning"],
                                  ["cirrascale", "scaleway"], ["fluidstack"]] and
      under(unrated, launch) == [["sesterce"]] and
      # the labels are labels: no full stop; every item of a labelled
      # kind opens with words (one format), none with a provider's name
      not any(l.endswith(".") for l in labels(s)) and
      not re.search(r"<li><a ", new + unrated) and
      "</a>: new, at" not in s and ", all " not in s and " all <span" not in s and
      "tier-unrated" not in s and
      "Moved from Gold in 2.0 to Unavailable in 3.0." not in s and
      "New in 3.0: not reviewed in earlier editions." not in s)
sys.exit(0 if ok else 1)
PY
check "a kind with reasons: each reason a label (no full stop) over its providers, the rest under 'Rated in ClusterMAX 3.0', one format, no 'all', no dash for Unavailable" $?
grep -q '<h2 id="changes-dropped">No longer reviewed: 22 providers</h2>' "$P" &&
    grep -q '<h2 id="changes-unrated">No longer rated: 8 providers</h2>' "$P" &&
    grep -q '<h2 id="changes-merged">Merged into another provider: 1 provider</h2>' "$P"
check "each group is titled with its kind and count, not opening with a numeral (issue 27 item 5)" $?
grep -q 'Between ClusterMAX 2.0 and ClusterMAX 3.0, 68 providers changed standing\.' "$P"
check "the page opens with the count, not with a numeral: 68 providers" $?
# the same change, several providers: one sentence each (issue 27 item 1)
sed -e 's/<[^>]*>//g' "$P" >"$T/p.txt"
grep -qF 'Listed as ○ Underperforming in ClusterMAX 2.0: Aethir, Akash Network, Clore, DeepInfra, Dihuni, dstack Sky, E2E Networks, Exabits, GPU.net and Salad Cloud.' "$T/p.txt" &&
    grep -qF 'Listed as ● Bronze in ClusterMAX 2.0: Hot Aisle and Qubrid.' "$T/p.txt" &&
    grep -qF 'From ● Bronze in ClusterMAX 2.0 to Unavailable in ClusterMAX 3.0: Atlas Cloud, CUDO Compute, Denvr Dataworks and Lightning.' "$T/p.txt" &&
    grep -qF 'From Unavailable in ClusterMAX 2.0 to ○ Participation Ribbon in ClusterMAX 3.0: Bitdeer, Core42 and FPT.' "$T/p.txt" &&
    grep -qF 'Not rated (Unavailable): BytePlus and SK Telecom.' "$T/p.txt" &&
    grep -qF 'At ● Bronze: Moonlite.' "$T/p.txt" &&
    grep -qF 'At ○ Participation Ribbon: Radiant and Vessl.' "$T/p.txt" &&
    grep -qF 'From ● Gold in ClusterMAX 2.0 to Unavailable in ClusterMAX 3.0: Fluidstack.' "$T/p.txt" &&
    grep -qF 'From ○ Underperforming in ClusterMAX 2.0 to Unavailable in ClusterMAX 3.0: Sesterce.' "$T/p.txt" &&
    ! grep -q ': new, not rated\|: new, at\|– Unavailable' "$T/p.txt"
check "providers that make the same change are named in one sentence, and one alone in the same format" $?
# only a tier added (review defect 7): one sentence in the intro, no
# heading of its own, in the HTML and the PDF
grep -q '^<p class="changes-rules"><span class="tier"[^>]*><span class="glyph" aria-hidden="true">○</span> Participation Ribbon</span> is a new tier in ClusterMAX 3\.0\.</p>$' "$P" &&
    ! grep -q 'The tiers, the rubric and the thresholds' "$P"
check "3.0: 'Participation Ribbon is a new tier in ClusterMAX 3.0.' under no heading of its own (site review 8, item 13)" $?
# the reasons: a quote is none (Nebius's, Google's and AWS's were remarks
# in a talk), nor a finding after the move (Azure), nor a finding in place
# of one (Vultr, FPT)
grep -q 'Nebius</a>: <span class="tier[^"]*"[^>]*><span class="glyph" aria-hidden="true">●</span> Gold</span> to <span class="tier[^"]*"[^>]*><span class="glyph" aria-hidden="true">●</span> Platinum</span> (<span class="move move-up"><span aria-hidden="true">↑</span> up 1</span>)\.</li>' "$P" &&
    ! grep -q 'quoted from\|best providers in our view\|really good as well\|not that great' "$P"
check "Nebius: Gold to Platinum, up 1, and no quote as its reason (nor Google's, nor AWS's)" $?
for who in 'Microsoft Azure' 'Amazon Web Services' 'Google Cloud' 'Vultr' 'FPT'; do
	grep -q ">$who</a>: .*)\.</li>" "$P" || grep -q ">$who</a>: .*Participation Ribbon</span>\.</li>" "$P" ||
	    grep -q ">$who</a>\.</li>" "$P"   # last named in a sentence of several
	check "$who: no reason given" $?
done
# a summary sentence is plain text, never quoted
# a summary sentence that does not name the tier moved to is about the
# provider, not the move: no reason (Crusoe: "SemiAnalysis placed Crusoe at
# the bottom of Bronze." only restates; Nebius's opening is no reason)
grep -q 'Crusoe</a>: .* Gold</span> to .* Bronze</span> (<span class="move move-down"><span aria-hidden="true">↓</span> down 2</span>)\.</li>' "$P" &&
    ! grep -q 'shares the top of the ladder\|bottom of Bronze' "$P"
check "Crusoe: Gold to Bronze, down 2, and no reason (its review gives none)" $?
! grep -q 'review&#39;s words\|review&#39;s own words\|“<em>Moved\|“<em>Not tested' "$P"
check "no summary sentence in quotation marks, no \"in the review's words\"" $?
# a sentence that only restates the move is no reason (GMI Cloud: "Moved
# up from Bronze to Silver in 3.0.")
# (site review 8, item 3: that its review gives none is said once, in the
# intro, not after each of the 12 such moves)
grep -q 'GMI Cloud</a>: .* Bronze</span> to .* Silver</span> (<span class="move move-up"><span aria-hidden="true">↑</span> up 1</span>)\.</li>' "$P" &&
    ! grep -q 'Its review gives no reason for the move' "$P" &&
    [ "$(grep -o 'Where no reason follows a move up or down, its review gives none\.' "$P" | wc -l)" = 1 ] &&
    grep -q 'They follow by kind of move, each with its reason where the review gives one\. Where no reason follows a move up or down, its review gives none\. The reasons why' "$P"
check "GMI Cloud: no reason, and the intro says once that such a move's review gives none" $?
# the same reason for Together AI here as on the home page's movers table
grep -q 'Together AI</a>: .* (<span class="move move-down"><span aria-hidden="true">↓</span> down 1</span>)\. Together AI was moved down to Bronze for reliability issues, its review says\.</li>' "$P" &&
    grep -q '<p class="table-note">Together AI was moved down to Bronze for reliability issues, its review says\.</p>' "$T/d/index.html" &&
    ! grep -q 'Why Together AI moved' "$T/d/index.html"
check "Together AI: the same reason on the changes page and the home movers table, a sentence of its own (not 'Why Together AI moved: The review ...')" $?
# not being tested is a reason (a merger told after it is not): one that
# Fluidstack shares with six others, said once, over their names
sed -n '/<h3>Refused testing or had no capacity to offer<\/h3>/,/<\/ul>/p' "$P" |
    grep -q '<li>From .* Gold</span> in ClusterMAX 2.0 to Unavailable in ClusterMAX 3.0: <a href="[^"]*/fluidstack/index.html">Fluidstack</a>\.</li>'
check "Fluidstack: not tested for 3.0 is its reason, said once over the providers who share it" $?
grep -q 'They follow by kind of move, each with its reason where the review gives one\.' "$P" && ! grep -q 'Below, by kind' "$P"
check "the intro promises no review's own words" $?
grep -q 'Voltage Park</a>: was .* Silver</span>, merged into <a href="../../../providers/lightning/index.html">Lightning</a>\.</li>' "$P"
check "Voltage Park: was Silver, merged into Lightning (linked)" $?
grep -q '<a href="changes/index.html">What changed since ClusterMAX 2.0</a>' "$T/d/editions/3.0/index.html" ||
    grep -q '<a href="../../editions/3.0/changes/index.html">What changed since ClusterMAX 2.0</a>' "$T/d/editions/3.0/index.html"
check "the edition page links to its changes" $?
# against the partial 1.0, the moves of the providers it names, as the
# 2.0 edition page's movers table gives them (reader review: the changes
# page said none was computed beside a table of them), and once why the
# other 70 show none; worked from FACTS.md's 1.0 and 2.0 lists
P2=$T/d/editions/2.0/changes/index.html
$G "$P2" >"$T/got2"
printf '%s\n' 'up 2: google tensorwave' 'down 1: together' 'dropped 1: lepton' 'rules: ' |
    cmp -s - "$T/got2" &&
    grep -q 'Between ClusterMAX 1.0 and ClusterMAX 2.0, 4 providers changed standing\. They follow by kind of move, each with its reason where the review gives one\. Where no reason follows a move up or down, its review gives none\. For 70 providers reviewed in ClusterMAX 2.0, no movement is shown: ClusterMAX 1.0 names only some of its reviews, so their tier there is not known\.' "$P2"
check "2.0 against the partial 1.0: the four known changes, and once why 70 show none, after the sentence whose 'They' means the moves (site review 8, item 13)" $?
sed 's/^/# /' "$T/got2"
test ! -e "$T/d/editions/1.0/changes"
check "the first edition has no changes page" $?
pdftotext "$T/d/report.pdf" "$T/d.txt"
# the moves up, down and merged are the movers table's rows: the part
# says where (4 up + 15 down + 1 merged = 20), and lists the rest
tr '\n' ' ' <"$T/d.txt" | tr -s ' ' >"$T/d.flat"
grep -q '^What changed in ClusterMAX 3.0$' "$T/d.txt" && grep -q '^No longer reviewed: 22 providers$' "$T/d.txt" &&
    ! grep -q 'Voltage Park: was Silver, merged into Lightning\.' "$T/d.txt" &&
    ! grep -q '^Moved up: 4 providers$' "$T/d.txt" && ! grep -q '^Moved down: 15 providers$' "$T/d.txt" &&
    grep -qE 'The 20 providers that moved up or down or merged into another provider are in the movers table of “Who moved since 2\.0”, (page |pages )'"$(pdfinfo -dests "$T/d/report.pdf" | awk '$NF == "\"movers-table\"" { print $1 }')"'(–[0-9]+)?\. The other changes follow\.' "$T/d.flat" &&
    grep -q '^Participation Ribbon is a new tier in ClusterMAX 3\.0\.$' "$T/d.txt" &&
    ! grep -q 'The tiers, the rubric and the thresholds' "$T/d.txt"
check "the PDF has the section, with the same words" $?

# every kind of move, and a changed rubric, in the fixture
"$PODIUM" build -q -C "$ROOT/tests/fixtures/changes" -o "$T/f" 2>"$T/err"
check "the fixture builds" $?
F=$T/f/editions/e2/changes/index.html
$G "$F" >"$T/got"
cat >"$T/want" <<'W'
up 1: up1
down 1: down1
merged 1: merged1
new 1: new1
dropped 1: dropped1
unrated 1: unrated1
first 1: returned1
rules: New tier: ● Platinum. | Alpha: weight 3, before 2. | New criterion: Gamma. | Criterion dropped: Beta. | ● Gold: minimum score 85, before 80. | ● Silver: at least 3.5 in Alpha, before 3.
W
diff "$T/want" "$T/got" >"$T/diff"
check "the fixture: one provider of every kind of move, and the rubric's and thresholds' changes" $?
sed 's/^/# /' "$T/diff" | head -20
# a sentence written with markup (a shortcode, emphasis) is no reason:
# the movers table's cell is plain text, and both give the same
grep -q 'Down One</a>: .* Bronze</span> (<span class="move move-down"><span aria-hidden="true">↓</span> down 2</span>)\.</li>' "$F"
check "a summary sentence with markup: no reason, as in the movers table" $?
grep -q '<li>At <span class="tier[^>]*><span[^>]*>[^<]*</span> Silver</span>: <a [^>]*>New One</a>\.</li>' "$F" &&
    grep -q '<li>Listed as .* Weak</span> in Edition One: <a [^>]*>Dropped One</a>\.</li>' "$F" &&
    grep -q '<li>From Unavailable in Edition One to .* Bronze</span> in Edition Two: <a [^>]*>Returned One</a>\.</li>' "$F" &&
    grep -q '<h3>Not tested in this edition (no capacity)</h3>' "$F"
check "new, no longer reviewed and rated for the first time are phrased with their tiers" $?
grep -A6 '<title>Edition Two</title>' "$T/f/feed.xml" | grep -q '<link rel="related" type="text/html" href="https://example.org/moves/editions/e2/changes/"/>' &&
    grep -A6 '<title>Edition Two</title>' "$T/f/feed.xml" | grep -q 'Between Edition One and Edition Two, 7 providers changed standing\.</summary>'
check "feed.xml: the edition's entry says what changed and links the changes page" $?
grep -q 'editions/e2/changes/' "$T/f/sitemap.xml"
check "the sitemap lists the changes page" $?

# each text parsed once, still (t_markdown_once): the reasons come from
# the summaries' trees
PODIUM_MD_STATS=1 "$PODIUM" build -C "$ROOT/tests/fixtures/changes" -o "$T/m" -q 2>"$T/st"
set -- $(sed -n 's/^podium: markdown: \([0-9]*\) texts, \([0-9]*\) parses$/\1 \2/p' "$T/st" | tail -n 1)
[ -n "${1:-}" ] && [ "$1" -eq "$2" ]
check "the reasons parse nothing again: $1 texts, $2 parses" $?

# the other packs
for l in 'de|Aufgestiegen: 1 Anbieter|von .* Silber.* zu ' 'fr|En hausse : 1 fournisseur|de .* à ' 'es|Sube: 1 proveedor|de .* a '; do
	lang=${l%%|*} rest=${l#*|} head=${rest%%|*}
	mkdir -p "$T/$lang"
	cp -R "$ROOT/tests/fixtures/changes/content" "$T/$lang/content"
	sed -i "s/^language: en\$/language: $lang/" "$T/$lang/content/report.yaml"
	"$PODIUM" build -q -C "$T/$lang" -o "$T/$lang/s" 2>"$T/err" &&
	    grep -q "<h2 id=\"changes-up\">$head</h2>" "$T/$lang/s/editions/e2/changes/index.html"
	check "$lang: the groups in the pack's words ($head)" $?
done
exit $fail
