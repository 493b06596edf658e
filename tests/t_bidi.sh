#!/bin/sh
# t_bidi.sh: text direction and names no output can take raw (issue 25,
# item 30). Bidi controls and marks (U+202A-U+202E, U+2066-U+2069, U+200E,
# U+200F, U+061C) in a provider's name and a heading are kept in the pages'
# text, dropped from heading ids, CSV cells and the PDF's outline, and shown
# escaped in diagnostics; `check --format json` with a file name that is not
# UTF-8 prints valid JSON naming it; a right-to-left language gets
# dir="rtl" on every page (decided from the tag: ar, he, fa, ur, az-Arab, not
# ar-Latn) and its PDF is whole.
: "${PODIUM:?}" "${ROOT:?}"
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fails
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP

RLO=$(printf '\342\200\256')   # U+202E
RLI=$(printf '\342\201\247')   # U+2067
RLM=$(printf '\342\200\217')   # U+200F
ALM=$(printf '\330\234')       # U+061C
any_bidi() { grep -q -e "$RLO" -e "$RLI" -e "$RLM" -e "$ALM" "$@"; }

P=$T/proj
cp -R "$ROOT/tests/fixtures/mini" "$P"
rm -rf "$P/site"
sed -i "s/^name: \"Alpha Cloud\"$/name: \"Alpha ${RLO}duolC\"/" "$P/content/providers/alpha.yaml"
printf '\n## Ab%sc%s d%s\n\nText.\n' "$RLI" "$RLM" "$ALM" >>"$P/content/commentary/intro.md"
"$PODIUM" build -q -C "$P" -o "$T/site" 2>"$T/err"
check "a name and a heading with bidi controls build" test $? = 0 -a ! -s "$T/err"
check "the pages keep the name's text as written" \
    grep -qF "Alpha ${RLO}duolC" "$T/site/providers/alpha/index.html"
check "the heading's id has none of them" \
    grep -qF '<h2 id="abc-d">Ab' "$T/site/index.html"
check "ratings.csv has no bidi control or mark" sh -c "! grep -q -e '$RLO' -e '$RLI' -e '$RLM' -e '$ALM' '$T/site/data/ratings.csv'"
check "... and the name without it" grep -q '^e3,alpha,Alpha duolC,' "$T/site/data/ratings.csv"
if need "the PDF's outline" qpdf python3; then
	qpdf --json --json-key=outlines "$T/site/report.pdf" >"$T/outline.json" 2>"$T/qerr" ||
	    { nok "qpdf reads the outline"; cat "$T/qerr"; }
	python3 - "$T/outline.json" >"$T/titles" <<'EOF'
import json, sys
def walk(items):
    for o in items:
        print(o["title"])
        walk(o["kids"])
walk(json.load(open(sys.argv[1]))["outlines"])
EOF
	check "the PDF's outline holds the name and the heading ($(wc -l <"$T/titles") entries)" \
	    sh -c "grep -qx 'Alpha duolC' '$T/titles' && grep -qx 'Abc d' '$T/titles'"
	check "... with no bidi control or mark" sh -c "! grep -q -e '$RLO' -e '$RLI' -e '$RLM' -e '$ALM' '$T/titles'"
fi

# diagnostics: a mark is shown escaped, as a control is
printf 'tier: "strong%sx"\n' "$RLM" >"$P/content/reviews/e1/alpha.yaml"
"$PODIUM" check -C "$P" >"$T/out" 2>&1
check "a bidi mark in a diagnostic is shown escaped, word for word" \
    grep -qxF "content/reviews/e1/alpha.yaml:1:7: error: unknown tier 'strong<U+200F>x' (edition 'e1' uses: elite, strong, fair, weak, untested)" "$T/out"
check "... and never raw" sh -c "! grep -q '$RLM' '$T/out'"
printf 'tier: strong\n' >"$P/content/reviews/e1/alpha.yaml"

# --format json: a file name that is not UTF-8
printf -- '---\ntitle: X\norder: 5\n---\nx\n' >"$P/content/commentary/bad$(printf '\377\376')n$RLO.md"
"$PODIUM" check -C "$P" --format json >"$T/json" 2>"$T/err"
rc=$?
if need "--format json's records" python3; then
	python3 - "$T/json" >"$T/rec" 2>&1 <<'EOF'
import json, sys
for line in open(sys.argv[1], "rb"):
    r = json.loads(line.decode("utf-8"))
    assert all(r[k] is not None for k in ("severity", "file", "message")), r
    print(r["file"], "|", r["message"])
EOF
	check "check --format json with a non-UTF-8 file name: exit 1, valid JSON (UTF-8)" \
	    test "$rc" = 1 -a $? = 0
	check "... naming the file, its bytes and its bidi control escaped" \
	    grep -qxF "content/commentary/bad<0xFF><0xFE>n<U+202E>.md | file name 'bad<0xFF><0xFE>n<U+202E>' is not an id ([a-z0-9][a-z0-9._-]*)" "$T/rec"
	grep -q "bad<0xFF>" "$T/rec" || sed "s/^/# /" "$T/rec" "$T/json"
fi
rm -f "$P/content/commentary/bad"*

# right to left: from the language tag
for lang in ar he fa ur az-Arab ar-Latn en; do
	sed -i "s/^language: .*/language: $lang/" "$P/content/report.yaml"
	rm -rf "$T/l"
	"$PODIUM" build -q -C "$P" -o "$T/l" 2>"$T/err" || { nok "language: $lang builds"; cat "$T/err"; continue; }
	n=$(find "$T/l" -name '*.html' | wc -l)
	rtl=$(grep -l "^<html lang=\"$lang\" dir=\"rtl\">$" $(find "$T/l" -name '*.html') | wc -l)
	case $lang in
	ar-Latn|en)
		check "language: $lang: no page gets dir=\"rtl\" ($n pages)" test "$rtl" = 0 ;;
	*)
		check "language: $lang: every page gets dir=\"rtl\" ($rtl of $n)" test "$rtl" = "$n" -a "$n" -gt 10 ;;
	esac
done
sed -i "s/^language: .*/language: ar/" "$P/content/report.yaml"
printf '\nنص عربي: **الجودة** في %s.\n' '{{provider alpha}}' >>"$P/content/commentary/intro.md"
rm -rf "$T/l"
"$PODIUM" build -q -C "$P" -o "$T/l" 2>"$T/err"
check "language: ar with Arabic text builds" test $? = 0 -a ! -s "$T/err"
if need "the right-to-left PDF" qpdf pdftotext; then
	check "... its PDF is whole (qpdf --check)" sh -c "qpdf --check '$T/l/report.pdf' >/dev/null 2>&1"
	pdftotext "$T/l/report.pdf" "$T/l.txt" 2>/dev/null
	check "... and holds the Arabic text" grep -q 'الجودة' "$T/l.txt"
fi
exit "$fails"
