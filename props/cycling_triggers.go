package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// cyclingTriggersBeforeDraw checks ruling cycling.triggers-before-draw: "when you cycle"
// and "whenever you cycle" triggers resolve before the cycling ability's draw. Discarding
// the card is part of the cycling cost (CR 702.29a), so the triggers trigger as it is
// paid and go on the stack the next time a player would receive priority (603.3), above
// the cycling ability, which is already there (405.5: last in, first out). The property
// reads from the printed text which abilities a cycle sets off and compares the engine's
// stack once the triggers are placed.
func cyclingTriggersBeforeDraw() *Property {
	return &Property{
		ID:      "cycling.triggers-before-draw",
		Rulings: []string{"cycling.triggers-before-draw"},
		Rules:   []string{"603.3", "405.5", "702.29c", "702.29d"},
		Description: "The triggers a cycle sets off (\"when you cycle this card\", \"whenever you/a player cycle(s)\", " +
			"\"whenever you cycle or discard\") go on the stack above the cycling ability, so they resolve before its draw; " +
			"a cycled card triggers \"cycle or discard\" once.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Activate, harness.Pay}},
		Clauses: []Clause{
			{Name: "above-the-draw", Rules: []string{"603.3", "405.5"},
				Description: "every trigger of the cycle is above the cycling ability on the stack"},
			{Name: "once-per-card", Rules: []string{"702.29d"},
				Description: "each \"whenever you cycle or discard\" permanent triggers exactly once for a cycled card"},
			{Name: "from-the-graveyard", Rules: []string{"702.29c"},
				Description: "the cycled card's own untargeted \"when you cycle this card\" triggers, from the zone it went to"},
			{Name: "only-its-triggers", Rules: []string{"603.2", "702.29c"},
				Description: "a cycle puts on the stack no cycling trigger its printed texts don't set off: another card's \"when you cycle this card\", the other player's \"whenever you cycle\""},
		},
		Steer: cyclingSteer("cycling.triggers-before-draw", "cycling under watchers", false),
		Check: checkCyclingTriggers,
	}
}

func checkCyclingTriggers(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "cycling.triggers-before-draw"
	var v Verdict
	for _, c := range cycles(tr) {
		if c.Settled < 0 {
			continue
		}
		after := tr.Steps[c.Settled].After
		base := stackIndex(after, c.Item.Object)
		what := fmt.Sprintf("%s cycled %s", c.Player, describe(c.Before.Find(c.Card)))
		// The triggers of this cycle on the stack: abilities of each source with the trigger's
		// text that weren't on the stack before the cost was paid.
		found := func(t cycleTrigger) []int {
			var at []int
			for i := range after.Stack {
				so := &after.Stack[i]
				if so.Kind == "ability" && so.Card == t.Source.Card && so.Text == t.Text && stackIndex(c.Before, so.Object) < 0 {
					at = append(at, i)
				}
			}
			return at
		}
		expected := cycleTriggers(c.Before, c.Player, c.Card)
		checkOnlyItsTriggers(c, after, expected, what, &v)
		for _, t := range expected {
			at := found(t)
			src := describe(t.Source)
			if base >= 0 && len(at) > 0 {
				v.Reach("above-the-draw")
				for _, i := range at {
					if i < base {
						v.Violations = append(v.Violations, clauseViolation(c.Settled, ruling, "603.3", "above-the-draw",
							what, fmt.Sprintf("%s's trigger %q above the cycling ability (at %d), so it resolves before the draw", src, t.Text, base),
							fmt.Sprintf("it is at %d, under the cycling ability: stack %s", i, stackOrder(after))))
					}
				}
			}
			switch {
			case t.OrDisc:
				v.Reach("once-per-card")
				if len(at) != 1 && !(t.Targets && len(at) == 0) {
					v.Violations = append(v.Violations, clauseViolation(c.Settled, ruling, "702.29d", "once-per-card",
						what, fmt.Sprintf("%s's %q to trigger once: cycling a card is one discard", src, t.Text),
						fmt.Sprintf("%d triggers: stack %s", len(at), stackOrder(after))))
				}
			case t.Self && !t.Targets:
				v.Reach("from-the-graveyard")
				if len(at) != 1 {
					v.Violations = append(v.Violations, clauseViolation(c.Settled, ruling, "702.29c", "from-the-graveyard",
						what, fmt.Sprintf("its own %q to trigger once, from the graveyard", t.Text),
						fmt.Sprintf("%d triggers: stack %s", len(at), stackOrder(after))))
				}
			}
		}
	}
	return v
}

// checkOnlyItsTriggers: every ability that went on the stack with the cycle c (new since
// before its cost was paid, not the cycling ability) and reads as a cycling trigger is one
// of expected, the triggers the printed texts say this cycle sets off (CR 603.2: an
// ability triggers on the event its trigger condition names; 702.29c: "when you cycle
// this card" only for the card cycled; "whenever you cycle" only for its controller's).
func checkOnlyItsTriggers(c cycle, after *harness.Snapshot, expected []cycleTrigger, what string, v *Verdict) {
	const ruling = "cycling.triggers-before-draw"
	for i := range after.Stack {
		so := &after.Stack[i]
		low := strings.ToLower(so.Text)
		if so.Kind != "ability" || so.Object == c.Item.Object || stackIndex(c.Before, so.Object) >= 0 ||
			!(strings.HasPrefix(low, "when you cycle") || strings.HasPrefix(low, "whenever you cycle") || strings.HasPrefix(low, "whenever a player cycles")) {
			continue
		}
		v.Reach("only-its-triggers")
		if !slices.ContainsFunc(expected, func(t cycleTrigger) bool { return t.Source.Card == so.Card && t.Text == so.Text }) {
			v.Violations = append(v.Violations, clauseViolation(c.Settled, ruling, "603.2", "only-its-triggers",
				what, "only the triggers its printed texts set off",
				fmt.Sprintf("%s's %q (card %d) on the stack: stack %s", so.Controller, so.Text, so.Card, stackOrder(after))))
		}
	}
}
