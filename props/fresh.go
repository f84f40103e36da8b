package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// A fresh board is the battlefield of a snapshot set up again as a new game: the same
// permanents under the same controllers, in the same state, with nothing remembered of
// how they got there. A new game carries no continuous effect from a resolved spell or
// ability (CR 611.2), only the static abilities of its permanents (611.3) and the copy
// effects they entered with, so the difference between a permanent's characteristics in
// the game and in its fresh board is exactly what resolved effects do to it now. The
// rules of durations (611.2a, 514.2) and zone changes (400.7) say when that difference
// must vanish and when it must stay.
//
// That holds only if the fresh board carries every part of the state that decides
// characteristics besides resolved effects (fresh_setup.go says what is carried and
// why). A board that can't be carried whole, or that the engine declares it can't start
// (harness.Support.Steps), is not compared: the moment is skipped and counted
// (Verdict.Skip), never judged against a board that differs in something else.

// freshBoards starts fresh games for the snapshots of one trace, once per distinct board.
type freshBoards struct {
	eng     harness.Engine
	support harness.Support
	// names are the cards' own names by card ID, from the trace's setup: a snapshot names
	// what a copy copies (CR 707.2) and nothing for a face-down permanent (708.2), but a
	// setup names the card itself.
	names map[harness.CardID]string
	memo  map[string]freshBoard
	games map[string]freshGame
}

// freshBoard is one fresh game's permanents, or why there is none to compare with.
type freshBoard struct {
	// perms are the judged permanents of the fresh board by card: those that are neither
	// copies, tokens nor face down (freshJudged).
	perms map[harness.CardID]*harness.Object
	skip  *freshSkip
}

// freshSkip says why a snapshot has no fresh board: the property skips the moments that
// need it (Verdict.Skip, Verdict.SkipUndeclared).
type freshSkip struct {
	why string
	// undeclared: the fresh game would start outside what the engine declares it
	// supports (a step it can't start in); a clause every one of whose moments is skipped
	// this way is unsupported, not vacuous.
	undeclared bool
}

// skipIn counts a moment of clause skipped for s.
func (s *freshSkip) skipIn(v *Verdict, clause string) {
	if s.undeclared {
		v.SkipUndeclared(clause, s.why)
	} else {
		v.Skip(clause, s.why)
	}
}

func newFreshBoards(eng harness.Engine, tr *gen.Trace) *freshBoards {
	names := map[harness.CardID]string{}
	tr.Setup.EachCard(func(c *harness.CardSpec) { names[c.ID] = c.Name })
	return &freshBoards{eng: eng, support: harness.SupportOf(eng), names: names, memo: map[string]freshBoard{}}
}

// of returns the judged permanents of s's fresh board by card, or why s has none.
func (f *freshBoards) of(s *harness.Snapshot) (map[harness.CardID]*harness.Object, *freshSkip) {
	setup, skip := f.setupOf(s)
	if skip != nil {
		return nil, skip
	}
	// The game's copiable values are in the key too: freshCarried checks the fresh game
	// against them, and the same setup may be right for one board and wrong for another.
	key := freshKey(&setup) + carriedKey(s)
	if b, ok := f.memo[key]; ok {
		return b.perms, b.skip
	}
	b := f.start(s, setup)
	f.memo[key] = b
	return b.perms, b.skip
}

// start starts the fresh game of s from setup and checks that it shows what setup was
// meant to carry (freshCarried). A copy that doesn't show the copiable values it has in
// the game is set up copying its next candidate (copiedBy), a few games at most.
func (f *freshBoards) start(s *harness.Snapshot, setup harness.Setup) freshBoard {
	const tries = 4
	var snap harness.Snapshot
	for try := 1; ; try++ {
		st, err := f.eng.Start(setup)
		if err == nil {
			snap, err = f.eng.Observe(st)
		}
		if err != nil {
			// The board is one the harness made, not one the game reached: an engine that
			// can't start it has shown nothing about the rules this property is about.
			return freshBoard{skip: &freshSkip{why: "the engine could not start the board as a new game: " + err.Error()}}
		}
		wrong := freshCarried(s, &snap, &setup)
		if len(wrong) == 0 {
			break
		}
		why := fmt.Sprintf("card %d (%s) set up again doesn't show the copiable values it has (CR 707.2)", wrong[0], s.Permanent(wrong[0]).Name)
		if try == tries || !f.nextCandidates(s, &setup, wrong) {
			return freshBoard{skip: &freshSkip{why: why}}
		}
	}
	m := make(map[harness.CardID]*harness.Object, len(snap.Battlefield))
	for i := range snap.Battlefield {
		if o := snap.Battlefield[i]; freshJudged(s.Permanent(o.Card)) {
			m[o.Card] = o
		}
	}
	return freshBoard{perms: m}
}

