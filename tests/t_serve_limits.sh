#!/bin/sh
# t_serve_limits.sh: `podium serve` against slow clients. 40 connections
# from 127.0.0.1 that send their headers a byte a second (more than the 32
# an address may have waiting) do not lock other local clients out: a
# normal request still succeeds at once, and the slow ones are closed
# within their 5 s for the headers. SIGINT during a slow rebuild (a 3 MB
# commentary, with the PDF) stops serve at once, the rebuild abandoned and
# the private folder removed. Every wait is bounded; the server is killed
# by the trap whatever happens.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
PID=""
SLOWPID=""
cleanup() {
	[ -n "$SLOWPID" ] && kill "$SLOWPID" 2>/dev/null
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
SLOW=${PODIUM_SLOW:-1}
ms() { date +%s%3N; }
wait_for() {
	deadline=$(($(ms) + $1 * 1000 * SLOW))
	shift
	while [ "$(ms)" -lt "$deadline" ]; do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}

cp -R "$ROOT/tests/fixtures/serve-small" "$T/proj"
mkdir "$T/tmp"
export TMPDIR="$T/tmp"
start() {
	tries=0
	while [ $tries -lt 8 ]; do
		PORT=$((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000))
		"$PODIUM" serve -C "$T/proj" -p "$PORT" "$@" >"$T/out" 2>"$T/err" &
		PID=$!
		if wait_for 20 grep -q 'serving http' "$T/out"; then
			return 0
		fi
		kill -9 "$PID" 2>/dev/null
		wait "$PID" 2>/dev/null
		PID=""
		tries=$((tries + 1))
	done
	return 1
}
if ! start; then
	nok "serve starts"
	cat "$T/err"
	exit 1
fi
URL="http://127.0.0.1:$PORT"

perl "$ROOT/tests/serve_slow.pl" trickle "$PORT" 40 9 "$T/slow" &
SLOWPID=$!
if wait_for 10 test -s "$T/slow"; then
	sleep 1
	t0=$(ms)
	code=$(curl -s --max-time $((3 * SLOW)) -o /dev/null -w '%{http_code}' "$URL/")
	check "a request from 127.0.0.1 succeeds beside 40 slow ones ($code, $(($(ms) - t0)) ms)" \
	    test "$code" = 200
	made=$(sed -n 's/^made: //p' "$T/slow")
	check "the 40 slow connections were made ($made)" test "$made" = 40
else
	nok "the slow clients connect"
fi
wait "$SLOWPID"
SLOWPID=""
left=$(sed -n 's/^open after 9 s: //p' "$T/slow")
check "slow headers are cut after 5 s ($left of 40 left open after 9 s)" test "$left" = 0
code=$(curl -s --max-time $((3 * SLOW)) -o /dev/null -w '%{http_code}' "$URL/")
check "the server still answers after them ($code)" test "$code" = 200

kill -TERM "$PID"
wait_for 5 sh -c "! kill -0 $PID 2>/dev/null"
check "serve stops on SIGTERM" sh -c "! kill -0 $PID 2>/dev/null"
wait "$PID" 2>/dev/null
PID=""

# --- SIGINT during a slow rebuild ---
if ! start --pdf -v; then
	nok "serve --pdf starts"
	exit 1
fi
SERVED=$(sed -n 's/^podium: building into //p' "$T/err")
awk 'BEGIN { print "---"; print "title: Big"; print "order: 90"; print "---";
    for (p = 0; p < 1000; p++) { for (i = 0; i < 300; i++) printf "word%d ", (p * 7919 + i * 104729) % 99991; print "\n" } }' \
    >"$T/big.md"
mv "$T/big.md" "$T/proj/content/commentary/90-big.md"
# the rebuild has started once its folder is there beside the first one's
rebuilding() { [ "$(ls "$SERVED" | wc -l)" -gt 1 ]; }
if wait_for 10 rebuilding; then
	sleep 0.5
	t0=$(ms)
	kill -INT "$PID"
	wait_for 3 sh -c "! kill -0 $PID 2>/dev/null"
	took=$(($(ms) - t0))
	check "SIGINT stops serve during a rebuild within 3 s ($took ms)" sh -c "! kill -0 $PID 2>/dev/null"
	check "the rebuild had not finished (no 'built in' line)" sh -c "! grep -q '^podium: built in' '$T/err' || [ \$(grep -c '^podium: built in' '$T/err') -eq 1 ]"
	wait_for 2 sh -c "! test -e '$SERVED'"
	check "the private folder is removed" sh -c "! test -e '$SERVED'"
else
	nok "the slow rebuild starts"
fi
[ "$fails" -eq 0 ]
