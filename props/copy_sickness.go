package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// becameCreatureSickness checks ruling copy.summoning-sickness: summoning sickness is
// about control, not about how long something has been a creature (CR 302.6). A permanent
// that came under its controller's control this turn while it was not a creature, and is
// a creature now (an animated Mutavault, a Crystalline Resonance that copies a creature),
// can't attack and can't use its {T} abilities unless it has haste. The history is the
// trace's own: the object (its identity, CR 400.7) first seen this turn, during its
// controller's turn, as a noncreature — or so placed by the setup (sick, and a
// noncreature, or a noncreature card that its copy effects in force make a creature).
// The engine's sickness flag is not consulted.
//
//   - attack: such a creature is never among the attackers offered.
//   - tap-ability: none of its abilities with {T} in the cost is offered, unless something
//     lets its controller activate them as though it had haste (Thousand-Year Elixir).
//   - copy-attacks: a copy of a creature that its controller has controlled since before
//     the turn began (as the trace shows) is among the attackers offered, if untapped and
//     not stopped by an Aura: sickness is the permanent's, not the copied one's (302.6,
//     707.2: status isn't copied).
func becameCreatureSickness() *Property {
	return &Property{
		ID:      "copy.summoning-sickness",
		Rulings: []string{"copy.summoning-sickness"},
		Rules:   []string{"302.6", "702.10", "508.1a"},
		Description: "A permanent that became a creature the turn it came under its controller's control can't attack " +
			"or use {T} abilities unless it has haste.",
		Clauses: []Clause{
			{Name: "attack", Rules: []string{"302.6", "508.1a"}, Needs: needsAttacking, Description: "it is never offered as an attacker"},
			{Name: "tap-ability", Rules: []string{"302.6"}, Needs: needsActivation, Description: "its {T} abilities are not offered"},
			{Name: "copy-attacks", Rules: []string{"302.6", "707.2"}, Needs: needsAttacking, Description: "a copy of a creature controlled since the turn began is offered as an attacker"},
		},
		Steer: gen.Steer{
			Name: "copy.summoning-sickness",
			Recipes: []gen.Recipe{
				{Name: "mutavault played and animated", Weight: 8,
					Mine:  []gen.Pick{{Card: "Wastes", Weight: 30}, {Card: "Mutavault", Weight: 10}, {Card: "Grizzly Bears"}},
					Hand:  []gen.Pick{{Card: "Mutavault", Weight: 60}},
					Steps: []harness.Step{harness.Main1}},
				{Name: "mutavaults that arrived this turn", Weight: 8,
					Mine:  []gen.Pick{{Card: "Wastes", Weight: 30}, {Card: "Mutavault", Weight: 40}},
					Steps: []harness.Step{harness.Main1}},
				// Copies of creatures: Mirage Mirror (cast this turn or not) becoming one,
				// copy effects in force from the setup; then on to combat.
				{Name: "copies of creatures", Weight: 12,
					Mine: []gen.Pick{{Card: "Wastes", Weight: 30}, {Card: "Mirage Mirror", Weight: 30}, {Card: "Grizzly Bears", Weight: 20},
						{Card: "Hill Giant", Weight: 10}, {Card: "Crystalline Resonance", Weight: 10}},
					Hand:      []gen.Pick{{Card: "Mirage Mirror", Weight: 30}},
					AvoidMine: gen.Permanent, Steps: []harness.Step{harness.Main1, harness.BeginCombat}},
				// Clones and Phantasmal Images set up copying creatures, at the beginning of
				// combat: a pass or two from the declaration of attackers.
				{Name: "copies before combat", Weight: 1,
					Mine: []gen.Pick{{Card: "Clone", Weight: 30}, {Card: "Phantasmal Image", Weight: 20}, {Card: "Mirage Mirror", Weight: 15},
						{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 10}},
					Theirs:    []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 10}},
					AvoidMine: gen.Permanent, MinPermanents: 3, Steps: []harness.Step{harness.BeginCombat}, StepWeight: 300},
			},
			Actions: &gen.ActionWeights{Pass: 2, Preferred: 200, Mana: 4, Land: 4, Cast: 1, Pay: 8, Activate: 2, Attack: 6, Choose: 4, Cancel: 1},
			// Play a Mutavault, animate it once, let that resolve, then pass to combat.
			Prefer: func(before *harness.Snapshot, a harness.Action) bool {
				switch {
				case before == nil:
					return false
				case before.Casting != nil: // pay, not with the Mutavault itself
					return a.Kind == harness.Pay || gen.IsManaAbility(before, &a) && a.Card != before.Casting.Card
				case a.Kind == harness.PlayLand, a.Kind == harness.Attack:
					return true
				case a.Kind == harness.Activate:
					t := gen.AbilityText(before, &a)
					return len(before.Stack) == 0 && !isAnimatedToday(before) && (strings.Contains(t, "becomes a 2/2") || strings.Contains(t, "becomes a copy"))
				case a.Kind == harness.Cast:
					return strings.Contains(copyAbilityText(a.Name), "becomes a copy")
				case a.Kind == harness.Pass:
					return len(before.Stack) > 0 || before.Step == harness.BeginCombat || before.Step == harness.Main1 && isAnimatedToday(before)
				}
				return false
			},
		},
		Check: checkBecameCreature,
	}
}

