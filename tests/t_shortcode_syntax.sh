#!/bin/sh
# t_shortcode_syntax.sh: where shortcodes are and are not. "\{{" is a
# literal "{{" (in the page and the PDF), "\\{{" a backslash and a
# shortcode; a shortcode in a link's destination is an error at its "{{"
# (it was dropped with the link, silently).
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

"$PODIUM" init "$T/p" >/dev/null || { nok "podium init"; exit 1; }
fresh() { rm -rf "$T/$1"; cp -r "$T/p" "$T/$1"; }
front() { printf '%s\n' '---' 'title: B' 'order: 20' '---'; }

# 1. "\{{" writes a literal "{{", in the page and the PDF; "\\{{" is a
#    backslash and a shortcode; in code the backslash stays.
fresh e
{ front; printf 'Write \\{{count 2026 reviewed}} for {{count 2026 reviewed}}; a \\\\{{count 2026 reviewed}}; `\\{{x}}`.\n\n\\{{chart distribution}}\n'; } \
    >"$T/e/content/commentary/20-b.md"
"$PODIUM" build -q -C "$T/e" 2>"$T/e.err"
rc=$?
check "'\\{{' builds (exit $rc)" '[ $rc -eq 0 ]'
check "'\\{{' is a literal '{{' in the page" \
    'grep -q -F "Write {{count 2026 reviewed}} for 2; a \\2; <code>\\{{x}}</code>." "$T/e/site/index.html"'
check "'\\{{' before a block shortcode is text" \
    'grep -q -F "<p>{{chart distribution}}</p>" "$T/e/site/index.html"'
if need "'\\{{' in the PDF" pdftotext; then
	check "'\\{{' is a literal '{{' in the PDF" \
	    'pdftotext "$T/e/site/report.pdf" - | grep -q -F "Write {{count 2026 reviewed}} for 2"'
fi

# 2. A shortcode in a link's destination: an error at its "{{", word for word.
fresh l
{ front; printf 'See [the survey]({{cite survey-2026}}) and\n[x](https://a.example/{{count 2026 reviewed}}).\n'; } \
    >"$T/l/content/commentary/20-b.md"
"$PODIUM" check -C "$T/l" 2>"$T/l.err"
rc=$?
check "a shortcode in a link's destination: check fails (exit $rc)" '[ $rc -eq 1 ]'
printf '%s\n' \
    "content/commentary/20-b.md:5:18: error: a shortcode cannot be part of a link's destination" \
    "content/commentary/20-b.md:6:23: error: a shortcode cannot be part of a link's destination" \
    >"$T/l.want"
check "a shortcode in a link's destination: the errors, word for word" 'cmp -s "$T/l.want" "$T/l.err"'

[ "$fails" -eq 0 ]
