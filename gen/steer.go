package gen

import "github.com/mtgfuzz/mtgfuzz/harness"

// Steer biases generation toward a property's situation. A steered generator still
// produces everything an unsteered one does, only with other odds: each case first draws
// one of the Recipes (by weight) or a plain board, and the walk weighs the kinds of action
// by Actions. The zero Steer is plain generation.
//
// Example: "a Reflecting Pool with no other land of mine, or a Pool beside an Exotic
// Orchard and an opponent's Forest; activate mana abilities often":
//
//	gen.Steer{
//		Name: "reflecting-pool",
//		Recipes: []gen.Recipe{
//			{Name: "pool alone", Weight: 2, Mine: gen.Cards("Reflecting Pool"), AvoidMine: gen.Land},
//			{Name: "pool and orchard", Mine: gen.Cards("Reflecting Pool", "Exotic Orchard"), Theirs: gen.Cards("Forest")},
//		},
//		Actions: gen.PreferMana(),
//	}
type Steer struct {
	Name string
	// Recipes are the situations to aim for.
	Recipes []Recipe
	// Plain is the weight of an unsteered board against the recipes' weights; 0 means 1.
	// It can't be turned off: a steer changes odds, it never excludes a case.
	Plain int
	// Actions weighs the kinds of action the walk picks; nil means DefaultActions().
	Actions *ActionWeights
	// Prefer marks actions to favour beyond their kind (say, activating Reflecting Pool).
	// Marked actions form the Preferred kind of ActionWeights. Nil marks none.
	Prefer func(before *harness.Snapshot, a harness.Action) bool
	// MaxPermanents caps each player's battlefield; 0 means 12.
	MaxPermanents int
	// StopForPreferred ends a run of passes (to the end of the step or of the turn) at the
	// first state in which the player to act has an action Prefer marks other than a pass,
	// so the walk decides there instead of passing by: a counterspell held for the other
	// player's ability, say.
	StopForPreferred bool
}

// Recipe is one situation: cards favoured in each zone, kinds of card kept out of the
// random filler, and steps favoured for the start. "Mine" is the active player's side,
// who has priority first; "Theirs" is the other player's.
//
// A favoured card competes with every pool card at weight 1 per card, so a Pick of weight
// 12 among the 34-card pool fills about a quarter of that zone's draws. Favoured cards are
// drawn through the same labelled draws as plain ones, so shrinking still removes them
// when they don't matter.
type Recipe struct {
	Name   string
	Weight int // against the other recipes and Steer.Plain; 0 means 1
	// Battlefields.
	Mine, Theirs []Pick
	// The active player's other zones.
	Hand, Library, Graveyard []Pick
	// TheirHand is the other player's hand: what they may answer with.
	TheirHand []Pick
	// Kinds (Land, Creature, ...) the random filler leaves out of each battlefield; the
	// recipe's own picks are never left out. AvoidMine: Land gives "Reflecting Pool with
	// no other land of mine".
	AvoidMine, AvoidTheirs Kind
	// Steps to start in, favoured over the usual mix (which is mostly main phases).
	Steps []harness.Step
	// StepWeight is each of Steps' weight against the usual mix's 100; 0 means
	// DefaultStepWeight. A situation that must begin in one step (a sorcery cast in the
	// second main phase, with the walk's few decisions left to reach the next turn) gives
	// more; the usual mix still starts some cases elsewhere.
	StepWeight int
	// MinHand is the fewest cards the active player's hand starts with (the usual mix
	// leaves it empty almost half the time): for situations that need a card in hand. It
	// may pass the seven cards the usual mix stops at, up to ten, for a hand discarded to
	// the maximum hand size several cards at once (CR 514.1).
	MinHand int
	// MinLibrary is the fewest cards the active player's library starts with (the usual
	// mix leaves it empty three times in ten): for situations where they draw, and would
	// lose for drawing from an empty library (CR 704.5b).
	MinLibrary int
	// TheirMinHand is the same for the other player's hand: for situations where they
	// answer with a card.
	TheirMinHand int
	// MinPermanents is the fewest permanents each battlefield starts with, almost always
	// (each of the first ones is drawn 97 times in 100, against the usual mix's 80, which
	// leaves a battlefield empty a fifth of the time): for situations where both players
	// need mana. Shrinking still removes them one by one.
	MinPermanents int
	// Pool is mana the active player's pool starts with, nine times in ten (shrinking
	// removes it), beside the usual mix's random floating mana: for situations that
	// begin with paying at once (cycling a card in hand), with no mana ability to
	// activate first.
	Pool harness.Mana
	// ExtraSteps lengthens the walk of this recipe's cases by that many decisions, and
	// makes it less likely to stop before (each decision's "more" flag is drawn true 98
	// times in 100, not 94): for a situation at the end of a long route (pump a creature,
	// exile it, wait for the end step that returns it), which the usual walk seldom gets
	// to the end of.
	ExtraSteps int
	// FaceDown is the chance, in percent, that a permanent with morph on a battlefield
	// starts face down, as if it had been cast face down (CR 702.37c, 708.4); boards of
	// other recipes never have face-down permanents.
	FaceDown int
	// Transformed is the chance, in percent, that a double-faced card that transforms on a
	// battlefield starts back face up, as if it had transformed before the game began (CR
	// 701.27); boards of other recipes have only front faces up.
	Transformed int
}

