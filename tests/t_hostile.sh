#!/bin/sh
# t_hostile.sh: hostile input.
# 1. The escaping audit. tests/fixtures/hostile is a valid project whose
#    every text field holds <script>alert(1)</script>, "'><img src=x
#    onerror=alert(1)> and javascript:alert(1), with allow_html off. After a
#    build, none of them may reach an HTML page, SVG or XML file unescaped,
#    the JSON and CSV must stay well-formed, and the PDF must show them as
#    text. Control characters in a string (U+0001, U+001B, U+0085, ...) are
#    refused by the loader, each with its place.
# 2. CSV cells a spreadsheet would run as a formula are neutralised.
# 3. Project templates and assets that cannot be used (a FIFO, a device, a
#    folder, a symlink out of the project, unreadable, too big) and an
#    unreadable content/: each an error, word for word, within seconds, and
#    an earlier site left as it was. Unreadable files are tried as an
#    unprivileged user (setpriv) when the test runs as root.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
fails=0
S="$T/site"

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
. "$ROOT/tests/skip.sh"

C01=$(printf '\001')
ESC=$(printf '\033')
NEL=$(printf '\302\205')

if "$PODIUM" build -q -C "$ROOT/tests/fixtures/hostile" -o "$S" 2>"$T/err"; then
	ok "hostile fixture builds"
else
	nok "hostile fixture builds"
	cat "$T/err"
	exit 1
fi

find "$S" -type f \( -name '*.html' -o -name '*.svg' -o -name '*.xml' \) | sort >"$T/markup"
check "some pages or charts are written" '[ -s "$T/markup" ]'
bad=""
while IFS= read -r f; do
	if LC_ALL=C grep -q -i -e '<script>alert' -e '<img src=x' -e "\"'>" \
	    -e 'href="javascript:' -e 'src="javascript:' -e "$C01" -e "$ESC" -e "$NEL" "$f"; then
		bad="$bad ${f#"$S"/}"
	fi
done <"$T/markup"
check "no hostile string unescaped in HTML, SVG or XML:$bad" '[ -z "$bad" ]'
check "the hostile strings are shown, escaped" \
    'xargs grep -l -F "&lt;script&gt;alert(1)&lt;/script&gt;" <"$T/markup" | grep -q .'

# The hostile text as the loader keeps it (control characters aside).
H1='<script>alert(1)</script>'
H2='"'"'"'><img src=x onerror=alert(1)>'
J="$S/data/ratings.json"
check "ratings.json is written" '[ -f "$J" ]'
if [ -f "$J" ]; then
	check "ratings.json has no raw control character" \
	    '! LC_ALL=C grep -q -e "$C01" -e "$ESC" "$J"'
	check "ratings.json escapes the quote" 'grep -q -F "\\$H2" "$J"'
	if need "ratings.json parses and keeps the name" jq; then
		name=$(jq -r '.providers[0].name' "$J")
		check "ratings.json parses and keeps the name" \
		    '[ "$name" = "$H1 $H2 javascript:alert(1) end" ]'
	fi
fi

CSV="$S/data/ratings.csv"
check "ratings.csv is written" '[ -f "$CSV" ]'
if [ -f "$CSV" ]; then
	# Every record has the 16 fields of the header (10 built in, and the
	# fixture's declared kind, country, motto, blurb, tags and remark),
	# quotes respected.
	n=$(awk '{ for (i = 1; i <= length($0); i++) {
	        c = substr($0, i, 1); if (c == "\"") q = !q; else if (c == "," && !q) nf++ }
	      if (q) next; if (nf + 1 != 16) bad++; nf = 0 }
	    END { print bad + 0 + (q ? 1 : 0) }' "$CSV")
	check "ratings.csv: every record has 16 fields ($n bad)" '[ "$n" -eq 0 ]'
	quoted=$(printf '%s' "\"$H1 $H2" | sed 's/"'"'"'>/""'"'"'>/')
	check "ratings.csv holds the name, quoted" 'grep -q -F "$quoted" "$CSV"'
fi

check "report.pdf is written" '[ -f "$S/report.pdf" ]'
if need "report.pdf shows the hostile strings as text" pdftotext; then
	pdftotext "$S/report.pdf" "$T/pdf.txt"
	check "report.pdf shows <script> as text" 'grep -q -F "$H1" "$T/pdf.txt"'
	check "report.pdf shows the attribute breakout as text" 'grep -q -F "$H2" "$T/pdf.txt"'
