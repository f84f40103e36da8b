package port_test

import (
	"context"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// BenchmarkCases measures the protocol's overhead: cases per second of a one-worker
// campaign in process, and through a "serve" process in protocol version 2 (compact
// snapshots, answers ahead), in version 1 (a step's snapshot and legal actions come back
// with its apply: one round trip a step), and in version 1 without that (three).
//
//	go test ./port -run '^$' -bench Cases -count 6 | benchstat -col /engine -
//
// PORT_TEST_CPUPROFILE=FILE profiles the serve process's side.
func BenchmarkCases(b *testing.B) {
	ps := props.Match("invariant.purity,mana.undefined-type,cost.tap-symbol")
	engines := []struct {
		name string
		make func() (harness.Engine, error)
	}{
		{"in-process", func() (harness.Engine, error) { return engine.New(engine.Options{}) }},
		{"serve", func() (harness.Engine, error) { return openPort(port.Options{}) }},
		{"serve-v1", func() (harness.Engine, error) { return openPort(port.Options{Versions: []int{1}}) }},
		{"serve-v1-no-pipelining", func() (harness.Engine, error) { return openPort(port.Options{Versions: []int{1}, NoPipeline: true}) }},
	}
	const checks = 100
	for _, e := range engines {
		b.Run("engine="+e.name, func(b *testing.B) {
			eng, err := e.make()
			if err != nil {
				b.Fatal(err)
			}
			defer eng.Close()
			one := func() (harness.Engine, error) { return shared(eng), nil }
			start := time.Now()
			for i := 0; i < b.N; i++ {
				if _, err := campaign.Run(context.Background(), campaign.Config{Engine: one, Props: ps, Seed: uint64(i + 1), Checks: checks}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*checks*len(ps))/time.Since(start).Seconds(), "cases/s")
		})
	}
}

func openPort(opts port.Options) (harness.Engine, error) {
	opts.Command = portCommand(modeServe)
	c, err := port.Open(opts)
	if err != nil {
		return nil, err
	}
	return c.Engine(), nil
}

// keepOpen lets one port serve every campaign of the benchmark: Close is the benchmark's.
type keepOpen struct{ harness.Engine }

func (keepOpen) Close() error { return nil }

// keepOpenMana is keepOpen for an engine with the mana queries.
type keepOpenMana struct {
	keepOpen
	harness.ManaQueries
}

func shared(eng harness.Engine) harness.Engine {
	if mq, ok := harness.ManaQueriesOf(eng); ok {
		return keepOpenMana{keepOpen{eng}, mq}
	}
	return keepOpen{eng}
}
