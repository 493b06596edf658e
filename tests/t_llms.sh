#!/bin/sh
# t_llms.sh: llms.txt and the Markdown copies of the pages (issue 28
# item 6, SPEC 5.3): llms.txt in the llmstxt.org shape (a "# title", a
# "> summary", "## section" lists of "- [name](url): note" links) whose
# every link is a file of the site; a copy of every provider, edition,
# methodology, home and custom page, saying what the view says (tiers,
# review text, the failure test's statement, links between copies); the
# report's language in the headings; names escaped for Markdown.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
has() { grep -q -x -F -- "$2" "$1"; }
. "$ROOT/tests/skip.sh"

M=$T/mini
"$PODIUM" build -q -C "$ROOT/tests/fixtures/mini" -o "$M" --only html || { nok "build mini"; exit 1; }
L=$M/llms.txt
check "llms.txt: the title, a blank line, the summary" \
    '[ "$(sed -n 1p "$L")" = "# Mini ratings" ] && [ -z "$(sed -n 2p "$L")" ] &&
     [ "$(sed -n 3p "$L")" = "> A fixture with a rubric, aliases, a successor, drafts and an embargo" ]'
check "... its sections in order" \
    '[ "$(grep "^## " "$L" | tr "\n" "|")" = "## Report|## Editions|## Providers|## Downloads|" ]'
bad=$(grep -v -e '^$' -e '^# ' -e '^> ' -e '^## ' "$L" | grep -v -E '^- \[[^]]+\]\(https://example\.org/mini/[^)]+\)(: .+)?$' | wc -l)
check "... every other line a link into the site ($bad not)" '[ "$bad" = 0 ]'
missing=0
for u in $(grep -o '](https://example\.org/mini/[^)]*)' "$L" | sed 's|](https://example.org/mini/||; s|)$||; s|#.*||'); do
	[ -f "$M/$u" ] || [ "${u%.pdf}" != "$u" ] || [ "${u#data/}" != "$u" ] || { echo "# missing $u"; missing=$((missing + 1)); }
done
check "... each linked copy is in the site ($missing missing)" '[ "$missing" = 0 ]'
check "... a provider's line: its name, its copy, its description" \
    'has "$L" "- [Alpha Cloud](https://example.org/mini/providers/alpha/index.md): Alpha Cloud: Elite in Edition Three, held since Edition Two."'
check "... an edition's line, newest first" \
    '[ "$(grep -m 1 "editions/" "$L")" = "- [Edition Three](https://example.org/mini/editions/e3/index.md): Edition Three (10 January 2026): 5 reviewed, 4 medals." ]'
n=0; k=0
for f in "$M"/providers/*/index.html "$M"/editions/*/index.html "$M/methodology/index.html" "$M/index.html"; do
	case $f in */providers/index.html|*/editions/index.html) continue ;; esac
	n=$((n + 1))
	[ -f "${f%.html}.md" ] && k=$((k + 1))
done
check "a Markdown copy beside every provider, edition, methodology and home page ($k of $n)" '[ "$k" = "$n" ] && [ "$n" -gt 8 ]'
bad=0; k=0
for f in $(grep -rl 'rel="alternate" type="text/markdown"' "$M" --include=index.html); do
	k=$((k + 1))
	h=$(sed -n 's/.*<link rel="alternate" type="text\/markdown" href="\([^"]*\)">.*/\1/p' "$f")
	[ "$(cd "$(dirname "$f")" && cd "$(dirname "$h")" && pwd)/$(basename "$h")" = "${f%.html}.md" ] || { echo "# $f: $h"; bad=$((bad + 1)); }
done
check "each page with a copy links it as its text/markdown alternate ($k pages, $bad wrong)" '[ "$k" = "$n" ] && [ "$bad" = 0 ]'
A=$M/providers/alpha/index.md
check "a provider's copy: its name, its tier now, as the page says it" \
    'has "$A" "# Alpha Cloud" && has "$A" "Elite in Edition Three, held since Edition Two."'
check "... its review: the text with its shortcode as a link to the other copy, strengths" \
    'has "$A" "Alpha leads on *security*. See [Beta Compute](../../providers/beta/index.md)." && has "$A" "- Fast detection"'
check "... each review a section, its parts below it" \
    '[ "$(grep "^#" "$A" | tr "\n" "|")" = "# Alpha Cloud|## Edition Three|### Strengths|### Weaknesses|### Failure test|### Security|### Quotes|" ]'
check "... the failure test's statement, as the page gives it (PDF review 7, item 3)" \
    'has "$A" "The test injected synthetic XID error. Alpha Cloud detected the fault after 1m30s (inside the 2m target), drained the node after 2m and had a healthy node back in service after 35m7s (inside the 1h target). Recovery was automatic, with no human in the loop."'
check "... the declared fields and practices" \
    'has "$A" "- **Kind**: hyperscaler" && has "$A" "- Audit tool: no"'
E2=$M/editions/e2/index.md
E3=$M/editions/e3/index.md
check "an edition's copy: its medal table as the page gives it, linked to the copies" \
    'has "$E2" "| Elite | 1 provider | [Alpha Cloud](../../providers/alpha/index.md) |" &&
     has "$E2" "| Weak | 1 provider | [Gamma GPU](../../providers/gamma/index.md) |"'
