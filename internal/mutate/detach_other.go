//go:build !unix

package mutate

import (
	"os"
	"os/exec"
)

// detach does nothing where there are no process groups.
func detach(*exec.Cmd) {}

// stoppedFromOutside is false where signals can't be told apart.
func stoppedFromOutside(*os.ProcessState) bool { return false }
