package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// effectRules checks that a resolving spell or ability does what its printed text says
// (CR 608.2c), for the instructions whose outcome a snapshot counts: draws, mills and
// exiles from the top of a library, +1/+1 counters put on the source, tokens created,
// "gets +N/+M until end of turn", and "destroy all" or "exile all"; and that one whose
// every target is gone does nothing at all (608.2b). It relates the board just before the
// resolution with the board just after, and the numbers with the text the engine itself
// reports for the spell or ability: no second engine, only the printed instruction read
// against what changed. A resolution is told from the snapshots alone (a pass with no
// proposal waiting, the top of the stack gone after it), not from the engine's events.
// The other instructions have their own properties (damage: rules.damage; countering:
// rules.countering; tapping: rules.taps; copy effects: the copy.* rulings).
//
// Only what nothing else in the same step can change is judged: an instruction with a
// choice or a condition in it ("if", "unless", "where X is", "choose") is left alone, so
// is one with a target no longer legal (it may not resolve), and so is a permanent that
// is no longer the same object on the battlefield after the state-based actions that
// follow the resolution. A "you may" is judged as a choice (608.2d): an optional cost by
// what the pool pays (rules_effects_may.go), an optional instruction by replaying the
// game with each other answer (rules_effects_choose.go).
func effectRules() *Property {
	return &Property{
		ID:      "rules.effects",
		Rulings: []string{"rules.effects"},
		Rules:   []string{"608.2c", "608.2b", "118.12", "608.2d", "603.5", "613.4b", "121.1", "121.2", "701.17a", "701.13a", "122.1", "111.1", "111.2", "611.2c", "613.4c", "701.8a", "702.12b", "701.22a", "118.12a"},
		Description: "A resolving spell or ability does what its text says, no more and no less: the cards it draws, mills or exiles from " +
			"the top of a library, the +1/+1 counters it puts on its source, the tokens it creates, the power and toughness it " +
			"gives until end of turn, and the permanents it destroys or exiles all of; a \"you may\" or a scry 1 gives its controller each choice it offers.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.Activate}},
		Clauses: []Clause{
			{Name: "draws", Rules: []string{"121.1", "121.2", "608.2c"},
				Description: "A resolving instruction that a player draws N cards (or a card for each permanent it destroyed) moves exactly that many cards, as many as the library has, from the top of that player's library to their hand."},
			{Name: "top-cards", Rules: []string{"701.17a", "701.13a"},
				Description: "A resolving instruction to mill N cards or exile the top card of a library moves exactly that many cards from its top, as many as it has, into the graveyard or exile, and no other card of it."},
			{Name: "counters", Rules: []string{"122.1", "608.2c"},
				Description: "A resolving instruction to put N +1/+1 counters on its source puts exactly N on it, if it is still the same permanent."},
			{Name: "tokens", Rules: []string{"111.1", "111.2", "111.4"},
				Description: "A resolving instruction to create N tokens of a printed creature type creates exactly N new tokens with those subtypes under the instruction's controller, and no other token."},
			{Name: "pumps", Rules: []string{"611.2c", "613.4c"},
				Description: "A resolving \"gets +N/+M until end of turn\" changes the power and toughness of each creature it names (its target, its source, or those of a kind it names as it resolves) by exactly N and M, and every other creature's not at all."},
			{Name: "fizzles", Rules: []string{"608.2b", "400.7"},
				Description: "A spell or ability every target of which has changed zones or left the stack since it was chosen leaves the stack without resolving: nobody is asked anything, no permanent comes or goes, no life total nor hand changes, a spell's card goes to the graveyard."},
			{Name: "may-pay", Rules: []string{"118.12", "608.2d", "608.2g"},
				Description: "A resolving \"you may pay {C}. If you do, ...\" asks its controller when their pool holds {C}, and the answer either takes exactly {C} from that pool or takes nothing and does nothing else: no card moves, no permanent changes, no life total changes."},
			{Name: "may-choose", Rules: []string{"608.2d", "603.5", "611.2c", "603.7a"},
				Description: "A resolving \"you may\" (exile, return, put, tap or untap, become a copy) asks its controller when it has a legal target, and of the answers offered one does nothing but finish the resolution and, for a card to move, another moves one (for \"a creature card from your hand\" or \"a nonartifact, nonland card from your hand\", one for each such card), a creature it puts onto the battlefield gaining what it says; the delayed ability a taken answer creates \"at the beginning of the next end step\" is on the stack then and moves what it moved: each other answer is replayed from the setup with the same actions."},
			{Name: "scry", Rules: []string{"701.22a"},
				Description: "A resolving \"scry 1\" with two cards or more in its controller's library asks them, and of the answers offered one leaves the library as it was and another puts its top card on the bottom, the rest in order; each other answer is replayed from the setup with the same actions."},
			{Name: "sacrifice-unless", Rules: []string{"118.12a"},
				Description: "A resolving \"sacrifice this unless you sacrifice a creature\" asks its controller when they have a creature, and each answer offered sacrifices exactly one permanent, the source or a creature of theirs, no two answers the same, every one of them offered; with no creature it sacrifices the source: each other answer is replayed from the setup with the same actions."},
			{Name: "becomes", Rules: []string{"613.4b", "613.4c", "611.2c"},
				Description: "A resolving \"this land becomes a N/M creature\" makes its source, a colourless noncreature permanent just before, a creature of exactly N/M plus its +1/+1 counters."},
			{Name: "sweeps", Rules: []string{"701.8a", "701.13a", "702.12b"},
				Description: "A resolving \"destroy all creatures\" or \"exile all nonland permanents that aren't legendary\" leaves none of them on the battlefield but the indestructible ones a destruction can't move."},
		},
		Steer: effectSteer(),
		Check: checkEffects,
	}
}

