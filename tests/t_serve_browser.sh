#!/bin/sh
# t_serve_browser.sh: the live-reload script in a real browser. Headless
# Chromium opens a page of `podium serve`; the test reads the page's title
# through the DevTools HTTP endpoint (/json/list) while it breaks and fixes a
# content file: the title must turn into the error page's and back, which
# only happens if the injected script reloaded the page. Then, with two
# pages open, an edit reloads the one it changed and not the other
# (tests/browser/serve_reload.js). Skipped when Chromium is not installed. Every wait is bounded; the trap kills both.
: "${PODIUM:?}" "${ROOT:?}"

. "$ROOT/tests/skip.sh"
fails=0
if ! need "live reload in a browser" chromium curl; then
	exit "$fails"
fi

T=$(mktemp -d)
PID=""
CPID=""
cleanup() {
	[ -n "$CPID" ] && kill -9 "-$CPID" 2>/dev/null
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fails=0
ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; fails=$((fails + 1)); }
ms() { date +%s%3N; }
# Sanitized builds run several times slower, and more so under valgrind:
# every wait stretches (PODIUM_SLOW, set by run.sh).
SLOW=${PODIUM_SLOW:-1}
wait_for() {
	deadline=$(($(ms) + $1 * 1000 * SLOW))
	shift
	while [ "$(ms)" -lt "$deadline" ]; do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}
rand_port() { echo $((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000)); }

cp -R "$ROOT/tests/fixtures/serve-small" "$T/proj"
mkdir "$T/tmp"
export TMPDIR="$T/tmp"

tries=0
while [ $tries -lt 8 ] && [ -z "$PID" ]; do
	PORT=$(rand_port)
	"$PODIUM" serve -C "$T/proj" -p "$PORT" >"$T/out" 2>"$T/err" &
	PID=$!
	if ! wait_for 20 grep -q 'serving http' "$T/out"; then
		kill -9 "$PID" 2>/dev/null
		wait "$PID" 2>/dev/null
		PID=""
	fi
	tries=$((tries + 1))
done
if [ -z "$PID" ]; then
	echo "not ok - serve starts"
	exit 1
fi
URL="http://127.0.0.1:$PORT/"

# DevTools on a port Chromium picks free (0) and names in its profile's
# DevToolsActivePort: none to collide with a test beside this one
setsid chromium --headless --no-sandbox --disable-gpu --disable-breakpad --disable-crash-reporter \
    --disable-background-networking --no-first-run --disable-component-update \
    --user-data-dir="$T/chrome" --remote-debugging-address=127.0.0.1 \
    --remote-debugging-port=0 "$URL" >"$T/chrome.log" 2>&1 &
CPID=$!
if ! wait_for 30 test -s "$T/chrome/DevToolsActivePort"; then
	echo "not ok - chromium opens its DevTools port"
	sed -n 1,20p "$T/chrome.log"
	exit 1
fi
DPORT=$(head -n 1 "$T/chrome/DevToolsActivePort")

# The title of the page at $URL, from the DevTools target list.
title() {
	curl -s --max-time 2 "http://127.0.0.1:$DPORT/json/list" | tr -d '\n' |
	    sed 's/}, *{/}\n{/g' | grep -F "\"url\": \"$URL\"" | grep -F '"type": "page"' |
	    sed -n 's/.*"title": "\([^"]*\)".*/\1/p' | head -n 1
}
title_is() { [ "$(title)" = "$1" ]; }
title_has() { t=$(title); [ "$t" != "${t#*"$1"}" ]; }

# the served home page (its title names the fixture report), not a blank tab
if ! wait_for 30 title_has "Serve fixture report"; then
	echo "not ok - chromium opens the page"
	sed -n 1,20p "$T/chrome.log"
	exit 1
fi
T0=$(title)
echo "ok - chromium opens the page (title '$T0')"

t0=$(ms)
sed -i 's/^title: .*/title: "Edited fixture report"/' "$T/proj/content/report.yaml"
if wait_for 5 sh -c "curl -s --max-time 2 'http://127.0.0.1:$DPORT/json/list' | grep -q 'Edited fixture report'"; then
	ok "an edit reloads the page ($(($(ms) - t0)) ms)"
	wait_for 10 sh -c "curl -s --max-time 2 'http://127.0.0.1:$DPORT/json/list' | grep -q '\"title\": \"Edited fixture report'"
	T0=$(title)
else
	nok "an edit reloads the page"
fi

cp "$T/proj/content/providers/beta.yaml" "$T/beta.good"
t0=$(ms)
printf 'colour: red\n' >>"$T/proj/content/providers/beta.yaml"
if wait_for 10 title_is "podium: build failed"; then
	ok "a build error reloads the page into the error page ($(($(ms) - t0)) ms)"
else
	nok "a build error reloads the page into the error page (title '$(title)')"
fi
t0=$(ms)
cp "$T/beta.good" "$T/proj/content/providers/beta.yaml"
# No second chance: a page that connects after the reload was sent names
# the generation it was served with, and the server reloads it at once, so
# a missed reload is a bug.
if wait_for 10 title_is "$T0"; then
	ok "the fix reloads the page back ($(($(ms) - t0)) ms)"
else
	nok "the fix reloads the page back (title '$(title)', want '$T0')"
	tail -n 5 "$T/err" | sed 's/^/# serve: /'
	tail -n 5 "$T/chrome.log" | sed 's/^/# chromium: /'
fi

kill -9 "-$CPID" 2>/dev/null
wait "$CPID" 2>/dev/null
CPID=""

# Two pages open: an edit reloads the page it changed, not the other
# (tests/browser/serve_reload.js; needs node and puppeteer-core).
if ! need "only the page an edit changed reloads" node; then
	:
elif [ ! -f "$ROOT/tests/node_modules/puppeteer-core/package.json" ]; then
	skip "only the page an edit changed reloads: no puppeteer-core (make test-node)"
else
	NODE_PATH="$ROOT/tests/node_modules" node "$ROOT/tests/browser/serve_reload.js" \
	    "http://127.0.0.1:$PORT" "$T/proj" >"$T/reload.out" 2>&1
	cat "$T/reload.out"
	n=$(grep -c '^not ok' "$T/reload.out")
	grep -q '^ok' "$T/reload.out" || n=$((n + 1))
	fails=$((fails + n))
fi

kill -INT "$PID"
if wait_for 10 sh -c "! kill -0 $PID 2>/dev/null"; then
	ok "the server stops"
else
	nok "the server stops"
fi
wait "$PID" 2>/dev/null
PID=""
[ $fails -eq 0 ]
