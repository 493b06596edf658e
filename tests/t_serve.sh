#!/bin/sh
# t_serve.sh: `podium serve` end to end on a copy of tests/fixtures/serve-small:
# start on a free loopback port, fetch pages, live reload events, edits seen
# within a second, build errors shown in the page, HEAD as GET without the
# body, traversal ten levels deep in every spelling, and symlink
# refusals, MIME types, a burst of concurrent requests, 405s, a FIFO in the
# project (refused, not waited on), requests for another Host (DNS
# rebinding) refused, 300 idle connections from one address (capped, then
# timed out) while a normal request succeeds, 1,000 live-reload streams
# opened and closed without holding a thread each, a clean stop on SIGTERM.
# Every wait is bounded; the server is killed by the trap whatever happens.
: "${PODIUM:?}" "${ROOT:?}"

T=$(mktemp -d)
PID=""
SSE=""
PAGE_SSE=""
cleanup() {
	[ -n "$SSE" ] && kill "$SSE" 2>/dev/null
	for p in $PAGE_SSE; do kill "$p" 2>/dev/null; done
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
. "$ROOT/tests/skip.sh"
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else nok "$name"; fi
}

# A change must show within LIMIT seconds (sanitized builds are slower).
# (PODIUM_SLOW, set by run.sh: 1, or more under the sanitizers or valgrind)
SLOW=${PODIUM_SLOW:-1}
LIMIT=$SLOW

ms() { date +%s%3N; }

# wait_for SECONDS COMMAND...: polls every 50 ms; fails after SECONDS
# (times SLOW).
wait_for() {
	deadline=$(($(ms) + $1 * 1000 * SLOW))
	shift
	while [ "$(ms)" -lt "$deadline" ]; do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}

# get PATH [curl options...]: body into $T/body, headers into $T/head,
# status code on stdout.
get() {
	p=$1
	shift
	curl -s --path-as-is --max-time $((5 * SLOW)) -D "$T/head" -o "$T/body" \
	    -w '%{http_code}' "$@" "$URL$p"
}
status_is() { [ "$(get "$2")" = "$1" ]; }
body_has() { get "$1" >/dev/null; grep -qF -- "$2" "$T/body"; }
body_lacks() { get "$1" >/dev/null; ! grep -qF -- "$2" "$T/body"; }
header_is() { tr -d '\r' <"$T/head" | grep -qix "$1"; }
alive() { kill -0 "$PID" 2>/dev/null; }
builds() { grep -c '^podium: built in' "$T/err"; }
more_builds() { [ "$(builds)" -gt "$1" ]; }
reloads() { grep -c '^event: reload' "$T/events"; }
more_reloads() { [ "$(reloads)" -gt "$1" ]; }
# Waits until no rebuild has run for 300 ms (bounded: 5 s, times SLOW).
settle() {
	i=0
	n=$(grep -c '^podium: build' "$T/err")
	while [ $i -lt $((16 * SLOW)) ]; do
		sleep 0.3
		m=$(grep -c '^podium: build' "$T/err")
		[ "$m" = "$n" ] && return 0
		n=$m
		i=$((i + 1))
	done
	return 1
}

cp -R "$ROOT/tests/fixtures/serve-small" "$T/proj"
mkdir -p "$T/proj/assets"
printf '.extra { color: #222; }\n' >"$T/proj/assets/extra.css"
mkdir "$T/tmp"
export TMPDIR="$T/tmp"

# --- start on a free port (18000 + random, a few tries) ---
start() {
	tries=0
	while [ $tries -lt 8 ]; do
		PORT=$((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000))
		"$PODIUM" serve -C "$T/proj" -p "$PORT" -v >"$T/out" 2>"$T/err" &
		PID=$!
		if wait_for 20 grep -q 'serving http' "$T/out"; then
			return 0
		fi
		kill -9 "$PID" 2>/dev/null
		wait "$PID" 2>/dev/null
		PID=""
		tries=$((tries + 1))
	done
	return 1
}
if ! start; then
	nok "serve starts and prints its URL"
	cat "$T/err"
	exit 1
