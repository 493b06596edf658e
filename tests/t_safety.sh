#!/bin/sh
# t_safety.sh: where `podium build` may write (SPEC 3, "Output safety"): every
# refusal word for word with the refused folder byte-identical afterwards,
# what is accepted, `--only` keeping the rest of the site, a failed render
# over an existing site, staging folders removed on SIGINT/SIGTERM and after
# a killed build, a read-only folder in the old site, and `podium new`
# writing only inside a project. Runs on copies of tests/fixtures/serve-small.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
fails=0
. "$ROOT/tests/skip.sh"
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
export SOURCE_DATE_EPOCH=1790000000
# sanitized builds: no suppression statistics in the messages compared
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
P="$T/proj"
cp -R "$ROOT/tests/fixtures/serve-small" "$P"
cd "$T" || exit 1

# listing DIR: every entry with its type, mode, size, time and, for files,
# its sha256; two listings compare equal only if nothing was touched
listing() {
	(cd "$1" && find . -printf '%y %m %s %T@ %p\n' | sort &&
	    find . -type f -exec sha256sum {} + | sort -k 2)
}
# a listing of the whole temporary folder (where staging folders would show)
# but the scratch files of the test (in sums/)
all_listing() { (cd "$T" && find . -path ./sums -prune -o -printf '%y %p\n' | sort); }
mkdir "$T/sums"
O=$T/sums/out

# refused ARGS...: the build with ARGS exits 2 and prints $want exactly, and
# $dir (and the project) are byte-identical afterwards
refused() {
	name=$1
	shift
	listing "$dir" >"$T/sums/before"
	listing "$P" >"$T/sums/pbefore"
	all_listing >"$T/sums/abefore"
	"$PODIUM" build "$@" >"$O" 2>&1
	rc=$?
	listing "$dir" >"$T/sums/after"
	listing "$P" >"$T/sums/pafter"
	all_listing >"$T/sums/aafter"
	if [ "$rc" = 2 ] && [ "$(cat "$O")" = "$want" ] &&
	    cmp -s "$T/sums/before" "$T/sums/after" &&
	    cmp -s "$T/sums/pbefore" "$T/sums/pafter" &&
	    cmp -s "$T/sums/abefore" "$T/sums/aafter"; then
		ok "$name"
	else
		nok "$name (exit $rc)"
		sed 's/^/# /' "$O"
		diff "$T/sums/before" "$T/sums/after" | head -n 5 | sed 's/^/# /'
		diff "$T/sums/abefore" "$T/sums/aafter" | head -n 5 | sed 's/^/# /'
	fi
}

# ---- refused even with --force ----
dir=$P
want="podium: error: '$P' is the project folder; the site may not replace it, even with --force"
refused "OUT = DIR is refused" -C "$P" -o "$P" --force
want="podium: error: '.' is the project folder; the site may not replace it, even with --force"
(cd "$P" && refused "-o . is refused" -o . --force)
want="podium: error: '$T' holds the project folder '$P'; the site may not replace it, even with --force"
refused "a folder above DIR is refused" -C "$P" -o "$T" --force
want="podium: error: '..' holds the project folder '.'; the site may not replace it, even with --force"
(cd "$P" && refused "-o .. is refused" -o .. --force)
dir=$P/content
want="podium: error: 'content' is in the project's content/ folder; the site may not go there, even with --force"
(cd "$P" && refused "-o content is refused" -o content --force)
want="podium: error: 'content/site' is in the project's content/ folder; the site may not go there, even with --force"
(cd "$P" && refused "a new folder in content/ is refused, and not made" -o content/site)
want="podium: error: 'site/../content' is in the project's content/ folder; the site may not go there, even with --force"
(cd "$P" && refused "a path through .. into content/ is refused" -o site/../content --force)
mkdir -p "$P/templates" "$P/assets"
echo '/* mine */' >"$P/assets/extra.css"
dir=$P/templates
want="podium: error: 'templates' is in the project's templates/ folder; the site may not go there, even with --force"
(cd "$P" && refused "-o templates is refused" -o templates --force)
dir=$P/assets
want="podium: error: 'assets' is in the project's assets/ folder; the site may not go there, even with --force"
(cd "$P" && refused "-o assets is refused" -o assets --force)
rm -r "$P/templates" "$P/assets"
cp -R "$ROOT/tests/fixtures/serve-small" "$T/other"
dir=$T/other
want="podium: error: '$T/other' holds 'content/', as a project folder does; the site may not replace it, even with --force"
refused "another project is refused" -C "$P" -o "$T/other" --force
mkdir -p "$T/tpl/templates" "$T/ast/assets"
echo x >"$T/tpl/templates/home.mustache"
echo x >"$T/ast/assets/a.css"
dir=$T/tpl
want="podium: error: '$T/tpl' holds 'templates/', as a project folder does; the site may not replace it, even with --force"
refused "a folder holding templates/ is refused" -C "$P" -o "$T/tpl" --force
dir=$T/ast
want="podium: error: '$T/ast' holds 'assets/', as a project folder does; the site may not replace it, even with --force"
refused "a folder holding assets/ (not a site) is refused" -C "$P" -o "$T/ast" --force

