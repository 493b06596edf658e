#!/bin/sh
# t_new.sh: `podium new review` and `podium new provider` on a copy of
# tests/fixtures/serve-small: the scaffolds against golden files, refusal to
# overwrite, id checks, and `podium check` passing once they are filled in.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
GOLD="$ROOT/tests/fixtures/serve-new"
P="$T/proj"
cp -R "$ROOT/tests/fixtures/serve-small" "$P"

# new: runs podium new with -C, exit status into $rc, output into $T/out.
new() {
	"$PODIUM" new -C "$P" "$@" >"$T/out" 2>&1
	rc=$?
}

check "the fixture passes check" "$PODIUM" check -C "$P"

# A review in an edition with a rubric: every criterion with its weight.
new review 2.0 gamma
check "new review writes the file and says so" \
    sh -c "test $rc = 0 && grep -qx 'podium: wrote content/reviews/2.0/gamma.yaml' '$T/out'"
check "the rubric scaffold matches its golden file" \
    cmp "$GOLD/review-rubric.yaml" "$P/content/reviews/2.0/gamma.yaml"
check "unfilled, it fails check at the empty scores" \
    sh -c "! '$PODIUM' check -C '$P' 2>'$T/chk' && \
    grep -q '^content/reviews/2.0/gamma.yaml:8:[0-9]*: error: ' '$T/chk' && \
    grep -q '^content/reviews/2.0/gamma.yaml:9:[0-9]*: error: ' '$T/chk'"
sed -i -e 's/^  security:    #/  security: 4 #/' -e 's/^  reliability: #/  reliability: 3.5 #/' \
    "$P/content/reviews/2.0/gamma.yaml"
check "filled in, it passes check" "$PODIUM" check -C "$P"

# Refusal to overwrite, whatever the reason.
cp "$P/content/reviews/2.0/gamma.yaml" "$T/before"
new review 2.0 gamma
check "a second new review is refused (exit 1)" \
    sh -c "test $rc = 1 && grep -q \"^podium: error: .*gamma\" '$T/out'"
check "... and the file is untouched" cmp "$T/before" "$P/content/reviews/2.0/gamma.yaml"
new provider alpha
check "new provider refuses an existing provider (exit 1)" \
    sh -c "test $rc = 1 && grep -qF \"provider 'alpha' already exists\" '$T/out'"
mkdir -p "$P/content/reviews/1.0"
new review 1.0 beta
check "a review that exists is refused (exit 1)" test "$rc" = 1

# An edition without a rubric: the tier, with the edition's tiers listed.
new review 1.0 gamma
check "the tier scaffold matches its golden file" \
    sh -c "test $rc = 0 && cmp '$GOLD/review-tier.yaml' '$P/content/reviews/1.0/gamma.yaml'"
sed -i 's/^tier:$/tier: bronze/' "$P/content/reviews/1.0/gamma.yaml"
check "filled in with a tier, it passes check" "$PODIUM" check -C "$P"

# A provider.
new provider delta
check "new provider matches its golden file" \
    sh -c "test $rc = 0 && cmp '$GOLD/provider.yaml' '$P/content/providers/delta.yaml'"
check "unfilled, the provider fails check" \
    sh -c "! '$PODIUM' check -C '$P' 2>'$T/chk' && grep -q '^content/providers/delta.yaml:4:[0-9]*: error: ' '$T/chk'"
sed -i -e 's/^name: .*/name: "Delta Cloud"/' -e 's/^kind: .*/kind: neocloud/' \
    "$P/content/providers/delta.yaml"
check "filled in, the provider passes check" "$PODIUM" check -C "$P"
(cd "$P" && "$PODIUM" new review 2.0 delta >/dev/null 2>&1)
check "without -C it works in the current folder" test -f "$P/content/reviews/2.0/delta.yaml"

# Ids and arguments.
new provider 'Bad/Id'
check "an invalid provider id is bad usage (exit 2)" \
    sh -c "test $rc = 2 && grep -qF \"'Bad/Id' is not a valid id\" '$T/out'"
new review 2.0 ../../etc
check "a path as an id is bad usage (exit 2)" test "$rc" = 2
check "... and writes nothing outside" test ! -e "$T/etc.yaml"
new review 9.9 gamma
check "an unknown edition is an error (exit 1)" \
    sh -c "test $rc = 1 && grep -qF \"no edition '9.9'\" '$T/out'"
new review 2.0 nobody
check "an unknown provider is an error (exit 1)" \
    sh -c "test $rc = 1 && grep -qF \"no provider 'nobody'\" '$T/out'"
new review 2.0
check "a missing argument is bad usage (exit 2)" test "$rc" = 2
new thing x
check "an unknown kind is bad usage (exit 2)" test "$rc" = 2

[ $fails -eq 0 ]
