package main

import (
	"context"
	"os"
	"sync"
	"syscall"
)

// interrupt turns SIGINT and SIGTERM into the two stages every long command honours. The
// first signal closes stop: no more cases or files are started, what failed is still
// shrunk, and the command writes its partial report. A second signal cancels the context:
// shrinking stops too and the failures are saved as shrunk as they got. Either way the
// exit code is 128 plus the first signal's number (130 for SIGINT, 143 for SIGTERM), the
// shell's convention for a process ended by a signal.
//
// A command with nothing to save (list, explain, serve) doesn't call keepPartial: there a
// signal ends the process at once, through exit.
type interrupt struct {
	stop   chan struct{}
	cancel context.CancelFunc
	notify func(first bool) // tells the user what the signal does; may be nil
	exit   func(code int)   // ends the process (main's os.Exit); nil in tests

	mu      sync.Mutex
	first   os.Signal // nil until a signal arrives
	count   int
	partial bool // the running command writes a partial report on a signal
}

func newInterrupt(cancel context.CancelFunc) *interrupt {
	return &interrupt{stop: make(chan struct{}), cancel: cancel}
}

// keepPartial says the running command honours the two stages: it stops early and
// writes its partial report.
func (in *interrupt) keepPartial() {
	in.mu.Lock()
	in.partial = true
	in.mu.Unlock()
}

// receive handles one signal.
func (in *interrupt) receive(sig os.Signal) {
	in.mu.Lock()
	in.count++
	n := in.count
	if n == 1 {
		in.first = sig
		close(in.stop)
	} else {
		in.cancel()
	}
	notify, exit := in.notify, in.exit
	if !in.partial && exit != nil {
		in.mu.Unlock()
		exit(in.exitCode())
		return
	}
	in.mu.Unlock()
	if notify != nil && n <= 2 {
		notify(n == 1)
	}
}

// stopped reports whether a signal arrived.
func (in *interrupt) stopped() bool {
	select {
	case <-in.stop:
		return true
	default:
		return false
	}
}

// exitCode is 128 plus the first signal's number, or 0 when none arrived.
func (in *interrupt) exitCode() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	if s, ok := in.first.(syscall.Signal); ok {
		return 128 + int(s)
	}
	if in.first != nil {
		return 128 + int(syscall.SIGINT)
	}
	return 0
}
