#!/bin/sh
# run.sh BUILD_DIR PODIUM [NAME...]: runs every Check unit-test binary and
# every script test (tests/t_*.sh), several at a time, and prints one
# closing line with the totals. With NAMEs (make check T="t_pdf test_load"),
# only those: a unit test's name (test_load) or a script's (t_pdf, t_pdf.sh);
# a NAME that is neither is a failure.
# PODIUM_TEST_JOBS tests run at a time (default: twice the processors, as
# many of the scripts wait on a browser, a server or a sleep); 1 runs them
# one after another, the unit tests first, then the scripts, in name order.
# With more, the slowest start first (by their seconds in the last run,
# kept in BUILD_DIR/tests/run-times, or else by the list below), so that the
# run does not end on one long test alone. Each test's output goes to its
# own file and its report is printed whole when it ends, never mixed with
# another's.
# Each report's first line ends with the seconds the test took, and the
# run closes with the slowest tests, so a slow CI can be read from its log.
# Script tests print "ok - NAME" / "not ok - NAME" lines and exit non-zero
# on failure; they find the binary in $PODIUM and the repository in $ROOT.
# A test must be safe to run beside any other: its files in its own
# mktemp -d, a server on a port it draws at random (and retries), and its
# waits stretched by PODIUM_SLOW.
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
t_run=$(date +%s)

CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
case "$CORES" in '' | *[!0-9]* | 0) CORES=1 ;; esac
JOBS=${PODIUM_TEST_JOBS:-$((2 * CORES))}
case "$JOBS" in
'' | *[!0-9]* | 0)
	echo "not ok - run.sh: PODIUM_TEST_JOBS is a number of tests at a time (1 or more), not '$JOBS'"
	echo "0 passed, 1 failed"
	exit 1
	;;
esac

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
# Tests side by side share the processors (and the machine may be busy
# with more): each wait stretches three times further when they do.
[ "$JOBS" -gt 1 ] && PODIUM_SLOW=$((PODIUM_SLOW * 3))
export WRAP PODIUM PODIUM_SLOW
echo "run.sh: $JOBS at a time (PODIUM_TEST_JOBS), waits stretched $PODIUM_SLOW times (PODIUM_SLOW)"
# Check's timeouts (4 s by default, or a case's own) stretch as the waits do
CK_TIMEOUT_MULTIPLIER=$PODIUM_SLOW
export CK_TIMEOUT_MULTIPLIER

# Each test's output, report and result go to files in $W: NAME.out (all
# it printed), NAME.txt (its report, as printed) and NAME.res ("PASSED
# FAILED SECONDS").
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
trap 'exit 130' INT TERM HUP
# what tests/once.sh compares once a pass, for every script that asks it
PODIUM_ONCE_DIR=$W/once
mkdir "$PODIUM_ONCE_DIR"
export PODIUM_ONCE_DIR

# report NAME: prints $W/NAME.txt whole, one report at a time (a lock: the
# folder $W/lock, made by one process only)
report() {
	while ! mkdir "$W/lock" 2>/dev/null; do
		sleep 0.05
	done
	cat "$W/$1.txt"
	rmdir "$W/lock"
}

# script_result NAME LABEL RC SECS [CPU]: counts a script's result from its
# output in $W/NAME.out, into $W/NAME.res and its report $W/NAME.txt
script_result() {
	o=$W/$1.out
	ok=$(grep -c '^ok ' "$o")
	nok=$(grep -c '^not ok ' "$o")
	if [ "$3" -ne 0 ] && [ "$nok" -eq 0 ]; then
		nok=1
	fi
	{
		echo "$2: $ok ok, $nok not ok ($4 s$5)"
		# say what a script skipped (a missing tool), so a green run cannot
		# hide it ("ok - # skip WHY" from tests/skip.sh, or TAP's
		# "ok N # SKIP", any case)
		grep -i -E '^(ok( [0-9]+)?( -)? *)?# *skip' "$o" | sed 's/^/  /'
		[ "$nok" -eq 0 ] || grep -v '^ok ' "$o" | head -n 60
	} >"$W/$1.txt"
	echo "$ok $nok $4" >"$W/$1.res"
}

