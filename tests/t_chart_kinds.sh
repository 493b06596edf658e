#!/bin/sh
# t_chart_kinds.sh: the kinds of chart are described once (gen/charts/chart.c's
# table). A {{chart NAME}} that names none is the same error, word for word,
# from podium check, from a build of the pages and from a build of the PDF;
# so is a {{chart}} without its name, whose usage lists the kinds; and every
# kind the table gives a {{chart}} is drawn, shown on the page and in the PDF.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() {
	if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}
. "$ROOT/tests/skip.sh"

# the one error of a project whose commentary holds $1, from each output
same_error() {
	rm -rf "$T/p" "$T/o"
	cp -R "$ROOT/tests/fixtures/mini" "$T/p" &&
	    printf '\n%s\n' "$1" >>"$T/p/content/commentary/intro.md" || return 1
	"$PODIUM" check -C "$T/p" >"$T/check" 2>&1 && return 1
	"$PODIUM" build -q -C "$T/p" -o "$T/o" --only html >"$T/html" 2>&1 && return 1
	"$PODIUM" build -q -C "$T/p" -o "$T/o" --only pdf >"$T/pdf" 2>&1 && return 1
	printf '%s\n' "$2" >"$T/want"
	cmp -s "$T/want" "$T/check" && cmp -s "$T/want" "$T/html" &&
	    cmp -s "$T/want" "$T/pdf" && ! test -e "$T/o"
}

same_error '{{chart pie}}' "content/commentary/intro.md:9:1: error: unknown chart 'pie' (expected distribution, movement, funnel or faults)"
check "an unknown chart: the same error from check, the pages and the PDF, and no site" $?
same_error '{{chart}}' "content/commentary/intro.md:9:1: error: 'chart' takes 1 argument ({{chart distribution|movement|funnel|faults}}), not 0"
check "a chart without its name: the same error, the kinds in its usage" $?

# every kind a {{chart}} may name: drawn, on the page, a figure in the PDF
rm -rf "$T/p" "$T/o"
cp -R "$ROOT/tests/fixtures/mini" "$T/p"
for k in distribution movement funnel faults; do
	printf '\n{{chart %s}}\n' "$k" >>"$T/p/content/commentary/intro.md"
done
"$PODIUM" build -q -C "$T/p" -o "$T/o" >"$T/err" 2>&1
check "a commentary with every kind of chart builds" $?
ok=0
for k in distribution movement funnel faults; do
	test -f "$T/o/charts/$k.svg" && test -f "$T/o/charts/$k.png" &&
	    grep -q "src=\"charts/$k\.svg\"" "$T/o/index.html" || ok=1
done
check "each is drawn (svg, png) and shown where the commentary is, the home page" $ok
if need "the PDF's text" pdftotext; then
	# each title once more than in the PDF of the project without them
	cp -R "$ROOT/tests/fixtures/mini" "$T/plain"
	"$PODIUM" build -q -C "$T/plain" -o "$T/po" --only pdf >"$T/err" 2>&1
	pdftotext "$T/po/report.pdf" "$T/plain.txt" 2>/dev/null
	pdftotext "$T/o/report.pdf" "$T/pdf.txt" 2>/dev/null
	ok=0
	# the English pack's titles (chart_distribution, ...)
	for title in "From tracked to medals, Edition Three" "Failure-test timings, Edition Three"; do
		a=$(grep -c "^$title" "$T/plain.txt")
		b=$(grep -c "^$title" "$T/pdf.txt")
		[ "$b" -eq $((a + 1)) ] || { echo "# '$title': $b times in the PDF, $a without the shortcodes"; ok=1; }
	done
	# the home page's own charts (the view's medals and movement sections)
	# are drawn once: in those sections, or where the commentary puts them
	for title in "Tiers by edition" "Movement from Edition One"; do
		a=$(grep -c "^$title" "$T/plain.txt")
		b=$(grep -c "^$title" "$T/pdf.txt")
		[ "$a" -eq 1 ] && [ "$b" -eq 1 ] || { echo "# '$title': $b times in the PDF, $a without the shortcodes"; ok=1; }
	done
	check "each is a figure in the PDF, by its title" $ok
fi
exit "$fails"
