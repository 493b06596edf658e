#!/bin/sh
# t_corpus.sh: the bad-input corpus. Each tests/corpus/<case>/ is laid over a
# copy of the valid project tests/corpus/_base: its content/ files replace or
# add files, a `remove` file lists paths to delete, and an optional `setup`
# script runs inside the copy (for inputs too big or too odd to keep in git:
# huge files, symlinks, FIFOs). `podium check -C proj` must then print exactly
# the lines of `expected` on stderr (its last line is "exit N", the status),
# and `podium build` into a folder built earlier from the base must exit with
# the same status and leave that folder exactly as it was.
# Under ASan (make check's second pass, PODIUM_SANITIZED) the build runs for
# every case that builds (exit 0: its pages made from a new input) and for
# one case in eight of the others: check and build share the load and its
# checks (gen/cli/cmd_build.c, one run()), which check has just run on the
# same input under ASan, and a refused build's path (no staging folder, the
# old site kept) is the same whatever stopped it. The release pass builds
# every case.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
C="$ROOT/tests/corpus"

# The base itself must be clean, or every case would be off.
cp -R "$C/_base" "$T/proj"
if (cd "$T" && "$PODIUM" check -C proj >"$T/out" 2>&1) && [ ! -s "$T/out" ]; then
	echo "ok - corpus base is valid"
else
	echo "not ok - corpus base is valid"
	cat "$T/out"
	fails=$((fails + 1))
fi
# A site built from the base: every failed build below must leave it alone.
"$PODIUM" build -C "$T/proj" -o "$T/site" -q --only data,html 2>/dev/null
sum_site() { (cd "$T" && find site -type f -exec md5sum {} + | sort | md5sum); }
SITE_SUM=$(sum_site)
if [ -f "$T/site/index.html" ] && [ -f "$T/site/data/ratings.json" ]; then
	echo "ok - a site built from the base"
else
	echo "not ok - a site built from the base"
	fails=$((fails + 1))
fi
rm -rf "$T/proj"

i=0
for dir in "$C"/*/; do
	name=$(basename "$dir")
	case "$name" in _*) continue ;; esac
	i=$((i + 1))
	cp -R "$C/_base" "$T/proj"
	[ -d "$dir/content" ] && cp -R "$dir/content" "$T/proj/"
	if [ -f "$dir/remove" ]; then
		while IFS= read -r p; do
			[ -n "$p" ] && rm -rf "$T/proj/$p"
		done < "$dir/remove"
	fi
	[ -f "$dir/setup" ] && (cd "$T/proj" && sh "$dir/setup")
	(cd "$T" && "$PODIUM" check -C proj >/dev/null 2>"$T/err"; echo "exit $?" >>"$T/err")
	built=yes
	if [ -n "${PODIUM_SANITIZED:-}" ] && [ $((i % 8)) != 1 ] &&
	    [ "$(tail -n 1 "$dir/expected")" != "exit 0" ]; then
		built=no # under ASan, check's run only (see above)
	else
		(cd "$T" && "$PODIUM" build -C proj -o site -q --only data,html >/dev/null 2>&1;
		    echo "exit $?" >"$T/bexit")
	fi
	if [ "$built" = no ]; then
		:
	elif ! tail -n 1 "$dir/expected" | cmp -s - "$T/bexit"; then
		echo "not ok - corpus $name: build exits as check does"
		fails=$((fails + 1))
	elif [ "$(cat "$T/bexit")" = "exit 0" ]; then
		# a valid case (a string exactly at the limit) builds: its site
		# replaces the earlier one, and is the one the next cases keep
		SITE_SUM=$(sum_site)
	elif [ "$(sum_site)" != "$SITE_SUM" ] || ls "$T" | grep -q '^site\.tmp'; then
		echo "not ok - corpus $name: the earlier site is left untouched"
		fails=$((fails + 1))
	fi
	if cmp -s "$T/err" "$dir/expected"; then
		echo "ok - corpus $name"
	else
		echo "not ok - corpus $name"
		diff "$dir/expected" "$T/err" | head -n 20
		fails=$((fails + 1))
	fi
	chmod -R u+w "$T/proj" 2>/dev/null
	rm -rf "$T/proj"
done
[ "$fails" -eq 0 ]