# unit_result NAME RC SECS [CPU]: the same for a unit test, from Check's summary
unit_result() {
	o=$W/$1.out
	line=$(grep -E '^[0-9]+%: Checks: ' "$o" | tail -n 1)
	n=$(printf '%s\n' "$line" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
	f=$(printf '%s\n' "$line" | sed -n 's/.*Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2/p')
	nf=$(echo "$f" | awk '{print $1 + $2}')
	[ -n "$n" ] || n=0
	[ -n "$nf" ] || nf=0
	if [ "$2" -ne 0 ] && [ "$nf" -eq 0 ]; then
		nf=1
	fi
	{
		echo "$1: $line ($3 s$4)"
		[ "$nf" -eq 0 ] || grep -v -E '^(Running suite|[0-9]+%: Checks)' "$o" | head -n 60
	} >"$W/$1.txt"
	echo "$((n - nf)) $nf $3" >"$W/$1.res"
}

# run_test KIND NAME: runs one test (KIND unit: $B/tests/NAME; script:
# tests/NAME.sh), its output into $W/NAME.out, and prints its report.
# No test inherits the pool's descriptor (3) or run.sh's input.
run_test() {
	t0=$(date +%s)
	if [ "$1" = unit ]; then
		$WRAP "$B/tests/$2" >"$W/$2.out" 2>&1 3>&- </dev/null
		rc=$?
		times >"$W/$2.cpu"
		unit_result "$2" $rc "$(($(date +%s) - t0))" "$(cpu_secs "$2")"
	else
		sh "$ROOT/tests/$2.sh" >"$W/$2.out" 2>&1 3>&- </dev/null
		rc=$?
		times >"$W/$2.cpu"
		script_result "$2" "$2.sh" $rc "$(($(date +%s) - t0))" "$(cpu_secs "$2")"
	fi
	report "$2"
}

# cpu_secs NAME: ", N s CPU": the processor seconds (user and system) of
# the children of the shell that ran the test NAME, from what the builtin
# times wrote to $W/NAME.cpu in that shell (in a pipe or $(...) it would
# run in a new process, whose children have used nothing), so that a slow
# CI log says which tests cost the time, whatever ran beside them
cpu_secs() {
	awk 'NR == 2 {
		n = 0
		for (i = 1; i <= 2; i++) {
			split($i, a, "m")
			sub("s", "", a[2])
			n += a[1] * 60 + a[2]
		}
		printf ", %d s CPU", n + 0.5
	}' "$W/$1.cpu"
}

# The whole-system scripts (a line "# run.sh: background" in them:
# t_docker, t_readme_job) test the packaging and the setup, not podium's
# memory: they run in the release pass only, and say so in the others.
# Their minutes go to fetching and unpacking Debian packages and compiling
# podium again, not to the podium under test, so in the release pass they
# start first, in the background, beside the rest (outside the pool of
# PODIUM_TEST_JOBS), and are reported last.
BG=""
if [ -z "${PODIUM_SANITIZED:-}" ] && [ -z "${PODIUM_VALGRIND:-}" ]; then
	mkdir "$W/bg"
	for s in "$ROOT"/tests/t_*.sh; do
		n=$(basename "$s" .sh)
		grep -q '^# run\.sh: background' "$s" && wanted "$n" || continue
		(
			t0=$(date +%s)
			sh "$s" >"$W/bg/$n.out" 2>&1 </dev/null
			echo "$? $(($(date +%s) - t0))" >"$W/bg/$n.rc"
		) &
		BG="$BG $n "
	done
fi

# The tests, in name order (unit tests first): "KIND NAME" lines
for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	n=$(basename "$t")
	wanted "$n" && echo "unit $n"
done >"$W/tests"
for s in "$ROOT"/tests/t_*.sh; do
	[ -f "$s" ] || continue
	n=$(basename "$s" .sh)
	wanted "$n" || continue
	case "$BG" in *" $n "*) continue ;; esac
	echo "script $n"
done >>"$W/tests"

