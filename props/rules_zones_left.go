package props

import (
	"strconv"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The route to rules.zones left-behind: a creature changed by an effect that lasts until
// end of turn (Giant Growth's +3/+3) leaves the battlefield and comes back before the
// cleanup step. In this pool that is a creature pumped, then exiled by a "whenever a player
// cycles" trigger (Astral Slide) that returns it at the beginning of the next end step
// (CR 603.7), with the pump still in force but applying to the old object only (611.2c):
// a dozen decisions or more, from a board that starts in the second main phase.
var slidRecipe = gen.Recipe{Name: "pumped, slid and returned", Weight: 7,
	Mine: []gen.Pick{{Card: "Astral Slide", Weight: 40}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}, {Card: "Llanowar Elves"}},
	Hand: []gen.Pick{{Card: "Giant Growth", Weight: 120}, {Card: "Curator of Mysteries", Weight: 60}, {Card: "Spark Spray", Weight: 30}, {Card: "Drifting Meadow"}},
	// Mana for the pump and the cycling, so no mana ability need be activated first, and
	// a library to draw from.
	Pool:    harness.Of(harness.Green, 1).Add(harness.Of(harness.Blue, 1)).Add(harness.Of(harness.Red, 1)),
	MinHand: 3, MinPermanents: 3, MinLibrary: 2, Steps: []harness.Step{harness.Main2}, StepWeight: 1000, ExtraSteps: 16}

// slidesText reports whether an ability's text is a cycling trigger that exiles a creature
// and returns it (Astral Slide). Plain substrings: the walk asks for every legal action.
func slidesText(t string) bool {
	return strings.Contains(t, "cycles a card, you may exile target creature") && strings.Contains(t, "return that card to the battlefield")
}

// preferSlidingPumped marks the route of slidRecipe on a board that has a permanent with
// a slidesText trigger (other boards get preferTargetLeaves): pumping a creature while the
// stack is empty, then cycling (drawing from a library that has a card) while a creature
// is pumped; paying what is being cast; targeting and exiling a pumped creature at the
// trigger's decisions; passing while the stack holds something, so it resolves, and while
// a creature card is in exile and nothing is pumped, so the end step comes.
func preferSlidingPumped(before *harness.Snapshot, a harness.Action) bool {
	if before == nil || !slides(before) {
		return preferTargetLeaves(before, a)
	}
	switch {
	case before.Casting != nil:
		return advancesPayment(before, a)
	case before.Pending != nil:
		return a.Kind == harness.Choose && len(a.Choices) > 0 && choosesPumped(before, a.Choices[0])
	case len(before.Stack) > 0:
		return a.Kind == harness.Pass
	}
	pumped := somePumped(before)
	switch a.Kind {
	case harness.Activate:
		text := gen.AbilityText(before, &a)
		return pumped && isCyclingText(text) && a.X == 0 && len(before.Players[a.Player].Library) > 0 &&
			affordable(before, a.Player, strings.TrimPrefix(text, "Cycling "), 0)
	case harness.Cast:
		return !pumped && preferTargetLeaves(before, a)
	case harness.Pass:
		return !pumped && creatureInExile(before)
	}
	return false
}

// slides reports whether a permanent of s has a slidesText trigger.
func slides(s *harness.Snapshot) bool {
	for i := range s.Battlefield {
		for _, t := range s.Battlefield[i].Abilities {
			if slidesText(t) {
				return true
			}
		}
	}
	return false
}

// choosesPumped reports whether choice is an option that targets or exiles a pumped
// creature of s ("target Grizzly Bears (card 6)", "exile Grizzly Bears (card 6)").
func choosesPumped(s *harness.Snapshot, choice string) bool {
	kind, opt := harness.SplitChoice(choice)
	if kind != harness.ChoiceOption || !strings.HasPrefix(opt, "target ") && !strings.HasPrefix(opt, "exile ") {
		return false
	}
	m := reCardOption.FindStringSubmatch(opt)
	if m == nil {
		return false
	}
	c, err := strconv.Atoi(m[1])
	return err == nil && pumped(s.Permanent(harness.CardID(c)))
}

// somePumped reports whether a creature of s is pumped.
func somePumped(s *harness.Snapshot) bool {
	for i := range s.Battlefield {
		if pumped(s.Battlefield[i]) {
			return true
		}
	}
	return false
}

// pumped reports whether o is a creature with more power and toughness than its card
// prints and its +1/+1 counters give: an effect pumps it (or a static ability such as
// Gauntlet of Power's does: this only steers).
func pumped(o *harness.Object) bool {
	if o == nil || !isCreature(o) || o.Power == nil || o.Token || o.CopyOf != "" {
		return false
	}
	p, ok := printedPTs()[o.Name]
	c := o.Counters["+1/+1"]
	return ok && o.Toughness != nil && *o.Power > p[0]+c && *o.Toughness > p[1]+c
}

// printedPTs maps each creature card of the cards table to its printed power and
// toughness, read once: the walk asks pumped for every legal action.
var printedPTs = sync.OnceValue(func() map[string][2]int {
	out := map[string][2]int{}
	for _, c := range cards.All() {
		if c.Power != nil && c.Toughness != nil {
			out[c.Name] = [2]int{*c.Power, *c.Toughness}
		}
	}
	return out
})

// creatureInExile reports whether some player's exile holds a creature card.
func creatureInExile(s *harness.Snapshot) bool {
	for p := range s.Players {
		for _, o := range s.Players[p].Exile {
			if isCreature(o) {
				return true
			}
		}
	}
	return false
}
