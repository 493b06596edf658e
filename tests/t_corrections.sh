#!/bin/sh
# t_corrections.sh: corrections (issue 28 item 8). corrections: [{date,
# text}] on a review, an edition or a commentary section is shown dated
# where the corrected item is ("Corrected on 5 September 2025: ..."
# through the pack's date format), listed newest first on
# corrections/index.html (in the navigation when there is one), in the
# PDF, in ratings.json and as dated entries of feed.xml. Never silent. The
# default report has none (FACTS.md states none): no page, no nav entry.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
need "corrections" jq pdftotext xmllint || exit $fail
FX=$ROOT/tests/fixtures/changes

"$PODIUM" build -q -C "$FX" -o "$T/s" 2>"$T/err"
check "the fixture builds" $?
C=$T/s/corrections/index.html
grep -o '<li>Corrected on <time datetime="[0-9-]*">[^<]*</time>: <a href="[^"]*">[^<]*</a>: ' "$C" >"$T/got"
cat >"$T/want" <<'W'
<li>Corrected on <time datetime="2025-09-05">5 September 2025</time>: <a href="../index.html#section-intro">Commentary: Introduction</a>: 
<li>Corrected on <time datetime="2025-08-01">1 August 2025</time>: <a href="../providers/same1/index.html#review-e2">Review of Same Corp, Edition Two</a>: 
<li>Corrected on <time datetime="2025-07-10">10 July 2025</time>: <a href="../providers/same1/index.html#review-e2">Review of Same Corp, Edition Two</a>: 
<li>Corrected on <time datetime="2025-06-20">20 June 2025</time>: <a href="../editions/e2/index.html">Edition Two</a>: 
W
diff "$T/want" "$T/got" >"$T/diff"
check "corrections/: all four, newest first, each dated and linked to what it corrects" $?
sed 's/^/# /' "$T/diff" | head
grep -q 'was wrong in the first printing.</li>' "$C" &&
    grep -q ': The count of <em>tracked</em> providers' "$C" &&
    grep -q '<p class="corrections-intro">This report has had 4 corrections since it was published, newest first; none is made silently.</p>' "$C"
check "its text is Markdown; the page says how many and that none is silent" $?
for p in index.html providers/up1/index.html editions/e1/index.html corrections/index.html; do
	grep -q '<li><a href="[./]*corrections/index.html"[^>]*>Corrections</a></li>' "$T/s/$p" ||
	    { echo "# no nav entry in $p"; false; } || break
done
check "every page's navigation links to the corrections" $?
grep -q '<p class="correction">Corrected on <time datetime="2025-08-01">1 August 2025</time>: A price was given in the wrong currency.</p>' "$T/s/providers/same1/index.html" &&
    grep -A3 'Corrected on <time datetime="2025-08-01">' "$T/s/providers/same1/index.html" | grep -q 'Corrected on <time datetime="2025-07-10">10 July 2025</time>: The summary first named the wrong region.'
check "the review's corrections on the provider page, newest first" $?
grep -q '<p class="correction">Corrected on <time datetime="2025-06-20">20 June 2025</time>: The count of <em>tracked</em> providers was wrong in the first printing.</p>' "$T/s/editions/e2/index.html" &&
    ! grep -q 'class="correction"' "$T/s/editions/e1/index.html"
check "the edition's correction on its page (and not on the other's)" $?
sed -n '/id="section-intro"/,/<\/section>/p' "$T/s/index.html" |
    grep -q '<p class="correction">Corrected on <time datetime="2025-09-05">5 September 2025</time>: A figure in the second paragraph was corrected.</p>'
check "the commentary section's correction under it, on the home page" $?
pdftotext "$T/s/report.pdf" "$T/pdf.txt"
grep -q '^Corrected on 5 September 2025: A figure in the second paragraph was corrected\.$' "$T/pdf.txt" &&
    grep -q '^Corrected on 1 August 2025: A price was given in the wrong currency\.$' "$T/pdf.txt" &&
    grep -q '^Corrected on 20 June 2025: The count of tracked providers was wrong in the first printing\.$' "$T/pdf.txt" &&
    grep -q '^This report has had 4 corrections since it was published, newest first; none is made silently\.$' "$T/pdf.txt"
