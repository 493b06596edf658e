#!/bin/sh
# t_drafts_tell.sh: drafts tell (issue 25, item 15). A public build (no
# --drafts) in which a draft review changes what the site says of a provider
# it shows (no longer reviewed, left out of an edition, new in the next
# one) warns at the review's draft: key, word for word; --drafts does not.
# A build with drafts, and `podium serve`, which shows them, marks draft and
# embargoed content as such in the page, in the report's language (en and
# de here); a public build carries no mark.
# The fixture: a copy of tests/fixtures/mini, where golf's e3 review and
# beta's e2 review are made drafts (and the claims they change adjusted).
: "${PODIUM:?}" "${ROOT:?}"
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
. "$ROOT/tests/skip.sh"
SKIP_COUNTER=fails
T=$(mktemp -d)
PID=""
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

P=$T/proj
cp -R "$ROOT/tests/fixtures/mini" "$P"
rm -rf "$P/site"
printf 'draft: true\n' >>"$P/content/reviews/e3/golf.yaml"
printf 'tier: strong\ndraft:   true\n' >"$P/content/reviews/e2/beta.yaml"
sed -i 's/^  reviewed: 5$/  reviewed: 4/' "$P/content/editions/e3.yaml"
sed -i 's/^  medals: 4$/  medals: 3/' "$P/content/editions/e2.yaml"

# --- the public build warns, naming each draft that changes the site ---
cat >"$T/want" <<'EOF'
content/reviews/e2/beta.yaml:2:10: warning: the review of 'beta' in edition 'e2' is a draft: this build shows 'beta' as no longer reviewed in 'e2' (it was 'fair' in 'e1'), and as new in edition 'e3'; build with --drafts to include it
content/reviews/e3/golf.yaml:3:8: warning: the review of 'golf' in edition 'e3' is a draft: this build shows 'golf' as no longer reviewed in 'e3' (it was 'fair' in 'e2'); build with --drafts to include it
EOF
"$PODIUM" build -q -C "$P" -o "$T/pub" 2>"$T/err"
rc=$?
check "a public build with drafts that change the site: exit 0" test "$rc" = 0
check "... and one warning per such draft, at its draft: key, word for word" \
    cmp -s "$T/want" "$T/err"
cmp -s "$T/want" "$T/err" || diff "$T/want" "$T/err" | sed 's/^/# /'
"$PODIUM" check -C "$P" 2>"$T/err"
check "podium check gives the same warnings" cmp -s "$T/want" "$T/err"
"$PODIUM" check -C "$P" --strict >/dev/null 2>&1
check "... which --strict makes a failure (exit 1)" test $? = 1

# A draft whose provider is shown nowhere else says nothing (mini's foxtrot,
# a draft in e3 only): the untouched fixture builds without a warning.
"$PODIUM" check -C "$ROOT/tests/fixtures/mini" 2>"$T/err"
check "a draft of a provider shown nowhere else: no warning" test ! -s "$T/err"
# A provider left out of an edition it sits between: missing, not gone.
Q=$T/q
cp -R "$ROOT/tests/fixtures/mini" "$Q"
rm -rf "$Q/site"
printf 'draft: true\n' >>"$Q/content/reviews/e1/alpha.yaml"
sed -i '/^claims:/,$d' "$Q/content/editions/e1.yaml"
"$PODIUM" check -C "$Q" 2>"$T/err"
cat >"$T/want" <<'EOF'
content/reviews/e1/alpha.yaml:2:8: warning: the review of 'alpha' in edition 'e1' is a draft: this build leaves 'alpha' out of 'e1' but shows it in other editions, and as new in edition 'e2'; build with --drafts to include it
EOF
check "a provider's first review a draft: left out of e1 and new in e2, word for word" \
    cmp -s "$T/want" "$T/err"
cmp -s "$T/want" "$T/err" || diff "$T/want" "$T/err" | sed 's/^/# /'

"$PODIUM" check -C "$P" --drafts 2>"$T/err"
check "--drafts: no draft warning (the drafts are in)" sh -c "! grep -q 'is a draft' '$T/err'"

# --- marks: none in a public build, every one with drafts ---
check "the public build carries no draft mark" \
    sh -c "! grep -rq --include='*.html' 'class=\"draft-mark' '$T/pub'"
"$PODIUM" build -q -C "$P" -o "$T/dr" --drafts --now 2026-09-21 2>/dev/null
mark='<p class="draft-mark">Draft: not in the published report</p>'
check "--drafts: golf's draft review is marked on its page" \
    grep -qF "$mark" "$T/dr/providers/golf/index.html"
check "... and its row of the tier history" \
    grep -qF '<span class="draft-mark">Draft</span></td>' "$T/dr/providers/golf/index.html"
check "... and beside its name in e3's medal table" \
    grep -qF '>Golf</a> <span class="draft-mark">Draft</span>' "$T/dr/editions/e3/index.html"
check "--drafts: the draft commentary section is marked" \
    grep -qF "$mark" "$T/dr/index.html"
check "--drafts: the embargoed section says until when" \
    grep -qF '<p class="draft-mark">Embargoed until 1 January 2030: not in the published report before then</p>' \
    "$T/dr/index.html"
check "... and golf's published e2 review carries no mark" \
    sh -c "test \$(grep -c 'draft-mark' '$T/dr/providers/golf/index.html') = 2"

# --- serve (drafts shown), in German ---
need "serve's draft marks" curl || exit "$fails"
sed -i 's/^language: en$/language: de/' "$P/content/report.yaml"
SLOW=${PODIUM_SLOW:-1}
# on a port drawn at random (other tests may serve beside this one), a
# few tries: a port in use ends the server at once (exit 3)
tries=0
while [ $tries -lt 8 ]; do
	PORT=$((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000))
	"$PODIUM" serve -C "$P" -p "$PORT" >"$T/out" 2>"$T/serr" &
	PID=$!
	i=0
	while [ $i -lt $((200 * SLOW)) ] && ! grep -q 'serving http' "$T/out" &&
	    kill -0 "$PID" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q 'serving http' "$T/out" && break
	kill "$PID" 2>/dev/null
	wait "$PID" 2>/dev/null
	tries=$((tries + 1))
done
get() { curl -s --max-time $((5 * SLOW)) "http://127.0.0.1:$PORT/$1"; }
get providers/golf/ >"$T/golf.html"
get "" >"$T/home.html"
check "serve (de): the draft review is marked, translated" \
    grep -qF '<p class="draft-mark">Entwurf: nicht im veröffentlichten Bericht</p>' "$T/golf.html"
check "serve (de): ... and its history row" \
    grep -qF '<span class="draft-mark">Entwurf</span></td>' "$T/golf.html"
check "serve (de): the embargoed section, with its date in German" \
    grep -qF '<p class="draft-mark">Sperrfrist bis 1. Januar 2030: vorher nicht im veröffentlichten Bericht</p>' \
    "$T/home.html"
kill "$PID" 2>/dev/null
wait "$PID" 2>/dev/null
PID=""
exit "$fails"
