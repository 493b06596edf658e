#!/bin/sh
# t_drawers.sh: the charts, the badges and the PDF drawn in worker processes
# (pipeline/draw.c): the same bytes with none (a thread), 1, 2 and 5 of
# them, for the default report and a synthetic one (tests/bench/gen.c, the
# 'wide' shape, 60 x 3); a drawing process killed by a signal fails the
# build with one message, no staging folder and the old site untouched;
# SIGTERM and SIGINT to podium reach the drawing processes; the pages are
# written once (each page's download sizes are those of the files); a
# PODIUM_DRAWERS that is not a number is refused.
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
export SOURCE_DATE_EPOCH=1790000000

# listing DIR: every file with its sha256, and every folder
listing() {
	(cd "$1" && find . -type d | sort && find . -type f -exec sha256sum {} + | sort)
}

# The numbers of drawing processes: none (a thread), one, and several
# taking the jobs in turn (2 and 5). Under ASan (make check's second pass)
# 0, 1 and 5: 2 and 5 run the same code (each process takes the next job
# from the shared counter, gen/pipeline/draw.c), which the release pass
# runs with both.
counts="0 1 2 5"
[ -n "${PODIUM_SANITIZED:-}" ] && counts="0 1 5"
said=$(echo "$counts" | awk '{ for (i = 1; i <= NF; i++) printf "%s%s", i == 1 ? "" : i == NF ? " and " : ", ", $i }')

# same DIR NAME [KEEP]: builds DIR with each of $counts drawing processes
# and compares the trees; KEEP, if given, keeps the build with none there.
same() {
	for n in $counts; do
		if ! PODIUM_DRAWERS=$n "$PODIUM" build -q -C "$1" -o "$T/out-$n" 2>"$T/err"; then
			nok "$2 builds with $n drawing processes"
			head -n 5 "$T/err" | sed 's/^/# /'
			return
		fi
	done
	ok "$2 builds with $said drawing processes"
	bad=
	for n in $counts; do
		[ "$n" = 0 ] && continue
		diff -r "$T/out-0" "$T/out-$n" >/dev/null || bad="$bad $n"
	done
	if [ -z "$bad" ]; then
		ok "$2: the same bytes with $said drawing processes"
	else
		nok "$2: the same bytes with $said drawing processes (differ:$bad)"
		for n in $bad; do diff -rq "$T/out-0" "$T/out-$n"; done | head -n 5 | sed 's/^/# /'
	fi
	[ -n "${3:-}" ] && mv "$T/out-0" "$3"
	rm -rf "$T"/out-*
}

cc -O2 -std=c17 -o "$T/gen" "$ROOT/tests/bench/gen.c" -lm || { nok "gen.c builds"; exit 1; }
"$T/gen" 60 3 "$T/small" wide >/dev/null
same "$ROOT" "the default report" "$T/site"
same "$T/small/podium" "a wide synthetic report (60 x 3)"

# the pages give the sizes of the files written: the PDF is written first
# (in the default report's build with no drawing process, kept above)
size=$(wc -c <"$T/site/report.pdf")
if ! grep -q 'podium:size' "$T/site/index.html" &&
    grep -q "report.pdf.*($(awk -v n="$size" 'BEGIN {
	if (n < 1000) printf "%d B", n; else if (n < 1000000) printf "%d kB", (n + 500) / 1000; else printf "%.1f MB", n / 1e6 }'))" \
    "$T/site/index.html"; then
	ok "the home page gives report.pdf's size ($size bytes), with no placeholder"
else
	nok "the home page gives report.pdf's size ($size bytes), with no placeholder"
	grep -o 'report.pdf[^<]*<[^<]*<[^<]*' "$T/site/index.html" | head -n 3 | sed 's/^/# /'
fi

# left_of KIDS: sets $left to the processes of KIDS still there, waiting up to
# 5 s (times PODIUM_SLOW: a busy machine) for them to go
left_of() {
	j=0
	while :; do
		left=
		for k in $1; do kill -0 "$k" 2>/dev/null && left="$left $k"; done
		[ -z "$left" ] || [ $j -ge $((50 * ${PODIUM_SLOW:-1})) ] && return 0
		sleep 0.1
		j=$((j + 1))
	done
}

