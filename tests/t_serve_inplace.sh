#!/bin/sh
# t_serve_inplace.sh: `podium serve` updates the folder it serves in place
# (gen/serve/serve.c, publish.h "applied in place"). After one review's
# summary is edited, the rebuild writes only the files whose bytes differ:
# the others keep their inode and modification time (the stylesheet, the
# badges, another provider's page), the edited provider's page is a new
# file holding the edit, and the site is still the one folder (site-1), a
# clean build's byte for byte. A review that no longer parses changes no
# file of the served folder (every inode and time the same) and shows the
# error page; its repair serves the site again. A provider removed from
# the content (its file and its reviews) loses its page and its page's
# folder in the served folder, which is again a clean build's.
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
check() {
	what=$1
	shift
	if "$@"; then ok "$what"; else nok "$what"; fi
}
. "$ROOT/tests/skip.sh"
need "serving" curl || exit 0

. "$ROOT/tests/serve_wait.sh"

mkdir "$T/proj" "$T/tmp"
cp -R "$ROOT/content" "$T/proj/content"
C=$T/proj/content
export TMPDIR="$T/tmp"

if ! serve_start; then
	nok "serve starts"
	cat "$T/err"
	exit 1
fi
S=$SERVED/site-1

# compare WHAT: the served site against a clean build of the same content
compare() {
	rm -rf "$T/clean"
	if ! "$PODIUM" build -q -C "$T/proj" --drafts --only html,data -o "$T/clean" \
	    2>"$T/clean.err"; then
		nok "$1: the clean build fails"
		sed 's/^/# /' "$T/clean.err" | head -n 5
		return
	fi
	diff -r "$S" "$T/clean" >"$T/diff" 2>&1
	grep -v "^Only in $T/clean/charts: [^/]*\\.png\$" "$T/diff" >"$T/diff.rest"
	if [ -d "$S" ] && [ ! -s "$T/diff.rest" ]; then
		ok "$1: the served site is a clean build's"
	else
		nok "$1: the served site is a clean build's"
		grep -a '^Only in\|^diff \|^[<>]' "$T/diff.rest" | cut -c1-200 | head -n 12 | sed 's/^/# /'
	fi
}
# snap FILE: every file of the served folder, its inode and modification
# time (to the nanosecond), sorted by name
snap() { (cd "$S" && find . -type f -printf '%P %i %T@\n' | sort) >"$1"; }
# one site folder, site-1 (a rebuild's staging folder is site-1.tmp-PID)
one_folder() { [ "$(ls -d "$SERVED"/site-* | grep -vc '\.tmp-')" -eq 1 ] && [ -d "$S" ]; }
# no rebuild is writing: no staging folder
idle() { ! ls -d "$SERVED"/site-*.tmp-* >/dev/null 2>&1; }
# done COMMAND...: waits until COMMAND holds with no rebuild running, then
# until no rebuild has run for a while (an editor's save may start two)
done_when() { wait_for 30 sh -c "$* && ! ls -d '$SERVED'/site-*.tmp-* >/dev/null 2>&1" && settle && idle; }

settle
compare "the first build"
snap "$T/before"
total=$(wc -l <"$T/before")
# sure to stay the same when aws's summary changes
same="assets/style.css badges/3.0/azure.svg providers/azure/index.html"
for f in $same; do
	grep -q "^$f " "$T/before" || nok "the served site has $f"
done

# one review's summary edited
nb=$(builds)
sed -i 's/^summary: |$/&\n  An edit in place./' "$C/reviews/3.0/aws.yaml"
if wait_for 20 more_builds "$nb" &&
    done_when "grep -q 'An edit in place.' '$S/providers/aws/index.html'"; then
	ok "serve rebuilds after aws's summary is edited"
else
	nok "serve rebuilds after aws's summary is edited"
fi
snap "$T/after"
check "the site is still served from one folder, site-1" one_folder
compare "aws's summary edited"
for f in $same; do
	check "$f keeps its inode and time" \
	    test "$(grep "^$f " "$T/before")" = "$(grep "^$f " "$T/after")"
done
check "aws's page is a new file with the edit" sh -c \
    "! grep -qx \"\$(grep '^providers/aws/index.html ' '$T/after')\" '$T/before' &&
    grep -q 'An edit in place.' '$S/providers/aws/index.html'"
# only the files that differ were written: the others are those of before
changed=$(comm -13 "$T/before" "$T/after" | wc -l)
if [ "$changed" -ge 1 ] && [ $((changed * 10)) -lt "$total" ]; then
	ok "the rebuild wrote $changed of the site's $total files"
else
	nok "the rebuild wrote $changed of the site's $total files (some, fewer than a tenth)"
fi

# a review that does not parse: nothing served changes, the error page shows
nb=$(builds)
cp "$C/reviews/3.0/gcore.yaml" "$T/keep.yaml"
printf 'summary: [unclosed\n' >>"$C/reviews/3.0/gcore.yaml"
wait_for 20 more_builds "$nb" &&
    done_when "curl -s --max-time 10 '$URL/' | grep -q 'podium-errors'"
snap "$T/broken"
check "a failed rebuild changes no file of the served folder" cmp -s "$T/after" "$T/broken"
check "a failed rebuild shows the error page" sh -c \
    "curl -s --max-time 10 '$URL/' | grep -q 'podium-errors'"
check "a failed rebuild leaves no staging folder" idle
nb=$(builds)
cp "$T/keep.yaml" "$C/reviews/3.0/gcore.yaml"
wait_for 20 more_builds "$nb" &&
    done_when "curl -s --max-time 10 -o '$T/home' '$URL/' && grep -q '</html>' '$T/home' &&
    ! grep -q 'podium-errors' '$T/home'"
check "its repair serves the site again" sh -c \
    "curl -s --max-time 10 -o '$T/home' '$URL/' && grep -q '</html>' '$T/home' &&
    ! grep -q 'podium-errors' '$T/home' && curl -s --max-time 10 '$URL/providers/aws/' | grep -q 'An edit in place.'"
snap "$T/repaired"
check "the repair rewrites nothing (the site is as before the break)" \
    cmp -s "$T/after" "$T/repaired"

# a provider removed: its page and its page's folder go
check "akamai has a page" test -f "$S/providers/akamai/index.html"
nb=$(builds)
rm "$C/providers/akamai.yaml" "$C"/reviews/*/akamai.yaml
wait_for 20 more_builds "$nb" &&
    done_when "test ! -e '$S/providers/akamai/index.html'"
check "a removed provider's page is gone from the served folder" \
    test ! -e "$S/providers/akamai/index.html"
check "... and its folder" test ! -e "$S/providers/akamai"
check "... and its history chart" test ! -e "$S/charts/history-akamai.svg"
check "the site is still served from one folder, site-1 (akamai removed)" one_folder
compare "akamai removed"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$URL/providers/akamai/")
check "its address answers 404 ($code)" test "$code" = 404

kill "$PID" 2>/dev/null
wait "$PID" 2>/dev/null
PID=""
[ "$fails" -eq 0 ]
