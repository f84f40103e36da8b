package props

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// triggerRules checks when triggered abilities go on the stack (CR 603.2, 603.3) and in
// what order (603.3b), and intervening "if" clauses (603.4). The trigger events are read
// from the trace (a step beginning, a permanent leaving the battlefield, for which zone),
// the abilities from the permanents' texts (trigger_text.go), and the instances from the
// stack at the next moment a player receives priority.
func triggerRules() *Property {
	return &Property{
		ID:      "rules.triggers",
		Rulings: []string{"rules.triggers"},
		Rules:   []string{"603.2", "603.3", "603.3b", "603.4", "117.5", "603.10a", "603.6a", "601.2i"},
		Description: "Each trigger event puts exactly one instance of each ability that triggered on the stack the next time a " +
			"player would receive priority; the active player's go on the stack first and the other player's above them " +
			"(APNAP); an intervening \"if\" is checked when the event happens and again on resolution.",
		Clauses: []Clause{
			{Name: "one-instance", Rules: []string{"603.2", "603.3", "117.5", "603.10a"}, Description: "After a trigger event, the next time a player receives priority the stack holds one new instance of each ability that triggered, and no other: a \"dies\" or \"put into a graveyard\" ability only when its permanent went to a graveyard, a \"leaves the battlefield\" one whatever zone it went to."},
			{Name: "enters", Rules: []string{"603.6a", "603.3"}, Description: "A permanent entering the battlefield triggers each of its \"when this ... enters\" abilities once: a copy's are those of what it copies, a face-down permanent has none."},
			{Name: "casts", Rules: []string{"601.2i", "603.2", "700.6"}, Description: "A spell becoming cast triggers once each \"whenever you cast a [noncreature / historic] spell\" ability of the permanents its caster controls whose condition the spell meets, and no other."},
			{Name: "becomes-target", Rules: []string{"603.2", "601.2c", "603.3d"}, Description: "A permanent chosen as a target of a spell or ability triggers its \"when this becomes the target of a spell or ability\" abilities once, when the spell is cast or the ability activated or put on the stack."},
			{Name: "apnap", Rules: []string{"603.3b"}, Description: "When both players' abilities trigger at once, every one of the active player's is below every one of the other player's."},
			{Name: "own-order", Rules: []string{"603.3b"}, Description: "A player with two or more different abilities triggering at once is asked for their order."},
			{Name: "if-at-event", Rules: []string{"603.4"}, Description: "An ability with an intervening \"if\" triggers only if its condition holds when the event happens."},
			{Name: "if-on-resolution", Rules: []string{"603.4"}, Description: "An ability whose intervening \"if\" no longer holds as it resolves does nothing."},
		},
		Steer: gen.Steer{
			Name: "rules.triggers",
			Recipes: []gen.Recipe{
				{Name: "walkers on both sides", Weight: 16, Mine: []gen.Pick{{Card: "Hangarback Walker", Weight: 30}}, Theirs: []gen.Pick{{Card: "Hangarback Walker", Weight: 30}}},
				// Walkers that trade in combat die at once: starting in the beginning of
				// combat step, the walk declares attackers and blockers soon.
				{Name: "walkers in combat", Weight: 10, Mine: []gen.Pick{{Card: "Hangarback Walker", Weight: 40}}, Theirs: []gen.Pick{{Card: "Hangarback Walker", Weight: 40}},
					AvoidTheirs: gen.Creature, Steps: slices.Repeat([]harness.Step{harness.BeginCombat}, 10)},
				// Four in five of these cases start in the upkeep, a step before the draw-step
				// trigger, with a Twiddle in hand and Islands to cast it.
				{Name: "vault and twiddle", Weight: 30, Mine: []gen.Pick{{Card: "Mana Vault", Weight: 40}, {Card: "Island", Weight: 60}},
					Hand: []gen.Pick{{Card: "Twiddle", Weight: 300}}, MinHand: 1, MinPermanents: 3, AvoidMine: gen.Enchantment | gen.Creature, AvoidTheirs: gen.Enchantment,
					Steps: []harness.Step{harness.Upkeep}, StepWeight: 400},
				{Name: "upkeeps", Mine: gen.Cards("Mana Vault", "Contamination", "Grizzly Bears"), Theirs: gen.Cards("Mana Vault", "Contamination", "Hangarback Walker"),
					Steps: []harness.Step{harness.End, harness.Main2}},
				// Permanents with leaves-the-battlefield abilities leaving for exile, not the
				// graveyard: Helvault exiling its controller's Hangarback Walker, Oblivion
				// Ring exiling a Walker or a Helvault (CR 603.6c, 603.10a, 700.4).
				{Name: "exiled, not dead", Weight: 6,
					Mine:   []gen.Pick{{Card: "Helvault", Weight: 30}, {Card: "Hangarback Walker", Weight: 30}, {Card: "Oblivion Ring", Weight: 10}, {Card: "Plains", Weight: 20}},
					Theirs: []gen.Pick{{Card: "Hangarback Walker", Weight: 20}, {Card: "Helvault", Weight: 10}, {Card: "Oblivion Ring", Weight: 5}},
					Hand:   []gen.Pick{{Card: "Oblivion Ring", Weight: 30}}, MinHand: 1, MinPermanents: 3,
					Pool: harness.Mana{harness.White: 1, harness.Colorless: 2}, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
				// Permanents watching for spells cast (Shark Typhoon's noncreature, Jhoira's and
				// Daring Archaeologist's historic), spells of each kind in hand and the mana to
				// cast them (CR 601.2i).
				{Name: "cast watchers", Weight: 8,
					Mine: []gen.Pick{{Card: "Shark Typhoon", Weight: 30}, {Card: "Jhoira, Weatherlight Captain", Weight: 12}, {Card: "Daring Archaeologist", Weight: 15},
						{Card: "Island", Weight: 30}, {Card: "Forest", Weight: 20}},
					AvoidMine: gen.Permanent,
					Hand: []gen.Pick{{Card: "Giant Growth", Weight: 15}, {Card: "Twiddle", Weight: 15}, {Card: "Grizzly Bears", Weight: 15}, {Card: "Ornithopter", Weight: 20},
						{Card: "Llanowar Elves", Weight: 10}, {Card: "Helvault", Weight: 8}},
					Pool:    harness.Of(harness.Blue, 1).Add(harness.Of(harness.Green, 2)),
					MinHand: 2, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Phantasmal Images set up as copies (an Illusion with "when this creature becomes
				// the target of a spell or ability, sacrifice it") and spells and an
				// enters-the-battlefield ability to target them with (CR 603.2, 603.6a).
				{Name: "illusions targeted", Weight: 8,
					Mine:    []gen.Pick{{Card: "Phantasmal Image", Weight: 40}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Island", Weight: 30}, {Card: "Plains", Weight: 20}},
					Theirs:  []gen.Pick{{Card: "Phantasmal Image", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
					Hand:    []gen.Pick{{Card: "Twiddle", Weight: 30}, {Card: "Giant Growth", Weight: 15}, {Card: "Pacifism", Weight: 15}, {Card: "Oblivion Ring", Weight: 15}},
					Pool:    harness.Of(harness.Blue, 1).Add(harness.Of(harness.Green, 1)).Add(harness.Of(harness.White, 2)),
					MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Copy creatures in hand and permanents with enters abilities to copy: a copy
				// entering has the abilities it copied (CR 707.4, 603.6a).
				{Name: "copies of enters abilities", Weight: 8,
					Mine:      []gen.Pick{{Card: "Daring Archaeologist", Weight: 20}, {Card: "Oblivion Ring", Weight: 15}, {Card: "Island", Weight: 30}},
					Hand:      []gen.Pick{{Card: "Phantasmal Image", Weight: 40}, {Card: "Clever Impersonator", Weight: 20}, {Card: "Clone", Weight: 20}},
					Graveyard: []gen.Pick{{Card: "Ornithopter", Weight: 20}, {Card: "Helvault", Weight: 10}},
					Pool:      harness.Of(harness.Blue, 2).Add(harness.Of(harness.Colorless, 2)),
					MinHand:   1, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
			},
			// Spells are cast only when preferred: a Twiddle cast at random is one less to respond with.
			Actions: &gen.ActionWeights{Pass: 4, Preferred: 60, Mana: 1, Land: 1, Cast: 0, Pay: 10, Activate: 1, Attack: 1, Choose: 4, Cancel: 1},
			Prefer: func(before *harness.Snapshot, a harness.Action) bool {
				return preferUntapInResponse(before, a) || preferDiesTogether(before, a) || preferExiling(before, a) ||
					preferWatchedCast(before, a) || preferTargetingTheTargeted(before, a) || preferCopyEntering(before, a)
			},
			StopForPreferred: true,
		},
		Check: checkTriggers,
	}
}

// preferUntapInResponse favours changing an intervening "if" while its trigger waits on
// the stack: tapping Mana Vault in the upkeep (so its draw-step trigger triggers), then
// casting Twiddle on it with the trigger waiting, paying, choosing "untap it", and passing
// once that is done (the walk has a dozen decisions to get there).
func preferUntapInResponse(before *harness.Snapshot, a harness.Action) bool {
	waiting := func(c harness.CardID) bool {
		for _, o := range before.Stack {
			if o.Kind == "ability" && o.Card == c && readTrigger(o.Text).cond != nil {
				return true
			}
		}
		return false
	}
	blue := func(p harness.Player) bool {
		for i := range before.Battlefield {
			if o := before.Battlefield[i]; o.Controller == p && o.Name == "Island" && !o.Tapped {
				return true
			}
		}
		return before.Players[p].Pool[harness.Blue] > 0
	}
	switch a.Kind {
	case harness.Cast:
		return a.Name == "Twiddle" && len(a.Targets) == 1 && waiting(a.Targets[0].Card) && blue(a.Player)
	case harness.Choose:
		return len(a.Choices) == 1 && strings.HasSuffix(a.Choices[0], "untap it")
	case harness.Activate:
		return before.Casting != nil && a.Name == "Island" && before.Players[a.Player].Pool[harness.Blue] == 0 ||
			before.Step == harness.Upkeep && a.Name == "Mana Vault" && !hasTapped(before, a.Player, "Mana Vault")
	case harness.Pay:
		return true
	case harness.Pass:
		if before.Step == harness.Upkeep {
			return hasTapped(before, a.Player, "Mana Vault")
		}
		if n := len(before.Stack); n > 0 {
			top := before.Stack[n-1]
			return top.Name == "Twiddle" || top.Kind == "ability" && readTrigger(top.Text).cond != nil && !waitingOnTapped(before, top.Card)
		}
	}
	return false
}

// preferDiesTogether favours combat between creatures with "dies" triggers: attacking with
// one, and blocking one with one, so that both players' abilities trigger at once when
// they trade (CR 603.3b).
func preferDiesTogether(before *harness.Snapshot, a harness.Action) bool {
	diesTrigger := func(c harness.CardID) bool {
		o := before.Permanent(c)
		return o != nil && slices.ContainsFunc(o.Abilities, func(t string) bool { return readTrigger(t).kind == trigDies })
	}
	switch a.Kind {
	case harness.Attack:
		return slices.ContainsFunc(a.Attackers, diesTrigger)
	case harness.Block:
		return slices.ContainsFunc(a.Blocks, func(b harness.Blocking) bool { return diesTrigger(b.Blocker) && diesTrigger(b.Attacker) })
	}
	return false
}

// preferExiling favours what makes a permanent with a leaves-the-battlefield ability leave
// for another zone than the graveyard: casting Oblivion Ring, paying for it, and a spell or
// ability targeting such a permanent (Helvault's exile).
func preferExiling(before *harness.Snapshot, a harness.Action) bool {
	if before.Casting != nil {
		return advancesPayment(before, a)
	}
	if a.Kind == harness.Cast && a.Name == "Oblivion Ring" {
		return true
	}
	return (a.Kind == harness.Activate || a.Kind == harness.Cast) && slices.ContainsFunc(a.Targets, func(t harness.Target) bool {
		o := before.Permanent(t.Card)
		return t.Card != 0 && o != nil && slices.ContainsFunc(o.Abilities, func(text string) bool {
			k := readTrigger(text).kind
			return k == trigDies || k == trigToGraveyard || k == trigLeaves
		})
	})
}

// waitingOnTapped reports whether permanent c is tapped in s.
func waitingOnTapped(s *harness.Snapshot, c harness.CardID) bool {
	o := s.Permanent(c)
	return o != nil && o.Tapped
}

// hasTapped reports whether p controls a tapped permanent named name.
func hasTapped(s *harness.Snapshot, p harness.Player, name string) bool {
	for i := range s.Battlefield {
		if o := s.Battlefield[i]; o.Controller == p && o.Name == name && o.Tapped {
			return true
		}
	}
	return false
}

// trigInstance is one instance of a triggered ability: its source card and text.
type trigInstance struct {
	Card harness.CardID
	Text string
}

// expectedTrigger is an ability that triggered, and its controller. Unknown marks a card
// whose triggers can't be told: it left the battlefield as what a loop of copy effects
// made it (last_known.go), so its instances on the stack are not judged. Withheld marks an
// ability whose event happened while its intervening "if" condition was false: it did not
// trigger (CR 603.4), and an instance of it on the stack is that clause's fault.
type expectedTrigger struct {
	trigInstance
	Controller harness.Player
	Unknown    bool
	Withheld   bool
}

// unknownTrigger is the mark for a card whose triggers can't be told.
func unknownTrigger(card harness.CardID) expectedTrigger {
	return expectedTrigger{trigInstance: trigInstance{Card: card}, Unknown: true}
}

func checkTriggers(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	// A group runs from one moment a player has priority to the next: the events of its
	// steps must have put their triggers on the stack by its end (CR 117.5, 603.3).
	// The setup's stack is empty, so every trigger on the stack at the start is new.
	expected := startTriggers(tr)
	base := &harness.Snapshot{}
	decided := map[harness.Player]bool{}
	if settled(&tr.Start) {
		judgeTriggers(tr, -1, base, &tr.Start, expected, decided, &v)
		base, expected = &tr.Start, nil
	}
	for i := range tr.Steps {
		st := &tr.Steps[i]
		expected = withoutRemoved(append(expected, stepTriggers(tr, i, &v)...), st.Events)
		if p := st.Before.Pending; p != nil && st.Action.Kind == harness.Choose {
			decided[p.Player] = true
		}
		checkIfOnResolution(tr, i, &v)
		if !settled(st.After) {
			if st.After.GameOver {
				return v
			}
			continue
		}
		judgeTriggers(tr, i, base, st.After, expected, decided, &v)
		base, expected = st.After, nil
		decided = map[harness.Player]bool{}
	}
	return v
}

// withoutRemoved drops from expected the targeted abilities the engine removed for want
// of a legal target as they would go on the stack (CR 603.3d): an event citing 603.3d
// for the ability's card, naming its text if the card has several.
func withoutRemoved(expected []expectedTrigger, events []harness.Event) []expectedTrigger {
	for _, e := range events {
		if e.Rule != "603.3d" {
			continue
		}
		k := slices.IndexFunc(expected, func(t expectedTrigger) bool {
			return !t.Withheld && t.Card == e.Card && strings.Contains(t.Text, "target") && strings.Contains(e.Text, t.Text)
		})
		if k < 0 {
			k = slices.IndexFunc(expected, func(t expectedTrigger) bool {
				return !t.Withheld && t.Card == e.Card && strings.Contains(t.Text, "target")
			})
		}
		if k >= 0 {
			expected = slices.Delete(expected, k, k+1)
		}
	}
	return expected
}

// startTriggers lists the dies triggers of the permanents the setup put on the
// battlefield that were gone when the game started (state-based actions, CR 704.3).
func startTriggers(tr *gen.Trace) []expectedTrigger {
	var out []expectedTrigger
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			o := tr.Start.Find(pm.ID)
			if o == nil || o.Zone != harness.Graveyard {
				continue
			}
			if was, ok := setupLeftAs(&tr.Setup, &pm, o); ok {
				out = append(out, leftTriggers(&was, harness.Player(p), harness.Graveyard)...)
			} else {
				out = append(out, unknownTrigger(pm.ID))
			}
		}
	}
	return out
}

// leftTriggers lists the abilities of o, as it last existed on the battlefield, that
// trigger on its leaving it for zone to, controlled by p (CR 603.10a): "leaves the
// battlefield" whatever the zone; "is put into a graveyard from the battlefield" to a
// graveyard; "dies" to a graveyard, if it was a creature (700.4).
func leftTriggers(o *harness.Object, p harness.Player, to harness.Zone) []expectedTrigger {
	var out []expectedTrigger
	for _, t := range o.Abilities {
		switch readTrigger(t).kind {
		case trigLeaves:
		case trigToGraveyard:
			if to != harness.Graveyard {
				continue
			}
		case trigDies:
			if to != harness.Graveyard || !isCreature(o) {
				continue
			}
		default:
			continue
		}
		out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, t}, Controller: p})
	}
	return out
}

// stepTriggers lists the abilities the events of step i triggered: a step beginning
// (CR 500.6, 503.1a, 504.2), permanents leaving the battlefield (603.6c, 603.10a, 700.4),
// and those of rules_triggers_events.go: permanents entering it, a spell cast, permanents
// becoming targets.
func stepTriggers(tr *gen.Trace, i int, v *Verdict) []expectedTrigger {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	var out []expectedTrigger
	if a.Turn != b.Turn || a.Step != b.Step {
		for j := range a.Battlefield {
			o := a.Battlefield[j]
			if o.Controller != a.Active {
				continue
			}
			for _, t := range o.Abilities {
				rt := readTrigger(t)
				if rt.kind != trigStepBegins || rt.step != a.Step {
					continue
				}
				if rt.cond != nil {
					v.Reach("if-at-event")
					if !rt.cond.holds(o) { // CR 603.4: it doesn't trigger
						out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, t}, Controller: o.Controller, Withheld: true})
						continue
					}
				}
				out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, t}, Controller: o.Controller})
			}
		}
	}
	// Whether a permanent left the battlefield, for which zone, and what it had, is
	// judged as it last existed there (CR 603.10a, last_known.go). A token that left has
	// no card to find afterwards (it ceased to exist, 111.7): where it went is not known.
	for j := range b.Battlefield {
		o := b.Battlefield[j]
		n := a.Find(o.Card)
		if n != nil && n.Zone == harness.Battlefield && n.Object == o.Object || n == nil && o.Token {
			continue
		}
		to := harness.Zone("")
		if n != nil {
			to = n.Zone
		}
		if was, ok := leftAs(st, o, false); ok {
			out = append(out, leftTriggers(&was, o.Controller, to)...)
		} else {
			out = append(out, unknownTrigger(o.Card))
		}
	}
	// A permanent that entered and died within the step (a creature spell entering with
	// toughness 0): only the state-based action's event says it was a permanent; its card
	// in the graveyard, or the copy it entered as, says what it was.
	for _, e := range st.Events {
		if e.Kind != "sba" || e.Card == 0 || b.Permanent(e.Card) != nil {
			continue
		}
		if n := a.Find(e.Card); n != nil && n.Zone == harness.Graveyard {
			if was, ok := leftAs(st, n, true); ok {
				out = append(out, leftTriggers(&was, n.Owner, harness.Graveyard)...)
				out = append(out, entersTriggers(&was, v)...) // it entered within the step too
			} else {
				out = append(out, unknownTrigger(n.Card))
			}
		}
	}
	out = append(out, enteredTriggers(st, v)...)
	out = append(out, castTriggers(tr, i, v)...)
	return append(out, targetedTriggers(tr, i, v)...)
}

