#!/bin/sh
# t_validate.sh: values the loader must refuse at their place, word for
# word, rather than publish something broken: url fields without a scheme,
# a base_url with credentials, a query or a fragment; an empty or non-boolean
# draft and an empty embargo; NUL bytes, noncharacters, bidi controls and
# invalid UTF-8; dates before 1970 (which are real); an unknown layout; bad
# SOURCE_DATE_EPOCH and PODIUM_THREADS. Each case edits a copy of the valid
# fixture load-valid and runs `podium check`.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
export SOURCE_DATE_EPOCH=1790000000
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
P=$T/proj
C=$P/content

fresh() { rm -rf "$P"; cp -R "$ROOT/tests/fixtures/load-valid" "$P"; }
# expect NAME LINE...: podium check prints exactly the lines, and exits 1
expect() {
	name=$1
	shift
	printf '%s\n' "$@" >"$T/want"
	"$PODIUM" check -C "$P" >"$T/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && cmp -s "$T/want" "$T/out"; then
		ok "$name"
	else
		nok "$name (exit $rc)"
		diff "$T/want" "$T/out" | sed 's/^/# /'
	fi
}
# passes NAME: podium check is quiet and exits 0
passes() {
	"$PODIUM" check -C "$P" >"$T/out" 2>&1
	rc=$?
	if [ $rc = 0 ] && [ ! -s "$T/out" ]; then
		ok "$1"
	else
		nok "$1 (exit $rc)"
		sed 's/^/# /' "$T/out"
	fi
}

fresh
passes "the fixture is valid"

# url fields: an http(s) url with a host, or mailto:
PR=content/providers/acme.yaml
fresh; sed -i 's|^url: https://acme.example/$|url: www.acme.example/x|' "$P/$PR"
expect "a provider url without a scheme" \
    "$PR:5:6: error: 'url' must be an http(s) or mailto url, not 'www.acme.example/x' (did you mean 'https://www.acme.example/x'?)"
fresh; sed -i 's|^url: https://acme.example/$|url: //acme.example/|' "$P/$PR"
expect "a provider url without a scheme, from //" \
    "$PR:5:6: error: 'url' must be an http(s) or mailto url, not '//acme.example/' (did you mean 'https://acme.example/'?)"
fresh; sed -i 's|^url: https://acme.example/$|url: about/acme.html|' "$P/$PR"
expect "a provider url that is a relative link" \
    "$PR:5:6: error: 'url' must be an http(s) or mailto url, not 'about/acme.html'"
fresh; sed -i 's|^url: https://acme.example/$|url: "https://ann:secret@acme.example/"|' "$P/$PR"
expect "a provider url with a password" \
    "$PR:5:6: error: 'url' must not hold a user name or password ('user@' before the host): it would be published"
fresh; sed -i 's|^url: https://acme.example/$|url: "mailto:press@acme.example"|' "$P/$PR"
passes "a provider url may be mailto:"
fresh; sed -i 's|^  url: https://example.org/r2$|  url: example.org/r2|' "$C/sources.yaml"
expect "a source url without a scheme" \
    "content/sources.yaml:11:8: error: 'url' must be an http(s) or mailto url, not 'example.org/r2' (did you mean 'https://example.org/r2'?)"
fresh; sed -i 's|^  url: https://example.org/r2$|  url: report.pdf|' "$C/sources.yaml"
expect "a source url that names a file gets no guess" \
    "content/sources.yaml:11:8: error: 'url' must be an http(s) or mailto url, not 'report.pdf'"
fresh
printf '  - {id: home, name: Homepage, type: url}\n' >"$T/f"
sed -i "/type: country, filter: true}/r $T/f" "$C/report.yaml"
printf 'home: www.acme.example\n' >>"$C/providers/acme.yaml"
expect "a declared url field without a scheme" \
    "$PR:7:7: error: 'home' must be an http(s) or mailto url, not 'www.acme.example' (did you mean 'https://www.acme.example'?)"

# base_url: an http(s) url, no credentials, query or fragment
RP=content/report.yaml
fresh; sed -i 's|^base_url: .*|base_url: example.org/report|' "$C/report.yaml"
expect "base_url without a scheme" \
    "$RP:6:11: error: 'base_url' must be an http(s) url, not 'example.org/report' (did you mean 'https://example.org/report'?)"
fresh; sed -i 's|^base_url: .*|base_url: "https://user:pw@example.org/report/"|' "$C/report.yaml"
expect "base_url with credentials" \
    "$RP:6:11: error: 'base_url' must not hold a user name or password ('user@' before the host): it would be published in every page's links"
fresh; sed -i 's|^base_url: .*|base_url: "https://example.org/report/?utm=x"|' "$C/report.yaml"
expect "base_url with a query" \
    "$RP:6:11: error: 'base_url' must not have a query ('?...'): every page's address is made by adding its path to it"
fresh; sed -i 's|^base_url: .*|base_url: "https://example.org/report/#top"|' "$C/report.yaml"
expect "base_url with a fragment" \
    "$RP:6:11: error: 'base_url' must not have a fragment ('#...'): every page's address is made by adding its path to it"

