#!/bin/sh
# t_quadratic.sh: inputs whose cost used to grow with their square. Each
# must finish well within its timeout (generous: a loaded machine), with
# the exact diagnostic where it is an error, and a PDF that grows with its
# text: a 200 KB link writes its address a few times, not once a line.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
SLOW=${PODIUM_SLOW:-1}

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

"$PODIUM" init "$T/p" >/dev/null || { nok "podium init"; exit 1; }
fresh() { rm -rf "$T/$1"; cp -r "$T/p" "$T/$1"; }
front() { printf '%s\n' '---' 'title: B' 'order: 20' '---'; }

# 1. 256 KB of "{{" on one line of a commentary: one search for its end.
fresh a
{ front; awk 'BEGIN { for (i = 0; i < 131072; i++) printf "{{"; print "" }'; } \
    >"$T/a/content/commentary/20-b.md"
timeout $((20 * SLOW)) "$PODIUM" check -C "$T/a" 2>"$T/a.err"
rc=$?
check "256 KB of '{{' in Markdown: check ends in time with exit 1 (got $rc)" '[ $rc -eq 1 ]'
check "256 KB of '{{': each is an unterminated shortcode" \
    '[ "$(head -n 1 "$T/a.err")" = "content/commentary/20-b.md:5:1: error: unterminated shortcode: no '"'}}'"' on its line" ]'

# 2. 2,000 nested sections in a template: refused at the 101st.
fresh c
mkdir -p "$T/c/templates"
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "{{#t}}"; printf "x";
    for (i = 0; i < 2000; i++) printf "{{/t}}"; print "" }' >"$T/c/templates/page.mustache"
timeout $((20 * SLOW)) "$PODIUM" check -C "$T/c" 2>"$T/c.err"
rc=$?
check "2,000 nested sections: check ends in time with exit 1 (got $rc)" '[ $rc -eq 1 ]'
check "2,000 nested sections: refused at the 101st, word for word" \
    'grep -q -x -F "templates/page.mustache:1:601: error: sections nested more than 100 deep at '"'t'"'" "$T/c.err"'

# 3. A template of 256K lines of text and no tag: its runs found in one pass.
fresh l
mkdir -p "$T/l/templates"
awk 'BEGIN { print "{{> base}}"; for (i = 0; i < 262144; i++) print "a" }' \
    >"$T/l/templates/sources.mustache"
timeout $((20 * SLOW)) "$PODIUM" check -C "$T/l" 2>"$T/l.err"
rc=$?
check "a 256K-line template: check ends in time (exit $rc)" '[ $rc -eq 0 ] || [ $rc -eq 1 ]'

# 4. A 200 KB autolink in the PDF: one annotation a page, only on its
#    first lines; the PDF under 5 MB (it was 882 MB).
fresh u
{ front; printf 'See <https://example.com/'
  awk 'BEGIN { for (i = 0; i < 200000; i++) printf "a" }'; printf '>.\n'; } \
    >"$T/u/content/commentary/20-b.md"
timeout $((60 * SLOW)) "$PODIUM" build -q -C "$T/u" 2>"$T/u.err"
rc=$?
check "a 200 KB link: build ends in time (exit $rc)" '[ $rc -eq 0 ]'
size=$(wc -c <"$T/u/site/report.pdf" 2>/dev/null || echo 0)
check "a 200 KB link: the PDF is under 5 MB ($size bytes)" '[ "$size" -gt 0 ] && [ "$size" -lt 5000000 ]'
if need "a 200 KB link's annotations" qpdf; then
	qpdf --qdf --object-streams=disable "$T/u/site/report.pdf" "$T/u.qdf" 2>/dev/null
	n=$(grep -a -c '/URI (https://example.com/aaaa' "$T/u.qdf")
	check "a 200 KB link: its address written 1 to 3 times (got $n)" '[ "$n" -ge 1 ] && [ "$n" -le 3 ]'
fi

[ "$fails" -eq 0 ]
