#!/bin/sh
# t_movers.sh: movers tables hold movers (issue 27 site item 3). The
# movers table (the home page's, through the commentary's {{table movers}},
# and each edition page's) lists the providers that moved up or down or
# merged, each with the reason where its review gives one; the new, the
# no longer reviewed, the not rated and those rated after an unrated
# review are summed up in a line each with their names; against a partial
# baseline the edition page says once why no movement is shown, and the
# words "partial baseline" are gone from the site and the PDF.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
SKIP_COUNTER=fail
. "$ROOT/tests/skip.sh"

check() {
	if [ "$2" = 0 ]; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi
}

"$PODIUM" build -C "$ROOT" -o "$T/s" -q 2>"$T/err"
check "the default report builds" $?

# rows of the movers table captioned $2 in page $1, links taken out:
# "name|from|to|movement|reason"
rows() {
	sed -n "/<caption>$2<\/caption>/,/<\/table>/p" "$1" | grep '^<tr><td[ >]' |
	    sed 's/<a [^>]*>//g; s/<\/a>//g; s/<\/td><td[^>]*>/|/g; s/^<tr><td[^>]*>//; s/<\/td><\/tr>$//'
}

rows "$T/s/index.html" "Movers from ClusterMAX 2.0 to ClusterMAX 3.0" >"$T/home"
# hand-checked against the tier lists of FACTS.md (2.0 and 3.0): 4 up,
# 15 down, Voltage Park merged into Lightning
[ "$(wc -l <"$T/home")" = 20 ]
check "home: 20 movers from 2.0 to 3.0, no more ($(wc -l <"$T/home"))" $?
! grep -qv '|↑ up [12]$\||↓ down [12]$\||merged into [^|]*$' "$T/home"
check "home: every row moved up, down or merged" $?
for want in \
    'Nebius|Gold|Platinum|↑ up 1' \
    'Google Cloud|Silver|Gold|↑ up 1' \
    'Microsoft Azure|Gold|Silver|↓ down 1' \
    'Amazon Web Services|Silver|Bronze|↓ down 1' \
    'Vultr|Silver|Participation Ribbon|↓ down 2' \
    'Crusoe|Gold|Bronze|↓ down 2' \
    'Together AI|Silver|Bronze|↓ down 1' \
    'GMI Cloud|Bronze|Silver|↑ up 1' \
    'Voltage Park|Silver|not reviewed|merged into Lightning'; do
	grep -qxF "$want" "$T/home"
	check "home row: $want" $?
done
# one of the twenty moves has a reason in their review (reader review
# #10): no column that mostly says none, but a note each under the table,
# in the rows' order, then the lines that sum up the rest
grep -o '<p class="table-note">[^<]*</p>' "$T/s/index.html" | sed "s/<[^>]*>//g; s/&#39;/'/g" | head -n 2 >"$T/reasons"
printf '%s\n' "Together AI was moved down to Bronze for reliability issues, its review says." \
    'New in ClusterMAX 3.0 (15): Argentum, Boostrun, BytePlus, Darya, Global AI, Groq, Moonlite, Poolside, QumulusAI, Radiant, SK Telecom, SpaceXAI, Tatra, Vessl and Volta.' | cmp -s - "$T/reasons" &&
    ! grep -q '<th scope="col">Reason</th>\|no reason given' "$T/s/index.html"
check "home: the one reason as a note under the table, a sentence that names its provider (not 'Why Together AI moved: The review ...'; Crusoe's review gives none), no Reason column" $?
! grep -q 'Why Crusoe moved\|Why Nebius moved' "$T/s/index.html"
check "home: no \"Why ... moved:\" over a sentence that gives no reason" $?
# a reason that opens with its provider's name is not prefixed with it
# again (not "Voltage Park: Voltage Park merged ...")
mkdir -p "$T/vp"
cp -R "$ROOT/content" "$T/vp/content"
printf 'tier: silver\nsummary: |\n  Voltage Park merged into Lightning before ClusterMAX 3.0.\nsources: [clustermax-2.0]\n' \
    >"$T/vp/content/reviews/2.0/voltage-park.yaml"