# ---- refused unless --force ----
mkdir -p "$T/notes/sub"
echo "my notes" >"$T/notes/a.txt"
echo "more" >"$T/notes/sub/b.txt"
dir=$T/notes
want="podium: error: '$T/notes' is not empty and is not a site podium built; use --force to replace it"
refused "a folder of other files is refused" -C "$P" -o "$T/notes"
mkdir "$T/f"
echo "a file" >"$T/f/afile"
dir=$T/f
want="podium: error: '$T/f/afile' is not a folder; the site may not replace it, even with --force"
refused "a file is refused" -C "$P" -o "$T/f/afile"
ln -s ../notes "$T/f/link"
want="podium: error: '$T/f/link' is a symbolic link; use --force to replace it"
refused "a symbolic link is refused" -C "$P" -o "$T/f/link"
cp -R "$T/notes" "$T/notes2"
"$PODIUM" build -C "$P" -o "$T/notes" --force >"$O" 2>&1
check "with --force, the folder of other files is replaced" \
    sh -c "test $? = 0 && test -f '$T/notes/index.html' && test ! -e '$T/notes/a.txt'"
"$PODIUM" build -C "$P" -o "$T/notes2" --force --only data >"$O" 2>&1
check "... and with --only too, without keeping its files (they are not a site's)" \
    sh -c "test $? = 0 && test -f '$T/notes2/data/ratings.json' && test ! -e '$T/notes2/a.txt' &&
    test ! -e '$T/notes2/sub' && test ! -e '$T/notes2/index.html'"
rm -rf "$T/notes2"
rm -r "$T/f"

# ---- accepted ----
"$PODIUM" build -C "$P" -o "$T/new/site" >"$O" 2>&1
check "an absent OUT is made (with its parents)" \
    sh -c "test $? = 0 && test -f '$T/new/site/index.html'"
check "the site holds the marker, which says what it is" \
    sh -c "printf '%s\n' 'This folder is a site built by podium; \`podium build\` replaces it.' |
    cmp -s - '$T/new/site/.podium-site'"
check "the marker is not listed in the sitemap" \
    sh -c "! grep -rq 'podium-site' '$T/new/site' --include='*.xml' --include='*.html'"
mkdir "$T/empty"
"$PODIUM" build -C "$P" -o "$T/empty" >"$O" 2>&1
check "an empty folder is accepted" sh -c "test $? = 0 && test -f '$T/empty/index.html'"
echo stale >"$T/empty/stale.html"
"$PODIUM" build -C "$P" -o "$T/empty" >"$O" 2>&1
check "a site podium built is replaced (its stray files go)" \
    sh -c "test $? = 0 && test ! -e '$T/empty/stale.html'"
