# serve_wait.sh, sourced by the tests that drive a running `podium serve`
# (t_serve_same.sh, t_serve_race.sh, t_serve_inplace.sh): starting it and
# waiting for its rebuilds. The caller
# sets T and sends the server's standard error to "$T/err". PODIUM_SLOW
# stretches every wait on a slow machine.
SLOW=${PODIUM_SLOW:-1}
ms() { date +%s%3N; }
# wait_for SECONDS COMMAND...: true once COMMAND is, false after SECONDS
wait_for() {
	deadline=$(($(ms) + $1 * 1000 * SLOW))
	shift
	while [ "$(ms)" -lt "$deadline" ]; do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}
# every build, good or failed
builds() { grep -c '^podium: built in\|^podium: build failed' "$T/err"; }
more_builds() { [ "$(builds)" -gt "$1" ]; }
# Waits until no rebuild has run for 300 ms (bounded).
settle() {
	s_i=0
	s_n=$(builds)
	while [ $s_i -lt $((20 * SLOW)) ]; do
		sleep 0.3
		s_m=$(builds)
		[ "$s_m" = "$s_n" ] && return 0
		s_n=$s_m
		s_i=$((s_i + 1))
	done
	return 1
}
# serve_start: `podium serve -v` of "$T/proj" on a random port, its output
# in "$T/out" and "$T/err", tried on up to 8 ports; sets PORT, PID, URL and
# SERVED (the folder it builds into). False when it never starts.
serve_start() {
	s_tries=0
	while :; do
		PORT=$((18000 + $(od -An -N2 -tu2 /dev/urandom) % 20000))
		"$PODIUM" serve -C "$T/proj" -p "$PORT" -v >"$T/out" 2>"$T/err" &
		PID=$!
		wait_for 30 grep -q 'serving http' "$T/out" && break
		kill -9 "$PID" 2>/dev/null
		wait "$PID" 2>/dev/null
		PID=""
		s_tries=$((s_tries + 1))
		[ $s_tries -ge 8 ] && return 1
	done
	URL="http://127.0.0.1:$PORT"
	SERVED=$(sed -n 's/^podium: building into //p' "$T/err")
}
