#!/bin/sh
# t_writes.sh: what `podium build` does to OUT when writing fails or OUT is
# not a plain folder: --force replacing only a folder; a full disk (a small
# tmpfs), a file size limit (ulimit -f) and a read-only mount at each stage
# (pages, charts, PDF, data, the swap), each exit 3 with one message, no
# staging folder and the old site byte-identical; the publisher's own files
# (dotfiles, CNAME) kept; OUT a mount point; --only over parts built with
# other options; staging and check's folders removed on signals.
# Mounts and device nodes need root: without them the checks are skipped
# (a failure with PODIUM_NO_SKIP=1, see tests/skip.sh).
: "${PODIUM:?}" "${ROOT:?}"
. "$ROOT/tests/skip.sh"

T=$(mktemp -d)
mounts=
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}
export SOURCE_DATE_EPOCH=1790000000
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
P=$T/proj
cp -R "$ROOT/tests/fixtures/serve-small" "$P"
mkdir "$T/sums"
O=$T/sums/out
# a line no listing holds, for grep -v
nothing='^$'
skip=$nothing
# The sweeps below (a file size limit, the PDF's last bytes, a full disk)
# fail the build at one write after another. The release pass takes every
# point of each; the sanitized pass (make check's second, PODIUM_SANITIZED)
# takes fewer, chosen to fail each kind of write still (the data, the PDF
# and its final flush, the pages, the assets, the charts' SVG and PNG, the
# badges): the same code under ASan, not the same code once per byte.
sanitized=${PODIUM_SANITIZED:+yes}

# listing DIR: every entry with its type, mode, size, time and, for files,
# its sha256; two listings compare equal only if nothing was touched
listing() {
	(cd "$1" && find . -printf '%y %m %s %T@ %p\n' | sort &&
	    find . -type f -exec sha256sum {} + | sort -k 2)
}
# no staging folder of OUT left, beside it or in it
no_staging() {
	! ls -d "$1".tmp-* "$1"/.podium-tmp-* "$1"/.podium-old-* 2>/dev/null | grep -q .
}
can_mount=no
mkdir "$T/probe"
if mount -t tmpfs -o size=64k tmpfs "$T/probe" 2>/dev/null; then
	can_mount=yes
	umount "$T/probe"
fi
# mount_tmpfs DIR OPTIONS: a tmpfs at DIR, unmounted at the end
mount_tmpfs() {
	mkdir -p "$1" && mount -t tmpfs -o "$2" tmpfs "$1" && mounts="$1 $mounts"
}

# ---- --force replaces only a folder ----
# forced NAME OUT TYPE: build -o OUT --force is refused (exit 2, word for
# word) and OUT is still of TYPE (find -type), with what it held
forced() {
	before=$(ls -ld "$2"; [ -f "$2" ] && sha256sum <"$2")
	"$PODIUM" build -C "$P" -o "$2" --force >"$O" 2>&1
	rc=$?
	after=$(ls -ld "$2"; [ -f "$2" ] && sha256sum <"$2")
	want="podium: error: '$2' is not a folder; the site may not replace it, even with --force"
	if [ "$rc" = 2 ] && [ "$(cat "$O")" = "$want" ] && [ "$before" = "$after" ] &&
	    [ -n "$(find "$2" -maxdepth 0 -type "$3")" ] && no_staging "$2"; then
		ok "$1"
	else
		nok "$1 (exit $rc)"
		sed 's/^/# /' "$O"
	fi
}
mkdir "$T/f"
echo "my notes" >"$T/f/file"
forced "--force does not replace a regular file" "$T/f/file" f
mkfifo "$T/f/fifo"
forced "--force does not replace a FIFO" "$T/f/fifo" p
ln -s fifo "$T/f/link-fifo"
forced "--force does not replace a symbolic link to a FIFO" "$T/f/link-fifo" l
ln -s nothing "$T/f/dangling"
forced "--force does not replace a dangling symbolic link" "$T/f/dangling" l
if mknod "$T/f/null" c 1 3 2>/dev/null; then
	forced "--force does not replace a character device" "$T/f/null" c
	ln -s null "$T/f/link-null"
	forced "--force does not replace a symbolic link to a device" "$T/f/link-null" l