// effectSteer builds boards where the pool's effect cards resolve: spells and abilities
// that draw, mill, put counters, make tokens, pump and sweep, with the mana to use them.
func effectSteer() gen.Steer {
	lands := []gen.Pick{{Card: "Mountain", Weight: 20}, {Card: "Island", Weight: 20}, {Card: "Swamp", Weight: 20}, {Card: "Forest", Weight: 10}}
	return gen.Steer{
		Name: "rules.effects",
		Recipes: []gen.Recipe{
			{Name: "abilities that count", Weight: 10,
				Mine: slices.Concat([]gen.Pick{{Card: "Jace Beleren", Weight: 30}, {Card: "Walking Ballista", Weight: 20},
					{Card: "Hangarback Walker", Weight: 20}, {Card: "Westvale Abbey", Weight: 20}, {Card: "Mystic Forge", Weight: 20},
					{Card: "Akroma, Angel of Fury", Weight: 10}, {Card: "Mutavault", Weight: 10}}, lands),
				Theirs:        slices.Concat([]gen.Pick{{Card: "Westvale Abbey", Weight: 20}, {Card: "Wastes", Weight: 40}}, lands),
				MinPermanents: 6, MinLibrary: 3, ExtraSteps: 4},
			{Name: "spells that count", Weight: 8,
				Mine: slices.Concat([]gen.Pick{{Card: "Jhoira, Weatherlight Captain", Weight: 20}, {Card: "Daring Archaeologist", Weight: 20},
					{Card: "Grizzly Bears", Weight: 10}, {Card: "History of Benalia", Weight: 15}}, lands),
				Theirs: slices.Concat([]gen.Pick{{Card: "Grizzly Bears", Weight: 10}}, lands),
				Hand: []gen.Pick{{Card: "Giant Growth", Weight: 20}, {Card: "Shark Typhoon", Weight: 10}, {Card: "Drifting Meadow", Weight: 10},
					{Card: "Ornithopter", Weight: 10}},
				Pool:    harness.Of(harness.Green, 1).Add(harness.Of(harness.Colorless, 3)),
				MinHand: 2, MinPermanents: 4, MinLibrary: 3, ExtraSteps: 4},
			{Name: "a sweeper", Weight: 12,
				Mine: slices.Concat([]gen.Pick{{Card: "Jhoira, Weatherlight Captain", Weight: 20}, {Card: "Westvale Abbey", Weight: 10},
					{Card: "Grizzly Bears", Weight: 20}, {Card: "Hangarback Walker", Weight: 10}}, lands),
				Theirs: slices.Concat([]gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Darksteel Citadel", Weight: 5}, {Card: "Pacifism", Weight: 5}}, lands),
				Hand:   []gen.Pick{{Card: "Decree of Pain", Weight: 20}, {Card: "Urza's Ruinous Blast", Weight: 20}},
				Pool:   harness.Of(harness.Black, 2).Add(harness.Of(harness.White, 1)).Add(harness.Of(harness.Colorless, 6)),
				Steps:  []harness.Step{harness.Main1, harness.Main2}, StepWeight: 60,
				MinHand: 1, MinPermanents: 4, MinLibrary: 3},
			{Name: "a saga's last chapter", Weight: 4,
				Mine: slices.Concat([]gen.Pick{{Card: "History of Benalia", Weight: 40}, {Card: "Mutavault", Weight: 15},
					{Card: "Grizzly Bears", Weight: 10}}, lands),
				Theirs: lands,
				Pool:   harness.Of(harness.Colorless, 1),
				Steps:  []harness.Step{harness.Upkeep, harness.Draw}, StepWeight: 60,
				MinPermanents: 3, MinLibrary: 3},
			// Optional costs paid as abilities resolve (118.12): Drake Haven and Lightning
			// Rift on cycling, Mana Vault in the upkeep, with mana to pay or not.
			{Name: "optional costs", Weight: 9,
				Mine: slices.Concat([]gen.Pick{{Card: "Drake Haven", Weight: 30}, {Card: "Lightning Rift", Weight: 30},
					{Card: "Mana Vault", Weight: 20}}, lands),
				Hand:  []gen.Pick{{Card: "Drifting Meadow", Weight: 20}, {Card: "Spark Spray", Weight: 20}, {Card: "Decree of Pain", Weight: 5}},
				Pool:  harness.Of(harness.Red, 1).Add(harness.Of(harness.Colorless, 3)),
				Steps: []harness.Step{harness.Upkeep, harness.Main1}, StepWeight: 40,
				MinHand: 1, MinPermanents: 4, MinLibrary: 3},
			// Optional instructions (608.2d): Astral Slide on cycling, Sneak Attack,
			// Daring Archaeologist over artifact cards, Chrome Mox, Twiddle; and
			// Daring Archaeologist alone, which needs all its mana.
			{Name: "optional instructions", Weight: 4,
				Mine: slices.Concat([]gen.Pick{{Card: "Astral Slide", Weight: 25}, {Card: "Sneak Attack", Weight: 20},
					{Card: "Crystalline Resonance", Weight: 10}, {Card: "Grizzly Bears", Weight: 15}, {Card: "Plains", Weight: 10}}, lands),
				Theirs:    slices.Concat([]gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 10}}, lands),
				Hand:      []gen.Pick{{Card: "Drifting Meadow", Weight: 25}, {Card: "Daring Archaeologist", Weight: 15}, {Card: "Grizzly Bears", Weight: 15}, {Card: "Twiddle", Weight: 10}, {Card: "Chrome Mox", Weight: 10}},
				Graveyard: []gen.Pick{{Card: "Ornithopter", Weight: 20}, {Card: "Bonesplitter", Weight: 10}},
				Pool:      harness.Of(harness.White, 1).Add(harness.Of(harness.Red, 1)).Add(harness.Of(harness.Blue, 1)).Add(harness.Of(harness.Colorless, 4)),
				Steps:     []harness.Step{harness.Main1, harness.Main2}, StepWeight: 50,
				MinHand: 2, MinPermanents: 4, MinLibrary: 3},
			// Sneak Attack in the second main phase: its sacrifice at the next end
			// step (603.7a) is near.
			{Name: "a late sneak attack", Weight: 2,
				Mine:  []gen.Pick{{Card: "Sneak Attack", Weight: 40}, {Card: "Mountain", Weight: 30}},
				Hand:  []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}, {Card: "Llanowar Elves", Weight: 10}},
				Pool:  harness.Of(harness.Red, 1),
				Steps: []harness.Step{harness.Main2}, StepWeight: 90,
				MinHand: 1, MinPermanents: 2, MinLibrary: 3, ExtraSteps: 6},
			{Name: "an archaeologist", Weight: 2,
				Mine:      slices.Concat([]gen.Pick{{Card: "Plains", Weight: 20}}, lands),
				Hand:      []gen.Pick{{Card: "Daring Archaeologist", Weight: 40}, {Card: "Ornithopter", Weight: 5}},
				Graveyard: []gen.Pick{{Card: "Ornithopter", Weight: 20}, {Card: "Bonesplitter", Weight: 10}, {Card: "Walking Ballista", Weight: 10}},
				Pool:      harness.Of(harness.White, 1).Add(harness.Of(harness.Colorless, 3)),
				Steps:     []harness.Step{harness.Main1}, StepWeight: 80,
				MinHand: 1, MinPermanents: 2, MinLibrary: 3},
			// Curator of Mysteries: "Whenever you cycle or discard another card, scry 1."
			{Name: "a curator's scry", Weight: 12,
				Mine:  slices.Concat([]gen.Pick{{Card: "Curator of Mysteries", Weight: 10}, {Card: "Island", Weight: 20}}, lands),
				Hand:  []gen.Pick{{Card: "Spark Spray", Weight: 40}, {Card: "Drifting Meadow", Weight: 40}, {Card: "Nimble Obstructionist", Weight: 10}},
				Pool:  harness.Of(harness.Red, 1).Add(harness.Of(harness.Blue, 1)).Add(harness.Of(harness.Colorless, 2)),
				Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 80,
				MinHand: 2, MinPermanents: 2, MinLibrary: 3, ExtraSteps: 6},
			// Contamination's upkeep trigger: "sacrifice this enchantment unless you
			// sacrifice a creature", with creatures to choose from.
			{Name: "a contaminated upkeep", Weight: 7,
				Mine:  []gen.Pick{{Card: "Contamination", Weight: 30}, {Card: "Grizzly Bears", Weight: 15}, {Card: "Llanowar Elves", Weight: 10}, {Card: "Swamp", Weight: 10}},
				Steps: []harness.Step{harness.Untap}, StepWeight: 200, MinPermanents: 2},
			{Name: "a cycled decree", Weight: 4,
				Mine: slices.Concat([]gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 15}, {Card: "Nyxbloom Ancient", Weight: 15},
					{Card: "Grizzly Bears", Weight: 10}}, lands),
				Theirs:  slices.Concat([]gen.Pick{{Card: "Walking Ballista", Weight: 10}, {Card: "Grizzly Bears", Weight: 10}}, lands),
				Hand:    []gen.Pick{{Card: "Decree of Pain", Weight: 40}},
				Pool:    harness.Of(harness.Black, 2).Add(harness.Of(harness.Colorless, 3)),
				MinHand: 1, MinPermanents: 3, MinLibrary: 3},
		},
		Prefer:  preferEffects,
		Actions: func() *gen.ActionWeights { w := gen.DefaultActions(); w.Activate, w.Cast = 6, 5; return w }(),
	}
}

