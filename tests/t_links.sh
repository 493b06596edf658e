#!/bin/sh
# t_links.sh: builds the default report and the HTML fixture, then opens
# every page and checks that every href and src resolves to a file in the
# output folder, and every #anchor to an id in the page it names. Links must
# be relative (the site works from any folder and from file://), except the
# 404 page's with a base_url, which start at its path ("/tiny/") to work at
# any depth of that site.
# Usage as a tool: sh tests/t_links.sh SITE_DIR (walks that folder only).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

# walk SITE: prints one line per broken link, "page: link: why".
walk() {
	(cd "$1" && find . -type f | sed 's|^\./||' | sort > "$T/files" &&
	find . -name '*.html' | sed 's|^\./||' | sort > "$T/pages" &&
	base=$(sed -n 's|.*<link rel="stylesheet" href="\(/[^"]*\)assets/style\.css">.*|\1|p' 404.html 2>/dev/null; true) &&
	awk -v base="$base" '
	function decode(s,   out, i, c, h) {
		gsub(/&amp;/, "\\&", s); gsub(/&quot;/, "\"", s); gsub(/&#39;/, "\047", s)
		gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s)
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "%" && i + 2 <= length(s)) {
				h = toupper(substr(s, i + 1, 2))
				out = out sprintf("%c", hex(h)); i += 2
			} else
				out = out c
		}
		return out
	}
	function hex(h,   d) {
		d = "0123456789ABCDEF"
		return (index(d, substr(h, 1, 1)) - 1) * 16 + index(d, substr(h, 2, 1)) - 1
	}
	function resolve(dir, rel,   n, parts, i, stack, sp, out) {
		n = split(dir rel, parts, "/")
		sp = 0
		for (i = 1; i <= n; i++) {
			if (parts[i] == "." || (parts[i] == "" && i < n)) continue
			if (parts[i] == "..") { if (sp == 0) return "/OUTSIDE"; sp--; continue }
			stack[++sp] = parts[i]
		}
		out = ""
		for (i = 1; i <= sp; i++) out = out (i > 1 ? "/" : "") stack[i]
		return out
	}
	FILENAME == "'"$T/files"'" { file[$0] = 1; next }
	FILENAME == "'"$T/pages"'" { pages[++np] = $0; next }
	END {
		for (p = 1; p <= np; p++) {
			page = pages[p]
			dir = page; sub(/[^\/]*$/, "", dir)
			while ((getline line < page) > 0) {
				s = line
				while (match(s, / id="[^"]*"/)) {
					ids[page "#" decode(substr(s, RSTART + 5, RLENGTH - 6))] = 1
					s = substr(s, RSTART + RLENGTH)
				}
				s = line
				while (match(s, / (href|src)="[^"]*"/)) {
					v = substr(s, RSTART + 1, RLENGTH - 1)
					sub(/^[a-z]+="/, "", v); sub(/"$/, "", v)
					links[++nl] = page "\t" v
					s = substr(s, RSTART + RLENGTH)
				}
			}
			close(page)
		}
		for (i = 1; i <= nl; i++) {
			split(links[i], a, "\t"); page = a[1]; v = a[2]
			dir = page; sub(/[^\/]*$/, "", dir)
			if (v ~ /^(https?:|mailto:)/) continue
			# 404.html with a base_url: its links start at its path
			if (page == "404.html" && base != "" && index(v, base) == 1) {
				v = substr(v, length(base) + 1); dir = ""
			}
			if (v ~ /^[a-zA-Z][a-zA-Z0-9+.-]*:/ || v ~ /^\//) {
				print page ": " v ": not relative"; continue
			}
			frag = ""
			if ((k = index(v, "#")) > 0) { frag = substr(v, k + 1); v = substr(v, 1, k - 1) }
			target = v == "" ? page : resolve(dir, decode(v))
			if (!(target in file)) { print page ": " a[2] ": no such file"; continue }
			if (frag != "" && target ~ /\.html$/ && !((target "#" decode(frag)) in ids))
				print page ": " a[2] ": no such anchor"
			checked++
		}
		if (checked == 0) print "(no link checked)"
	}' "$T/files" "$T/pages")
}

check_site() {
	name=$1
	site=$2
	if [ ! -f "$site/index.html" ]; then
		echo "not ok - $name: no index.html"
		fail=1
		return
	fi
	# Every build draws its charts: a site without them fails, and its
	# links to them are checked like any other.
	if [ ! -d "$site/charts" ]; then
		echo "not ok - $name: no charts/"
		fail=1
	fi
	walk "$site" > "$T/broken"
	if [ -s "$T/broken" ]; then
		echo "not ok - $name: broken links"
		head -n 20 "$T/broken"
		fail=1
	else
		echo "ok - $name: every href, src and #anchor resolves ($(wc -l < "$T/pages") pages)"
	fi
}

if [ -n "$1" ]; then
	check_site "$1" "$1"
	exit $fail
fi

# full builds: the pages link the PDF and the data
if "$PODIUM" build -q -C "$ROOT" -o "$T/default" 2> "$T/err"; then
	check_site "default report" "$T/default"
else
	echo "not ok - default report builds"
	head -n 20 "$T/err"
	fail=1
fi
if "$PODIUM" build -q -C "$ROOT/tests/golden/site/project" -o "$T/fixture" 2> "$T/err"; then
	check_site "fixture report" "$T/fixture"
else
	echo "not ok - fixture report builds"
	head -n 20 "$T/err"
	fail=1
fi
exit $fail