else
	skip "mknod is not permitted here: no device node to build over"
fi
"$PODIUM" build -C "$P" -o "$T/f/file" >"$O" 2>&1
check "without --force a file is refused the same way" sh -c "test $? = 2 &&
    test \"\$(cat '$O')\" = \"podium: error: '$T/f/file' is not a folder; the site may not replace it, even with --force\""
mkdir "$T/f/dir"
ln -s dir "$T/f/link-dir"
"$PODIUM" build -C "$P" -o "$T/f/link-dir" --force >"$O" 2>&1
check "--force still replaces a symbolic link to a folder (the link only)" \
    sh -c "test $? = 0 && test -d '$T/f/link-dir' && test ! -L '$T/f/link-dir' &&
    test -f '$T/f/link-dir/index.html' && test -d '$T/f/dir' && test -z \"\$(ls -A '$T/f/dir')\""

# ---- failed writes ----
# failing NAME PATTERN ARGS...: the build exits 3 with one line, matching
# the extended regular expression PATTERN, no staging folder is left and
# OUT ($out) is byte-identical; the line is kept in $T/sums/line
failing() {
	name=$1
	pat=$2
	shift 2
	listing "$out" | grep -v "$skip" >"$T/sums/before"
	"$PODIUM" build -C "$P" -o "$out" -q "$@" >"$O" 2>&1
	rc=$?
	listing "$out" | grep -v "$skip" >"$T/sums/after"
	cp "$O" "$T/sums/line"
	passed=no
	if [ "$rc" = 0 ] && [ "${may_pass:-}" = yes ]; then
		passed=yes
	elif [ "$rc" = 3 ] && [ "$(wc -l <"$O")" = 1 ] && grep -Eqx "$pat" "$O" &&
	    cmp -s "$T/sums/before" "$T/sums/after" && no_staging "$out"; then
		ok "$name"
	else
		nok "$name (exit $rc)"
		sed 's/^/# /' "$O"
		diff "$T/sums/before" "$T/sums/after" | head -n 5 | sed 's/^/# /'
	fi
}
# the stage a failure message names: pages, charts, pdf, data or swap
stage_of() {
	case $(cat "$1") in
	*"cannot keep the files of"* | *"cannot replace"*) echo swap ;;
	*"/report.pdf': "*) echo pdf ;;
	*"/charts/"*) echo charts ;;
	*"/data/"*) echo data ;;
	*".html': "* | *".xml': "* | *"/assets/"*) echo pages ;;
	*) echo other ;;
	esac
}
q() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }

# a file size limit: each size in turn, from below the smallest file the
# stages write to below the PDF, the largest; ulimit -f counts in blocks
# of 512 or 1024 bytes, by shell. A whole build writes the PDF before the
# pages (they give its size), so the pages' stage fails in --only html.
out=$P/site
"$PODIUM" build -C "$P" -q
(trap '' XFSZ; ulimit -f 1; head -c 2000 /dev/zero >"$T/sums/unit" 2>/dev/null)
unit=$(($(wc -c <"$T/sums/unit") / 1))
stages=
sizes="2 8 16 32 40 48 64 80"
# under ASan: 2k fails the data, the charts (--only pdf) and the pages
# (--only html), 16k the charts and the pages, 48k the PDF
[ "$sanitized" = yes ] && sizes="2 16 48"
for kb in $sizes; do
	for only in "" "--only data" "--only pdf" "--only html"; do
		listing "$out" >"$T/sums/before"
		# shellcheck disable=SC2086
		(ulimit -f $((kb * 1024 / unit)) && exec "$PODIUM" build -C "$P" -o "$out" -q $only) >"$O" 2>&1
		rc=$?
		[ "$rc" = 0 ] && continue
		listing "$out" >"$T/sums/after"
		name="a file size limit of ${kb}k${only:+ ($only)}: exit 3, one line, the old site byte-identical"
		if [ "$rc" = 3 ] && [ "$(wc -l <"$O")" = 1 ] &&
		    grep -Eqx "podium: error: cannot write '$(q "$out").tmp-[0-9]+/[^']+': File too large" "$O" &&
		    cmp -s "$T/sums/before" "$T/sums/after" && no_staging "$out"; then
			ok "$name ($(stage_of "$O"))"
			stages="$stages $(stage_of "$O")"
		else
			nok "$name (exit $rc)"
			sed 's/^/# /' "$O"
		fi
	done
