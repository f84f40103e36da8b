package manaoracle

import "github.com/mtgfuzz/mtgfuzz/harness"

// Oracle answers the mana questions of one Snapshot from the rules alone: what each
// permanent could produce (CR 106.7) and what each mana ability would add if it resolved
// now (106.5, 106.12, 616.1). It never asks the engine, so the properties can compare the
// engine's answers with it.
//
// What it doesn't know (an ability text it can't read, a colour chosen as a permanent
// entered that the trace doesn't show) it reports as unknown, and the properties then judge
// nothing that depends on it.
type Oracle struct {
	snap    *harness.Snapshot
	Effects Effects // the mana effects of the board
	cp      map[harness.CardID]harness.TypeSet
	unknown map[harness.CardID]bool
}

// New computes "could produce" for every permanent of s as a least fixpoint, so that
// chains and cycles (two Reflecting Pools, Exotic Orchards facing each other) settle without
// recursion: each round recomputes every permanent from the previous round's answers, and
// the sets only grow, so at most 6n+1 rounds run.
func New(s *harness.Snapshot, colorOf func(harness.CardID) (harness.ManaType, bool)) *Oracle {
	o := &Oracle{snap: s, Effects: ScanEffects(s, colorOf),
		cp: map[harness.CardID]harness.TypeSet{}, unknown: map[harness.CardID]bool{}}
	for i := range s.Battlefield {
		p := s.Battlefield[i]
		if o.Effects.Unknown || o.HasOwnTrigger(p) {
			o.unknown[p.Card] = true
		}
		for _, ai := range ManaAbilities(p) {
			if ParseAbility(p.Abilities[ai]).Prod.Kind == ProdUnknown {
				o.unknown[p.Card] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range s.Battlefield {
			p := s.Battlefield[i]
			if got := o.couldProduce(p); got != o.cp[p.Card] {
				o.cp[p.Card] = got
				changed = true
			}
		}
	}
	// A permanent whose answer is built from an unknown one is unknown too.
	for changed := true; changed; {
		changed = false
		for i := range s.Battlefield {
			p := s.Battlefield[i]
			if !o.unknown[p.Card] && o.dependsOnUnknown(p) {
				o.unknown[p.Card] = true
				changed = true
			}
		}
	}
	return o
}

// HasOwnTrigger reports whether p is the source of a triggered mana ability: whether that
// counts toward what p "could produce" is not settled by CR 106.7, so the oracle abstains.
func (o *Oracle) HasOwnTrigger(p *harness.Object) bool {
	for _, t := range o.Effects.Triggers {
		if t.Source == p.Card {
			return true
		}
	}
	return false
}

func (o *Oracle) dependsOnUnknown(p *harness.Object) bool {
	for _, ai := range ManaAbilities(p) {
		switch ParseAbility(p.Abilities[ai]).Prod.Kind {
		case ProdLandYouType:
			if o.anyUnknownLand(p.Controller) {
				return true
			}
		case ProdLandOppColor:
			if o.anyUnknownLand(p.Controller.Opponent()) {
				return true
			}
		}
	}
	return false
}

func (o *Oracle) anyUnknownLand(controller harness.Player) bool {
	for i := range o.snap.Battlefield {
		l := o.snap.Battlefield[i]
		if l.HasType("Land") && l.Controller == controller && o.unknown[l.Card] {
			return true
		}
	}
	return false
}

// Snapshot is the board the oracle answers for.
func (o *Oracle) Snapshot() *harness.Snapshot { return o.snap }

// CouldProduce is the oracle's answer for card c (CR 106.7), and whether it knows it.
func (o *Oracle) CouldProduce(c harness.CardID) (harness.TypeSet, bool) {
	if o.unknown[c] || o.snap.Permanent(c) == nil {
		return 0, false
	}
	return o.cp[c], true
}

// couldProduce is one round of the fixpoint for p: the types of every outcome of every mana
// ability of p, costs ignored, replacement effects in every order (CR 106.7).
func (o *Oracle) couldProduce(p *harness.Object) harness.TypeSet {
	var out harness.TypeSet
	for _, ai := range ManaAbilities(p) {
		a := ParseAbility(p.Abilities[ai])
		for _, b := range o.Base(p, a) {
			for _, r := range o.Replaced(p, a, b) {
				out = out.Union(r.Types())
			}
		}
	}
	return out
}

// landTypes is the union of what the lands a player controls could produce, by the
// current round of the fixpoint.
func (o *Oracle) landTypes(controller harness.Player) harness.TypeSet {
	var out harness.TypeSet
	for i := range o.snap.Battlefield {
		l := o.snap.Battlefield[i]
		if l.HasType("Land") && l.Controller == controller {
			out = out.Union(o.cp[l.Card])
		}
	}
	return out
}

// Base lists what the ability would add before replacement effects, one entry per choice
// the player could make. An ability that would produce mana of an undefined type produces
// no mana (CR 106.5): the zero Mana.
func (o *Oracle) Base(p *harness.Object, a Ability) []harness.Mana {
	switch a.Prod.Kind {
	case ProdFixed:
		return []harness.Mana{a.Prod.Fixed}
	case ProdPerCreature:
		n := 0
		for i := range o.snap.Battlefield {
			c := o.snap.Battlefield[i]
			if c.HasType("Creature") && c.Controller == p.Controller {
				n++
			}
		}
		var m harness.Mana
		for i, v := range a.Prod.Fixed {
			m[i] = v * n
		}
		return []harness.Mana{m}
	case ProdAnyColor:
		return OnePerType(harness.AllColors)
	case ProdLandYouType:
		return OnePerType(o.landTypes(p.Controller))
	case ProdLandOppColor:
		return OnePerType(o.landTypes(p.Controller.Opponent()).Colors())
	case ProdPermColor:
		var cs harness.TypeSet
		for i := range o.snap.Battlefield {
			if q := o.snap.Battlefield[i]; q.Controller == p.Controller {
				cs = cs.Union(colorSet(q))
			}
		}
		return OnePerType(cs)
	case ProdExiledColor: // the cards its linked ability exiled, each answering (CR 607.3)
		var cs harness.TypeSet
		for _, c := range p.ExiledWith {
			if q := o.snap.Find(c); q != nil {
				cs = cs.Union(colorSet(q))
			}
		}
		return OnePerType(cs & harness.AllColors)
	}
	return nil
}

// OnePerType lists "one mana of any type in types" as productions; an empty set is undefined,
// which produces no mana (CR 106.5).
func OnePerType(types harness.TypeSet) []harness.Mana {
	if types == 0 {
		return []harness.Mana{{}}
	}
	var out []harness.Mana
	for _, t := range types.List() {
		out = append(out, harness.Of(t, 1))
	}
	return out
}

// Undefined reports whether ability a of p would produce mana of an undefined type now
// (CR 106.5): a derived type with nothing to derive it from.
func (o *Oracle) Undefined(p *harness.Object, a Ability) bool {
	if !a.Prod.Derived() {
		return false
	}
	b := o.Base(p, a)
	return len(b) == 1 && b[0].IsZero()
}

// Replaced lists every result of applying the applicable "tapped for mana" replacement
// effects to production b, in every order (CR 616.1), each effect once (614.5). No mana
// produced means no production event to modify (106.12b).
func (o *Oracle) Replaced(p *harness.Object, a Ability, b harness.Mana) []harness.Mana {
	reps := o.Effects.ReplacementsFor(p, a.HasT)
	if b.IsZero() || len(reps) == 0 {
		return []harness.Mana{b}
	}
	// Effects with the same modification are interchangeable: group them and walk the
	// orders of the groups' counts, memoised, so n identical effects cost n, not n!.
	type kind struct {
		factor  int
		instead harness.Mana
	}
	var kinds []kind
	var counts []int
	for _, r := range reps {
		k := kind{r.Factor, r.Instead}
		found := false
		for i := range kinds {
			if kinds[i] == k {
				counts[i]++
				found = true
			}
		}
		if !found {
			kinds = append(kinds, k)
			counts = append(counts, 1)
		}
	}
	results := map[harness.Mana]bool{}
	seen := map[string]bool{}
	var walk func(m harness.Mana, left []int)
	walk = func(m harness.Mana, left []int) {
		key := m.String() + "|" + intsKey(left)
		if seen[key] {
			return
		}
		seen[key] = true
		done := true
		for i, n := range left {
			if n == 0 {
				continue
			}
			done = false
			next := m
			if kinds[i].factor > 0 {
				for t := range next {
					next[t] *= kinds[i].factor
				}
			} else {
				next = kinds[i].instead
			}
			rest := append([]int(nil), left...)
			rest[i]--
			walk(next, rest)
		}
		if done {
			results[m] = true
		}
	}
	walk(b, counts)
	return sortedMana(results)
}

// Outcomes is the oracle's set of what activating ability ai of card c would add to its
// controller's pool if it resolved now, replacement effects in every order and triggered
// mana abilities included (CR 106.12a, 605.4a): what the player must be offered.
func (o *Oracle) Outcomes(c harness.CardID, ai int) ([]harness.Mana, bool) {
	p := o.snap.Permanent(c)
	a, ok := AbilityOf(p, ai)
	if !ok || !a.Mana || a.Prod.Kind == ProdUnknown || o.Effects.Unknown {
		return nil, false
	}
	if (a.Prod.Kind == ProdLandYouType && o.anyUnknownLand(p.Controller)) ||
		(a.Prod.Kind == ProdLandOppColor && o.anyUnknownLand(p.Controller.Opponent())) {
		return nil, false
	}
	return o.OutcomesFrom(p, a, o.Base(p, a))
}

// OutcomesFrom is Outcomes for the given productions before replacement effects (one per
// choice the player could make), so a relation can feed it the engine's own answers.
func (o *Oracle) OutcomesFrom(p *harness.Object, a Ability, bases []harness.Mana) ([]harness.Mana, bool) {
	trigs := o.Effects.TriggersFor(p, a.HasT)
	for _, t := range trigs {
		if t.Kind == TrigGauntlet && !t.ColorKnown {
			return nil, false
		}
	}
	results := map[harness.Mana]bool{}
	for _, b := range bases {
		for _, r := range o.Replaced(p, a, b) {
			for _, m := range withTriggers(r, trigs) {
				results[m] = true
			}
		}
	}
	return sortedMana(results), true
}

// withTriggers adds what each triggered mana ability adds after the ability produced r
// (CR 106.12a: they trigger only if mana, or mana of the named type, was produced). The
// triggers add mana; they are not replacements, so they see r, not each other.
func withTriggers(r harness.Mana, trigs []Trigger) []harness.Mana {
	out := []harness.Mana{r}
	if r.IsZero() {
		return out
	}
	for _, t := range trigs {
		var adds []harness.Mana
		switch t.Kind {
		case TrigAnyProduced:
			for _, ty := range r.Types().List() {
				adds = append(adds, harness.Of(ty, 1))
			}
		case TrigWildGrowth:
			adds = []harness.Mana{t.Add}
		case TrigGauntlet:
			if r[t.Color] > 0 {
				adds = []harness.Mana{harness.Of(t.Color, 1)}
			}
		}
		if len(adds) == 0 {
			continue
		}
		var next []harness.Mana
		for _, m := range out {
			for _, add := range adds {
				next = append(next, m.Add(add))
			}
		}
		out = next
	}
	return out
}
