#!/bin/sh
# t_keys.sh: every mapping of the content refuses a key it does not know,
# with a "did you mean" when a known key is close, at the key's place, word
# for word. Each case misspells (or adds) one key in a copy of the valid
# fixture load-valid and checks that `podium check` prints exactly that
# error and exits 1.
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

fresh
"$PODIUM" check -C "$P" >"$T/out" 2>&1
if [ $? = 0 ] && [ ! -s "$T/out" ]; then ok "the fixture is valid"; else nok "the fixture is valid"; fi

R=content/reviews/2.0/acme.yaml
E=content/editions/2.0.yaml

fresh; sed -i 's/^  detect_after: 2m$/  detect_afer: 2m/' "$P/$R"
expect "fault_test" "$R:11:3: error: unknown key 'detect_afer' (did you mean 'detect_after'?)"

fresh; sed -i 's/^  practices: {drivers/  practises: {drivers/' "$P/$R"
expect "review security" "$R:17:3: error: unknown key 'practises' (did you mean 'practices'?)"

fresh; sed -i 's/^      disclosed: 2026-08-01$/      disclosd: 2026-08-01/' "$P/$R"
expect "review finding" "$R:23:7: error: unknown key 'disclosd' (did you mean 'disclosed'?)"

fresh; sed -i 's/^     disclosed: 2026-08-01,/     disclosd: 2026-08-01,/' "$P/$E"
expect "edition finding" "$E:18:6: error: unknown key 'disclosd' (did you mean 'disclosed'?)"

fresh; sed -i 's/at: "12:11"/att: "12:11"/' "$P/$R"
expect "quote" "$R:27:43: error: unknown key 'att' (did you mean 'at'?)"

fresh; sed -i 's/^override: {reason: "on purpose"}$/override: {reason: "on purpose", reasons: x}/' \
    "$P/content/reviews/2.0/gamma.yaml"
expect "override" "content/reviews/2.0/gamma.yaml:2:34: error: unknown key 'reasons' (did you mean 'reason'?)"

fresh; sed -i 's/^  author: Someone$/  autor: Someone/' "$C/sources.yaml"
expect "source" "content/sources.yaml:3:3: error: unknown key 'autor' (did you mean 'author'?)"

fresh; sed -i 's/^  floor: poor$/  floor: poor\n  scales: 5/' "$P/$E"
expect "rubric" "$E:15:3: error: unknown key 'scales' (did you mean 'scale'?)"

fresh; sed -i 's/{id: reliability, name: Reliability}/{id: reliability, name: Reliability, weigth: 1}/' "$P/$E"
expect "rubric criterion" "$E:10:44: error: unknown key 'weigth' (did you mean 'weight'?)"

fresh; sed -i 's/silver: {min: 60}/silver: {min: 60, requir: {security: 1}}/' "$P/$E"
expect "rubric threshold" "$E:12:23: error: unknown key 'requir' (did you mean 'require'?)"

fresh; sed -i 's/universe: {tracked: 20}/universe: {trackd: 20}/' "$P/$E"
expect "universe" "$E:5:12: error: unknown key 'trackd' (did you mean 'tracked'?)"

fresh; sed -i 's/targets: {detect: 2m, replace: 1h}/targets: {detect: 2m, replac: 1h}/' "$P/$E"
expect "targets" "$E:15:23: error: unknown key 'replac' (did you mean 'replace'?)"

fresh; sed -i 's/^  medals: 1$/  medal: 1/' "$P/$E"
expect "claims" "$E:21:3: error: unknown key 'medal' (did you mean 'medals'?)"

fresh; sed -i 's/note: "one review is missing"/notes: "one review is missing"/' \
    "$C/editions/1.0.yaml"
expect "claim with a note" \
    "content/editions/1.0.yaml:6:13: error: missing required key 'note'" \
    "content/editions/1.0.yaml:6:24: error: unknown key 'notes' (did you mean 'note'?)"

fresh; printf 'partial: {notes: "only some"}\n' >>"$C/editions/1.0.yaml"
expect "partial" "content/editions/1.0.yaml:7:11: error: unknown key 'notes' (did you mean 'note'?)"

