#!/bin/sh
# t_templates.sh: the template reference podium-templates(5) against the
# built-in templates and `podium build --dump-data`: every value name a
# built-in template uses, and every name any page receives (at any depth),
# is documented; --dump-data prints JSON naming the page's template.
: "${PODIUM:?}" "${ROOT:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fail
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
MAN="$ROOT/man/podium-templates.5"

# The documented names: every ".It Va a , b" entry of the man page.
grep '^\.It Va ' "$MAN" | sed 's/^\.It Va //; s/ , /\n/g; s/ ,$//' | tr -d ' ' | sort -u > "$T/doc"

# The names the built-in templates use (not partials, parents or blocks).
for f in "$ROOT"/templates/*.mustache; do
	grep -o '{{[{#^/&]\?[a-z_.]*' "$f" | sed 's/{{[{#^/&]\?//; s/^t\..*/t/' | grep -v '^$'
done | sort -u > "$T/used"
# base, main, head and scripts are the layout's parent and blocks
grep -v -x -e base -e main -e head -e scripts "$T/used" > "$T/used2"
missing=$(comm -23 "$T/used2" "$T/doc" | tr '\n' ' ')
[ -z "$missing" ] && ok "every name the built-in templates use is documented ($(wc -l < "$T/used2") names)" ||
	nok "every name the built-in templates use is documented (missing: $missing)"

# The names each page receives, at any depth (t's members are the strings
# table, documented in podium(5)).
if need "the names each page receives" python3; then
	: > "$T/keys"
	for p in "$ROOT/tests/fixtures/mini:index.html editions/e3/ providers/alpha/ providers/ security/ methodology/ sources/ 404.html" \
	    "$ROOT/tests/fixtures/bikes:about providers/velo-nord/"; do
		dir=${p%%:*}
		for page in ${p#*:}; do
			if ! "$PODIUM" build -C "$dir" --dump-data "$page" > "$T/d.json" 2> "$T/err"; then
				nok "--dump-data $page"; cat "$T/err"; continue
			fi
			python3 - "$T/d.json" >> "$T/keys" <<'EOF' || nok "--dump-data $page is JSON naming its template"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"template", "page", "values"} and d["template"]
def walk(x):
    if isinstance(x, dict):
        for k, y in x.items():
            print(k)
            if k != "t":
                walk(y)
    elif isinstance(x, list):
        for y in x:
            walk(y)
walk(d["values"])
EOF
		done
	done
	sort -u "$T/keys" > "$T/keys2"
	missing=$(comm -23 "$T/keys2" "$T/doc" | tr '\n' ' ')
	[ -z "$missing" ] && ok "every name --dump-data shows is documented ($(wc -l < "$T/keys2") names)" ||
		nok "every name --dump-data shows is documented (missing: $missing)"
fi
"$PODIUM" build -C "$ROOT/tests/fixtures/bikes" --dump-data about > "$T/a.json"
grep -q '"template": "page"' "$T/a.json" && grep -q '"page": "about/index.html"' "$T/a.json" &&
	ok "--dump-data names the template and the page" || nok "--dump-data names the template and the page"
"$PODIUM" build -C "$ROOT/tests/fixtures/bikes" --dump-data nowhere/ > /dev/null 2> "$T/err"
rc=$?
echo "podium: error: no page 'nowhere/' in the site (a site path, such as index.html, providers/ID/ or a page of content/pages)" > "$T/want"
[ "$rc" -eq 1 ] && cmp -s "$T/err" "$T/want" && ok "--dump-data of a page that does not exist: an error" ||
	nok "--dump-data of a page that does not exist: an error ($rc)"
[ ! -e "$ROOT/tests/fixtures/bikes/site" ] && ok "--dump-data writes no site" || nok "--dump-data writes no site"
# the man page is installed
grep -q 'podium-templates.5' "$ROOT/Makefile" && ok "make install installs podium-templates(5)" ||
	nok "make install installs podium-templates(5)"
# Every interface word of the strings table is documented in podium(5).
if need "every strings key documented" python3; then
	"$PODIUM" build -C "$ROOT/tests/fixtures/bikes" --dump-data index.html > "$T/i.json"
	python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["values"]["t"]))' "$T/i.json" > "$T/skeys"
	n=0; miss=""
	while read -r k; do
		n=$((n + 1))
		grep -q "^\.Cm $k No " "$ROOT/man/podium.5" || miss="$miss $k"
	done < "$T/skeys"
	[ -z "$miss" ] && [ "$n" -gt 20 ] && ok "every key of the strings table is in podium(5) ($n keys)" ||
		nok "every key of the strings table is in podium(5) (missing:$miss)"
fi
exit $fail