fi
URL="http://127.0.0.1:$PORT"
check "serve prints its URL" grep -qx "podium: serving $URL/ (Ctrl-C to stop)" "$T/out"
# libmicrohttpd is linked as any other library, not opened by hand
check "podium is linked to libmicrohttpd" \
    sh -c 'readelf -d "$1" >"$2" && grep NEEDED "$2" | grep -q "libmicrohttpd\.so"' \
    sh "${PODIUM_BIN:-$PODIUM}" "$T/needed"
check "serve has opened libmicrohttpd" grep -q 'libmicrohttpd\.so' "/proc/$PID/maps"
SERVED=$(sed -n 's/^podium: building into //p' "$T/err")
check "serve builds in a private folder under TMPDIR" \
    test -n "$SERVED" -a -d "$SERVED" -a "$(dirname "$SERVED")" = "$T/tmp"

# --- the first page ---
code=$(get /)
check "GET / answers 200 or 404 (no index.html yet)" \
    test "$code" = 200 -o "$code" = 404
check "pages are text/html; charset=utf-8" header_is 'Content-Type: text/html; charset=utf-8'
check "responses say Cache-Control: no-store" header_is 'Cache-Control: no-store'
check "the live-reload script is injected before </body>" \
    sh -c "tr -d '\n' <'$T/body' | grep -q 'new EventSource(\"/__podium/events?page=\"+encodeURIComponent(location.pathname)+\"&seen=\"+g).*</script></body>'"