done
# the PDF's last bytes: under a limit a little below its size, every write
# of the stream fits but its final flush (fflush, fclose), which must be
# checked as the writes are (a report.pdf cut short passed as written)
S=$(wc -c <"$out/report.pdf")
cut=""
offs="512 1024 1536 2048 2560 3072 3584 4096"
# under ASan every other one: the final flush's check and the writes' both
[ "$sanitized" = yes ] && offs="512 1536 2560 3584"
for off in $offs; do
	listing "$out" >"$T/sums/before"
	(ulimit -f $(((S - off) / unit)) && exec "$PODIUM" build -C "$P" -o "$out" -q --only pdf) >"$O" 2>&1
	rc=$?
	listing "$out" >"$T/sums/after"
	if [ "$rc" = 3 ] && [ "$(wc -l <"$O")" = 1 ] &&
	    grep -Eqx "podium: error: cannot write '$(q "$out").tmp-[0-9]+/report\.pdf': File too large" "$O" &&
	    cmp -s "$T/sums/before" "$T/sums/after" && no_staging "$out"; then
		:
	else
		cut="$cut $off(exit $rc)"
	fi
done
check "a file size limit $(echo "$offs" | sed 's/ /, /g') bytes under report.pdf's size: each exit 3, one line, the old site byte-identical:$cut" \
    test -z "$cut"
for s in pages charts pdf data; do
	check "a file size limit fails the $s stage in one of the sizes" \
	    sh -c "echo '$stages' | grep -qw $s"
done

if [ "$can_mount" = yes ]; then
	# a full disk: OUT on a small tmpfs, sized so that each stage in turn
	# runs out of space (the old site and the new one need twice the site).
	# One drawing process, so that the stages come in one order: the data
	# and the PDF, then the pages beside the charts (pipeline/draw.c)
	export PODIUM_DRAWERS=1
	M=$T/full
	mount_tmpfs "$M" size=4m
	out=$M/site
	"$PODIUM" build -C "$P" -o "$out" -q
	used=$(du -sk "$out" | cut -f1)
	stages=
	kb=$((used + 8))
	# 24k more each time: each step fails a later file (the data, the
	# PDF, each kind of page, the assets, the indexes, llms.txt, the
	# charts' SVG and PNG, the phone charts, the badges); under ASan 48k
	# more, every other one, which still fails the data, the PDF, the
	# pages, the assets, the indexes, the charts' SVG and PNG, the phone
	# charts and the badges
	step=24
	[ "$sanitized" = yes ] && step=48
	may_pass=yes
	while [ "$kb" -lt $((used * 3)) ]; do
		mount -o remount,size="${kb}k" "$M"
		failing "a full disk at ${kb}k: exit 3, one line, the old site byte-identical" \
		    "podium: error: cannot write '$(q "$out").tmp-[0-9]+/[^']+': No space left on device"
		[ "$passed" = yes ] && break
		stages="$stages $(stage_of "$T/sums/line")"
		kb=$((kb + step))
	done
	may_pass=
	check "... until there is room for both sites" test "$passed" = yes
	for s in pages charts pdf; do
		check "a full disk fails the $s stage at one of the sizes" \
		    sh -c "echo '$stages' | grep -qw $s"
	done
	unset PODIUM_DRAWERS
	mount -o remount,size="$((used + 8))k" "$M"
	failing "a full disk with --only data: the data fails" \
	    "podium: error: cannot write '$(q "$out").tmp-[0-9]+/data/[^']+': No space left on device" --only data
	# the swap: the kept files are linked in, and each link or folder
	# takes one of the few inodes left (room for what --only pdf writes:
	# the new folder, charts/ and charts/narrow/, the 9 page charts and the
	# 5 phone ones, report.pdf)
	mount -o remount,size=4m,nr_inodes=$(($(find "$out" | wc -l) + 18)) "$M"
	failing "no inode left at the swap (--only pdf keeps the rest): exit 3, one line" \
	    "podium: error: cannot keep the files of '$(q "$out")': No space left on device" --only pdf
	mount -o remount,size=4m,nr_inodes=100000 "$M"
	"$PODIUM" build -C "$P" -o "$out" -q
	check "with room again, the build succeeds" sh -c "test $? = 0 && test -f '$out/report.pdf'"

	# a read-only target: the folder OUT is in is mounted read-only
	R=$T/ro
	mkdir -p "$R/dir"
	"$PODIUM" build -C "$P" -o "$R/dir/site" -q
	if mount --bind "$R/dir" "$R/dir" && mounts="$R/dir $mounts" &&
	    mount -o remount,bind,ro "$R/dir"; then
		out=$R/dir/site
		failing "a read-only target: exit 3, one line, the old site byte-identical" \
		    "podium: error: cannot create '$(q "$out").tmp-[0-9]+': Read-only file system"
		failing "... and with --only html too" \
		    "podium: error: cannot create '$(q "$out").tmp-[0-9]+': Read-only file system" --only html
	else
		nok "cannot mount a read-only bind mount though tmpfs mounts work"
	fi
