package props

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// setupOf is s's board as a Setup for a fresh game, or why it can't be one. Everything
// that decides a permanent's characteristics other than effects of resolved spells and
// abilities is carried, each for its rule:
//
//   - each permanent, under its controller, with its owner (CR 108.3, 110.2): static
//     abilities apply by who controls what (611.3, "creatures you control");
//   - tokens, by their name and, for an X/X token, the X its creating effect defined,
//     which is part of its copiable values (111.3, 707.2);
//   - face-down permanents, face down (708.2), by the card's name from the trace's setup;
//   - transformed permanents, back face up (712.8e), by their card's (front face's) name;
//   - copy effects (layer 1, 613.2): each copy is set up copying a permanent of the board
//     that has the copiable values it copied (707.2, 707.3: a copy of a copy copies what
//     that one copies), through its own card's copy ability, so that its exceptions are
//     the same (707.9); freshCarried checks the copy shows the same copiable values. A
//     copy of what has left the battlefield is set up as the card it copied when its
//     copiable values are that card's printed ones, but for triggered abilities its
//     exceptions added (standsIn): they are all a copy has of what it copied (707.2);
//   - attachments (301.5, 303.4): what an Aura or Equipment grants applies to what it is
//     attached to (613.1f, 613.4c);
//   - counters (122.1, 613.4c), choices made as a permanent entered (614.12, Gauntlet of
//     Power's colour), tapped and summoning-sick status (302.6);
//   - the cards exiled with a permanent's linked abilities (607.2a), into exile;
//   - the turn, the active player, the step and the lands played this turn (500.1,
//     305.2), so that nothing that depends on whose turn or which step it is differs.
//
// Left out on purpose: damage, which doesn't change characteristics (120.3), so that a
// damaged creature stays alive in the fresh game to be compared; a life total of 0 or
// less (raised to 1, so that nobody has lost); the stack, the pools and the hands,
// libraries and graveyards, which no static ability of the pool reads (a fresh game
// starts with priority in its step, after that step's turn-based actions, so nothing is
// drawn or emptied). A game can't start in the untap or cleanup step, where nobody gets
// priority (502.4, 514.3): from those the fresh game starts in the first main phase,
// which changes no characteristic.
//
// A board it can't carry whole (a copy, with exceptions, of a permanent no longer on the
// battlefield) and a step the engine declares it can't start in give a skip instead.
func (f *freshBoards) setupOf(s *harness.Snapshot) (harness.Setup, *freshSkip) {
	setup := harness.Setup{Turn: s.Turn, Active: s.Active, Step: s.Step, LandsPlayed: s.LandsPlayed}
	if s.Step == harness.Untap || s.Step == harness.Cleanup {
		setup.Step = harness.Main1
	}
	if !f.support.Step(setup.Step) {
		return setup, &freshSkip{undeclared: true,
			why: fmt.Sprintf("the board would start as a new game in %s, which the engine declares it can't start in", setup.Step)}
	}
	for p := range setup.Players {
		setup.Players[p].Life = max(s.Players[p].Life, 1)
	}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		pm, why := f.permanentOf(s, o)
		if why != "" {
			return setup, &freshSkip{why: fmt.Sprintf("card %d (%s) can't be set up again: %s", o.Card, o.Name, why)}
		}
		for _, c := range o.ExiledWith {
			x := s.Find(c)
			if x == nil || x.Zone != harness.Exile {
				return setup, &freshSkip{why: fmt.Sprintf("card %d, exiled with card %d (%s), is not in exile", c, o.Card, o.Name)}
			}
			if !slices.ContainsFunc(setup.Players[x.Owner].Exile, func(e harness.CardSpec) bool { return e.ID == c }) {
				setup.Players[x.Owner].Exile = append(setup.Players[x.Owner].Exile, harness.CardSpec{ID: c, Name: f.nameOf(x)})
			}
		}
		setup.Players[o.Controller].Battlefield = append(setup.Players[o.Controller].Battlefield, pm)
	}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		pm := setupPermanent(&setup, o.Card)
		if len(pm.Copying) == 0 || !copiesItself(&setup, o.Card, pm.Copying[0]) || f.nextCandidate(s, &setup, o.Card) {
			continue
		}
		if !standsIn(o) {
			return setup, &freshSkip{why: fmt.Sprintf("card %d (%s) can't be set up again: every permanent with the copiable values it copied copies it (CR 707.2)", o.Card, o.Name)}
		}
		pm.Name, pm.Copying = o.CopyOf, nil
	}
	return setup, nil
}