# head_like_get PATH: HEAD PATH and GET PATH, each over its own connection
# as the bytes come (perl, no client in between): the same status line, the
# same headers but Date, a Content-Length that is the GET body's length,
# and not one byte after HEAD's headers. Says what differs.
head_like_get() {
	perl -MIO::Socket::INET -e '
	my ($port, $path) = @ARGV;
	sub ask {
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $port,
		    Timeout => 5) or die "no connection\n";
		print $s "$_[0] $path HTTP/1.0\r\nHost: 127.0.0.1:$port\r\n\r\n";
		local $/;
		local $SIG{ALRM} = sub { die "no answer in 5 s\n" };
		alarm 5;
		my $r = <$s>;
		alarm 0;
		my ($h, $b) = split /\r\n\r\n/, $r // "", 2;
		my @h = grep { !/^Date:/i } split /\r\n/, $h // "";
		return (\@h, $b // "");
	}
	my ($gh, $gb) = ask("GET");
	my ($hh, $hb) = ask("HEAD");
	my @why;
	push @why, "status: GET \"$gh->[0]\", HEAD \"$hh->[0]\"" if ($gh->[0] // "") ne ($hh->[0] // "");
	push @why, "headers: GET [@$gh], HEAD [@$hh]" if "@$gh" ne "@$hh";
	my ($len) = map { /^Content-Length:\s*(\d+)/i ? $1 : () } @$gh;
	push @why, "Content-Length " . ($len // "none") . ", GET body " . length($gb)
	    if !defined $len || $len != length($gb);
	push @why, "HEAD sent " . length($hb) . " body bytes" if length $hb;
	push @why, "empty GET body" if !length $gb;
	print "# HEAD $path: $_\n" for @why;
	exit(@why ? 1 : 0);' "$PORT" "$1"
}
curl -s -N --max-time $((5 * SLOW)) "$URL/__podium/events" >"$T/hello" &
HELLO=$!
check "the event stream starts with a hello" wait_for 5 grep -qx 'event: hello' "$T/hello"
kill "$HELLO" 2>/dev/null
wait "$HELLO" 2>/dev/null

# The page that shows content, once the renderers write it.
PROBE=""
for p in / /data/ratings.json; do
	if [ "$(get "$p")" = 200 ] && grep -q 'Serve fixture report' "$T/body"; then
		PROBE=$p
		break
	fi
done

# Live reload events, read by a client for the rest of the test.
curl -s -N --max-time $((300 * SLOW)) "$URL/__podium/events" >"$T/events" &
SSE=$!
wait_for 5 grep -q 'event: hello' "$T/events"
# --- an edit is seen within a second ---
if [ -n "$PROBE" ]; then
	n0=$(reloads)
	t0=$(ms)
	sed -i 's/^title: .*/title: "Edited fixture report"/' "$T/proj/content/report.yaml"
	if wait_for "$LIMIT" body_has "$PROBE" 'Edited fixture report'; then
		ok "an edit shows in $PROBE within ${LIMIT}s ($(($(ms) - t0)) ms)"
	else
		nok "an edit shows in $PROBE within ${LIMIT}s"
	fi
	check "the edit sends a reload event" wait_for 2 more_reloads "$n0"
else
	nok "a page shows the fixture's title (/ or /data/ratings.json)"
fi

# --- a save that changes nothing rebuilds but does not reload ---
settle
nb=$(builds)
n0=$(reloads)
touch "$T/proj/content/providers/gamma.yaml"
check "a save that changes nothing rebuilds" wait_for 5 more_builds "$nb"
sleep 0.2
check "... and sends no reload" test "$(reloads)" = "$n0"

# --- a broken file: the diagnostic in the page, exactly as the terminal ---
cp "$T/proj/content/providers/beta.yaml" "$T/beta.good"
settle
n_before=$(reloads)
printf 'colour: "<red> & blue"\n' >>"$T/proj/content/providers/beta.yaml"
t_break=$(ms)
diagline=$("$PODIUM" check -C "$T/proj" 2>&1 | grep -m 1 -E '^content/providers/beta\.yaml:[0-9]+:[0-9]+: error: ')
if [ -z "$diagline" ]; then
	cp "$T/beta.good" "$T/proj/content/providers/beta.yaml"
	nok "podium check reports the unknown key in content/providers/beta.yaml"
else
	esc=$(printf '%s' "$diagline" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' \
	    -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e "s/'/\&#39;/g")
	n0=$n_before
	t0=$t_break
	if wait_for "$LIMIT" body_has / "$esc"; then
		ok "a build error shows in the page within ${LIMIT}s ($(($(ms) - t0)) ms)"
	else
		nok "a build error shows in the page within ${LIMIT}s: $esc"
	fi
	check "the error page answers 500 and reloads live" \
	    sh -c "test \"\$(curl -s --max-time $((5 * SLOW)) -o '$T/eb' -w '%{http_code}' '$URL/any/page.html')\" = 500 && \
	    grep -qF '/__podium/events' '$T/eb' && grep -qF -- '$esc' '$T/eb'"
	check "the error sends a reload event" wait_for 2 more_reloads "$n0"
	check "the terminal prints the same diagnostic" grep -qxF -- "$diagline" "$T/err"
	n0=$(reloads)
	t0=$(ms)
	cp "$T/beta.good" "$T/proj/content/providers/beta.yaml"
	if wait_for "$LIMIT" body_lacks / 'podium-errors'; then
		ok "fixing it brings the site back within ${LIMIT}s ($(($(ms) - t0)) ms)"
	else
		nok "fixing it brings the site back within ${LIMIT}s"
	fi
	check "the fix sends a reload event" wait_for 2 more_reloads "$n0"
fi

# --- a FIFO in assets/: refused at once, shown, and the next save rebuilds ---
settle
nb=$(builds)
mkfifo "$T/proj/assets/f.css"
check "a FIFO in assets/ fails the rebuild at once, with the error in the page" \
    wait_for 5 body_has / 'assets/f.css: error: not a regular file'
check "... and the server answers meanwhile" status_is 500 /
rm "$T/proj/assets/f.css"
check "removing it rebuilds the site" wait_for 5 body_lacks / 'podium-errors'

# --- a stylesheet-only change reloads the stylesheets, not the page ---
settle
csses() { grep -c '^event: css' "$T/events"; }
more_csses() { [ "$(csses)" -gt "$1" ]; }
n0=$(reloads)
c0=$(csses)
printf '.extra { color: #333; }\n' >"$T/proj/assets/extra.css"
check "a stylesheet edit sends a css event" wait_for "$LIMIT" more_csses "$c0"
check "... and no page reload" test "$(reloads)" = "$n0"
check "... and serves the new stylesheet" \
    sh -c "curl -s --max-time $((5 * SLOW)) '$URL/assets/extra.css' | grep -q '#333'"

# --- only the browsers showing a changed page reload ---
# Two streams as the pages open them (their path and the generation they
# were served with): alpha's and beta's provider pages.
gen_of() { get "$1" >/dev/null && sed -n 's/.*var g=\([0-9]*\),.*/\1/p' "$T/body" | head -n 1; }
# stream NAME PATH SEEN: a page's stream, into $T/ev_NAME, its path
# encoded as the script encodes it (encodeURIComponent)
stream() {
	: >"$T/ev_$1"
	curl -s -N --max-time $((300 * SLOW)) "$URL/__podium/events?page=$(printf %s "$2" | sed 's|/|%2F|g')&seen=$3" >>"$T/ev_$1" &
	PAGE_SSE="$PAGE_SSE $!"
	wait_for 5 grep -q 'event: hello' "$T/ev_$1"
}
evs() { grep -c "^event: $2" "$T/ev_$1"; }
more_evs() { [ "$(evs "$1" "$2")" -gt "$3" ]; }
settle
ga=$(gen_of /providers/alpha/)
gb=$(gen_of /providers/beta/)
check "the provider pages carry their generation ($ga, $gb)" test -n "$ga" -a -n "$gb"
stream alpha /providers/alpha/ "$ga"
stream beta /providers/beta/ "$gb"
sleep 0.3
check "a stream opened by an unchanged page does not reload it" \
    test "$(evs alpha reload)$(evs beta reload)" = 00
curl -s --max-time $((5 * SLOW)) "$URL/providers/beta/" | sed 's/var g=[0-9]*/var g=/' >"$T/beta.before"
n0=$(reloads)
sed -i 's/^summary: .*/summary: "Alpha moved up a long way in the fixture."/' \
    "$T/proj/content/reviews/2.0/alpha.yaml"
check "an edit to alpha's review reloads the stream on alpha's page" \
    wait_for "$LIMIT" more_evs alpha reload 0
check "... and a stream that names no page" wait_for 2 more_reloads "$n0"
settle
check "... and not the one on beta's page" test "$(evs beta reload)$(evs beta css)" = 00
check "... whose page is as it was" \
    sh -c "curl -s --max-time $((5 * SLOW)) '$URL/providers/beta/' | sed 's/var g=[0-9]*/var g=/' | cmp -s - '$T/beta.before'"
# a page served before the edit that opens its stream after it reloads at once
stream alpha_late /providers/alpha/ "$ga"
check "a stream from a page of alpha older than the edit reloads at once" \
    wait_for 2 more_evs alpha_late reload 0
stream beta_late /providers/beta/ "$gb"
sleep 0.3
check "... one from beta's page of before the edit does not" \
    test "$(evs beta_late reload)" = 0
# a stylesheet: every page restyles (beta's too)
c0=$(evs beta css)
printf '.extra { color: #444; }\n' >"$T/proj/assets/extra.css"
check "a stylesheet edit restyles the stream on alpha's page" \
    wait_for "$LIMIT" more_evs alpha css 0
check "... and the one on beta's page" wait_for 2 more_evs beta css "$c0"
check "... without reloading beta's" test "$(evs beta reload)" = 0
# any other file under assets/ (a page may embed it): every page reloads
printf 'var x = 1;\n' >"$T/proj/assets/extra.js"
check "a new script under assets/ reloads the stream on beta's page" \
    wait_for "$LIMIT" more_evs beta reload 0
check "... and the one on alpha's page" wait_for 2 more_evs alpha reload 0
# a broken edit: the error page is on every page
settle
ra=$(evs alpha reload)
rb=$(evs beta reload)
printf 'colour: "red"\n' >>"$T/proj/content/providers/alpha.yaml"
check "a broken edit reloads the stream on beta's page" \
    wait_for "$LIMIT" more_evs beta reload "$rb"
check "... and the one on alpha's page" wait_for 2 more_evs alpha reload "$ra"
check "... which both show the error" \
    sh -c "curl -s --max-time $((5 * SLOW)) '$URL/providers/beta/' | grep -q 'podium-errors' && \
    curl -s --max-time $((5 * SLOW)) '$URL/providers/alpha/' | grep -q 'podium-errors'"
settle
ra=$(evs alpha reload)
rb=$(evs beta reload)
sed -i '/^colour: "red"$/d' "$T/proj/content/providers/alpha.yaml"
both_reload() { more_evs beta reload "$rb" && more_evs alpha reload "$ra"; }
check "the fix reloads both again" wait_for "$LIMIT" both_reload
check "... and the site is back" wait_for 2 body_lacks /providers/beta/ 'podium-errors'
for p in $PAGE_SSE; do kill "$p" 2>/dev/null; done
PAGE_SSE=""

# --- files planted in the served folder: MIME types, folders, 404 page ---
settle
nb=$(builds)
site=$(ls -d "$SERVED"/site-* | sort -t- -k3 -n | tail -n 1)
mkdir -p "$site/sub" "$site/t"
printf '<!DOCTYPE html><html><body><p>planted page</p></body></html>' >"$site/sub/index.html"
printf '<!DOCTYPE html><html><body><p>planted 404</p></BODY></html>' >"$site/404.html"
for e in css js svg png pdf json csv xml txt woff2; do
	printf 'x' >"$site/t/f.$e"
done
mime_ok=true
for pair in css:'text/css; charset=utf-8' js:'text/javascript; charset=utf-8' \
    svg:image/svg+xml png:image/png pdf:application/pdf json:application/json \
    csv:'text/csv; charset=utf-8' xml:application/xml \
    txt:'text/plain; charset=utf-8' woff2:font/woff2; do
	e=${pair%%:*}
	type=${pair#*:}
	if [ "$(get "/t/f.$e")" != 200 ] || ! header_is "Content-Type: $type"; then
		echo "# /t/f.$e: wanted $type"
		mime_ok=false
	fi
done
check "MIME types of html, css, js, svg, png, pdf, json, csv, xml, txt, woff2" $mime_ok
check "a folder without its slash redirects to it" \
    sh -c "test \"\$(curl -s --max-time $((5 * SLOW)) -D '$T/rh' -o /dev/null -w '%{http_code}' '$URL/sub')\" = 301 && \
    tr -d '\r' <'$T/rh' | grep -qx 'Location: /sub/'"
check "a folder serves its index.html" body_has /sub/ 'planted page'
check "a missing page answers 404 with the site's 404.html" \
    sh -c "test \"\$(curl -s --max-time $((5 * SLOW)) -o '$T/nb' -w '%{http_code}' '$URL/no/such/page')\" = 404 && \
    grep -q 'planted 404' '$T/nb' && grep -q '__podium/events' '$T/nb'"
for p in / /sub/ /assets/extra.css /t/f.pdf /no/such/page; do
	check "HEAD $p: GET's status and headers, no body" head_like_get "$p"
done

# --- traversal, encoded or not, absolute paths, symlinks out ---
ln -s /etc/passwd "$site/leak.txt"
ln -s / "$site/rootlink"
refused=true
# up N SEP: N times ".." and SEP, in the given spelling; 10 of them reach
# / from the served folder ($SERVED is under /tmp: 4 or 5 deep)
up() { i=0; while [ $i -lt "$1" ]; do printf '%s%s' "$2" "$3"; i=$((i + 1)); done; }
deep=""
for dots_sep in '.. /' '%2e%2e /' '%2E%2E /' '.%2e /' '%2e. /' '.. %2f' '.. %2F' \
    '%2e%2e %2f' '.. %5c' '.. \' '%2e%2e %5c' '%252e%252e %252f' '.. %252f' \
    '%c0%ae%c0%ae %c0%af' '.. %c0%af' '%c0%ae%c0%ae /' '.. %c1%9c' '%e0%80%ae%e0%80%ae /' \
    '.. %e0%80%af' '%uff0e%uff0e %u2215'; do
	d=${dots_sep% *}
	sep=${dots_sep#* }
	deep="$deep /$(up 10 "$d" "$sep")etc/passwd /sub/$(up 12 "$d" "$sep")etc/passwd"
done
[ "$(printf '%s\n' $deep | wc -l)" -ge 40 ] && ok "40 deep traversals to try" || nok "40 deep traversals to try"
for p in '/../../../../etc/passwd' '/%2e%2e/%2e%2e/%2e%2e/etc/passwd' \
    '/..%2f..%2f..%2fetc%2fpasswd' '/t/..%2F..%2F..%2Fetc/passwd' '/%2E%2E/etc/passwd' \
    '//etc/passwd' '/sub/%00' '/t/f.txt%00.html' '/..\\..\\etc\\passwd' \
    '/leak.txt' '/rootlink/etc/passwd' "$SERVED/../../etc/passwd" $deep; do
	code=$(get "$p")
	if [ "$code" = 200 ] || grep -q 'root:' "$T/body"; then
		echo "# $p answered $code"
		refused=false
	fi
done
check "traversal, encoded traversal, NUL and symlinks out are refused" $refused
check "an encoded '..' answers 400" status_is 400 '/%2e%2e/etc/passwd'
check "a symlink out answers 403" status_is 403 /leak.txt
code=$(curl -s --max-time $((5 * SLOW)) -o "$T/body" -w '%{http_code}' \
    --request-target "$T/proj/content/report.yaml" "$URL/")
check "an absolute file-system path is refused ($code)" \
    sh -c "test $code != 200 && ! grep -q 'ladder' '$T/body'"
check "no rebuild ran while files were planted" \
    test "$(builds)" = "$nb"

# --- methods ---
check "POST answers 405 with Allow: GET, HEAD" \
    sh -c "test \"\$(curl -s --max-time $((5 * SLOW)) -X POST -d x=1 -D '$T/ph' -o /dev/null -w '%{http_code}' '$URL/')\" = 405 && \
    tr -d '\r' <'$T/ph' | grep -qx 'Allow: GET, HEAD'"
check "PUT and DELETE answer 405" \
    sh -c "test \"\$(curl -s --max-time $((5 * SLOW)) -X PUT -o /dev/null -w '%{http_code}' '$URL/sub/')\" = 405 && \
    test \"\$(curl -s --max-time $((5 * SLOW)) -X DELETE -o /dev/null -w '%{http_code}' '$URL/sub/')\" = 405"

# --- a burst: 400 requests, 8 at a time, all 200 (during rebuilds when the
# target comes from the build; else on a planted file, with no rebuild) ---
target=/sub/
[ -n "$PROBE" ] && target=$PROBE
seq 1 400 | sed "s|.*|$URL$target|" >"$T/urls"
if [ -n "$PROBE" ]; then
	( i=0; while [ $i -lt 10 ]; do
		printf '\n' >>"$T/proj/content/providers/gamma.yaml"; sleep 0.05; i=$((i + 1))
	done ) &
fi
xargs -P 8 -n 1 curl -s --max-time $((10 * SLOW)) -o /dev/null -w '%{http_code}\n' <"$T/urls" >"$T/codes"
wait_for 1 true
n200=$(grep -c '^200$' "$T/codes")
check "a burst of 400 requests, 8 at a time, all 200 ($n200)" test "$n200" = 400
check "the server is still alive" alive
check "... and answers" status_is 200 "$target"

# --- Host: only this server's names (no DNS rebinding) ---
host_code() { curl -s --max-time $((5 * SLOW)) -o "$T/hostbody" -w '%{http_code}' -H "Host: $1" "$URL/"; }
hosts_ok=true
for h in "127.0.0.1:$PORT" "localhost:$PORT" "LocalHost:$PORT" "[::1]:$PORT"; do
	code=$(host_code "$h")
	[ "$code" = 200 ] || { echo "# Host: $h answered $code"; hosts_ok=false; }
done
check "Host 127.0.0.1, localhost and [::1] with the port are answered" $hosts_ok
hosts_ok=true
for h in "evil.example:$PORT" "evil.example" "127.0.0.1:$((PORT + 1))" "127.0.0.1" \
    "localhost.evil.example:$PORT" "127.0.0.1:$PORT.evil.example" "[::2]:$PORT" \
    "10.0.0.1:$PORT" "127.0.0.1:0$PORT" ""; do
	code=$(host_code "$h")
	if [ "$code" != 421 ] || grep -q 'Serve fixture' "$T/hostbody"; then
		echo "# Host: $h answered $code"
		hosts_ok=false
	fi
done
check "any other Host answers 421 and shows nothing of the site" $hosts_ok
check "... with a message naming the addresses it answers" \
    grep -qxF "this server answers requests for $URL/ and http://localhost:$PORT/ only" "$T/hostbody"
check "the live-reload stream refuses another Host too" \
    sh -c "test \"\$(curl -s --max-time $((2 * SLOW)) -o /dev/null -w '%{http_code}' -H 'Host: evil.example:$PORT' '$URL/__podium/events')\" = 421"

# --- slow and idle clients: 300 connections from 127.0.0.2 that send
# nothing. At most 32 are kept, a normal request still succeeds at once,
# and the kept ones are closed after 10 s idle. ---
perl "$ROOT/tests/serve_clients.pl" idle "$PORT" 300 127.0.0.2 13 "$T/idle" &
IDLE=$!
if wait_for 10 test -s "$T/idle"; then
	t0=$(ms)
	code=$(get "$target")
	check "a request succeeds while 300 idle clients are connected ($code, $(($(ms) - t0)) ms)" \
	    test "$code" = 200
	kept=$(sed -n 's/^open after 1 s: //p' "$T/idle")
	check "connections from one address are capped at 32 ($kept of 300 kept)" \
	    test -n "$kept" -a "$kept" -le 32 -a "$kept" -gt 0
else
	nok "300 idle clients connect"
fi
wait "$IDLE"
left=$(sed -n 's/^open after 13 s: //p' "$T/idle")
check "idle connections are closed after 10 s ($left left open after 13 s)" test "$left" = 0

# --- 1,000 live-reload streams opened and closed: no thread is kept ---
tasks() { ls "/proc/$PID/task" | wc -l; }
t_before=$(tasks)
perl "$ROOT/tests/serve_clients.pl" cycles "$PORT" 1000 '127.0.1.*' >"$T/cycles" 2>&1
few_tasks() { [ "$(tasks)" -le $((t_before + 8)) ]; }
if wait_for 2 few_tasks; then
	ok "1,000 closed live-reload streams leave no thread behind ($t_before threads before, $(tasks) after)"
else
	nok "1,000 closed live-reload streams leave no thread behind ($t_before threads before, $(tasks) after)"
fi
check "... and the streams each got their hello ($(cat "$T/cycles"))" \
    grep -qx 'hellos: 1000' "$T/cycles"
check "the server is still alive after them" alive

# --- a second server on the same port: a clear error naming the port ---
"$PODIUM" serve -C "$T/proj" -p "$PORT" >"$T/out2" 2>"$T/err2"
rc=$?
check "a port in use is a clear error naming it (exit 3)" \
    sh -c "test $rc = 3 && grep -qF 'port $PORT on 127.0.0.1 is in use' '$T/err2'"

# --- SIGTERM stops it and removes the private folder ---
kill "$SSE" 2>/dev/null
SSE=""
kill -TERM "$PID"
stopped=false
if wait_for 10 sh -c "! kill -0 $PID 2>/dev/null"; then
	stopped=true
fi
wait "$PID" 2>/dev/null
rc=$?
check "SIGTERM stops the server (exit $rc)" sh -c "$stopped && test $rc = 0"
PID=""
check "the private folder is gone" test -z "$(ls -A "$T/tmp")"

[ $fails -eq 0 ]
