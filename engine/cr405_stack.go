package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// StackItem is a spell or an ability on the stack (CR 405, 113.1a). A spell is the card's
// object in the stack zone; an ability is an object that is not a card (CR 113.7).
type StackItem struct {
	ID         h.ObjectID // the spell's object, or an ID made for the ability
	IsSpell    bool
	Source     h.ObjectID // the ability's source (the spell itself for spells)
	SourceCard h.CardID
	Controller h.Player
	Ability    *Ability // the ability, or the spell's spell ability (nil for a permanent spell)
	// Key is the ability instance's identity (for a spell, its spell ability's).
	Key     AbilityKey
	X       int
	Specs   []TargetSpec // the target requirements, as the spell or ability was put on the stack
	Targets []Chosen
	// Counters is last known information a trigger carries (Hangarback Walker's
	// +1/+1 counters as it last existed, CR 608.2h).
	Counters int
	// Produced and Tapped: for a triggered mana ability put on the stack (only with the
	// uses-stack fault), the mana the land produced and the land.
	Produced h.Mana
	Tapped   h.ObjectID
}

// Chosen is a chosen target: a player or an object, locked to its object ID so a target
// that changed zones is no longer the same object (CR 400.7, 608.2b).
type Chosen struct {
	Player h.Player
	Object h.ObjectID
	Card   h.CardID
}

func cloneStack(st []StackItem) []StackItem {
	out := append([]StackItem(nil), st...)
	// Targets slices are never mutated after creation.
	return out
}

// top returns the topmost stack item, or nil.
func (s *State) top() *StackItem {
	if len(s.Stack) == 0 {
		return nil
	}
	return &s.Stack[len(s.Stack)-1]
}
