#!/bin/sh
# t_badges.sh: medal badges. Every provider in a medal tier of an edition
# gets badges/EDITION/PROVIDER.svg and .png, and badges/PROVIDER.svg is
# its newest medal's; nobody else gets one; the SVG is a document with its
# text alternative, the PNG twice its size; the provider page gives the
# embed code, escaped; drafts give no badge; two builds are byte-identical.
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
assert title == 'Microsoft Azure: Silver in ClusterMAX 3.0, ClusterMAX 3.0: fewer medals, a higher bar', title
png = open(os.path.join(d, '3.0', 'azure.png'), 'rb').read()
assert png[:8] == b'\x89PNG\r\n\x1a\n'
w, h = struct.unpack('>II', png[16:24])
assert (w, h) == (528, 144), (w, h)
PY
check "SVG: a document with its text alternative; PNG: 528x144" $?
test "$(grep -c '<use xlink:href="#glyph' "$S/badges/3.0/azure.svg")" -gt 20
check "the badge's text is drawn as glyphs" $?

# the provider page: the embed code, linking back to the page
P=$S/providers/lepton/index.html
grep -q 'src="../../badges/lepton.svg" width="264" height="72" alt="LeptonAI: Gold in ClusterMAX 1.0, ClusterMAX 3.0: fewer medals, a higher bar"' "$P" &&
    grep -q '<code>&lt;a href=&quot;providers/lepton/&quot;&gt;&lt;img src=&quot;badges/lepton.svg&quot; width=&quot;264&quot; height=&quot;72&quot; alt=&quot;LeptonAI: Gold in ClusterMAX 1.0, ClusterMAX 3.0: fewer medals, a higher bar&quot;&gt;&lt;/a&gt;</code>' "$P" &&
    grep -q '<code>\[!\[LeptonAI: Gold in ClusterMAX 1.0, ClusterMAX 3.0: fewer medals, a higher bar\](badges/lepton.svg)\](providers/lepton/)</code>' "$P"
check "provider page: the badge and its HTML and Markdown embed code" $?
! grep -q 'badge-embed' "$S/providers/hetzner/index.html" &&
    ! grep -q 'badge-embed' "$S/providers/mithril/index.html"
check "no badge section for a provider that never held a medal" $?

# with base_url, the code is absolute
mkdir -p "$T/b"
cp -R "$ROOT/content" "$T/b/content"
sed -i -e '/^base_url:/d' -e 's|^title:|base_url: https://ratings.example/sub/\ntitle:|' "$T/b/content/report.yaml"
build "$T/b" "$T/b/site"
grep -q '<code>&lt;a href=&quot;https://ratings.example/sub/providers/azure/&quot;&gt;&lt;img src=&quot;https://ratings.example/sub/badges/azure.svg&quot;' "$T/b/site/providers/azure/index.html"
check "with base_url the embed code is absolute" $?

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
