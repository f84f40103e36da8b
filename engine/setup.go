package engine

import (
	"fmt"
	"iter"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// newGame builds the state a harness.Setup describes. The active player has priority in
// the setup's step, with an empty stack; nothing that happened before is remembered but
// what the setup says (tapped, sick, counters, damage, attachments, choices made as the
// permanents entered).
func newGame(setup h.Setup, faults []string) (*state, error) {
	return startGame(setup, faults, false)
}

// startGame is newGame, with every state of the game computing its answers afresh when
// fresh (state.fresh).
func startGame(setup h.Setup, faults []string, fresh bool) (*state, error) {
	// The game only reads the setup. Normalize changes its cards only to number those
	// without an ID (a generated case's setup is numbered already), and fills defaults in
	// this copy's own fields: the caller's cards are cloned only when some need a number.
	numbered := true
	setup.EachCard(func(c *h.CardSpec) { numbered = numbered && c.ID != 0 })
	if !numbered {
		setup = setup.Clone()
	}
	if err := setup.Normalize(); err != nil {
		return nil, err
	}
	fs, err := newFaultSet(faults)
	if err != nil {
		return nil, err
	}
	s, v, err := buildGame(&setup, fs)
	if err != nil {
		return nil, err
	}
	// The game starts where a player would receive priority (CR 117.5). Its first settle
	// runs carefully (see attempt): a generated setup often needs a choice at once (the
	// legend rule), and a game is dearer to build again than to copy.
	s.careful = true
	if fresh {
		s.fresh, v = true, nil
	}
	next, _, err := settleFrom(s, nil, v)
	return next.finish(nil), err
}

// buildGame makes the state a normalized setup describes, before its first settle: the
// objects in their zones, attachments, copy effects and links. It returns a projection of
// the state as it is, if it made one, or nil.
func buildGame(setup *h.Setup, fs *faultSet) (*state, *view, error) {
	s := &state{Turn: setup.Turn, Active: setup.Active, Step: setup.Step, Priority: setup.Active,
		LandsPlayed: setup.LandsPlayed, faults: fs}
	def := func(name string) (*cardDef, error) {
		d, ok := card(name)
		switch {
		case ok:
			return d, nil
		case slices.Contains(TokenNames(), name):
			return nil, fmt.Errorf("setup: %q is a token (CR 111.1), not a card: only a permanent marked as a token can be it", name)
		}
		return nil, fmt.Errorf("setup: unknown card %q (not in the reference engine's pool)", name)
	}
	tokenDef := func(name string) (*cardDef, error) {
		if d, ok := tokenDef(name); ok {
			return d, nil
		}
		return def(name) // a token that copies a card has its characteristics (CR 707.2)
	}
	// Room for every zone's list in one array: each zone's piece is capped, so that
	// appending to one reallocates it rather than writing into the next. The object
	// records take one allocation too.
	cards, perms := 0, 0
	for pi := range setup.Players {
		ps := &setup.Players[pi]
		cards += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard) + len(ps.Exile)
		perms += len(ps.Battlefield)
	}
	s.objects.reserve(cards + perms)
	ids := make([]h.ObjectID, cards+perms)
	piece := func(n int) []h.ObjectID {
		p := ids[:0:n]
		ids = ids[n:]
		return p
	}
	s.Battlefield = piece(perms)
	for pi := range setup.Players {
		p := h.Player(pi)
		ps := &setup.Players[pi]
		s.Players[p].Life = ps.Life
		s.Players[p].Pool = ps.Pool
		zones := [...]struct {
			zone  h.Zone
			cards []h.CardSpec
		}{{h.Library, ps.Library}, {h.Hand, ps.Hand}, {h.Graveyard, ps.Graveyard}, {h.Exile, ps.Exile}}
		for _, z := range zones {
			*s.zoneList(p, z.zone) = piece(len(z.cards))
			for _, c := range z.cards {
				d, err := def(c.Name)
				if err != nil {
					return nil, nil, err
				}
				id := s.newObject(object{Card: c.ID, Def: d, Owner: p, Controller: p, Zone: z.zone, ChosenColor: -1})
				list := s.zoneList(p, z.zone)
				*list = append(*list, id)
			}
		}
	}
	for pi := range setup.Players {
		p := h.Player(pi)
		for i := range setup.Players[pi].Battlefield {
			pm := &setup.Players[pi].Battlefield[i]
			lookup := def
			if pm.Token {
				lookup = tokenDef
			}
			d, err := lookup(pm.Name)
			if err != nil {
				return nil, nil, err
			}
			if pm.Size != 0 {
				if d, err = sizedToken(*pm, d); err != nil {
					return nil, nil, err
				}
			}
			if pm.Transformed {
				if d, err = backFace(*pm, d); err != nil {
					return nil, nil, err
				}
			}
			owner := p
			if pm.Owner != nil {
				owner = *pm.Owner
			}
			o := object{Card: pm.ID, Def: d, Owner: owner, Controller: p, Zone: h.Battlefield, Tapped: pm.Tapped,
				Sick: pm.Sick, Token: pm.Token, FaceDown: pm.FaceDown, Damage: pm.Damage, ChosenColor: -1}
			if o.Counters, err = setupCounters(pm); err != nil {
				return nil, nil, err
			}
			if c, ok := pm.Choices["color"]; ok {
				t, err := h.ParseManaType(c)
				if err != nil || !t.IsColor() {
					return nil, nil, fmt.Errorf("setup: %s: chosen color %q: want W, U, B, R or G", pm.Name, c)
				}
				o.ChosenColor = int8(t)
			}
			s.Battlefield = append(s.Battlefield, s.newObject(o))
		}
	}
	for pm, id := range setupPermanents(s, setup) {
		if pm.AttachedTo != 0 {
			s.mut(id).AttachedTo = permanentOf(s, pm.AttachedTo)
		}
	}
	if err := startCopies(s, setup); err != nil {
		return nil, nil, err
	}
	var v *view // links change no characteristics: one projection serves them all
	for pm, id := range setupPermanents(s, setup) {
		if len(pm.ExiledWith) > 0 {
			if v == nil {
				v = project(s)
			}
			if err := setupLinks(s, v, id, pm.ExiledWith); err != nil {
				return nil, nil, err
			}
		}
	}
	return s, v, nil
}

