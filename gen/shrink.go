package gen

import (
	"encoding/binary"
	"slices"
)

// ShrinkResult is what Shrink found.
type ShrinkResult struct {
	// Tape is the simplest failing tape found, as recorded (see TrimTape to store it).
	Tape []uint64
	// Attempts counts replays run (the first, of the starting tape, included).
	Attempts int
	// Shrinks counts accepted candidates: each was strictly simpler and still failed.
	Shrinks int
	// Flaky is set when the starting tape did not fail on replay: the case depends on
	// something beyond its tape (a nondeterministic engine or property). Nothing was
	// shrunk.
	Flaky bool
}

// Shrink minimizes a failing tape Hypothesis-style. fails replays a candidate: it runs the
// generator on the given source and reports whether the result still fails (in the way
// that matters to the caller: the same property violated). Passes repeat until none makes
// progress or budget replays are spent:
//
//   - delete each group's span (one permanent, one walk step, a player's whole side),
//     and pairs of adjacent sibling groups;
//   - zero each group's draws (a walk step's "more" at 0 ends the walk there);
//   - lower each draw: to 0, then by binary search to the smallest value that still fails;
//   - sort runs of sibling groups by their draws, so equal boards come out in one order.
//
// A candidate counts only if its replayed tape is strictly simpler ([ShortlexLess]) than
// the current one and still fails, so shrinking always terminates. Everything is
// deterministic: the result depends on the tape, fails and budget only.
func Shrink(tape []uint64, fails func(src *TapeSource) bool, budget int) ShrinkResult {
	s := &shrinker{fails: fails, budget: budget, seen: map[string]struct{}{}, src: &TapeSource{}}
	s.res.Attempts = 1
	s.src.ResetReplay(tape)
	if !fails(s.src) {
		s.res.Tape, s.res.Flaky = slices.Clone(tape), true
		return s.res
	}
	s.accept()
	for s.res.Attempts < s.budget {
		before := s.res.Shrinks
		s.deleteSpans()
		s.deletePairs()
		s.zeroSpans()
		s.lowerDraws()
		s.sortSiblings()
		if s.res.Shrinks == before {
			break
		}
	}
	s.res.Tape = s.cur
	return s.res
}

type shrinker struct {
	fails  func(*TapeSource) bool
	budget int
	res    ShrinkResult
	cur    []uint64 // the current failing tape, normalized (trailing zeros kept, so spans fit)
	spans  []Span   // its groups, from its replay
	seen   map[string]struct{}
	src    *TapeSource
}

// accept makes the source's last replay the current tape.
func (s *shrinker) accept() {
	s.cur = s.src.Values()
	s.spans = append(s.spans[:0], s.src.Spans()...)
	s.seen[key(trimZeros(s.cur))] = struct{}{}
}

// try replays cand and keeps it if it is simpler and still fails.
func (s *shrinker) try(cand []uint64) bool {
	if s.res.Attempts >= s.budget {
		return false
	}
	k := key(trimZeros(cand))
	if _, dup := s.seen[k]; dup {
		return false
	}
	s.seen[k] = struct{}{}
	s.res.Attempts++
	s.src.ResetReplay(cand)
	if !s.fails(s.src) {
		return false
	}
	if !ShortlexLess(s.src.Values(), s.cur) {
		return false
	}
	s.accept()
	s.res.Shrinks++
	return true
}

func key(v []uint64) string {
	b := make([]byte, 0, 8*len(v))
	for _, x := range v {
		b = binary.AppendUvarint(b, x)
	}
	return string(b)
}

// without returns cur with draws [from, to) removed (clamped to cur).
func (s *shrinker) without(from, to int) []uint64 {
	from, to = min(from, len(s.cur)), min(to, len(s.cur))
	c := make([]uint64, 0, len(s.cur)-(to-from))
	return append(append(c, s.cur[:from]...), s.cur[to:]...)
}

func (s *shrinker) deleteSpans() {
	for i := 0; i < len(s.spans) && s.res.Attempts < s.budget; i++ {
		sp := s.spans[i]
		if sp.End > sp.Start && sp.Start < len(s.cur) && s.try(s.without(sp.Start, sp.End)) {
			i-- // the spans changed: look at whatever is at i now
		}
	}
}