"$PODIUM" build -C "$T/vp" -o "$T/vp/s" -q --only html 2>/dev/null &&
    grep -qF '<p class="table-note">Voltage Park merged into Lightning before ClusterMAX 3.0.</p>' "$T/vp/s/index.html" &&
    ! grep -qF 'Voltage Park: Voltage Park' "$T/vp/s/index.html"
check "a reason that names its provider first is not prefixed with the name" $?
# one reason per move (review defect 6): the changes page gives each
# mover the reason the home page's notes give (move_reason()), or, where
# they give none, none; a reason is never a quote nor in quotation marks
# (reader review #2: a remark in a talk is not a cause)
C=$T/s/editions/3.0/changes/index.html
for who in 'Microsoft Azure' 'Amazon Web Services' 'Google Cloud' 'Crusoe' 'Together AI' 'Vultr'; do
	why=$(grep -F -e "Why $who moved: " -e "$who's " -e "$who was " "$T/reasons" | sed "s/^Why $who moved: //")
	line=$(grep -F ">$who</a>: " "$C" | sed "s/<[^>]*>//g; s/&#39;/'/g")
	if [ -z "$why" ]; then
		case $line in *")." | *")") r=0 ;; *) r=1 ;; esac
	else
		case $line in *"). $why") r=0 ;; *) r=1 ;; esac
	fi
	check "$who: the same reason on the home page and the changes page" $r
done
! grep -q '|“\|quoted from' "$T/home"
check "home: no reason in quotation marks, no quote as a reason" $?
# the order: ups, then downs, then merges
first=$(sed -n 1p "$T/home" | cut -d'|' -f4) last=$(sed -n '$p' "$T/home" | cut -d'|' -f4)
[ "$first" = "↑ up 1" ] && [ "$last" = "merged into Lightning" ]
check "home: ups first, merges last" $?
note() {
	grep -qF "<p class=\"table-note\">$2</p>" "$1"
}
note "$T/s/index.html" "New in ClusterMAX 3.0 (15): Argentum, Boostrun, BytePlus, Darya, Global AI, Groq, Moonlite, Poolside, QumulusAI, Radiant, SK Telecom, SpaceXAI, Tatra, Vessl and Volta."
check "home: the new summed up in one line with their names" $?
note "$T/s/index.html" "Rated in ClusterMAX 2.0, not rated in ClusterMAX 3.0 (8): Atlas Cloud, Cirrascale, CUDO Compute, Denvr Dataworks, Fluidstack, Lightning, Scaleway and Sesterce."
check "home: the not rated in one line" $?
note "$T/s/index.html" "Rated for the first time in ClusterMAX 3.0 (3): Bitdeer, Core42 and FPT."
check "home: Bitdeer, Core42 and FPT, never rated before 3.0, in a line of their own" $?
grep -q '<p class="table-note">No longer reviewed in ClusterMAX 3.0 (22): Aethir, Akash Network, ARC Compute, ' "$T/s/index.html"
check "home: the 22 no longer reviewed in one line" $?
# the merged have a line of their own, so that the lines add up: 85
# reviewed in 2.0, 22 no longer reviewed and 1 merged, 15 new: 77 (site
# review 1, PDF review 7: Voltage Park was in no list)
# (the 3.0 edition's page leaves its movers and their lists to the home page)
note "$T/s/index.html" "Merged into another provider before ClusterMAX 3.0 (1): Voltage Park (into Lightning)." &&
    ! grep -q "Merged into another provider before" "$T/s/editions/3.0/index.html" &&
    [ $((85 - 22 - 1 + 15)) = 77 ]
check "home: the merged in a line of their own (Voltage Park, into Lightning): 85 - 22 - 1 + 15 = 77; not repeated on the 3.0 page" $?

# the 3.0 edition page: not the home page's table again, a link to it
# (site review 6)
! grep -q 'Movers from ClusterMAX 2.0 to ClusterMAX 3.0' "$T/s/editions/3.0/index.html" &&
    grep -qF '<p class="see-home">The tier table of ClusterMAX 3.0, its charts and who moved since ClusterMAX 2.0 are on <a href="../../index.html">the report’s front page</a>.</p>' "$T/s/editions/3.0/index.html"
