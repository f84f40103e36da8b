package diff

import (
	"maps"
	"slices"
)

// Difference is one thing two engines show differently.
type Difference struct {
	What string `json:"what"` // what it is, in words: "Plains [1]: tapped", "A's mana pool"
	// Part is the part of the observation it is in ("tapped", "mana pool", "legal
	// actions", "could produce"); Cards the names of the cards it is about. With the kind
	// of action it follows, they tell divergences apart.
	Part  string   `json:"part"`
	Cards []string `json:"cards,omitempty"`
	// A and B are how the driving engine (Config.A) and the other show it.
	A string `json:"a"`
	B string `json:"b"`
}

// differences lists what a and b show differently, in the order of their groups (the
// game, the players, the cards, the order of libraries and graveyards, the stack, the
// decisions, the legal actions, the mana queries: a card that moved is named before the
// order it moved into) and fields. A group the same on both sides is not looked into; of an object only one engine
// has, only the zone is compared, and the mana answers of a permanent only one engine has
// on the battlefield are left out.
func differences(a, b *observation) []Difference {
	keys := slices.Collect(maps.Keys(a.groups))
	for k := range b.groups {
		if _, ok := a.groups[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []Difference
	for _, k := range keys {
		ga, inA := a.groups[k]
		gb, inB := b.groups[k]
		switch {
		case inA && inB && ga.raw == gb.raw:
			continue
		case !inA && (gb.tmpl.kind == couldField || gb.tmpl.kind == outcomesField) ||
			!inB && (ga.tmpl.kind == couldField || ga.tmpl.kind == outcomesField):
			continue // a permanent on one battlefield only: its zone says it
		case ga.tmpl.kind == objectField && !inB || gb.tmpl.kind == objectField && !inA:
			f := ga.tmpl
			if !inA {
				f = gb.tmpl
			}
			f.path, f.zero = "zone", "nowhere"
			out = append(out, f.difference(ga.zone, gb.zone))
			continue
		}
		fa, fb := ga.fields(), gb.fields()
		paths := slices.Collect(maps.Keys(fa))
		for p := range fb {
			if _, ok := fa[p]; !ok {
				paths = append(paths, p)
			}
		}
		slices.Sort(paths)
		for _, p := range paths {
			x, inA := fa[p]
			y := fb[p]
			if x.value == y.value {
				continue
			}
			f := x
			if !inA {
				f = y
			}
			out = append(out, f.difference(x.value, y.value))
		}
	}
	return out
}

func (f field) difference(a, b string) Difference {
	if a == "" {
		a = f.zero
	}
	if b == "" {
		b = f.zero
	}
	what, part, cards := f.describe()
	return Difference{What: what, Part: part, Cards: cards, A: a, B: b}
}