// preferEffects favours casting and activating what this property judges; and for a
// "scry 1" on cycling (Curator of Mysteries), cycling, paying for it and passing until the
// scry resolves.
func preferEffects(before *harness.Snapshot, a harness.Action) bool {
	if n := len(before.Stack); n > 0 && reScryOne.MatchString(before.Stack[n-1].Text) {
		return a.Kind == harness.Pass // let the scry resolve
	}
	if before.Casting != nil && scriesOnCycling(before, a.Player) {
		return advancesPayment(before, a) // finish paying for the cycling
	}
	switch a.Kind {
	case harness.Cast:
		o := before.Find(a.Card)
		return o != nil && slices.ContainsFunc(o.Abilities, func(t string) bool { return readEffect(t, o.Name).judged() || reMayMove.MatchString(t) })
	case harness.Activate:
		if o := before.Find(a.Card); o != nil && o.Zone == harness.Hand && a.Ability < len(o.Abilities) && isCyclingText(o.Abilities[a.Ability]) {
			return scriesOnCycling(before, a.Player) // a cycling that triggers "scry 1"
		}
		o := before.Permanent(a.Card)
		return o != nil && a.Ability < len(o.Abilities) && (readEffect(o.Abilities[a.Ability], o.Name).judged() || reMayMove.MatchString(o.Abilities[a.Ability]))
	}
	return false
}

