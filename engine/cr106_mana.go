package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 106: mana. What an ability would produce, what a permanent "could produce"
// (106.7), undefined types (106.5) and replacement effects on "tapped for mana" (106.12b).

// production is what a mana ability adds before replacement effects: either a fixed
// amount, or (choose) one mana of a type chosen from a set. An empty set means the type
// is undefined (CR 106.5).
type production struct {
	fixed   h.Mana
	choices h.TypeSet
	choose  bool
}

// productionChoice is the production of p for src now.
func productionChoice(s *state, v *view, src *object, p *manaProduction) production {
	controller := src.Controller
	var choices h.TypeSet
	switch p.Kind {
	case ProduceFixed:
		return production{fixed: p.Fixed}
	case ProducePerCreature:
		n := 0
		for _, id := range s.Battlefield {
			if s.obj(id).Controller == controller && v.Of(id).HasType("Creature") {
				n++
			}
		}
		return production{fixed: h.Of(p.Type, n)}
	case ProduceAnyColor:
		choices = h.AllColors
	case ProduceColorOfYourPermanent:
		for _, id := range s.Battlefield {
			if s.obj(id).Controller == controller {
				choices = choices.Union(v.Of(id).Colors)
			}
		}
	case ProduceYourLandsCould:
		choices = v.landsCould(controller)
	case ProduceOpponentLandsCouldColor:
		choices = v.landsCould(controller.Opponent()).Colors()
	case ProduceLinkedExiledColor:
		choices = v.linkedColors(src, p)
	default:
		return production{}
	}
	return production{choices: choices, choose: true}
}

// raw is what the production adds, making the choice it needs through ch. A production
// whose type can't be defined adds no mana (CR 106.5): the zero Mana.
func (pr production) raw(s *state, ch chooser) (h.Mana, error) {
	if !pr.choose {
		return pr.fixed, nil
	}
	if pr.choices == 0 {
		if s.faults.on(FaultUndefinedGivesColorless) {
			return h.Of(h.Colorless, 1), nil
		}
		return h.Mana{}, nil // CR 106.5: undefined type, no mana
	}
	t, err := chooseType(ch, pr.choices)
	if err != nil {
		return h.Mana{}, err
	}
	return h.Of(t, 1), nil
}

// chooseType asks for one type of a set.
func chooseType(ch chooser, set h.TypeSet) (h.ManaType, error) {
	c, err := ch.choose(h.ChoiceType, typeOptions[set&h.AllTypes])
	if err != nil {
		return 0, err
	}
	return h.ParseManaType(c)
}

// replacement is one replacement effect on a mana production event (CR 614, 106.12b).
type replacement struct {
	source h.ObjectID
	name   string
	kind   staticKind
	n      int
}

// apply modifies the produced mana.
func (r replacement) apply(m h.Mana) h.Mana {
	switch r.kind {
	case ReplaceMultiplyMana:
		for i := range m {
			m[i] *= r.n
		}
	case ReplaceLandManaWithB:
		if !m.IsZero() {
			m = h.Of(h.Black, 1)
		}
	}
	return m
}

