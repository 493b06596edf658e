#!/bin/sh
# t_html_golden.sh: the pages of the fixture project against the reviewed
# copies in tests/golden/site/expected/. After a deliberate change, run
# PODIUM_REGEN=1 make check T=t_html_golden and review the diff of
# tests/golden/site/expected/ like code. Without PODIUM_REGEN=1 a missing
# or different page fails: nothing here writes a golden file.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
G="$ROOT/tests/golden/site"

if ! "$PODIUM" build -q -C "$G/project" -o "$T/site" --only html 2> "$T/err"; then
	echo "not ok - fixture builds"
	cat "$T/err"
	exit 1
fi
# The golden pages show the charts: a build without them is a failure.
if [ ! -f "$T/site/charts/distribution.svg" ]; then
	echo "not ok - the fixture's build draws its charts (no charts/distribution.svg)"
	exit 1
fi
# Pages and the sitemap only: charts and assets have their own tests.
(cd "$T/site" && find . \( -name '*.html' -o -name 'sitemap.xml' \) | sort) > "$T/list"
if [ "${PODIUM_REGEN:-}" = 1 ]; then
	rm -rf "$G/expected"
	mkdir -p "$G/expected"
	(cd "$T/site" && tar -cf - -T "$T/list") | (cd "$G/expected" && tar -xf -)
	echo "ok - golden pages regenerated ($(wc -l < "$T/list") files)"
	exit 0
fi
fail=0
(cd "$G/expected" && find . -type f | sort) > "$T/want"
if diff "$T/want" "$T/list" > "$T/d"; then
	echo "ok - golden: the same $(wc -l < "$T/list") files"
else
	echo "not ok - golden: the same files"
	cat "$T/d"
	fail=1
fi
while read -r f; do
	if [ -f "$G/expected/$f" ] && cmp -s "$G/expected/$f" "$T/site/$f"; then
		echo "ok - golden $f"
	else
		echo "not ok - golden $f"
		diff -u "$G/expected/$f" "$T/site/$f" | head -n 20
		fail=1
	fi
done < "$T/list"
exit $fail