// freshJudged reports whether o (a permanent of the game, or nil) is compared with its
// fresh board. A copy is carried by setting its copy effect up again, whatever made it a
// copy: an "until end of turn" copy effect (Mirage Mirror's) would then be on both sides,
// so a copy's own characteristics show nothing about resolved effects and are not
// compared. Tokens and face-down permanents are carried so that what they do to others is
// on the fresh board, and are judged no more than before they were.
func freshJudged(o *harness.Object) bool {
	return o != nil && !o.Token && !o.FaceDown && o.Name != "" && o.CopyOf == ""
}

// freshKey fingerprints a fresh board's setup: every field setupOf fills.
func freshKey(setup *harness.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%s/%s/%d|", setup.Turn, setup.Active, setup.Step, setup.LandsPlayed)
	for p := range setup.Players {
		ps := &setup.Players[p]
		fmt.Fprintf(&b, "%d:", ps.Life)
		for _, c := range ps.Exile {
			fmt.Fprintf(&b, "x%d %s;", c.ID, c.Name)
		}
		for _, pm := range ps.Battlefield {
			owner := harness.NoPlayer
			if pm.Owner != nil {
				owner = *pm.Owner
			}
			fmt.Fprintf(&b, "%d %s %v %v %v %d %v %d %s", pm.ID, pm.Name, pm.Tapped, pm.Sick, pm.Token, pm.Size, pm.FaceDown, pm.AttachedTo, owner)
			for _, k := range harness.SortedKeys(pm.Counters) {
				fmt.Fprintf(&b, " %s=%d", k, pm.Counters[k])
			}
			for _, k := range harness.SortedKeys(pm.Choices) {
				fmt.Fprintf(&b, " %s=%s", k, pm.Choices[k])
			}
			fmt.Fprintf(&b, " c%v e%v;", pm.Copying, pm.ExiledWith)
		}
		b.WriteByte('|')
	}
	return b.String()
}

// carriedKey fingerprints what freshCarried compares of s: its copies', tokens' and
// face-down permanents' copiable values.
func carriedKey(s *harness.Snapshot) string {
	var b strings.Builder
	for _, o := range s.Battlefield {
		if o.CopyOf != "" || o.Token || o.FaceDown {
			fmt.Fprintf(&b, "|%d %s %v", o.Card, o.CopyOf, o.FaceDown)
			if c := o.Copiable; c != nil {
				fmt.Fprintf(&b, " %q %s %s %q %q %q %s/%s/%s %q", c.Name, c.ManaCost, c.Colors, c.Supertypes, c.Types, c.Subtypes,
					intText(c.Power), intText(c.Toughness), intText(c.Loyalty), c.Abilities)
			}
		}
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

// maxHandSize is a player's maximum hand size: no card of the pool changes it (CR 402.2).
const maxHandSize = 7

// discardingToHandSize reports whether s is at the cleanup step's first turn-based action
// (CR 514.1): the active player, holding more cards than the maximum hand size, has to
// discard. "Until end of turn" effects end only after it (514.2).
func discardingToHandSize(s *harness.Snapshot) bool {
	return s.Step == harness.Cleanup && s.Pending != nil && s.Pending.Player == s.Active &&
		len(s.Players[s.Active].Hand) > maxHandSize
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

// game is the board a fresh game started from setup shows, whatever it carried: the
// relations between two fresh games (rules_layers_statics.go) need no game to compare
// with. Memoised by setup.
func (f *freshBoards) game(setup harness.Setup) (*harness.Snapshot, error) {
	key := freshKey(&setup)
	if g, ok := f.games[key]; ok {
		return g.snap, g.err
	}
	st, err := f.eng.Start(setup)
	var snap harness.Snapshot
	if err == nil {
		snap, err = f.eng.Observe(st)
	}
	g := freshGame{err: err}
	if err == nil {
		g.snap = &snap
	}
	if f.games == nil {
		f.games = map[string]freshGame{}
	}
	f.games[key] = g
	return g.snap, g.err
}

// freshGame is what a fresh game showed, or why it couldn't start.
type freshGame struct {
	snap *harness.Snapshot
	err  error
}
