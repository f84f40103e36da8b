// Package conform checks that an engine follows the conventions of docs/engines.md, before
// any property runs: an implementer learns which convention their engine breaks, with an
// example, instead of a property failing for a reason that has nothing to do with its
// ruling. Each convention is checked on generated cases drawn from what the engine
// supports.
package conform

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Convention is one rule an engine must follow for the harness to judge it.
type Convention struct {
	Name string
	What string // the convention, one sentence
}

// Conventions lists them in the order they are checked and reported.
var Conventions = []Convention{
	{"support", "the support declaration names known cards, action kinds, steps and queries"},
	{"start", "a game starts in its step after that step's turn-based actions: turn, active player, step and lands played as set up, the active player has priority, no card drawn and nothing untapped"},
	{"card-ids", "every card of the setup keeps the card ID Setup.Normalize gave it, in every zone"},
	{"object-ids", "object IDs are unique; an object keeps its ID while it stays in its zone and gets a new one when it changes zones (CR 400.7)"},
	{"token-ids", "tokens are numbered from 1000 upward, in creation order"},
	{"ability-index", "an activation's ability indexes the source's abilities in the snapshot"},
	{"ability-texts", "every ability text is the printed Oracle text (or a quoted ability granted by one): the properties read texts exactly"},
	{"legal", "every action listed as legal can be applied"},
	{"purity", "Apply, and every question asked about a state, leave that state unchanged (the property invariant.purity)"},
	{"determinism", "asking again about a state gives the same legal actions in the same order, and applying the same action to it the same snapshot and events (the property invariant.determinism)"},
	{"casting", "a spell cast or ability activated waits for Pay or Cancel (Snapshot.Casting); Pay is listed only then"},
}

// Result is one convention's verdict.
type Result struct {
	Convention
	Checked  int    // moments it was checked at
	Problems int    // moments it was broken at
	Example  string // the first problem, with where it happened
	Log      string // the game log of the case it happened in
}

// Config is one conformance check.
type Config struct {
	Seed     uint64
	Cases    int
	MaxSteps int         // 0: 12
	Steers   []gen.Steer // the situations aimed at, one per case in turn; nil: plain
}

// Check runs the conventions' checks on eng.
func Check(eng harness.Engine, cfg Config) ([]Result, error) {
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 12
	}
	if len(cfg.Steers) == 0 {
		cfg.Steers = []gen.Steer{{Name: "plain"}}
	}
	c := &checker{eng: eng, results: map[string]*Result{}}
	for _, cv := range Conventions {
		c.results[cv.Name] = &Result{Convention: cv}
	}
	sup := harness.SupportOf(eng)
	c.checkSupport(sup)
	pool, _, err := gen.DefaultPool().Restrict(sup)
	if err != nil {
		return nil, err
	}
	gens := make([]*gen.Generator, len(cfg.Steers))
	for i, s := range cfg.Steers {
		gens[i], _ = gen.New(pool, s) // picks outside the supported pool are left out
	}
	src := gen.NewTapeSource(0)
	for i := 0; i < cfg.Cases; i++ {
		src.Reset(gen.Mix(cfg.Seed ^ uint64(i+1)*0x9e3779b97f4a7c15))
		tr := gens[i%len(gens)].Run(src, eng, cfg.MaxSteps)
		c.checkTrace(tr)
	}
	out := make([]Result, len(Conventions))
	for i, cv := range Conventions {
		out[i] = *c.results[cv.Name]
	}
	return out, nil
}

type checker struct {
	eng     harness.Engine
	results map[string]*Result
	tr      *gen.Trace // the case being checked
}

// check records one moment of a convention: ok, or the problem seen.
func (c *checker) check(name string, ok bool, format string, args ...any) {
	c.results[name].Checked++
	if !ok {
		c.problem(name, fmt.Sprintf(format, args...))
	}
}

// problem records a moment a convention was broken at, already counted as checked.
func (c *checker) problem(name, example string) {
	r := c.results[name]
	r.Problems++
	if r.Example == "" {
		r.Example = example
		if c.tr != nil {
			r.Log = gen.Log(c.tr)
		}
	}
}

