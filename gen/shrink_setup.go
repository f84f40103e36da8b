package gen

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// SetupShrinkResult is what ShrinkSetup found.
type SetupShrinkResult struct {
	// Trace is the smallest failing case found: its setup numbered 1, 2, ... in setup
	// order, its actions the engine's own at each step.
	Trace *Trace
	// Attempts counts the replays run; Shrinks those kept.
	Attempts, Shrinks int
}

// ShrinkSetup is the stage after [Shrink]: it works on the case itself, its setup and
// actions, where the tape can't go. A generator's recipe may pad the board to a minimum
// (a steer's lands and filler), and the tape can only delete what the generator lets go
// of; a person writing the case by hand would leave them out. Passes repeat until none
// makes progress or budget replays are spent:
//
//   - remove cards of the setup (permanents, cards in a library, hand, graveyard or
//     exile) that no action names and no other setup card refers to (attached to,
//     copying, exiled with): a zone's all at once, those of one name (all, or all but
//     one), then each alone;
//   - remove runs of consecutive actions, then each action, but the last;
//   - take away a permanent's extra state: each copy effect, linked exiled card,
//     attachment, counter kind (or one counter), damage, tapped and sick;
//   - reset a player's life to the default, empty a pool, then the turn to 1 and no land
//     played.
//
// Each candidate is a strictly smaller case, renumbered 1, 2, ... in setup order, and
// replayed by following the current case's actions: at each step the action taken is
// the engine's legal action that is the old one with card IDs renumbered (IDs from
// [harness.FirstTokenID] on are the engine's and stay), chosen among those alike but for
// choices and stack objects by its rank in the old list; a decision that no longer
// arises (the legend rule's, once the other copies are gone) is left out. A candidate
// the engine can't follow, or that doesn't fail, is dropped. fails judges a replayed trace; it must hold
// for tr. Everything is deterministic: the result depends on the engine, tr, fails and
// budget only.
func ShrinkSetup(eng harness.Engine, tr *Trace, fails func(*Trace) bool, budget int) SetupShrinkResult {
	s := &setupShrinker{eng: eng, fails: fails, budget: budget, cur: tr}
	for s.res.Attempts < s.budget {
		before := s.res.Shrinks
		s.removeCards()
		s.removeActions()
		s.simplifyPermanents()
		s.simplifyPlayers()
		if s.res.Shrinks == before {
			break
		}
	}
	s.res.Trace = s.cur
	return s.res
}

type setupShrinker struct {
	eng    harness.Engine
	fails  func(*Trace) bool
	budget int
	res    SetupShrinkResult
	cur    *Trace
}

// noSkip is a span of steps to skip that skips nothing.
var noSkip = [2]int{}

// try replays the current case's steps (but those in [skip[0], skip[1])) from the setup
// edit makes of a copy of the current one, and keeps the result if it still fails.
// edit returns false when it has nothing to change.
func (s *setupShrinker) try(skip [2]int, edit func(*harness.Setup) bool) bool {
	if s.res.Attempts >= s.budget {
		return false
	}
	setup := s.cur.Setup.Clone()
	if !edit(&setup) {
		return false
	}
	ids, ok := renumber(&setup)
	if !ok {
		return false
	}
	steps := s.cur.Steps
	if skip[1] > skip[0] {
		steps = slices.Delete(slices.Clone(steps), skip[0], skip[1])
	}
	s.res.Attempts++
	tr, ok := replayFollowing(s.eng, setup, steps, ids)
	if !ok || !s.fails(tr) {
		return false
	}
	s.cur = tr
	s.res.Shrinks++
	return true
}

// cardAt is a card's place in a setup: player, zone and index.
type cardAt struct {
	player, zone, i int
}

// zoneCount is the zones a setup lists per player: library, hand, graveyard, exile and
// battlefield, in setup order.
const zoneCount = 5

func zoneOf(ps *harness.PlayerSetup, z int) *[]harness.CardSpec {
	switch z {
	case 0:
		return &ps.Library
	case 1:
		return &ps.Hand
	case 2:
		return &ps.Graveyard
	case 3:
		return &ps.Exile
	}
	return nil
}

func zoneLen(ps *harness.PlayerSetup, z int) int {
	if z == zoneCount-1 {
		return len(ps.Battlefield)
	}
	return len(*zoneOf(ps, z))
}

// cardOf is the card at at.
func cardOf(s *harness.Setup, at cardAt) harness.CardSpec {
	ps := &s.Players[at.player]
	if at.zone == zoneCount-1 {
		return ps.Battlefield[at.i].CardSpec
	}
	return (*zoneOf(ps, at.zone))[at.i]
}