// setupCounters is the counters the setup gives permanent pm. Each kind has one name, so
// the order the map is read in changes nothing but which unknown kind an error names:
// the first in order, read again sorted.
func setupCounters(pm *h.PermanentSpec) (counters [numCounterKinds]int, err error) {
	for k, n := range pm.Counters {
		kind, ok := parseCounterKind(k)
		if !ok {
			for _, k := range h.SortedKeys(pm.Counters) {
				if _, ok := parseCounterKind(k); !ok {
					return counters, fmt.Errorf("setup: %s: unknown counter kind %q (want +1/+1, charge, loyalty or lore)", pm.Name, k)
				}
			}
		}
		counters[kind] = n
	}
	return counters, nil
}

// setupPermanents yields each permanent of the setup with its object: until the first
// settle, s.Battlefield holds them in the setup's order.
func setupPermanents(s *state, setup *h.Setup) iter.Seq2[*h.PermanentSpec, h.ObjectID] {
	return func(yield func(*h.PermanentSpec, h.ObjectID) bool) {
		i := 0
		for pi := range setup.Players {
			for j := range setup.Players[pi].Battlefield {
				if !yield(&setup.Players[pi].Battlefield[j], s.Battlefield[i]) {
					return
				}
				i++
			}
		}
	}
}

// permanentOf is the object of the setup's permanent that is card c (a normalized setup
// numbers its cards apart), or 0 if none is. Before the first settle, each permanent of
// the battlefield is the setup's own.
func permanentOf(s *state, c h.CardID) h.ObjectID {
	for _, id := range s.Battlefield {
		if s.obj(id).Card == c {
			return id
		}
	}
	return 0
}

// startCopies starts the copy effects the setup says are in force. A permanent's copy
// effects start after those of the permanents it copies, so that a copy of a copy gets
// what that one copies (CR 707.3); in a cycle, the first in setup order goes first.
func startCopies(s *state, setup *h.Setup) error {
	var pending []*h.PermanentSpec
	effects := 0
	for pi := range setup.Players {
		for i := range setup.Players[pi].Battlefield {
			if pm := &setup.Players[pi].Battlefield[i]; len(pm.Copying) > 0 {
				pending = append(pending, pm)
				effects += len(pm.Copying)
			}
		}
	}
	if effects == 0 {
		return nil
	}
	waits := func(pm *h.PermanentSpec) bool {
		for _, c := range pm.Copying {
			for _, q := range pending {
				if q.ID == c && q.ID != pm.ID {
					return true
				}
			}
		}
		return false
	}
	// Room for every copy effect at once: each list would grow effect by effect. bases'
	// lists of permanents hold a permanent per effect at most, in one array.
	s.Effects = slices.Grow(s.Effects, effects)
	ids := make([]h.ObjectID, 2*effects)
	bases := copyBases{since: ids[:0:effects], all: ids[effects:effects]}
	for len(pending) > 0 {
		next := 0
		for i, pm := range pending {
			if !waits(pm) {
				next = i
				break
			}
		}
		pm := pending[next]
		pending = append(pending[:next:next], pending[next+1:]...)
		targets := make([]h.ObjectID, len(pm.Copying))
		for i, c := range pm.Copying {
			targets[i] = permanentOf(s, c)
		}
		if err := setupCopies(s, &bases, permanentOf(s, pm.ID), targets); err != nil {
			return err
		}
	}
	return nil
}
