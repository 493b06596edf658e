#!/bin/sh
# t_site_print.sh: the site where a browser's own address or printer takes
# it. The 404 page, served at any depth of a site that lives under a
# sub-path (base_url with a path), links only to addresses under that path
# that the site has. In print (assets/style.css @media print), page one of
# the home page holds the medal table, not only the figures above it (a
# table kept whole went to page two, leaving one half empty), and no
# heading's "#" anchor is printed.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
# the browser looks at the bytes, not at podium's memory: the release pass
. "$ROOT/tests/once.sh"
check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

# The default report under https://example.org/ratings/clustermax/
cp -R "$ROOT/content" "$T/content"
base=https://example.org/ratings/clustermax/
sed -i '/^base_url:/d' "$T/content/report.yaml"
printf 'base_url: %s\n' "$base" >>"$T/content/report.yaml"
"$PODIUM" build -q -C "$T" -o "$T/s" 2>"$T/err"
check "the default report builds with a base_url with a path" $?
grep -o '\(href\|src\)="[^"]*"' "$T/s/404.html" | sed 's/^[a-z]*="//; s/"$//' >"$T/urls"
bad=""
n=0
# the base's address, or its path from the host's root: either works at
# any depth of the site
basepath=/ratings/clustermax/
while read -r u; do
	case "$u" in
	\#*) continue ;;
	"$base"*) p=${u#"$base"} ;;
	"$basepath"*) p=${u#"$basepath"} ;;
	*) bad="$bad [$u: not under $base]"; continue ;;
	esac
	n=$((n + 1))
	p=${p%%#*}
	case "$p" in ""|*/) p="${p}index.html" ;; esac
	test -f "$T/s/$p" || bad="$bad [$u: no $p in the site]"
done <"$T/urls"
test "$n" -ge 10 && test -z "$bad" && grep -qF "${basepath}about/index.html" "$T/urls"
check "404 page: its $n links and assets under the sub-path, each a file of the site$bad" $?

if ! release_pass_only "the home page in print" "$T" &&
    need "the home page in print" chromium pdftotext; then
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --no-pdf-header-footer --print-to-pdf="$T/home.pdf" \
	    "file://$T/s/index.html" >/dev/null 2>&1
	test -s "$T/home.pdf"
	check "the home page prints" $?
	pdftotext -f 1 -l 1 "$T/home.pdf" "$T/p1.txt"
	pdftotext -f 2 -l 2 "$T/home.pdf" "$T/p2.txt"
	# page one is full: the finding and the Summary (the news, then the
	# four words the figures use; its last lines may run over); the
	# figures and the tier table follow at once on page two
	grep -q '^Medals fell from 37 in ClusterMAX 2.0 to 19' "$T/p1.txt" &&
	    grep -q '^Summary$' "$T/p1.txt" && grep -q '“reviewed”\.$' "$T/p1.txt" &&
	    [ "$(grep -c . "$T/p1.txt")" -ge 25 ] &&
	    grep -q '^Tiers of ClusterMAX 3.0' "$T/p2.txt" && grep -q 'Platinum$' "$T/p2.txt"
	check "print: page one full (the finding and the Summary), the figures and the tier table on page two" $?
	pdftotext "$T/home.pdf" "$T/all.txt"
	! grep -q '#$' "$T/all.txt"
	check "print: no heading anchor printed" $?
fi
exit $fail
