#!/bin/sh
# run.sh BUILD_DIR PODIUM [NAME...]: runs every Check unit-test binary, then
# every script test (tests/t_*.sh), and prints one closing line with the
# totals. With NAMEs (make check T="t_pdf test_load"), only those: a unit
# test's name (test_load) or a script's (t_pdf, t_pdf.sh); a NAME that is
# neither is a failure.
# Each line of the summary ends with the seconds the test took, and the
# run closes with the slowest scripts, so a slow CI can be read from its log.
# Script tests print "ok - NAME" / "not ok - NAME" lines and exit non-zero
# on failure; they find the binary in $PODIUM and the repository in $ROOT.
B=$1
PODIUM=$2
shift 2
ONLY=""
for n in "$@"; do
	n=${n%.sh}
	if [ ! -x "$B/tests/$n" ] && [ ! -f "tests/$n.sh" ]; then
		echo "not ok - run.sh: no unit test $B/tests/$n and no script tests/$n.sh"
		echo "0 passed, 1 failed"
		exit 1
	fi
	ONLY="$ONLY $n "
done
# wanted NAME: true when no NAME was given, or NAME is one of them
wanted() {
	[ -z "$ONLY" ] && return 0
	case "$ONLY" in *" $1 "*) return 0 ;; esac
	return 1
}
ROOT=$(pwd)
export PODIUM ROOT
pass=0
fail=0
failed=""
times=""
t_run=$(date +%s)

case "$PODIUM" in /*) ;; *) PODIUM="$ROOT/$PODIUM" ;; esac
# Under valgrind (make valgrind) every program runs under memcheck: the
# unit tests and fuzz harnesses through $WRAP, and podium, in the scripts,
# through a script in $B/valgrind that runs it so; the scripts that read
# the binary itself (its symbols, its package) find it in $PODIUM_BIN.
# Waits in the scripts stretch by PODIUM_SLOW.
WRAP=""
PODIUM_SLOW=1
[ -n "$PODIUM_SANITIZED" ] && PODIUM_SLOW=5
if [ -n "$PODIUM_VALGRIND" ]; then
	WRAP="valgrind -q --error-exitcode=99 --leak-check=full --soname-synonyms=somalloc=libjemalloc.so* --suppressions=$ROOT/tests/valgrind.supp"
	export CK_FORK=no
	PODIUM_BIN=$PODIUM
	mkdir -p "$B/valgrind"
	{
		echo '#!/bin/sh'
		echo "exec valgrind -q --error-exitcode=99 --leak-check=full \\"
		echo "    '--soname-synonyms=somalloc=libjemalloc.so*' \\"
		echo "    '--suppressions=$ROOT/tests/valgrind.supp' '$PODIUM_BIN' \"\$@\""
	} >"$B/valgrind/podium"
	chmod +x "$B/valgrind/podium"
	PODIUM=$(cd "$B/valgrind" && pwd)/podium
	PODIUM_SLOW=30
	export PODIUM_BIN
fi
export WRAP PODIUM PODIUM_SLOW
# Check's timeouts (4 s by default, or a case's own) stretch as the waits do
CK_TIMEOUT_MULTIPLIER=$PODIUM_SLOW
export CK_TIMEOUT_MULTIPLIER

# script_result NAME RC SECS: counts and prints a script's result from its
# output in $out
script_result() {
	ok=$(printf '%s\n' "$out" | grep -c '^ok ')
	nok=$(printf '%s\n' "$out" | grep -c '^not ok ')
	if [ "$2" -ne 0 ] && [ "$nok" -eq 0 ]; then
		nok=1
	fi
	pass=$((pass + ok))
	fail=$((fail + nok))
	echo "$1: $ok ok, $nok not ok ($3 s)"
	times="$times$3 $1
"
	# say what a script skipped (a missing tool), so a green run cannot hide it
	# ("ok - # skip WHY" from tests/skip.sh, or TAP's "ok N # SKIP", any case)
	printf '%s\n' "$out" | grep -i -E '^(ok( [0-9]+)?( -)? *)?# *skip' | sed 's/^/  /'
	if [ "$nok" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v '^ok ' | head -n 60
		failed="$failed $1"
	fi
}

# The whole-system scripts (a line "# run.sh: background" in them:
# t_docker, t_readme_job) test the packaging and the setup, not podium's
# memory: they run in the release pass only, and say so in the others.
# Their minutes go to fetching and unpacking Debian packages and compiling
# podium again, not to the podium under test, so in the release pass they
# start first, in the background, beside the rest, and are collected last.
BG=""
BGDIR=""
if [ -z "${PODIUM_SANITIZED:-}" ] && [ -z "${PODIUM_VALGRIND:-}" ]; then
	BGDIR=$(mktemp -d)
	trap 'rm -rf "$BGDIR"' EXIT
	for s in "$ROOT"/tests/t_*.sh; do
		n=$(basename "$s" .sh)
		grep -q '^# run\.sh: background' "$s" && wanted "$n" || continue
		(
			t0=$(date +%s)
			sh "$s" >"$BGDIR/$n.out" 2>&1
			echo "$? $(($(date +%s) - t0))" >"$BGDIR/$n.rc"
		) &
		BG="$BG $n "
	done
fi

for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	wanted "$(basename "$t")" || continue
	t0=$(date +%s)
	out=$($WRAP "$t" 2>&1)
	rc=$?
	secs=$(($(date +%s) - t0))
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: ' | tail -n 1)
	n=$(printf '%s\n' "$line" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
	f=$(printf '%s\n' "$line" | sed -n 's/.*Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2/p')
	nf=$(echo "$f" | awk '{print $1 + $2}')
	[ -n "$n" ] || n=0
	[ -n "$nf" ] || nf=0
	if [ "$rc" -ne 0 ] && [ "$nf" -eq 0 ]; then
		nf=1
	fi
	pass=$((pass + n - nf))
	fail=$((fail + nf))
	echo "$(basename "$t"): $line (${secs} s)"
	times="$times$secs $(basename "$t")
"
	if [ "$nf" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v -E '^(Running suite|[0-9]+%: Checks)' | head -n 60
		failed="$failed $(basename "$t")"
	fi
done

for s in "$ROOT"/tests/t_*.sh; do
	[ -f "$s" ] || continue
	n=$(basename "$s" .sh)
	wanted "$n" || continue
	case "$BG" in *" $n "*) continue ;; esac
	t0=$(date +%s)
	out=$(sh "$s" 2>&1)
	rc=$?
	script_result "$n.sh" "$rc" "$(($(date +%s) - t0))"
done
wait
for n in $BG; do
	out=$(cat "$BGDIR/$n.out" 2>/dev/null)
	read -r rc secs <"$BGDIR/$n.rc" || { rc=1 secs=0; }
	script_result "$n.sh (in the background)" "$rc" "$secs"
done

slowest=$(printf '%s' "$times" | sort -n -r | head -n 5 | awk '{ printf "%s%s %d s", (NR > 1 ? ", " : ""), $2, $1 }')
echo "$pass passed, $fail failed in $(($(date +%s) - t_run)) s${slowest:+ (slowest: $slowest)}"
[ "$fail" -eq 0 ] || { echo "failing:$failed"; exit 1; }
