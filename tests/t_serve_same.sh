#!/bin/sh
# t_serve_same.sh: what `podium serve` serves after a series of random edits
# is what a clean build of the same content makes. Serves a copy of the
# default report and, step after step, edits it as an editor would (a
# review's summary, a commentary section, report.yaml's subtitle or a
# tier's name, a provider's or an edition's name, an edit undone, an edit
# that breaks the content and its repair, two edits at once); after each
# rebuild, the served folder must hold byte for byte the files of
# `podium build --drafts --only html,data` of the same content, but for
# the report charts' PNGs, which a preview does not make. A broken edit
# (an unknown key, or YAML that does not parse) shows the error page, and
# its repair the site again; a summary's edit keeps every badge (linked
# from the served site, not drawn again) and parses one YAML file and one
# Markdown text again, the others' trees kept from the build before; a
# page added and then removed, and a file written again with the same
# bytes, come out as a clean build too, and so do a review that quotes
# another provider's tier when that tier changes (the provider pages are
# keyed by their inputs: an edit to one review makes that provider's page
# alone, serve -v says so) and an edit of the project's provider
# template; once serve is idle, the folders of
# the sites it no longer serves are gone. The
# steps are drawn from PODIUM_SEED (default: the clock), printed so that a
# failure can be replayed; PODIUM_SERVE_STEPS says how many (default 12, 6
# sanitized); PODIUM_SERVE_KINDS (numbers of the kinds of step below, "11
# 12") draws the steps from those kinds alone.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
PID=""
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
need curl

SEED=${PODIUM_SEED:-$(date +%s)}
if [ -n "${PODIUM_SANITIZED:-}" ]; then
	STEPS=${PODIUM_SERVE_STEPS:-6}
else
	STEPS=${PODIUM_SERVE_STEPS:-12}
fi
echo "# seed $SEED, $STEPS steps (PODIUM_SEED=$SEED to replay)"

. "$ROOT/tests/serve_wait.sh"

mkdir "$T/proj" "$T/orig" "$T/tmp"
cp -R "$ROOT/content" "$T/proj/content"
cp -R "$ROOT/content" "$T/orig/content"
export TMPDIR="$T/tmp"

if ! serve_start; then
	nok "serve starts"
	cat "$T/err"
	exit 1
fi

# The random numbers of this run, one a line; rnd N sets R to the next, mod N.
awk -v s="$SEED" 'BEGIN { srand(s); for (i = 0; i < 4000; i++) print int(rand() * 1000000) }' \
    >"$T/rand"
RI=0
rnd() {
	RI=$((RI + 1))
	R=$(($(sed -n "${RI}p" "$T/rand") % $1))
}
# pick FILE...: sets P to one of them, at random
pick() {
	rnd $#
	shift "$R"
	P=$1
}

