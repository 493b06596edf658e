#!/bin/sh
# t_schema.sh: `podium schema`. The schemas it writes are valid draft
# 2020-12 (jsonschema's check_schema); the default report and the valid
# fixtures validate against their own; a misspelt key, a wrong type and an
# unknown tier each fail the schema as they fail `podium check`; the output
# is byte-reproducible and replaces the files whole; bad command lines and
# broken reports write nothing. YAML is read as a YAML 1.2 language server
# reads it (tests/schema_check.py).
: "${PODIUM:?}" "${ROOT:?}"
. "$ROOT/tests/skip.sh"

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
PY=${PYTHON:-python3}
SC="$ROOT/tests/schema_check.py"

if ! "$PY" -c 'import jsonschema, yaml' 2>/dev/null; then
	skip "python3-jsonschema and python3-yaml are needed (tools/test-packages)"
	exit "$fails"
fi

# schemas DIR OUT: podium schema -C DIR -o OUT, quiet but for its line.
schemas() {
	"$PODIUM" schema -C "$1" -o "$2" >"$T/out" 2>"$T/err"
}

# valid PROJ SCHEMAS: every YAML file of PROJ against its schema.
valid() {
	c=$1/content
	"$PY" "$SC" validate "$2/report.schema.json" "$c/report.yaml" &&
	"$PY" "$SC" validate "$2/sources.schema.json" "$c/sources.yaml" &&
	"$PY" "$SC" validate "$2/edition.schema.json" "$c"/editions/*.yaml &&
	"$PY" "$SC" validate "$2/provider.schema.json" "$c"/providers/*.yaml &&
	"$PY" "$SC" validate "$2/review.schema.json" "$c"/reviews/*/*.yaml
}

S="$T/default"
schemas "$ROOT" "$S"
check "podium schema exits 0 and says where it wrote" \
    sh -c "test $? = 0 && test \"\$(cat '$T/out')\" = 'podium: wrote 5 schemas in $S' && \
    test ! -s '$T/err'"
check "it writes the five schemas and nothing else (no temporary file left)" \
    test "$(ls -A "$S" | tr '\n' ' ')" = \
    "edition.schema.json provider.schema.json report.schema.json review.schema.json sources.schema.json "
