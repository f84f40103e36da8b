package engine

import (
	"strings"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 702.16: protection. "Protection from [quality]" is a keyword whose quality is data,
// read from its text; the qualities of this pool are colours ("Protection from white",
// Akroma, Angel of Fury). A permanent with protection from a quality can't be the target
// of spells with that quality or of abilities from sources with it (702.16b), can't be
// enchanted or equipped by Auras or Equipment with it (702.16c-d; 704.5m-n put them off),
// can't be blocked by creatures with it (702.16f), and damage sources with it would deal
// to it is prevented (702.16e). A face-down permanent has no abilities (708.2a), so no
// protection.

// colourWords are the colours a "Protection from" keyword may name.
var colourWords = map[string]h.ManaType{"white": h.White, "blue": h.Blue, "black": h.Black, "red": h.Red, "green": h.Green}

// protections is the set of colours c has protection from.
func protections(c *chars) h.TypeSet {
	var out h.TypeSet
	for _, a := range c.Abilities {
		if a.Kind != Keyword {
			continue
		}
		for _, k := range append([]string{a.Keyword}, a.Also...) {
			if col, ok := colourWords[strings.ToLower(strings.TrimPrefix(k, "Protection from "))]; ok && strings.HasPrefix(k, "Protection from ") {
				out = out.With(col)
			}
		}
	}
	return out
}

// protectedFrom reports whether an object with characteristics c has protection from a
// source with characteristics src: from one of its colours (702.16a, 702.16g).
func protectedFrom(c, src *chars) bool {
	return src != nil && src.Colors.Colors() != 0 && protections(c)&src.Colors.Colors() != 0 // a colourless source first: most are
}

// protectsFromTargeting reports whether the permanent id can't be the target of a spell or
// ability whose source has characteristics src (CR 702.16b).
func protectsFromTargeting(s *state, v *view, id h.ObjectID, src *chars) bool {
	return s.obj(id).Zone == h.Battlefield && protectedFrom(v.Of(id), src) && !s.faults.on(FaultProtectionTargetable)
}

// sourceChars are the characteristics of source id as a source of damage or of an
// ability, as the view has them: as it is, or, once it has left its zone, its card's
// (CR 113.7a; last known information would be its last characteristics, 608.2h); nil for
// no source.
func sourceChars(v *view, id h.ObjectID) *chars {
	if id == 0 {
		return nil
	}
	return v.Of(id)
}
