package props

import (
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What the cycling properties read from the printed text of the objects in a snapshot
// (CR 702.29): which ability is a cycling ability, which triggered abilities a cycle sets
// off, and what a counterspell may target. They relate the engine's stack and legal
// actions to that text; they don't play the rules themselves.

// isCyclingText: "Cycling [cost] (...)" (CR 702.29a).
func isCyclingText(text string) bool { return strings.HasPrefix(text, "Cycling ") }

// cyclingIndex is the index of o's cycling ability, or -1.
func cyclingIndex(o *harness.Object) int {
	if o == nil {
		return -1
	}
	for i, t := range o.Abilities {
		if isCyclingText(t) {
			return i
		}
	}
	return -1
}

// isCyclingItem: a cycling ability on the stack.
func isCyclingItem(so *harness.StackObject) bool {
	return so.Kind == "ability" && isCyclingText(so.Text)
}

// cycleTrigger is a triggered ability a cycle sets off, as its text says (CR 702.29c,
// 702.29d): "When you cycle this card" on the cycled card; "Whenever you cycle",
// "Whenever a player cycles" and "Whenever you cycle or discard" on permanents.
type cycleTrigger struct {
	Source  *harness.Object
	Text    string
	OrDisc  bool // "cycle or discard": once for a cycled card (702.29d)
	Self    bool // the cycled card's own
	Targets bool // it targets, so it may be removed for want of one (603.3d)
}

// cycleTriggers lists the triggered abilities that player p cycling card sets off, from
// before, the snapshot in which the cycling cost was being paid.
func cycleTriggers(before *harness.Snapshot, p harness.Player, card harness.CardID) []cycleTrigger {
	var out []cycleTrigger
	add := func(o *harness.Object, self bool) {
		for _, t := range o.Abilities {
			low := strings.ToLower(t)
			ct := cycleTrigger{Source: o, Text: t, Self: self, Targets: strings.Contains(low, "target")}
			switch {
			case self && strings.HasPrefix(low, "when you cycle this card"):
			case !self && strings.HasPrefix(low, "whenever a player cycles"):
			case !self && o.Controller == p && strings.HasPrefix(low, "whenever you cycle or discard another card"):
				if o.Card == card {
					continue
				}
				ct.OrDisc = true
			case !self && o.Controller == p && strings.HasPrefix(low, "whenever you cycle or discard"):
				ct.OrDisc = true
			case !self && o.Controller == p && strings.HasPrefix(low, "whenever you cycle"):
			default:
				continue
			}
			out = append(out, ct)
		}
	}
	for i := range before.Battlefield {
		add(before.Battlefield[i], false)
	}
	if o := before.Find(card); o != nil {
		add(o, true)
	}
	return out
}

// cycle is one completed cycling: the step that paid its cost, the cycling ability on the
// stack, and the first state after it in which no decision is pending (the triggers are
// on the stack then, their order and targets chosen).
type cycle struct {
	Paid    int // index of the Pay step
	Settled int // index of the step after which nothing is pending
	Item    harness.StackObject
	Player  harness.Player
	Card    harness.CardID
	Before  *harness.Snapshot // as the cost was paid
}

// cycles lists the trace's completed cyclings.
func cycles(tr *gen.Trace) []cycle {
	var out []cycle
	for i := range tr.Steps {
		st := &tr.Steps[i]
		n := len(st.Before.Stack)
		if st.Action.Kind != harness.Pay || st.Before.Casting == nil || n == 0 || !isCyclingItem(&st.Before.Stack[n-1]) ||
			st.Before.Casting.Card != st.Before.Stack[n-1].Card {
			continue // not paying the cycling cost: a mana ability's cost paid while it is proposed (CR 605.3a)
		}
		c := cycle{Paid: i, Settled: -1, Item: st.Before.Stack[n-1], Player: st.Action.Player, Card: st.Before.Stack[n-1].Card, Before: st.Before}
		for j := i; j < len(tr.Steps); j++ {
			if tr.Steps[j].After.Pending == nil {
				c.Settled = j
				break
			}
			if j+1 < len(tr.Steps) && tr.Steps[j+1].Action.Kind != harness.Choose {
				break // the walk did something else while a decision was pending: give up on this one
			}
		}
		out = append(out, c)
	}
	return out
}

// counterKinds reads a "Counter target ..." text: whether spells may be targeted, whether
// activated or triggered abilities may, and whether only those "you don't control"
// (CR 115.1, 701.6). ok is false for any other text.
func counterKinds(text string) (spells, abilities, notYours, ok bool) {
	low := strings.ToLower(text)
	i := strings.Index(low, "counter target ")
	if i < 0 {
		return false, false, false, false
	}
	what := low[i+len("counter target "):]
	if j := strings.IndexByte(what, '.'); j >= 0 {
		what = what[:j]
	}
	spells = strings.HasPrefix(what, "spell")
	abilities = strings.Contains(what, "ability")
	notYours = strings.Contains(what, "you don't control")
	return spells, abilities, notYours, spells || abilities
}

// cyclingSteer aims at stacks of cycling abilities, their triggers and counterspells: cards
// with cycling and counterspells in hand, permanents that trigger on cycling on both
// sides, lands of the colours to pay for them; the walk prefers cycling, countering what
// is on the stack, paying, and letting the stack resolve. The recipe named main weighs
// most.
func cyclingSteer(name, main string, spells bool) gen.Steer {
	lands := []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Mountain", Weight: 10}, {Card: "Swamp", Weight: 10},
		{Card: "Plains", Weight: 6}, {Card: "Wastes", Weight: 10}}
	cyclers := []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Drifting Meadow", Weight: 12}, {Card: "Curator of Mysteries", Weight: 12},
		{Card: "Nimble Obstructionist", Weight: 20}, {Card: "Decree of Pain", Weight: 8}, {Card: "Shark Typhoon", Weight: 12}}
	counters := []gen.Pick{{Card: "Stifle", Weight: 20}, {Card: "Disallow", Weight: 16}, {Card: "Cancel", Weight: 16}}
	watchers := []gen.Pick{{Card: "Drake Haven", Weight: 12}, {Card: "Lightning Rift", Weight: 6}, {Card: "Curator of Mysteries", Weight: 10},
		{Card: "Astral Slide", Weight: 6}}
	recipes := []gen.Recipe{
		{Name: "cycling under watchers", Weight: 4, Mine: append(append([]gen.Pick(nil), lands...), watchers...),
			Theirs:    []gen.Pick{{Card: "Lightning Rift", Weight: 6}, {Card: "Astral Slide", Weight: 6}, {Card: "Grizzly Bears", Weight: 6}, {Card: "Island", Weight: 30}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: []gen.Pick{{Card: "Island", Weight: 40}},
			Hand:    append([]gen.Pick{{Card: "Shark Typhoon", Weight: 50}}, cyclers...), MinHand: 2, MinPermanents: 3},
		{Name: "cycling and counterspells", Weight: 4, Mine: append(append([]gen.Pick{{Card: "Umbral Mantle"}, {Card: "Grizzly Bears"}}, lands...), watchers...),
			Theirs:    []gen.Pick{{Card: "Lightning Rift"}, {Card: "Drake Haven"}, {Card: "Island", Weight: 40}},
			TheirHand: []gen.Pick{{Card: "Cancel", Weight: 40}, {Card: "Disallow", Weight: 30}, {Card: "Stifle", Weight: 30}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: []gen.Pick{{Card: "Island", Weight: 40}},
			Hand:    append([]gen.Pick{{Card: "Cancel", Weight: 40}, {Card: "Spark Spray", Weight: 30}, {Card: "Disallow", Weight: 20}}, append(counters, cyclers...)...),
			MinHand: 3, TheirMinHand: 2, MinPermanents: 3},
		{Name: "cycle then counter", Weight: 4,
			Mine:      []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Mountain", Weight: 30}, {Card: "Wastes", Weight: 10}, {Card: "Drake Haven", Weight: 8}},
			Theirs:    []gen.Pick{{Card: "Island", Weight: 40}},
			TheirHand: []gen.Pick{{Card: "Stifle", Weight: 60}, {Card: "Disallow", Weight: 40}, {Card: "Nimble Obstructionist", Weight: 20}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: []gen.Pick{{Card: "Island", Weight: 40}}, // something to draw, so the game goes on
			Hand: []gen.Pick{{Card: "Spark Spray", Weight: 60}, {Card: "Drifting Meadow", Weight: 30}, {Card: "Stifle", Weight: 40},
				{Card: "Nimble Obstructionist", Weight: 10}},
			MinHand: 2, TheirMinHand: 1, MinPermanents: 2},
	}
	favourRecipe(recipes, main)
	return gen.Steer{
		Name:             name,
		Recipes:          recipes,
		StopForPreferred: true,
		Actions:          &gen.ActionWeights{Pass: 2, Preferred: 70, Mana: 3, Land: 1, Cast: 3, Pay: 6, Activate: 3, Attack: 1, Choose: 6, Cancel: 1},
		Prefer:           preferCycling(spells),
	}
}

// preferCycling marks what a walk through cycling needs: cycling a card it can pay for
// (X at most 1, so the walk has steps left), unless the top of the stack is the player's
// own, which the other player may answer first; a counterspell aimed at something on the
// stack that isn't itself a counterspell, with none on top; passing while the stack holds
// something and the player has no counterspell to cast (or one is on top), so it
// resolves; while a cost is being paid, paying it and the mana it lacks. With spells set
// it also marks casting any other instant, so spells and abilities share the stack.
func preferCycling(spells bool) func(*harness.Snapshot, harness.Action) bool {
	return func(before *harness.Snapshot, a harness.Action) bool {
		switch {
		case before == nil:
			return false
		case before.Casting != nil:
			return advancesPayment(before, a)
		case a.Kind == harness.Activate:
			text := gen.AbilityText(before, &a)
			return isCyclingText(text) && a.X <= 1 && !ownTop(before, a.Player) && affordable(before, a.Player, strings.TrimPrefix(text, "Cycling "), a.X)
		case a.Kind == harness.Cast:
			o := before.Find(a.Card)
			if o == nil || !o.HasType("Instant") || !affordable(before, a.Player, o.ManaCost, a.X) {
				return false
			}
			if isCounterCard(o) {
				return len(a.Targets) > 0 && a.Targets[0].Stack != 0 && !counterOnTop(before) && !isCounterItem(stackObject(before, a.Targets[0].Stack))
			}
			return spells
		case a.Kind == harness.Pass:
			return len(before.Stack) > 0 && (counterOnTop(before) || !holdsCounter(before, a.Player))
		}
		return false
	}
}

// counterOnTop reports whether the top of the stack counters something: then it is left to
// resolve, not answered with another counterspell.
func counterOnTop(s *harness.Snapshot) bool {
	n := len(s.Stack)
	return n > 0 && isCounterItem(&s.Stack[n-1])
}

// isCounterItem: a spell or ability on the stack whose text says "Counter target".
func isCounterItem(so *harness.StackObject) bool {
	if so == nil {
		return false
	}
	text := so.Text
	if so.Kind == "spell" && len(so.Abilities) > 0 {
		text = so.Abilities[len(so.Abilities)-1]
	}
	_, _, _, ok := counterKinds(text)
	return ok
}

// ownTop reports whether the top of the stack is p's: then p lets the other player answer
// it (or answers it with a counterspell) before cycling again.
func ownTop(s *harness.Snapshot, p harness.Player) bool {
	n := len(s.Stack)
	return n > 0 && s.Stack[n-1].Controller == p
}

// isCounterCard: an instant whose text says "Counter target".
func isCounterCard(o *harness.Object) bool {
	if len(o.Abilities) == 0 {
		return false
	}
	_, _, _, ok := counterKinds(o.Abilities[len(o.Abilities)-1])
	return ok
}

// holdsCounter guesses, for steering, whether p could counter something on the stack now:
// they hold an affordable "Counter target" card that may be cast now.
func holdsCounter(s *harness.Snapshot, p harness.Player) bool {
	for _, o := range s.Players[p].Hand {
		if o.HasType("Instant") && isCounterCard(o) && affordable(s, p, o.ManaCost, 0) {
			return true
		}
	}
	return false
}

// isCycleTriggerText: a triggered ability that triggers on cycling (CR 702.29c, 702.29d).
func isCycleTriggerText(text string) bool {
	for _, p := range []string{"When you cycle", "Whenever you cycle", "Whenever a player cycles"} {
		if len(text) >= len(p) && text[:len(p)] == p {
			return true
		}
	}
	return false
}
