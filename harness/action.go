package harness

import (
	"fmt"
	"slices"
	"strings"
)

// ActionKind says what a player does.
type ActionKind string

const (
	// Pass passes priority (CR 117.3d).
	Pass ActionKind = "pass"
	// PlayLand plays a land: a special action (CR 116.2a, 305.1).
	PlayLand ActionKind = "play"
	// Cast proposes a spell (CR 601.2a-e): the card moves to the stack with X and targets
	// announced; its total cost is locked in and waits for Pay (601.2f-h).
	Cast ActionKind = "cast"
	// Activate activates an ability (CR 602.2). A mana ability (CR 605) resolves at once,
	// with every choice it needs given in Choices, paying its mana cost with Payment; with
	// no Payment for a mana cost, it waits for Pay like any other ability (602.2b, 601.2g-h),
	// then resolves at once.
	Activate ActionKind = "activate"
	// Pay pays the locked-in total cost of the spell or ability being cast or activated,
	// spending Payment from the pool (CR 601.2h). The spell becomes cast (601.2i).
	Pay ActionKind = "pay"
	// Cancel abandons a proposal that can't or won't be paid; the game returns to the moment
	// before it (CR 733).
	Cancel ActionKind = "cancel"
	// Choose answers the pending decision (a choice made while something resolves, or the
	// order of triggered abilities): Choices holds the option taken.
	Choose ActionKind = "choose"
	// Attack declares attackers (CR 508.1); Attackers may be empty.
	Attack ActionKind = "attack"
	// Block declares blockers (CR 509.1); Blocks may be empty.
	Block ActionKind = "block"
	// TurnFaceUp turns the face-down permanent Card face up for its morph cost, paying
	// Payment from the pool: a special action that doesn't use the stack (CR 116.2b,
	// 702.37e).
	TurnFaceUp ActionKind = "turn-face-up"
)

// Action is one thing a player does. Engines list their legal actions fully formed (every
// choice made); the harness picks one and hands it back unchanged.
//
// Identity: two actions are the same action when their Key is the same. Text is for people.
type Action struct {
	Player    Player     `json:"player"`
	Kind      ActionKind `json:"kind"`
	Card      CardID     `json:"card,omitempty"`    // the card cast or played, or the source of the ability
	Name      string     `json:"name,omitempty"`    // that card's name now, for people
	Ability   int        `json:"ability,omitempty"` // index into the source's Abilities in the Snapshot
	X         int        `json:"x,omitempty"`
	Targets   []Target   `json:"targets,omitempty"`
	Choices   []string   `json:"choices,omitempty"` // see the Choice* helpers
	Payment   Mana       `json:"payment,omitempty"`
	Attackers []CardID   `json:"attackers,omitempty"`
	// Attacking is, for each of Attackers in order, the planeswalker it attacks (by card
	// ID), or 0 for the defending player (CR 508.1b); missing entries are 0.
	Attacking []CardID   `json:"attacking,omitempty"`
	Blocks    []Blocking `json:"blocks,omitempty"`
	Text      string     `json:"text,omitempty"`
}

// Blocking is one blocking creature and the attacking creature it blocks (CR 509.1a).
type Blocking struct {
	Blocker  CardID `json:"blocker"`
	Attacker CardID `json:"attacker"`
}

// AttackTarget is what the i-th attacker of an Attack action attacks: a planeswalker's
// card ID, or 0 for the defending player.
func (a Action) AttackTarget(i int) CardID {
	if i < len(a.Attacking) {
		return a.Attacking[i]
	}
	return 0
}

// Target is a chosen target: a card (by its card ID), a player, or a spell or ability on
// the stack (by its stack object, StackObject.Object: an ability is no card, CR 113.7).
type Target struct {
	Card   CardID   `json:"card,omitempty"`
	Player Player   `json:"player,omitempty"`
	Stack  ObjectID `json:"stack,omitempty"`
}

// PlayerTarget targets player p.
func PlayerTarget(p Player) Target { return Target{Player: p} }