else
	skip "mount is not permitted here: no full disk (tmpfs) or read-only mount tests"
fi

# ---- the publisher's files in OUT are kept ----
# publisher DIR: a gh-pages checkout's files in DIR (made if need be)
publisher() {
	mkdir -p "$1/.git/refs/tags" "$1/.git/hooks"
	echo "ref: refs/heads/gh-pages" >"$1/.git/HEAD"
	printf '#!/bin/sh\n' >"$1/.git/hooks/pre-push"
	chmod 755 "$1/.git/hooks/pre-push"
	: >"$1/.nojekyll"
	echo "ratings.example.com" >"$1/CNAME"
}
# their listing (modes and sums too), to compare
kept_listing() {
	(cd "$1" && find .git .nojekyll CNAME -printf '%y %m %s %p\n' | sort &&
	    find .git .nojekyll CNAME -type f -exec sha256sum {} + | sort -k 2)
}
G=$T/pages
publisher "$G"
kept_listing "$G" >"$T/sums/kept"
"$PODIUM" build -C "$P" -o "$G" -q >"$O" 2>&1
check "a folder holding only a checkout's files (.git, .nojekyll, CNAME) is built without --force" \
    sh -c "test $? = 0 && test -f '$G/index.html'"
kept_listing "$G" >"$T/sums/now"
check "... and they are kept, with their modes and an empty folder" \
    sh -c "cmp -s '$T/sums/kept' '$T/sums/now' && test -d '$G/.git/refs/tags'"
"$PODIUM" build -C "$P" -o "$G" -q >"$O" 2>&1
kept_listing "$G" >"$T/sums/now"
check "a build over the site keeps them" sh -c "test $? = 0 && cmp -s '$T/sums/kept' '$T/sums/now'"
for only in html pdf data; do
	"$PODIUM" build -C "$P" -o "$G" -q --only $only >"$O" 2>&1
	kept_listing "$G" >"$T/sums/now"
	check "--only $only keeps them" sh -c "test $? = 0 && cmp -s '$T/sums/kept' '$T/sums/now'"
done
mkdir "$T/forced"
echo "not a site" >"$T/forced/notes.txt"
publisher "$T/forced"
"$PODIUM" build -C "$P" -o "$T/forced" -q --force >"$O" 2>&1
kept_listing "$T/forced" >"$T/sums/now"
check "--force over a folder of other files keeps them too (not its other files)" \
    sh -c "test $? = 0 && cmp -s '$T/sums/kept' '$T/sums/now' && test ! -e '$T/forced/notes.txt'"

# ---- --only over parts built with other options ----
D=$T/drafts
cp -R "$ROOT/tests/fixtures/mini" "$D"
"$PODIUM" build -C "$D" -q --drafts >"$O" 2>&1
check "the fixture's draft is in the pages of a build with --drafts" \
    grep -q SECRET-DRAFT-SECTION "$D/site/index.html"