// permanentOf is game permanent o of s as a PermanentSpec, or why it can't be one.
func (f *freshBoards) permanentOf(s *harness.Snapshot, o *harness.Object) (harness.PermanentSpec, string) {
	pm := harness.PermanentSpec{CardSpec: harness.CardSpec{ID: o.Card, Name: f.nameOf(o)}, Tapped: o.Tapped, Sick: o.Sick,
		Token: o.Token, FaceDown: o.FaceDown, Transformed: o.Transformed, Counters: o.Counters, Choices: o.Choices, AttachedTo: o.AttachedTo,
		ExiledWith: o.ExiledWith}
	if pm.Name == "" {
		return pm, "its card's name is unknown"
	}
	if o.Owner != o.Controller {
		owner := o.Owner
		pm.Owner = &owner
	}
	if o.Token && o.CopyOf == "" && o.Copiable != nil && o.Copiable.Power != nil {
		if c, ok := cards.ByName(o.Name); ok && c.SizeX {
			pm.Size = *o.Copiable.Power
		}
	}
	if o.CopyOf != "" {
		if o.Token {
			return pm, "a token that is a copy: no card of its own has the copy ability"
		}
		if copied := f.copiedBy(s, o); len(copied) > 0 {
			pm.Copying = copied[:1]
			return pm, ""
		}
		if !standsIn(o) {
			return pm, fmt.Sprintf("it is a copy of %s with exceptions, and nothing on the battlefield has the copiable values it copied (CR 707.2, 707.9)", o.CopyOf)
		}
		pm.Name = o.CopyOf
	}
	return pm, ""
}

// standsIn reports whether the card copy o copies can stand in for o on a fresh board,
// when nothing there has the copiable values o copied (it has left the battlefield): a
// copy's copiable values are what decide its characteristics and what its abilities do
// to other objects (CR 707.2). The printed card must have them all but for triggered
// abilities o's copy effect added as exceptions (707.9: "except it has this ability"),
// which do nothing to any object's characteristics until they trigger and resolve
// (603.1, 603.3): a new game triggers nothing.
func standsIn(o *harness.Object) bool {
	printed, ok := printedValues(o.CopyOf)
	if !ok || o.Copiable == nil {
		return false
	}
	got := *o.Copiable
	extra := slices.Clone(got.Abilities)
	for _, a := range printed.Abilities {
		i := slices.Index(extra, a)
		if i < 0 {
			return false
		}
		extra = slices.Delete(extra, i, i+1)
	}
	for _, a := range extra {
		if !triggered(a) {
			return false
		}
	}
	got.Abilities = printed.Abilities
	return copyValueDiff(printed, got) == ""
}

// triggered reports whether an ability text is a triggered ability's: "[When/Whenever/At]
// [trigger condition or event], [effect]" (CR 603.1).
func triggered(text string) bool {
	return strings.HasPrefix(text, "When ") || strings.HasPrefix(text, "Whenever ") || strings.HasPrefix(text, "At ")
}

// nameOf is the name of o's own card: the trace setup's, or, for a card the setup doesn't
// hold (a token), the name it has.
func (f *freshBoards) nameOf(o *harness.Object) string {
	if n, ok := f.names[o.Card]; ok && !o.Token {
		return n
	}
	return o.Name
}

