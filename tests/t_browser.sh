#!/bin/sh
# t_browser.sh: the default report in headless Chromium, page type by page
# type, at 1280 and 390 px (tests/browser/check.js): no sideways scroll,
# every td/th a table cell, every image loaded, no script error, the 404 page
# styled at a nested address. Needs node, puppeteer-core (npm install
# --prefix tests --no-save puppeteer-core) and chromium; skips without them.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if ! command -v node > /dev/null; then
	echo "# skip: no node"
	exit 0
fi
if [ ! -d "$ROOT/tests/node_modules/puppeteer-core" ]; then
	echo "# skip: no puppeteer-core (npm install --prefix tests --no-save puppeteer-core)"
	exit 0
fi
if [ -z "$CHROMIUM" ]; then
	echo "# skip: no chromium"
	exit 0
fi
export CHROMIUM
if ! "$PODIUM" build -q -C "$ROOT" -o "$T/site" 2> "$T/err"; then
	echo "not ok - default report builds"
	head -n 20 "$T/err"
	exit 1
fi
NODE_PATH="$ROOT/tests/node_modules" node "$ROOT/tests/browser/check.js" "$T/site"
