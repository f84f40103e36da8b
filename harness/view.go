package harness

// ViewQueries is the optional interface of an engine that answers what one player may know
// at a moment of the game (hidden information). The state stays omniscient; a view is a
// question about it. Properties of the knowledge rulings need it (library.look-top-any-time,
// historic.face-down-not-historic's face-down clauses); an engine without it is
// unsupported for them, never failing.
type ViewQueries interface {
	// PlayerView is what player p may know now: the board as Observe gives it, with every
	// card p can't see replaced by a hidden card (see [PlayerView]).
	PlayerView(st State, p Player) (PlayerView, error)
}

// ViewQueriesOf returns eng's view queries, or false when eng does not answer them.
func ViewQueriesOf(eng Engine) (ViewQueries, bool) {
	q, ok := eng.(ViewQueries)
	return q, ok
}

// PlayerView is one player's view of the game. Board is the snapshot with each card the
// player can't see replaced, in its place, by a hidden card: an Object with card and object
// 0 and only its owner, controller and zone (its identity must not show, not even as an
// ID: an ID that survives a shuffle tells which card is which). What a player sees (CR
// 401.2, 401.5, 402.3, 708.5): their own hand; the top card of their own library only
// while an effect lets them look at it, and not while they cast a spell or activate an
// ability after the top card changed (401.5); never the opponent's hand or library; every
// public zone; a face-down spell or permanent's face-down characteristics, and its identity
// only if they control it (FaceDown). A pending decision of the other player shows its
// prompt, not its options.
type PlayerView struct {
	Player Player   `json:"player"`
	Board  Snapshot `json:"board"`
	// FaceDown lists what the face-down spells and permanents the player controls are
	// (CR 708.5), by card ID, in the order of the board (battlefield, then stack).
	FaceDown []Identity `json:"face_down,omitempty"`
}

// Identity is what a face-down object is: its card's name.
type Identity struct {
	Card CardID `json:"card"`
	Name string `json:"name"`
}

// IsHidden reports whether a view's object stands for a card the player can't see.
func (o *Object) IsHidden() bool { return o.Card == 0 }

// Hidden is the stand-in for a card the viewer can't see, owned by owner, in zone.
func Hidden(owner Player, zone Zone) *Object {
	return &Object{Owner: owner, Controller: owner, Zone: zone}
}