C=$T/proj/content
edited=""
# the reviews of 3.0 with a block summary whose medal tier is not 2.0's
movers() {
	for f in "$C"/reviews/3.0/*.yaml; do
		b=$(basename "$f")
		[ -f "$C/reviews/2.0/$b" ] || continue
		grep -q '^summary: |$' "$f" || continue
		t3=$(sed -n 's/^tier: //p' "$f")
		t2=$(sed -n 's/^tier: //p' "$C/reviews/2.0/$b")
		case "$t2 $t3" in *unavailable*|*underperforming*) continue ;; esac
		[ -n "$t2" ] && [ -n "$t3" ] && [ "$t2" != "$t3" ] && echo "reviews/3.0/$b"
	done
}
note() { case " $edited " in *" $1 "*) ;; *) edited="$edited $1" ;; esac; }

e_summary() {
	pick $(cd "$C" && grep -l '^summary: |$' reviews/*/*.yaml)
	sed -i "s/^summary: |\$/&\\n  Edit $1 of the review./" "$C/$P"
	note "$P"
	summarized=$(basename "$P" .yaml)
	what="the summary of $P"
}
# The providers other than $summarized whose pages have no key: one of their
# reviews quotes what the key does not hold (a table or a chart: any
# shortcode but those html_inputs.c names), so each rebuild makes them.
unkeyed() {
	for f in "$C"/reviews/*/*.yaml; do
		grep -o '{{ *[a-zA-Z]*' "$f" | sed 's/{{ *//' |
		    grep -qvx 'count\|change\|share\|medals\|tier\|provider\|at\|cite' &&
		    basename "$f" .yaml
	done | sort -u | grep -vx "$summarized" | wc -l
}
e_commentary() {
	pick $(cd "$C" && ls commentary/*.md)
	printf '\nEdit %s of this section.\n' "$1" >>"$C/$P"
	note "$P"
	what="commentary $P"
}
e_subtitle() {
	sed -i "s/^subtitle: \"\\(.*\\)\"\$/subtitle: \"\\1, edit $1\"/" "$C/report.yaml"
	note report.yaml
	what="report.yaml's subtitle"
}
e_tier() {
	pick platinum gold silver bronze ribbon
	sed -i "s/{id: $P, name: \\([^,]*\\),/{id: $P, name: \\1 $1,/" "$C/report.yaml"
	note report.yaml
	what="the name of tier $P"
}
e_provider() {
	pick $(cd "$C" && ls providers/*.yaml)
	if grep -q '^name: "' "$C/$P"; then
		sed -i "s/^name: \"\\(.*\\)\"\$/name: \"\\1 $1\"/" "$C/$P"
	else
		sed -i "s/^name: \\(.*\\)\$/name: \\1 $1/" "$C/$P"
	fi
	note "$P"
	what="the name of $P"
}
e_edition() {
	pick 1.0 2.0 3.0
	sed -i "s/^name: \"\\(.*\\)\"\$/name: \"\\1 ($1)\"/" "$C/editions/$P.yaml"
	note "editions/$P.yaml"
	what="the name of edition $P"
}
# undoes the edits of one file, if any was edited
e_undo() {
	if [ -z "$edited" ]; then
		e_summary "$1"
		return
	fi
	pick $edited
	cp "$T/orig/content/$P" "$C/$P"
	what="$P as it was"
}
e_two() {
	e_summary "$1"
	w=$what
	e_provider "$1"
	what="$w and $what"
}

# compare STEP: the served site against a clean build of the same content.
compare() {
	rm -rf "$T/clean"
	if ! "$PODIUM" build -q -C "$T/proj" --drafts --only html,data -o "$T/clean" \
	    2>"$T/clean.err"; then
		nok "step $1 ($what): the clean build fails"
		sed 's/^/# /' "$T/clean.err" | head -n 5
		return
	fi
	last=$(ls -d "$SERVED"/site-* 2>/dev/null | sed 's/.*site-//' | sort -n | tail -n 1)
	if [ -z "$last" ]; then
		nok "step $1 ($what): no served site"
		return
	fi
	diff -r "$SERVED/site-$last" "$T/clean" >"$T/diff" 2>&1
	grep -v "^Only in $T/clean/charts: [^/]*\\.png\$" "$T/diff" >"$T/diff.rest"
	if [ -s "$T/diff.rest" ]; then
		nok "step $1 ($what): the served site is a clean build's"
		grep -a '^Only in\|^diff \|^[<>]' "$T/diff.rest" | cut -c1-200 | head -n 12 | sed 's/^/# /'
	else
		ok "step $1 ($what): the served site is a clean build's"
	fi
	# a review's summary changes no badge: none is drawn or written again,
	# the served site's are linked (serve -v: "N of M files kept"); and
	# only the review's file and its summary are parsed again, and only
	# its provider's page is made, the others taken as before. The edit
	# may give two rebuilds (sed -i's temporary file seen first, then the
	# rename, on a loaded machine): summed over the rebuilds since it.
	if [ "$kept_check" = 1 ]; then
		grep '^podium: built in\|^podium: build failed' "$T/err" | sed "1,${nb}d" >"$T/since"
		sums=$(awk '/^podium: build failed/ { f++ }
		    { if (match($0, /YAML files: [0-9]+ parsed/)) y += substr($0, RSTART + 12, RLENGTH - 19)
		      if (match($0, /Markdown texts: [0-9]+ parsed/)) m += substr($0, RSTART + 16, RLENGTH - 23)
		      if (match($0, /provider pages: [0-9]+ made/)) p += substr($0, RSTART + 16, RLENGTH - 21) }
		    END { printf "%d %d %d %d\n", y, m, p, f }' "$T/since")
		case $sums in
		"1 1 "*" 0")
			ok "step $1: the rebuild parsed one YAML file and one Markdown text" ;;
		*)
			nok "step $1: the rebuild parsed one YAML file and one Markdown text ($sums)"
			cut -c1-400 "$T/since" | sed 's/^/# /' ;;
		esac
		# (and those without a key, made by every rebuild)
		u=$(unkeyed)
		case $sums in
		*" $((u + 1)) 0")
			ok "step $1: the rebuild made one provider page (and $u without a key)" ;;
		*)
			nok "step $1: the rebuild made one provider page (and $u without a key) ($sums)"
			cut -c1-400 "$T/since" | sed 's/^/# /' ;;
		esac
		kept=$(grep '^podium: built in' "$T/err" | tail -n 1 |
		    sed -n 's/.*; \([0-9]*\) of [0-9]* files kept).*/\1/p')
		nbadges=$(find "$SERVED/site-$last/badges" -type f | wc -l)
		if [ -n "$kept" ] && [ "$kept" -ge "$nbadges" ] && [ "$nbadges" -gt 0 ]; then
			ok "step $1: the rebuild kept $kept files (the $nbadges badges among them)"
		else
			nok "step $1: the rebuild kept ${kept:-no} files, fewer than the $nbadges badges"
		fi
	fi
}

settle
what="the first build"
kept_check=0
compare 0
step=1
while [ "$step" -le "$STEPS" ]; do
	nb=$(builds)
	kept_check=0
	if [ -n "${PODIUM_SERVE_KINDS:-}" ]; then
		pick $PODIUM_SERVE_KINDS
		R=$P
	else
		rnd 13
	fi
	case $R in
	0) e_summary "$step"; kept_check=1 ;;
	1) e_commentary "$step" ;;
	2) e_subtitle "$step" ;;
	3) e_tier "$step" ;;
	4) e_provider "$step" ;;
	5) e_edition "$step" ;;
	6) e_undo "$step" ;;
	7) e_two "$step" ;;
	8)
		# broken, shown as such, then repaired
		pick $(cd "$C" && ls reviews/3.0/*.yaml)
		cp "$C/$P" "$T/keep.yaml"
		rnd 2
		if [ "$R" = 0 ]; then
			printf 'no_such_key_%s: 1\n' "$step" >>"$C/$P"
		else
			# libyaml refuses it: no tree, the old one not taken
			printf 'summary: [unclosed %s\n' "$step" >>"$C/$P"
		fi
		if wait_for 20 more_builds "$nb" && settle &&
		    curl -s --max-time $((5 * SLOW)) "$URL/" | grep -q 'podium-errors'; then
			ok "step $step: a broken $P shows the error page"
		else
			nok "step $step: a broken $P shows the error page"
		fi
		nb=$(builds)
		cp "$T/keep.yaml" "$C/$P"
		what="$P broken and repaired"
		;;
	9)
		# a page added (a shortcode in it), served as a clean build
		# serves it, then removed
		printf -- '---\ntitle: Extra %s\norder: 90\n---\nA page on {{provider coreweave}}, edit %s.\n' \
		    "$step" "$step" >"$C/pages/extra-$step.md"
		what="page extra-$step.md added"
		if wait_for 20 more_builds "$nb" && settle; then
			compare "$step"
		else
			nok "step $step ($what): serve rebuilds"
		fi
		nb=$(builds)
		rm -f "$C/pages/extra-$step.md"
		what="page extra-$step.md removed"
		;;
	10)
		# the same bytes written again: a rebuild that parses nothing new
		pick $(cd "$C" && ls reviews/*/*.yaml report.yaml commentary/*.md)
		cp "$C/$P" "$T/same"
		cat "$T/same" >"$C/$P"
		what="$P written again, the same"
		;;
	11)
		# a review's text quotes another provider's tier: its page
		# changes when only that other provider's review does (two
		# reviews' tiers swapped, so the edition's counts stay)
		pick $(cd "$C" && grep -l '^summary: |$' reviews/3.0/*.yaml)
		x=$P
		rnd 2
		# (a mover other than the review that quotes them)
		if [ "$R" = 1 ] && movers=$(movers | grep -vx "$x") && [ -n "$movers" ]; then
			# or the movers' table, whose reasons are the opening
			# sentences of other reviews: one of those edited
			sed -i "s/^summary: |\$/&\\n  Edit $step, the movers:\\n\\n  {{table movers 2.0 3.0}}\\n/" "$C/$x"
			note "$x"
			what="$x quotes the movers' table"
			if wait_for 20 more_builds "$nb" && settle; then
				compare "$step"
			else
				nok "step $step ($what): serve rebuilds"
			fi
			nb=$(builds)
			pick $movers
			sed -i "s/^summary: |\$/&\\n  Moved, edit $step./" "$C/$P"
			note "$P"
			what="the opening of mover $P ($x quotes the movers' table)"
		else
			pick $(cd "$C" && grep -l '^tier: silver$' reviews/3.0/*.yaml)
			y=$P
			pick $(cd "$C" && grep -l '^tier: bronze$' reviews/3.0/*.yaml)
			z=$P
			yid=$(basename "$y" .yaml)
			sed -i "s/^summary: |\$/&\\n  Edit $step: {{provider $yid}} is {{tier $yid 3.0}}./" "$C/$x"
			note "$x"
			what="$x quotes the tier of $yid"
			if wait_for 20 more_builds "$nb" && settle; then
				compare "$step"
			else
				nok "step $step ($what): serve rebuilds"
			fi
			nb=$(builds)
			# both at once, as one rebuild
			sed -i 's/^tier: silver$/tier: swap/' "$C/$y"
			sed -i 's/^tier: bronze$/tier: silver/' "$C/$z"
			sed -i 's/^tier: swap$/tier: bronze/' "$C/$y"
			note "$y"
			note "$z"
			what="$y and $z swap their tiers ($x quotes $yid's)"
		fi
		;;
	12)
		# the project's own provider template, then an edit of it
		mkdir -p "$T/proj/templates"
		[ -f "$T/proj/templates/provider.mustache" ] ||
		    cp "$ROOT/templates/provider.mustache" "$T/proj/templates/"
		printf '<!-- edit %s -->\n' "$step" >>"$T/proj/templates/provider.mustache"
		what="templates/provider.mustache edited"
		;;
	esac
	if ! wait_for 20 more_builds "$nb" || ! settle; then
		nok "step $step ($what): serve rebuilds"
	else
		compare "$step"
	fi
	step=$((step + 1))
done

# the folders of the sites no longer served are removed while serve waits
# for a change (not inside a rebuild): once it is idle, one is left
one_site() { [ "$(ls -d "$SERVED"/site-* 2>/dev/null | wc -l)" -eq 1 ]; }
if wait_for 10 one_site; then
	ok "idle, serve keeps the folder of the site it serves only"
else
	nok "idle, serve keeps the folder of the site it serves only"
	ls "$SERVED" | sed 's/^/# /'
fi

kill "$PID" 2>/dev/null
wait "$PID" 2>/dev/null
PID=""
[ "$fails" -eq 0 ]
