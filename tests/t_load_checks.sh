#!/bin/sh
# t_load_checks.sh: what the content may say but most likely does not mean
# is a warning at its key (an error with --strict), word for word: a
# universe smaller than the edition's reviews, an edition published before
# its previous one, a finding patched before it was disclosed, a compare
# edition newer than the report's edition. On a copy of serve-small.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
export SOURCE_DATE_EPOCH=1790000000
# sanitized builds: no suppression statistics in the messages compared
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
P=$T/proj
cp -R "$ROOT/tests/fixtures/serve-small" "$P"

"$PODIUM" check -C "$P" >"$T/out" 2>&1
if [ $? = 0 ] && [ ! -s "$T/out" ]; then ok "the fixture has none of them"; else nok "the fixture has none of them"; fi

sed -i 's/universe: {tracked: 10}/universe: {tracked: 1}/' "$P/content/editions/1.0.yaml"
sed -i 's/^published: 2026-06-10$/published: 2026-01-01/' "$P/content/editions/2.0.yaml"
cat >>"$P/content/reviews/2.0/alpha.yaml" <<'EOY'
security:
  findings:
    - id: f1
      title: "A finding"
      class: other
      disclosed: 2026-03-01
      patched: 2026-02-01
      public: true
EOY
cat >"$T/want" <<'EOW'
content/editions/1.0.yaml:4:21: warning: universe 'tracked' (1) is below the number of providers reviewed in edition '1.0' (2)
content/editions/2.0.yaml:2:12: warning: edition '2.0' is published (2026-01-01) before its previous edition '1.0' (2026-01-10)
content/report.yaml:8:10: warning: 'compare' edition '1.0' (2026-01-10) is newer than 'edition' '2.0' (2026-01-01)
content/reviews/2.0/alpha.yaml:11:16: warning: 'patched' (2026-02-01) is before 'disclosed' (2026-03-01)
EOW
"$PODIUM" check -C "$P" >"$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && cmp -s "$T/want" "$T/out"; then
	ok "each is a warning at its key, word for word; check passes"
else
	nok "each is a warning at its key, word for word; check passes (exit $rc)"
	diff "$T/want" "$T/out" | sed 's/^/# /'
fi
sed 's/: warning: /: error: /' "$T/want" >"$T/want.strict"
"$PODIUM" check -C "$P" --strict >"$T/out" 2>&1
rc=$?
if [ $rc = 1 ] && cmp -s "$T/want.strict" "$T/out"; then
	ok "with --strict each is an error"
else
	nok "with --strict each is an error (exit $rc)"
	diff "$T/want.strict" "$T/out" | sed 's/^/# /'
fi
"$PODIUM" build -C "$P" -q >"$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && cmp -s "$T/want" "$T/out" && [ -f "$P/site/index.html" ]; then
	ok "build prints the warnings even with -q, and builds"
else
	nok "build prints the warnings even with -q, and builds (exit $rc)"
fi

[ "$fails" -eq 0 ]
