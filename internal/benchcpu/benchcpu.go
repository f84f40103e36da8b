// Package benchcpu adds a CPU-time figure to benchmarks: on a machine shared with other
// work, the wall time per operation that go test reports grows with the load, while the
// CPU time the process spends per operation (user and system, every thread's: the
// collector's included) hardly does. Compare builds on cpu-ns/op with benchstat.
package benchcpu

import (
	"testing"
	"time"
)

// Meter measures the process's CPU time from its start.
type Meter struct{ start time.Duration }

// Start begins measuring; call it just before the benchmark's loop.
func Start() Meter { return Meter{start: processCPU()} }

// Report adds the CPU time used since Start, per operation, as the cpu-ns/op metric. Where
// the platform gives no CPU time, it adds nothing.
func (m Meter) Report(b *testing.B) { m.ReportPer(b, 1, "cpu-ns/op") }

// ReportPer adds the CPU time used since Start per operation, divided by n (the units of
// work in one operation), as the metric unit.
func (m Meter) ReportPer(b *testing.B, n int, unit string) {
	now := processCPU()
	if m.start < 0 || now < 0 || b.N == 0 || n <= 0 {
		return
	}
	b.ReportMetric(float64(now-m.start)/float64(b.N)/float64(n), unit)
}
