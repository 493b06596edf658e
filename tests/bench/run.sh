#!/bin/sh
# run.sh PODIUM: the benchmark (make bench). Generates a synthetic report at
# each size (N providers x E editions) in two shapes with tests/bench/gen.c,
# as a podium project and as the equivalent Hugo site: 'std' (a `featured`
# list, 3 to 5 criteria, fault tests in the rated reviews) and 'wide' (no
# `featured` list, ten criteria, a fault test in every review; issue 29: a
# report shaped unlike the first). Each is built on a RAM disk (/dev/shm)
# and on disk (tests/bench/work) with Hugo, with `podium build --only
# html,data`, with `cp -r` of that output (the floor: most of a build is the
# kernel making files) and with a full `podium build`, runs interleaved so
# that each tool's runs are paired with the others' in the same minute; the
# default report's full build is timed the same way. It prints the median
# wall time and peak memory of each, their ratio to Hugo's, the rebuild time
# of `podium serve` after one edit, of the default report and of the 1,000 x
# 5 wide report (tests/bench/serve.sh), and whether each target holds.
#
# BENCH_SIZES (default "1000x5"; BENCH_LARGE=1 adds 10000x5, which takes a
# long while), BENCH_SHAPES (default "std wide"), BENCH_DISKS (default "ram
# disk"), BENCH_RUNS (default 5, at least 3), BENCH_WARMUP (rounds run first
# and not counted, default 1) and BENCH_EDITS (serve edits, default 11)
# change what is measured. The warm-up round is there because the first
# build of each tool after the project is generated was the slowest of its
# five in every run (files just written, caches cold): counted, it pulled
# each median up. Hugo is used when installed (apt-get install hugo); without
# it the table has no Hugo rows and says so. Nothing is installed. Every
# tool starts from an empty output folder: earlier output is moved aside
# first and deleted once every build has been measured.
set -u

PODIUM=${1:?usage: run.sh PODIUM}
SIZES=${BENCH_SIZES:-"1000x5"}
[ -n "${BENCH_LARGE:-}" ] && [ -z "${BENCH_SIZES:-}" ] && SIZES="1000x5 10000x5"
SHAPES=${BENCH_SHAPES:-"std wide"}
DISKS=${BENCH_DISKS:-"ram disk"}
RUNS=${BENCH_RUNS:-5}
WARMUP=${BENCH_WARMUP:-1}
BENCH_EDITS_N=${BENCH_EDITS:-11}
ROOT=$(pwd)
W=$ROOT/tests/bench/work

