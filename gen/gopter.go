package gen

import (
	"github.com/leanovate/gopter"
)

// Recorded is a value built from a Source together with the tape that builds it again:
// the value type of the gopter driver.
type Recorded[V any] struct {
	Value V
	Tape  []uint64
}

// Gopter is the gopter driver: a gopter.Gen whose values are Recorded[V], built by build
// from a TapeSource seeded from gopter's RNG. Its shrinker edits the tape (deletes chunks,
// lowers values) and replays it, so any generator written against Source shrinks under
// gopter without a hand-written shrinker.
//
// Replay normalizes a tape (values taken mod their range, missing ones 0), so a candidate
// can come back equal to the value it came from; the shrinker keeps only candidates whose
// replayed tape is strictly simpler ([ShortlexLess]), or gopter would "shrink" forever
// without progress (pbt-anchors §4.3 item 2).
//
// gopter's workers share one locked RNG, so use Workers=1 when a seed must reproduce.
func Gopter[V any](build func(Source) V) gopter.Gen {
	shrinker := tapeShrinker(build)
	return func(p *gopter.GenParameters) *gopter.GenResult {
		src := NewTapeSource(p.NextUint64())
		v := build(src)
		return gopter.NewGenResult(Recorded[V]{Value: v, Tape: src.Values()}, shrinker)
	}
}

func tapeShrinker[V any](build func(Source) V) gopter.Shrinker {
	return func(v any) gopter.Shrink {
		orig := v.(Recorded[V])
		next := tapeCandidates(orig.Tape)
		return func() (any, bool) {
			for {
				cand, ok := next()
				if !ok {
					return nil, false
				}
				src := ReplayTape(cand)
				val := build(src)
				if rec := (Recorded[V]{Value: val, Tape: src.Values()}); ShortlexLess(rec.Tape, orig.Tape) {
					return rec, true
				}
			}
		}
	}
}

// tapeCandidates streams simpler variants of tape: chunks deleted (halving chunk sizes,
// like gopter's SliceShrinker), then each value set to 0, halved and decremented.
func tapeCandidates(tape []uint64) func() ([]uint64, bool) {
	chunk, off := len(tape)/2, 0
	if chunk == 0 && len(tape) > 0 {
		chunk = 1
	}
	idx, variant := 0, 0
	return func() ([]uint64, bool) {
		for chunk > 0 {
			if off+chunk > len(tape) {
				chunk, off = chunk/2, 0
				continue
			}
			c := make([]uint64, 0, len(tape)-chunk)
			c = append(append(c, tape[:off]...), tape[off+chunk:]...)
			off += chunk
			return c, true
		}
		for idx < len(tape) {
			v := tape[idx]
			if v == 0 || variant == 3 {
				idx, variant = idx+1, 0
				continue
			}
			lows := [3]uint64{0, v / 2, v - 1}
			lower := lows[variant]
			variant++
			if variant > 1 && (lower == 0 || lower == lows[variant-2]) {
				continue // already tried
			}
			c := append([]uint64(nil), tape...)
			c[idx] = lower
			return c, true
		}
		return nil, false
	}
}
