#!/bin/sh
# t_threads.sh: output is byte-identical whatever the number of threads
# (PODIUM_THREADS), for the default report and for a synthetic report with
# more charts than one drawing batch (tests/bench/gen.c, 70 x 3).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }

# same DIR NAME: builds DIR with 1, 3 and 5 threads and compares the trees.
same() {
	for n in 1 3 5; do
		if ! PODIUM_THREADS=$n "$PODIUM" build -q -C "$1" -o "$T/out-$n" 2>"$T/err"; then
			nok "$2 builds with $n threads"
			head -n 5 "$T/err"
			return
		fi
	done
	ok "$2 builds with 1, 3 and 5 threads"
	if diff -r "$T/out-1" "$T/out-3" >/dev/null && diff -r "$T/out-1" "$T/out-5" >/dev/null; then
		ok "$2: the same bytes with 1, 3 and 5 threads"
	else
		nok "$2: the same bytes with 1, 3 and 5 threads"
		{ diff -rq "$T/out-1" "$T/out-3"; diff -rq "$T/out-1" "$T/out-5"; } |
		    head -n 5 | sed 's/^/# /'
	fi
	# the PDF's blocks are prepared ahead on helper threads when n > 1
	if [ -s "$T/out-1/report.pdf" ] && cmp -s "$T/out-1/report.pdf" "$T/out-3/report.pdf" &&
	    cmp -s "$T/out-1/report.pdf" "$T/out-5/report.pdf"; then
		ok "$2: report.pdf written, the same with 1, 3 and 5 threads"
	else
		nok "$2: report.pdf written, the same with 1, 3 and 5 threads"
	fi
	n=$(find "$T/out-1/charts" -name '*.svg' | wc -l)
	[ "$n" -ge "$3" ] && ok "$2: $n charts drawn (at least $3)" ||
		nok "$2: $n charts drawn (at least $3)"
	rm -rf "$T/out-1" "$T/out-3" "$T/out-5"
}

same "$ROOT" "default report" 5
if ${CC:-cc} -O1 -std=c17 -o "$T/gen" "$ROOT/tests/bench/gen.c" -lm 2>"$T/err" &&
    "$T/gen" 70 3 "$T/bench" >/dev/null 2>&1; then
	same "$T/bench/podium" "synthetic 70 x 3" 74
	# --only html,data: the charts' thread joins the pages when it is done
	for n in 1 2 3; do
		PODIUM_THREADS=$n "$PODIUM" build -q --only html,data -C "$T/bench/podium" \
		    -o "$T/hd-$n" 2>"$T/err" || nok "synthetic 70 x 3: --only html,data builds with $n threads"
	done
	if diff -r "$T/hd-1" "$T/hd-2" >/dev/null && diff -r "$T/hd-1" "$T/hd-3" >/dev/null &&
	    [ -s "$T/hd-1/providers/index.html" ]; then
		ok "synthetic 70 x 3: --only html,data, the same bytes with 1, 2 and 3 threads"
	else
		nok "synthetic 70 x 3: --only html,data, the same bytes with 1, 2 and 3 threads"
	fi
else
	nok "benchmark generator builds and runs"
	head -n 5 "$T/err"
fi
exit $fail