// scriesOnCycling reports whether player p controls a permanent with a trigger on cycling
// that scries (Curator of Mysteries).
func scriesOnCycling(s *harness.Snapshot, p harness.Player) bool {
	return slices.ContainsFunc(s.Battlefield, func(o *harness.Object) bool {
		return o.Controller == p && slices.ContainsFunc(o.Abilities, func(t string) bool {
			return strings.Contains(t, "cycle") && reScryOne.MatchString(t)
		})
	})
}

func checkEffects(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		if b.Pending != nil || len(b.Stack) == 0 {
			continue
		}
		top := &b.Stack[len(b.Stack)-1]
		if targetsGone(tr, i, top) {
			checkFizzle(i, st, top, &v)
			continue
		}
		text := top.Text
		if top.Kind == "spell" { // an instant or sorcery: in its owner's graveyard once resolved (CR 608.2n)
			o := a.Find(top.Card)
			if o == nil || !o.HasType("Instant") && !o.HasType("Sorcery") {
				continue
			}
			text = spellAbility(top.Abilities)
		}
		if top.Kind != "spell" && reMayPay.MatchString(text) {
			checkMayPay(tr, i, top, text, &v)
			continue
		}
		if reMayDo.MatchString(text) {
			checkMayChoose(eng, tr, i, top, text, &v)
			continue
		}
		if reScryOne.MatchString(text) {
			checkScry(eng, tr, i, top, &v)
			continue
		}
		if reSacrificeUnless.MatchString(text) {
			checkSacrificeUnless(eng, tr, i, top, &v)
			continue
		}
		if !resolvedAt(tr, i, top, text) {
			continue
		}
		e := readEffect(text, top.Name)
		if !e.judged() {
			continue
		}
		m := effectMoment{step: i, b: b, a: a, item: top, text: text, v: &v}
		m.draws(e)
		m.topCards(e)
		m.counters(e)
		m.tokens(e)
		m.pumps(e)
		m.sweeps(e)
		m.becomes(e)
	}
	return v
}

// resolvedAt reports whether the top of the stack, top, resolved in step i, and with
// what it targets as it was when targeted: all players passed (the step is a pass, with no
// proposal or decision waiting) and it is gone from the stack. A spell or ability with
// targets is judged only when each target is still legal (CR 608.2b): a player, or the
// same permanent it was when targeted (400.7), still of the type its text asks for and
// with no ability that could make it illegal (shielded); else it may be removed without
// resolving, which this property leaves to rules.zones.
func resolvedAt(tr *gen.Trace, i int, top *harness.StackObject, text string) bool {
	st := &tr.Steps[i]
	if st.Action.Kind != harness.Pass || st.Before.Casting != nil || stillOnStack(st.After, top.Object) {
		return false
	}
	return targetsLegal(tr, i, top, text)
}

// targetsLegal reports whether each target of top, the top of the stack before step i, is
// still legal as it was when targeted (resolvedAt's test).
func targetsLegal(tr *gen.Trace, i int, top *harness.StackObject, text string) bool {
	st := &tr.Steps[i]
	if len(top.Targets) == 0 {
		return true
	}
	at := targetedAt(tr, i, top.Object)
	if at == nil {
		return false
	}
	for _, t := range top.Targets {
		if t.IsPlayer() {
			continue
		}
		if w, n := at.Find(t.Card), st.Before.Find(t.Card); w != nil && w.Zone != harness.Battlefield {
			// A card targeted in a graveyard (Daring Archaeologist's): legal while it is
			// the same object there (400.7).
			if n == nil || n.Zone != w.Zone || n.Object != w.Object {
				return false
			}
			continue
		}
		was, now := at.Permanent(t.Card), st.Before.Permanent(t.Card)
		if t.Card == 0 || was == nil || now == nil || was.Object != now.Object || shielded(now) ||
			strings.Contains(text, "arget creature") && !isCreature(now) {
			return false
		}
	}
	return true
}