# draft and embargo: an empty one never publishes; one that is not a
# boolean (a date) is an error at its place
R=content/reviews/2.0/beta.yaml
for v in ':7' ' ~:8' ' null:8'; do
	fresh; sed -i "s/^draft: false\$/draft:${v%:*}/" "$P/$R"
	expect "an empty draft in a review ('draft:${v%:*}')" \
	    "$R:2:${v##*:}: error: 'draft' has no value: write true or false, or leave the key out"
done
fresh; sed -i 's/^draft: false$/draft: yes/' "$P/$R"
expect "a draft that is not a boolean" "$R:2:8: error: 'draft' must be true or false, not 'yes'"
M=content/commentary/intro.md
fresh; sed -i 's/^draft: true$/draft:/' "$P/$M"
expect "an empty draft in commentary" \
    "$M:4:7: error: 'draft' has no value: write true or false, or leave the key out"
fresh; sed -i 's/^embargo: 2026-09-23$/embargo: ~/' "$P/$M"
expect "an empty embargo in commentary" \
    "$M:3:10: error: 'embargo' has no value: write a date YYYY-MM-DD, or leave the key out"
fresh; sed -i 's/^embargo: 2026-09-23$/embargo: next week/' "$P/$M"
expect "an embargo that is not a date" \
    "$M:3:10: error: 'embargo' must be a real date YYYY-MM-DD, not 'next week'"
fresh; mkdir "$C/pages"; printf -- '---\ntitle: About\ndraft:\n---\nText.\n' >"$C/pages/about.md"
expect "a page has no draft to leave empty" "content/pages/about.md:3:1: error: unknown key 'draft'"

# NUL bytes, noncharacters and invalid UTF-8: refused at their place in
# Markdown, YAML (raw or escaped) and a project's templates
M=content/commentary/also.md
fresh; printf -- '---\ntitle: Also ten\norder: 10\n---\nab\000cd\n\nMore.\n' >"$P/$M"
expect "a NUL byte in a Markdown body" "$M:5:3: error: NUL byte is not allowed in text"
fresh; mkdir "$C/pages"; printf -- '---\ntitle: About\n---\n\nOne \000two\n' >"$C/pages/about.md"
expect "a NUL byte in a page" "content/pages/about.md:5:5: error: NUL byte is not allowed in text"
fresh; printf 'name: Gam\000ma\nkind: other\n' >"$C/providers/gamma.yaml"
expect "a NUL byte in a yaml file" "content/providers/gamma.yaml:1:10: error: NUL byte is not allowed in text"
for nc in '\357\277\276:FFFE' '\357\277\277:FFFF' '\357\267\220:FDD0' \
    '\357\267\257:FDEF' '\364\217\277\277:10FFFF' '\360\237\277\276:1FFFE'; do
	fresh; printf "name: \"Gam${nc%:*}ma\"\nkind: other\n" >"$C/providers/gamma.yaml"
	expect "noncharacter U+${nc#*:} in a name" \
	    "content/providers/gamma.yaml:1:11: error: noncharacter U+${nc#*:} is not allowed in text"
done
fresh; printf 'name: "Gam\\uFFFEma"\nkind: other\n' >"$C/providers/gamma.yaml"
expect "a noncharacter written as an escape" \
    "content/providers/gamma.yaml:1:7: error: noncharacter U+FFFE is not allowed in text"
fresh; printf -- '---\ntitle: Also ten\norder: 10\n---\nOne\n\nand \357\267\220 two\n' >"$P/$M"
expect "a noncharacter in a Markdown body" "$M:7:5: error: noncharacter U+FDD0 is not allowed in text"
fresh; printf -- '---\ntitle: Also ten\norder: 10\n---\nOne \303(\n' >"$P/$M"
expect "invalid UTF-8 in a Markdown body" "$M:5:5: error: invalid UTF-8 (byte 0xc3)"
fresh; printf 'tier: gold\nsummary: "caf\351"\n' >"$C/reviews/1.0/beta.yaml"
expect "invalid UTF-8 in a yaml file" "content/reviews/1.0/beta.yaml:2:14: error: invalid UTF-8 (byte 0xe9)"
for bad in '\377:invalid UTF-8 (byte 0xff)' '\000:NUL byte is not allowed in text' \
    '\357\277\276:noncharacter U+FFFE is not allowed in text'; do
	fresh; mkdir "$P/templates"
	{ sed -n 1,4p "$ROOT/templates/404.mustache"; printf "<p>x ${bad%%:*}</p>\n"
	  sed -n '5,$p' "$ROOT/templates/404.mustache"; } >"$P/templates/404.mustache"
	expect "a project's template is text (${bad#*:})" "templates/404.mustache:5:6: error: ${bad#*:}"
done

