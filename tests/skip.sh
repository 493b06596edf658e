# skip.sh, sourced by the script tests: skip REASON, for a check that
# cannot run here (a tool or a page missing). On a developer's machine it
# prints "ok - # skip REASON", which tests/run.sh lists after the script's
# totals. Where everything must be installed, in CI (CI=true) or with
# PODIUM_NO_SKIP=1, a skip is a failure: "not ok - REASON". The caller's
# failure counter is named by SKIP_COUNTER (default: fails).
# Every tool a test uses is in tools/test-packages (or build-packages); a
# test asks for one with need, never with a bare `command -v`.
# The tests run Debian's tools, those the lists install: a python3 of one's
# own (pyenv, a virtualenv) first on PATH may lack PyYAML.
PATH=/usr/bin:/bin:$PATH
export PATH

skip() {
	if [ "${CI:-}" = true ] || [ "${PODIUM_NO_SKIP:-}" = 1 ]; then
		echo "not ok - $1 (skipped where nothing may be: CI=true or PODIUM_NO_SKIP=1)"
		eval "${SKIP_COUNTER:-fails}=\$((\${${SKIP_COUNTER:-fails}:-0} + 1))"
	else
		echo "ok - # skip $1"
	fi
}

# need WHAT TOOL...: true when every TOOL is a command here; else skips WHAT,
# naming the missing tools, and is false:
#   if need "the PDF's text" pdftotext; then ...; fi
# A TOOL python3:MODULE also needs python3 to import MODULE.
need() {
	_what=$1
	shift
	_miss=""
	for _t in "$@"; do
		case "$_t" in
		python3:*)
			command -v python3 >/dev/null 2>&1 &&
			    python3 -c "import ${_t#python3:}" 2>/dev/null ||
			    _miss="$_miss $_t" ;;
		*)
			command -v "$_t" >/dev/null 2>&1 || _miss="$_miss $_t" ;;
		esac
	done
	[ -z "$_miss" ] && return 0
	skip "$_what: not installed:$_miss"
	return 1
}