fi

# Every other field too: claim notes, field names, values and units, list
# items, practice names and descriptions, source titles, criteria, tier
# descriptions and groups, the report's description and strings overrides
# hold a second payload, tagged [FIELD]: a </script>, an <svg onload>, a
# CDATA end and a comment, a quote to break out of an attribute, a
# javascript: URL (and, in a value, a CSV formula). Each tag must reach the
# pages (escaped: a parser finds no element or attribute it would make),
# and those the PDF shows, its text.
Q='</script><svg/onload=alert(2)>]]><!-- " onfocus=alert(3) autofocus x=" javascript:alert(4)'
TAGS="description tier-description tier-group field-name review-field-name field-unit
    strings-medals strings-contents practice-name practice-description claim-note
    claim-note-1 criterion-name field-value text-field list-value review-field-value source-title"
PDF_TAGS="tier-description tier-group field-name review-field-name field-unit strings-medals
    strings-contents practice-name claim-note criterion-name field-value text-field
    list-value review-field-value source-title"
missing=""
for tag in $TAGS; do
	xargs grep -l -F "[$tag]" <"$T/markup" | grep -q . || missing="$missing $tag"
done
check "every tagged field reaches the pages:$missing" '[ -z "$missing" ]'
bad=""
while IFS= read -r f; do
	LC_ALL=C grep -q -F -e '<svg/onload' -e ']]><!--' -e '" onfocus=alert(3)' -e '</script><svg' \
	    -e 'x=" javascript' "$f" && bad="$bad ${f#"$S"/}"
done <"$T/markup"
check "the second payload nowhere raw in HTML, SVG or XML:$bad" '[ -z "$bad" ]'
if need "the pages parsed: no element or attribute from content" python3; then
	python3 - "$S" >"$T/parsed" 2>&1 <<'PY'
import html.parser, json, os, sys, xml.etree.ElementTree as ET
root = sys.argv[1]
bad = []
EVENTS = ("onload", "onerror", "onfocus", "onmouseover", "autofocus")
class P(html.parser.HTMLParser):
    def __init__(self, name):
        super().__init__(convert_charrefs=True)
        self.name, self.in_script = name, False
    def handle_starttag(self, tag, attrs):
        if tag == "script":
            # JSON-LD holds content by design: it must parse as JSON, with
            # no "<" (t_jsonld); any other script holds none
            self.in_script = "ld" if ("type", "application/ld+json") in attrs else True
        if tag in ("svg", "img") and self.name.endswith(".html") and any(k in EVENTS for k, _ in attrs):
            bad.append("%s: <%s> with an event attribute" % (self.name, tag))
        for k, v in attrs:
            if k in EVENTS or k.startswith("on"):
                bad.append("%s: <%s %s=...>" % (self.name, tag, k))
            if k in ("href", "src", "action", "formaction") and v and v.strip().lower().startswith("javascript:"):
                bad.append("%s: <%s %s=%r>" % (self.name, tag, k, v))
    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False
    def handle_data(self, d):
        if self.in_script == "ld":
            try:
                json.loads(d)
            except ValueError:
                bad.append("%s: JSON-LD that does not parse" % self.name)
            if "<" in d or ">" in d:
                bad.append("%s: '<' or '>' in JSON-LD" % self.name)
        elif self.in_script and ("alert(" in d or "[" in d and "]" in d and "onfocus" in d):
            bad.append("%s: content inside a <script>: %r" % (self.name, d[:60]))
    def handle_comment(self, d):
        if "onfocus" in d or "alert(" in d:
            bad.append("%s: content inside a comment" % self.name)
n = 0
for dp, dn, fn in os.walk(root):
    for f in fn:
        path = os.path.join(dp, f)
        rel = os.path.relpath(path, root)
        if f.endswith(".html"):
            p = P(rel)
            p.feed(open(path, encoding="utf-8").read())
            p.close()
            n += 1
        elif f.endswith((".svg", ".xml")):
            try:
                t = ET.parse(path)
            except ET.ParseError as e:
                bad.append("%s: not well-formed: %s" % (rel, e))
                continue
            n += 1
            for el in t.iter():
                tag = el.tag.split("}")[-1]
                if tag in ("script", "foreignObject"):
                    bad.append("%s: a <%s> element" % (rel, tag))
                for k in el.attrib:
                    if k.split("}")[-1].startswith("on"):
                        bad.append("%s: <%s %s=...>" % (rel, tag, k))
