#!/bin/sh
# t_tools.sh: every tool a script test asks for (need WHAT TOOL... in
# tests/skip.sh) is installed here, and comes from a package of
# tools/build-packages, tools/runtime-packages or tools/test-packages (or one they depend on), or
# from one Debian installs everywhere (Priority: required), so that the
# README's first command installs it. No test looks for a tool by itself
# (a bare `command -v`), which would skip in silence.
: "${ROOT:?}"
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
need "the tools' packages" dpkg-query || exit "$fails"

lists=$(cat "$ROOT/tools/build-packages" "$ROOT/tools/runtime-packages" \
    "$ROOT/tools/test-packages" | grep -v '^#')
# and the packages they depend on, two steps down (default-jre-headless:
# a JRE; python3: python3-minimal)
for step in 1 2; do
	lists=$(printf '%s\n' "$lists"; for p in $lists; do
		dpkg-query -W -f='${Pre-Depends},${Depends}\n' "$p" 2>/dev/null
	done | tr ',|' '\n\n' | sed 's/(.*//; s/:any//; s/ //g' | grep .)
	lists=$(printf '%s\n' "$lists" | sort -u)
done
# the tools named after `need "WHAT"` (python3:MODULE is python3's)
tools=$(sed -n 's/.*need "[^"]*" \([^;|&]*\).*/\1/p' "$ROOT"/tests/t_*.sh |
    sed 's/ *\(||\|&&\|then\).*//' | tr ' ' '\n' | sed 's/:.*//' | grep . | sort -u)
[ -n "$tools" ] && ok "the scripts ask for their tools ($(echo $tools))" ||
    nok "the scripts ask for their tools (none found)"
for t in $tools; do
	p=$(command -v "$t") || { nok "$t is installed"; continue; }
	pkg=$(dpkg-query -S "$p" 2>/dev/null | head -n 1 | cut -d: -f1)
	[ -n "$pkg" ] || { p=$(readlink -f "$p"); pkg=$(dpkg-query -S "$p" 2>/dev/null | head -n 1 | cut -d: -f1); }
	# /usr/bin vs /bin: a merged /usr names the file under either
	[ -n "$pkg" ] || pkg=$(dpkg-query -S "${p#/usr}" 2>/dev/null | head -n 1 | cut -d: -f1)
	if [ -z "$pkg" ]; then
		nok "$t ($p) comes from a Debian package"
	elif printf '%s\n' "$lists" | grep -qx "$pkg"; then
		ok "$t: $pkg is in tools/*-packages"
	elif [ "$(dpkg-query -W -f='${Priority}' "$pkg")" = required ]; then
		ok "$t: $pkg is installed everywhere (required)"
	else
		nok "$t: its package $pkg is in none of tools/*-packages"
	fi
done
# python3:MODULE: the module's package too
for m in $(grep -oh 'python3:[a-z_]*' "$ROOT"/tests/t_*.sh | sed 's/python3://' | sort -u); do
	f=$(python3 -c "import $m; print($m.__file__)" 2>/dev/null)
	pkg=$(dpkg-query -S "$f" 2>/dev/null | head -n 1 | cut -d: -f1)
	printf '%s\n' "$lists" | grep -qx "${pkg:-none}" && ok "python3 module $m: $pkg is in tools/*-packages" ||
	    nok "python3 module $m (${pkg:-not installed}) is in tools/*-packages"
done
# No guard of its own: `command -v` only in skip.sh (and the bench, which
# is not a test).
bare=$(grep -n 'command -v' "$ROOT"/tests/t_*.sh | grep -v 'CHROMIUM:-\$(command -v chromium)' |
    grep -v "t_tools.sh")
[ -z "$bare" ] && ok "no script looks for a tool with a bare command -v" ||
    { nok "no script looks for a tool with a bare command -v"; printf '# %s\n' "$bare"; }
exit "$fails"
