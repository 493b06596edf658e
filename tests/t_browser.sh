#!/bin/sh
# t_browser.sh: the default report in headless Chromium, page type by page
# type, at 1280 and 390 px, light and dark (tests/browser/check.js): no
# sideways scroll, every td/th a table cell, every image loaded, no script
# error, the 404 page styled as a missing page, every chart whole (the
# narrow variant on a phone), every table's scroll box focusable and
# labelled, and no WCAG 2.0/2.1 A or AA violation that axe-core finds;
# then the pages only a report with corrections and responses has.
# Needs node, puppeteer-core and axe-core (make test-node installs them
# into tests/node_modules) and chromium; skips without them (fails where
# nothing may skip).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
. "$ROOT/tests/skip.sh"
# the bytes a browser looks at, and not podium's memory: in the release pass
. "$ROOT/tests/once.sh"
release_pass_only "the pages in a browser" "$ROOT" && exit "$fails"
need "the pages in a browser" node chromium || exit "$fails"
if [ ! -f "$ROOT/tests/node_modules/puppeteer-core/package.json" ]; then
	skip "the pages in a browser: no puppeteer-core (make test-node)"
	exit "$fails"
fi
if [ ! -f "$ROOT/tests/node_modules/axe-core/axe.min.js" ]; then
	skip "the pages in a browser: no axe-core (make test-node)"
	exit "$fails"
fi
CHROMIUM=${CHROMIUM:-$(command -v chromium)}
export CHROMIUM
if ! "$PODIUM" build -q -C "$ROOT" -o "$T/site" 2> "$T/err"; then
	echo "not ok - default report builds"
	head -n 20 "$T/err"
	exit 1
fi
NODE_PATH="$ROOT/tests/node_modules" node "$ROOT/tests/browser/check.js" "$T/site" || fails=1
# the pages the default report has none of (issue 28): the corrections
# page, an edition page with its corrections and changes, a provider page
# with the provider's response (tests/fixtures/changes)
if ! "$PODIUM" build -q -C "$ROOT/tests/fixtures/changes" -o "$T/changes" 2> "$T/err"; then
	echo "not ok - the changes fixture builds"
	head -n 20 "$T/err"
	exit 1
fi
CHECK_PAGES="corrections=/corrections/,edition with corrections=/editions/e2/,changes with corrections=/editions/e2/changes/,provider with a response=/providers/same1/" \
    NODE_PATH="$ROOT/tests/node_modules" node "$ROOT/tests/browser/check.js" "$T/changes" || fails=1
exit "$fails"