# children PID: the processes whose parent is PID
children() {
	ps -o pid= --ppid "$1" 2>/dev/null | tr -d ' '
}

# a report big enough for its drawing to last a while
"$T/gen" 200 3 "$T/big" wide >/dev/null
P=$T/big/podium
O=$T/big/site
# The old site the interrupted builds below must leave alone is made by the
# release binary ($ROOT/podium) in the sanitized pass (make check's second,
# PODIUM_SANITIZED): the same bytes (SPEC 4.5, and tests/once.sh checks so),
# and a generated report of this shape is built whole under ASan elsewhere
# (t_drawers' 60 x 3, t_threads' 70 x 3); what runs under ASan here is
# each interrupted build.
old_site=$PODIUM
[ -n "${PODIUM_SANITIZED:-}" ] && [ -x "$ROOT/podium" ] && old_site=$ROOT/podium
"$old_site" build -q -C "$P" -o "$O" || nok "the big report builds"
listing "$O" >"$T/before"

# start_build: podium build in the background with two drawing processes;
# waits (at most 120 s) until they run; sets PID and KIDS
start_build() {
	PODIUM_DRAWERS=2 "$PODIUM" build -q -C "$P" -o "$O" >"$T/out" 2>"$T/err" &
	PID=$!
	KIDS=
	i=0
	while [ $i -lt 2400 ]; do
		KIDS=$(children "$PID")
		[ "$(echo "$KIDS" | grep -c .)" -ge 2 ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

untouched() {
	listing "$O" >"$T/after"
	cmp -s "$T/before" "$T/after" && [ -z "$(ls -d "$O".tmp-* 2>/dev/null)" ]
}

if start_build; then
	kid=$(echo "$KIDS" | head -n 1)
	kill -KILL "$kid"
	wait "$PID"
	rc=$?
	if [ "$rc" = 3 ] && [ "$(wc -l <"$T/err")" = 1 ] &&
	    grep -Eqx "podium: error: a drawing process \\(pid $kid\\) was killed by signal 9 \\(Killed\\); the charts and the PDF are not all drawn" "$T/err" &&
	    untouched; then
		ok "a drawing process killed by SIGKILL: exit 3, one message, no staging folder, the old site untouched"
	else
		nok "a drawing process killed by SIGKILL (exit $rc)"
		sed 's/^/# /' "$T/err" | head -n 5
	fi
	# the other process ended too
	left_of "$KIDS"
	[ -z "$left" ] && ok "... and no drawing process is left" ||
	    nok "... and no drawing process is left (left:$left)"
else
	nok "the build starts two drawing processes"
	kill "$PID" 2>/dev/null
	wait "$PID"
fi

for sig in TERM INT; do
	if start_build; then
		kill -"$sig" "$PID"
		wait "$PID"
		rc=$?
		left_of "$KIDS"
		if [ -z "$left" ] && [ "$rc" -gt 128 ] && untouched; then
			ok "SIG$sig to podium reaches its drawing processes: they end, no staging folder, the old site untouched"
		else
			nok "SIG$sig to podium reaches its drawing processes (exit $rc, left:$left)"
			sed 's/^/# /' "$T/err" | head -n 5
		fi
	else
		nok "the build starts two drawing processes"
		kill "$PID" 2>/dev/null
		wait "$PID"
	fi
done

# a count that is not a whole number is refused before anything is done
PODIUM_DRAWERS=two "$PODIUM" build -q -C "$ROOT" -o "$T/refused" >"$T/out" 2>&1
rc=$?
if [ "$rc" = 2 ] && [ ! -e "$T/refused" ] && grep -qx "podium: error: PODIUM_DRAWERS must be a whole number of drawing processes (0: none, draw on a thread), not 'two'" "$T/out"; then
	ok "PODIUM_DRAWERS=two: exit 2, one message, nothing made"
else
	nok "PODIUM_DRAWERS=two: exit 2, one message, nothing made (exit $rc)"
	sed 's/^/# /' "$T/out" | head -n 3
fi

[ "$fails" -eq 0 ]