# bidi controls: no id can hold one; a name may, but diagnostics show it
# escaped, so that a terminal does not reorder the line
fresh; printf 'tier: "gold\342\200\256x"\n' >"$C/reviews/1.0/beta.yaml"
expect "a bidi control in an id is refused and shown escaped" \
    "content/reviews/1.0/beta.yaml:1:7: error: unknown tier 'gold<U+202E>x' (edition '1.0' uses: gold, silver, poor)"
fresh; printf 'name: "Ga\342\201\246mma"\nkind: other\n' >"$C/providers/gamma.yaml"
passes "a bidi control in a name is kept"
fresh; printf -- '---\ntitle: X\n---\n' >"$C/commentary/ab$(printf '\342\200\256')c.md"
"$PODIUM" check -C "$P" >"$T/out" 2>&1
if grep -q 'ab<U+202E>c' "$T/out" && ! grep -q "$(printf '\342\200\256')" "$T/out"; then
	ok "a bidi control in a file name is escaped in diagnostics"
else
	nok "a bidi control in a file name is escaped in diagnostics"
	sed 's/^/# /' "$T/out"
fi
fresh; printf 'name: X\n' >"$C/providers/a$(printf '\377')b.yaml"
printf 'name: X\n' >"$C/providers/e$(printf '\033')[31m.yaml"
expect "a file name's invalid byte and control character are escaped in diagnostics" \
    "content/providers/a<0xFF>b.yaml: error: file name 'a<0xFF>b' is not an id ([a-z0-9][a-z0-9._-]*)" \
    "content/providers/e<U+001B>[31m.yaml: error: file name 'e<U+001B>[31m' is not an id ([a-z0-9][a-z0-9._-]*)"

# dates: any real date from year 1 (a 1965 source can be cited)
fresh; sed -i 's/^  date: 2026-10-01$/  date: 1965-03-01/' "$C/sources.yaml"
passes "a source dated 1965"
"$PODIUM" build -C "$P" -q --only html >"$T/out" 2>&1
if [ $? = 0 ] && grep -q '1965' "$P/site/sources/index.html"; then
	ok "a source dated 1965 is built and shown"
else
	nok "a source dated 1965 is built and shown"
fi
fresh; sed -i 's/^  date: 2026-10-01$/  date: 1900-02-29/' "$C/sources.yaml"
expect "a date that is not real is still refused" \
    "content/sources.yaml:4:9: error: 'date' must be a real date YYYY-MM-DD (or YYYY-MM when the day is not known), not '1900-02-29'"

# a page's layout names a template that exists, at its place
fresh; mkdir "$C/pages"; printf -- '---\ntitle: About\nlayout: nonexistent\n---\nText.\n' >"$C/pages/about.md"
expect "a page's unknown layout" \
    "content/pages/about.md:3:9: error: unknown layout 'nonexistent' (no templates/nonexistent.mustache in the project, nor built in)"
mkdir "$P/templates"; cp "$ROOT/templates/page.mustache" "$P/templates/nonexistent.mustache"
passes "a page's layout from the project's templates"

# the environment: a value podium cannot read is refused, not ignored
env_refused() {
	name=$1 var=$2 val=$3 want=$4
	shift 4
	env "$var=$val" "$PODIUM" "$@" >/dev/null 2>"$T/out"
	rc=$?
	if [ $rc = 2 ] && [ "$(cat "$T/out")" = "$want" ]; then
		ok "$name"
	else
		nok "$name (exit $rc)"
		sed 's/^/# /' "$T/out"
	fi
}
fresh
for v in soon 12x -5 ' 12' 1.5 253402300800; do
	for cmd in check build; do
		env_refused "$cmd refuses SOURCE_DATE_EPOCH='$v'" SOURCE_DATE_EPOCH "$v" \
		    "podium: error: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (up to 9999-12-31), not '$v'" \
		    "$cmd" -C "$P"
	done
done
[ ! -e "$P/site" ] && ok "no site was built" || nok "no site was built"
for v in two -1 4x; do
	env_refused "build refuses PODIUM_THREADS='$v'" PODIUM_THREADS "$v" \
	    "podium: error: PODIUM_THREADS must be a whole number of threads (0: one per core), not '$v'" \
	    build -C "$P" -q
done
SOURCE_DATE_EPOCH= PODIUM_THREADS=0 "$PODIUM" check -C "$P" >"$T/out" 2>&1
[ $? = 0 ] && [ ! -s "$T/out" ] && ok "empty SOURCE_DATE_EPOCH and PODIUM_THREADS=0 are taken" ||
    nok "empty SOURCE_DATE_EPOCH and PODIUM_THREADS=0 are taken"

# podium init with an empty folder name is a usage error
(cd "$T" && "$PODIUM" init "" >/dev/null 2>"$T/out")
rc=$?
if [ $rc = 2 ] && head -n 1 "$T/out" | grep -qxF "podium: error: the folder must not be an empty name (leave it out for the current folder)" &&
    [ ! -e "$T/content" ]; then
	ok "init with an empty folder name"
else
	nok "init with an empty folder name (exit $rc)"
	sed 's/^/# /' "$T/out"
fi

[ "$fails" -eq 0 ]