// targetsGone reports whether top leaves the stack in step i with every one of its
// targets gone since they were chosen: a permanent or card that has changed zones (a new
// object, CR 400.7) or a spell or ability no longer on the stack. Each is illegal (CR
// 608.2b), whatever its text asked for.
func targetsGone(tr *gen.Trace, i int, top *harness.StackObject) bool {
	st := &tr.Steps[i]
	if len(top.Targets) == 0 || st.Action.Kind != harness.Pass || st.Before.Casting != nil || stillOnStack(st.After, top.Object) {
		return false
	}
	at := targetedAt(tr, i, top.Object)
	if at == nil {
		return false
	}
	for _, t := range top.Targets {
		switch {
		case t.IsPlayer():
			return false
		case t.Stack != 0:
			if stillOnStack(st.Before, t.Stack) {
				return false
			}
		default:
			was, now := at.Find(t.Card), st.Before.Find(t.Card)
			if was == nil || now != nil && now.Object == was.Object {
				return false
			}
		}
	}
	return true
}

// checkFizzle: a spell or ability every target of which is illegal doesn't resolve (CR
// 608.2b): it leaves the stack (a spell's card to its owner's graveyard) and nothing else
// happens: nobody is asked anything, no permanent comes or goes, no life total nor hand
// changes.
func checkFizzle(i int, st *gen.TraceStep, top *harness.StackObject, v *Verdict) {
	b, a := st.Before, st.After
	v.Reach("fizzles")
	var changed []string
	if a.Pending != nil {
		changed = append(changed, fmt.Sprintf("%s is asked %q", a.Pending.Player, a.Pending.Prompt))
	}
	if !slices.EqualFunc(b.Battlefield, a.Battlefield, func(x, y *harness.Object) bool { return x.Object == y.Object }) {
		changed = append(changed, "the permanents changed")
	}
	for p := range b.Players {
		if b.Players[p].Life != a.Players[p].Life {
			changed = append(changed, fmt.Sprintf("%s's life went from %d to %d", harness.Player(p), b.Players[p].Life, a.Players[p].Life))
		}
		if !slices.EqualFunc(b.Players[p].Hand, a.Players[p].Hand, func(x, y *harness.Object) bool { return x.Card == y.Card }) {
			changed = append(changed, fmt.Sprintf("%s's hand changed", harness.Player(p)))
		}
	}
	if top.Kind == "spell" {
		if o := a.Find(top.Card); o == nil || o.Zone != harness.Graveyard {
			changed = append(changed, "the spell's card is not in a graveyard")
		}
	}
	if len(changed) > 0 {
		v.add("fizzles", clauseViolation(i, "rules.effects", "608.2b", "fizzles", fmt.Sprintf("%s leaving the stack, every target gone", stackName(*top)),
			"removed without resolving, nothing else happening (CR 608.2b)", strings.Join(changed, "; ")))
	}
}

// effect is what a resolving text instructs, as far as this property reads it.
type effect struct {
	draw      int    // cards drawn
	drawWho   string // "you", "each player", "target player"
	drawSwept bool   // a card for each creature the sweep destroyed
	mill      int    // cards milled
	millWho   string
	exileTop  bool // the top card of your library exiled
	counters  int  // +1/+1 counters put on the source
	tokens    int
	tokenSub  []string // the tokens' creature types
	pumpWho   string   // "target", "source", "all creatures", or a subtype ("Knight")
	pumpP     int
	pumpT     int
	hasPump   bool
	sweep     string // "destroy creatures", "exile nonlegendary nonland"
	becomes   bool   // "this land becomes a N/M creature": the source's P/T set (layer 7b)
	becomeP   int
	becomeT   int
}

func (e effect) judged() bool {
	return e.draw > 0 || e.mill > 0 || e.exileTop || e.counters > 0 || e.tokens > 0 || e.hasPump || e.sweep != "" || e.becomes
}

