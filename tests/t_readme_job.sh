#!/bin/sh
# run.sh: background (whole-system: run once, in the release pass, beside the rest)
# t_readme_job.sh: the GitHub Actions job the README gives for a report
# repository, its run: steps one by one as the README has them, in a fresh
# clone. What differs from GitHub, and only that: the report repository is a
# fresh clone of this one (its content/ is at its root), podium's repository
# is cloned from here instead of GitHub, `apt-get update` is not run and
# `apt-get install` is simulated (-s: the packages must exist and resolve;
# the test packages are installed already), and `make install` goes into
# DESTDIR, with its bin/ first on PATH, so that nothing on the machine
# changes. The steps must pass, print no annotation, and the site the job
# publishes must be podium's build of the report, byte for byte. It runs
# in the release pass only.
# The job's clone of podium is given this tree's release objects
# (build/release, as make check has just built them) when this tree is its
# HEAD with nothing changed or added and ./podium is newer than every
# source: they are then the objects the clone's make would compile, from
# the same sources with the same flags, so its make only links them (and
# keeps them: their files are newer than the clone's). Compiling a fresh
# clone from nothing is what CI's own build does (it starts from a fresh
# checkout), and the Dockerfile's build stage (tests/t_docker.sh, in CI) on
# debian:12-slim; anywhere else (a changed tree, a stale build) the job
# compiles podium from source, as before.
: "${PODIUM:?}" "${ROOT:?}"
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
if [ -n "${PODIUM_SANITIZED:-}" ] || [ -n "${PODIUM_BIN:-}" ]; then
	ok "the README's CI job: run in the release pass (it builds a podium of its own)"
	exit 0
fi
need "the README's CI job" git make apt-get || exit "$fails"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP

# The job: the YAML block after "# .github/workflows/report.yml".
awk '/^# \.github\/workflows\/report\.yml$/ { on = 1 } on && /^```$/ { exit } on' \
    "$ROOT/README.md" >"$T/job.yml"
grep -q 'runs-on:' "$T/job.yml" && ok "the README has the job ($(wc -l <"$T/job.yml") lines)" ||
    { nok "the README has the job"; exit 1; }
# Its run: steps, each as a script: "run: CMD" or "run: |" and the lines
# indented under it.
awk -v dir="$T" '
	function flush() { if (f != "") close(f); f = "" }
	/^ *- name: / || /^ *- uses: / { flush(); next }
	/^ *run: \|$/ { flush(); n++; f = dir "/step" n; ind = -1; next }
	/^ *run: / { flush(); n++; f = dir "/step" n; sub(/^ *run: /, ""); print > f; flush(); next }
	f != "" {
		if (ind < 0) { match($0, /^ */); ind = RLENGTH }
		if (match($0, /^ */) && RLENGTH < ind && $0 != "") { flush(); next }
		print substr($0, ind + 1) > f
	}
	END { flush(); print n + 0 > (dir "/nsteps") }' "$T/job.yml"
n=$(cat "$T/nsteps")
[ "$n" -ge 3 ] && ok "the job has $n run: steps" || nok "the job has its run: steps ($n)"

git clone -q "$ROOT" "$T/report" 2>"$T/clone.err" &&
    git clone -q --depth 1 "file://$ROOT" "$T/podium-src" 2>>"$T/clone.err" ||
    { nok "fresh clones of this repository"; cat "$T/clone.err"; exit 1; }
# This tree's release objects for the job's clone, if they are the clone's
# (see above): no change, nothing untracked, ./podium newer than every
# source (the objects were current when it was linked).
seed=no
if [ -z "$(git -C "$ROOT" status --porcelain 2>/dev/null)" ] &&
    [ -d "$ROOT/build/release" ] && [ "$(readlink -f "$PODIUM")" = "$(readlink -f "$ROOT/podium")" ] &&
    [ -z "$(cd "$ROOT" && find gen include templates assets tools Makefile -newer podium | head -n 1)" ]; then
	seed=yes
fi
# The clone the job makes, from here; its make install into DESTDIR.
mkdir -p "$T/bin"
cat >"$T/bin/git" <<SH
#!/bin/sh
# the job's clone of podium: from the local repository (with this tree's
# release objects, extracted with new times: seed=$seed)
if [ "\$1" = clone ]; then
	for a; do last=\$a; done
	/usr/bin/git clone -q --depth 1 "file://$ROOT" "\$last" || exit
	if [ $seed = yes ]; then
		mkdir -p "\$last/build/release" &&
		    tar -C "$ROOT/build/release" --exclude=./tests --exclude=./run-times -cf - . |
		    tar -C "\$last/build/release" -xmf - || exit
		# each newer than what it is made from, in make's order
		cd "\$last/build/release" && touch version.h embed && touch embedded.c &&
		    find . -name '*.o' -exec touch {} + || exit
	fi
	exit 0
fi
exec /usr/bin/git "\$@"
SH
cat >"$T/bin/apt-get" <<SH
#!/bin/sh
# update: not run; install: simulated (the names must resolve)
case "\$1" in
update) exit 0 ;;
install) shift; exec /usr/bin/apt-get -s -q install "\$@" >>"$T/apt.log" ;;
esac
exec /usr/bin/apt-get "\$@"
SH
cat >"$T/bin/make" <<SH
#!/bin/sh
# make install: into DESTDIR
for a; do [ "\$a" = install ] && exec /usr/bin/make "\$@" DESTDIR="$T/dest"; done
exec /usr/bin/make "\$@"
SH
chmod +x "$T/bin/git" "$T/bin/apt-get" "$T/bin/make"
if [ "$seed" = yes ]; then
	ok "podium's objects: this tree's release build (HEAD, unchanged, built), linked by the job's make"
else
	ok "podium's objects: compiled by the job's make (this tree is changed or not built)"
fi
i=1
while [ "$i" -le "$n" ]; do
	step=$(sed "s|/tmp/podium|$T/podium|g" "$T/step$i")
	(cd "$T/report" && PATH="$T/bin:$T/dest/usr/local/bin:$PATH" MAKEFLAGS=-j2 \
	    sh -e -c "$step") >"$T/out$i" 2>&1
	rc=$?
	first=$(head -n 1 "$T/step$i")
	if [ "$rc" = 0 ] && ! grep -q '^::' "$T/out$i"; then
		ok "step $i ($first) passes, no annotation"
	else
		nok "step $i ($first) passes, no annotation (exit $rc)"
		tail -n 10 "$T/out$i" | sed 's/^/# /'
	fi
	i=$((i + 1))
done
if [ -d "$T/report/public" ] && "$PODIUM" build -q -C "$T/report" -o "$T/site" 2>"$T/err" &&
    diff -r "$T/site" "$T/report/public" >"$T/diff"; then
	ok "the job publishes podium's build of the report ($(find "$T/report/public" -type f | wc -l) files)"
else
	nok "the job publishes podium's build of the report"
	head -n 5 "$T/diff" "$T/err" 2>/dev/null | sed 's/^/# /'
fi
exit "$fails"