rm "$T/empty/.podium-site"
"$PODIUM" build -C "$P" -o "$T/empty" >"$O" 2>&1
check "an older podium's site (no marker, podium's ratings.json) is replaced" \
    sh -c "test $? = 0 && test -f '$T/empty/.podium-site'"
"$PODIUM" build -C "$P" >"$O" 2>&1
check "the default OUT (DIR/site) is built" sh -c "test $? = 0 && test -f '$P/site/.podium-site'"
"$PODIUM" build -C "$P" >"$O" 2>&1
check "... and rebuilt" test $? = 0

# ---- --only keeps the rest ----
S=$T/only
"$PODIUM" build -C "$P" -o "$S" >/dev/null 2>&1
sums() { (cd "$1" && find . -type f -exec sha256sum {} + | sort -k 2); }
sums "$S" >"$T/sums/full"
cp "$S/index.html" "$T/old-index.html"
for part in data pdf html html,data; do
	"$PODIUM" build -C "$P" -o "$S" --only "$part" >"$O" 2>&1
	rc=$?
	sums "$S" >"$T/sums/now"
	check "--only $part over a full site leaves every file byte-identical" \
	    sh -c "test $rc = 0 && cmp -s '$T/sums/full' '$T/sums/now'"
done
# a change to the content: only the named part follows it
R2=$P/content/reviews/2.0/alpha.yaml
cp "$R2" "$T/sums/review"
sed -i 's/security: 5/security: 1/' "$R2"
"$PODIUM" build -C "$P" -o "$T/fresh" >/dev/null 2>&1
"$PODIUM" build -C "$P" -o "$S" --only data >"$O" 2>&1
rc=$?
sums "$S" >"$T/sums/now"
check "--only data after a change: the data is rebuilt as a full build makes it" \
    sh -c "test $rc = 0 && cmp -s '$T/fresh/data/ratings.json' '$S/data/ratings.json' &&
    ! grep -q \"\$(cd '$S' && sha256sum ./data/ratings.json)\" '$T/sums/full'"
check "... and every other file is the previous site's, byte for byte" \
    sh -c "grep -v ' ./data/' '$T/sums/full' >'$T/sums/a'; grep -v ' ./data/' '$T/sums/now' >'$T/sums/b';
    cmp -s '$T/sums/a' '$T/sums/b' && ! cmp -s '$T/fresh/index.html' '$S/index.html'"
"$PODIUM" build -C "$P" -o "$S" --only html >"$O" 2>&1
rc=$?
sums "$S" | grep ' ./report.pdf$' >"$T/sums/b"
grep ' ./report.pdf$' "$T/sums/full" >"$T/sums/a"
# the pages give the size of the PDF they link to: the kept one's
check "--only html then: the pages follow the change, the PDF is the previous one" \
    sh -c "test $rc = 0 &&
    grep -v 'report.pdf</a> (' '$T/fresh/index.html' >'$T/i.fresh' &&
    grep -v 'report.pdf</a> (' '$S/index.html' >'$T/i.now' && cmp -s '$T/i.fresh' '$T/i.now' &&
    test \"\$(grep -o 'report.pdf</a> ([^)]*)' '$S/index.html' | sort -u)\" = \"\$(grep -o 'report.pdf</a> ([^)]*)' '$T/old-index.html' | sort -u)\" &&
    cmp -s '$T/sums/a' '$T/sums/b' && ! cmp -s '$T/fresh/report.pdf' '$S/report.pdf'"
cp "$T/sums/review" "$R2"
rm -rf "$T/fresh"
check "no staging folder is left beside the site" sh -c "! ls -d '$T'/*.tmp-* 2>/dev/null | grep -q ."

# ---- a failed render over an existing site ----
"$PODIUM" build -C "$P" >/dev/null 2>&1
listing "$P/site" >"$T/sums/site"
mkdir -p "$P/templates"
printf '{{#tier}}\n' >"$P/templates/tier.mustache"
"$PODIUM" build -C "$P" >"$O" 2>&1
rc=$?
listing "$P/site" >"$T/sums/now"
check "a template error: exit 1, said once, word for word" \
    sh -c "test $rc = 1 && test \"\$(cat '$O')\" = \"templates/tier.mustache:1:1: error: unclosed section 'tier'\""
