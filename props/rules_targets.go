package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// targetRules relates the targets the engine offers for a spell or ability to the target
// description its text prints (CR 115.1, 115.4, 601.2c, 602.2b): for the texts with one
// target described as "any target" (a player, creature, planeswalker or battle), "target
// player", or "[another] target" and a list of kinds of permanent ("creature", "artifact,
// creature, or land", "nonland permanent"), maybe with who controls it ("you control",
// "you don't control": "you" is its caster or activator, 109.5), the actions the engine
// lists for casting or activating it, taken together, offer every player and permanent
// the description allows, and nothing it doesn't. Permanents with an ability that could
// keep them from being targeted (hexproof, shroud, protection) are left out of "every":
// they may or may not be offered.
func targetRules() *Property {
	return &Property{
		ID:      "rules.targets",
		Rulings: []string{"rules.targets"},
		Rules:   []string{"115.1", "115.4", "601.2c", "602.2b", "109.5", "603.3d", "115.1b"},
		Description: "The targets offered for a spell or ability are exactly what its target description allows: " +
			"\"any target\" every player and every creature, planeswalker and battle; \"target player\" the players; " +
			"\"target creature\", \"target artifact or enchantment\" and the like the permanents of those types, " +
			"of those its caster or activator controls (\"you control\") or doesn't (\"you don't control\") when it says so; " +
			"a triggered ability's \"target activated or triggered ability\" only an ability on the stack.",
		Clauses: []Clause{
			{Name: "all-offered", Rules: []string{"115.4", "601.2c", "602.2b"}, Needs: needsCasting,
				Description: "Every player and permanent a one-target description allows is offered by some listed action."},
			{Name: "only-allowed", Rules: []string{"115.1", "601.2c", "109.5"}, Needs: needsCasting,
				Description: "Every target a listed action offers fits the description: its types, and who controls it when the description says."},
			{Name: "trigger-targets", Rules: []string{"603.3d", "115.1", "115.1b", "109.5"},
				Description: "The target a triggered ability is put on the stack with fits its description, \"you\" being its controller and \"another\" not its source; \"target activated or triggered ability\" an ability on the stack, never a spell or itself."},
			{Name: "trigger-removed", Rules: []string{"603.3d", "115.1", "115.1b"},
				Description: "A triggered ability is removed for want of a legal target only when no player, permanent or (for a stack description) spell or ability there before it fits its description."},
		},
		Steer: gen.Steer{
			Name: "rules.targets",
			Recipes: []gen.Recipe{
				{Name: "targets everywhere", Weight: 2,
					Mine:   []gen.Pick{{Card: "Walking Ballista", Weight: 20}, {Card: "Mountain", Weight: 20}, {Card: "Forest", Weight: 10}, {Card: "Jace Beleren", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 10}, {Card: "Jace Beleren", Weight: 10}},
					Hand:   []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Giant Growth", Weight: 10}}, MinHand: 1},
				// Descriptions by type and by controller: Helvault's "creature you
				// control" and "creature you don't control", Mirage Mirror's four types,
				// Twiddle's three and Disenchant's two, with creatures, artifacts and lands
				// on both sides.
				{Name: "whose and what", Weight: 1,
					Mine:   []gen.Pick{{Card: "Helvault", Weight: 20}, {Card: "Mirage Mirror", Weight: 10}, {Card: "Grizzly Bears", Weight: 10}, {Card: "Forest", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 10}, {Card: "Mana Vault", Weight: 10}, {Card: "Pacifism", Weight: 5}, {Card: "Island", Weight: 10}},
					Hand:   []gen.Pick{{Card: "Twiddle", Weight: 10}, {Card: "Disenchant", Weight: 10}}, MinHand: 1, MinPermanents: 3},
				// Triggered abilities with targets (CR 603.3d): cycling triggers Astral Slide's
				// "target creature", Lightning Rift's "any target" and the Resonance's
				// "another target permanent"; Oblivion Ring's "another target nonland
				// permanent" as it enters; Cryptoplasm's in the upkeep.
				{Name: "triggered targets", Weight: 2,
					Mine: []gen.Pick{{Card: "Astral Slide", Weight: 20}, {Card: "Lightning Rift", Weight: 20}, {Card: "Crystalline Resonance", Weight: 20},
						{Card: "Cryptoplasm", Weight: 10}, {Card: "Mountain", Weight: 20}, {Card: "Plains", Weight: 20}},
					Theirs:  []gen.Pick{{Card: "Grizzly Bears", Weight: 10}, {Card: "Hill Giant", Weight: 10}, {Card: "Mana Vault", Weight: 5}},
					Hand:    []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Drifting Meadow", Weight: 10}, {Card: "Oblivion Ring", Weight: 15}},
					Pool:    harness.Of(harness.Red, 1).Add(harness.Of(harness.White, 1)).Add(harness.Of(harness.Colorless, 2)),
					MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}},
				// The same triggers with nothing to target but lands: removed as they would
				// go on the stack (CR 603.3d), unless some player or permanent fits.
				// Nimble Obstructionist's "When you cycle this card, counter target
				// activated or triggered ability you don't control" (CR 115.1b): cycled
				// while B's Lightning Rift trigger (A cycled before) or B's spell, cast
				// in answer, is on the stack: the one a target, the other never.
				{Name: "abilities to target", Weight: 2,
					Mine:      []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Plains", Weight: 10}},
					Hand:      []gen.Pick{{Card: "Nimble Obstructionist", Weight: 30}, {Card: "Drifting Meadow", Weight: 10}, {Card: "Giant Growth", Weight: 10}},
					Theirs:    []gen.Pick{{Card: "Lightning Rift", Weight: 20}, {Card: "Forest", Weight: 20}, {Card: "Grizzly Bears", Weight: 10}},
					TheirHand: []gen.Pick{{Card: "Giant Growth", Weight: 20}},
					Pool:      harness.Mana{harness.Blue: 2, harness.White: 1, harness.Colorless: 4},
					MinHand:   2, TheirMinHand: 1, MinPermanents: 3,
					Steps: []harness.Step{harness.Main1, harness.Main2}},
				{Name: "nothing to target", Weight: 1,
					Mine:      []gen.Pick{{Card: "Astral Slide", Weight: 20}, {Card: "Crystalline Resonance", Weight: 10}, {Card: "Mountain", Weight: 20}, {Card: "Plains", Weight: 20}},
					Theirs:    []gen.Pick{{Card: "Island", Weight: 10}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
					Hand:    []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Drifting Meadow", Weight: 10}, {Card: "Oblivion Ring", Weight: 15}},
					Pool:    harness.Of(harness.Red, 1).Add(harness.Of(harness.White, 1)).Add(harness.Of(harness.Colorless, 2)),
					MinHand: 1, Steps: []harness.Step{harness.Main1, harness.Main2}},
			},
			Actions:          &gen.ActionWeights{Pass: 6, Preferred: 30, Mana: 4, Land: 3, Cast: 3, Pay: 8, Activate: 2, Attack: 2, Choose: 4, Cancel: 1},
			Prefer:           preferStackTargets,
			StopForPreferred: true,
		},
		Check: checkTargets,
	}
}

// preferStackTargets marks what puts a triggered ability with a target on the stack while
// the other player's spell or ability is there ("abilities to target"): on an empty
// stack, cycling a card (the other player's Lightning Rift triggers); on the other
// player's spell or ability, answering it with a spell, and activating an ability of a
// card with a trigger that targets a stack object (Nimble Obstructionist's cycling); and
// paying for what is being cast or activated.
func preferStackTargets(before *harness.Snapshot, a harness.Action) bool {
	if before.Casting != nil {
		return advancesPayment(before, a)
	}
	src := before.Find(a.Card)
	if a.Kind != harness.Activate || src == nil || a.Ability < 0 || a.Ability >= len(src.Abilities) {
		src = nil
	}
	targetsStack := src != nil && slices.ContainsFunc(src.Abilities, func(text string) bool {
		k, ok := describedTarget(text)
		return ok && k.onStack() && isTriggeredText(text)
	})
	n := len(before.Stack)
	switch {
	case n == 0: // something to answer: a cycling that triggers the other's Lightning Rift
		return src != nil && !targetsStack && isCyclingText(src.Abilities[a.Ability])
	case before.Stack[n-1].Controller == a.Player:
		return false
	case a.Kind == harness.Cast:
		return !a.CastsFaceDown()
	}
	return targetsStack
}

// targetKind is what a one-target description allows.
type targetKind struct {
	desc    string
	players bool
	any     bool     // "any target": besides players, creatures, planeswalkers and battles
	types   []string // a permanent of one of these card types; "Permanent" is every one
	non     string   // "nonland ...": of no permanent of this type
	control control  // "you control", "you don't control": who controls it
	another bool     // "another target": not the object whose ability it is (CR 115.5's exception)
	// A spell or ability on the stack (CR 115.1a, 115.1b): "target spell", "target
	// activated or triggered ability", or both. Mana abilities never are on the stack
	// (605.3b), so every ability there is activated or triggered.
	spells, abilities bool
}

// onStack reports whether kind's targets are spells or abilities on the stack.
func (k targetKind) onStack() bool { return k.spells || k.abilities }

// control is a target description's condition on the target's controller ("you" is the
// player casting or activating, CR 109.5).
type control int

const (
	eitherControls control = iota
	youControl
	youDontControl
)

// permanentWord is a word of a target description naming a kind of permanent.
const permanentWord = `(?:artifact|creature|enchantment|land|planeswalker|permanent)`

// reOneTarget reads the one target description of a text: "any target", "target player",
// or "[another] target [non<type> ]<type>[, <type>][, or <type>] [you control|you don't
// control]", as the pool's texts print them (CR 115.1, 109.5).
var reOneTarget = regexp.MustCompile(`(?i)\b(another )?(any target|target player|target (non` + permanentWord + ` )?(` + permanentWord +
	`(?:(?:, or|,| or) ` + permanentWord + `)*)( you control| you don't control)?)(\.| gets| gains| deals| draws| mills|,| until)`)

// reStackTarget reads a description of a target on the stack: "target spell", "target
// activated or triggered ability", "target spell, activated ability, or triggered
// ability", maybe with who controls it (CR 115.1a, 115.1b, 109.5).
var reStackTarget = regexp.MustCompile(`(?i)\btarget (spell, activated ability, or triggered ability|spell|activated or triggered ability)( you control| you don't control)?[.,]`)

// reTargetWord is the word "target" ("targeted" is not: "Mana abilities can't be
// targeted.").
var reTargetWord = regexp.MustCompile(`(?i)\btarget\b`)

// reTypeWord reads the kinds of permanent of a description's list.
var reTypeWord = regexp.MustCompile(`(?i)` + permanentWord)

// describedTarget reads the text's one target description, if it is one of those judged.
func describedTarget(text string) (targetKind, bool) {
	if len(reTargetWord.FindAllStringIndex(text, 2)) != 1 {
		return targetKind{}, false
	}
	if m := reStackTarget.FindStringSubmatch(text); m != nil {
		k := targetKind{desc: strings.ToLower("target " + m[1] + m[2]), control: controlOf(m[2])}
		what := strings.ToLower(m[1])
		k.spells = strings.HasPrefix(what, "spell")
		k.abilities = strings.HasSuffix(what, "ability")
		return k, true
	}
	m := reOneTarget.FindStringSubmatch(text)
	if m == nil {
		return targetKind{}, false
	}
	k := targetKind{desc: strings.ToLower(m[1] + m[2]), another: m[1] != ""}
	switch strings.ToLower(m[2]) {
	case "any target":
		k.players, k.any = true, true
		return k, true
	case "target player":
		k.players = true
		return k, true
	}
	if m[3] != "" {
		k.non = titleWord(strings.TrimSpace(m[3][len("non"):]))
	}
	for _, w := range reTypeWord.FindAllString(m[4], -1) {
		k.types = append(k.types, titleWord(w))
	}
	k.control = controlOf(m[5])
	return k, true
}

// controlOf reads " you control" or " you don't control" after a description.
func controlOf(words string) control {
	switch strings.ToLower(words) {
	case " you control":
		return youControl
	case " you don't control":
		return youDontControl
	}
	return eitherControls
}

// titleWord is a type word as card types are written ("Creature").
func titleWord(w string) string { return strings.ToUpper(w[:1]) + strings.ToLower(w[1:]) }

// targetedText is the text a cast or activation action a chooses targets for: an
// ability's, or a spell's spell ability (spellAbility).
func targetedText(s *harness.Snapshot, a harness.Action) string {
	src := s.Find(a.Card)
	if src == nil || a.CastsFaceDown() {
		return ""
	}
	if a.Kind == harness.Activate {
		if a.Ability < 0 || a.Ability >= len(src.Abilities) {
			return ""
		}
		return src.Abilities[a.Ability]
	}
	return spellAbility(src.Abilities)
}

// targetGroup is the listed actions of one step that cast or activate the same thing with
// the same choices but their targets.
type targetGroup struct {
	key     string         // the actions' Key without their targets
	act     harness.Action // the first listed
	kind    targetKind
	offered []harness.Target
}

func checkTargets(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, g := range targetGroups(st) {
			checkTargetGroup(i, st.Before, g, &v)
		}
		checkTriggerTargets(st, i, &v)
		checkTriggersRemoved(st, i, &v)
	}
	return v
}