# The order they start in: one at a time, name order; side by side, the
# slowest first, by their seconds in the last run here, or, for a test not
# timed yet, by the seconds below (the release pass, one at a time, on two
# busy processors).
TIMES=$B/tests/run-times
SLOWEST="t_browser 156 t_writes 112 test_pdf_layout 78 t_pdf 70 t_pseudo 62
t_drawers 59 t_serve_same 57 t_corpus 51 t_html 42 t_deb 38 t_serve 37
t_safety 37 t_strings 35 t_threads 31 t_pdf_reader 30 t_schema 28 t_hostile 28
t_tools 27 t_calls 27 t_corrections 25 t_plain_words 24 t_security 23"
# The sanitized pass has an order of its own: its slowest are not the
# release pass's (t_browser, t_html and t_deb only compare a build there;
# podium's own work is several times slower). Its seconds four at a time
# beside the release pass (CI, make check), scaled to the cuts since.
if [ -n "${PODIUM_SANITIZED:-}" ]; then
	SLOWEST="t_pdf 200 t_writes 160 test_pdf_layout 150 t_pseudo 120
t_drawers 100 t_corpus 90 t_serve_same 48 t_strings 47 t_safety 41 t_serve 36
t_one_view 36 t_threads 35 t_pdf_reader 33 t_hostile 30 t_schema 30
t_plain_words 28 t_badges 27 test_build 25 t_calls 24 t_reserved 24
t_corrections 23 t_html 22 t_bidi 22 test_chart 21 t_security 20 t_compare 20"
fi
if [ "$JOBS" -eq 1 ]; then
	cp "$W/tests" "$W/queue"
else
	{
		printf '%s\n' $SLOWEST | paste -d ' ' - - | sed 's/^/fixed /'
		[ -f "$TIMES" ] && sed 's/^/last /' "$TIMES"
	} >"$W/known"
	awk 'FILENAME == ARGV[1] {
		# "last SECS NAME" wins over "fixed NAME SECS"
		if ($1 == "last") { secs[$3] = $2; seen[$3] = 1 }
		else if (!seen[$2]) secs[$2] = $3
		next
	}
	{ print (($2 in secs) ? secs[$2] : 0), FNR, $0 }' "$W/known" "$W/tests" |
	    sort -k1,1nr -k2,2n | cut -d ' ' -f 3- >"$W/queue"
fi

# The pool: JOBS tokens in a FIFO; a test takes one to start and gives it
# back when it ends.
mkfifo "$W/pool"
exec 3<>"$W/pool"
i=0
while [ "$i" -lt "$JOBS" ]; do
	echo >&3
	i=$((i + 1))
done
while read -r kind name; do
	read -r _ <&3
	(
		run_test "$kind" "$name"
		echo >&3
	) &
done <"$W/queue"
wait
exec 3>&-

for n in $BG; do
	read -r rc secs <"$W/bg/$n.rc" || { rc=1 secs=0; }
	mv "$W/bg/$n.out" "$W/$n.out" 2>/dev/null || : >"$W/$n.out"
	script_result "$n" "$n.sh (in the background)" "$rc" "$secs"
	report "$n"
	echo "script $n" >>"$W/tests"
done

# The totals, in name order; the seconds kept for the next run's order
pass=0
fail=0
failed=""
: >"$W/times"
while read -r kind name; do
	if ! read -r p f secs <"$W/$name.res"; then
		echo "not ok - run.sh: $name left no result"
		p=0 f=1 secs=0
	fi
	pass=$((pass + p))
	fail=$((fail + f))
	if [ "$f" -ne 0 ]; then
		case "$kind" in unit) failed="$failed $name" ;; *) failed="$failed $name.sh" ;; esac
	fi
	echo "$secs $name" >>"$W/times"
done <"$W/tests"
if [ -d "$B/tests" ]; then
	{
		cat "$W/times"
		if [ -f "$TIMES" ]; then
			awk 'FILENAME == ARGV[1] { ran[$2] = 1; next } !($2 in ran)' "$W/times" "$TIMES"
		fi
	} >"$TIMES.$$" && mv "$TIMES.$$" "$TIMES"
fi

slowest=$(sort -n -r "$W/times" | head -n 5 | awk '{ printf "%s%s %d s", (NR > 1 ? ", " : ""), $2, $1 }')
echo "$pass passed, $fail failed in $(($(date +%s) - t_run)) s${slowest:+ (slowest: $slowest)}"
[ "$fail" -eq 0 ] || { echo "failing:$failed"; exit 1; }