// DefaultStepWeight is the weight of each of a Recipe's Steps when it gives none.
const DefaultStepWeight = 20

// Pick is a favoured card and its weight (0 means DefaultPickWeight).
type Pick struct {
	Card   string
	Weight int
}

// DefaultPickWeight is a Pick's weight when it gives none.
const DefaultPickWeight = 12

// Cards favours each named card at DefaultPickWeight.
func Cards(names ...string) []Pick {
	out := make([]Pick, len(names))
	for i, n := range names {
		out[i] = Pick{Card: n}
	}
	return out
}

// ActionWeights weighs each kind of action the walk may pick. A kind with no legal action
// right now is left out; if every present kind weighs 0, they count equally. The walk
// first draws a kind, then one action of that kind, so a kind's odds don't depend on how
// many variants the engine lists (a Reflecting Pool lists one action per mana type).
type ActionWeights struct {
	Pass      int // pass priority (once, to the next step, or to the next turn)
	Preferred int // actions Steer.Prefer marks
	Mana      int // activate a mana ability (CR 605)
	Land      int // play a land
	Cast      int // cast a spell
	Pay       int // pay a proposed cost
	Activate  int // activate a non-mana ability
	Attack    int // declare attackers or blockers
	Choose    int // answer a pending decision
	Cancel    int // abandon a proposal
}

// DefaultActions is the walk's usual mix: passing often enough to see several steps and
// turns, paying what it proposes, rarely cancelling.
func DefaultActions() *ActionWeights {
	return &ActionWeights{Pass: 6, Preferred: 8, Mana: 4, Land: 3, Cast: 3, Pay: 8, Activate: 2, Attack: 2, Choose: 4, Cancel: 1}
}

// PreferMana is DefaultActions with mana abilities (and Preferred actions) much more
// likely than passing: for properties about what mana abilities produce.
func PreferMana() *ActionWeights {
	w := DefaultActions()
	w.Mana, w.Preferred, w.Pass = 14, 14, 3
	return w
}

// Category is a kind of action, as ActionWeights weighs them.
type Category uint8

const (
	CatPass Category = iota
	CatPreferred
	CatMana
	CatLand
	CatCast
	CatPay
	CatActivate
	CatAttack
	CatChoose
	CatCancel
	numCategories
)

func (w *ActionWeights) of(c Category) int {
	switch c {
	case CatPass:
		return w.Pass
	case CatPreferred:
		return w.Preferred
	case CatMana:
		return w.Mana
	case CatLand:
		return w.Land
	case CatCast:
		return w.Cast
	case CatPay:
		return w.Pay
	case CatActivate:
		return w.Activate
	case CatAttack:
		return w.Attack
	case CatChoose:
		return w.Choose
	}
	return w.Cancel
}
