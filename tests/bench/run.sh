#!/bin/sh
# run.sh PODIUM: the benchmark (make bench). Generates a synthetic report at
# each size (N providers x E editions) with tests/bench/gen.c, as a podium
# project and as the equivalent Hugo site, then builds each with Hugo, with
# `podium build --only html,data` and with a full `podium build`, runs
# interleaved, and prints the median wall time and peak memory of each, with
# their ratio to Hugo's; then how time grows with size, the rebuild time of
# `podium serve` after one edit of the default report (tests/bench/serve.sh),
# the time of copying podium's own output (the floor: most of a build is the
# kernel making files), and whether each target holds in this run.
#
# BENCH_SIZES (default "1000x5 10000x5"), BENCH_RUNS (default 5, at least
# 3), BENCH_WARMUP (rounds run first and not counted, default 1) and
# BENCH_EDITS (serve edits, default 11) change what is measured. The
# warm-up round is there because the first build of each tool after the
# project is generated was the slowest of its five in every run (files
# just written, caches cold): counted, it pulled each median up.
# Everything is written under tests/bench/work/ (ignored by git). Nothing is installed. Every tool
# starts from an empty output folder: Hugo's public/ and podium's output are
# moved aside first and deleted once every build has been measured.
set -u

PODIUM=${1:?usage: run.sh PODIUM}
SIZES=${BENCH_SIZES:-"1000x5 10000x5"}
RUNS=${BENCH_RUNS:-5}
WARMUP=${BENCH_WARMUP:-1}
BENCH_EDITS_N=${BENCH_EDITS:-11}
ROOT=$(pwd)
W=$ROOT/tests/bench/work
TOOLS="hugo html copy full"