check "the PDF: each correction under its item, and the list of all" $?
jq -e '[.corrections[] | [.date, .about, .edition, .provider, .section]] == [
    ["2025-09-05", "section", null, null, "intro"],
    ["2025-08-01", "review", "e2", "same1", null],
    ["2025-07-10", "review", "e2", "same1", null],
    ["2025-06-20", "edition", "e2", null, null]]' "$T/s/data/ratings.json" >/dev/null &&
    jq -e '(.editions[] | select(.id == "e2") | .corrections) == [{"date": "2025-06-20",
    "text": "The count of *tracked* providers was wrong in the first printing."}]' "$T/s/data/ratings.json" >/dev/null &&
    jq -e '[.editions[] | select(.id == "e2") | .ratings[] | select(.provider == "same1") | .corrections[].date] == ["2025-07-10", "2025-08-01"]' "$T/s/data/ratings.json" >/dev/null
check "ratings.json: every correction (newest first, with what it corrects), and each on its edition and review" $?
xmllint --noout "$T/s/feed.xml" &&
    xmllint --xpath '//*[local-name()="entry"]/*[local-name()="updated"]/text()' "$T/s/feed.xml" | tr -s ' \n' '\n' >"$T/dates" &&
    [ "$(tr '\n' ' ' <"$T/dates")" = "2025-09-05T00:00:00Z 2025-08-01T00:00:00Z 2025-07-10T00:00:00Z 2025-06-20T00:00:00Z 2025-06-01T00:00:00Z 2024-06-01T00:00:00Z " ]
check "feed.xml: a dated entry per correction, newest first among the editions" $?
grep -q '<title>Correction: Review of Same Corp, Edition Two</title>' "$T/s/feed.xml" &&
    grep -q '<updated>2025-09-05T00:00:00Z</updated>' "$T/s/feed.xml" &&
    [ "$(sed -n 's|^<updated>\(.*\)</updated>$|\1|p' "$T/s/feed.xml" | head -n 1)" = 2025-09-05T00:00:00Z ]
check "feed.xml: titled by what they correct; the feed's updated is the newest correction" $?
grep -q '<id>https://example.org/moves/corrections/#2025-08-01-review-e2-same1-2</id>' "$T/s/feed.xml" &&
    grep -q '<id>https://example.org/moves/corrections/#2025-06-20-edition-e2-1</id>' "$T/s/feed.xml"
check "feed.xml: an entry's id names what it corrects, its date and place, so a new correction elsewhere leaves it" $?
grep -q '<summary>The count of tracked providers was wrong in the first printing.</summary>' "$T/s/feed.xml"
check "feed.xml: a correction's summary is its text as plain text (no Markdown marks)" $?

# the new pages (changes, corrections, a response) are valid HTML5
JAR=${VNU_JAR:-$ROOT/tests/node_modules/vnu-jar/build/dist/vnu.jar}
if [ ! -f "$JAR" ]; then
	skip "Nu validator: no vnu.jar at $JAR (make test-node, or set VNU_JAR)"
elif need "Nu validator" java; then
	java -jar "$JAR" --errors-only --skip-non-html "$T/s" >"$T/vnu" 2>&1
	check "the fixture's pages (changes, corrections, a response) pass the Nu validator" $?
	sed 's/^/# /' "$T/vnu" | head -5
fi

# in another pack: the pack's date format
mkdir -p "$T/de"
cp -R "$FX/content" "$T/de/content"
sed -i 's/^language: en$/language: de/' "$T/de/content/report.yaml"
"$PODIUM" build -q -C "$T/de" -o "$T/de/s" 2>"$T/err" &&
    grep -q 'Korrigiert am <time datetime="2025-09-05">5. September 2025</time>: <a href="../index.html#section-intro">Kommentar: Introduction</a>' "$T/de/s/corrections/index.html" &&
    grep -q '<li><a href="../corrections/index.html" aria-current="page">Korrekturen</a></li>' "$T/de/s/corrections/index.html"
check "de: the dates and words of the pack" $?

