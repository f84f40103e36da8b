//go:build !unix

package benchcpu

import "time"

// processCPU: no CPU time on this platform.
func processCPU() time.Duration { return -1 }