var (
	// reChoice finds an instruction whose outcome hangs on a choice, a condition (an
	// intervening "if" may make it do nothing, CR 603.4) or a number this property
	// doesn't read.
	// reBecomes reads an effect that makes its source a creature with set power and
	// toughness (Mutavault's "This land becomes a 2/2 creature with all creature types
	// until end of turn", layer 7b, 613.4b).
	reBecomes    = regexp.MustCompile(`(?:^|: )(?:Until end of turn, )?[Tt]his \w+ becomes an? (\d+)/(\d+) (?:\w+ )*creature`)
	reChoice     = regexp.MustCompile(`(?i)\byou may\b|\bif\b|\bunless\b|\bwhere x is\b|\bchoose\b`)
	reDraw       = regexp.MustCompile(`(?i)(?:^|[.,:—] )(each player|target player|you)? ?draws? (a|one|two|three|four|five) cards?( for each creature destroyed this way)?\.`)
	reMill       = regexp.MustCompile(`(?i)(?:^|[.,:—] )(each player|target player|you)? ?mills? (a|one|two|three|four|five|ten|twenty|\d+) cards?\.`)
	reExileTop   = regexp.MustCompile(`(?i)(?:^|[.,:—] )exile the top card of your library\.`)
	rePutCounter = regexp.MustCompile(`(?i)(?:^|[.,:—] )put (a|one|two|three) \+1/\+1 counters? on this (creature|permanent|artifact)\.`)
	reToken      = regexp.MustCompile(`(?:^|[.,:—] )[Cc]reate (a|an|one|two|three) (\d+)/(\d+) [a-z ,]*?((?:[A-Z][a-z]+ )+)(?:artifact )?creature tokens?( with [a-z, ]+)?\.`)
	rePump       = regexp.MustCompile(`(?:^|[.,:—] )(Target creature|This creature|[Aa]ll creatures|[A-Z][a-z]+s you control) gets? ([+-]\d+)/([+-]\d+) until end of turn\.`)
	// reKindYouControl is a creature type's plural: "Knights you control".
	reKindYouControl = regexp.MustCompile(`^[A-Z][a-z]+s you control$`)
	reSweep          = regexp.MustCompile(`(?:^|[.,:—] )(Destroy all creatures|Exile all nonland permanents that aren't legendary)\.`)
)

// readEffect reads the instructions of an ability's text (or a spell's), whose source is
// named name: the effect of an activated ability is what follows its cost, a keyword's
// with reminder text ("Cycling {2} ({2}, Discard this card: Draw a card.)") what its
// reminder says it does. A text with a choice in it reads as nothing.
func readEffect(text, name string) effect {
	var e effect
	if reChoice.MatchString(text) || strings.Contains(text, `"`) {
		return e
	}
	if open := strings.Index(text, "("); open > 0 && strings.HasSuffix(text, ")") && strings.Contains(text[open:], ": ") {
		text = text[open+1 : len(text)-1] // a keyword: its reminder text is its ability
	} else if open > 0 {
		text = strings.TrimSpace(text[:open]) // reminder text has no rules meaning (CR 207.2)
	}
	if m := reDraw.FindStringSubmatch(text); m != nil {
		e.draw, e.drawWho, e.drawSwept = costNumber(m[2]), strings.ToLower(m[1]), m[3] != ""
	}
	if m := reMill.FindStringSubmatch(text); m != nil {
		e.mill, e.millWho = costNumber(m[2]), strings.ToLower(m[1])
	}
	e.exileTop = reExileTop.MatchString(text)
	if m := rePutCounter.FindStringSubmatch(text); m != nil {
		e.counters = costNumber(m[1])
	}
	if m := reToken.FindStringSubmatch(text); m != nil {
		e.tokens, e.tokenSub = costNumber(m[1]), strings.Fields(m[4])
	}
	// A source naming itself (CR 201.5) is "this creature" to the pump's reading.
	if m := rePump.FindStringSubmatch(strings.ReplaceAll(text, name+" get", "This creature get")); m != nil {
		switch who := m[1]; {
		case who == "Target creature":
			e.pumpWho = "target"
		case who == "This creature":
			e.pumpWho = "source"
		case strings.EqualFold(who, "all creatures"):
			e.pumpWho = "all creatures"
		case reKindYouControl.MatchString(who):
			e.pumpWho = strings.TrimSuffix(who, "s you control") // "Knights you control"
		}
		e.pumpP, _ = strconv.Atoi(m[2])
		e.pumpT, _ = strconv.Atoi(m[3])
		e.hasPump = e.pumpWho != ""
	}
	if m := reSweep.FindStringSubmatch(text); m != nil {
		if strings.HasPrefix(m[1], "Destroy") {
			e.sweep = "destroy creatures"
		} else {
			e.sweep = "exile nonlegendary nonland"
		}
	}
	if m := reBecomes.FindStringSubmatch(text); m != nil {
		e.becomes = true
		e.becomeP, _ = strconv.Atoi(m[1])
		e.becomeT, _ = strconv.Atoi(m[2])
	}
	if e.drawSwept && e.sweep != "destroy creatures" {
		e.draw = 0
	}
	return e
}

// effectMoment is one resolution judged: the snapshots around it, the stack object, and
// the text read.
type effectMoment struct {
	step int
	b, a *harness.Snapshot
	item *harness.StackObject
	text string
	v    *Verdict
}

func (m *effectMoment) fail(clause, rule, what, expected, got string) {
	m.v.add(clause, clauseViolation(m.step, "rules.effects", rule, clause,
		fmt.Sprintf("%s resolving (%q)", stackName(*m.item), m.text), what+": "+expected, got))
}