check "each is a valid draft 2020-12 schema" "$PY" "$SC" schema "$S"/*.json
check "each names draft 2020-12" \
    sh -c "test \$(grep -l '\"\\\$schema\": \"https://json-schema.org/draft/2020-12/schema\"' \
    '$S'/*.json | wc -l) = 5"
check "the default report validates against its schemas" valid "$ROOT" "$S"

# Every key the loader accepts has a shape in the schemas: no {} property.
check "every key has a type (no property left as {})" \
    "$PY" -c 'import json, sys
def walk(s):
    if isinstance(s, dict):
        for k, v in s.get("properties", {}).items():
            if v == {}:
                sys.exit("no type for key " + k)
        for v in s.values():
            walk(v)
    elif isinstance(s, list):
        for v in s:
            walk(v)
for f in sys.argv[1:]:
    walk(json.load(open(f)))' "$S"/*.json

for f in load-valid mini bikes; do
	P="$ROOT/tests/fixtures/$f"
	schemas "$P" "$T/s-$f"
	check "fixture $f: podium check passes and its files validate" \
	    sh -c "'$PODIUM' check -C '$P' && test -s '$T/s-$f/review.schema.json'" &&
	check "fixture $f: its files validate against its schemas" valid "$P" "$T/s-$f"
done

# Byte-reproducible, and a second run replaces the files whole.
schemas "$ROOT" "$T/again"
check "the same project gives the same bytes" \
    sh -c "for f in '$S'/*.json; do cmp \"\$f\" '$T/again'/\$(basename \"\$f\") || exit 1; done"
printf 'stale\n' >"$T/again/review.schema.json"
SOURCE_DATE_EPOCH=1 schemas "$ROOT" "$T/again"
check "a second run replaces an older file, byte for byte the same as the first" \
    cmp "$S/review.schema.json" "$T/again/review.schema.json"

# The schemas follow the report: a tier added to the ladder is offered.
P="$T/proj"
cp -R "$ROOT/tests/fixtures/bikes" "$P"
sed -i 's/^ladder:$/ladder:\n  - {id: tandem, name: Tandem, medal: true}/' "$P/content/report.yaml"
schemas "$P" "$T/s-proj"
check "a tier added to the ladder is in the review schema's tiers" \
    sh -c "grep -q '\"tandem\"' '$T/s-proj/review.schema.json' && \
    ! grep -q '\"tandem\"' '$T/s-bikes/review.schema.json'"
rm -rf "$P"

# bad SCHEMA FILE MESSAGE CHECKMSG: FILE (a copy of a bikes file, changed)
# fails the schema with MESSAGE, and podium check refuses it with CHECKMSG.
bad() {
	b_out=$("$PY" "$SC" validate "$T/s-bikes/$1.schema.json" "$P/$2" 2>&1)
	b_rc=$?
	printf '%s\n' "$b_out" | grep -qF -- "$3" || { echo "# schema said: $b_out"; return 1; }
	test $b_rc = 1 || return 1
	"$PODIUM" check -C "$P" >/dev/null 2>"$T/chk" && return 1
	grep -qF -- "$4" "$T/chk" || { sed 's/^/# check said: /' "$T/chk"; return 1; }
}
# mutate NAME SCHEMA FILE SED MESSAGE CHECKMSG: on a fresh copy of bikes.
mutate() {
	rm -rf "$P"
	cp -R "$ROOT/tests/fixtures/bikes" "$P"
	sed -i "$4" "$P/$3"
	check "$1" bad "$2" "$3" "$5" "$6"
}
R=content/reviews/2025/spokeshare.yaml
mutate "a misspelt key fails the schema as it fails check" review "$R" \
    's/^summary:/sumary:/' \
    "$R: (top): Additional properties are not allowed ('sumary' was unexpected)" \
    "$R:3:1: error: unknown key 'sumary' (did you mean 'summary'?)"
mutate "an unknown tier fails the schema as it fails check" review "$R" \
    's/^tier: .*/tier: golden/' \
    "$R: tier: 'golden' is not one of ['five-spoke', 'three-spoke', 'flat-tyre', 'no-bikes']" \
    "$R:1:7: error: unknown tier 'golden'"
mutate "a wrong type (a declared integer field) fails the schema as it fails check" review "$R" \
    's/^rides: .*/rides: many/' \
    "$R: rides: 'many' is not of type 'integer'" \
    "$R:2:8: error: 'rides' must be a whole number, not 'many'"
mutate "a wrong type (a boolean) fails the schema as it fails check" review "$R" \
    's/^rides: .*/&\ndraft: maybe/' \
    "$R: draft: 'maybe' is not of type 'boolean'" \
    "$R:3:8: error: 'draft' must be true or false, not 'maybe'"
mutate "a missing required declared field fails the schema as it fails check" review "$R" \
    '/^rides: /d' \
    "$R: (top): 'rides' is a required property" \
    "$R:1:1: error: missing required key 'rides'"
mutate "an unknown choice of a declared field fails the schema as it fails check" \
    provider content/providers/pedalo.yaml 's/^model: .*/model: communal/' \
    "content/providers/pedalo.yaml: model: 'communal' is not one of ['public', 'private', 'mixed']" \
    "content/providers/pedalo.yaml:3:8: error: unknown model 'communal' (one of: public, private, mixed)"
mutate "a misspelt key of a ladder tier fails the schema as it fails check" \
    report content/report.yaml '0,/medal: true/s//meadl: true/' \
    "Additional properties are not allowed ('meadl' was unexpected)" \
    "error: unknown key 'meadl' (did you mean 'medal'?)"
rm -rf "$P"

# The command's errors: nothing written, a clear message, the exit status.
"$PODIUM" schema -C "$T/none" -o "$T/e1" >"$T/out" 2>"$T/err"
rc=$?
check "a missing project folder: exit 3, says why, writes nothing" \
    sh -c "test $rc = 3 && test ! -e '$T/e1' && grep -qxF \
    \"podium: error: cannot open project folder '$T/none': No such file or directory\" '$T/err' && \
    grep -qxF 'podium: error: no schema written: the report (content/report.yaml) must load without errors' '$T/err'"