print(n)
for b in bad:
    print(b)
sys.exit(1 if bad or n == 0 else 0)
PY
	check "HTML, SVG and XML parsed ($(head -n 1 "$T/parsed") files): no element, attribute or script text from content" \
	    '[ $? = 0 ] || { sed -n "2,11p" "$T/parsed"; false; }'
fi
if [ -f "$J" ] && need "ratings.json keeps the second payload" jq; then
	v=$(jq -r '.providers[] | select(.id == "acme") | .fields.motto' "$J")
	check "ratings.json parses and keeps a field value as written" \
	    '[ "$v" = "=cmd|'"' /C calc'"'!A0 $Q [field-value]" ]'
fi
if need "ratings.csv: no cell a spreadsheet would run" python3; then
	python3 - "$CSV" >"$T/cells" 2>&1 <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
bad, seen = [], 0
for r in rows[1:]:
    for c in r:
        if "[field-value]" in c or "[list-value]" in c:
            seen += 1
        if c[:1] in ("=", "+", "@", "\t", "\r") or (c[:1] == "-" and not c.lstrip("-").replace(".", "").isdigit()):
            bad.append(c[:40])
print(seen)
print("\n".join(bad))
sys.exit(1 if bad or seen < 2 else 0)
PY
	check "ratings.csv: the formula cells neutralised ($(head -n 1 "$T/cells") seen)" \
	    '[ $? = 0 ] || { sed -n "2,6p" "$T/cells"; false; }'
fi
if need "report.pdf shows every tagged field as text" pdftotext; then
	[ -f "$T/pdf.txt" ] || pdftotext "$S/report.pdf" "$T/pdf.txt"
	# the text without its spaces: pdftotext breaks lines where the PDF
	# does, even inside a word; a Markdown field's quotes and dashes are
	# typographic (cmark's smart punctuation), read here as typed
	tr -d ' \n' <"$T/pdf.txt" |
	    sed 's/[“”]/"/g; s/[‘’]/'"'"'/g; s/—/---/g; s/–/--/g' >"$T/pdf.line"
	q=$(printf '%s' "$Q" | tr -d ' ')
	missing=""
	for tag in $PDF_TAGS; do
		grep -q -F "$q[$tag]" "$T/pdf.line" || missing="$missing $tag"
	done
	check "report.pdf shows each tagged field's payload as text:$missing" '[ -z "$missing" ]'
fi

# A javascript: link, where a URL goes, is refused with an error at the URL.
cp -R "$ROOT/tests/fixtures/hostile" "$T/proj"
printf '\n[x](javascript:alert(1))\n' >>"$T/proj/content/commentary/summary.md"
(cd "$T" && "$PODIUM" check -C proj >/dev/null 2>"$T/err"; echo "exit $?" >>"$T/err")
line=$(wc -l <"$T/proj/content/commentary/summary.md")
printf '%s\n' "content/commentary/summary.md:$((line)):5: error: link to 'javascript:alert(1)' refused: only http(s), mailto and relative links" "exit 1" >"$T/want"
check "a javascript: link is refused" 'cmp -s "$T/want" "$T/err" || { diff "$T/want" "$T/err"; false; }'

# expect NAME FILE LINE...: FILE holds exactly the lines given.
expect() {
	name=$1
	file=$2
	shift 2
	printf '%s\n' "$@" >"$T/want"
	if cmp -s "$T/want" "$file"; then
		ok "$name"
	else
		nok "$name"
		diff "$T/want" "$file" | head -n 10
	fi
}

# --- control characters in a string: refused by the loader, at the string ---
B="$ROOT/tests/corpus/_base"
cp -R "$B" "$T/cc"
for pair in '\u0001:U+0001' '\e:U+001B' '\b:U+0008' '\r:U+000D' '\x7f:U+007F' \
    '\N:U+0085' '\u009b:U+009B'; do
	e=${pair%%:*}
	printf 'name: "Gam%sma"\nkind: other\n' "$e" >"$T/cc/content/providers/gamma.yaml"
	(cd "$T" && "$PODIUM" check -C cc >/dev/null 2>"$T/err"; echo "exit $?" >>"$T/err")
	expect "a control character in a string is refused (${pair#*:})" "$T/err" \
	    "content/providers/gamma.yaml:1:7: error: string holds a control character (${pair#*:})" \
	    "exit 1"
