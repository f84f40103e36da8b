package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// stackItem is a spell or an ability on the stack (CR 405, 113.1a). A spell is the card's
// object in the stack zone; an ability is an object that is not a card (CR 113.7).
type stackItem struct {
	ID         h.ObjectID // the spell's object, or an ID made for the ability
	IsSpell    bool
	Source     h.ObjectID // the ability's source (the spell itself for spells)
	SourceCard h.CardID
	Controller h.Player
	Ability    *ability // the ability, or the spell's spell ability (nil for a permanent spell)
	// Key is the ability instance's identity (for a spell, its spell ability's).
	Key     abilityKey
	X       int
	Specs   []targetSpec // the target requirements, as the spell or ability was put on the stack
	Targets []chosen
	// Counters is last known information a trigger carries (Hangarback Walker's
	// +1/+1 counters as it last existed, CR 608.2h).
	Counters int
	// Produced and Tapped: for a triggered mana ability put on the stack (only with the
	// uses-stack fault), the mana the land produced and the land.
	Produced h.Mana
	Tapped   h.ObjectID
	// Cycling: for a trigger of a cycling cost, that cycling ability's stack object.
	Cycling h.ObjectID
	// FromTop: a spell cast from the top of its controller's library (CR 601.3).
	FromTop bool
}

// chosen is a chosen target: a player or an object, locked to its object ID so a target
// that changed zones is no longer the same object (CR 400.7, 608.2b).
type chosen struct {
	Player h.Player
	Object h.ObjectID
	Card   h.CardID
	// Stack: Object is a spell or ability on the stack (CR 115.1a, 115.1b), named by its
	// stack object, as an ability is no card (CR 113.7).
	Stack bool
}

// target is the chosen target as the harness writes it.
func (c chosen) target() h.Target {
	switch {
	case c.Stack:
		return h.StackTarget(c.Object)
	case c.Object == 0:
		return h.PlayerTarget(c.Player)
	}
	return h.CardTarget(c.Card)
}

// stackItem returns the stack item with the given object ID, or nil.
func (s *state) stackItem(id h.ObjectID) *stackItem {
	for i := range s.Stack {
		if s.Stack[i].ID == id {
			return &s.Stack[i]
		}
	}
	return nil
}

// popStack removes the top item of the stack. The list is capped at its new length: it may
// be shared with other states (state.clone), and the next push must not write where they
// read.
func (s *state) popStack() {
	n := len(s.Stack) - 1
	s.Stack = s.Stack[:n:n]
}

// top returns the topmost stack item, or nil.
func (s *state) top() *stackItem {
	if len(s.Stack) == 0 {
		return nil
	}
	return &s.Stack[len(s.Stack)-1]
}