func removeCard(s *harness.Setup, at cardAt) {
	ps := &s.Players[at.player]
	if at.zone == zoneCount-1 {
		ps.Battlefield = slices.Delete(ps.Battlefield, at.i, at.i+1)
		return
	}
	z := zoneOf(ps, at.zone)
	*z = slices.Delete(*z, at.i, at.i+1)
}

// removeCards tries removing, from each zone, all cards no action names and no setup card
// refers to at once, then those of each name (all, or all but one), then each alone: last
// first, so a removal leaves the places still to try where they were.
func (s *setupShrinker) removeCards() {
	for p := 1; p >= 0; p-- {
		for z := zoneCount - 1; z >= 0; z-- {
			if ids := s.removable(p, z, ""); len(ids) > 1 {
				s.removeAll(ids)
			}
			for _, name := range s.namesIn(p, z) {
				s.removeAllButOne(s.removable(p, z, name))
			}
			for i := zoneLen(&s.cur.Setup.Players[p], z) - 1; i >= 0 && s.res.Attempts < s.budget; i-- {
				if i < zoneLen(&s.cur.Setup.Players[p], z) {
					if id := cardOf(&s.cur.Setup, cardAt{p, z, i}).ID; s.canRemove(id) {
						s.removeAll([]harness.CardID{id})
					}
				}
			}
		}
	}
}

// removeAllButOne tries removing all the cards ids, then all but one, keeping each in
// turn from the last: cards of one name may be there for one of them (the others only
// raising a decision, such as the legend rule's).
func (s *setupShrinker) removeAllButOne(ids []harness.CardID) {
	if len(ids) < 2 || s.removeAll(ids) {
		return // one card alone is tried on its own
	}
	for k := len(ids) - 1; k >= 0 && len(ids) > 2; k-- {
		if s.removeAll(slices.Delete(slices.Clone(ids), k, k+1)) {
			return
		}
	}
}

// removeAll tries removing the cards ids from the setup, if there are any.
func (s *setupShrinker) removeAll(ids []harness.CardID) bool {
	if len(ids) == 0 {
		return false
	}
	return s.try(noSkip, func(st *harness.Setup) bool {
		for p := range st.Players {
			for z := zoneCount - 1; z >= 0; z-- {
				for i := zoneLen(&st.Players[p], z) - 1; i >= 0; i-- {
					if at := (cardAt{p, z, i}); slices.Contains(ids, cardOf(st, at).ID) {
						removeCard(st, at)
					}
				}
			}
		}
		return true
	})
}

// removable lists the cards of player p's zone z (with that name, unless name is "")
// that no action names and no setup card refers to.
func (s *setupShrinker) removable(p, z int, name string) []harness.CardID {
	var out []harness.CardID
	for i := 0; i < zoneLen(&s.cur.Setup.Players[p], z); i++ {
		at := cardAt{p, z, i}
		id := cardOf(&s.cur.Setup, at).ID
		if (name == "" || cardOf(&s.cur.Setup, at).Name == name) && s.canRemove(id) {
			out = append(out, id)
		}
	}
	return out
}

// namesIn lists the names that more than one card of player p's zone z has, in order.
func (s *setupShrinker) namesIn(p, z int) []string {
	count := map[string]int{}
	var names []string
	for i := 0; i < zoneLen(&s.cur.Setup.Players[p], z); i++ {
		n := cardOf(&s.cur.Setup, cardAt{p, z, i}).Name
		if count[n]++; count[n] == 2 {
			names = append(names, n)
		}
	}
	return names
}

// canRemove reports whether no action of the current case names card id and no setup
// card refers to it: removing it alone leaves a case that can still be followed.
func (s *setupShrinker) canRemove(id harness.CardID) bool {
	return !s.named(id) && !referred(&s.cur.Setup, id)
}

// named reports whether an action of the current case names card id.
func (s *setupShrinker) named(id harness.CardID) bool {
	for i := range s.cur.Steps {
		a := &s.cur.Steps[i].Action
		if a.Card == id || slices.Contains(a.Attackers, id) || slices.Contains(a.Attacking, id) ||
			slices.ContainsFunc(a.Targets, func(t harness.Target) bool { return t.Card == id }) ||
			slices.ContainsFunc(a.Blocks, func(b harness.Blocking) bool { return b.Blocker == id || b.Attacker == id }) {
			return true
		}
	}
	return false
}

