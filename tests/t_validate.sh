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

[ "$fails" -eq 0 ]
