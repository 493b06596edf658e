#!/bin/sh
# deb.sh BINARY OUTDIR: builds OUTDIR/podium_VERSION_ARCH.deb with dpkg-deb
# (no debhelper): BINARY as /usr/bin/podium, the man pages, and the built-in
# templates and assets under /usr/share/podium (as `make install` lays them
# out with PREFIX=/usr). Depends: tools/runtime-packages, the packages the
# program needs to run (tests/t_deb.sh checks that every library the binary
# is linked to comes from one of them). Prints the package's path.
set -eu
BIN=$1
OUT=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# The version podium reports, made a Debian version: only [A-Za-z0-9.+~-],
# starting with a digit.
v=$("$BIN" --version | sed -n '1s/^podium //p' | sed 's/[^A-Za-z0-9.+~-]/+/g')
case "$v" in [0-9]*) ;; *) v="0~$v" ;; esac
arch=$(dpkg --print-architecture)
deps=$(grep -v '^#' "$ROOT/tools/runtime-packages" | grep . | paste -sd, - | sed 's/,/, /g')

mkdir -p "$OUT"
S=$(mktemp -d "$OUT/deb-root.XXXXXX")
trap 'rm -rf "$S"' EXIT
mkdir -p "$S/DEBIAN" "$S/usr/bin" "$S/usr/share/podium" "$S/usr/share/doc/podium"
install -m 0755 "$BIN" "$S/usr/bin/podium"
# every man page in man/, in the section its name ends with
for m in "$ROOT"/man/*.[1-9]; do
	sec=${m##*.}
	mkdir -p "$S/usr/share/man/man$sec"
	gzip -9n <"$m" >"$S/usr/share/man/man$sec/${m##*/}.gz"
done
(cd "$ROOT" && tar -cf - templates assets) | (cd "$S/usr/share/podium" && tar -xf -)
cat >"$S/usr/share/doc/podium/README.Debian" <<'TXT'
podium: a static report generator for ratings publications.
The built-in templates and assets are in /usr/share/podium, to copy into a
project's templates/ and assets/ as a start; podium itself carries them.
See podium(1), podium(5), podium-templates(5) and podium-tutorial(7).
TXT
find "$S" -type d -exec chmod 0755 {} +
find "$S/usr/share" -type f -exec chmod 0644 {} +
size=$(du -sk "$S/usr" | cut -f1)
cat >"$S/DEBIAN/control" <<CTL
Package: podium
Version: $v
Architecture: $arch
Maintainer: podium developers <podium@localhost>
Installed-Size: $size
Depends: $deps
Section: text
Priority: optional
Description: static report generator for ratings publications
 podium turns a ratings report kept as YAML and Markdown into a static
 HTML site, a PDF report, charts, and JSON and CSV exports, and serves a
 live preview while the report is edited.
CTL
deb="$OUT/podium_${v}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$S" "$deb" >/dev/null
echo "$deb"
