#!/bin/sh
# t_emoji.sh: emoji and symbols in content are drawn in the PDF with a
# fallback font (fonts-symbola, in tools/runtime-packages), not as empty
# boxes: the PDF embeds a font besides the report's own (TeX Gyre, DejaVu),
# and the text reads back with the emoji.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

if ! need "emoji in the PDF" pdffonts; then
	[ "$fails" -eq 0 ]
	exit
fi
"$PODIUM" init "$T/p" >/dev/null || { nok "podium init"; exit 1; }
printf '%s\n' '---' 'title: B' 'order: 20' '---' 'Bikes 🚲 and stars ⭐ here.' \
    >"$T/p/content/commentary/20-b.md"
"$PODIUM" build -q -C "$T/p" 2>"$T/err"
rc=$?
check "a commentary with emoji builds (exit $rc)" '[ $rc -eq 0 ]'
pdffonts "$T/p/site/report.pdf" 2>/dev/null | sed 1,2d | awk '{ print $1 }' |
    sed 's/^[A-Z]*+//' | grep -v -E '^(TeXGyre|DejaVu)' >"$T/other"
check "the emoji are drawn with a fallback font ($(tr '\n' ' ' <"$T/other"))" '[ -s "$T/other" ]'
check "the fallback font is embedded" \
    'pdffonts "$T/p/site/report.pdf" | grep -v -E "TeXGyre|DejaVu" | sed 1,2d | awk "{ if (\$(NF-4) != \"yes\") bad = 1 } END { exit bad }"'
check "the text reads back with the emoji" \
    'pdftotext "$T/p/site/report.pdf" - | grep -q -F "Bikes 🚲 and stars ⭐ here."'
[ "$fails" -eq 0 ]