// judgeTriggers compares the triggers expected since base with the new instances on the
// stack of now, the next moment a player has priority.
func judgeTriggers(tr *gen.Trace, step int, base, now *harness.Snapshot, expected []expectedTrigger, decided map[harness.Player]bool, v *Verdict) {
	unknown := map[harness.CardID]bool{}
	for _, e := range expected {
		unknown[e.Card] = unknown[e.Card] || e.Unknown
	}
	expected = slices.DeleteFunc(slices.Clone(expected), func(e expectedTrigger) bool { return unknown[e.Card] })
	var fresh []harness.StackObject
	for _, o := range now.Stack {
		if o.Kind == "ability" && knownTrigger(o.Text) && !stillOnStack(base, o.Object) && !unknown[o.Card] {
			fresh = append(fresh, o)
		}
	}
	if len(fresh) == 0 && !slices.ContainsFunc(expected, func(e expectedTrigger) bool { return !e.Withheld }) {
		return
	}
	what := fmt.Sprintf("with %s to act", now.Priority)
	v.Reach("one-instance")
	want, withheld := map[trigInstance]int{}, map[trigInstance]bool{}
	for _, e := range expected {
		if e.Withheld {
			withheld[e.trigInstance] = true
			continue
		}
		want[e.trigInstance]++
	}
	got := map[trigInstance]int{}
	for _, o := range fresh {
		got[trigInstance{o.Card, o.Text}]++
	}
	var problems []string
	clause, rule := "one-instance", "603.3"
	for _, k := range instanceKeys(want, got) {
		if want[k] == got[k] {
			continue
		}
		if withheld[k] && got[k] > want[k] {
			v.Violations = append(v.Violations, clauseViolation(step, "rules.triggers", "603.4", "if-at-event", what,
				fmt.Sprintf("no instance of card %d's %q: its intervening \"if\" condition was false when its event happened, so it did not trigger (CR 603.4)", k.Card, k.Text),
				fmt.Sprintf("%d instance(s) on the stack", got[k])))
			return
		}
		if len(problems) == 0 {
			clause, rule = eventClause(readTrigger(k.Text).kind)
		}
		problems = append(problems, fmt.Sprintf("%d instance(s) of card %d's %q where %d triggered", got[k], k.Card, k.Text, want[k]))
	}
	if len(problems) > 0 {
		v.Violations = append(v.Violations, clauseViolation(step, "rules.triggers", rule, clause, what,
			"one new instance on the stack of each ability that triggered since a player last had priority (CR 603.2, 603.3, 117.5)",
			strings.Join(problems, "; ")))
		return
	}
	first := firstWave(fresh)
	checkAPNAP(tr, step, what, now, first, v)
	checkOwnOrder(tr, step, what, first, decided, v)
}

