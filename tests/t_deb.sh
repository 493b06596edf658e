#!/bin/sh
# t_deb.sh: the Debian package (tools/deb.sh, `make deb`). It is built from
# $PODIUM, installed with dpkg into an empty root (its own status database,
# so nothing on this machine changes), and the podium installed there builds
# the default report exactly as $PODIUM does. Its Depends must name the
# package of every library the binary is linked to, and resolve on this
# system (apt-get --simulate). The package is made of the release binary,
# ./podium, as `make deb` makes it (one built with ASan links more libraries
# and is never packaged), so it is tested once, in the release pass
# (tests/once.sh): the sanitized run and valgrind's check that their podium
# builds the default report as the release binary does.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
. "$ROOT/tests/once.sh"
release_pass_only "the Debian package" "$ROOT" && exit "$fails"

if ! need "the Debian package" dpkg dpkg-deb dpkg-query readelf; then
	exit "$fails"
fi

if deb=$(sh "$ROOT/tools/deb.sh" "$PODIUM" "$T/out" 2>"$T/err") && [ -f "$deb" ]; then
	ok "tools/deb.sh builds $(basename "$deb")"
else
	nok "tools/deb.sh builds a package"
	cat "$T/err"
	exit 1
fi
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = podium ] && [ "$(field Architecture)" = "$(dpkg --print-architecture)" ] &&
    ok "the package is podium, for $(field Architecture)" || nok "the package is podium, for this architecture"
v=$("$PODIUM" --version | sed -n '1s/^podium //p')
case "$(field Version)" in
"$v" | *"$v"* | 0~*) ok "its version is podium's ($(field Version))" ;;
*) nok "its version is podium's: $(field Version) for $v" ;;
esac

# The package of each library the binary needs (dpkg -S knows it under
# /lib or /usr/lib, whichever it was installed as).
field Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort -u >"$T/depends"
missing=""
for lib in $(readelf -d "$PODIUM" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
	case "$lib" in libasan* | libubsan* | liblsan*) continue ;; esac
	pkg=""
	for d in $(ldconfig -p | sed -n "s|^\t$lib .*=> \(.*\)/[^/]*$|\1|p") /lib/x86_64-linux-gnu \
	    /usr/lib/x86_64-linux-gnu /lib /usr/lib; do
		pkg=$(dpkg -S "$d/$lib" 2>/dev/null | sed -n '1s/:.*//p')
		[ -n "$pkg" ] && break
		pkg=$(dpkg -S "$(readlink -f "$d/$lib" 2>/dev/null)" 2>/dev/null | sed -n '1s/:.*//p')
		[ -n "$pkg" ] && break
	done
	if [ -z "$pkg" ] || ! grep -qx "$pkg" "$T/depends"; then
		missing="$missing $lib(${pkg:-unknown})"
	fi
done
if [ -z "$missing" ]; then
	ok "Depends names the package of every library podium is linked to"
else
	nok "Depends names the package of every library podium is linked to; missing:$missing"
fi
grep -qx fonts-dejavu-core "$T/depends" && grep -qx fonts-texgyre "$T/depends" &&
    ok "Depends names the fonts (fonts-texgyre, fonts-dejavu-core)" ||
    nok "Depends names the fonts (fonts-texgyre, fonts-dejavu-core)"
if need "the package's dependencies resolve" apt-get; then
	if apt-get -s -q install "$deb" >"$T/apt" 2>&1; then
		ok "its dependencies resolve here (apt-get --simulate install)"
	else
		nok "its dependencies resolve here (apt-get --simulate install)"
		tail -n 10 "$T/apt"
	fi
fi

# Installed by dpkg into an empty root.
R="$T/root"
mkdir -p "$R/var/lib/dpkg/info" "$R/var/lib/dpkg/updates"
: >"$R/var/lib/dpkg/status"
: >"$R/var/lib/dpkg/available"
if dpkg --root="$R" --force-depends --force-not-root --log=/dev/null -i "$deb" >"$T/dpkg" 2>&1 &&
    dpkg-query --admindir="$R/var/lib/dpkg" -W -f='${Status}' podium | grep -q 'install ok installed'; then
	ok "dpkg installs it into an empty root"
else
	nok "dpkg installs it into an empty root"
	tail -n 10 "$T/dpkg"
fi
missing=""
for f in usr/bin/podium usr/share/podium/templates/home.mustache usr/share/podium/assets/style.css; do
	[ -f "$R/$f" ] || missing="$missing $f"
done
[ -z "$missing" ] && ok "it installs the program, its templates and assets" ||
    nok "it installs the program, its templates and assets; missing:$missing"
# Every man page of man/ is in the package, the same text, and man renders
# it; `man NAME` finds it there (podium-tutorial, podium-templates too).
n=0
for m in "$ROOT"/man/*.[1-9]; do
	name=${m##*/}
	sec=${name##*.}
	f=$R/usr/share/man/man$sec/$name.gz
	n=$((n + 1))
	if [ -f "$f" ] && gzip -dc "$f" | cmp -s - "$m"; then
		ok "the package has the man page $name"
	else
		nok "the package has the man page $name (usr/share/man/man$sec/$name.gz)"
		continue
	fi
	if need "man renders $name" man; then
		page=${name%.*}
		MANWIDTH=80 man -M "$R/usr/share/man" "$sec" "$page" >"$T/man" 2>"$T/manerr" </dev/null
		rc=$?
		if [ "$rc" = 0 ] && grep -q "^NAME" "$T/man" && [ ! -s "$T/manerr" ]; then
			ok "man -M ROOT/usr/share/man $sec $page renders it ($(wc -l <"$T/man") lines)"
		else
			nok "man -M ROOT/usr/share/man $sec $page renders it (exit $rc)"
			head -n 5 "$T/manerr" | sed 's/^/# /'
		fi
	fi
done
[ "$n" -ge 4 ] && ok "man/ has its $n man pages" || nok "man/ has its man pages ($n)"

# The installed podium builds the default report, byte for byte as $PODIUM.
if "$R/usr/bin/podium" build -q -C "$ROOT" -o "$T/site-deb" 2>"$T/err"; then
	ok "the installed podium builds the default report"
	"$PODIUM" build -q -C "$ROOT" -o "$T/site" 2>/dev/null
	if [ -f "$T/site-deb/report.pdf" ] && [ -f "$T/site-deb/index.html" ] &&
	    diff -r "$T/site" "$T/site-deb" >"$T/diff"; then
		ok "... the same site and PDF as $PODIUM ($(find "$T/site-deb" -type f | wc -l) files)"
	else
		nok "... the same site and PDF as $PODIUM"
		head -n 10 "$T/diff"
	fi
else
	nok "the installed podium builds the default report"
	head -n 10 "$T/err"
fi
[ "$fails" -eq 0 ]