listing "$D/site" >"$T/sums/before"
"$PODIUM" build -C "$D" -q --only pdf >"$O" 2>&1
rc=$?
listing "$D/site" >"$T/sums/after"
check "--only pdf without --drafts over pages built with --drafts is refused, word for word" \
    sh -c "test $rc = 2 && test \"\$(cat '$O')\" = \"podium: error: '$D/site' holds the pages built with drafts=yes now=2026-09-21, not drafts=no now=2026-09-21 as this build; --only would keep them: build them too, or the whole site\""
check "... and the site is untouched" cmp -s "$T/sums/before" "$T/sums/after"
"$PODIUM" build -C "$D" -q --only pdf --drafts >"$O" 2>&1
check "--only pdf with --drafts too is built" test $? = 0
"$PODIUM" build -C "$D" -q --only html,pdf >"$O" 2>&1
check "--only html,pdf without --drafts: the data is the kept part refused" \
    sh -c "test $? = 2 && grep -q \"holds the data built with drafts=yes\" '$O'"
"$PODIUM" build -C "$D" -q >"$O" 2>&1
check "the whole site is rebuilt without the draft" \
    sh -c "test $? = 0 && ! grep -rq SECRET-DRAFT-SECTION '$D/site' --include='*.html'"
"$PODIUM" build -C "$D" -q --now 2026-01-05 --only html >"$O" 2>&1
check "--only html with another --now than the kept PDF's is refused, word for word" \
    sh -c "test $? = 2 && test \"\$(cat '$O')\" = \"podium: error: '$D/site' holds the PDF built with drafts=no now=2026-09-21, not drafts=no now=2026-01-05 as this build; --only would keep them: build them too, or the whole site\""
"$PODIUM" build -C "$D" -q --now 2026-01-05 >"$O" 2>&1
"$PODIUM" build -C "$D" -q --now 2026-01-05 --only data >"$O" 2>&1
check "... and accepted once the whole site is built with that date" test $? = 0
check "the record says how each part was built" \
    sh -c "grep -qx 'html drafts=no now=2026-01-05' '$D/site/.podium-build' &&
    grep -qx 'pdf drafts=no now=2026-01-05' '$D/site/.podium-build' &&
    grep -qx 'data drafts=no now=2026-01-05' '$D/site/.podium-build'"

# ---- OUT a mount point ----
if [ "$can_mount" = yes ]; then
	V=$T/volume
	mount_tmpfs "$V" size=4m
	publisher "$V"
	kept_listing "$V" >"$T/sums/kept"
	"$PODIUM" build -C "$P" -o "$V" -q >"$O" 2>&1
	rc=$?
	kept_listing "$V" >"$T/sums/now"
	check "OUT a mount point (a tmpfs) is built" \
	    sh -c "test $rc = 0 && test -f '$V/index.html' && test -f '$V/report.pdf' && mountpoint -q '$V'"
	no_staging "$V"
	check "... with the publisher's files kept and no staging folder left" \
	    sh -c "test $? = 0 && cmp -s '$T/sums/kept' '$T/sums/now'"
	"$PODIUM" build -C "$P" -o "$P/fresh" -q
	(cd "$P/fresh" && find . -path ./.git -prune -o -type f -print | sort | xargs sha256sum) >"$T/sums/fresh"
	(cd "$V" && find . -path ./.git -prune -o -type f ! -name CNAME ! -name .nojekyll -print | sort | xargs sha256sum) >"$T/sums/vol"
	check "... holding what a build elsewhere makes" cmp -s "$T/sums/fresh" "$T/sums/vol"
	rm -rf "$P/fresh"
	"$PODIUM" build -C "$P" -o "$V" -q >"$O" 2>&1
	check "... and built again over its site" sh -c "test $? = 0 && test -f '$V/index.html'"
	"$PODIUM" build -C "$P" -o "$V" -q --only data >"$O" 2>&1
	check "... and with --only data (the rest kept)" \
	    sh -c "test $? = 0 && test -f '$V/index.html' && test -f '$V/report.pdf' && test -f '$V/data/ratings.json'"
	# a build killed outright in the middle of the swap leaves both
	dead=$(sh -c 'echo $$')
	mkdir "$V/.podium-tmp-$dead" "$V/.podium-old-$dead" "$V/.podium-tmp-$$"
	echo x >"$V/.podium-tmp-$dead/index.html"
	echo y >"$V/.podium-old-$dead/report.pdf"
	"$PODIUM" build -C "$P" -o "$V" -q >"$O" 2>&1
	check "a later build removes the staging folders in OUT of a process gone, whatever they hold" \
	    sh -c "test $? = 0 && test ! -e '$V/.podium-tmp-$dead' && test ! -e '$V/.podium-old-$dead'"
	check "... but not a live process's" test -d "$V/.podium-tmp-$$"
	rmdir "$V/.podium-tmp-$$"
	out=$V
	used=$(du -sk "$V" | cut -f1)
	mount -o remount,size="$((used + 40))k" "$V"
	# the staging folder is made in OUT: OUT's own time changes
	skip=' \.$'
	failing "a full mount point: exit 3, one line, the old site byte-identical (but OUT's time), no staging folder" \
	    "podium: error: cannot write '$(q "$V")/\.podium-tmp-[0-9]+/[^']+': No space left on device"
	mount -o remount,size=4m,ro "$V"
	failing "a read-only mount point: exit 3, one line, the old site byte-identical" \
	    "podium: error: cannot create '$(q "$V")/\.podium-tmp-[0-9]+': Read-only file system"
	skip=$nothing
	mount -o remount,size=4m,rw "$V"