func (c *checker) checkSupport(s harness.Support) {
	known := cards.Names()
	for _, n := range s.Cards {
		c.check("support", slices.Contains(known, n), "declares card %q, which is not in the pool (package cards)", n)
	}
	kinds := []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Activate, harness.Pay, harness.Cancel, harness.Choose, harness.Attack}
	for _, k := range s.Actions {
		c.check("support", slices.Contains(kinds, k), "declares action kind %q, which the harness does not know", k)
	}
	for _, st := range s.Steps {
		c.check("support", st.Index() >= 0, "declares step %q, which is not a step", st)
	}
	for _, q := range s.Queries {
		known := slices.Contains(harness.Queries, q) || q == harness.QueryUncached // the latter in process only
		c.check("support", known, "declares query area %q, which the harness does not know", q)
	}
	if len(s.Cards)+len(s.Actions)+len(s.Steps)+len(s.Queries) == 0 {
		c.check("support", true, "")
	}
}

func (c *checker) checkTrace(tr *gen.Trace) {
	c.tr = tr
	if tr.Err != nil {
		var ee *gen.EngineError
		if errors.As(tr.Err, &ee) && ee.Step < 0 {
			if !harness.Declined(ee.Err) { // not a board it declines: a start that broke
				c.check("start", false, "the game could not be started (%s), so no convention could be checked on it: %v", ee.Op, ee.Err)
			}
			return
		}
		c.check("legal", false, "%v", tr.Err)
	}
	if tr.StartState == nil {
		return
	}
	c.checkStart(tr)
	ids := map[harness.CardID]bool{}
	for _, card := range tr.Setup.Cards() {
		ids[card.ID] = true
	}
	lastToken := harness.FirstTokenID - 1
	snaps := []*harness.Snapshot{&tr.Start}
	for i := range tr.Steps {
		snaps = append(snaps, tr.Steps[i].After)
	}
	for n, s := range snaps {
		where := gen.PlaceAfter(tr.Actions(), n-1).String()
		c.checkObjects(s, where)
		for _, o := range s.Objects() {
			if ids[o.Card] {
				continue
			}
			c.check("token-ids", o.Card > lastToken, "%s: %s has card ID %d, not a setup card's and not a new token number above %d", where, o.Name, o.Card, lastToken)
			lastToken = max(lastToken, o.Card)
			ids[o.Card] = true
		}
		c.checkTexts(s, where)
	}
	for i := range tr.Steps {
		st := &tr.Steps[i]
		where := gen.Place{Step: i, During: true, Action: st.Action.String()}.String()
		c.check("legal", true, "") // applied: the failure, if any, is the trace's error
		c.checkZoneChanges(st.Before, st.After, where)
		c.checkLegal(st.Before, st.Legal, where)
	}
	c.checkInvariants(tr)
}

// invariants are the conventions that are properties too: purity and determinism are
// what the harness stands on (it asks again about states a case already visited), so
// the campaign checks them as invariant.purity and invariant.determinism. conform runs
// those properties' own checks rather than a second, weaker version of them: an
// implementer sees here first, with an example, the violation the campaign would report.
var invariants = []struct{ convention, property string }{
	{"purity", "invariant.purity"},
	{"determinism", "invariant.determinism"},
}

// checkInvariants runs the invariant properties on the case: each step the property
// judged is a moment checked, each violation a problem.
func (c *checker) checkInvariants(tr *gen.Trace) {
	for _, inv := range invariants {
		v := props.ByID(inv.property).Check(c.eng, tr)
		c.results[inv.convention].Checked += v.Reached
		for _, bad := range v.Violations {
			c.problem(inv.convention, bad.Message)
		}
	}
}

