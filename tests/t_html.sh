#!/bin/sh
# t_html.sh: the HTML site. Exact strings on the pages of the fixture and of
# the default report, escaping of hostile names, redaction of private
# findings, byte-reproducible output, --only html, and the W3C Nu validator
# with zero errors when vnu.jar can be found (VNU_JAR, else
# tests/node_modules/vnu-jar/build/dist/vnu.jar; CI installs it with
# `npm install --prefix tests vnu-jar`).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
. "$ROOT/tests/skip.sh"
FIX="$ROOT/tests/golden/site/project"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fail=1; }
# has FILE STRING NAME: the page contains the exact string.
has() { if grep -qF -- "$2" "$1"; then ok "$3"; else nok "$3"; fi; }
hasnt() { if grep -qF -- "$2" "$1"; then nok "$3"; else ok "$3"; fi; }

if ! "$PODIUM" build -q -C "$FIX" -o "$T/a" --only html 2> "$T/err"; then
	nok "fixture builds"
	cat "$T/err"
	exit 1
fi
ok "fixture builds with --only html"
S="$T/a"

for p in index.html editions/e1/index.html editions/e2/index.html \
    providers/alpha/index.html providers/index.html security/index.html \
    methodology/index.html sources/index.html 404.html sitemap.xml \
    assets/style.css assets/podium.js; do
	if [ -f "$S/$p" ]; then ok "page $p"; else nok "page $p"; fi
done
[ ! -e "$S/report.pdf" ] && [ ! -e "$S/data" ] && ok "--only html writes no PDF or data" ||
	nok "--only html writes no PDF or data"

# Escaping: hostile names come out as text in every context.
has "$S/providers/alpha/index.html" '<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</h1>' "provider name escaped as text"
has "$S/index.html" '<title>Tiny &amp; &quot;Test&quot; &lt;Report&gt;</title>' "report title escaped in <title>"
has "$S/providers/alpha/index.html" 'href="https://alpha.example.com/?q=1&amp;r=%3C2%3E"' "external URL percent-encoded and escaped"
has "$S/providers/beta/index.html" 'شركة بيتا Beta' "right-to-left name kept as text"
has "$S/index.html" 'By Ann O&#39;Hara and Bo &lt;b&gt;' "authors escaped"
if grep -rqF '<script>alert' "$S"; then nok "no raw script from content anywhere"; else ok "no raw script from content anywhere"; fi
has "$S/providers/alpha/index.html" '<p>Alpha in <strong>e1</strong>: &lt;b&gt;not bold&lt;/b&gt; &amp; fine.</p>' "raw HTML in review Markdown is escaped"

# Redaction: a private finding is counted, never described.
if grep -rqF 'SECRET-PRIVATE-FINDING' "$S"; then nok "private finding title appears nowhere"; else ok "private finding title appears nowhere"; fi
has "$S/providers/alpha/index.html" '1 undisclosed finding' "provider page counts the private finding"
has "$S/security/index.html" '1 undisclosed finding' "security page counts the private finding"
has "$S/providers/alpha/index.html" 'Metadata endpoint open' "public finding shown"