// manaReplacements lists the replacement effects that apply when player taps the
// permanent src for mana with an ability whose cost has {T} (CR 106.12b), in a fixed
// order (by source timestamp). Abilities without {T} aren't "tapped for mana" (106.12).
func manaReplacements(s *state, v *view, src *object, a *ability) []replacement {
	if !tappedForMana(s, a) {
		return nil
	}
	return v.manaEnv().reps[src.Controller][b2i(v.Of(src.ID).HasType("Land"))]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tappedForMana reports whether activating a is tapping its source for mana: a mana
// ability with {T} in its cost (CR 106.12).
func tappedForMana(s *state, a *ability) bool {
	return a.IsMana() && (a.Cost.Tap || (a.Cost.Untap && s.faults.on(FaultUntapCountsAsTap)))
}

// applyReplacements applies every applicable replacement effect once, in the order the
// affected player chooses (CR 616.1): each step offers the effects not yet applied, one
// option per source name (identical effects are interchangeable).
func applyReplacements(s *state, m h.Mana, reps []replacement, ch chooser) (h.Mana, error) {
	if m.IsZero() {
		return m, nil // CR 106.12b: only an event that produces mana is modified
	}
	var appliedBuf [16]bool // no allocation for any real board
	var applied []bool
	if len(reps) > len(appliedBuf) {
		applied = make([]bool, len(reps))
	} else {
		applied = appliedBuf[:len(reps)]
	}
	// Effects that only multiply commute (CR 106.12b: each multiplies the amount): every
	// order adds the same mana, so exploring the first is exploring them all.
	commute := true
	for i := range reps {
		commute = commute && reps[i].kind == ReplaceMultiplyMana
	}
	var namesBuf [8]string
	for left := len(reps); left > 0; left-- {
		names := namesBuf[:0]
		for i, r := range reps {
			if !applied[i] && !hasString(names, r.name) {
				names = append(names, r.name)
			}
		}
		if s.faults.on(FaultOneOrderOnly) {
			names = names[:1]
		}
		name := names[0] // a forced choice: no chooser records it
		if len(names) > 1 {
			var err error
			if e, ok := ch.(*explorer); ok && commute {
				name = e.first(h.ChoiceReplace, names)
			} else if ok {
				name, _ = e.choose(h.ChoiceReplace, names) // it keeps only the one chosen
			} else if name, err = ch.choose(h.ChoiceReplace, slices.Clone(names)); err != nil {
				return m, err // a copy: a chooser may keep the options (a pending decision does)
			}
		}
		for i, r := range reps {
			if !applied[i] && r.name == name {
				applied[i] = true
				m = r.apply(m)
				if s.faults.on(FaultReplacementTwice) {
					m = r.apply(m)
				}
				break
			}
		}
	}
	return m, nil
}

// landsCould is the union of what the lands player controls could produce (CR 106.7).
// The unions of both players are computed together and kept until an approximation of
// the fixpoint changes.
func (v *view) landsCould(player h.Player) h.TypeSet {
	could := v.couldProduceAll()
	if !v.unionsValid {
		v.unions = [2]h.TypeSet{}
		for _, id := range v.s.Battlefield {
			if v.Of(id).HasType("Land") {
				c := v.s.obj(id).Controller
				v.unions[c] = v.unions[c].Union(could[id-1])
			}
		}
		v.unionsValid = true
	}
	return v.unions[player]
}

// couldProduceAll computes, for every permanent, the types of mana it could produce
// (CR 106.7), by ObjectID-1: every type any of its mana abilities would produce if it
// resolved now, with replacement effects in any order, ignoring costs. Abilities that
// depend on what other lands could produce (Reflecting Pool, Exotic Orchard, Fellwar
// Stone) make this a system of equations; its least fixpoint is the answer (two
// Reflecting Pools alone produce nothing). Each round only adds types, and every
// equation is monotone, so the fixpoint is reached whatever order the permanents are
// evaluated in: after a first round over all of them, only those whose answer depends
// on others' are evaluated again, until none changes (in practice two or three rounds).
func (v *view) couldProduceAll() []h.TypeSet {
	if v.could != nil {
		return v.could
	}
	s := v.s
	could := make([]h.TypeSet, s.numObjects())
	v.could = could // readers inside the loop see the current approximation
	var buf [8]h.ObjectID
	dependent := buf[:0]
	for _, id := range s.Battlefield {
		set, reads := v.couldProduce(id)
		if set != 0 {
			could[id-1] = set
			v.unionsValid = false
		}
		if reads {
			dependent = append(dependent, id)
		}
	}
	for changed := len(dependent) > 0; changed; {
		changed = false
		for _, id := range dependent {
			set, _ := v.couldProduce(id)
			if set |= could[id-1]; set != could[id-1] {
				could[id-1] = set
				changed = true
				v.unionsValid = false
			}
		}
	}
	return could
}

// shareCould gives w, a view of a state that projects like v's (view.of) and shares its
// mana environment (shareManaEnv), what v found every permanent could produce, and the
// unions of its lands, if they hold for w's state. Besides the characteristics and the
// environment (shared), couldProduce reads the battlefield in order, the exile zones
// and the faults (the same: projectsAlike), every permanent's controller and the links
// to exiled cards (compared here); with FaultCouldCountsCosts, what costs can be paid
// (never shared). The list is read only once found: shared.
func (w *view) shareCould(v *view) {
	s, t := v.s, w.s
	if v.could == nil || !w.envDone || t.faults.on(FaultCouldCountsCosts) || !slices.Equal(s.Links, t.Links) {
		return
	}
	for _, id := range t.Battlefield {
		// A record in a chunk both tables share is the same (objectTable).
		if i := int(id-1) / objectChunkLen; s.objects.chunks[i] != t.objects.chunks[i] && s.obj(id).Controller != t.obj(id).Controller {
			return
		}
	}
	w.could = v.could
	w.unions, w.unionsValid = v.unions, v.unionsValid
}

// couldProduce is one round of CR 106.7 for one permanent, reading other permanents'
// current approximations from v.could, and whether it read them.
func (v *view) couldProduce(id h.ObjectID) (set h.TypeSet, readsOthers bool) {
	s := v.s
	src := s.obj(id)
	for _, a := range v.Of(id).Abilities {
		if a.Kind != Activated || !a.IsMana() {
			continue
		}
		if s.faults.on(FaultCouldCountsCosts) && !costPayableIgnoringMana(s, v, src, a.ability) {
			continue
		}
		switch a.Produce.Kind {
		case ProduceYourLandsCould, ProduceOpponentLandsCouldColor:
			readsOthers = true
		}
		types := v.productionTypes(src, a.Produce)
		if types == 0 {
			continue
		}
		if !s.faults.on(FaultCouldIgnoresReplacements) {
			types = v.replacedTypesCached(types, src, a.ability)
		}
		set = set.Union(types)
	}
	return set, readsOthers
}

// productionTypes is the set of types an ability could add, before replacements.
func (v *view) productionTypes(src *object, p *manaProduction) h.TypeSet {
	pr := productionChoice(v.s, v, src, p)
	if !pr.choose {
		return pr.fixed.Types()
	}
	if pr.choices == 0 && v.s.faults.on(FaultUndefinedGivesColorless) {
		return h.TypeSet(0).With(h.Colorless)
	}
	return pr.choices
}

// replacedTypes is the set of types a production of the given types could end as under
// the replacement effects applied in any order (CR 106.7, 616.1). The orders are explored
// over (effects applied so far, types so far) with memoization, so many effects cost
// polynomial, not factorial, work: seen holds, for each set of effects applied, the sets
// of types (six bits, below 64) already reached with it.
func replacedTypes(types h.TypeSet, reps []replacement) h.TypeSet {
	if len(reps) == 0 || types == 0 {
		return types
	}
	if len(reps) > 16 {
		reps = reps[:16] // beyond any real board; keeps the mask in range
	}
	var buf [64]uint64 // six effects or fewer: no allocation
	seen := buf[:]
	if n := 1 << len(reps); n > len(buf) {
		seen = make([]uint64, n)
	}
	var out h.TypeSet
	var walk func(mask uint32, t h.TypeSet)
	walk = func(mask uint32, t h.TypeSet) {
		bit := uint64(1) << (t & h.AllTypes)
		if seen[mask]&bit != 0 {
			return
		}
		seen[mask] |= bit
		if mask == 1<<len(reps)-1 {
			out |= t
			return
		}
		for i, r := range reps {
			// Identical effects are interchangeable: only the first not applied of a name
			// is tried.
			if mask&(1<<i) == 0 && !unappliedNamedBefore(reps, mask, i) {
				walk(mask|1<<i, r.applyTypes(t))
			}
		}
	}
	walk(0, types)
	return out
}

// unappliedNamedBefore reports whether an effect before reps[i], not in mask, has its name.
func unappliedNamedBefore(reps []replacement, mask uint32, i int) bool {
	for j := range i {
		if mask&(1<<j) == 0 && reps[j].name == reps[i].name {
			return true
		}
	}
	return false
}

// applyTypes is apply on a set of types (any amount).
func (r replacement) applyTypes(t h.TypeSet) h.TypeSet {
	if r.kind == ReplaceLandManaWithB && t != 0 {
		return h.TypeSet(0).With(h.Black)
	}
	return t
}

// compareMana orders mana amounts canonically: by total, then WUBRGC counts descending.
func compareMana(a, b h.Mana) int {
	if a.Total() != b.Total() {
		return a.Total() - b.Total()
	}
	for k := range a {
		if a[k] != b[k] {
			return b[k] - a[k]
		}
	}
	return 0
}

// repKey identifies the types a production could end as under replacement effects: the
// effects that apply depend only on who taps, whether the permanent is a land, and whether
// it is tapped for mana.
type repKey struct {
	controller h.Player
	land       bool
	tapped     bool
	types      h.TypeSet
}

// replacedTypesCached is replacedTypes memoized per view: in a "could produce" fixpoint
// the same question is asked for every land in every round, and it has few answers (who
// taps, land or not, tapped or not, the types): a short list.
func (v *view) replacedTypesCached(types h.TypeSet, src *object, a *ability) h.TypeSet {
	reps := manaReplacements(v.s, v, src, a)
	if len(reps) == 0 {
		return types
	}
	k := repKey{src.Controller, v.Of(src.ID).HasType("Land"), tappedForMana(v.s, a), types}
	for _, e := range v.replaced {
		if e.key == k {
			return e.types
		}
	}
	t := replacedTypes(types, reps)
	v.replaced = append(v.replaced, repEntry{k, t})
	return t
}

// repEntry is one answer of replacedTypesCached.
type repEntry struct {
	key   repKey
	types h.TypeSet
}

// typeOptions lists, for every set of types, its letters: the options of a type choice.
var typeOptions = func() (t [64][]string) {
	for i := range t {
		for _, m := range h.TypeSet(i).List() {
			t[i] = append(t[i], m.Letter())
		}
	}
	return
}()
