#!/bin/sh
# t_format.sh: `--format gcc|github|json` for check and build, word for
# word: errors and warnings with their place, the GitHub Actions escapes
# (%, CR/LF, and ':' ',' in the file property), JSON string escapes, the
# project folder before paths for GitHub, and a diagnostic without a file.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
. "$ROOT/tests/skip.sh"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
export SOURCE_DATE_EPOCH=1790000000
# sanitized builds: no suppression statistics in the messages compared
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
# same NAME WANT_FILE ARGS...: podium ARGS prints exactly WANT_FILE on stderr
# and nothing on stdout, with exit status $want_rc; with --format json,
# for machines, exactly WANT_FILE on stdout and nothing on stderr.
same() {
	name=$1
	want=$2
	shift 2
	"$PODIUM" "$@" >"$T/stdout" 2>"$T/stderr"
	rc=$?
	got=$T/stderr other=$T/stdout
	case " $* " in *" --format json "*) got=$T/stdout other=$T/stderr ;; esac
	if [ "$rc" = "$want_rc" ] && cmp -s "$want" "$got" && [ ! -s "$other" ]; then
		ok "$name"
	else
		nok "$name (exit $rc)"
		diff "$want" "$got" | sed 's/^/# /'
		sed 's/^/# also: /' "$other"
	fi
}
cd "$T" || exit 1
D="a,b:c%d"
cp -R "$ROOT/tests/fixtures/serve-small" "$D"
R=content/reviews/2.0/alpha.yaml
# a key with a quote, a backslash, ':', ',' and '%'; one misspelt (line
# breaks in messages: test_diag)
printf '"we:ird,k%%ey\\"\\\\": 1\nsumary: x\n' >>"$D/$R"

cat >"$T/gcc" <<EOW
$R:5:1: error: unknown key 'we:ird,k%ey"\\'
$R:6:1: error: unknown key 'sumary' (did you mean 'summary'?)
EOW
want_rc=1
same "check: gcc is the default" "$T/gcc" check -C "$D"
same "check --format gcc" "$T/gcc" check -C "$D" --format gcc
same "build --format gcc" "$T/gcc" build -C "$D" --format gcc

cat >"$T/github" <<EOW
::error file=a%2Cb%3Ac%25d/$R,line=5,col=1::unknown key 'we:ird,k%25ey"\\'
::error file=a%2Cb%3Ac%25d/$R,line=6,col=1::unknown key 'sumary' (did you mean 'summary'?)
EOW
same "check --format github: paths from the current folder, escaped" "$T/github" \
    check -C "$D" --format github
same "build --format github" "$T/github" build -C "$D" --format github
same "github: an absolute -C under the current folder gives the same paths" "$T/github" \
    check -C "$T/$D/" --format github
same "github: -C ./DIR/ too" "$T/github" check -C "./$D/" --format github
sed "s|file=a%2Cb%3Ac%25d/|file=|" "$T/github" >"$T/github.here"
(cd "$D" && same "github inside the project folder: paths as they are" "$T/github.here" \
    check --format github)

