//go:build unix

package mutate

import (
	"os/exec"
	"syscall"
)

// detach puts the judge in its own process group, out of reach of the signals a terminal
// sends to the foreground group (a first interrupt lets the running judgements end), and
// ends the whole group when the judgement is cut short.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