// referred reports whether a permanent of the setup refers to card id.
func referred(s *harness.Setup, id harness.CardID) bool {
	for p := range s.Players {
		for _, pm := range s.Players[p].Battlefield {
			if pm.AttachedTo == id || slices.Contains(pm.Copying, id) || slices.Contains(pm.ExiledWith, id) {
				return true
			}
		}
	}
	return false
}

// maxActionsRemoved is the longest run of actions removeActions takes out at once: a
// spell with its mana, payment and the passes that resolve it.
const maxActionsRemoved = 8

// removeActions tries removing runs of consecutive actions, the longest first, then each
// action alone, never the last (the one the failure is seen at or after), last first.
func (s *setupShrinker) removeActions() {
	for k := maxActionsRemoved; k >= 1; k-- {
		for i := len(s.cur.Steps) - 1 - k; i >= 0 && s.res.Attempts < s.budget; i-- {
			if i+k < len(s.cur.Steps) {
				s.try([2]int{i, i + k}, func(*harness.Setup) bool { return true })
			}
		}
	}
}

// simplifyPermanents takes away each permanent's extra state, one piece at a time.
func (s *setupShrinker) simplifyPermanents() {
	for p := range s.cur.Setup.Players {
		for i := 0; i < len(s.cur.Setup.Players[p].Battlefield) && s.res.Attempts < s.budget; i++ {
			perm := func(st *harness.Setup) *harness.PermanentSpec { return &st.Players[p].Battlefield[i] }
			pm := perm(&s.cur.Setup)
			for k := len(pm.Copying) - 1; k >= 0; k-- {
				s.try(noSkip, func(st *harness.Setup) bool {
					c := &perm(st).Copying
					*c = slices.Delete(*c, k, k+1)
					return true
				})
			}
			for k := len(perm(&s.cur.Setup).ExiledWith) - 1; k >= 0; k-- {
				s.try(noSkip, func(st *harness.Setup) bool {
					c := &perm(st).ExiledWith
					*c = slices.Delete(*c, k, k+1)
					return true
				})
			}
			s.try(noSkip, func(st *harness.Setup) bool { return clearField(&perm(st).AttachedTo) })
			for _, kind := range harness.SortedKeys(perm(&s.cur.Setup).Counters) {
				if s.try(noSkip, func(st *harness.Setup) bool { delete(perm(st).Counters, kind); return true }) {
					continue
				}
				for perm(&s.cur.Setup).Counters[kind] > 1 {
					if !s.try(noSkip, func(st *harness.Setup) bool { perm(st).Counters[kind]--; return true }) {
						break
					}
				}
			}
			s.try(noSkip, func(st *harness.Setup) bool { return clearField(&perm(st).Damage) })
			s.try(noSkip, func(st *harness.Setup) bool { return clearField(&perm(st).Tapped) })
			s.try(noSkip, func(st *harness.Setup) bool { return clearField(&perm(st).Sick) })
		}
	}
}

// simplifyPlayers resets each player's life and pool, then the turn and lands played.
func (s *setupShrinker) simplifyPlayers() {
	for p := range s.cur.Setup.Players {
		s.try(noSkip, func(st *harness.Setup) bool {
			ps := &st.Players[p]
			if ps.Life == harness.DefaultLife {
				return false
			}
			ps.Life = harness.DefaultLife
			return true
		})
		s.try(noSkip, func(st *harness.Setup) bool { return clearField(&st.Players[p].Pool) })
	}
	s.try(noSkip, func(st *harness.Setup) bool {
		if st.Turn <= 1 {
			return false
		}
		st.Turn = 1
		return true
	})
	s.try(noSkip, func(st *harness.Setup) bool { return clearField(&st.LandsPlayed) })
}

// clearField sets *v to its zero value; false if it was already.
func clearField[T comparable](v *T) bool {
	var zero T
	if *v == zero {
		return false
	}
	*v = zero
	return true
}

// renumber gives the setup's cards the IDs 1, 2, ... in setup order (what Normalize gives
// a setup without IDs) and rewrites the references between them. It returns the map from
// old IDs to new ones; false if a reference names a card no longer there.
func renumber(s *harness.Setup) (map[harness.CardID]harness.CardID, bool) {
	ids := map[harness.CardID]harness.CardID{}
	next := harness.CardID(1)
	s.EachCard(func(c *harness.CardSpec) {
		ids[c.ID] = next
		c.ID = next
		next++
	})
	ok := true
	mapID := func(id *harness.CardID) {
		n, found := ids[*id]
		ok = ok && found
		*id = n
	}
	for p := range s.Players {
		for i := range s.Players[p].Battlefield {
			pm := &s.Players[p].Battlefield[i]
			if pm.AttachedTo != 0 {
				mapID(&pm.AttachedTo)
			}
			for k := range pm.Copying {
				mapID(&pm.Copying[k])
			}
			for k := range pm.ExiledWith {
				mapID(&pm.ExiledWith[k])
			}
			if pm.Counters != nil && len(pm.Counters) == 0 {
				pm.Counters = nil
			}
		}
	}
	return ids, ok
}

