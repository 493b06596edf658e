#!/bin/sh
# t_badges.sh: medal badges. Every provider in a medal tier of an edition
# gets badges/EDITION/PROVIDER.svg and .png, and badges/PROVIDER.svg is
# its newest medal's; nobody else gets one; the SVG is a document with its
# text alternative, the PNG twice its size, its caption the tier and the
# edition's name; the provider page shows a medal of the report's edition
# only, and gives the embed code, escaped and absolute, only with base_url;
# drafts give no badge; two builds are byte-identical.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
check() {
	if [ "$2" -eq 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fails=$((fails + 1)); fi
}
build() {
	"$PODIUM" build -C "$1" -o "$2" -q --force >"$T/err" 2>&1
}

build "$ROOT" "$T/a"
check "default report builds" $?
S=$T/a
# the medal holders per edition, from the exports, against the files
jq -r '[.ladder[] | select(.medal) | .id] as $m | .editions[] | .id as $e |
    .ratings[] | select(.tier as $t | $m | index($t)) | "\($e)/\(.provider)"' \
    "$S/data/ratings.json" | sort >"$T/want"
(cd "$S/badges" && find . -mindepth 2 -name '*.svg' | sed 's|^\./||; s|\.svg$||' | sort) >"$T/svg"
(cd "$S/badges" && find . -mindepth 2 -name '*.png' | sed 's|^\./||; s|\.png$||' | sort) >"$T/png"
test "$(wc -l <"$T/want")" -eq $((14 + 37 + 19)) && cmp -s "$T/want" "$T/svg" &&
    cmp -s "$T/want" "$T/png"
check "a badge (svg and png) for each of the 14 + 37 + 19 medals, none else" $?
test -f "$S/badges/3.0/nebius.svg" && ! test -e "$S/badges/3.0/vultr.svg"
check "a Participation Ribbon gets no badge" $?

# badges/P.svg: the newest medal's, for everyone who ever held one
(cd "$S/badges" && ls *.svg | sed 's/\.svg$//' | sort) >"$T/latest"
sed 's|.*/||' "$T/want" | sort -u >"$T/holders"
cmp -s "$T/latest" "$T/holders"
check "badges/PROVIDER.svg for every provider that held a medal" $?
cmp -s "$S/badges/lepton.svg" "$S/badges/1.0/lepton.svg" &&
    cmp -s "$S/badges/azure.svg" "$S/badges/3.0/azure.svg" &&
    cmp -s "$S/badges/fluidstack.svg" "$S/badges/2.0/fluidstack.svg"
check "the latest badge is the newest medal's (LeptonAI 1.0, Azure 3.0, Fluidstack 2.0)" $?

python3 - "$S/badges" <<'PY'
import sys, struct, os, xml.etree.ElementTree as ET
d = sys.argv[1]
ns = '{http://www.w3.org/2000/svg}'
t = ET.parse(os.path.join(d, '3.0', 'azure.svg')).getroot()
assert t.tag == ns + 'svg', t.tag
assert t.get('width') == '264px' and t.get('height') == '72px', t.attrib
title = t.find(ns + 'title').text
assert title == 'Microsoft Azure: Silver in ClusterMAX 3.0', title
png = open(os.path.join(d, '3.0', 'azure.png'), 'rb').read()
assert png[:8] == b'\x89PNG\r\n\x1a\n'
w, h = struct.unpack('>II', png[16:24])
assert (w, h) == (528, 144), (w, h)
PY
check "SVG: a document with its text alternative; PNG: 528x144" $?
test "$(grep -c '<use xlink:href="#glyph' "$S/badges/3.0/azure.svg")" -ge 20
check "the badge's text is drawn as glyphs" $?

# the badge's caption: the tier and the edition's name, not the report's
# long title (cut on a badge 264 px wide): cairo's glyph runs, in ink and
# in the muted grey, are "Silver" (6) and "ClusterMAX 3.0" (14), no third
python3 - "$S/badges/3.0/azure.svg" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
runs = [(m.group(1), m.group(2).count('<use'))
        for m in re.finditer(r'<g style="fill:rgb\(([^)]*)\)[^>]*>(.*?)</g>', s, re.S)]
assert runs == [('10.196078%,10.196078%,10.196078%', 6),
                ('29.019608%,29.019608%,29.019608%', 14)], runs
PY
check "badge caption: the tier and the edition, no report title" $?

# the provider page: a current medal's badge; without base_url no embed
# code (relative URLs break on the provider's site)
P=$S/providers/coreweave/index.html
grep -q 'src="../../badges/coreweave.svg" width="264" height="72" alt="CoreWeave: Platinum in ClusterMAX 3.0"' "$P" &&
    ! grep -q 'href=&quot;providers/\|src=&quot;badges/\|<code>\[!\[' "$P" &&
    ! grep -q 'with the code below' "$P"
check "without base_url: the badge, no embed code and no words offering it" $?
! grep -q 'badge-embed' "$S/providers/lepton/index.html" &&
    ! grep -q 'og:image" content="[^"]*badges/' "$S/providers/lepton/index.html" &&
    grep -q 'og:image" content="../../badges/3.0/coreweave.png"' "$P"
check "a medal of an older edition only (LeptonAI, Gold in 1.0) is not offered" $?
! grep -q 'badge-embed' "$S/providers/hetzner/index.html" &&
    ! grep -q 'badge-embed' "$S/providers/mithril/index.html"
check "no badge section for a provider that never held a medal" $?

# with base_url, the code is absolute: HTML and Markdown, linking back
mkdir -p "$T/b"
cp -R "$ROOT/content" "$T/b/content"
sed -i -e '/^base_url:/d' -e 's|^title:|base_url: https://ratings.example/sub/\ntitle:|' "$T/b/content/report.yaml"
build "$T/b" "$T/b/site"
B=$T/b/site/providers/azure/index.html
grep -q 'Microsoft Azure may show its latest medal on its own site with the code below' "$B" &&
    grep -q '<code>&lt;a href=&quot;https://ratings.example/sub/providers/azure/&quot;&gt;&lt;img src=&quot;https://ratings.example/sub/badges/azure.svg&quot; width=&quot;264&quot; height=&quot;72&quot; alt=&quot;Microsoft Azure: Silver in ClusterMAX 3.0&quot;&gt;&lt;/a&gt;</code>' "$B" &&
    grep -q '<code>\[!\[Microsoft Azure: Silver in ClusterMAX 3.0\](https://ratings.example/sub/badges/azure.svg)\](https://ratings.example/sub/providers/azure/)</code>' "$B"
check "with base_url the embed code (HTML and Markdown) is absolute" $?
! grep -q 'badge-embed' "$T/b/site/providers/lepton/index.html"
check "with base_url still no badge for LeptonAI's 1.0 medal" $?

# byte-identical on a second build
build "$ROOT" "$T/a2"
diff -r "$S/badges" "$T/a2/badges" >/dev/null
check "badges are byte-identical across builds" $?

# drafts: mini's foxtrot is a draft in e3 (scores give it a medal)
build "$ROOT/tests/fixtures/mini" "$T/m"
! test -e "$T/m/badges/e3/foxtrot.svg" && ! test -e "$T/m/badges/foxtrot.svg"
check "a draft review gives no badge" $?
"$PODIUM" build -C "$ROOT/tests/fixtures/mini" -o "$T/md" -q --force --drafts >"$T/err" 2>&1 &&
    test -f "$T/md/badges/e3/foxtrot.svg"
check "with --drafts it does" $?
# in the tier's colour: mini's Elite is #5b6b7f
jq -r '.editions[] | .id as $e | .ratings[] | select(.tier == "elite") | "\($e)/\(.provider)"' \
    "$T/m/data/ratings.json" >"$T/elite"
test -s "$T/elite" && (while read -r b; do
	grep -q 'fill:rgb(35.686275%,41.960784%,49.803922%)' "$T/m/badges/$b.svg" || exit 1
done <"$T/elite")
check "drawn in the tier's colour (Elite #5b6b7f)" $?

# hostile names: escaped in the SVG (well-formed) and in the page's code
build "$ROOT/tests/fixtures/hostile" "$T/h"
n=0
for f in $(find "$T/h/badges" -name '*.svg'); do
	python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$f" || n=$((n + 1))
done
test "$(find "$T/h/badges" -name '*.svg' | wc -l)" -gt 0 && test "$n" -eq 0
check "hostile names: every badge SVG is well-formed" $?
! grep -l '<script>alert\|<img src=x' $(find "$T/h/badges" -name '*.svg') >/dev/null 2>&1 &&
    ! grep -h 'badge-embed' -A9 $(grep -l 'badge-embed' -r "$T/h/providers") | grep -q '<script>alert\|<img src=x'
check "hostile names: no raw markup in badges or embed code" $?

exit $fails
