//go:build mtgfuzzjudge

package mutant

// recording is false in the binary that judges mutants: a constant, so that every guard
// compiles to one comparison and stays small enough to inline where the engine's code
// was inlined.
const recording = false