// checkAPNAP: the active player's new triggers are all below the other player's
// (CR 603.3b).
func checkAPNAP(tr *gen.Trace, step int, what string, now *harness.Snapshot, fresh []harness.StackObject, v *Verdict) {
	var ap, nap bool
	for _, o := range fresh {
		ap = ap || o.Controller == now.Active
		nap = nap || o.Controller != now.Active
	}
	if !ap || !nap {
		return
	}
	v.Reach("apnap")
	seenNAP := false
	for _, o := range fresh {
		if o.Controller != now.Active {
			seenNAP = true
			continue
		}
		if seenNAP {
			v.Violations = append(v.Violations, clauseViolation(step, "rules.triggers", "603.3b", "apnap", what,
				fmt.Sprintf("the active player %s's triggers on the stack first, the other player's above them (APNAP, CR 603.3b)", now.Active),
				fmt.Sprintf("%s's %s (card %d) is above a trigger of %s; new triggers bottom to top: %s", o.Controller, o.Name, o.Card, now.Active.Opponent(), stackText(fresh))))
			return
		}
	}
}

// checkOwnOrder: a player putting two or more different triggers on the stack at once
// chooses their order (CR 603.3b), so the engine must have asked them.
func checkOwnOrder(tr *gen.Trace, step int, what string, fresh []harness.StackObject, decided map[harness.Player]bool, v *Verdict) {
	for _, p := range []harness.Player{harness.A, harness.B} {
		kinds := map[trigInstance]bool{}
		for _, o := range fresh {
			if o.Controller == p {
				kinds[trigInstance{o.Card, o.Text}] = true
			}
		}
		if len(kinds) < 2 {
			continue
		}
		v.Reach("own-order")
		if !decided[p] {
			v.Violations = append(v.Violations, clauseViolation(step, "rules.triggers", "603.3b", "own-order", what,
				fmt.Sprintf("%s chooses the order of their %d different triggers (CR 603.3b)", p, len(kinds)),
				"they went on the stack without a decision of "+p.String()+"'s"))
		}
	}
}