check "... the old site byte-identical, no staging folder left" \
    sh -c "cmp -s '$T/sums/site' '$T/sums/now' && ! ls -d '$P'/site.tmp-* 2>/dev/null | grep -q ."
# a rendering step that fails (the PDF without its fonts): exit 3, same site
echo '<?xml version="1.0"?><fontconfig></fontconfig>' >"$T/sums/fonts.conf"
mv "$P/templates/tier.mustache" "$T/sums/tier.mustache"
FONTCONFIG_FILE=$T/sums/fonts.conf "$PODIUM" build -C "$P" -q >"$O" 2>&1
rc=$?
listing "$P/site" >"$T/sums/now"
check "a rendering failure (no fonts for the PDF): exit 3, the old site byte-identical, no staging folder" \
    sh -c "test $rc = 3 && grep -q 'error: ' '$O' && cmp -s '$T/sums/site' '$T/sums/now' &&
    ! ls -d '$P'/site.tmp-* 2>/dev/null | grep -q ."
mv "$T/sums/tier.mustache" "$P/templates/tier.mustache"
"$PODIUM" check -C "$P" >"$O" 2>&1
check "check finds the template error too, once" \
    sh -c "test $? = 1 && test \"\$(cat '$O')\" = \"templates/tier.mustache:1:1: error: unclosed section 'tier'\""
rm "$P/templates/tier.mustache"
sed '1s/^/{{>nosuch}}{{edition.nmae}}/' "$ROOT/templates/sources.mustache" >"$P/templates/sources.mustache"
"$PODIUM" check -C "$P" >"$O" 2>&1
rc=$?
cat >"$T/want" <<EOW
templates/sources.mustache:1:1: warning: no template 'nosuch' for this partial
templates/sources.mustache:1:12: warning: no template value named 'edition.nmae'
EOW
check "a missing partial and an unknown name: warnings, exit 0" \
    sh -c "test $rc = 0 && cmp -s '$T/want' '$O'"
"$PODIUM" build -C "$P" --strict >"$O" 2>&1
rc=$?
listing "$P/site" >"$T/sums/now"
sed 's/: warning: /: error: /' "$T/want" >"$T/want.strict"
check "with --strict they are errors at their line and column; exit 1" \
    sh -c "test $rc = 1 && cmp -s '$T/want.strict' '$O'"
check "... and the old site is byte-identical, no staging folder left" \
    sh -c "cmp -s '$T/sums/site' '$T/sums/now' && ! ls -d '$P'/site.tmp-* 2>/dev/null | grep -q ."
"$PODIUM" check -C "$P" --strict >"$O" 2>&1
check "check --strict fails the same way" \
    sh -c "test $? = 1 && cmp -s '$T/want.strict' '$O'"
rm -r "$P/templates"

# ---- staging folders of killed builds ----
dead=$(sh -c 'echo $$')
dead2=$(sh -c 'echo $$')
mkdir -p "$P/site.tmp-$dead/providers" "$P/site.tmp-$$" "$P/site.tmp-9x" "$P/site.tmp-$dead2"
: >"$P/site.tmp-$dead/.podium-site"
echo x >"$P/site.tmp-$dead/providers/index.html"
echo mine >"$P/site.tmp-$dead2/keep"
"$PODIUM" build -C "$P" >"$O" 2>&1
check "a later build removes a killed build's staging folder (its process gone)" \
    sh -c "test $? = 0 && test ! -e '$P/site.tmp-$dead'"
check "... but not one of a live process, nor one not of its kind" \
    sh -c "test -d '$P/site.tmp-$$' && test -d '$P/site.tmp-9x' && test -f '$P/site.tmp-$dead2/keep'"
rm -rf "$P/site.tmp-$$" "$P/site.tmp-9x" "$P/site.tmp-$dead2"

