#!/bin/sh
# run.sh: background (whole-system: run once, in the release pass, beside the rest)
# t_docker.sh: the Dockerfile, built without docker. No container registry
# is reachable here, but Debian is: debootstrap --variant=minbase bookworm
# makes the root file system debian:12-slim is made of, and the Dockerfile's
# steps are followed in it, one by one, as docker would (FROM: a fresh copy
# of that root; COPY from the build context, a fresh clone of this
# repository, or --from an earlier stage; RUN in a chroot, as USER, in
# WORKDIR; ENTRYPOINT and CMD kept). Then the image is run as its README
# line runs it (docker run --rm -v "$PWD:/report" podium build: the report,
# owned by the image's user, in /report) and the site it builds must be
# byte for byte the one $PODIUM builds from the same clone. Slow (a few
# minutes, most of it fetching packages), so it runs in CI and where
# PODIUM_DOCKER_TEST=1, as root, in the release pass only.
: "${PODIUM:?}" "${ROOT:?}"
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
if [ "${PODIUM_DOCKER_TEST:-}" != 1 ] && [ "${CI:-}" != true ]; then
	echo "ok - # skip the Dockerfile's image: opt-in, PODIUM_DOCKER_TEST=1 (CI runs it)"
	exit 0
fi
if [ -n "${PODIUM_SANITIZED:-}" ] || [ -n "${PODIUM_BIN:-}" ]; then
	ok "the Dockerfile's image: built in the release pass"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	skip "the Dockerfile's image: chroot needs root"
	exit "$fails"
fi
need "the Dockerfile's image" debootstrap chroot git || exit "$fails"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
s() { date +%s; }
ENVPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# offer_debs ROOT: the packages this machine's apt has fetched already,
# hard-linked into ROOT's apt cache, so that the image's apt-get install
# takes those it needs from there instead of fetching them again (cached
# within the run: apt checks each against the package lists it has just
# fetched, and fetches any other; a file it refuses it unlinks, which
# leaves the machine's own copy alone). None where links cannot be made
# (another file system): then everything is fetched, as before.
offer_debs() {
	_d=$1/var/cache/apt/archives
	mkdir -p "$_d"
	for _f in /var/cache/apt/archives/*.deb; do
		[ -f "$_f" ] || continue
		ln "$_f" "$_d/" 2>/dev/null || break
	done
}

t0=$(s)
if debootstrap --variant=minbase bookworm "$T/base" >"$T/debootstrap.log" 2>&1; then
	ok "debootstrap --variant=minbase bookworm ($(($(s) - t0)) s)"
else
	nok "debootstrap --variant=minbase bookworm"
	tail -n 5 "$T/debootstrap.log" | sed 's/^/# /'
	exit 1
fi
git clone -q "$ROOT" "$T/ctx" || { nok "a fresh clone as the build context"; exit 1; }

# The Dockerfile's instructions, one a line (continuations joined).
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$T/ctx/Dockerfile" | grep -v '^[[:space:]]*#' |
    grep . >"$T/steps"
n=0 root="" wd=/ user="" entry="" cmd=""
while IFS= read -r line; do
	n=$((n + 1))
	op=${line%% *}
	arg=${line#* }
	t0=$(s)
	case "$op" in
	FROM)
		image=${arg%% *}
		if [ "$image" != debian:12-slim ]; then
			nok "FROM $image: only debian:12-slim is made here"
			break
		fi
		n_stage=$((${n_stage:-0} + 1))
		root=$T/stage$n_stage
		cp -a "$T/base" "$root"
		offer_debs "$root"
		case "$arg" in *" AS "*) ln -s "$root" "$T/as-${arg##* AS }" ;; esac
		wd=/ user="" rc=0 ;;
	WORKDIR)
		wd=$arg
		mkdir -p "$root$wd"
		rc=$? ;;
	USER)
		user=$arg
		rc=0 ;;
	COPY)
		from="$T/ctx"
		case "$arg" in --from=*)
			name=${arg%% *}
			from=$T/as-${name#--from=}
			arg=${arg#* } ;;
		esac
		dst=${arg##* }
		srcs=${arg% *}
		case "$dst" in /*) ;; *) dst=$wd/$dst ;; esac
		rc=0
		for src in $srcs; do
			# shellcheck disable=SC2086
			for f in $(cd "$from" && ls -d ${src#/}); do
				if [ "$f" = . ]; then
					mkdir -p "$root$dst" && cp -a "$from/." "$root$dst/" || rc=1
				else
					case "$dst" in
					*/) mkdir -p "$root$dst" ;;
					esac
					cp -a "$from/$f" "$root$dst" || rc=1
				fi
			done
		done ;;
	RUN)
		if [ -n "$user" ]; then
			u=$(chroot "$root" id -u "$user"):$(chroot "$root" id -g "$user")
			chroot --userspec="$u" "$root" /usr/bin/env -i PATH=$ENVPATH HOME=/ \
			    /bin/sh -c "cd '$wd' && $arg" >"$T/run$n.log" 2>&1
		else
			chroot "$root" /usr/bin/env -i PATH=$ENVPATH HOME=/root \
			    /bin/sh -c "cd '$wd' && $arg" >"$T/run$n.log" 2>&1
		fi
		rc=$? ;;
	ENTRYPOINT) entry=$(printf '%s' "$arg" | sed 's/^\[//; s/\]$//; s/"//g; s/, */ /g'); rc=0 ;;
	CMD) cmd=$(printf '%s' "$arg" | sed 's/^\[//; s/\]$//; s/"//g; s/, */ /g'); rc=0 ;;
	*) echo "# $op: not followed here"; rc=1 ;;
	esac
	short=$(printf '%s' "$line" | cut -c1-70)
	if [ "$rc" = 0 ]; then
		ok "step $n: $short ($(($(s) - t0)) s)"
	else
		nok "step $n: $short (exit $rc)"
		[ -f "$T/run$n.log" ] && tail -n 10 "$T/run$n.log" | sed 's/^/# /'
		exit 1
	fi
