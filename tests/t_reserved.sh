#!/bin/sh
# t_reserved.sh: an id whose folder in the site would take the place of the
# site's own files is refused alike by `check`, `build` and `new`: a page
# named index.html, providers, llms.txt...; a provider or an edition named
# index.html or index.md (site/providers/index.html is the providers'
# index). Before, `check` passed them and `build` failed with "Not a
# directory" (exit 3), and `new` wrote them.
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

# refused KIND ID FILE WANT: check prints WANT and exits 1, as build does
# (leaving no site); new KIND ID exits 2 and writes nothing
refused() {
	kind=$1 id=$2 file=$3 want=$4
	fresh
	case $kind in
	page) mkdir -p "$C/pages"; printf -- '---\ntitle: T\n---\nText.\n' >"$P/$file" ;;
	provider) printf 'name: P\n' >"$P/$file" ;;
	edition) printf 'name: E\npublished: 2026-10-01\n' >"$P/$file" ;;
	esac
	"$PODIUM" check -C "$P" >"$T/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && [ "$(cat "$T/out")" = "$want" ]; then
		ok "check refuses $kind '$id'"
	else
		nok "check refuses $kind '$id' (exit $rc)"
		sed 's/^/# /' "$T/out"
	fi
	"$PODIUM" build -C "$P" -q >"$T/out" 2>&1
	rc=$?
	if [ $rc = 1 ] && [ "$(cat "$T/out")" = "$want" ] && [ ! -e "$P/site" ]; then
		ok "build refuses $kind '$id' as check does"
	else
		nok "build refuses $kind '$id' as check does (exit $rc)"
		sed 's/^/# /' "$T/out"
	fi
	fresh
	"$PODIUM" new -C "$P" "$kind" "$id" >/dev/null 2>"$T/out"
	rc=$?
	if [ $rc = 2 ] && [ ! -e "$P/$file" ] &&
	    head -n 1 "$T/out" | grep -qxF "podium: error: $kind '$id' would take the place of the site's own '$5' (choose another id)"; then
		ok "new $kind '$id' is refused"
	else
		nok "new $kind '$id' is refused (exit $rc)"
		sed 's/^/# /' "$T/out"
	fi
}

for id in index.html index.md 404.html feed.xml sitemap.xml robots.txt report.pdf llms.txt \
    assets badges changes charts compare corrections data editions methodology providers \
    search security sources; do
	refused page "$id" "content/pages/$id.md" \
	    "content/pages/$id.md: error: page '$id' would take the place of the site's own '$id' (choose another file name)" \
	    "$id"
done
for id in index.html index.md; do
	refused provider "$id" "content/providers/$id.yaml" \
	    "content/providers/$id.yaml: error: provider '$id' would take the place of the site's own 'providers/$id' (choose another file name)" \
	    "providers/$id"
	refused edition "$id" "content/editions/$id.yaml" \
	    "content/editions/$id.yaml: error: edition '$id' would take the place of the site's own 'editions/$id' (choose another file name)" \
	    "editions/$id"
done

# an id that only looks like one of them is a page like any other
fresh
mkdir "$C/pages"
printf -- '---\ntitle: T\n---\nText.\n' >"$C/pages/index.htm.md"
"$PODIUM" build -C "$P" -q >"$T/out" 2>&1
if [ $? = 0 ] && [ -f "$P/site/index.htm/index.html" ]; then
	ok "a page 'index.htm' is built"
else
	nok "a page 'index.htm' is built"
	sed 's/^/# /' "$T/out"
fi

[ "$fails" -eq 0 ]
