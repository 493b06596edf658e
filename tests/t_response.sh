#!/bin/sh
# t_response.sh: the right of reply (issue 28 item 7). A review's
# response: {text, date, source} is shown on the provider's page as the
# provider's words (a section of the view, so the PDF says the same),
# escaped; it is in ratings.json and ratings.csv and in the schema; a bad
# one (unknown key, bad date, unknown source, no text) is an error at its
# line and column. tests/fixtures/changes: Same Corp answers its review.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
need "the right of reply" jq pdftotext python3:jsonschema python3:yaml || exit $fail
FX=$ROOT/tests/fixtures/changes

"$PODIUM" build -q -C "$FX" -o "$T/s" 2>"$T/err"
check "the fixture builds" $?
P=$T/s/providers/same1/index.html
sed -n '/<div class="response">/,/<\/div>/p' "$P" >"$T/resp"
grep -q '^<h3>Response from Same Corp</h3>$' "$T/resp" &&
    grep -q '<p class="response-note"><em>In the provider’s own words, as it sent them; not the report’s view.</em> Sent on <time datetime="2025-07-02">2 July 2025</time>.</p>' "$T/resp" &&
    grep -q '<p class="response-source">Published in <a href="../../sources/index.html#reply">Same Corp&#39;s blog: our answer</a>.</p>' "$T/resp"
check "the provider page: the response under its heading, marked as the provider's words, dated, its source linked" $?
grep -q '<p>We disagree: our <strong>new region</strong> opened in May &lt;script&gt;alert(1)&lt;/script&gt;.</p>' "$T/resp" &&
    ! grep -q '<script>alert' "$P"
check "its text is Markdown, and raw HTML in it is shown escaped" $?
n=$(grep -c 'class="response"' "$T"/s/providers/*/index.html | awk -F: '{s += $2} END {print s}')
[ "$n" = 1 ]
check "no other provider page has a response ($n)" $?
pdftotext "$T/s/report.pdf" "$T/pdf.txt"
grep -A3 '^Response from Same Corp$' "$T/pdf.txt" >"$T/presp"
grep -q "^In the provider’s own words, as it sent them; not the report’s view. Sent on 2 July 2025\.$" "$T/presp" &&
    grep -q '^We disagree: our new region opened in May <script>alert(1)</script>\.$' "$T/presp" &&
    grep -q "^Published in Same Corp's blog: our answer\.$" "$T/presp"
check "the PDF: the same section, the same words" $?
jq -e '.editions[] | select(.id == "e2") | .ratings[] | select(.provider == "same1") | .response ==
    {"text": "We disagree: our **new region** opened in May <script>alert(1)</script>.",
     "date": "2025-07-02", "source": "reply"}' "$T/s/data/ratings.json" >/dev/null &&
    [ "$(jq '[.editions[].ratings[] | select(has("response"))] | length' "$T/s/data/ratings.json")" = 1 ]
check "ratings.json: the response of that review, and of no other" $?
head -n 1 "$T/s/data/ratings.csv" | grep -q ',status,response,response_date,response_source' &&
    grep -q '^e2,same1,Same Corp,bronze,true,,,bronze,0,same,We disagree: our \*\*new region\*\* opened in May <script>alert(1)</script>\.,2025-07-02,reply' "$T/s/data/ratings.csv" &&
    grep -q '^e2,up1,Up One,gold,true,,,silver,1,up,,,' "$T/s/data/ratings.csv"
check "ratings.csv: response, response_date and response_source columns, empty where there is none" $?
"$PODIUM" build -q -C "$ROOT" -o "$T/d" 2>/dev/null
! head -n 1 "$T/d/data/ratings.csv" | grep -q response &&
    [ "$(jq '[.editions[].ratings[] | select(has("response"))] | length' "$T/d/data/ratings.json")" = 0 ]
check "the default report (no response) has no response column or key" $?

# a provider not rated is a row of the PDF's compact table: its response
# and its review's corrections follow the table
mkdir -p "$T/u"
cp -R "$FX/content" "$T/u/content"
cat >>"$T/u/content/reviews/e2/unrated1.yaml" <<'Y'
response: {text: "We had no capacity that month; we do now."}
corrections:
  - {date: 2025-07-03, text: "The reason given was wrong."}
Y
"$PODIUM" build -q -C "$T/u" -o "$T/u/s" --only pdf 2>"$T/err" &&
    pdftotext "$T/u/s/report.pdf" "$T/u.txt" &&
    grep -A3 '^Response from Unrated One$' "$T/u.txt" | tr '\n' '|' |
    grep -q "^Response from Unrated One|In the provider’s own words, as it sent them; not the report’s view\.|We had no capacity that month; we do now\.|Corrected on 3 July 2025: The reason given was wrong\.|"
check "the PDF: a provider not rated has its response and corrections after the compact table" $?

# the schema: the fixture's review validates; a misspelt key does not
"$PODIUM" schema -C "$FX" -o "$T/sch" >/dev/null 2>&1
python3 "$ROOT/tests/schema_check.py" validate "$T/sch/review.schema.json" "$FX/content/reviews/e2/same1.yaml" >"$T/v" 2>&1
check "review.schema.json accepts the response" $?
mkdir -p "$T/bad"
printf 'tier: bronze\nresponse: {text: "x", dat: 2025-07-02}\n' >"$T/bad/r.yaml"
! python3 "$ROOT/tests/schema_check.py" validate "$T/sch/review.schema.json" "$T/bad/r.yaml" >"$T/v" 2>&1 &&
    grep -q "dat" "$T/v"
check "review.schema.json refuses a misspelt response key" $?

# bad responses: each an error at its place, nothing written
mkdir -p "$T/b"
cp -R "$FX/content" "$T/b/content"
cat >"$T/b/content/reviews/e2/same1.yaml" <<'Y'
tier: bronze
response:
  text: "We disagree."
  dat: 2025-07-02
  source: nosuch
Y
cat >"$T/b/content/reviews/e2/new1.yaml" <<'Y'
tier: silver
response: {text: "x", date: "July 2"}
Y
cat >"$T/b/content/reviews/e2/up1.yaml" <<'Y'
tier: gold
response: {date: 2025-07-02}
Y
printf 'tier: bronze\nresponse: "no"\n' >"$T/b/content/reviews/e2/returned1.yaml"
"$PODIUM" build -C "$T/b" -o "$T/b/out" 2>"$T/err"
rc=$?
cat >"$T/want" <<'W'
content/reviews/e2/new1.yaml:2:29: error: 'date' must be a real date YYYY-MM-DD, not 'July 2'
content/reviews/e2/returned1.yaml:2:11: error: 'response' must be a mapping, not 'no'
content/reviews/e2/same1.yaml:4:3: error: unknown key 'dat' (did you mean 'date'?)
content/reviews/e2/same1.yaml:5:11: error: unknown source 'nosuch' (not in content/sources.yaml)
content/reviews/e2/up1.yaml:2:11: error: missing required key 'text'
W
sort "$T/err" | grep -v '^podium:' >"$T/got"
[ "$rc" = 1 ] && diff "$T/want" "$T/got" >"$T/diff" && [ ! -e "$T/b/out" ]
check "a bad response: unknown key, bad date, unknown source, no text, not a mapping; exit $rc, nothing written" $?
sed 's/^/# /' "$T/diff" 2>/dev/null | head
exit $fail
