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
	ability *ability
	chosen  int8
}

// manaEnv is the view's mana environment, found in one pass over the battlefield, in
// battlefield order; its lists share one allocation, sized by what the pass found.
func (v *view) manaEnv() *manaEnv {
	e := &v.outcomes.env
	if v.envDone {
		return e
	}
	v.envDone = true
	s := v.s
	e.faults = s.faults
	type found struct {
		id h.ObjectID
		c  *chars
		ab abilityInstance
	}
	var buf [8]found
	list := buf[:0]
	var n [2][2]int // the length of each list of replacements
	trigs := 0
	for _, id := range s.Battlefield {
		c := v.Of(id)
		for _, ab := range c.Abilities {
			switch {
			case ab.Kind == Static && ab.Static.Kind == ReplaceMultiplyMana: // "If you tap a permanent for mana"
				p := s.obj(id).Controller
				n[p][0]++
				n[p][1]++
			case ab.Kind == Static && ab.Static.Kind == ReplaceLandManaWithB: // "If a land is tapped for mana"
				n[0][1]++
				n[1][1]++
			case ab.Kind == Triggered && ab.Trigger.Event == OnTappedForMana:
				trigs++
			default:
				continue
			}
			list = append(list, found{id, c, ab})
		}
	}
	if len(list) == 0 {
		return e
	}
	all := make([]replacement, n[0][0]+n[0][1]+n[1][0]+n[1][1])
	for p := range e.reps {
		for land := range e.reps[p] {
			e.reps[p][land], all = all[:0:n[p][land]], all[n[p][land]:]
		}
	}
	if trigs > 0 {
		e.trigs = make([]tapTrigger, 0, trigs)
	}
	for _, f := range list {
		switch f.ab.Kind {
		case Static:
			r := replacement{f.id, f.c.Name, f.ab.Static.Kind, 0}
			if r.kind == ReplaceMultiplyMana {
				r.n = f.ab.Static.N
				p := s.obj(f.id).Controller
				e.reps[p][0] = append(e.reps[p][0], r)
				e.reps[p][1] = append(e.reps[p][1], r)
				continue
			}
			e.reps[0][1] = append(e.reps[0][1], r)
			e.reps[1][1] = append(e.reps[1][1], r)
		case Triggered:
			e.trigs = append(e.trigs, tapTrigger{f.id, f.ab.ability, s.obj(f.id).ChosenColor})
		}
	}
	return e
}

// shareManaEnv gives w, a view of a state that projects like v's (view.of), v's mana
// environment if v found it and it holds for w's state. What the environment reads
// besides the characteristics (shared) is the same for both states (projectsAlike: the
// faults, the battlefield in order, and each permanent's chosen colour) but for the
// controllers of the permanents whose replacement effects apply to their controller's
// permanents: those are compared. Its lists are read only: shared.
func (w *view) shareManaEnv(v *view) {
	if !v.envDone {
		return
	}
	e := &v.outcomes.env
	for p := range e.reps {
		for _, r := range e.reps[p][0] { // ReplaceMultiplyMana only: see manaEnv
			if w.s.obj(r.source).Controller != h.Player(p) {
				return
			}
		}
	}
	w.outcomes.env, w.envDone = *e, true
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
func (e *manaEnv) outcomeKey(s *state, v *view, src *object, a *ability, pr production) (outcomeKey, bool) {
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
// state's mana abilities are listed; a finished state publishes it for the states
// stepped from it, which start from it when their environment is the same. Published
// lists are clipped to their length, so that appending to them, here or in a state
// stepped from it, copies them: they are never written again.
type outcomeMemo struct {
	env     manaEnv // a value, so that a published memo holds no view (nor state)
	entries []outcomeEntry
}

type outcomeEntry struct {
	key      outcomeKey
	outcomes []manaOutcome
}

// maxMemo bounds the entries of a memo handed from state to state: the productions that
// count (one mana per creature) make new keys as a game goes on.
const maxMemo = 64

// outcomeMemo is the view's memo, started on first use from the one published by the
// state its state was stepped from.
func (v *view) outcomeMemo() *outcomeMemo {
	m := &v.outcomes
	if v.memoStarted {
		return m
	}
	v.memoStarted = true
	v.manaEnv()
	if c := v.s.view; c != nil && c.v == v {
		if from := c.outcomesFrom; from != nil && from.env.equal(&m.env) {
			m.entries = from.entries
		}
	}
	return m
}

func (m *outcomeMemo) lookup(k outcomeKey) ([]manaOutcome, bool) {
	for i := range m.entries {
		if m.entries[i].key == k {
			return m.entries[i].outcomes, true
		}
	}
	return nil, false
}

// addOutcome adds an answer to the view's memo (outcomeMemo has started it).
func (v *view) addOutcome(k outcomeKey, out []manaOutcome) {
	m := &v.outcomes
	if len(m.entries) >= maxMemo {
		m.entries = nil
	}
	m.entries, v.outcomesDirty = append(m.entries, outcomeEntry{k, out}), true
}

// publishOutcomes makes what the memo holds now the state's, for the states stepped from it, if
// the view is a finished state's and the memo changed.
func (v *view) publishOutcomes() {
	m := &v.outcomes
	if c := v.s.view; v.outcomesDirty && c != nil && c.v == v {
		c.outcomes.Store(&outcomeMemo{env: m.env, entries: slices.Clip(m.entries)})
		v.outcomesDirty = false
	}
}
