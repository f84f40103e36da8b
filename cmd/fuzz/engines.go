package main

import (
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

func lookupFault(name string) (engine.FaultInfo, bool) {
	for _, f := range engine.Faults() {
		if f.Name == name {
			return f, true
		}
	}
	return engine.FaultInfo{}, false
}

// unknownFault is an input error pointing at the list of faults.
func unknownFault(name string) error {
	return inputErrorf("unknown fault %q (see the faults with: fuzz list --faults)", name)
}

// vocabulary is what scenarios may name when they run on the reference engine: its
// cards and the tokens they create (a setup may place those as tokens), counter kinds and
// entry choices, and every property and ruling.
func vocabulary() *scenario.Vocabulary {
	return scenario.NewVocabulary(append(engine.CardNames(), engine.TokenNames()...), engine.CounterKinds(), engine.EntryChoices())
}