# Figures, movement, claims.
has "$S/editions/e1/index.html" '<tr><td data-label="Figure">Reviewed</td><td data-label="Stated" class="num">4</td><td data-label="Counted" class="num">5</td></tr>' "acknowledged claim shows both figures (stated and counted table)"
has "$S/editions/e1/index.html" 'The source says four; five are counted &amp; kept.' "claim note shown"
has "$S/index.html" '<span class="value">−1</span>' "change with U+2212 minus"
has "$S/index.html" '−25.0% from 4 in Edition One' "percent change with U+2212 minus"
has "$S/index.html" '75.0%' "share of reviewed"
# the focus edition's (e2) movers are the front page's (its page links there)
has "$S/index.html" '<td data-label="Movement">↓ down 1</td>' "movement in arrow and words"
has "$S/index.html" 'merged into &lt;script&gt;' "merged provider names its successor"
has "$S/providers/epsilon/index.html" 'rated for the first time' "rated from an unrated tier, never rated before"
has "$S/providers/alpha/index.html" 'detected the fault after 1m30s (inside the 2m target)' "fault timing within target, in the statement"
has "$S/providers/alpha/index.html" 'had a healthy node back in service after 1h15m (over the 1h target).' "fault timing over target, in the statement"
has "$S/providers/alpha/index.html" 'href="https://video.example.org/watch?v=abc&amp;t=731" rel="external">12:11</a>' "timestamp links into the video"
has "$S/providers/beta/index.html" 'Editors&#39; call: the rubric&#39;s poor is too harsh &amp; unfair' "override reason shown"
has "$S/methodology/index.html" 'Security at least 4' "rubric requirement listed"
has "$S/sources/index.html" '<li id="report-e1">' "sources carry id anchors"
has "$S/index.html" '<link rel="canonical" href="https://example.org/tiny/">' "canonical link"
has "$S/providers/alpha/index.html" '<link rel="stylesheet" href="../../assets/style.css">' "relative stylesheet link"
has "$S/sitemap.xml" '<loc>https://example.org/tiny/providers/alpha/</loc>' "sitemap lists pages"
hasnt "$S/sitemap.xml" '404' "sitemap leaves out the 404 page"
# The tier history: the build's one frame image, the marks inline over it.
has "$S/providers/alpha/index.html" '<div class="history-chart history-wide"><img src="../../charts/history-frame.svg" alt="" width="640" height="136">' "history chart: the shared frame image"
# and a phone's: the narrow frame, with the marks drawn for it
has "$S/providers/alpha/index.html" '<div class="history-chart history-narrow"><img src="../../charts/narrow/history-frame.svg" alt="" width="360" height="136">' "history chart: the phone's frame image"
has "$S/providers/alpha/index.html" '<svg class="history-marks" viewBox="0 0 360 136" role="img"' "history chart: the phone's marks"
has "$S/providers/alpha/index.html" '<svg class="history-marks" viewBox="0 0 640 136" role="img" aria-label="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co: Silver in Edition One, Gold in Edition Two.">' "history chart: inline marks labelled with the description"
# cairo draws a dot of radius 6 at (574, 56) from its rightmost point
has "$S/providers/alpha/index.html" 'd="M 580 56 C 580 59.3125 577.3125 62 574 62 C' "history chart: a dot on its tier's row"
hasnt "$S/providers/alpha/index.html" 'charts/history-alpha' "history chart: no file of the provider's own"
# Only the frame with --only html,data; the sharing copies in a full build.
if "$PODIUM" build -q -C "$FIX" -o "$T/hd" --only html,data 2> "$T/err"; then
	[ -f "$T/hd/charts/history-frame.svg" ] && ok "--only html,data writes the history frame" ||
		nok "--only html,data writes the history frame"
	n=$(find "$T/hd/charts" -name 'history-*' ! -name 'history-frame.svg' | wc -l)
	[ "$n" -eq 0 ] && ok "--only html,data writes no provider's history chart" ||
		nok "--only html,data writes no provider's history chart ($n)"
else
	nok "fixture builds with --only html,data"
	cat "$T/err"
fi
if "$PODIUM" build -q -C "$FIX" -o "$T/full" 2> "$T/err"; then
	[ -f "$T/full/charts/history-frame.svg" ] && [ -f "$T/full/charts/history-alpha.svg" ] &&
	    [ ! -e "$T/full/charts/history-alpha.png" ] && [ -f "$T/full/charts/funnel.png" ] &&
	    ok "a full build writes the frame and the sharing copies, a provider's as SVG only" ||
		nok "a full build writes the frame and the sharing copies, a provider's as SVG only"
	# but for the PDF's size, known only where the PDF was built
	grep -v 'class="downloads"' "$T/full/providers/alpha/index.html" > "$T/a.html"
	grep -v 'class="downloads"' "$T/hd/providers/alpha/index.html" > "$T/b.html"
	cmp -s "$T/a.html" "$T/b.html" &&
		ok "the page is the same in both" || nok "the page is the same in both"
	has "$T/full/providers/alpha/index.html" 'report.pdf</a> (' "a full build shows the PDF's size"
	hasnt "$T/hd/providers/alpha/index.html" 'report.pdf</a> (' "no PDF's size where no PDF was built"
	hasnt "$T/full/providers/alpha/index.html" 'podium:size' "no size mark left in a page"
else
	nok "fixture builds in full"
	cat "$T/err"
fi
# provider_chart_png: true adds a PNG of each provider's history chart.
cp -r "$FIX" "$T/pngs"
printf 'provider_chart_png: true\n' >> "$T/pngs/content/report.yaml"
if "$PODIUM" build -q -C "$T/pngs" -o "$T/pngs-out" 2> "$T/err"; then
	head -c 8 "$T/pngs-out/charts/history-alpha.png" 2>/dev/null | od -An -c | grep -q 'P   N   G' &&
	    [ -f "$T/pngs-out/charts/history-alpha.svg" ] &&
	    ok "provider_chart_png: true writes each provider's history PNG" ||
		nok "provider_chart_png: true writes each provider's history PNG"