// copiedBy lists the permanents of s that copy o can be set up copying, best first: those
// whose copiable values may be those o copied (707.2). A copy with the same copiable
// values as o (a copy of a copy without exceptions) comes first, then an original of that
// name, then the other copies of it (a copy of a copy with exceptions, 707.9b); but when
// o's values hold an ability of its own card's that what it copies doesn't print ("except
// it has this ability", 707.9), its own copy effect added it, and the original comes
// first. The fresh game shows which is right (freshCarried).
func (f *freshBoards) copiedBy(s *harness.Snapshot, o *harness.Object) []harness.CardID {
	var same, original, other []harness.CardID
	for i := range s.Battlefield {
		p := s.Battlefield[i]
		switch {
		case p.Card == o.Card || p.FaceDown:
		case p.CopyOf == "" && p.Name == o.CopyOf:
			original = append(original, p.Card)
		case p.CopyOf == o.CopyOf && reflect.DeepEqual(p.Copiable, o.Copiable):
			same = append(same, p.Card)
		case p.CopyOf == o.CopyOf:
			other = append(other, p.Card)
		}
	}
	if f.ownException(o) {
		return append(append(original, same...), other...)
	}
	return append(append(same, original...), other...)
}

// ownException reports whether copy o's copiable values hold an ability printed on its
// own card and not on the card it copies.
func (f *freshBoards) ownException(o *harness.Object) bool {
	own, ok1 := cards.ByName(f.names[o.Card])
	copied, ok2 := cards.ByName(o.CopyOf)
	if !ok1 || !ok2 || o.Copiable == nil {
		return false
	}
	for _, a := range own.Oracle {
		if slices.Contains(o.Copiable.Abilities, a) && !slices.Contains(copied.Oracle, a) {
			return true
		}
	}
	return false
}

// freshCarried checks that the fresh game fresh shows the copy effects, tokens and
// face-down permanents of game s as they are (setupOf guesses which permanent a copy
// copies), and lists the cards that don't. A permanent missing from the fresh game (a
// creature whose toughness without effects is 0 or less) isn't compared.
func freshCarried(s, fresh *harness.Snapshot, setup *harness.Setup) []harness.CardID {
	var wrong []harness.CardID
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		n := fresh.Permanent(o.Card)
		if n == nil || o.CopyOf == "" && !o.Token && !o.FaceDown || o.CopyOf != "" && n.CopyOf == "" && standingIn(setup, o.Card) {
			continue
		}
		if n.CopyOf != o.CopyOf || n.FaceDown != o.FaceDown || !reflect.DeepEqual(n.Copiable, o.Copiable) {
			wrong = append(wrong, o.Card)
		}
	}
	return wrong
}

// nextCandidates sets each copy of wrong up copying its next candidate (nextCandidate),
// and reports whether any had one.
func (f *freshBoards) nextCandidates(s *harness.Snapshot, setup *harness.Setup, wrong []harness.CardID) bool {
	moved := false
	for _, c := range wrong {
		moved = f.nextCandidate(s, setup, c) || moved
	}
	return moved
}

// nextCandidate sets copy c of setup up copying the candidate after the one it copies
// (copiedBy) that doesn't make it a copy of itself through others (a copy effect's
// values come from what it copies as it begins, CR 707.3, so no chain of copies loops),
// and reports whether there was one.
func (f *freshBoards) nextCandidate(s *harness.Snapshot, setup *harness.Setup, c harness.CardID) bool {
	pm := setupPermanent(setup, c)
	if pm == nil || len(pm.Copying) == 0 {
		return false
	}
	cands := f.copiedBy(s, s.Permanent(c))
	for i := slices.Index(cands, pm.Copying[0]) + 1; i > 0 && i < len(cands); i++ {
		if !copiesItself(setup, c, cands[i]) {
			pm.Copying = []harness.CardID{cands[i]}
			return true
		}
	}
	return false
}

// copiesItself reports whether card c of setup copying card copied would, following what
// each copies, copy c.
func copiesItself(setup *harness.Setup, c, copied harness.CardID) bool {
	for range len(setup.Players[0].Battlefield) + len(setup.Players[1].Battlefield) {
		if copied == c {
			return true
		}
		pm := setupPermanent(setup, copied)
		if pm == nil || len(pm.Copying) == 0 {
			return false
		}
		copied = pm.Copying[0]
	}
	return true
}

// standingIn reports whether card c of setup is set up as the card its copy copied (not
// copying anything, standsIn).
func standingIn(setup *harness.Setup, c harness.CardID) bool {
	pm := setupPermanent(setup, c)
	return pm != nil && len(pm.Copying) == 0
}