// deletePairs removes two adjacent sibling groups at once: for cases where removing
// either alone changes how the rest is read.
func (s *shrinker) deletePairs() {
	for i := 0; i < len(s.spans) && s.res.Attempts < s.budget; i++ {
		a := s.spans[i]
		j := s.nextSibling(i)
		if j < 0 || a.Start >= len(s.cur) {
			continue
		}
		if s.try(s.without(a.Start, s.spans[j].End)) {
			i--
		}
	}
}

// nextSibling is the index of the span right after span i with the same parent and
// label, starting where i ends; -1 if none.
func (s *shrinker) nextSibling(i int) int {
	a := s.spans[i]
	for j := i + 1; j < len(s.spans); j++ {
		b := s.spans[j]
		if b.Start > a.End {
			return -1
		}
		if b.Parent == a.Parent && b.Start == a.End && b.Label == a.Label && b.End > b.Start {
			return j
		}
	}
	return -1
}

func (s *shrinker) zeroSpans() {
	for i := 0; i < len(s.spans) && s.res.Attempts < s.budget; i++ {
		sp := s.spans[i]
		from, to := min(sp.Start, len(s.cur)), min(sp.End, len(s.cur))
		if !slices.ContainsFunc(s.cur[from:to], func(v uint64) bool { return v != 0 }) {
			continue
		}
		c := slices.Clone(s.cur)
		clear(c[from:to])
		s.try(c)
	}
}

func (s *shrinker) lowerDraws() {
	for j := 0; j < len(s.cur) && s.res.Attempts < s.budget; j++ {
		v := s.cur[j]
		if v == 0 {
			continue
		}
		if s.tryValue(j, 0) {
			continue
		}
		lo, hi := uint64(0), v // lo doesn't fail (as far as we know), hi does
		for hi-lo > 1 && j < len(s.cur) && s.res.Attempts < s.budget {
			mid := lo + (hi-lo)/2
			if s.tryValue(j, mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
	}
}

func (s *shrinker) tryValue(j int, v uint64) bool {
	if j >= len(s.cur) {
		return false
	}
	c := slices.Clone(s.cur)
	c[j] = v
	return s.try(c)
}

// sortSiblings puts each run of adjacent sibling groups with one label in shortlex order
// of their draws, or failing that swaps adjacent out-of-order pairs.
func (s *shrinker) sortSiblings() {
	for i := 0; i < len(s.spans) && s.res.Attempts < s.budget; i++ {
		run := []int{i}
		for j := s.nextSibling(i); j >= 0; j = s.nextSibling(j) {
			run = append(run, j)
		}
		if len(run) < 2 || s.spans[run[len(run)-1]].End > len(s.cur) {
			continue
		}
		segs := make([][]uint64, len(run))
		for k, r := range run {
			segs[k] = s.cur[s.spans[r].Start:s.spans[r].End]
		}
		sorted := slices.Clone(segs)
		slices.SortStableFunc(sorted, cmpShortlex)
		if slices.EqualFunc(segs, sorted, slices.Equal) {
			continue
		}
		start, end := s.spans[run[0]].Start, s.spans[run[len(run)-1]].End
		if s.try(s.splice(start, end, sorted)) {
			continue
		}
		for k := 0; k+1 < len(segs) && s.res.Attempts < s.budget; k++ {
			if cmpShortlex(segs[k], segs[k+1]) > 0 {
				swapped := slices.Clone(segs)
				swapped[k], swapped[k+1] = swapped[k+1], swapped[k]
				if s.try(s.splice(start, end, swapped)) {
					break // spans changed; the outer loop goes on from here
				}
			}
		}
	}
}

func (s *shrinker) splice(start, end int, segs [][]uint64) []uint64 {
	c := make([]uint64, 0, len(s.cur))
	c = append(c, s.cur[:start]...)
	for _, seg := range segs {
		c = append(c, seg...)
	}
	return append(c, s.cur[end:]...)
}

func cmpShortlex(a, b []uint64) int {
	switch {
	case ShortlexLess(a, b):
		return -1
	case ShortlexLess(b, a):
		return 1
	}
	return 0
}
