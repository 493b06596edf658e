# once.sh, sourced by the script tests whose time goes to tools outside
# podium (a browser, the Nu validator, dpkg, debootstrap, a compiler) and
# which test the package, the setup or the bytes podium wrote, not its
# memory safety. make check runs the suite twice, in the release pass and
# in the sanitized one (PODIUM_SANITIZED; under valgrind, PODIUM_BIN): such
# checks run in the release pass only, where their tool looks at the
# release binary's output.
#
#   release_pass_only WHAT PROJECT... && exit "$fails"
#
# is false in the release pass (the script goes on). In another pass it
# builds each PROJECT (a folder holding content/) with this pass's podium
# and with the release binary ($ROOT/podium), prints one line saying whether
# the sites are byte-identical (what the release pass checked is then what
# this build writes, SPEC 4.5: deterministic), counts a difference in the
# caller's counter (SKIP_COUNTER, default fails, as skip.sh), and is true.
# Under run.sh each PROJECT is compared once a pass (PODIUM_ONCE_DIR): the
# scripts asking it of the same project share the answer.
release_pass_only() {
	[ -z "${PODIUM_SANITIZED:-}" ] && [ -z "${PODIUM_BIN:-}" ] && return 1
	_ro_what=$1
	shift
	_ro_t=$(mktemp -d)
	_ro_bad=""
	_ro_n=0
	[ -x "$ROOT/podium" ] || _ro_bad="the release binary $ROOT/podium is not built"
	for _ro_p in "$@"; do
		[ -n "$_ro_bad" ] && break
		_ro_key=""
		if [ -n "${PODIUM_ONCE_DIR:-}" ] && [ -d "$PODIUM_ONCE_DIR" ]; then
			# one comparison of PROJECT a run (run.sh's folder for the
			# pass): the scripts that ask it of the same project (the
			# default report: t_browser, t_compare, t_deb, t_html,
			# t_search) take the first one's answer; one compares at a
			# time (a lock, the folder KEY.lock), the others wait
			_ro_key=$PODIUM_ONCE_DIR/$(printf '%s' "$_ro_p" | cksum | tr ' ' '-')
			_ro_i=0
			while ! mkdir "$_ro_key.lock" 2>/dev/null && [ $_ro_i -lt 6000 ]; do
				sleep 0.2
				_ro_i=$((_ro_i + 1))
			done
			if [ -f "$_ro_key" ]; then
				read -r _ro_r <"$_ro_key"
				case "$_ro_r" in
				[0-9]*) _ro_n=$((_ro_n + _ro_r)) ;;
				*) _ro_bad=$_ro_r ;;
				esac
				rmdir "$_ro_key.lock" 2>/dev/null
				continue
			fi
		fi
		rm -rf "$_ro_t/this" "$_ro_t/release"
		if "$PODIUM" build -q -C "$_ro_p" -o "$_ro_t/this" 2>"$_ro_t/err" &&
		    "$ROOT/podium" build -q -C "$_ro_p" -o "$_ro_t/release" 2>>"$_ro_t/err" &&
		    diff -r "$_ro_t/release" "$_ro_t/this" >"$_ro_t/diff" 2>&1; then
			_ro_r=$(find "$_ro_t/this" -type f | wc -l)
			_ro_n=$((_ro_n + _ro_r))
		else
			_ro_bad="$_ro_p differs: $(head -n 3 "$_ro_t/err" "$_ro_t/diff" | tr '\n' ' ')"
			_ro_r=$_ro_bad
		fi
		if [ -n "$_ro_key" ]; then
			printf '%s\n' "$_ro_r" >"$_ro_key"
			rmdir "$_ro_key.lock" 2>/dev/null
		fi
	done
	if [ -z "$_ro_bad" ]; then
		echo "ok - $_ro_what: checked in the release pass; this pass's podium writes the same $_ro_n files, byte for byte"
	else
		echo "not ok - $_ro_what: this pass's podium writes what the release pass checked ($_ro_bad)"
		eval "${SKIP_COUNTER:-fails}=\$((\${${SKIP_COUNTER:-fails}:-0} + 1))"
	fi
	rm -rf "$_ro_t"
	return 0
}