case "$PODIUM" in /*) ;; *) PODIUM=$ROOT/$PODIUM ;; esac
[ "$RUNS" -ge 3 ] 2>/dev/null || RUNS=3
[ "$WARMUP" -ge 0 ] 2>/dev/null || WARMUP=1

fail=0
if command -v hugo >/dev/null 2>&1; then
	HUGO=yes
	TOOLS="hugo html copy full"
else
	HUGO=no
	TOOLS="html copy full"
	echo "bench: 'hugo' is not installed (apt-get install hugo): no Hugo rows" >&2
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

# the folder each disk's cases are made in
RAM=""
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	RAM=/dev/shm/podium-bench.$$
fi
disk_dir() {
	case $1 in
	ram) echo "$RAM" ;;
	*) echo "$W/disk" ;;
	esac
}
cleanup() {
	[ -n "$RAM" ] && rm -rf "$RAM"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

now_ns() {
	date +%s%N
}

# aside PATH: moves an earlier output out of the way, into the disk's
# trash, which is emptied only after the last measurement. Deleting it
# instead would make the next build slower by an amount that depends on
# what was deleted before it: on an ext4 file system without a journal (as
# on the machines this ran on), every new file scans past the inodes freed
# in the last minute or so, which took up to half of a build's time.
ntrash=0
aside() {
	[ -e "$1" ] || return 0
	ntrash=$((ntrash + 1))
	mkdir -p "$base/trash" && mv "$1" "$base/trash/$ntrash"
}

# measure TOOL DIR RUN [TIMES]: one build of the case in DIR (its podium
# project in DIR/podium, its Hugo site in DIR/hugo); appends "ms kib" (or
# "fail") to TIMES (default DIR/TOOL.times).
measure() {
	tool=$1 dir=$2 run=$3 times=${4:-$2/$1.times}
	proj=$dir/podium
	[ -f "$dir/default" ] && proj=$ROOT
	case $tool in
	hugo)
		[ -d "$dir/hugo" ] || return 0
		aside "$dir/hugo/public"
		set -- hugo --quiet --source "$dir/hugo" --destination "$dir/hugo/public" ;;
	html)
		aside "$dir/out-html"
		set -- "$PODIUM" build -C "$proj" -o "$dir/out-html" --only html,data -q ;;
	copy)
		# the floor: copying podium's own html,data output, as the
		# kernel makes the same folders and files
		aside "$dir/out-copy"
		set -- cp -r "$dir/out-html" "$dir/out-copy" ;;
	full)
		aside "$dir/out-full"
		set -- "$PODIUM" build -C "$proj" -o "$dir/out-full" -q ;;
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

# median FILE FIELD: the median of a column (ms or KiB), "fail", or "-"
# when nothing was measured.
median() {
	if [ ! -s "$1" ]; then
		echo -
		return
	fi
	if grep -q fail "$1"; then
		echo fail
		return
	fi
	awk -v f="$2" '{ print $f }' "$1" | sort -n | awk '
		{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The cases: for each disk, each shape at each size, and the default report.
CASES=""
for disk in $DISKS; do
	base=$(disk_dir "$disk")
	if [ -z "$base" ]; then
		echo "bench: no RAM disk (/dev/shm) here: the 'ram' rows are left out" >&2
		continue
	fi
	mkdir -p "$base" || exit 1
	for shape in $SHAPES; do
		for size in $SIZES; do
			n=${size%x*}
			e=${size#*x}
			dir=$base/$shape-$size
			aside "$dir"
			echo "bench: generating $n providers x $e editions ($shape) on $disk" >&2
			if [ "$shape" = wide ]; then
				"$W/gen" "$n" "$e" "$dir" wide || exit 1
			else
				"$W/gen" "$n" "$e" "$dir" || exit 1
			fi
			CASES="$CASES $disk:$shape-$size"
		done
	done
	dir=$base/default
	aside "$dir"
	mkdir -p "$dir" && : >"$dir/default"
	CASES="$CASES $disk:default"
done

case_dir() {
	echo "$(disk_dir "${1%%:*}")/${1#*:}"
}

for c in $CASES; do
	dir=$(case_dir "$c")
	base=$(disk_dir "${c%%:*}")
	for tool in $TOOLS; do
		: >"$dir/$tool.times"
		: >"$dir/$tool.warmup"
	done
	run=1
	while [ "$run" -le "$WARMUP" ]; do
		for tool in $TOOLS; do
			echo "bench: $c warm-up $run: $tool" >&2
			measure "$tool" "$dir" "$run" "$dir/$tool.warmup"
		done
		run=$((run + 1))
	done
	run=1
	while [ "$run" -le "$RUNS" ]; do
		for tool in $TOOLS; do
			echo "bench: $c run $run: $tool" >&2
			measure "$tool" "$dir" "$run"
		done
		run=$((run + 1))
	done
done

# Deleted only now: for a minute after it (six while the freed inodes'
# blocks are still unwritten, hence the sync), making files on an ext4
# file system without a journal is slower, so a bench run straight after
# another measures a slower disk.
for disk in $DISKS; do
	base=$(disk_dir "$disk")
	[ -n "$base" ] && rm -rf "$base/trash"
done
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
	case "$1$2" in *fail* | *-*) echo "-"; return ;; esac
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'
}

echo
if [ "$HUGO" = yes ]; then
	hv=$(hugo version 2>/dev/null | cut -d' ' -f1-2)
else
	hv="hugo not installed"
fi
echo "$hv; $("$PODIUM" --version); $(nproc) cores; median of $RUNS runs after $WARMUP warm-up round(s); ram = /dev/shm, disk = tests/bench/work"
printf '%-5s %-14s %-26s %10s %12s %10s %10s\n' disk case tool "wall (s)" "peak (MiB)" "time/hugo" "mem/hugo"
for c in $CASES; do
	dir=$(case_dir "$c")
	ht=$(median "$dir/hugo.times" 1)
	hm=$(median "$dir/hugo.times" 2)
	for tool in $TOOLS; do
		t=$(median "$dir/$tool.times" 1)
		m=$(median "$dir/$tool.times" 2)
		[ "$t" = - ] && continue
		if [ "$t" = fail ]; then
			printf '%-5s %-14s %-26s %10s %12s %10s %10s\n' "${c%%:*}" "${c#*:}" "$(label $tool)" failed - - -
			continue
		fi
		printf '%-5s %-14s %-26s %10.3f %12.1f %10s %10s\n' "${c%%:*}" "${c#*:}" "$(label $tool)" \
		    "$(awk -v v="$t" 'BEGIN { print v / 1000 }')" \
		    "$(awk -v v="$m" 'BEGIN { print v / 1024 }')" \
		    "$(ratio "$t" "$ht")" "$(ratio "$m" "$hm")"
	done
done

# Every run, in the order run: the spread says how noisy the machine was.
echo
echo "every run (s), in order (the warm-up's in brackets):"
for c in $CASES; do
	dir=$(case_dir "$c")
	for tool in $TOOLS; do
		[ -s "$dir/$tool.times" ] || continue
		printf '  %-20s %-26s %s\n' "$c" "$(label $tool)" \
		    "$(awk '{ v = ($1 == "fail" ? "fail" : $1 / 1000)
			if (FILENAME ~ /warmup$/) v = "(" v ")"
			printf "%s%s", sep, v; sep = " " }' "$dir/$tool.warmup" "$dir/$tool.times")"
	done
done

# The rebuild of podium serve after one edit: of the default report, and
# of the 1,000 x 5 wide report (on the RAM disk when there is one).
echo
big=""
for c in $CASES; do
	case $c in *:wide-1000x5) [ -z "$big" ] && big=$(case_dir "$c") ;; esac
done
serve_default=fail
serve_big=fail
for what in default big; do
	if [ "$what" = big ]; then
		[ -n "$big" ] || continue
		content=$big/podium/content
	else
		content=$ROOT/content
	fi
	echo "bench: podium serve ($what), $BENCH_EDITS_N edits of one review" >&2
	serve=$(BENCH_EDITS=$BENCH_EDITS_N sh "$ROOT/tests/bench/serve.sh" "$PODIUM" "$content")
	if [ -n "$serve" ]; then
		set -- $serve
		printf 'podium serve rebuild after one edit, %s (median of %s): build %s ms, with change detection and swap %s ms, %s ms of CPU\n' \
		    "$( [ "$what" = big ] && echo "wide 1000x5" || echo "default report")" "$3" "$1" "$2" "${4:-?}"
		eval "serve_$what=\$1"
	else
		echo "podium serve rebuild ($what): failed"
	fi
done

# The targets of the speed issue (29), each checked against this run's
# figures, on the RAM disk when there is one.
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
	case "$1$2" in *fail* | *-*) echo 0; return ;; esac
	awk -v a="$1" -v b="$2" -v f="${3:-1}" 'BEGIN { print (a <= b * f) ? 1 : 0 }'
}
echo
echo "targets:"
tdisk=ram
[ -n "$RAM" ] && echo " $DISKS " | grep -q ' ram ' || tdisk=disk
for c in $CASES; do
	[ "${c%%:*}" = "$tdisk" ] || continue
	name=${c#*:}
	dir=$(case_dir "$c")
	h=$(median "$dir/hugo.times" 1)
	t=$(median "$dir/html.times" 1)
	cp=$(median "$dir/copy.times" 1)
	f=$(median "$dir/full.times" 1)
	case $name in
	default)
		verdict "the default report's full build under 0.6 s" "$(le "$f" 600)" ;;
	*-1000x5)
		[ "$HUGO" = yes ] && verdict "$name: --only html,data at least 1.5x faster than hugo" "$(le "$t" "$h" 0.6667)"
		verdict "$name: --only html,data within 8x of the copy floor" "$(le "$t" "$cp" 8)"
		[ "$HUGO" = yes ] && verdict "$name: the full build within 5x of hugo" "$(le "$f" "$h" 5)" ;;
	*-10000x5)
		[ "$HUGO" = yes ] && verdict "$name: --only html,data at least 2x faster than hugo" "$(le "$t" "$h" 0.5)"
		verdict "$name: --only html,data peak memory under 150 MiB" "$(le "$(median "$dir/html.times" 2)" 153599)"
		verdict "$name: the full build's peak memory under 400 MiB" "$(le "$(median "$dir/full.times" 2)" 409599)" ;;
	esac
done
if [ -n "$big" ]; then
	t=$(median "$big/html.times" 1)
	verdict "podium serve: a rebuild of wide-1000x5 after one edit under 100 ms" "$(le "$serve_big" 99.999)"
	verdict "podium serve: ... and at most a tenth of its --only html,data build" "$(le "$serve_big" "$t" 0.1)"
fi
verdict "podium serve rebuilds the default report in under 50 ms" "$(le "$serve_default" 49.999)"
[ "$nbad" -eq 0 ] && echo "every target met" || echo "$nbad target(s) missed"