check "... the page's sections in its order, from its view" \
    '[ "$(grep "^#" "$E2" | tr "\n" "|")" = "# Edition Two|## Tier table|## Movers since Edition One|## Stated and counted|" ]'
check "... what it found, its figures, movers with their notes, and the stated figures" \
    'has "$E2" "| Tracked | 30 |  |" && has "$E2" "| Rated | 5 | 83.3% of 6 reviewed |" &&
     has "$E2" "| Medals | 4 | 80.0% of 5 rated, against 75.0% of 4 rated in Edition One |" &&
     has "$E2" "| [Gamma GPU](../../providers/gamma/index.md) | Fair | Weak | ↓ down 1 |" &&
     has "$E2" "Rated in Edition One, not rated in Edition Two (1): Delta."'
# the focus edition's copy, as its page (site review 6): mini's home shows
# a tier table of its commentary's instead of its own, so Edition Three's
# page keeps its overview (tier table, movers) and states its figures in a
# sentence; the default report's 3.0 page, whose overview is the front
# page's, gives what it found, the front page linked and its stated figures
check "the focus edition's copy (mini): its overview kept, its stated figures in a sentence" \
    '[ "$(grep "^#" "$E3" | tr "\n" "|")" = "# Edition Three|## Tier table|## Movers since Edition Two|## Stated and counted|" ] &&
     has "$E3" "Edition Three rated 4 of 5 reviewed providers; 4 received a medal, as many as in Edition Two." &&
     has "$E3" "The 3 figures that Edition Three states agree with the count of its reviews here: 5 reviewed, 4 medals and 2 Elite." &&
     ! has "$E3" "front page" && ! has "$E3" "as the source states"'
"$PODIUM" build -q -C "$ROOT" -o "$T/def" --only html || nok "build the default report"
D3=$T/def/editions/3.0/index.md
check "the focus edition's copy (default report): its finding, the front page linked, its stated figures" \
    '[ "$(grep "^#" "$D3" | tr "\n" "|")" = "# ClusterMAX 3.0|## Stated and counted|" ] &&
     has "$D3" "The tier table of ClusterMAX 3.0, its charts and who moved since ClusterMAX 2.0 are on [the report’s front page](../../index.md)." &&
     has "$D3" "The 7 figures that ClusterMAX 3.0 states agree with the count of its reviews here: 77 reviewed, 19 medals, 2 Platinum, 2 Gold, 5 Silver, 10 Bronze and 15 Participation Ribbon." &&
     ! has "$D3" "## Tier table"'
check "an edition whose stated figures differ: the view's table of them, stated and counted" \
    'has "$E2" "| Figure | Stated | Counted |" && has "$E2" "| Reviewed | 7 | 6 |" &&
     has "$E2" "| Medals | 4 | 4 |" && ! has "$E2" "Every figure the source states"'
check "the methodology's copy: the ladder" \
    'has "$M/methodology/index.md" "- **Elite**" && has "$M/methodology/index.md" "- **Untested**"'
check "the home page's copy: the commentary, its shortcodes evaluated" \
    'has "$M/index.md" "## Summary" && ! grep -q "{{" "$M/index.md"'

# custom pages, no base_url, another language
B=$T/bikes
cp -R "$ROOT/tests/fixtures/bikes" "$B"
sed -i 's/^language: en$/language: de/' "$B/content/report.yaml"
"$PODIUM" build -q -C "$B" -o "$T/bsite" --only html || nok "build bikes"
BL=$T/bsite/llms.txt
check "in German: the sections in the pack's words" \
    '[ "$(grep "^## " "$BL" | tr "\n" "|")" = "## Bericht|## Ausgaben|## Anbieter|## Weitere Seiten|## Dateien zum Herunterladen|" ]'
check "without base_url the links are paths under the site's root" \
    'grep -q -E "^- \[[^]]+\]\(providers/[a-z0-9-]+/index\.md\)" "$BL" && grep -q -F "](about/index.md)" "$BL"'
check "a custom page's copy" '[ -f "$T/bsite/about/index.md" ] && head -n 1 "$T/bsite/about/index.md" | grep -q "^# "'

# hostile names
H=$T/hostile
"$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$H" --only html || { nok "build hostile"; exit 1; }
# (a quote's own "> " at a line's start is Markdown's, not a name's)
raw=$(cat "$H/llms.txt" $(find "$H" -name '*.md') | sed 's/^>[> ]*//' | grep -c -P '(?<!\\)[<>]')
check "hostile names: no unescaped < or > in llms.txt or any copy ($raw lines), beyond quote marks" '[ "$raw" = 0 ]'
check "... a name reads escaped, in its link" \
    'grep -q -F -- "- [\<script\>alert(1)\</script\> \"'"'"'\>\<img src=x onerror=alert(1)\> javascript:alert(1) end](https://example.org/report/providers/acme/index.md)" "$H/llms.txt"'
check "... a name cannot open a list item or a heading" \
    '! grep -q "^\[" "$H/llms.txt"'

exit $((fails > 0))