check "edition 3.0: no second movers table, the home page's linked" $?

# edition 2.0 against the partial 1.0: the three known moves, and one line
rows "$T/s/editions/2.0/index.html" "Movers from ClusterMAX 1.0 to ClusterMAX 2.0" >"$T/e2"
printf '%s\n' 'Google Cloud|Bronze|Silver|↑ up 1' 'TensorWave|Bronze|Silver|↑ up 1' \
    'Together AI|Gold|Silver|↓ down 1' | cmp -s - "$T/e2"
check "edition 2.0: the three moves known against 1.0" $?
[ "$(grep -c 'no movement is shown' "$T/s/editions/2.0/index.html")" = 1 ] &&
    note "$T/s/editions/2.0/index.html" "For 70 providers reviewed in ClusterMAX 2.0, no movement is shown: ClusterMAX 1.0 names only some of its reviews, so their tier there is not known."
check "edition 2.0: once, why 70 show no movement" $?
note "$T/s/editions/2.0/index.html" "No longer reviewed in ClusterMAX 2.0 (1): LeptonAI."
check "edition 2.0: LeptonAI no longer reviewed" $?

n=$(grep -rl "partial baseline" "$T/s" | wc -l)
[ "$n" = 0 ]
check "no 'partial baseline' on the site ($n files)" $?
if need "the PDF's text" pdftotext; then
	pdftotext "$T/s/report.pdf" "$T/pdf.txt"
	! grep -q "partial baseline" "$T/pdf.txt"
	check "no 'partial baseline' in the PDF" $?
	# the PDF lists every change once: the movers table gives the moves
	# and their reasons, and points to the part that lists the rest
	tr '\n' ' ' <"$T/pdf.txt" | tr -s ' ' >"$T/pdf.flat"
	# (on the page the part begins on, "below" it: PDF review 7, item 6)
	cpage=$(pdfinfo -dests "$T/s/report.pdf" | awk '$NF == "\"changes\"" { print $1 }')
	where="page $cpage"
	pdftotext -f "$cpage" -l "$cpage" "$T/s/report.pdf" - | tr '\n' ' ' |
	    grep -qF "The other changes, among them" && where="below"
	! grep -qF "New in ClusterMAX 3.0 (15):" "$T/pdf.flat" &&
	    grep -qF "Together AI was moved down to Bronze for reliability issues, its review says. The other changes, among them the providers new to this edition and those no longer reviewed, are in “What changed in ClusterMAX 3.0”, $where." "$T/pdf.flat"
	check "the PDF's movers table: its reasons, then where the other changes are, not the same lists twice" $?
fi
# French: the notes in the pack's words and punctuation (a no-break space
# before ':' and ';'), and the stated-and-counted figure likewise
mkdir -p "$T/fr"
cp -R "$ROOT/content" "$T/fr/content"
sed -i 's/^language: en$/language: fr/' "$T/fr/content/report.yaml"
"$PODIUM" build -C "$T/fr" -o "$T/fr/s" -q --only html 2>"$T/err.fr"
check "the French report builds" $?
nb=$(printf '\302\240')
note "$T/fr/s/editions/2.0/index.html" "Pour 70 fournisseurs évalués dans ClusterMAX 2.0, aucun mouvement n’est indiqué$nb: ClusterMAX 1.0 ne nomme qu’une partie de ses évaluations, leur niveau y est donc inconnu." &&
    note "$T/fr/s/editions/2.0/index.html" "Plus évalués dans ClusterMAX 2.0 (1)$nb: LeptonAI."
check "French: the movers' notes in French" $?
grep -qF "<span class=\"value\">85</span> <span class=\"detail\">84 annoncés$nb; " "$T/fr/s/editions/2.0/index.html"
check "French: '85', then '84 annoncés ; ...' with a no-break space before ';'" $?
exit $fail