// playersNamed is who an instruction names: "each player", "target player" (the first
// target), or its controller; false when the target is no player.
func (m *effectMoment) playersNamed(who string) ([]harness.Player, bool) {
	switch who {
	case "each player":
		return []harness.Player{harness.A, harness.B}, true
	case "target player":
		if len(m.item.Targets) == 0 || m.item.Targets[0].Player == harness.NoPlayer {
			return nil, false
		}
		return []harness.Player{m.item.Targets[0].Player}, true
	}
	return []harness.Player{m.item.Controller}, true
}

// destroyed is the creatures a "destroy all creatures" resolving in b destroys: every
// creature but the indestructible ones (CR 702.12b).
func destroyed(b *harness.Snapshot) []*harness.Object {
	var out []*harness.Object
	for _, o := range b.Battlefield {
		if o.HasType("Creature") && !hasKeyword(o, "Indestructible") {
			out = append(out, o)
		}
	}
	return out
}

func (m *effectMoment) draws(e effect) {
	if e.draw == 0 {
		return
	}
	ps, ok := m.playersNamed(e.drawWho)
	if !ok {
		return
	}
	n := e.draw
	if e.drawSwept {
		n = len(destroyed(m.b))
	}
	for _, p := range ps {
		want := min(n, len(m.b.Players[p].Library))
		m.v.Reach("draws")
		hand := len(m.a.Players[p].Hand) - len(m.b.Players[p].Hand)
		lib := len(m.b.Players[p].Library) - len(m.a.Players[p].Library)
		var missing []string
		for _, o := range m.b.Players[p].Library[:want] {
			if !slices.ContainsFunc(m.a.Players[p].Hand, func(x *harness.Object) bool { return x.Card == o.Card }) {
				missing = append(missing, fmt.Sprintf("%s (card %d)", o.Name, o.Card))
			}
		}
		if hand != want || lib != want || len(missing) > 0 {
			got := fmt.Sprintf("the hand changed by %+d, the library by %+d", hand, -lib)
			if len(missing) > 0 {
				got += "; not in the hand: " + strings.Join(missing, ", ")
			}
			m.fail("draws", "121.1", fmt.Sprintf("%s's hand and library", p),
				fmt.Sprintf("the top %d cards of the %d in the library put into the hand (CR 121.1, 121.2)", want, len(m.b.Players[p].Library)), got)
		}
	}
}

func (m *effectMoment) topCards(e effect) {
	if e.mill == 0 && !e.exileTop {
		return
	}
	who, n, zone, rule := e.millWho, e.mill, "graveyard", "701.17a"
	if e.exileTop {
		who, n, zone, rule = "you", 1, "exile", "701.13a"
	}
	ps, ok := m.playersNamed(who)
	if !ok {
		return
	}
	for _, p := range ps {
		lib := m.b.Players[p].Library
		top := lib[:min(n, len(lib))]
		m.v.Reach("top-cards")
		to := m.a.Players[p].Graveyard
		if e.exileTop {
			to = m.a.Players[p].Exile
		}
		var moved []string
		for _, o := range top {
			if !slices.ContainsFunc(to, func(x *harness.Object) bool { return x.Card == o.Card }) {
				moved = append(moved, fmt.Sprintf("%s (card %d) not in the %s", o.Name, o.Card, zone))
			}
		}
		if left := len(lib) - len(m.a.Players[p].Library); left != len(top) {
			moved = append(moved, fmt.Sprintf("the library lost %d cards", left))
		}
		if len(moved) > 0 {
			m.fail("top-cards", rule, fmt.Sprintf("%s's library", p),
				fmt.Sprintf("its top %d cards put into the %s, and no other card of it (CR %s)", len(top), zone, rule), strings.Join(moved, "; "))
		}
	}
}

// becomes: a source that wasn't a creature before the resolution had no P/T-changing
// effect of layer 7c on it (a pump needs a creature, an Equipment or Aura on a
// noncreature falls off, and the pool's anthems pump only a chosen colour); set to N/M in
// layer 7b, it is N/M and its +1/+1 counters (613.4b, 613.4c).
func (m *effectMoment) becomes(e effect) {
	if !e.becomes {
		return
	}
	ob, oa := m.b.Permanent(m.item.Card), m.a.Permanent(m.item.Card)
	if ob == nil || oa == nil || ob.Object != oa.Object || isCreature(ob) || ob.Colors != "" {
		return
	}
	m.v.Reach("becomes")
	n := oa.Counters["+1/+1"]
	want := fmt.Sprintf("a %d/%d creature, its +1/+1 counters (%d) included (CR 613.4b, 613.4c)", e.becomeP+n, e.becomeT+n, n)
	switch {
	case !isCreature(oa):
		m.fail("becomes", "613.4b", describe(oa), want, "not a creature")
	case oa.Power == nil || oa.Toughness == nil || *oa.Power != e.becomeP+n || *oa.Toughness != e.becomeT+n:
		m.fail("becomes", "613.4b", describe(oa), want, fmt.Sprintf("%s/%s", intText(oa.Power), intText(oa.Toughness)))
	}
}