// printedCreature reports whether the card's printed type line has Creature. A setup's
// sick permanent of a noncreature card that is a creature only by its copy effects in
// force (a Crystalline Resonance copying Grizzly Bears) came under its controller's
// control this turn as that noncreature card, or already as the copy: it may not attack
// either way (CR 302.6), so the setup needs to say no more.
func printedCreature(name string) bool {
	c, ok := printedValues(name)
	return !ok || slices.Contains(c.Types, "Creature")
}

// isAnimatedToday: a land of the active player that is a creature (the recipe's aim).
func isAnimatedToday(s *harness.Snapshot) bool {
	for i := range s.Battlefield {
		if o := s.Battlefield[i]; o.Controller == s.Active && isCreature(o) && isLand(o) {
			return true
		}
	}
	return false
}

// checkBecameCreature judges each clause of copy.summoning-sickness along the trace: a
// permanent that came under its controller's control this turn as a noncreature and is a
// creature now can't attack or use its {T} abilities.
func checkBecameCreature(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	h := newControlHistory(tr)
	for _, m := range moments(tr) {
		s := m.Snap
		h.see(m)
		if m.Step+1 >= len(tr.Steps) {
			continue
		}
		next := &tr.Steps[m.Step+1] // what is offered in this state
		checkCopyAttacks(tr, m, next, h.since, &v)
		for i := range s.Battlefield {
			o := s.Battlefield[i]
			if t, ok := h.arrived[o.Object]; !ok || t != s.Turn || !isCreature(o) || hasKeyword(o, "Haste") || o.Controller != s.Active {
				continue
			}
			what := fmt.Sprintf("%s came under %s's control this turn as a noncreature and is a creature now", describe(o), o.Controller)
			judgeBecameCreatureAttack(m, next, o, what, &v)
			judgeBecameCreatureTaps(m, next, o, what, &v)
		}
	}
	return v
}

// controlHistory is what the trace shows of when each permanent came under its
// controller's control.
type controlHistory struct {
	// arrived[object] = the turn it came under its controller's control, seen as a
	// noncreature, during that controller's turn.
	arrived map[harness.ObjectID]int
	ctl     map[harness.ObjectID]harness.Player
	// since[object]: the turn from which its controller has controlled it, as seen; the
	// setup's permanents that aren't sick have been controlled since before the game.
	since map[harness.ObjectID]int
}

func newControlHistory(tr *gen.Trace) *controlHistory {
	h := &controlHistory{arrived: map[harness.ObjectID]int{}, ctl: map[harness.ObjectID]harness.Player{}, since: map[harness.ObjectID]int{}}
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			o := tr.Start.Permanent(pm.ID)
			if o == nil {
				continue
			}
			if pm.Sick && o.Controller == tr.Start.Active && (!isCreature(o) || len(pm.Copying) > 0 && !printedCreature(pm.Name)) {
				h.arrived[o.Object] = tr.Start.Turn
			}
			if !pm.Sick {
				h.since[o.Object] = 0
			}
		}
	}
	return h
}

