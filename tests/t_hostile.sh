#!/bin/sh
# t_hostile.sh: the escaping audit. tests/fixtures/hostile is a valid project
# whose every text field holds <script>alert(1)</script>, "'><img src=x
# onerror=alert(1)>, javascript:alert(1) and control characters (U+0001,
# U+001B, U+0085), with allow_html off. After a build, none of them may reach
# an HTML page, SVG or XML file unescaped, the JSON and CSV must stay
# well-formed, and the PDF must show them as text. Checks whatever outputs
# the build writes; the markup checks need at least one page or chart.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
S="$T/site"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }

C01=$(printf '\001')
ESC=$(printf '\033')
NEL=$(printf '\302\205')

if $WRAP "$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$S" 2>"$T/err"; then
	ok "hostile fixture builds"
else
	nok "hostile fixture builds"
	cat "$T/err"
	exit 1
fi

find "$S" -type f \( -name '*.html' -o -name '*.svg' -o -name '*.xml' \) | sort >"$T/markup"
check "some pages or charts are written" '[ -s "$T/markup" ]'
bad=""
while IFS= read -r f; do
	if LC_ALL=C grep -q -i -e '<script>alert' -e '<img src=x' -e "\"'>" \
	    -e 'href="javascript:' -e 'src="javascript:' -e "$C01" -e "$ESC" -e "$NEL" "$f"; then
		bad="$bad ${f#"$S"/}"
	fi
done <"$T/markup"
check "no hostile string unescaped in HTML, SVG or XML:$bad" '[ -z "$bad" ]'
check "the hostile strings are shown, escaped" \
    'xargs grep -l -F "&lt;script&gt;alert(1)&lt;/script&gt;" <"$T/markup" | grep -q .'

# The hostile text as the loader keeps it (control characters aside).
H1='<script>alert(1)</script>'
H2='"'"'"'><img src=x onerror=alert(1)>'
J="$S/data/ratings.json"
if [ -f "$J" ]; then
	check "ratings.json has no raw control character" \
	    '! LC_ALL=C grep -q -e "$C01" -e "$ESC" "$J"'
	check "ratings.json escapes the quote" 'grep -q -F "\\$H2" "$J"'
	if command -v jq >/dev/null 2>&1; then
		name=$(jq -r '.providers[0].name' "$J" | tr -d '\001\033')
		check "ratings.json parses and keeps the name" \
		    '[ "$name" = "$H1 $H2 javascript:alert(1) $NEL end" ]'
	fi
fi

CSV="$S/data/ratings.csv"
if [ -f "$CSV" ]; then
	# Every record has the 12 fields of the header (10 built in, and the
	# fixture's declared kind and country), quotes respected.
	n=$(awk '{ for (i = 1; i <= length($0); i++) {
	        c = substr($0, i, 1); if (c == "\"") q = !q; else if (c == "," && !q) nf++ }
	      if (q) next; if (nf + 1 != 12) bad++; nf = 0 }
	    END { print bad + 0 + (q ? 1 : 0) }' "$CSV")
	check "ratings.csv: every record has 12 fields ($n bad)" '[ "$n" -eq 0 ]'
	quoted=$(printf '%s' "\"$H1 $H2" | sed 's/"'"'"'>/""'"'"'>/')
	check "ratings.csv holds the name, quoted" 'grep -q -F "$quoted" "$CSV"'
fi

if [ -f "$S/report.pdf" ] && command -v pdftotext >/dev/null 2>&1; then
	pdftotext "$S/report.pdf" "$T/pdf.txt"
	check "report.pdf shows <script> as text" 'grep -q -F "$H1" "$T/pdf.txt"'
	check "report.pdf shows the attribute breakout as text" 'grep -q -F "$H2" "$T/pdf.txt"'
fi

# A javascript: link, where a URL goes, is refused with an error at the URL.
cp -R "$ROOT/tests/fixtures/hostile" "$T/proj"
printf '\n[x](javascript:alert(1))\n' >>"$T/proj/content/commentary/summary.md"
(cd "$T" && $WRAP "$PODIUM" check -C proj >/dev/null 2>"$T/err"; echo "exit $?" >>"$T/err")
line=$(wc -l <"$T/proj/content/commentary/summary.md")
printf '%s\n' "content/commentary/summary.md:$((line)):5: error: link to 'javascript:alert(1)' refused: only http(s), mailto and relative links" "exit 1" >"$T/want"
check "a javascript: link is refused" 'cmp -s "$T/want" "$T/err" || { diff "$T/want" "$T/err"; false; }'
[ "$fails" -eq 0 ]