func (c *checker) checkStart(tr *gen.Trace) {
	s, set := &tr.Start, &tr.Setup
	c.check("start", s.Turn == set.Turn && s.Active == set.Active && s.Step == set.Step && s.LandsPlayed == set.LandsPlayed,
		"at the start: turn %d, %s active, %s, %d lands played; the setup says turn %d, %s active, %s, %d lands played",
		s.Turn, s.Active, s.Step, s.LandsPlayed, set.Turn, set.Active, set.Step, set.LandsPlayed)
	c.check("start", s.Priority == set.Active || s.Pending != nil || s.GameOver,
		"at the start: %s has priority; the active player %s should", s.Priority, set.Active)
	for p := range set.Players {
		c.check("start", len(s.Players[p].Library) == len(set.Players[p].Library),
			"at the start: %s's library holds %d cards, the setup %d (no card is drawn on start: the game starts after the draw)",
			harness.Player(p), len(s.Players[p].Library), len(set.Players[p].Library))
		for _, pm := range set.Players[p].Battlefield {
			if o := s.Permanent(pm.ID); o != nil && pm.Tapped {
				c.check("start", o.Tapped, "at the start: %s (card %d) is untapped; the setup has it tapped (nothing untaps on start)", pm.Name, pm.ID)
			}
		}
	}
	for _, card := range set.Cards() {
		o := s.Find(card.ID)
		// A permanent the setup has copying something has that one's name (CR 707.2); a
		// face-down one has none (708.2a); a transformed one its back face's (712.8e).
		c.check("card-ids", o != nil && (o.Name == card.Name || o.Copying() || o.FaceDown && o.Name == "" || o.Transformed && isBackOf(o.Name, card.Name)) || o == nil && s.GameOver,
			"at the start: card %d (%s in the setup) is %s", card.ID, card.Name, describe(o))
	}
}

func describe(o *harness.Object) string {
	if o == nil {
		return "nowhere"
	}
	return fmt.Sprintf("%s in the %s", o.Name, o.Zone)
}

func (c *checker) checkObjects(s *harness.Snapshot, where string) {
	seen := map[harness.ObjectID]string{}
	for _, o := range s.Objects() {
		other, dup := seen[o.Object]
		c.check("object-ids", !dup, "%s: %s and %s have the same object ID %d", where, other, o.Name, o.Object)
		seen[o.Object] = o.Name
	}
}

// checkZoneChanges: a card in the same zone before and after keeps its object; one that
// moved is a new object.
func (c *checker) checkZoneChanges(before, after *harness.Snapshot, where string) {
	for _, o := range before.Objects() {
		n := after.Find(o.Card)
		if n == nil {
			continue
		}
		if n.Zone == o.Zone {
			c.check("object-ids", n.Object == o.Object, "%s: %s stayed in the %s but its object ID went from %d to %d", where, o.Name, o.Zone, o.Object, n.Object)
		} else {
			c.check("object-ids", n.Object != o.Object, "%s: %s went from the %s to the %s keeping object ID %d (CR 400.7: it is a new object)", where, o.Name, o.Zone, n.Zone, o.Object)
		}
	}
}

func (c *checker) checkLegal(before *harness.Snapshot, legal []harness.Action, where string) {
	pay := false
	for _, a := range legal {
		if a.Kind == harness.Activate {
			src := before.Find(a.Card)
			c.check("ability-index", src != nil && a.Ability >= 0 && a.Ability < len(src.Abilities),
				"before %s: %s lists ability %d of card %d, which has %s", where, a, a.Ability, a.Card, abilitiesOf(src))
		}
		pay = pay || a.Kind == harness.Pay
	}
	c.check("casting", !pay || before.Casting != nil, "before %s: Pay is listed but nothing is being cast or activated (Snapshot.Casting is empty)", where)
}

func abilitiesOf(o *harness.Object) string {
	if o == nil {
		return "no object"
	}
	return fmt.Sprintf("%d abilities", len(o.Abilities))
}

func (c *checker) checkTexts(s *harness.Snapshot, where string) {
	for _, o := range s.Objects() {
		for _, text := range o.Abilities {
			c.check("ability-texts", cards.IsPrinted(text), "%s: %s has the ability text %q, which is no printed Oracle text: the properties can't read it (is a period or a word missing?)%s",
				where, o.Name, text, nearest(o.Name, text))
		}
	}
}

// nearest names the printed text of the object's card, to compare with.
func nearest(name, text string) string {
	card, ok := cards.ByName(name)
	if !ok {
		return ""
	}
	for _, line := range card.Oracle {
		if strings.EqualFold(strings.TrimSuffix(line, "."), strings.TrimSuffix(text, ".")) || len(card.Oracle) == 1 {
			return fmt.Sprintf("; printed: %q", line)
		}
	}
	return ""
}

// isBackOf reports whether face is the back face of the double-faced card called name.
func isBackOf(face, name string) bool {
	front, ok := cards.FrontOf(face)
	return ok && front == name
}