mkdir "$T/empty"
"$PODIUM" schema -C "$T/empty" >"$T/out" 2>"$T/err"
rc=$?
check "a folder that is no project: exit 1, says so, writes nothing" \
    sh -c "test $rc = 1 && test ! -e '$T/empty/schemas' && grep -qxF \
    \"content/report.yaml: error: file not found: is '$T/empty' a podium project folder?\" '$T/err'"
P="$T/broken"
cp -R "$ROOT/tests/fixtures/bikes" "$P"
sed -i 's/^ladder:$/laddr: x\nladder:/' "$P/content/report.yaml"
"$PODIUM" schema -C "$P" >"$T/out" 2>"$T/err"
rc=$?
check "errors in report.yaml: exit 1, the errors shown, no schema written" \
    sh -c "test $rc = 1 && test ! -e '$P/schemas' && \
    grep -q \"^content/report.yaml:[0-9]*:1: error: unknown key 'laddr' (did you mean 'ladder'?)\$\" '$T/err'"
rm -rf "$P"
P="$T/other"
cp -R "$ROOT/tests/fixtures/bikes" "$P"
sed -i 's/^rides: .*/rides: many/' "$P/$R"
"$PODIUM" schema -C "$P" >"$T/out" 2>"$T/err"
rc=$?
check "errors only in other files: the schemas are written (into DIR/schemas), quietly" \
    sh -c "test $rc = 0 && test ! -s '$T/err' && test -s '$P/schemas/review.schema.json' && \
    test \"\$(cat '$T/out')\" = 'podium: wrote 5 schemas in $P/schemas'"
: >"$T/afile"
"$PODIUM" schema -C "$ROOT" -o "$T/afile" >"$T/out" 2>"$T/err"
rc=$?
check "-o naming a file: exit 2, says why, the file untouched" \
    sh -c "test $rc = 2 && test ! -s '$T/afile' && \
    grep -qxF \"podium: error: '$T/afile' is not a folder; no schema written\" '$T/err'"
"$PODIUM" schema --bogus >"$T/out" 2>"$T/err"
rc=$?
check "an unknown option: exit 2 and the usage" \
    sh -c "test $rc = 2 && grep -qxF \"podium: error: unknown option '--bogus'\" '$T/err' && \
    grep -qxF 'usage: podium schema [-C DIR] [-o DIR]' '$T/err'"
"$PODIUM" schema extra >"$T/out" 2>"$T/err"
rc=$?
check "an operand: exit 2" \
    sh -c "test $rc = 2 && grep -qxF \"podium: error: schema takes no operand, not 'extra'\" '$T/err'"
"$PODIUM" schema -C >"$T/out" 2>"$T/err"
rc=$?
check "-C without a value: exit 2" \
    sh -c "test $rc = 2 && grep -qxF \"podium: error: option '-C' needs a value\" '$T/err'"

# podium init and podium new point each YAML file they write at its schema,
# which podium schema then writes where the line says.
I="$T/init"
"$PODIUM" init "$I" >/dev/null 2>&1
"$PODIUM" new -C "$I" provider cyclo >/dev/null 2>&1
"$PODIUM" schema -C "$I" >/dev/null 2>&1
modeline_ok() {
	for f in "$I"/content/report.yaml "$I"/content/sources.yaml "$I"/content/editions/*.yaml \
	    "$I"/content/providers/*.yaml "$I"/content/reviews/*/*.yaml; do
		line=$(head -n 1 "$f")
		case $line in
		"# yaml-language-server: \$schema="*) ;;
		*) echo "# no schema line in $f"; return 1 ;;
		esac
		target=$(dirname "$f")/${line#*=}
		test -f "$target" || { echo "# $f points at $target, not written"; return 1; }
	done
}
check "init and new write the schema line, and it leads to the schema written" modeline_ok
check "the new review's line names the review schema three folders up" \
    sh -c "head -n 1 '$I'/content/reviews/*/*.yaml | grep -qxF \
    '# yaml-language-server: \$schema=../../../schemas/review.schema.json'"
sed -i 's/^name: *#.*/name: Cyclo/; s/^city: *#.*/city: Westby/' "$I/content/providers/cyclo.yaml"
check "filled in, the new project passes check" "$PODIUM" check -C "$I"
check "and validates against its schemas" valid "$I" "$I/schemas"

exit "$fails"
