#!/bin/sh
# run.sh BUILD_DIR PODIUM: runs every Check unit-test binary, then every
# script test (tests/t_*.sh), and prints one closing line with the totals.
# Script tests print "ok - NAME" / "not ok - NAME" lines and exit non-zero
# on failure; they find the binary in $PODIUM and the repository in $ROOT.
B=$1
PODIUM=$2
ROOT=$(pwd)
export PODIUM ROOT
pass=0
fail=0
failed=""

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

for t in "$B"/tests/test_*; do
	[ -x "$t" ] || continue
	out=$($WRAP "$t" 2>&1)
	rc=$?
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
	echo "$(basename "$t"): $line"
	if [ "$nf" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v -E '^(Running suite|[0-9]+%: Checks)' | head -n 60
		failed="$failed $(basename "$t")"
	fi
done

for s in "$ROOT"/tests/t_*.sh; do
	[ -f "$s" ] || continue
	out=$(sh "$s" 2>&1)
	rc=$?
	ok=$(printf '%s\n' "$out" | grep -c '^ok ')
	nok=$(printf '%s\n' "$out" | grep -c '^not ok ')
	if [ "$rc" -ne 0 ] && [ "$nok" -eq 0 ]; then
		nok=1
	fi
	pass=$((pass + ok))
	fail=$((fail + nok))
	echo "$(basename "$s"): $ok ok, $nok not ok"
	# say what a script skipped (a missing tool), so a green run cannot hide it
	printf '%s\n' "$out" | grep -E '^(ok - )?# ?skip' | sed 's/^/  /'
	if [ "$nok" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v '^ok ' | head -n 60
		failed="$failed $(basename "$s")"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] || { echo "failing:$failed"; exit 1; }
