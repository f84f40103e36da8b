package props

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// A fresh board is the battlefield of a snapshot set up again as a new game: the same
// cards under the same controllers, with the same counters, attachments, status and
// choices made as they entered. A new game carries no continuous effect from a resolved
// spell or ability (CR 611.2), only the static abilities of its permanents (611.3), so the
// difference between a permanent's characteristics in the game and in its fresh board is
// exactly what resolved effects do to it now. The rules of durations (611.2a, 514.2) and
// zone changes (400.7) say when that difference must vanish and when it must stay.

// setupOf is s's battlefield as a Setup (every other zone left empty). Tokens and
// face-down permanents are left out: a Setup names cards, and their names aren't cards.
// So are copies (CR 707.2): a snapshot names what a copy copies, not the card it is, so
// its copy effects can't be set up again.
// Damage is left out too: it doesn't change characteristics (CR 120.3), and leaving it out
// keeps a damaged creature alive in the fresh game to be compared. A game can't start in
// the untap or cleanup step, where nobody gets priority (CR 502.4, 514.3): from those the
// fresh game starts in the first main phase, which changes no characteristic.
func setupOf(s *harness.Snapshot) harness.Setup {
	setup := harness.Setup{Turn: s.Turn, Active: s.Active, Step: s.Step, LandsPlayed: s.LandsPlayed}
	if s.Step == harness.Untap || s.Step == harness.Cleanup {
		setup.Step = harness.Main1
	}
	onField := map[harness.CardID]bool{}
	for i := range s.Battlefield {
		if o := s.Battlefield[i]; !o.Token && !o.FaceDown && o.Name != "" && o.CopyOf == "" {
			onField[o.Card] = true
		}
	}
	for p := range setup.Players {
		setup.Players[p].Life = max(s.Players[p].Life, 1)
	}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if !onField[o.Card] {
			continue
		}
		pm := harness.PermanentSpec{CardSpec: harness.CardSpec{ID: o.Card, Name: o.Name}, Tapped: o.Tapped, Sick: o.Sick,
			Counters: o.Counters, Choices: o.Choices}
		if o.Owner != o.Controller {
			owner := o.Owner
			pm.Owner = &owner
		}
		if onField[o.AttachedTo] {
			pm.AttachedTo = o.AttachedTo
		}
		setup.Players[o.Controller].Battlefield = append(setup.Players[o.Controller].Battlefield, pm)
	}
	return setup
}

// freshBoards starts fresh games for the snapshots of one trace, once per distinct board.
type freshBoards struct {
	eng  harness.Engine
	memo map[string]map[harness.CardID]*harness.Object
}

func newFreshBoards(eng harness.Engine) *freshBoards {
	return &freshBoards{eng: eng, memo: map[string]map[harness.CardID]*harness.Object{}}
}

// of returns the permanents of s's fresh board by card, or an error when the engine
// refuses the board.
func (f *freshBoards) of(s *harness.Snapshot) (map[harness.CardID]*harness.Object, error) {
	setup := setupOf(s)
	key := freshKey(&setup)
	if m, ok := f.memo[key]; ok {
		return m, nil
	}
	st, err := f.eng.Start(setup)
	if err != nil {
		return nil, fmt.Errorf("starting a fresh game from the board: %w", err)
	}
	snap, err := f.eng.Observe(st)
	if err != nil {
		return nil, fmt.Errorf("observing a fresh game: %w", err)
	}
	m := make(map[harness.CardID]*harness.Object, len(snap.Battlefield))
	for i := range snap.Battlefield {
		m[snap.Battlefield[i].Card] = snap.Battlefield[i]
	}
	f.memo[key] = m
	return m, nil
}

// freshKey fingerprints what a fresh board's characteristics depend on.
func freshKey(setup *harness.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%s/%s/%d|", setup.Turn, setup.Active, setup.Step, setup.LandsPlayed)
	for p := range setup.Players {
		b.WriteString(strconv.Itoa(setup.Players[p].Life) + ":")
		for _, pm := range setup.Players[p].Battlefield {
			fmt.Fprintf(&b, "%d %s %v %v %d %v", pm.ID, pm.Name, pm.Tapped, pm.Sick, pm.AttachedTo, pm.Owner != nil)
			for _, k := range harness.SortedKeys(pm.Counters) {
				fmt.Fprintf(&b, " %s=%d", k, pm.Counters[k])
			}
			for _, k := range harness.SortedKeys(pm.Choices) {
				fmt.Fprintf(&b, " %s=%s", k, pm.Choices[k])
			}
			b.WriteByte(';')
		}
		b.WriteByte('|')
	}
	return b.String()
}

// effectDelta describes how resolved effects change o's characteristics, compared with
// the same permanent f on its fresh board: "" when they change nothing. The P/T part is
// the difference when both have P/T; when only o has P/T (a land made a creature), it is
// o's P/T less its +1/+1 counters, which counters don't change (CR 613.4c).
func effectDelta(o, f *harness.Object) string {
	var parts []string
	for _, d := range []struct {
		name     string
		got, was []string
	}{{"types", o.Types, f.Types}, {"subtypes", o.Subtypes, f.Subtypes}, {"supertypes", o.Supertypes, f.Supertypes}, {"abilities", o.Abilities, f.Abilities}} {
		if !slices.Equal(d.got, d.was) {
			parts = append(parts, fmt.Sprintf("%s %s instead of %s", d.name, list(d.got), list(d.was)))
		}
	}
	if o.Colors != f.Colors {
		parts = append(parts, fmt.Sprintf("colours %q instead of %q", o.Colors, f.Colors))
	}
	switch {
	case o.Power != nil && f.Power != nil && o.Toughness != nil && f.Toughness != nil:
		if dp, dt := *o.Power-*f.Power, *o.Toughness-*f.Toughness; dp != 0 || dt != 0 {
			parts = append(parts, fmt.Sprintf("P/T %+d/%+d", dp, dt))
		}
	case o.Power != nil && o.Toughness != nil:
		c := o.Counters["+1/+1"]
		parts = append(parts, fmt.Sprintf("P/T %d/%d before counters, where it has none", *o.Power-c, *o.Toughness-c))
	case f.Power != nil:
		parts = append(parts, "no P/T where it has one")
	}
	return strings.Join(parts, "; ")
}

// crossedCleanup reports whether a step went through a cleanup step's turn-based actions
// (CR 514.1-514.2): the turn changed, or it arrived in a cleanup step with a player to
// act, which happens only after those actions (514.3a). A discard decision in the cleanup
// step is pending before 514.2, so it doesn't count.
func crossedCleanup(st *gen.TraceStep) bool {
	if st.After.Turn != st.Before.Turn {
		return true
	}
	return st.After.Pending == nil && st.After.Step == harness.Cleanup && st.Before.Step != harness.Cleanup
}

// sameObject returns the permanent of after that is the same object as o (no zone change,
// CR 400.7), or nil.
func sameObject(after *harness.Snapshot, o *harness.Object) *harness.Object {
	if n := after.Permanent(o.Card); n != nil && n.Object == o.Object && o.Object != 0 {
		return n
	}
	return nil
}

// resolvedSomething reports whether a step took an object off the stack other than by
// cancelling a proposal: something resolved (or was countered).
func resolvedSomething(st *gen.TraceStep) bool {
	if st.Action.Kind == harness.Cancel {
		return false
	}
	for _, o := range st.Before.Stack {
		if !stillOnStack(st.After, o.Object) {
			return true
		}
	}
	return false
}