case "$PODIUM" in /*) ;; *) PODIUM=$ROOT/$PODIUM ;; esac
[ "$RUNS" -ge 3 ] 2>/dev/null || RUNS=3
[ "$WARMUP" -ge 0 ] 2>/dev/null || WARMUP=1

fail=0
if ! command -v hugo >/dev/null 2>&1; then
	echo "bench: 'hugo' not found; install it with: apt-get install hugo" >&2
	fail=1
fi
if [ ! -x /usr/bin/time ]; then
	echo "bench: /usr/bin/time not found; install it with: apt-get install time" >&2
	fail=1
fi
if [ ! -x "$PODIUM" ]; then
	echo "bench: no podium binary at '$PODIUM' (run make first)" >&2
	fail=1
fi
[ "$fail" -eq 0 ] || exit 1

mkdir -p "$W" || exit 1
${CC:-cc} -O2 -std=c17 -Wall -Wextra -o "$W/gen" "$ROOT/tests/bench/gen.c" -lm ||
	{ echo "bench: cannot build tests/bench/gen.c" >&2; exit 1; }

now_ns() {
	date +%s%N
}

# aside PATH: moves an earlier output out of the way, into $W/trash, which
# is emptied only after the last measurement. Deleting it instead would
# make the next build slower by an amount that depends on what was deleted
# before it: on an ext4 file system without a journal (as on the machines
# this ran on), every new file scans past the inodes freed in the last
# minute or so, which took up to half of a build's time.
ntrash=0
aside() {
	[ -e "$1" ] || return 0
	ntrash=$((ntrash + 1))
	mkdir -p "$W/trash" && mv "$1" "$W/trash/$ntrash"
}

# measure TOOL DIR RUN [TIMES]: one build; appends "ms kib" (or "fail")
# to TIMES (default DIR/TOOL.times).
measure() {
	tool=$1 dir=$2 run=$3 times=${4:-$2/$1.times}
	case $tool in
	hugo)
		aside "$dir/hugo/public"
		set -- hugo --quiet --source "$dir/hugo" --destination "$dir/hugo/public" ;;
	html)
		aside "$dir/out-html"
		set -- "$PODIUM" build -C "$dir/podium" -o "$dir/out-html" --only html,data -q ;;
	copy)
		# the floor: copying podium's own html,data output, as the
		# kernel makes the same folders and files
		aside "$dir/out-copy"
		set -- cp -r "$dir/out-html" "$dir/out-copy" ;;
	full)
		aside "$dir/out-full"
		set -- "$PODIUM" build -C "$dir/podium" -o "$dir/out-full" -q ;;
	esac
	# Each build starts with no dirty pages waiting to be written back
	# from the build before it (of this tool or another).
	sync
	t0=$(now_ns)
	/usr/bin/time -v -o "$dir/$tool.rusage" "$@" >"$dir/$tool.log" 2>&1
	rc=$?
	t1=$(now_ns)
	if [ "$rc" -ne 0 ]; then
		echo fail >>"$times"
		if [ "$run" -eq 1 ]; then
			echo "bench: $tool failed at $(basename "$dir") (exit $rc):" >&2
			head -n 5 "$dir/$tool.log" >&2
		fi
		return
	fi
	kib=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$dir/$tool.rusage")
	echo "$(( (t1 - t0) / 1000000 )) ${kib:-0}" >>"$times"
}

# median FILE FIELD: the median of a column (ms or KiB), or "fail".
median() {
	if grep -q fail "$1"; then
		echo fail
		return
	fi
	awk -v f="$2" '{ print $f }' "$1" | sort -n | awk '
		{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for size in $SIZES; do
	n=${size%x*}
	e=${size#*x}
	dir=$W/$size
	aside "$dir"
	echo "bench: generating $n providers x $e editions" >&2
	"$W/gen" "$n" "$e" "$dir" || exit 1
	for tool in $TOOLS; do
		: >"$dir/$tool.times"
		: >"$dir/$tool.warmup"
	done
	run=1
	while [ "$run" -le "$WARMUP" ]; do
		for tool in $TOOLS; do
			echo "bench: $size warm-up $run: $tool" >&2
			measure "$tool" "$dir" "$run" "$dir/$tool.warmup"
		done
		run=$((run + 1))
	done
	run=1
	while [ "$run" -le "$RUNS" ]; do
		for tool in $TOOLS; do
			echo "bench: $size run $run: $tool" >&2
			measure "$tool" "$dir" "$run"
		done
		run=$((run + 1))
	done
done

# Deleted only now: for a minute after it (six while the freed inodes'
# blocks are still unwritten, hence the sync), making files on an ext4
# file system without a journal is slower, so a bench run straight after
# another measures a slower disk.
rm -rf "$W/trash"
sync

label() {
	case $1 in
	hugo) echo "hugo" ;;
	html) echo "podium --only html,data" ;;
	copy) echo "cp -r of html,data output" ;;
	full) echo "podium (full)" ;;
	esac
}

# ratio A B: A / B to two decimals, or "-".
ratio() {
	case "$1$2" in *fail*) echo "-"; return ;; esac
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'
}

echo
echo "$(hugo version 2>/dev/null | cut -d' ' -f1-2); $("$PODIUM" --version); $(nproc) cores; median of $RUNS runs after $WARMUP warm-up round(s)"
printf '%-9s %-26s %10s %14s %10s %10s\n' size tool "wall (s)" "peak (MiB)" "time/hugo" "mem/hugo"
for size in $SIZES; do
	dir=$W/$size
	ht=$(median "$dir/hugo.times" 1)
	hm=$(median "$dir/hugo.times" 2)
	for tool in $TOOLS; do
		t=$(median "$dir/$tool.times" 1)
		m=$(median "$dir/$tool.times" 2)
		if [ "$t" = fail ]; then
			printf '%-9s %-26s %10s %14s %10s %10s\n' "$size" "$(label $tool)" failed - - -
			continue
		fi
		printf '%-9s %-26s %10.3f %14.1f %10s %10s\n' "$size" "$(label $tool)" \
		    "$(awk -v v="$t" 'BEGIN { print v / 1000 }')" \
		    "$(awk -v v="$m" 'BEGIN { print v / 1024 }')" \
		    "$(ratio "$t" "$ht")" "$(ratio "$m" "$hm")"
	done
done

# Every run, in the order run: the spread says how noisy the machine was.
echo
echo "every run (s), in order (the warm-up's in brackets):"
for size in $SIZES; do
	for tool in $TOOLS; do
		printf '  %-9s %-26s %s\n' "$size" "$(label $tool)" \
		    "$(awk '{ v = ($1 == "fail" ? "fail" : $1 / 1000)
			if (FILENAME ~ /warmup$/) v = "(" v ")"
			printf "%s%s", sep, v; sep = " " }' "$W/$size/$tool.warmup" "$W/$size/$tool.times")"
	done
done

# How time grows from the first size to the last (shown, not a target).
set -- $SIZES
first=$1
eval "last=\${$#}"
if [ "$#" -ge 2 ]; then
	echo
	for tool in $TOOLS; do
		a=$(median "$W/$first/$tool.times" 1)
		b=$(median "$W/$last/$tool.times" 1)
		printf '%-26s %s / %s time: %sx\n' "$(label $tool)" "$last" "$first" "$(ratio "$b" "$a")"
	done
fi

# The rebuild of podium serve after one edit of the default report.
echo
echo "bench: podium serve, $BENCH_EDITS_N edits of one review" >&2
serve=$(BENCH_EDITS=$BENCH_EDITS_N sh "$ROOT/tests/bench/serve.sh" "$PODIUM")
if [ -n "$serve" ]; then
	set -- $serve
	printf 'podium serve rebuild after one edit (median of %s): build %s ms, with change detection and swap %s ms\n' "$3" "$1" "$2"
	serve_build=$1
else
	echo "podium serve rebuild: failed"
	serve_build=fail
fi

# The targets of the speed issue, each checked against this run's figures.
# verdict NAME HOLDS
nbad=0
verdict() {
	if [ "$2" = 1 ]; then
		printf '  met     %s\n' "$1"
	else
		printf '  MISSED  %s\n' "$1"
		nbad=$((nbad + 1))
	fi
}
# le A B [FACTOR]: 1 if A <= B * FACTOR (and neither failed), else 0.
le() {
	case "$1$2" in *fail*) echo 0; return ;; esac
	awk -v a="$1" -v b="$2" -v f="${3:-1}" 'BEGIN { print (a <= b * f) ? 1 : 0 }'
}
echo
echo "targets:"
for size in $SIZES; do
	h=$(median "$W/$size/hugo.times" 1)
	t=$(median "$W/$size/html.times" 1)
	c=$(median "$W/$size/copy.times" 1)
	verdict "$size: podium --only html,data at least 2x faster than hugo" "$(le "$t" "$h" 0.5)"
	verdict "$size: podium --only html,data within 5x of the copy floor" "$(le "$t" "$c" 5)"
done
h=$(median "$W/$first/hugo.times" 1)
t=$(median "$W/$first/full.times" 1)
verdict "$first: full podium build no slower than 3x hugo" "$(le "$t" "$h" 3)"
m=$(median "$W/$last/html.times" 2)
verdict "$last: $(label html) peak memory under 150 MiB" "$(le "$m" 153599)"
m=$(median "$W/$last/full.times" 2)
verdict "$last: $(label full) peak memory under 400 MiB" "$(le "$m" 409599)"
verdict "podium serve rebuilds the default report in under 50 ms" "$(le "$serve_build" 49.999)"
[ "$nbad" -eq 0 ] && echo "every target met" || echo "$nbad target(s) missed"
