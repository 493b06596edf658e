#!/bin/sh
# t_faults_axis.sh: the failure-test chart's time axis holds every time it
# draws: it runs to 1d, 1w, 30d or 365d, whichever is the first to hold
# the longest time, and a time past 365d is drawn at the end with an arrow.
# (A 30d replacement was drawn at "1w", with no mark.) The chart's text is
# glyphs in the SVG, so the test counts the glyphs drawn: a chart whose
# axis runs to 30d has the 3 glyphs of "30d" more than one that stops at
# 1w, and a clipped time adds the arrow's glyph.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }

"$PODIUM" init "$T/p" >/dev/null || { nok "podium init"; exit 1; }

# glyphs REPLACED: the glyphs drawn in the faults chart of a project whose
# two reviews replace a node after 2h and after REPLACED.
glyphs() {
	rm -rf "$T/$1"
	cp -r "$T/p" "$T/$1"
	printf 'fault_test:\n  fault: "flat tyre"\n  detected_by: provider\n  detect_after: 2m\n  replaced_after: 2h\n' \
	    >>"$T/$1/content/reviews/2026/greenwheel.yaml"
	printf 'fault_test:\n  fault: "flat tyre"\n  detected_by: provider\n  detect_after: 2m\n  replaced_after: %s\n' \
	    "$1" >>"$T/$1/content/reviews/2026/pedalpoint.yaml"
	"$PODIUM" build -q --only html -C "$T/$1" -o "$T/$1.site" 2>"$T/$1.err" || { echo -1; return; }
	grep -o '<use xlink:href="#glyph' "$T/$1.site/charts/faults.svg" | wc -l
}
w=$(glyphs 6d)
m=$(glyphs 30d)
y=$(glyphs 300d)
c=$(glyphs 400d)
check "the charts are drawn ($w, $m, $y, $c glyphs)" '[ "$w" -gt 0 ] && [ "$m" -gt 0 ] && [ "$y" -gt 0 ] && [ "$c" -gt 0 ]'
check "a 30d time extends the axis to a 30d tick ($((m - w)) glyphs more than at 6d)" '[ $((m - w)) -eq 3 ]'
check "a 300d time extends it to 365d ($((y - m)) glyphs more than at 30d)" '[ $((y - m)) -eq 4 ]'
check "a 400d time is clipped at 365d with an arrow ($((c - y)) glyph more than at 300d)" '[ $((c - y)) -eq 1 ]'

# The target lines break at a row the targets do not apply to (PDF review
# 8, item 14: they ran through Nebius's row): the default report's Nebius
# (against_targets: false, its first row) splits each of the two dashed
# target lines in two, so its chart has 2 dashed strokes more than with
# the targets applied to it.
dashes() {
	"$PODIUM" build -q --only html -C "$T/$1" -o "$T/$1.site" 2>"$T/$1.err" || { echo -1; return; }
	grep -o 'stroke-dasharray' "$T/$1.site/charts/faults.svg" | wc -l
}
mkdir -p "$T/apart" "$T/held"
cp -r "$ROOT/content" "$T/apart/"
cp -r "$ROOT/content" "$T/held/"
sed 's/against_targets: false/against_targets: true/' "$ROOT/content/reviews/3.0/nebius.yaml" \
    >"$T/held/content/reviews/3.0/nebius.yaml"
a=$(dashes apart)
h=$(dashes held)
check "the target lines break at Nebius's row ($a dashed strokes, $h with the targets held against it)" '[ "$h" -gt 0 ] && [ $((a - h)) -eq 2 ]'

# TensorWave's "replaced 43m after approval" is on no point of the axis: it
# stands at the plot's end, right of the 10m tick, not beside the
# detection's dot at the axis's start (PDF review 8, item 14).
"$PODIUM" build -q --only pdf -C "$T/apart" -o "$T/apart.pdf.d" 2>"$T/pdf.err"
pdftotext -bbox "$T/apart.pdf.d/report.pdf" - 2>/dev/null | awk '
	function verdict() { if (t && y) out = (r && r + 0 > t + 0) ? "right" : "beside " r " " t }
	/<page / { verdict(); y = t = r = "" }
	/>TensorWave</ && !y { split($0, a, "\""); y = a[4] }
	/>10m</ && !t { split($0, a, "\""); t = a[2] }
	/>replaced</ { split($0, a, "\""); if (y && a[4] - y < 3 && y - a[4] < 3) r = a[2] }
	END { verdict(); print out }' >"$T/tw"
check "TensorWave's approval note stands right of the 10m tick ($(cat "$T/tw"))" '[ "$(cat "$T/tw")" = right ]'
[ "$fails" -eq 0 ]
