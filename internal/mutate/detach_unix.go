//go:build unix

package mutate

import (
	"os"
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

// stoppedFromOutside reports whether the judge ended on a signal that stops a process
// from outside (a person's kill, a shutdown), which no mutant sends: its judgement is no
// verdict. A mutant that crashes the runtime exits with a status of its own, and one that
// grows the heap is stopped by the judge itself (JudgeConfig.MemoryLimit).
func stoppedFromOutside(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return false
	}
	switch ws.Signal() {
	case syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT:
		return true
	}
	return false
}
