package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// The outcomes of a mana ability (manaOutcomes) are asked for every mana ability of
// every state a game passes through, and most states differ from the one before by a
// tapped land or a resolved spell, which changes no outcome. What a resolution reads
// (manaParts) is split in two: the mana environment of the battlefield, the same for
// every source (manaEnv), and what it reads of the source and its ability (outcomeKey).
// Outcomes are kept by key while the environment is the same: within a state, for
// sources alike (eight Forests), and from a finished state to those stepped from it.

// manaEnv is everything of the battlefield a mana ability's resolution reads besides its
// source (manaParts): the faults, the mana replacement effects that apply to each
// controller's permanents and lands (CR 106.12b, 614), and the "tapped for mana"
// triggered abilities with the colour each source chose (106.12a, 605.1b). Two states
// with equal environments resolve a mana ability of equal keys alike.
type manaEnv struct {
	faults *faultSet
	reps   [2][2][]replacement // manaReplacements, by controller and whether a land
	trigs  []tapTrigger
}

// tapTrigger is a "whenever ... is tapped for mana" triggered ability on the battlefield,
// with the colour its source chose as it entered (the only part of its source's record
// that a resolution reads, besides what it is attached to: outcomeKey.enchanted).
type tapTrigger struct {
	source  h.ObjectID
	ability *Ability
	chosen  int8
}

// manaEnv is the view's mana environment, found in one pass over the battlefield, in
// battlefield order.
func (v *View) manaEnv() *manaEnv {
	if v.env != nil {
		return v.env
	}
	s := v.s
	e := &manaEnv{faults: s.faults}
	for _, id := range s.Battlefield {
		o := s.obj(id)
		c := v.Of(id)
		for _, ab := range c.Abilities {
			switch {
			case ab.Kind == Static && ab.Static.Kind == ReplaceMultiplyMana: // "If you tap a permanent for mana"
				r := replacement{id, c.Name, ab.Static.Kind, ab.Static.N}
				for land := range 2 {
					e.reps[o.Controller][land] = append(e.reps[o.Controller][land], r)
				}
			case ab.Kind == Static && ab.Static.Kind == ReplaceLandManaWithB: // "If a land is tapped for mana"
				for p := range e.reps {
					e.reps[p][1] = append(e.reps[p][1], replacement{id, c.Name, ab.Static.Kind, 0})
				}
			case ab.Kind == Triggered && ab.Trigger.Event == OnTappedForMana:
				e.trigs = append(e.trigs, tapTrigger{id, ab.Ability, o.ChosenColor})
			}
		}
	}
	v.env = e
	return e
}

// modified reports whether anything replaces or adds to the mana a permanent is tapped
// for.
func (e *manaEnv) modified() bool {
	return len(e.trigs) > 0 || len(e.reps[0][1]) > 0 || len(e.reps[1][1]) > 0
}

func (e *manaEnv) equal(f *manaEnv) bool {
	if e.faults != f.faults || !slices.Equal(e.trigs, f.trigs) {
		return false
	}
	for p := range e.reps {
		for land := range e.reps[p] {
			if !slices.Equal(e.reps[p][land], f.reps[p][land]) {
				return false
			}
		}
	}
	return true
}

// outcomeKey is everything a mana ability's resolution reads of its source and of
// itself, under a given environment (manaParts): its production now; whether it taps the
// source for mana (CR 106.12); who controls the source, whether it is a land and a basic
// one (what replacements and trigger conditions ask); and which triggers, by index in
// the environment's, are of Auras attached to it ("enchanted land", 106.12a). On a board
// where nothing modifies mana, only the production.
type outcomeKey struct {
	pr          production
	tapped      bool
	controller  h.Player
	land, basic bool
	enchanted   uint64
}

// outcomeKey is the key of ability a of src, whose production is pr, and whether it has
// one (more triggers than the mask holds: none).
func (e *manaEnv) outcomeKey(s *State, v *View, src *Object, a *Ability, pr production) (outcomeKey, bool) {
	if !e.modified() {
		return outcomeKey{pr: pr}, true
	}
	if len(e.trigs) > 64 {
		return outcomeKey{}, false
	}
	c := v.Of(src.ID)
	k := outcomeKey{pr: pr, tapped: tappedForMana(s, a), controller: src.Controller, land: c.HasType("Land")}
	k.basic = k.land && c.HasSupertype("Basic")
	for i, tt := range e.trigs {
		if tt.ability.Trigger.EnchantedOnly && s.obj(tt.source).AttachedTo == src.ID {
			k.enchanted |= 1 << i
		}
	}
	return k, true
}

// outcomeMemo holds outcomes by key, under one environment. A view's grows as its
// state's mana abilities are asked about; a finished state publishes it (clipped, so
// that what is published is never written again) for the states stepped from it, which
// start from it when their environment is the same.
type outcomeMemo struct {
	env   *manaEnv
	keys  []outcomeKey
	lists [][]manaOutcome
}

// maxOutcomeKeys bounds a memo handed from state to state: the productions that count
// (one mana per creature) make new keys as a game goes on.
const maxOutcomeKeys = 64

// outcomeMemo is the view's memo, started on first use from the one published by the
// state its state was stepped from, if their environments are equal.
func (v *View) outcomeMemo() *outcomeMemo {
	m := &v.outcomes
	if m.env != nil {
		return m
	}
	m.env = v.manaEnv()
	if c := v.s.view; c != nil && c.v == v {
		if from := c.outcomesFrom; from != nil && from.env.equal(m.env) {
			m.keys, m.lists = slices.Clone(from.keys), slices.Clone(from.lists)
		}
	}
	return m
}

func (m *outcomeMemo) lookup(k outcomeKey) ([]manaOutcome, bool) {
	for i := range m.keys {
		if m.keys[i] == k {
			return m.lists[i], true
		}
	}
	return nil, false
}

func (m *outcomeMemo) add(k outcomeKey, out []manaOutcome) {
	if len(m.keys) >= maxOutcomeKeys {
		m.keys, m.lists = nil, nil
	}
	m.keys, m.lists = append(m.keys, k), append(m.lists, out)
}

// published is a read-only copy of the memo's header: its lists clipped to their length,
// so that the memo's later entries are written past what a reader sees.
func (m *outcomeMemo) published() *outcomeMemo {
	return &outcomeMemo{env: m.env, keys: slices.Clip(m.keys), lists: slices.Clip(m.lists)}
}