else
	nok "fixture builds with provider_chart_png: true"
	cat "$T/err"
fi
sed -i 's/^provider_chart_png: true$/provider_chart_png: maybe/' "$T/pngs/content/report.yaml"
"$PODIUM" build -q -C "$T/pngs" -o "$T/pngs-bad" 2> "$T/err"
[ $? -ne 0 ] && grep -q "report.yaml:[0-9]*:21: error: 'provider_chart_png' must be true or false, not 'maybe'" "$T/err" &&
	ok "provider_chart_png must be a boolean" ||
	{ nok "provider_chart_png must be a boolean"; cat "$T/err"; }
has "$S/index.html" '<a href="#section-10-intro">Intro &amp; &lt;overview&gt;</a>' "table of contents"
has "$S/providers/index.html" '<script src="../assets/podium.js"></script>' "index loads the script file"
if grep -q '<script>' "$S/providers/index.html"; then nok "no inline script"; else ok "no inline script"; fi

# Byte-reproducible.
"$PODIUM" build -q -C "$FIX" -o "$T/b" --only html 2> /dev/null
if diff -r "$T/a" "$T/b" > /dev/null; then ok "two builds are byte-identical"; else nok "two builds are byte-identical"; fi

# A project's own template and asset override the built-in ones.
mkdir -p "$T/proj"
cp -R "$FIX/content" "$T/proj/"
mkdir -p "$T/proj/templates" "$T/proj/assets"
printf '<span class="tier">TIER:{{name}}</span>' > "$T/proj/templates/tier.mustache"
printf 'body{}\n' > "$T/proj/assets/style.css"
printf 'extra\n' > "$T/proj/assets/extra.txt"
if "$PODIUM" build -q -C "$T/proj" -o "$T/c" --only html 2> "$T/err"; then
	has "$T/c/index.html" 'TIER:Gold' "project template overrides the built-in one"
	if [ "$(cat "$T/c/assets/style.css")" = "body{}" ]; then ok "project asset overrides"; else nok "project asset overrides"; fi
	[ -f "$T/c/assets/extra.txt" ] && [ -f "$T/c/assets/podium.js" ] && ok "project assets added to built-in ones" || nok "project assets added to built-in ones"
else
	nok "override project builds"
	cat "$T/err"
fi
printf '{{#broken}}' > "$T/proj/templates/tier.mustache"
"$PODIUM" build -q -C "$T/proj" -o "$T/d" --only html 2> "$T/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q '^templates/tier.mustache:1:[0-9]*: error: ' "$T/err"; then
	ok "template error at its path, line and column"
else
	nok "template error at its path, line and column (rc $rc)"
	cat "$T/err"
fi
# Pages are built over several threads; a broken template must still be
# reported exactly as one thread reports it (every page that uses it).
PODIUM_THREADS=1 "$PODIUM" build -C "$T/proj" -o "$T/d" --only html 2> "$T/err1"
PODIUM_THREADS=4 "$PODIUM" build -C "$T/proj" -o "$T/d" --only html 2> "$T/err4"
if [ -s "$T/err1" ] && cmp -s "$T/err1" "$T/err4"; then
	ok "template errors the same with 1 and 4 threads"
else
	nok "template errors the same with 1 and 4 threads"
	diff "$T/err1" "$T/err4" | head -n 10
fi

# The W3C Nu validator: zero errors on every page of both sites (in the
# release pass; in another, the same pages: tests/once.sh).
. "$ROOT/tests/once.sh"
JAR=${VNU_JAR:-$ROOT/tests/node_modules/vnu-jar/build/dist/vnu.jar}
if SKIP_COUNTER=fail release_pass_only "Nu validator" "$FIX" "$ROOT"; then
	:
elif [ ! -f "$JAR" ]; then
	SKIP_COUNTER=fail skip "Nu validator: no vnu.jar at $JAR (make test-node, or set VNU_JAR)"
elif SKIP_COUNTER=fail need "Nu validator" java; then
	if "$PODIUM" build -q -C "$ROOT" -o "$T/default" --only html 2> "$T/err"; then
		if java -jar "$JAR" --errors-only --skip-non-html "$T/a" "$T/default" > "$T/vnu" 2>&1; then
			ok "Nu validator: zero errors ($(find "$T/a" "$T/default" -name '*.html' | wc -l) pages)"
		else
			nok "Nu validator: zero errors"
			head -n 30 "$T/vnu"
		fi
	else
		nok "default report builds"
		head -n 20 "$T/err"
	fi
fi
exit $fail