done <"$T/steps"
[ "$n" -ge 10 ] && [ "${n_stage:-0}" = 2 ] && ok "the Dockerfile: $n steps in 2 stages" ||
    nok "the Dockerfile: its steps ($n, ${n_stage:-0} stages)"
[ "$entry" = podium ] && [ "$cmd" = --help ] && ok "ENTRYPOINT podium, CMD --help" ||
    nok "ENTRYPOINT podium, CMD --help ('$entry' '$cmd')"

# docker run --rm -v "$PWD:/report" podium build, and podium --help
u=$(chroot "$root" id -u "${user:-root}"):$(chroot "$root" id -g "${user:-root}")
run() {
	chroot --userspec="$u" "$root" /usr/bin/env -i PATH=$ENVPATH HOME=/home/podium \
	    TZ=UTC LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH" \
	    /bin/sh -c "cd '$wd' && exec \"\$@\"" sh $entry "$@"
}
run $cmd >"$T/help" 2>&1 && grep -q '^usage' "$T/help" && ok "the image runs podium --help" ||
    { nok "the image runs podium --help"; head -n 5 "$T/help" | sed 's/^/# /'; }
mkdir -p "$root$wd"
cp -R "$T/ctx/content" "$root$wd/content"
chown -R "$u" "$root$wd"
if run build >"$T/build.log" 2>&1; then
	ok "the image builds the default report in $wd"
else
	nok "the image builds the default report in $wd"
	tail -n 10 "$T/build.log" | sed 's/^/# /'
fi
"$PODIUM" build -q -C "$T/ctx" -o "$T/site" 2>"$T/err"
if [ -f "$root$wd/site/report.pdf" ] && diff -r "$T/site" "$root$wd/site" >"$T/diff"; then
	ok "... byte for byte the site $PODIUM builds ($(find "$T/site" -type f | wc -l) files)"
else
	nok "... byte for byte the site $PODIUM builds"
	head -n 10 "$T/diff" "$T/err" | sed 's/^/# /'
fi
exit "$fails"
