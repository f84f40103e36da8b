package props

import "github.com/mtgfuzz/mtgfuzz/harness"

// oracle answers the mana questions of one Snapshot from the rules alone: what each
// permanent could produce (CR 106.7) and what each mana ability would add if it resolved
// now (106.5, 106.12, 616.1). It never asks the engine, so the properties can compare the
// engine's answers with it.
//
// What it doesn't know (an ability text it can't read, a colour chosen as a permanent
// entered that the trace doesn't show) it reports as unknown, and the properties then judge
// nothing that depends on it.
type oracle struct {
	snap    *harness.Snapshot
	fx      manaEffects
	cp      map[harness.CardID]harness.TypeSet
	unknown map[harness.CardID]bool
}

// newOracle computes "could produce" for every permanent of s as a least fixpoint, so that
// chains and cycles (two Reflecting Pools, Exotic Orchards facing each other) settle without
// recursion: each round recomputes every permanent from the previous round's answers, and
// the sets only grow, so at most 6n+1 rounds run.
func newOracle(s *harness.Snapshot, colorOf func(harness.CardID) (harness.ManaType, bool)) *oracle {
	o := &oracle{snap: s, fx: scanEffects(s, colorOf),
		cp: map[harness.CardID]harness.TypeSet{}, unknown: map[harness.CardID]bool{}}
	for i := range s.Battlefield {
		p := s.Battlefield[i]
		if o.fx.Unknown || o.hasOwnTrigger(p) {
			o.unknown[p.Card] = true
		}
		for _, ai := range manaAbilities(p) {
			if parseAbility(p.Abilities[ai]).Prod.Kind == prodUnknown {
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

// hasOwnTrigger reports whether p is the source of a triggered mana ability: whether that
// counts toward what p "could produce" is not settled by CR 106.7, so the oracle abstains.
func (o *oracle) hasOwnTrigger(p *harness.Object) bool {
	for _, t := range o.fx.Triggers {
		if t.Source == p.Card {
			return true
		}
	}
	return false
}

func (o *oracle) dependsOnUnknown(p *harness.Object) bool {
	for _, ai := range manaAbilities(p) {
		switch parseAbility(p.Abilities[ai]).Prod.Kind {
		case prodLandYouType:
			if o.anyUnknownLand(p.Controller) {
				return true
			}
		case prodLandOppColor:
			if o.anyUnknownLand(p.Controller.Opponent()) {
				return true
			}
		}
	}
	return false
}

func (o *oracle) anyUnknownLand(controller harness.Player) bool {
	for i := range o.snap.Battlefield {
		l := o.snap.Battlefield[i]
		if isLand(l) && l.Controller == controller && o.unknown[l.Card] {
			return true
		}
	}
	return false
}

// CouldProduce is the oracle's answer for card c (CR 106.7), and whether it knows it.
func (o *oracle) CouldProduce(c harness.CardID) (harness.TypeSet, bool) {
	if o.unknown[c] || o.snap.Permanent(c) == nil {
		return 0, false
	}
	return o.cp[c], true
}

// couldProduce is one round of the fixpoint for p: the types of every outcome of every mana
// ability of p, costs ignored, replacement effects in every order (CR 106.7).
func (o *oracle) couldProduce(p *harness.Object) harness.TypeSet {
	var out harness.TypeSet
	for _, ai := range manaAbilities(p) {
		a := parseAbility(p.Abilities[ai])
		for _, b := range o.base(p, a) {
			for _, r := range o.replaced(p, a, b) {
				out = out.Union(r.Types())
			}
		}
	}
	return out
}

// landTypes is the union of what the lands a player controls could produce, by the
// current round of the fixpoint.
func (o *oracle) landTypes(controller harness.Player) harness.TypeSet {
	var out harness.TypeSet
	for i := range o.snap.Battlefield {
		l := o.snap.Battlefield[i]
		if isLand(l) && l.Controller == controller {
			out = out.Union(o.cp[l.Card])
		}
	}
	return out
}

// base lists what the ability would add before replacement effects, one entry per choice
// the player could make. An ability that would produce mana of an undefined type produces
// no mana (CR 106.5): the zero Mana.
func (o *oracle) base(p *harness.Object, a ability) []harness.Mana {
	switch a.Prod.Kind {
	case prodFixed:
		return []harness.Mana{a.Prod.Fixed}
	case prodPerCreature:
		n := 0
		for i := range o.snap.Battlefield {
			c := o.snap.Battlefield[i]
			if isCreature(c) && c.Controller == p.Controller {
				n++
			}
		}
		var m harness.Mana
		for i, v := range a.Prod.Fixed {
			m[i] = v * n
		}
		return []harness.Mana{m}
	case prodAnyColor:
		return one(harness.AllColors)
	case prodLandYouType:
		return one(o.landTypes(p.Controller))
	case prodLandOppColor:
		return one(o.landTypes(p.Controller.Opponent()).Colors())
	case prodPermColor:
		var cs harness.TypeSet
		for i := range o.snap.Battlefield {
			if q := o.snap.Battlefield[i]; q.Controller == p.Controller {
				cs = cs.Union(colorSet(q))
			}
		}
		return one(cs)
	case prodExiledColor: // the cards its linked ability exiled, each answering (CR 607.3)
		var cs harness.TypeSet
		for _, c := range p.ExiledWith {
			if q := o.snap.Find(c); q != nil {
				cs = cs.Union(colorSet(q))
			}
		}
		return one(cs & harness.AllColors)
	}
	return nil
}

// one lists "one mana of any type in types" as productions; an empty set is undefined,
// which produces no mana (CR 106.5).
func one(types harness.TypeSet) []harness.Mana {
	if types == 0 {
		return []harness.Mana{{}}
	}
	var out []harness.Mana
	for _, t := range types.List() {
		out = append(out, harness.Of(t, 1))
	}
	return out
}

// undefined reports whether ability a of p would produce mana of an undefined type now
// (CR 106.5): a derived type with nothing to derive it from.
func (o *oracle) undefined(p *harness.Object, a ability) bool {
	if !a.Prod.derived() {
		return false
	}
	b := o.base(p, a)
	return len(b) == 1 && b[0].IsZero()
}

// replaced lists every result of applying the applicable "tapped for mana" replacement
// effects to production b, in every order (CR 616.1), each effect once (614.5). No mana
// produced means no production event to modify (106.12b).
func (o *oracle) replaced(p *harness.Object, a ability, b harness.Mana) []harness.Mana {
	reps := o.fx.replacementsFor(p, a.HasT)
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
func (o *oracle) Outcomes(c harness.CardID, ai int) ([]harness.Mana, bool) {
	p := o.snap.Permanent(c)
	a, ok := abilityOf(p, ai)
	if !ok || !a.Mana || a.Prod.Kind == prodUnknown || o.fx.Unknown {
		return nil, false
	}
	if (a.Prod.Kind == prodLandYouType && o.anyUnknownLand(p.Controller)) ||
		(a.Prod.Kind == prodLandOppColor && o.anyUnknownLand(p.Controller.Opponent())) {
		return nil, false
	}
	return o.outcomesFrom(p, a, o.base(p, a))
}

// outcomesFrom is Outcomes for the given productions before replacement effects (one per
// choice the player could make), so a relation can feed it the engine's own answers.
func (o *oracle) outcomesFrom(p *harness.Object, a ability, bases []harness.Mana) ([]harness.Mana, bool) {
	trigs := o.fx.triggersFor(p, a.HasT)
	for _, t := range trigs {
		if t.Kind == trigGauntlet && !t.ColorKnown {
			return nil, false
		}
	}
	results := map[harness.Mana]bool{}
	for _, b := range bases {
		for _, r := range o.replaced(p, a, b) {
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
func withTriggers(r harness.Mana, trigs []trigger) []harness.Mana {
	out := []harness.Mana{r}
	if r.IsZero() {
		return out
	}
	for _, t := range trigs {
		var adds []harness.Mana
		switch t.Kind {
		case trigAnyProduced:
			for _, ty := range r.Types().List() {
				adds = append(adds, harness.Of(ty, 1))
			}
		case trigWildGrowth:
			adds = []harness.Mana{t.Add}
		case trigGauntlet:
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