done
printf 'name: Gamma\nkind: other\nshort: "tab\\there"\n' >"$T/cc/content/providers/gamma.yaml"
check "a tab in a string is accepted" '(cd "$T" && "$PODIUM" check -C cc)'

# --- CSV: a text cell that starts with =, +, -, @ or tab is neutralised ---
# (a CR is refused by the loader before it gets there); numbers stay numbers
cp -R "$B" "$T/csv"
P="$T/csv/content/providers"
printf 'tier: silver\n' >"$T/csv/content/reviews/1.0/gamma.yaml"
sed -i 's/^name: .*/name: "=HYPERLINK(\\"http:\/\/evil.example\/\\",\\"x\\")"/' "$P/acme.yaml"
sed -i 's/^name: .*/name: "+1+2"/' "$P/beta.yaml"
sed -i 's/^name: .*/name: "@SUM(A1:A9)"/' "$P/gamma.yaml"
if "$PODIUM" build -q -C "$T/csv" -o "$T/csv1" --only data 2>"$T/err"; then
	tr -d '\r' <"$T/csv1/data/ratings.csv" >"$T/csv1.txt"
	expect "ratings.csv neutralises =, + and @ and keeps -1 a number" "$T/csv1.txt" \
	    "edition,provider,name,tier,medal,score,computed,previous,steps,status,kind,country" \
	    "1.0,beta,\"'+1+2\",gold,true,,,,,new,neocloud," \
	    "1.0,acme,\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"x\"\")\",silver,true,,,,,new,hyperscaler,US" \
	    "1.0,gamma,\"'@SUM(A1:A9)\",silver,true,,,,,new,other," \
	    "2.0,acme,\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"x\"\")\",gold,true,95.000000,gold,silver,1,up,hyperscaler,US" \
	    "2.0,gamma,\"'@SUM(A1:A9)\",poor,false,40.000000,poor,silver,-1,down,other," \
	    "2.0,beta,\"'+1+2\",unavailable,false,,,gold,,unrated,neocloud,"
else
	nok "ratings.csv neutralises =, + and @ and keeps -1 a number"
	cat "$T/err"
fi
sed -i 's/^name: .*/name: "-1+2"/' "$P/acme.yaml"
sed -i 's/^name: .*/name: "\\tcmd"/' "$P/beta.yaml"
if "$PODIUM" build -q -C "$T/csv" -o "$T/csv2" --only data 2>"$T/err"; then
	TAB=$(printf '\t')
	tr -d '\r' <"$T/csv2/data/ratings.csv" | sed -n '2,3p' >"$T/csv2.txt"
	expect "ratings.csv neutralises - and tab" "$T/csv2.txt" \
	    "1.0,beta,\"'${TAB}cmd\",gold,true,,,,,new,neocloud," \
	    "1.0,acme,\"'-1+2\",silver,true,,,,,new,hyperscaler,US"
else
	nok "ratings.csv neutralises - and tab"
	cat "$T/err"
fi

# --- templates and assets that cannot be used ---
# refused NAME SETUP EXPECTED...: a copy of the corpus base, SETUP run in it,
# then a build over a site built earlier: it must end within 20 s (a FIFO
# must not be waited on), print exactly EXPECTED (the last line "exit N"),
# and leave the earlier site as it was, with no staging folder beside it.
# RUN_AS, when set, runs podium as another user.
RUN_AS=""
rm -rf "$T/proj"
cp -R "$B" "$T/proj"
"$PODIUM" build -q -C "$T/proj" -o "$T/out/site" --only data,html 2>/dev/null
sum_site() { (cd "$T/out" && find site -type f -exec md5sum {} + | sort | md5sum); }
SUM=$(sum_site)
check "a site built from the corpus base" '[ -f "$T/out/site/index.html" ]'
refused() {
	name=$1
	setup=$2
	shift 2
	rm -rf "$T/proj"
	cp -R "$B" "$T/proj"
	(cd "$T/proj" && eval "$setup")
	(cd "$T/proj" && timeout $((20 * ${PODIUM_SLOW:-1})) $RUN_AS "$PODIUM" build -q -o "$T/out/site" \
	    --only data,html >/dev/null 2>"$T/err"; echo "exit $?" >>"$T/err")
	expect "$name" "$T/err" "$@"
	if [ "$(sum_site)" != "$SUM" ] || ls "$T/out" | grep -q -v '^site$'; then
		nok "$name: the earlier site is left as it was"
	fi
	chmod -R u+rwX "$T/proj" 2>/dev/null
}
refused "a FIFO in assets/ is refused, not waited on" \
    'mkdir assets && mkfifo assets/f.css' \
    "assets/f.css: error: not a regular file" "exit 1"
