package main

import "flag"

// checksFlag registers --checks N, how many generated cases a command runs, the word
// every command uses, with --cases as an alias (what diff and check-engine called it
// before); help lists both.
func checksFlag(fs *flag.FlagSet, def int, usage string) *int {
	n := fs.Int("checks", def, usage)
	fs.IntVar(n, "cases", def, "the same as --checks")
	return n
}