# the default report: no correction, no page, no nav entry
"$PODIUM" build -q -C "$ROOT" -o "$T/d" 2>/dev/null
test ! -e "$T/d/corrections" && ! grep -q 'corrections/index.html' "$T/d/index.html" &&
    { test ! -e "$T/d/feed.xml" || ! grep -q 'Correction' "$T/d/feed.xml"; } && [ "$(jq 'has("corrections")' "$T/d/data/ratings.json")" = false ]
check "the default report states no correction: no page, no link, no entry" $?

# bad corrections: errors at their places
mkdir -p "$T/b"
cp -R "$FX/content" "$T/b/content"
cat >"$T/b/content/reviews/e2/same1.yaml" <<'Y'
tier: bronze
corrections:
  - {date: 2025-13-01, text: "Wrong month."}
  - {date: 2025-07-01}
  - {dat: 2025-07-01, text: "x"}
Y
printf 'name: Edition One\npublished: 2024-06-01\ncorrections: "fixed"\n' >"$T/b/content/editions/e1.yaml"
printf -- '---\ntitle: I\ncorrections:\n  - {date: 2025-02-30, text: "x"}\n---\nBody.\n' >"$T/b/content/commentary/intro.md"
"$PODIUM" build -C "$T/b" -o "$T/b/out" 2>"$T/err"
rc=$?
cat >"$T/want" <<'W'
content/commentary/intro.md:4:12: error: 'date' must be a real date YYYY-MM-DD, not '2025-02-30'
content/editions/e1.yaml:3:14: error: 'corrections' must be a sequence, not 'fixed'
content/reviews/e2/same1.yaml:3:12: error: 'date' must be a real date YYYY-MM-DD, not '2025-13-01'
content/reviews/e2/same1.yaml:4:5: error: missing required key 'text'
content/reviews/e2/same1.yaml:5:5: error: missing required key 'date'
content/reviews/e2/same1.yaml:5:6: error: unknown key 'dat' (did you mean 'date'?)
W
sort "$T/err" | grep -v '^podium:' >"$T/got"
[ "$rc" = 1 ] && diff "$T/want" "$T/got" >"$T/diff" && [ ! -e "$T/b/out" ]
check "a bad correction (a review's, an edition's, a section's): each error at its line and column, exit $rc" $?
sed 's/^/# /' "$T/diff" 2>/dev/null | head

# a draft review's response and corrections are left out like the rest of
# it (SPEC 4.3), in every output, unless --drafts
mkdir -p "$T/dr"
cp -R "$FX/content" "$T/dr/content"
echo "draft: true" >>"$T/dr/content/reviews/e2/same1.yaml"
"$PODIUM" build -q -C "$T/dr" -o "$T/dr/s" 2>/dev/null
pdftotext "$T/dr/s/report.pdf" "$T/dr/s/report.txt"
! grep -rlq 'wrong currency\|We disagree' "$T/dr/s" &&
    "$PODIUM" build -q --drafts -C "$T/dr" -o "$T/dr/d" 2>/dev/null &&
    grep -q 'wrong currency' "$T/dr/d/corrections/index.html"
check "a draft review's corrections and response appear nowhere, unless --drafts" $?

# a correction's and a response's Markdown are linted with the rest: a bad
# shortcode is an error where it was written
mkdir -p "$T/sc"
cp -R "$FX/content" "$T/sc/content"
sed -i 's/text: "A price was given in the wrong currency."/text: "See {{provider nosuch}}."/;
    s/text: "We disagree: /text: "{{tier up1 e9}} We disagree: /' "$T/sc/content/reviews/e2/same1.yaml"
"$PODIUM" check -C "$T/sc" 2>"$T/err"
rc=$?
printf '%s\n' "content/reviews/e2/same1.yaml:4:10: error: unknown edition 'e9'" \
    "content/reviews/e2/same1.yaml:9:35: error: unknown provider 'nosuch'" >"$T/want"
grep -v '^podium:' "$T/err" | sort >"$T/got"
[ "$rc" = 1 ] && cmp -s "$T/want" "$T/got"
check "a bad shortcode in a correction or a response: one error each, at its line and column" $?
exit $fail