// targetGroups gathers step st's listed casts and activations whose text has one target
// description of those judged, by what they cast or activate (targets aside), in the
// order listed.
func targetGroups(st *gen.TraceStep) []*targetGroup {
	var groups []*targetGroup
	for _, a := range st.Legal {
		if a.Kind != harness.Cast && a.Kind != harness.Activate || len(a.Targets) != 1 {
			continue
		}
		key := a
		key.Targets = nil
		k := key.Key()
		i := slices.IndexFunc(groups, func(g *targetGroup) bool { return g.key == k })
		if i < 0 {
			kind, ok := describedTarget(targetedText(st.Before, a))
			if !ok || kind.onStack() { // a counterspell's: cycling.not-a-spell judges those
				continue
			}
			groups = append(groups, &targetGroup{key: k, act: a, kind: kind})
			i = len(groups) - 1
		}
		groups[i].offered = append(groups[i].offered, a.Targets[0])
	}
	return groups
}

// allowed reports whether permanent o fits kind, for a spell or ability of card src that
// player p casts or activates.
func (k targetKind) allowed(o *harness.Object, p harness.Player, src harness.CardID) bool {
	switch {
	case k.onStack():
		return false
	case k.another && o.Card == src,
		k.control == youControl && o.Controller != p,
		k.control == youDontControl && o.Controller == p,
		k.non != "" && o.HasType(k.non):
		return false
	case k.any:
		return isCreature(o) || o.HasType("Planeswalker") || o.HasType("Battle")
	}
	return slices.ContainsFunc(k.types, func(t string) bool { return t == "Permanent" || o.HasType(t) })
}

