#!/bin/sh
# t_threads.sh: output is byte-identical whatever the number of threads
# (PODIUM_THREADS), for the default report and for a synthetic report with
# more charts than one drawing batch (tests/bench/gen.c, 70 x 3); the
# search and compare indexes of a wide report (120 x 3) whose names' order
# is not its files'.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }

# The thread counts: one, and several (3 and 5). Under ASan (make check's
# second pass) 1 and 3: 3 and 5 threads run the same code (each takes the
# next index in turn, gen/core/workers.c), which the release pass runs with
# both.
counts="1 3 5"
[ -n "${PODIUM_SANITIZED:-}" ] && counts="1 3"
said=$(echo "$counts" | awk '{ for (i = 1; i <= NF; i++) printf "%s%s", i == 1 ? "" : i == NF ? " and " : ", ", $i }')

# same DIR NAME MIN: builds DIR with each of $counts threads and compares
# the trees; MIN charts at least.
same() {
	for n in $counts; do
		if ! PODIUM_THREADS=$n "$PODIUM" build -q -C "$1" -o "$T/out-$n" 2>"$T/err"; then
			nok "$2 builds with $n threads"
			head -n 5 "$T/err"
			return
		fi
	done
	ok "$2 builds with $said threads"
	bad=
	pdf=
	for n in $counts; do
		[ "$n" = 1 ] && continue
		diff -r "$T/out-1" "$T/out-$n" >/dev/null || bad="$bad $n"
		cmp -s "$T/out-1/report.pdf" "$T/out-$n/report.pdf" || pdf="$pdf $n"
	done
	if [ -z "$bad" ]; then
		ok "$2: the same bytes with $said threads"
	else
		nok "$2: the same bytes with $said threads (differ:$bad)"
		for n in $bad; do diff -rq "$T/out-1" "$T/out-$n"; done | head -n 5 | sed 's/^/# /'
	fi
	# the PDF's blocks are prepared ahead on helper threads when n > 1
	if [ -s "$T/out-1/report.pdf" ] && [ -z "$pdf" ]; then
		ok "$2: report.pdf written, the same with $said threads"
	else
		nok "$2: report.pdf written, the same with $said threads"
	fi
	n=$(find "$T/out-1/charts" -name '*.svg' | wc -l)
	[ "$n" -ge "$3" ] && ok "$2: $n charts drawn (at least $3)" ||
		nok "$2: $n charts drawn (at least $3)"
	rm -rf "$T"/out-*
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
	# The search and compare indexes are written as the providers' pages
	# end, in name order (gen/html/html_jobs.c): a report whose names'
	# order is not its files' ("Provider 10 Cloud" before "Provider 2
	# Cloud"), the same bytes with 1, 2 and 3 threads, every provider once,
	# in name order.
	if "$T/gen" 120 3 "$T/wide" wide >/dev/null 2>&1; then
		for n in 1 2 3; do
			PODIUM_THREADS=$n "$PODIUM" build -q --only html,data -C "$T/wide/podium" \
			    -o "$T/wd-$n" 2>"$T/err" || nok "wide 120 x 3: builds with $n threads"
		done
		bad=
		for f in search/index.json search/index.js compare/index.json compare/index.js; do
			[ -s "$T/wd-1/$f" ] || bad="$bad $f(missing)"
			for n in 2 3; do
				cmp -s "$T/wd-1/$f" "$T/wd-$n/$f" || bad="$bad $f($n)"
			done
		done
		[ -z "$bad" ] && ok "wide 120 x 3: the search and compare indexes, the same bytes with 1, 2 and 3 threads" ||
			nok "wide 120 x 3: the search and compare indexes, the same bytes with 1, 2 and 3 threads (differ:$bad)"
		got=$(python3 -c '
import json, sys
s = json.load(open(sys.argv[1] + "/search/index.json"))
c = json.load(open(sys.argv[1] + "/compare/index.json"))
t = [p["title"] for p in s["pages"] if p["url"].startswith("providers/")]
k = list(c["providers"])
print(len(t), len(set(t)), t == sorted(t), "|".join(t[:4]), len(k), "|".join(k[:4]))
' "$T/wd-3" 2>&1)
		want="120 120 True Provider 1 Cloud|Provider 10 Cloud|Provider 100 Cloud|Provider 101 Cloud 120 p00001|p00010|p00100|p00101"
		[ "$got" = "$want" ] && ok "wide 120 x 3: each index holds the 120 providers once, in name order" ||
			{ nok "wide 120 x 3: each index holds the 120 providers once, in name order"; echo "# got:  $got"; echo "# want: $want"; }
	else
		nok "benchmark generator makes the wide report"
	fi
else
	nok "benchmark generator builds and runs"
	head -n 5 "$T/err"
fi
exit $fail