else
	skip "mount is not permitted here: no mount point OUT tests"
fi

# ---- signals and resource limits ----
B=$T/big
if cc -O2 -std=c17 -o "$T/gen" "$ROOT/tests/bench/gen.c" -lm 2>"$O" &&
    "$T/gen" 150 3 "$B" >/dev/null 2>&1; then
	B=$B/podium
	mkdir "$T/tmpdir"
	# started NAME PATH ARGS...: starts podium ARGS in the background
	# ($pid) and waits until PATH (a glob) exists: $seen says if it did
	started() {
		glob=$1
		shift
		TMPDIR=$T/tmpdir "$PODIUM" "$@" >/dev/null 2>&1 &
		pid=$!
		i=0
		seen=no
		while [ $i -lt 2000 ]; do
			# shellcheck disable=SC2086
			if ls -d $glob >/dev/null 2>&1; then
				seen=yes
				break
			fi
			i=$((i + 1))
			sleep 0.01
		done
	}
	for sig in TERM INT HUP; do
		started "$T/tmpdir/podium-check-*" check -C "$B" -q
		kill -"$sig" "$pid"
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		check "SIG$sig to a check (its temporary folder there: $seen) removes its folder" \
		    sh -c "test $seen = yes && test $rc -gt 128 && test -z \"\$(ls -A '$T/tmpdir')\""
	done
	# the old site (see t_drawers.sh): by the release binary under ASan
	old_site=$PODIUM
	[ -n "${PODIUM_SANITIZED:-}" ] && [ -x "$ROOT/podium" ] && old_site=$ROOT/podium
	"$old_site" build -C "$B" -q
	listing "$B/site" >"$T/sums/big"
	# an abort (a library's assertion, GLib out of threads) in a build
	started "$B/site.tmp-*" build -C "$B" -q
	kill -ABRT "$pid"
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	listing "$B/site" >"$T/sums/now"
	check "SIGABRT mid-build (staging folder there: $seen): exit 134, staging folder removed" \
	    sh -c "test $seen = yes && test $rc = 134 && ! ls -d '$B'/site.tmp-* 2>/dev/null | grep -q ."
	check "... and the old site byte-identical" cmp -s "$T/sums/big" "$T/sums/now"
else
	nok "cannot generate a large project with tests/bench/gen.c"