// allowedOnStack reports whether stack object so fits kind, for a spell or ability
// player p casts, activates or controls (CR 115.1a, 115.1b, 109.5).
func (k targetKind) allowedOnStack(so *harness.StackObject, p harness.Player) bool {
	switch {
	case k.control == youControl && so.Controller != p, k.control == youDontControl && so.Controller == p:
		return false
	}
	return so.Kind == "spell" && k.spells || so.Kind == "ability" && k.abilities
}

// checkTargetGroup: the targets offered together are every player and permanent g's
// description allows (unshielded) and nothing else (CR 115.1, 115.4, 601.2c).
func checkTargetGroup(i int, s *harness.Snapshot, g *targetGroup, v *Verdict) {
	what := fmt.Sprintf("%s %s (card %d) with %q", g.act.Kind, g.act.Name, g.act.Card, g.kind.desc)
	v.Reach("only-allowed")
	for _, t := range g.offered {
		o := s.Permanent(t.Card)
		fits := t.IsPlayer() && g.kind.players || t.Card != 0 && o != nil && g.kind.allowed(o, g.act.Player, g.act.Card)
		if !fits {
			v.add("only-allowed", violation(i, "rules.targets", "115.1", "",
				fmt.Sprintf("the targets offered to %s to fit the description (CR 115.1, 601.2c)", what),
				fmt.Sprintf("%s is offered", t)))
			return
		}
	}
	v.Reach("all-offered")
	var missing []string
	if g.kind.players {
		for p := range s.Players {
			if !slices.Contains(g.offered, harness.PlayerTarget(harness.Player(p))) && !s.Players[p].Lost {
				missing = append(missing, harness.Player(p).String())
			}
		}
	}
	for _, o := range s.Battlefield {
		if g.kind.allowed(o, g.act.Player, g.act.Card) && !shielded(o) && !slices.ContainsFunc(g.offered, func(t harness.Target) bool { return t.Card == o.Card && t.Stack == 0 }) {
			missing = append(missing, describe(o))
		}
	}
	if len(missing) > 0 {
		v.add("all-offered", violation(i, "rules.targets", "115.4", "",
			fmt.Sprintf("every player and permanent %q allows offered to %s (CR 115.4, 601.2c)", g.kind.desc, what),
			fmt.Sprintf("%s not offered", strings.Join(missing, ", "))))
	}
}
