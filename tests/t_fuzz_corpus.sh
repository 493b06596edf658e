#!/bin/sh
# t_fuzz_corpus.sh: every seed (fuzz/corpus/NAME/) and every regression input
# (fuzz/regress/NAME/, inputs that once crashed) run through the fuzz target
# NAME, built without libFuzzer as fuzz-NAME beside the podium under test
# (build/asan/ under check-asan), else in build/release/. A target aborts on
# a broken property; under the sanitizers or valgrind ($WRAP) any memory error
# fails too. Fast: each input runs once, no fuzzing.
: "${PODIUM:?}" "${ROOT:?}"

dir=$(dirname "$PODIUM")
[ -x "$dir/fuzz-parse" ] || dir="$ROOT/build/release"
fails=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP

for src in "$ROOT"/fuzz/fuzz_*.c; do
	name=$(basename "$src" .c)
	name=${name#fuzz_}
	for kind in corpus regress; do
		inputs="$ROOT/fuzz/$kind/$name"
		[ -d "$inputs" ] || continue
		n=$(find "$inputs" -type f | wc -l)
		if [ ! -x "$dir/fuzz-$name" ]; then
			echo "not ok - fuzz $name $kind: no $dir/fuzz-$name (make tests)"
			fails=$((fails + 1))
			continue
		fi
		if (cd "$T" && find "$inputs" -type f -print0 | sort -z |
		    xargs -0 $WRAP "$dir/fuzz-$name") >"$T/out" 2>&1; then
			echo "ok - fuzz $name $kind ($n inputs)"
		else
			echo "not ok - fuzz $name $kind ($n inputs)"
			head -n 30 "$T/out"
			fails=$((fails + 1))
		fi
	done
done
[ "$fails" -eq 0 ]