// replayFollowing plays setup by following steps, a case played from another numbering
// of its cards (ids maps old IDs to new): at each step it takes the legal action that
// translates the old one (see [ShrinkSetup]). false if some step has no translation or
// the engine fails.
func replayFollowing(eng harness.Engine, setup harness.Setup, steps []TraceStep, ids map[harness.CardID]harness.CardID) (*Trace, bool) {
	w := startWalk(eng, setup)
	w.room = len(steps)
	for i := range steps {
		if w.tr.Err != nil || !w.ensureLegal() {
			return w.tr, false
		}
		a, ok := translate(&steps[i], w.legal, ids)
		switch {
		case ok:
			w.apply(&a)
		case !decisionPending(w.legal, steps[i].Action):
			// The decision the old case answered here doesn't arise: say, the legend
			// rule's choice once the other copies are gone.
		default:
			return w.tr, false
		}
	}
	return w.tr, w.tr.Err == nil
}

// translate finds the action of legal that step's action becomes under ids: among the
// legal actions alike but for choices and stack objects (whose texts and IDs may name
// renumbered cards), the one of the same rank as step's action among its like in step's
// legal list, when both lists hold as many; else the only one with the same choices.
func translate(step *TraceStep, legal []harness.Action, ids map[harness.CardID]harness.CardID) (harness.Action, bool) {
	old := step.Action
	want := likeKey(old, ids)
	rank, count := -1, 0
	for _, a := range step.Legal {
		if likeKey(a, ids) == want {
			if rank < 0 && a.Key() == old.Key() {
				rank = count
			}
			count++
		}
	}
	var like, same []harness.Action
	for _, a := range legal {
		if likeKey(a, nil) == want {
			like = append(like, a)
			if slices.Equal(a.Choices, old.Choices) && stackFree(old) {
				same = append(same, a)
			}
		}
	}
	switch {
	case rank >= 0 && len(like) == count:
		return like[rank], true
	case len(same) == 1:
		return same[0], true
	}
	return harness.Action{}, false
}

// decisionPending reports whether old answers a decision and legal has a decision for
// the same player to answer.
func decisionPending(legal []harness.Action, old harness.Action) bool {
	return old.Kind != harness.Choose || slices.ContainsFunc(legal, func(a harness.Action) bool {
		return a.Kind == harness.Choose && a.Player == old.Player
	})
}

// stackFree reports whether a targets no stack object (whose IDs a renumbering may shift).
func stackFree(a harness.Action) bool {
	return !slices.ContainsFunc(a.Targets, func(t harness.Target) bool { return t.Stack != 0 })
}

// likeKey is a's Key with card IDs mapped by ids (nil: as they are), choices and stack
// objects left out: what stays the same when the setup is renumbered.
func likeKey(a harness.Action, ids map[harness.CardID]harness.CardID) string {
	m := func(id harness.CardID) harness.CardID {
		if ids == nil || id == 0 || id >= harness.FirstTokenID {
			return id
		}
		if n, ok := ids[id]; ok {
			return n
		}
		return gone
	}
	a.Choices = nil
	a.Card = m(a.Card)
	a.Targets = slices.Clone(a.Targets)
	for i := range a.Targets {
		a.Targets[i].Card, a.Targets[i].Stack = m(a.Targets[i].Card), 0
	}
	a.Attackers = slices.Clone(a.Attackers)
	for i := range a.Attackers {
		a.Attackers[i] = m(a.Attackers[i])
	}
	a.Attacking = slices.Clone(a.Attacking)
	for i := range a.Attacking {
		a.Attacking[i] = m(a.Attacking[i])
	}
	a.Blocks = slices.Clone(a.Blocks)
	for i := range a.Blocks {
		a.Blocks[i] = harness.Blocking{Blocker: m(a.Blocks[i].Blocker), Attacker: m(a.Blocks[i].Attacker)}
	}
	return a.Key()
}

// gone stands in likeKey for a card the renumbered setup no longer has: no legal action
// names it.
const gone = ^harness.CardID(0)