fi
# A limit on the address space (ulimit -v). Under the minimum podium
# states (WORKERS_BASE_KB, include/workers.h: 131072 kB) a build is refused
# before it reads or writes anything; at the minimum it succeeds whatever
# the number of threads (they are as many as the limit leaves room for);
# above it, a library that cannot allocate ends the process on a signal,
# which podium explains (exit 3, staging removed, the old site kept).
# Under about 78,000 kB podium cannot start: the dynamic loader cannot map
# the libraries (exit 127, its own message), or, a little above, jemalloc
# fails in a library's constructor before main (SIGSEGV): nothing is
# touched either way.
out=$P/site
"$PODIUM" build -C "$P" -o "$out" -q
sums() { (cd "$1" && find . -type f -exec sha256sum {} + | sort -k 2); }
# limited KB NAME CHECK...: a build of P under ulimit -v KB, then CHECK,
# and the old site byte-identical with no staging folder left
limited() {
	kb=$1 name=$2
	shift 2
	listing "$out" >"$T/sums/before"
	sh -c "ulimit -v $kb && exec '$PODIUM' build -C '$P' -o '$out' -q" >"$O" 2>&1
	rc=$?
	export rc
	listing "$out" >"$T/sums/after"
	check "ulimit -v $kb: $name" "$@"
	check "ulimit -v $kb: no staging folder left, the old site byte-identical" \
	    sh -c "cmp -s '$T/sums/before' '$T/sums/after' && ! ls -d '$out'.tmp-* 2>/dev/null | grep -q ."
}
if sh -c "ulimit -v 400000 && exec '$PODIUM' --version" >/dev/null 2>&1; then
	sums "$out" >"$T/sums/ref"
	for th in 1 2 8; do
		(ulimit -v 131072 && PODIUM_THREADS=$th exec "$PODIUM" build -C "$P" -o "$out" -q) >"$O" 2>&1
		rc=$?
		sums "$out" >"$T/sums/now"
		check "ulimit -v 131072 (the minimum), PODIUM_THREADS=$th: the build succeeds, the same site" \
		    sh -c "test $rc = 0 && test ! -s '$O' && cmp -s '$T/sums/ref' '$T/sums/now'"
	done
	for kb in 131071 100000 80000; do
		limited $kb "refused up front: exit 3, one message, word for word" \
		    sh -c "test \$rc = 3 && test \"\$(cat '$O')\" = 'podium: error: out of memory: the address-space limit (ulimit -v $kb) is below the 131072 kB a build needs; raise it, or lift it (ulimit -v unlimited)'"
	done
	for kb in 60000 45000; do
		limited $kb "podium cannot start: the loader says so (exit 127)" \
		    sh -c "test \$rc = 127 && grep -q 'error while loading shared libraries: .*: failed to map segment' '$O'"
	done
	if [ -d "$B" ]; then
		# the large project: at the minimum a chart runs out of memory,
		# and says so
		sh -c "ulimit -v 131072 && exec '$PODIUM' build -C '$B' -o '$T/oom' -q" >"$O" 2>&1
		rc=$?
		chart_why() {
			test "$rc" = 3 &&
			    grep -Eqx "podium: error: cannot draw chart '[^']+': out of memory" "$O"
		}
		check "the large project at the minimum: a chart that cannot be drawn says why (exit $rc)" \
		    chart_why
		# a library's crash under a limit: explained, exit 3, staging removed
		for sig in SEGV TRAP ABRT BUS; do
			TMPDIR=$T/tmpdir sh -c "ulimit -v 1000000 && exec '$PODIUM' build -C '$B' -q" \
			    >"$O" 2>&1 &
			pid=$!
			i=0
			seen=no
			while [ $i -lt 2000 ]; do
				if ls -d "$B"/site.tmp-* >/dev/null 2>&1; then
					seen=yes
					break
				fi
				i=$((i + 1))
				sleep 0.01
			done
			kill -"$sig" "$pid"
			{ wait "$pid"; } 2>/dev/null
			rc=$?
			listing "$B/site" >"$T/sums/now"
			check "SIG$sig under ulimit -v 1000000 mid-build (staging there: $seen): exit 3, one message, word for word" \
			    sh -c "test $seen = yes && test $rc = 3 && test \"\$(cat '$O')\" = 'podium: error: the build stopped on SIG$sig in a library: out of memory under the address-space limit (ulimit -v 1000000 kB); the staging folder is removed, the previous site kept; raise the limit'"
			check "... staging folder removed, the old site byte-identical" \
			    sh -c "! ls -d '$B'/site.tmp-* 2>/dev/null | grep -q . && cmp -s '$T/sums/big' '$T/sums/now'"
		done
	fi
else
	# a sanitized build maps terabytes of shadow memory: no limit applies
	ok "ulimit -v: in the release pass (a sanitized build cannot start under any limit)"
fi

exit $((fails > 0))