refused "a FIFO as a template is refused, not waited on" \
    'mkdir templates && mkfifo templates/home.mustache' \
    "templates/home.mustache: error: not a regular file" "exit 1"
refused "an asset symlinked out of the project is refused" \
    'mkdir assets && ln -s /etc/passwd assets/passwd.txt' \
    "assets/passwd.txt: error: 'assets/passwd.txt' leads outside the project folder" "exit 1"
refused "assets/ symlinked out of the project is refused" \
    'ln -s /etc assets' \
    "assets: error: 'assets' leads outside the project folder" "exit 1"
refused "a template symlinked out of the project is refused" \
    'mkdir templates && ln -s /etc/passwd templates/home.mustache' \
    "templates/home.mustache: error: 'templates/home.mustache' leads outside the project folder" "exit 1"
refused "a template that is a broken symlink is refused" \
    'mkdir templates && ln -s nowhere.mustache templates/home.mustache' \
    "templates/home.mustache: error: 'templates/home.mustache' is a broken symbolic link" "exit 1"
refused "a template that is a folder is an error, not the built-in one" \
    'mkdir -p templates/home.mustache' \
    "templates/home.mustache: error: a folder, not a file" "exit 1"
refused "a template over 16 MiB is an error, not the built-in one" \
    'mkdir templates && truncate -s 17M templates/home.mustache' \
    "templates/home.mustache: error: file is larger than 16 MiB (the limit)" "exit 1"
refused "assets/style.css as a folder is an error" \
    'mkdir -p assets/style.css' \
    "assets/style.css: error: a folder, not a file" "exit 1"
if [ "$(id -u)" = 0 ]; then
	refused "a template that is a device is an error, not the built-in one" \
	    'mkdir templates && mknod templates/home.mustache c 1 3' \
	    "templates/home.mustache: error: not a regular file" "exit 1"
else
	skip "a template that is a device: mknod needs root"
fi

# Unreadable files: as root, podium runs as nobody (setpriv), over a copy
# it can read but for the file under test, into a folder it may write.
if [ "$(id -u)" = 0 ]; then
	if need "unreadable files, as root" setpriv; then
		RUN_AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
		chmod 755 "$T"
		chown -R 65534 "$T/out"
	fi
fi
if [ "$(id -u)" != 0 ] || [ -n "$RUN_AS" ]; then
	refused "an unreadable template is a permission error (exit 3)" \
	    'mkdir templates && echo x >templates/home.mustache && chmod -R a+rX . &&
	     chmod 000 templates/home.mustache' \
	    "templates/home.mustache: error: cannot read: Permission denied" "exit 3"
	refused "an unreadable assets/ is a permission error (exit 3)" \
	    'mkdir assets && echo x >assets/x.css && chmod -R a+rX . && chmod 000 assets' \
	    "assets: error: cannot list: Permission denied" "exit 3"
	refused "an unreadable content/ is a permission error (exit 3)" \
	    'chmod -R a+rX . && chmod 000 content' \
	    "content: error: cannot open: Permission denied" "exit 3"
fi
RUN_AS=""

# 4. Many headings of one text: their ids are made unique ("h", "h-2", ...)
#    in time that grows with their number, not its square or cube (4,000
#    took 32 s before; the bound only catches that, it times nothing).
mkdir -p "$T/heads" && cp -R "$ROOT/tests/corpus/_base/content" "$T/heads/" &&
{
	printf -- '---\ntitle: Heads\norder: 90\n---\n'
	i=0
	while [ "$i" -lt 4000 ]; do printf '# h\n\n'; i=$((i + 1)); done
} >"$T/heads/content/commentary/heads.md"
if timeout $((60 * ${PODIUM_SLOW:-1})) "$PODIUM" build -q -C "$T/heads" -o "$T/heads-out" 2>"$T/err" &&
    grep -q 'id="h-4000"' "$T/heads-out/index.html" &&
    [ "$(grep -o 'id="h[-0-9]*"' "$T/heads-out/index.html" | sort -u | wc -l)" -eq 4000 ]; then
	ok "4,000 headings of one text: 4,000 ids, each once, h to h-4000"
else
	nok "4,000 headings of one text: 4,000 ids, each once, h to h-4000"
	head -n 5 "$T/err"
fi
[ "$fails" -eq 0 ]
