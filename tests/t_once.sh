#!/bin/sh
# t_once.sh: tests/once.sh's release_pass_only, with stand-ins for the two
# podiums (scripts that write a site of two files and count their runs):
# false in the release pass, building nothing; in another pass one line
# saying whether the sites are the same, and under run.sh (PODIUM_ONCE_DIR)
# one comparison of a project a pass, its answer (the same or not) taken by
# every later or simultaneous call for that project, and a call for another
# project comparing again.
: "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }

# the stand-ins: build -q -C DIR -o OUT writes OUT/a and OUT/b (b holds
# DIR's word, or "odd" from the sanitized one for a project named odd),
# and counts the run in $T/runs
mkdir -p "$T/root" "$T/asan" "$T/p1" "$T/p2" "$T/odd"
stand_in() {
	cat >"$1" <<SH
#!/bin/sh
echo "\$4 $2" >>"$T/runs"
mkdir -p "\$6" && echo same >"\$6/a" || exit 1
case "\$4" in
*/odd) echo $2 >"\$6/b" ;;
*) echo "\$4" >"\$6/b" ;;
esac
SH
	chmod +x "$1"
}
stand_in "$T/root/podium" release
stand_in "$T/asan/podium" asan
: >"$T/runs"

# calls WHAT PROJECT...: release_pass_only in a shell of its own, as a
# script sources it, in the pass $san says (empty: the release pass) with
# run.sh's folder $once (empty: none); its lines and its counter's value
# on stdout
calls() {
	(
		fails=0
		ROOT=$T/root
		PODIUM=$T/asan/podium
		PODIUM_SANITIZED=$san
		PODIUM_BIN=
		PODIUM_ONCE_DIR=$once
		export ROOT PODIUM PODIUM_SANITIZED PODIUM_BIN PODIUM_ONCE_DIR
		. "$ROOT_TESTS/once.sh"
		if release_pass_only "$@"; then echo "true $fails"; else echo "false $fails"; fi
	)
}
ROOT_TESTS=$ROOT/tests

# the release pass: false, nothing built
san='' once=''
out=$(calls "x" "$T/p1")
[ "$out" = "false 0" ] && [ ! -s "$T/runs" ] &&
    ok "the release pass: false, nothing built" ||
    nok "the release pass: false, nothing built ($out)"

# a sanitized pass without run.sh: each call compares
san=1
out=$(calls "pages" "$T/p1")
want="ok - pages: checked in the release pass; this pass's podium writes the same 2 files, byte for byte
true 0"
[ "$out" = "$want" ] && [ "$(wc -l <"$T/runs")" = 2 ] &&
    ok "without PODIUM_ONCE_DIR: one comparison, its line word for word, true" ||
    nok "without PODIUM_ONCE_DIR: one comparison ($out; $(wc -l <"$T/runs") runs)"
: >"$T/runs"

# under run.sh: three calls at once, then one more, for p1: one comparison
mkdir "$T/once"
once=$T/once
for i in 1 2 3; do
	calls "call $i" "$T/p1" >"$T/out$i" &
done
wait
calls "call 4" "$T/p1" >"$T/out4"
bad=
for i in 1 2 3 4; do
	[ "$(cat "$T/out$i")" = "ok - call $i: checked in the release pass; this pass's podium writes the same 2 files, byte for byte
true 0" ] || bad="$bad $i"
done
[ -z "$bad" ] && ok "four calls for one project (three at once): each says the same, true" ||
    nok "four calls for one project: each says the same (not:$bad)"
[ "$(grep -c " asan$" "$T/runs")" = 1 ] && [ "$(grep -c " release$" "$T/runs")" = 1 ] &&
    ok "... from one comparison (each podium run once)" ||
    nok "... from one comparison ($(tr '\n' ' ' <"$T/runs"))"
[ -z "$(ls -d "$T"/once/*.lock 2>/dev/null)" ] && ok "... and no lock left" ||
    nok "... and no lock left"

# another project: compared again; two projects in one call: both counted
: >"$T/runs"
out=$(calls "two" "$T/p1" "$T/p2")
[ "$out" = "ok - two: checked in the release pass; this pass's podium writes the same 4 files, byte for byte
true 0" ] && [ "$(wc -l <"$T/runs")" = 2 ] &&
    ok "p1 (known) and p2 (new): p2 alone compared, 4 files counted" ||
    nok "p1 (known) and p2 (new): p2 alone compared ($out; $(tr '\n' ' ' <"$T/runs"))"

# a difference: not ok and counted, and so for the next call too, without
# a comparison
: >"$T/runs"
out1=$(calls "odd" "$T/odd")
out2=$(calls "odd again" "$T/odd")
case "$out1" in "not ok - odd: this pass's podium writes what the release pass checked ($T/odd differs: "*"
true 1") r1=yes ;; *) r1=no ;; esac
case "$out2" in "not ok - odd again: this pass's podium writes what the release pass checked ($T/odd differs: "*"
true 1") r2=yes ;; *) r2=no ;; esac
[ "$r1" = yes ] && [ "$r2" = yes ] && [ "$(wc -l <"$T/runs")" = 2 ] &&
    ok "a difference: not ok and counted, for the later call too, compared once" ||
    nok "a difference: not ok and counted, for the later call too ($out1 | $out2; $(wc -l <"$T/runs") runs)"
exit $((fails > 0))