// checkIfOnResolution: a trigger whose intervening "if" is false as it resolves does
// nothing (CR 603.4): nothing but the stack changes.
func checkIfOnResolution(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if len(b.Stack) == 0 || st.Action.Kind == harness.Cancel || a.Pending != nil {
		return
	}
	top := b.Stack[len(b.Stack)-1]
	cond := readTrigger(top.Text).cond
	if top.Kind != "ability" || cond == nil || stillOnStack(a, top.Object) {
		return
	}
	src := b.Permanent(top.Card)
	if src == nil || cond.holds(src) {
		return
	}
	v.Reach("if-on-resolution")
	var changed []string
	for p := range b.Players {
		if !sameTree(b.Players[p], a.Players[p]) {
			changed = append(changed, fmt.Sprintf("player %s's life or cards (life %d -> %d)", harness.Player(p), b.Players[p].Life, a.Players[p].Life))
		}
	}
	if !sameTree(b.Battlefield, a.Battlefield) {
		changed = append(changed, "the battlefield")
	}
	if len(changed) > 0 {
		v.Violations = append(v.Violations, clauseViolation(i, "rules.triggers", "603.4", "if-on-resolution", "",
			fmt.Sprintf("%s's %q does nothing: %s is false of %s as it resolves (CR 603.4)", top.Name, top.Text, cond.text, describe(src)),
			"it changed "+strings.Join(changed, " and ")))
	}
}

func instanceKeys(maps ...map[trigInstance]int) []trigInstance {
	seen := map[trigInstance]bool{}
	var out []trigInstance
	for _, m := range maps {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Card != out[j].Card {
			return out[i].Card < out[j].Card
		}
		return out[i].Text < out[j].Text
	})
	return out
}

func stackText(objs []harness.StackObject) string {
	parts := make([]string, len(objs))
	for i, o := range objs {
		parts[i] = fmt.Sprintf("%s's %s (card %d)", o.Controller, o.Name, o.Card)
	}
	return strings.Join(parts, ", ")
}
