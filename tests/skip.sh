# skip.sh, sourced by the script tests: skip REASON, for a check that
# cannot run here (a tool or a page missing). On a developer's machine it
# prints "ok - # skip REASON", which tests/run.sh lists after the script's
# totals. Where everything must be installed, in CI (CI=true) or with
# PODIUM_NO_SKIP=1, a skip is a failure: "not ok - REASON". The caller's
# failure counter is named by SKIP_COUNTER (default: fails).
skip() {
	if [ "${CI:-}" = true ] || [ "${PODIUM_NO_SKIP:-}" = 1 ]; then
		echo "not ok - $1 (skipped where nothing may be: CI=true or PODIUM_NO_SKIP=1)"
		eval "${SKIP_COUNTER:-fails}=\$((\${${SKIP_COUNTER:-fails}:-0} + 1))"
	else
		echo "ok - # skip $1"
	fi
}
