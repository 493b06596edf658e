#!/bin/sh
# t_site_home.sh: the home page does not repeat whole pages (issue 27,
# the site #1). A commentary section that a page of its own gives in full
# (security: true, the security page; page: methodology, the methodology
# page) is on the home page as its opening, its first paragraph, and a
# link to that page ("More in Security"); a section with no page of its
# own stays whole; the methodology page gives its sections in full; the
# PDF, which has no such pages, gives every section whole; a bad page:
# value is an error at its line and column.
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
SKIP_COUNTER=fail
. "$ROOT/tests/skip.sh"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
hasnt() { if grep -qF -- "$2" "$1"; then nok "$3"; else ok "$3"; fi; }
# count FILE STRING: how many times the exact string occurs
count() { grep -oF -- "$2" "$1" | wc -l | tr -d ' '; }

if ! "$PODIUM" build -q -C "$ROOT" -o "$T/s" --only html 2> "$T/err"; then
	nok "default report builds"
	head -n 20 "$T/err"
	exit 1
fi
H=$T/s/index.html
SEC=$T/s/security/index.html

# 1. The security section (security: true): its first paragraph, then the link
has "$H" 'Shortly before ClusterMAX 3.0, SemiAnalysis published a security article' \
    "home: the security section's first paragraph"
has "$H" '<p class="more-link"><a href="security/index.html">More in Security</a></p>' \
    "home: 'More in Security', linked to the security page"
hasnt "$H" 'The exposed data belonged to banks' "home: not the security section's second paragraph"
hasnt "$H" 'cmax audit security' "home: nor its third"
[ "$(count "$SEC" 'The exposed data belonged to banks')" = 1 ] &&
    [ "$(count "$SEC" 'Across the 25')" = 1 ] &&
    ok "the security page gives the section in full, once" ||
    nok "the security page gives the section in full, once"
# a section with no page of its own stays whole, with no link
has "$H" 'Counting the review sections gives the stated 77.' "home: a section with no page of its own stays whole"
[ "$(count "$H" 'class="more-link"')" = 2 ] && ok "home: two 'More in' links (security, methodology)" ||
    nok "home: two 'More in' links (security, methodology)"

# 1b. The page's parts in the view's order (view_home.c; the PDF's too,
# t_view): the lede, then the Summary (prose alone: it defines the words the
# figures use), the figures with the downloads and the contents, the tier
# table, then the rest of the commentary; the contents list in that order
n=$(grep -n -e 'class="lede"' -e 'id="section-10-summary-title"' -e '<dl class="figures">' \
    -e 'class="downloads-home"' -e 'id="toc-title"' -e 'id="medal-table-title"' \
    -e 'id="section-20-medal-table-title"' "$H" | cut -d: -f1 | tr '\n' ' ')