fresh; sed -i 's/{id: poor, name: Poor}/{id: poor, name: Poor, colr: "#000000"}/' "$C/report.yaml"
expect "ladder tier" "content/report.yaml:14:28: error: unknown key 'colr' (did you mean 'color'?)"

fresh; sed -i 's/type: country, filter: true}/type: country, filtr: true}/' "$C/report.yaml"
expect "provider field" "content/report.yaml:18:49: error: unknown key 'filtr' (did you mean 'filter'?)"

fresh; printf 'review_fields:\n  - {id: gpus, name: GPUs, type: list, requird: true}\n' >>"$C/report.yaml"
expect "review field" "content/report.yaml:25:40: error: unknown key 'requird' (did you mean 'required'?)"

fresh; sed -i 's/^  practices:$/  practises:/' "$C/report.yaml"; sed -i '/^  practices:/d' "$P/$R"
expect "report security" "content/report.yaml:20:3: error: unknown key 'practises' (did you mean 'practices'?)"

fresh; sed -i 's/{id: audit_tool, name: Audit tool}/{id: audit_tool, name: Audit tool, descripton: x}/' \
    "$C/report.yaml"
expect "security practice" "content/report.yaml:23:42: error: unknown key 'descripton' (did you mean 'description'?)"

fresh; sed -i 's/^subtitle:/subtitel:/' "$C/report.yaml"
expect "report" "content/report.yaml:2:1: error: unknown key 'subtitel' (did you mean 'subtitle'?)"

fresh; sed -i 's/^universe:/univers:/' "$P/$E"
expect "edition" "$E:5:1: error: unknown key 'univers' (did you mean 'universe'?)"

fresh; sed -i 's/^short:/shrt:/' "$C/providers/acme.yaml"
expect "provider" "content/providers/acme.yaml:2:1: error: unknown key 'shrt' (did you mean 'short'?)"

fresh; sed -i 's/^summary:/sumary:/' "$P/$R"
expect "review" "$R:4:1: error: unknown key 'sumary' (did you mean 'summary'?)"

fresh; sed -i 's/{drivers_current: true,/{drivers_curent: true,/' "$P/$R"
expect "review practice" "$R:17:15: error: unknown practice 'drivers_curent' (did you mean 'drivers_current'?)"

fresh; sed -i 's/^order: 10$/ordr: 10/' "$C/commentary/also.md"
expect "commentary front matter" "content/commentary/also.md:3:1: error: unknown key 'ordr' (did you mean 'order'?)"

fresh; mkdir "$C/pages"; printf -- '---\ntitle: About\nnavv: true\n---\nText.\n' >"$C/pages/about.md"
expect "page front matter" "content/pages/about.md:3:1: error: unknown key 'navv' (did you mean 'nav'?)"

fresh; sed -i 's/^tier: gold$/tier: golf/' "$C/reviews/1.0/beta.yaml"
expect "tier id" "content/reviews/1.0/beta.yaml:1:7: error: unknown tier 'golf' (did you mean 'gold'?)"

fresh; sed -i 's/{security: 5, reliability: 4}/{security: 5, reliablity: 4}/' "$P/$R"
expect "criterion id" "$R:2:9: error: missing score for criterion 'reliability'" \
    "$R:2:23: error: unknown criterion 'reliablity' (did you mean 'reliability'?)"

fresh; sed -i 's/^tiers: \[gold, silver, poor\]$/tiers: [gold, silver, pour]/' "$C/editions/1.0.yaml"
expect "tier id in an edition's tiers" \
    "content/editions/1.0.yaml:3:23: error: unknown tier 'pour' (did you mean 'poor'?)"

fresh; printf '<<: {short: G}\n' >>"$C/providers/gamma.yaml"
expect "a merge key is not taken for a misspelt key" \
    "content/providers/gamma.yaml:3:1: error: yaml merge keys ('<<') are not supported: write the keys out"

fresh; sed -i 's/at: "12:11"/xy: "12:11"/' "$P/$R"
expect "no guess for a key as far from each as it is long" "$R:27:43: error: unknown key 'xy'"

# strings: (report.yaml) is checked in t_strings.sh: an unknown key such
# as 'medalz' is "unknown key 'medalz' (did you mean 'medals'?)".

[ "$fails" -eq 0 ]