cat >"$T/json" <<EOW
{"severity":"error","file":"$R","line":5,"col":1,"message":"unknown key 'we:ird,k%ey\\"\\\\'"}
{"severity":"error","file":"$R","line":6,"col":1,"message":"unknown key 'sumary' (did you mean 'summary'?)"}
EOW
same "check --format json: one object a line, escaped" "$T/json" check -C "$D" --format json
same "build --format json" "$T/json" build -C "$D" --format json
if need "each JSON line reads back as JSON" python3; then
	"$PODIUM" check -C "$D" --format json >"$T/stdout"
	if python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [sorted(r) for r in rows] == [["col", "file", "line", "message", "severity"]] * 2
assert rows[0]["message"] == "unknown key \x27we:ird,k%ey\"\\\x27"
' "$T/stdout"; then ok "each JSON line reads back as JSON"; else nok "each JSON line reads back as JSON"; fi
fi
# The pipe a CI job writes: podium check --format json | jq
if need "check --format json | jq" jq; then
	"$PODIUM" check -C "$D" --format json 2>"$T/stderr" | jq -r '"\(.file):\(.line): \(.message)"' >"$T/jq"
	printf '%s\n' "$R:5: unknown key 'we:ird,k%ey\"\\'" "$R:6: unknown key 'sumary' (did you mean 'summary'?)" >"$T/want"
	if cmp -s "$T/want" "$T/jq" && [ ! -s "$T/stderr" ]; then
		ok "check --format json | jq reads every diagnostic, stderr empty"
	else
		nok "check --format json | jq reads every diagnostic, stderr empty"
		diff "$T/want" "$T/jq" | sed 's/^/# /'
		sed 's/^/# stderr: /' "$T/stderr"
	fi
	"$PODIUM" build -q -C "$D" -o "$T/site-json" --format json 2>/dev/null | jq -e -s 'length == 2' >/dev/null &&
	    ok "build --format json | jq: the same two" || nok "build --format json | jq: the same two"
fi
cp "$ROOT/tests/fixtures/serve-small/$R" "$D/$R"

# warnings, and --strict
mkdir "$D/templates"
sed '1s/^/{{>nosuch}}/' "$ROOT/templates/sources.mustache" >"$D/templates/sources.mustache"
printf '%s\n' "::warning file=templates/sources.mustache,line=1,col=1::no template 'nosuch' for this partial" >"$T/want"
want_rc=0
(cd "$D" && same "a warning, github" "$T/want" check --format github)
printf '%s\n' '{"severity":"warning","file":"templates/sources.mustache","line":1,"col":1,"message":"no template '"'nosuch'"' for this partial"}' >"$T/want"
(cd "$D" && same "a warning, json" "$T/want" check --format json)
printf '%s\n' "::error file=templates/sources.mustache,line=1,col=1::no template 'nosuch' for this partial" >"$T/want"
want_rc=1
(cd "$D" && same "a warning under --strict is an error, github" "$T/want" check --strict --format github)
rm -r "$D/templates"

# no file: a message about the run
want_rc=1
printf '%s\n' "{\"severity\":\"error\",\"file\":\"content/report.yaml\",\"line\":null,\"col\":null,\"message\":\"file not found: is 'nope' a podium project folder?\"}" >"$T/want"
mkdir nope
same "a file without a place: line and col are null" "$T/want" check -C nope --format json
want_rc=2
printf '%s\n' "{\"severity\":\"error\",\"file\":null,\"line\":null,\"col\":null,\"message\":\"'$D/content' is in the project's content/ folder; the site may not go there, even with --force\"}" >"$T/want"
same "a refused OUT in json: file null" "$T/want" build -C "$D" -o "$D/content" --format json
printf '%s\n' "::error::'$D/content' is in the project's content/ folder; the site may not go there, even with --force" | sed 's/%/%25/g' >"$T/want"
same "... and in github" "$T/want" build -C "$D" -o "$D/content" --format github
printf '%s\n' "podium: error: --format wants gcc, github or json, not 'xml'" >"$T/want"
same "an unknown format is bad usage" "$T/want" check --format xml

# The usage lines name the options the man page's synopsis names.
# man_opts CMD: the options of CMD in man/podium.1's SYNOPSIS, one a line
man_opts() {
	awk -v cmd="$1" '
	    /^\.Sh SYNOPSIS/ { syn = 1; next }
	    /^\.Sh / { syn = 0 }
	    !syn { next }
	    /^\.Nm/ { on = 0; next }
	    $0 == ".Cm " cmd { on = 1; next }
	    on && $1 == ".Op" && $2 == "Fl" {
		f = $3
		if (f ~ /^\\-/) { sub(/^\\-/, "", f); gsub(/\\/, "", f); print "--" f }
		else for (i = 1; i <= length(f); i++) print "-" substr(f, i, 1)
	    }' "$ROOT/man/podium.1" | sort -u
}
# usage_opts CMD: the options in `podium CMD --help`, one a line
usage_opts() {
	"$PODIUM" "$1" --help | grep -o '\[-[-a-zA-Z]*' | sed 's/^\[//' |
	    awk '/^--/ { print; next } { for (i = 2; i <= length($0); i++) print "-" substr($0, i, 1) }' | sort -u
}
for cmd in build check; do
	man_opts "$cmd" >"$T/man.$cmd"
	usage_opts "$cmd" >"$T/usage.$cmd"
	if [ -s "$T/man.$cmd" ] && cmp -s "$T/man.$cmd" "$T/usage.$cmd"; then
		ok "$cmd --help names the options the man page names ($(tr '\n' ' ' <"$T/man.$cmd"))"
	else
		nok "$cmd --help names the options the man page names"
		diff "$T/man.$cmd" "$T/usage.$cmd" | sed 's/^/# /'
	fi
done
"$PODIUM" --help >"$T/help"
for cmd in build check; do
	"$PODIUM" "$cmd" --help | sed -e 's/^usage: //' -e 's/^       //' >"$T/one"
	sed -e 's/^usage: //' -e 's/^       //' "$T/help" >"$T/all"
	# the command's lines, in a row, somewhere in the whole usage
	if [ -s "$T/one" ] && awk -v n="$(wc -l <"$T/one")" '
	    NR == FNR { want[NR] = $0; next }
	    { line[++m] = $0 }
	    END { for (s = 1; s + n - 1 <= m; s++) { k = 0; while (k < n && line[s + k] == want[k + 1]) k++; if (k == n) exit 0 } exit 1 }
	    ' "$T/one" "$T/all"; then
		ok "podium --help shows $cmd's usage lines as $cmd --help does"
	else
		nok "podium --help shows $cmd's usage lines as $cmd --help does"
	fi
done

[ "$fails" -eq 0 ]
