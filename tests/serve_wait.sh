# serve_wait.sh, sourced by the tests that drive a running `podium serve`
# (t_serve_same.sh, t_serve_race.sh): waiting for its rebuilds. The caller
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