// CardTarget targets the object that is card c now.
func CardTarget(c CardID) Target { return Target{Card: c, Player: NoPlayer} }

// StackTarget targets the spell or ability on the stack that is stack object id.
func StackTarget(id ObjectID) Target { return Target{Stack: id, Player: NoPlayer} }

// IsPlayer reports whether the target is a player.
func (t Target) IsPlayer() bool { return t.Card == 0 && t.Stack == 0 }

func (t Target) String() string {
	if t.IsPlayer() {
		return "player " + t.Player.String()
	}
	if t.Stack != 0 {
		return fmt.Sprintf("stack object %d", t.Stack)
	}
	return fmt.Sprintf("card %d", t.Card)
}

// Choice strings. Each is "kind:value", so a corpus file can write them by hand. Choices
// are listed in the order they are asked; a choice with only one option is never written,
// so each written choice answers the next choice that has more than one.
//
//	type:R            the type (or colour) of mana an ability adds
//	replace:NAME      which replacement effect to apply next (CR 616.1), by its source's name
//	option:TEXT       an option of a pending decision, as the Snapshot lists it
//	enter-x:N         (reserved)
//	face:down         a Cast action casting the card face down (CR 702.37c, 708.4)
//	sacrifice:CARD    a creature an Activate action sacrifices to pay its cost (CR 118.3)
const (
	ChoiceType    = "type"
	ChoiceReplace = "replace"
	ChoiceOption  = "option"
	ChoiceFace    = "face"
	// FaceDownChoice is the value of a ChoiceFace choice.
	FaceDownChoice = "down"
	// ChoiceSacrifice names, by card ID, one creature sacrificed for a cost ("Sacrifice
	// five creatures"), one choice each, in battlefield order.
	ChoiceSacrifice = "sacrifice"
)

// Choice builds a choice string.
func Choice(kind, value string) string { return kind + ":" + value }

// CastsFaceDown reports whether a is a Cast action casting its card face down (the
// face:down choice; CR 702.37c, 708.4).
func (a Action) CastsFaceDown() bool {
	return a.Kind == Cast && slices.Contains(a.Choices, Choice(ChoiceFace, FaceDownChoice))
}

// SplitChoice splits "kind:value".
func SplitChoice(c string) (kind, value string) {
	k, v, ok := strings.Cut(c, ":")
	if !ok {
		return "", c
	}
	return k, v
}

// Key is the action's identity: everything but Text and Name.
func (a Action) Key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s c%d a%d x%d", a.Player, a.Kind, a.Card, a.Ability, a.X)
	for _, t := range a.Targets {
		b.WriteString(" t=" + t.String())
	}
	for _, c := range a.Choices {
		b.WriteString(" ch=" + c)
	}
	if !a.Payment.IsZero() {
		b.WriteString(" pay=" + a.Payment.String())
	}
	if a.Kind == Attack {
		fmt.Fprintf(&b, " att=%v", a.Attackers)
		if len(a.Attacking) > 0 {
			fmt.Fprintf(&b, " at=%v", a.Attacking)
		}
	}
	if a.Kind == Block {
		fmt.Fprintf(&b, " blk=%v", a.Blocks)
	}
	return b.String()
}

// String is the engine's text if it gave one, else a plain description.
func (a Action) String() string {
	if a.Text != "" {
		return a.Player.String() + ": " + a.Text
	}
	name := a.Name
	if name == "" && a.Card != 0 {
		name = fmt.Sprintf("card %d", a.Card)
	}
	s := strings.TrimSpace(fmt.Sprintf("%s: %s %s", a.Player, a.Kind, name))
	if a.Kind == Activate {
		s += fmt.Sprintf(" ability %d", a.Ability)
	}
	if a.X != 0 {
		s += fmt.Sprintf(" X=%d", a.X)
	}
	for _, t := range a.Targets {
		s += " -> " + t.String()
	}
	if len(a.Choices) > 0 {
		s += " [" + strings.Join(a.Choices, ", ") + "]"
	}
	if a.Kind == Pay {
		s += " " + a.Payment.String()
	}
	return strings.TrimSpace(s)
}
