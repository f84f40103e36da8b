# Sourced by the CI scripts (gate.sh, mutate-full.sh). forwarding runs a command in the
# background and waits for it, passing on SIGTERM and SIGINT to it: bash can't run a trap
# while it waits on a command in the foreground. signalled is then 143 or 130; the status
# is the command's.
signalled=0
forwarding() {
	"$@" &
	local pid=$! rc
	trap 'signalled=143; kill -TERM "$pid" 2>/dev/null' TERM
	trap 'signalled=130; kill -INT "$pid" 2>/dev/null' INT
	while :; do
		wait "$pid"
		rc=$?
		kill -0 "$pid" 2>/dev/null || break # wait was cut short by a trapped signal
	done
	trap - TERM INT
	return "$rc"
}