set -- $n
[ $# = 7 ] && [ "$1" -lt "$2" ] && [ "$2" -lt "$3" ] && [ "$3" -lt "$4" ] && [ "$4" -lt "$5" ] &&
    [ "$5" -lt "$6" ] && [ "$6" -lt "$7" ] &&
    ok "home: lede, Summary, figures, downloads, contents, tier table, the next section ($n)" ||
    nok "home: lede, Summary, figures, downloads, contents, tier table, the next section ($n)"
toc=$(sed -n '/<nav class="toc"/,/<\/nav>/s|^<li><a href="#\([^"]*\)">.*|\1|p' "$H" | tr '\n' ' ')
[ "$toc" = "section-10-summary medal-table section-20-medal-table section-30-big-clouds section-40-failure-test section-50-security section-60-methodology section-70-discrepancies " ] &&
    ok "home: the contents in the page's order" || nok "home: the contents in the page's order ($toc)"
# a first section that shows a chart keeps its place after the figures
Q=$T/q
mkdir -p "$Q"
cp -R "$ROOT/content" "$Q/content"
printf '\n{{chart faults}}\n' >>"$Q/content/commentary/10-summary.md"
if "$PODIUM" build -q -C "$Q" -o "$T/qs" --only html 2> "$T/err"; then
	n=$(grep -n -e '<dl class="figures">' -e 'id="medal-table-title"' -e 'id="section-10-summary-title"' \
	    "$T/qs/index.html" | cut -d: -f1 | tr '\n' ' ')
	set -- $n
	toc=$(sed -n '/<nav class="toc"/,/<\/nav>/s|^<li><a href="#\([^"]*\)">.*|\1|p' "$T/qs/index.html" | head -n 2 | tr '\n' ' ')
	[ $# = 3 ] && [ "$1" -lt "$2" ] && [ "$2" -lt "$3" ] && [ "$toc" = "medal-table section-10-summary " ] &&
	    ok "home: a Summary with a chart after the figures and the tier table ($n; $toc)" ||
	    nok "home: a Summary with a chart after the figures and the tier table ($n; $toc)"
else
	nok "the copy whose Summary shows a chart builds"; head -n 5 "$T/err"
fi

# 2. page: methodology, in a copy of the default content
P=$T/p
mkdir -p "$P"
cp -R "$ROOT/content" "$P/content"
M=$P/content/commentary/60-methodology.md
grep -q "^page: methodology$" "$M" || sed -i 's/^order: 60$/order: 60\npage: methodology/' "$M"
if ! "$PODIUM" build -q -C "$P" -o "$T/m" 2> "$T/err"; then
	nok "the copy with page: methodology builds"
	head -n 20 "$T/err"
	exit 1
fi
H=$T/m/index.html
MP=$T/m/methodology/index.html
has "$H" '<strong>A relative rating.</strong> ClusterMAX rates managed GPU clusters, not whole clouds,' \
    "page: methodology: the home page gives the first paragraph"
hasnt "$H" 'How results are recorded.' "... not the rest"
has "$H" '<p class="more-link"><a href="methodology/index.html#section-60-methodology">More in Methodology</a></p>' \
    "... and 'More in Methodology', linked to the notes on that page"
has "$MP" '<section class="commentary" id="section-60-methodology" aria-labelledby="section-60-methodology-title">' \
    "the methodology page: the notes as a section of their own"
has "$MP" '<h2 id="section-60-methodology-title">Methodology notes' "... under their title"
[ "$(count "$MP" 'How results are recorded.')" = 1 ] && [ "$(count "$MP" 'A relative rating.')" = 1 ] &&
    ok "... in full, once" || nok "... in full, once"
# after the ladder, before the editions
n=$(grep -n -e 'id="ladder-title"' -e 'id="section-60-methodology-title"' -e 'id="edition-' "$MP" | head -n 3 | cut -d: -f1 | tr '\n' ' ')
set -- $n
[ $# -ge 2 ] && [ "$1" -lt "$2" ] && ok "... after the ladder ($n)" || nok "... after the ladder ($n)"
# the search finds the notes on the methodology page, not a home section
python3 - "$T/m/search/index.json" <<'EOF' && ok "search: the notes' words are the methodology page's" || nok "search: the notes' words are the methodology page's"
import json, sys
d = json.load(open(sys.argv[1]))
urls = [p["url"] for p in d["pages"] if "how results are recorded" in p["fold"]]
assert urls == ["methodology/index.html"], urls
EOF
# the PDF gives every section whole
if need "the PDF's text" pdftotext; then
	pdftotext "$T/m/report.pdf" - | tr '\n' ' ' | tr -s ' ' > "$T/pdf.txt"
	grep -qF 'How results are recorded.' "$T/pdf.txt" && grep -qF 'The exposed data belonged to banks' "$T/pdf.txt" &&
	    ! grep -qF 'More in Methodology' "$T/pdf.txt" && ! grep -qF 'More in Security' "$T/pdf.txt"
	[ $? = 0 ] && ok "the PDF gives the methodology notes and the security section whole, no 'More in' link" ||
	    nok "the PDF gives the methodology notes and the security section whole, no 'More in' link"
fi

# 3. A bad value: an error at its line and column
sed -i 's/^page: methodology$/page: about/' "$M"
"$PODIUM" build -q -C "$P" -o "$T/x" 2> "$T/err"
rc=$?
[ "$rc" = 1 ] && grep -qxF "content/commentary/60-methodology.md:4:7: error: 'page' must be methodology or security (the page that gives the section in full)" "$T/err" &&
    ok "page: about: an error at 4:7" || { nok "page: about: an error at 4:7 ($rc)"; cat "$T/err"; }
sed -i 's/^page: about$/page:/' "$M"
"$PODIUM" build -q -C "$P" -o "$T/x" 2> "$T/err"
grep -qxF "content/commentary/60-methodology.md:4:6: error: 'page' has no value: write methodology or security, or leave the key out" "$T/err" &&
    ok "page: with no value: an error at 4:6" || { nok "page: with no value: an error at 4:6"; cat "$T/err"; }
exit $fail
