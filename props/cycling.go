package props

import (
	"strconv"
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
		add(&before.Battlefield[i], false)
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
		c := cycle{Paid: i, Settled: -1, Item: st.Before.Stack[n-1], Player: st.Action.Player, Card: st.Before.Stack[n-1].Card, Before: &st.Before}
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

// stackIndex is the position of stack object id in s's stack, or -1.
func stackIndex(s *harness.Snapshot, id harness.ObjectID) int {
	for i := range s.Stack {
		if s.Stack[i].Object == id {
			return i
		}
	}
	return -1
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
func cyclingSteer(name, main string) gen.Steer {
	lands := []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Mountain", Weight: 10}, {Card: "Swamp", Weight: 10},
		{Card: "Plains", Weight: 6}, {Card: "Wastes", Weight: 10}}
	cyclers := []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Drifting Meadow", Weight: 12}, {Card: "Curator of Mysteries", Weight: 12},
		{Card: "Nimble Obstructionist", Weight: 20}, {Card: "Decree of Pain", Weight: 8}, {Card: "Shark Typhoon", Weight: 12}}
	counters := []gen.Pick{{Card: "Stifle", Weight: 20}, {Card: "Disallow", Weight: 16}, {Card: "Cancel", Weight: 16}}
	watchers := []gen.Pick{{Card: "Drake Haven", Weight: 16}, {Card: "Lightning Rift", Weight: 16}, {Card: "Curator of Mysteries", Weight: 10},
		{Card: "Astral Slide", Weight: 12}}
	recipes := []gen.Recipe{
		{Name: "cycling under watchers", Weight: 4, Mine: append(append([]gen.Pick(nil), lands...), watchers...),
			Theirs: []gen.Pick{{Card: "Lightning Rift"}, {Card: "Astral Slide"}, {Card: "Grizzly Bears"}}, Hand: cyclers},
		{Name: "cycling and counterspells", Weight: 4, Mine: append(append([]gen.Pick{{Card: "Umbral Mantle"}, {Card: "Grizzly Bears"}}, lands...), watchers...),
			Theirs: []gen.Pick{{Card: "Lightning Rift"}, {Card: "Drake Haven"}, {Card: "Island"}},
			Hand:   append([]gen.Pick{{Card: "Stifle", Weight: 30}, {Card: "Spark Spray", Weight: 30}, {Card: "Cancel", Weight: 20}}, append(counters, cyclers...)...)},
		{Name: "cycle then counter", Weight: 4,
			Mine:      []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Mountain", Weight: 30}, {Card: "Wastes", Weight: 10}, {Card: "Drake Haven", Weight: 8}},
			Theirs:    []gen.Pick{{Card: "Island", Weight: 40}},
			TheirHand: []gen.Pick{{Card: "Stifle", Weight: 60}, {Card: "Disallow", Weight: 40}, {Card: "Nimble Obstructionist", Weight: 20}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: []gen.Pick{{Card: "Island", Weight: 40}}, // something to draw, so the game goes on
			Hand: []gen.Pick{{Card: "Spark Spray", Weight: 60}, {Card: "Drifting Meadow", Weight: 30}, {Card: "Stifle", Weight: 20},
				{Card: "Nimble Obstructionist", Weight: 10}}},
		// The short way to countering a cycling ability beside its trigger: a card that
		// cycles for generic mana, Drake Haven to trigger, Stifle and the mana for both.
		{Name: "counter the cycling, keep its trigger", Weight: 2,
			Mine:      []gen.Pick{{Card: "Island", Weight: 100}, {Card: "Drake Haven", Weight: 30}},
			AvoidMine: gen.Permanent, Theirs: []gen.Pick{{Card: "Island", Weight: 40}}, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Drifting Meadow", Weight: 60}, {Card: "Stifle", Weight: 60}}, MinHand: 2,
			Steps: []harness.Step{harness.Main1}},
	}
	for i := range recipes {
		if recipes[i].Name == main { // first, where draws that lean small (rapid's) land
			recipes[i].Weight = 12
			recipes[0], recipes[i] = recipes[i], recipes[0]
		}
	}
	return gen.Steer{
		Name:    name,
		Recipes: recipes,
		Actions: &gen.ActionWeights{Pass: 2, Preferred: 70, Mana: 3, Land: 1, Cast: 3, Pay: 6, Activate: 3, Attack: 1, Choose: 6, Cancel: 1},
		Prefer:  preferCycling,
	}
}

// preferCycling marks cycling a card, casting an instant, making mana
// and paying while a cost is being paid, and passing while the stack holds something.
func preferCycling(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before == nil:
		return false
	case before.Casting != nil:
		return a.Kind == harness.Pay || gen.IsManaAbility(before, &a)
	case a.Kind == harness.Activate:
		text := gen.AbilityText(before, &a)
		return isCyclingText(text) && affordable(before, a.Player, manaSymbols(strings.TrimPrefix(text, "Cycling "))+a.X)
	case a.Kind == harness.Cast: // instants, counterspells among them, so spells and abilities share the stack
		o := before.Find(a.Card)
		return o != nil && o.HasType("Instant") && affordable(before, a.Player, manaSymbols(o.ManaCost))
	case a.Kind == harness.Pass:
		return len(before.Stack) > 0 && !holdsCounter(before, a.Player)
	}
	return false
}

// holdsCounter guesses, for steering, whether p could counter something on the stack now:
// they hold an affordable "Counter target" card that may be cast now.
func holdsCounter(s *harness.Snapshot, p harness.Player) bool {
	for _, o := range s.Players[p].Hand {
		if len(o.Abilities) == 0 || !o.HasType("Instant") {
			continue
		}
		if _, _, _, ok := counterKinds(o.Abilities[0]); ok && affordable(s, p, manaSymbols(o.ManaCost)) {
			return true
		}
	}
	return false
}

// affordable guesses, for steering only, whether player p could pay n mana now: the pool
// and one mana from each untapped permanent of theirs with a "{T}: Add" ability.
func affordable(s *harness.Snapshot, p harness.Player, n int) bool {
	have := s.Players[p].Pool.Total()
	for i := range s.Battlefield {
		o := &s.Battlefield[i]
		if o.Controller != p || o.Tapped {
			continue
		}
		for _, t := range o.Abilities {
			if strings.Contains(t, "{T}: Add") {
				have++
				break
			}
		}
	}
	return have >= n
}

// manaSymbols is the mana value of the leading cost of text ("{2}{U} (...)": 3), {X} as 0.
func manaSymbols(text string) int {
	n := 0
	for len(text) > 0 && text[0] == '{' {
		end := strings.IndexByte(text, '}')
		if end < 0 {
			break
		}
		sym := text[1:end]
		text = text[end+1:]
		if k, err := strconv.Atoi(sym); err == nil {
			n += k
		} else if sym != "X" {
			n++
		}
	}
	return n
}
