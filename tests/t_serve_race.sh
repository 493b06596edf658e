#!/bin/sh
# t_serve_race.sh: a file written while `podium serve` rebuilds, between the
# load and the pages, does not leave a stale page. serve runs with the test
# hook PODIUM_TEST_AFTER_LOAD="SRC>DST" (gen/pipeline/build.c: right after a
# rebuild's load, SRC is renamed onto DST). An edit of azure's review starts
# a rebuild; after its load, aws's review is replaced by an edited one. That
# rebuild makes aws's page from the bytes it read (the old ones), and the
# rename starts another, which must make it again from the new ones: the
# pages are keyed by the bytes the load read, not by the file as it is once
# the load is over (the key that read the file again kept the old page
# under the new bytes' key, and the next rebuild took it: t_serve_same, seed
# 1796667546, step 6). The served site must then be, byte for byte, what a
# clean build of the same content makes, aws's edit on its page; each of
# the two rebuilds makes one provider page (azure's, then aws's), the
# others taken as before.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
PID=""
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
need curl

. "$ROOT/tests/serve_wait.sh"

mkdir "$T/proj" "$T/tmp"
cp -R "$ROOT/content" "$T/proj/content"
C=$T/proj/content
export TMPDIR="$T/tmp"
X=$C/reviews/3.0/aws.yaml
Y=$C/reviews/3.0/azure.yaml

# (the hook reaches the server alone, not the clean builds after)
export PODIUM_TEST_AFTER_LOAD="$T/next.yaml>$X"
if ! serve_start; then
	nok "serve starts"
	cat "$T/err"
	exit 1
fi
unset PODIUM_TEST_AFTER_LOAD

# compare WHAT: the served site against a clean build of the same content
compare() {
	rm -rf "$T/clean"
	if ! "$PODIUM" build -q -C "$T/proj" --drafts --only html,data -o "$T/clean" \
	    2>"$T/clean.err"; then
		nok "$1: the clean build fails"
		sed 's/^/# /' "$T/clean.err" | head -n 5
		return
	fi
	last=$(ls -d "$SERVED"/site-* 2>/dev/null | sed 's/.*site-//' | sort -n | tail -n 1)
	diff -r "$SERVED/site-$last" "$T/clean" >"$T/diff" 2>&1
	grep -v "^Only in $T/clean/charts: [^/]*\\.png\$" "$T/diff" >"$T/diff.rest"
	if [ -n "$last" ] && [ ! -s "$T/diff.rest" ]; then
		ok "$1: the served site is a clean build's"
	else
		nok "$1: the served site is a clean build's"
		grep -a '^Only in\|^diff \|^[<>]' "$T/diff.rest" | cut -c1-200 | head -n 12 | sed 's/^/# /'
	fi
}
# made N LINE: the rebuild's line says it made N provider pages
made() {
	case $2 in
	*"provider pages: $1 made, "*) return 0 ;;
	esac
	return 1
}

settle
compare "the first build"

# aws's review as it will be written once the next rebuild has loaded
sed 's/^summary: |$/&\n  Written while the pages were made./' "$X" >"$T/next.yaml"
nb=$(builds)
sed -i 's/^summary: |$/&\n  An edit of azure./' "$Y"
if wait_for 20 grep -q "^podium: test: moved $T/next.yaml to $X after the load" "$T/err"; then
	ok "the rebuild for azure's edit replaced aws's review after its load"
else
	nok "the rebuild for azure's edit replaced aws's review after its load"
fi
wait_for 20 more_builds $((nb + 1)) && settle
lines=$(grep '^podium: built in' "$T/err" | tail -n 2)
first=$(echo "$lines" | head -n 1)
second=$(echo "$lines" | tail -n 1)
if [ "$(builds)" -eq $((nb + 2)) ] && made 1 "$first" && made 1 "$second"; then
	ok "two rebuilds, each made one provider page (azure's, then aws's)"
else
	nok "two rebuilds, each made one provider page (azure's, then aws's)"
	echo "$lines" | cut -c1-400 | sed 's/^/# /'
fi
compare "aws's review written between the load and the pages"
if grep -q 'Written while the pages were made.' "$SERVED/site-$last/providers/aws/index.html" &&
    grep -q 'An edit of azure.' "$SERVED/site-$last/providers/azure/index.html"; then
	ok "aws's page has its new sentence, azure's its edit"
else
	nok "aws's page has its new sentence, azure's its edit"
fi

# and a summary edit alone, once more: one page made, the site a clean build's
nb=$(builds)
sed -i 's/^summary: |$/&\n  A second edit of azure./' "$Y"
wait_for 20 more_builds "$nb" && settle
line=$(grep '^podium: built in' "$T/err" | tail -n 1)
if made 1 "$line"; then
	ok "azure's second edit: one provider page made"
else
	nok "azure's second edit: one provider page made"
	echo "# $line" | cut -c1-400
fi
compare "azure's second edit"

kill "$PID" 2>/dev/null
wait "$PID" 2>/dev/null
PID=""
[ "$fails" -eq 0 ]
