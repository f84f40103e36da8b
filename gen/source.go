package gen

// Source is the one thing generator code draws from: a stream of labelled choices.
// Generators are written once against it; drivers back it with rapid (shrinking by
// rapid), gopter, Go native fuzzing (bytes) or the campaign's own recorded tape.
//
// Smaller values are simpler: a shrinker that lowers draws toward 0 moves every
// generator toward its simplest case, so generators put the simplest option at 0.
type Source interface {
	// Uintn draws a value in [0, n); n must be at least 1.
	Uintn(label string, n int) int
	// Group runs f as one structural unit (one permanent, one action), so shrinkers can
	// delete or reorder it whole.
	Group(label string, f func(Source))
}