# ---- SIGINT and SIGTERM mid-build ----
B=$T/big
if cc -O2 -std=c17 -o "$T/gen" "$ROOT/tests/bench/gen.c" -lm 2>"$O" &&
    "$T/gen" 150 3 "$B" >/dev/null 2>&1; then
	B=$B/podium
	# the old site (see t_drawers.sh): by the release binary under ASan
	old_site=$PODIUM
	[ -n "${PODIUM_SANITIZED:-}" ] && [ -x "$ROOT/podium" ] && old_site=$ROOT/podium
	"$old_site" build -C "$B" -q >/dev/null 2>&1
	listing "$B/site" >"$T/sums/big"
	for sig in INT TERM; do
		"$PODIUM" build -C "$B" -q >/dev/null 2>&1 &
		pid=$!
		# the staging folder made: the pages, charts and PDF are being made
		i=0
		while [ ! -d "$B/site.tmp-$pid" ] && [ $i -lt 2000 ]; do
			i=$((i + 1))
			sleep 0.01
		done
		seen=no
		[ -d "$B/site.tmp-$pid" ] && seen=yes
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		listing "$B/site" >"$T/sums/now"
		check "SIG$sig mid-build (staging folder there: $seen) removes it" \
		    sh -c "test $seen = yes && test ! -e '$B/site.tmp-$pid' && test $rc -gt 128"
		check "... and the old site is byte-identical" cmp -s "$T/sums/big" "$T/sums/now"
	done
else
	nok "cannot generate a large project with tests/bench/gen.c"
fi

# ---- a read-only folder in the old site ----
# As root, the build runs as nobody (setpriv), whom the mode binds.
if [ "$(id -u)" != 0 ]; then
	as_user() { "$@"; }
elif need "a read-only folder binds root only through setpriv" setpriv; then
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
else
	as_user() { "$@"; }
fi
R=$T/ro
cp -R "$ROOT/tests/fixtures/serve-small" "$R"
chown -R 65534:65534 "$R" 2>/dev/null
chmod 755 "$T"
as_user "$PODIUM" build -C "$R" -q >"$O" 2>&1
chmod 555 "$R/site/providers"
as_user "$PODIUM" build -C "$R" -q >"$O" 2>&1
rc=$?
check "a read-only folder in the old site: the build succeeds" test "$rc" = 0
check "... and leaves no staging folder behind" sh -c "! ls -d '$R'/site.tmp-* 2>/dev/null | grep -q ."

# ---- podium new only inside a project ----
mkdir "$T/nowhere"
(cd "$T/nowhere" && "$PODIUM" new provider acme >"$O" 2>&1)
rc=$?
(cd "$T/nowhere" && "$PODIUM" build >"$T/sums/bout" 2>&1)
check "new outside a project: exit 1, the message build gives, nothing written" \
    sh -c "test $rc = 1 && cmp -s '$O' '$T/sums/bout' &&
    test \"\$(cat '$O')\" = \"content/report.yaml: error: file not found: is '.' a podium project folder?\" &&
    test -z \"\$(ls -A '$T/nowhere')\""
mkdir "$T/elsewhere"
mv "$P/content/providers" "$T/elsewhere/providers"
ln -s "$T/elsewhere/providers" "$P/content/providers"
ls -l "$T/elsewhere/providers" >"$T/sums/before"
"$PODIUM" new -C "$P" provider acme >"$O" 2>&1
rc=$?
ls -l "$T/elsewhere/providers" >"$T/sums/after"
check "new does not write through a symbolic link leaving the project" \
    sh -c "test $rc = 1 && cmp -s '$T/sums/before' '$T/sums/after' &&
    test \"\$(cat '$O')\" = \"podium: error: 'content/providers' leads outside the project folder (to '$T/elsewhere/providers'); not writing there\""
rm "$P/content/providers"
mv "$T/elsewhere/providers" "$P/content/providers"

[ "$fails" -eq 0 ]