// see records the permanents of moment m that changed controller (or appeared).
func (h *controlHistory) see(m moment) {
	s := m.Snap
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if c, seen := h.ctl[o.Object]; m.Step >= 0 && (!seen || c != o.Controller) {
			if !isCreature(o) && o.Controller == s.Active {
				h.arrived[o.Object] = s.Turn
			} else {
				delete(h.arrived, o.Object)
			}
			h.since[o.Object] = s.Turn
		}
		h.ctl[o.Object] = o.Controller
	}
}

// judgeBecameCreatureAttack: o, which became a creature after arriving this turn, is not
// offered as an attacker (CR 302.6, 508.1a).
func judgeBecameCreatureAttack(m moment, next *gen.TraceStep, o *harness.Object, what string, v *Verdict) {
	const ruling = "copy.summoning-sickness"
	s := m.Snap
	// Attackers are declared now, or the turn goes past the declaration without one
	// (no creature could attack): either way the engine could have been caught.
	declaring := s.Pending != nil && s.Priority == harness.NoPlayer && offersKind(next.Legal, harness.Attack)
	if !declaring && (s.Step != harness.BeginCombat || next.After.Turn != s.Turn || next.After.Step == harness.BeginCombat || next.After.Pending != nil) {
		return
	}
	v.Reach("attack")
	for _, a := range next.Legal {
		if a.Kind == harness.Attack && declares(a, o.Card) {
			v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, "508.1a", "attack", what+"; "+a.String()+" listed as legal",
				"it can't attack: its controller hasn't controlled it continuously since their most recent turn began (CR 302.6)", "it is among the attackers offered"))
			return
		}
	}
}

// judgeBecameCreatureTaps: o's {T} abilities are not offered, unless something lets its
// controller activate them as though it had haste (CR 302.6).
func judgeBecameCreatureTaps(m moment, next *gen.TraceStep, o *harness.Object, what string, v *Verdict) {
	const ruling, rule = "copy.summoning-sickness", "302.6"
	s := m.Snap
	if s.Priority != o.Controller || asThoughHaste(s, o.Controller) {
		return
	}
	for ai, text := range o.Abilities {
		if !strings.HasPrefix(text, "{T}") {
			continue
		}
		v.Reach("tap-ability")
		for _, a := range next.Legal {
			if a.Kind == harness.Activate && a.Card == o.Card && a.Ability == ai {
				v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "tap-ability", what+"; "+a.String()+" listed as legal",
					"its {T} abilities can't be activated (CR 302.6)", "offered"))
				break
			}
		}
	}
}

func offersKind(legal []harness.Action, k harness.ActionKind) bool {
	for _, a := range legal {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// checkCopyAttacks: the copy-attacks clause, at moment m, whose legal actions next lists.
func checkCopyAttacks(tr *gen.Trace, m moment, next *gen.TraceStep, since map[harness.ObjectID]int, v *Verdict) {
	const ruling = "copy.summoning-sickness"
	s := m.Snap
	if s.Pending == nil || s.Priority != harness.NoPlayer || !offersKind(next.Legal, harness.Attack) {
		return // not the declaration of attackers
	}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		t, seen := since[o.Object]
		if o.CopyOf == "" || !isCreature(o) || o.Controller != s.Active || o.Tapped || !seen || t >= s.Turn || restrains(s, o, false) || hasKeyword(o, "Defender") {
			continue
		}
		v.Reach("copy-attacks")
		offered := false
		for _, a := range next.Legal {
			offered = offered || a.Kind == harness.Attack && declares(a, o.Card)
		}
		if !offered {
			v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, "302.6", "copy-attacks",
				fmt.Sprintf("%s, a copy of %s, under %s's control since before this turn", describe(o), o.CopyOf, o.Controller),
				"it may attack: sickness is its own, whatever it copies (CR 302.6, 707.2)", "it is not among the attackers offered"))
		}
	}
}
