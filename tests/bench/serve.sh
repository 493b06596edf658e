#!/bin/sh
# serve.sh PODIUM [CONTENT]: how long `podium serve` takes to rebuild a
# report (CONTENT, default the default report's content/) after one review
# is edited. Serves a copy of it, edits one review's summary EDITS times
# (each a real change, a second apart), and prints the median of the times
# serve -v reports for each rebuild: the build alone and the whole rebuild
# (build, change detection and swap), the number of rebuilds, and the
# median CPU time (user+sys, ms, from /proc) the serve process spent on
# each edit, from the edit until a second after its rebuild (what a loaded
# machine does not blur as it blurs wall time).
set -u

PODIUM=${1:?usage: serve.sh PODIUM [CONTENT]}
EDITS=${BENCH_EDITS:-11}
ROOT=$(pwd)
CONTENT=${2:-$ROOT/content}
T=$(mktemp -d)
PID=""
cleanup() {
	[ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

mkdir "$T/proj" && cp -R "$CONTENT" "$T/proj/content" || exit 1
# a review of the report's edition with a block summary
EDITION=$(sed -n 's/^edition: *"*\([^"]*\)"*$/\1/p' "$T/proj/content/report.yaml")
REVIEW=$(grep -l '^summary: |' "$T/proj/content/reviews/$EDITION"/*.yaml 2>/dev/null | head -n 1)
[ -n "$REVIEW" ] || REVIEW=$(grep -rl '^summary: |' "$T/proj/content/reviews" | head -n 1)
[ -n "$REVIEW" ] || { echo "bench: no review with a summary to edit" >&2; exit 1; }
unset TMPDIR

ms() { date +%s%3N; }
count() { grep -c '^podium: built in' "$T/err"; }
# wait_count N [S]: waits (at most S seconds, default 60) until N rebuilds
# are reported.
wait_count() {
	deadline=$(($(ms) + ${2:-60} * 1000))
	while [ "$(ms)" -lt "$deadline" ]; do
		[ "$(count)" -ge "$1" ] && return 0
		sleep 0.05
	done
	return 1
}

tries=0
while :; do
	PORT=$((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000))
	"$PODIUM" serve -C "$T/proj" -p "$PORT" -v >"$T/out" 2>"$T/err" &
	PID=$!
	# (the first build of a large report may take minutes)
	wait_count 1 "${BENCH_START_S:-600}" && grep -q 'serving http' "$T/out" && break
	kill "$PID" 2>/dev/null
	wait "$PID" 2>/dev/null
	PID=""
	tries=$((tries + 1))
	if [ "$tries" -ge 5 ]; then
		echo "bench: podium serve did not start" >&2
		cat "$T/err" >&2
		exit 1
	fi
done

# the serve process's CPU time so far (user+sys), in ms
cpu_ms() {
	awk -v hz="$(getconf CLK_TCK)" '{ printf "%d\n", ($14 + $15) * 1000 / hz }' "/proc/$PID/stat"
}
: >"$T/cpu"
i=1
while [ "$i" -le "$EDITS" ]; do
	sleep 1
	c0=$(cpu_ms)
	# a real edit: the summary gains a line
	sed -i "s/^summary: |\$/&\\n  Edit $i./" "$REVIEW"
	if ! wait_count $((i + 1)); then
		echo "bench: no rebuild after edit $i" >&2
		cat "$T/err" >&2
		exit 1
	fi
	sleep 1
	echo $(($(cpu_ms) - c0)) >>"$T/cpu"
	i=$((i + 1))
done

# "podium: built in 57.1 ms (build 38.2 ms: load ...)", the first is the
# initial build.
med() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
grep '^podium: built in' "$T/err" | sed 1d >"$T/rebuilds"
[ -n "${BENCH_SERVE_LOG:-}" ] && cp "$T/err" "$BENCH_SERVE_LOG"
build=$(sed 's/.*(build \([0-9.]*\) ms.*/\1/' "$T/rebuilds" | med)
whole=$(sed 's/^podium: built in \([0-9.]*\) ms.*/\1/' "$T/rebuilds" | med)
echo "$build $whole $(wc -l <"$T/rebuilds") $(med <"$T/cpu")"