func (m *effectMoment) counters(e effect) {
	if e.counters == 0 {
		return
	}
	ob, oa := m.b.Permanent(m.item.Card), m.a.Permanent(m.item.Card)
	if ob == nil || oa == nil || ob.Object != oa.Object {
		return
	}
	m.v.Reach("counters")
	if got := oa.Counters["+1/+1"] - ob.Counters["+1/+1"]; got != e.counters {
		m.fail("counters", "122.1", describe(oa), fmt.Sprintf("%d more +1/+1 counters (CR 122.1, 608.2c)", e.counters),
			fmt.Sprintf("%+d (from %d to %d)", got, ob.Counters["+1/+1"], oa.Counters["+1/+1"]))
	}
}

func (m *effectMoment) tokens(e effect) {
	if e.tokens == 0 {
		return
	}
	m.v.Reach("tokens")
	var made, wrong []string
	for _, o := range m.a.Battlefield {
		if !o.Token || slices.ContainsFunc(m.b.Battlefield, func(x *harness.Object) bool { return x.Object == o.Object }) {
			continue
		}
		if o.Controller == m.item.Controller && o.Owner == m.item.Controller && subtypesAre(o, e.tokenSub) {
			made = append(made, describe(o))
		} else {
			wrong = append(wrong, describe(o))
		}
	}
	if len(made) != e.tokens || len(wrong) > 0 {
		got := fmt.Sprintf("%d such tokens (%s)", len(made), strings.Join(made, ", "))
		if len(wrong) > 0 {
			got += "; other new tokens: " + strings.Join(wrong, ", ")
		}
		m.fail("tokens", "111.2", "the battlefield",
			fmt.Sprintf("%d new %s tokens owned and controlled by %s, and no other new token (CR 111.1, 111.2, 111.4)", e.tokens, strings.Join(e.tokenSub, " "), m.item.Controller),
			got)
	}
}

// subtypesAre reports whether o's subtypes are exactly subs, in any order.
func subtypesAre(o *harness.Object, subs []string) bool {
	if len(o.Subtypes) != len(subs) {
		return false
	}
	for _, s := range subs {
		if !slices.Contains(o.Subtypes, s) {
			return false
		}
	}
	return true
}

func (m *effectMoment) pumps(e effect) {
	if !e.hasPump {
		return
	}
	var who []*harness.Object
	switch e.pumpWho {
	case "target":
		if len(m.item.Targets) == 0 {
			return
		}
		if o := m.b.Permanent(m.item.Targets[0].Card); o != nil {
			who = append(who, o)
		}
	case "source":
		if o := m.b.Permanent(m.item.Card); o != nil {
			who = append(who, o)
		}
	case "all creatures":
		for _, o := range m.b.Battlefield {
			if o.HasType("Creature") {
				who = append(who, o)
			}
		}
	default:
		for _, o := range m.b.Battlefield {
			if o.Controller == m.item.Controller && o.HasType("Creature") && (slices.Contains(o.Subtypes, e.pumpWho) || slices.Contains(o.Subtypes, "(all creature types)")) {
				who = append(who, o)
			}
		}
	}
	// Each creature it names changes by exactly what it prints, and every other creature
	// not at all: nothing else in the step changes power or toughness.
	for _, ob := range m.b.Battlefield {
		oa := m.a.Permanent(ob.Card)
		if !ob.HasType("Creature") || oa == nil || oa.Object != ob.Object || !oa.HasType("Creature") || ob.Power == nil || oa.Power == nil || ob.Toughness == nil || oa.Toughness == nil {
			continue
		}
		wantP, wantT, named := 0, 0, "not named by it: power and toughness unchanged (CR 611.2c)"
		if slices.Contains(who, ob) {
			wantP, wantT, named = e.pumpP, e.pumpT, fmt.Sprintf("power and toughness changed by %+d/%+d (CR 611.2c, 613.4c)", e.pumpP, e.pumpT)
		}
		m.v.Reach("pumps")
		dp, dt := *oa.Power-*ob.Power, *oa.Toughness-*ob.Toughness
		if dp != wantP || dt != wantT {
			m.fail("pumps", "611.2c", describe(oa), named,
				fmt.Sprintf("%+d/%+d (from %d/%d to %d/%d)", dp, dt, *ob.Power, *ob.Toughness, *oa.Power, *oa.Toughness))
		}
	}
}

func (m *effectMoment) sweeps(e effect) {
	if e.sweep == "" {
		return
	}
	var swept []*harness.Object
	rule := "701.8a"
	if e.sweep == "destroy creatures" {
		swept = destroyed(m.b)
	} else {
		rule = "701.13a"
		for _, o := range m.b.Battlefield {
			if !o.HasType("Land") && !o.HasSupertype("Legendary") {
				swept = append(swept, o)
			}
		}
	}
	m.v.Reach("sweeps")
	var stayed []string
	for _, o := range swept {
		if oa := m.a.Permanent(o.Card); oa != nil && oa.Object == o.Object {
			stayed = append(stayed, describe(oa))
		}
	}
	if len(stayed) > 0 {
		m.fail("sweeps", rule, "the battlefield", fmt.Sprintf("none of the %d permanents it %ss left on it (CR %s)", len(swept), strings.Fields(e.sweep)[0], rule),
			"still there: "+strings.Join(stayed, ", "))
	}
}
