package harness

// Snapshot is the canonical, engine-independent picture of a game: every object with its
// computed characteristics (after all layers, CR 613), zones, status, pools, the stack,
// and who is to act. Slices are in a fixed order (battlefield by card ID, libraries top
// first, stack bottom first), so two snapshots compare with ==-like diffing. Zones hold
// pointers: an object may be shared with other snapshots and must not be modified (see
// the package doc).
type Snapshot struct {
	Turn        int            `json:"turn"`
	Active      Player         `json:"active"`
	Step        Step           `json:"step"`
	Priority    Player         `json:"priority"` // NoPlayer when a decision, not priority, is pending
	LandsPlayed int            `json:"lands_played"`
	Players     [2]PlayerState `json:"players"`
	Battlefield []*Object      `json:"battlefield"`
	Stack       []StackObject  `json:"stack"`
	Pending     *Decision      `json:"pending,omitempty"`
	Casting     *Proposal      `json:"casting,omitempty"`
	GameOver    bool           `json:"game_over,omitempty"`
}

// PlayerState is one player's public and private zones.
type PlayerState struct {
	Life      int       `json:"life"`
	Pool      Mana      `json:"pool"`
	Lost      bool      `json:"lost,omitempty"`
	Library   []*Object `json:"library"` // top first
	Hand      []*Object `json:"hand"`
	Graveyard []*Object `json:"graveyard"` // bottom first
	Exile     []*Object `json:"exile"`
}

// Object is one object with its computed characteristics.
type Object struct {
	Card       CardID   `json:"card"`
	Object     ObjectID `json:"object"`
	Name       string   `json:"name"`
	Owner      Player   `json:"owner"`
	Controller Player   `json:"controller"`
	Zone       Zone     `json:"zone"`
	ManaCost   string   `json:"mana_cost,omitempty"`
	// ManaValue is the mana value (CR 202.3): on the battlefield and in every zone but
	// the stack, X is 0 (107.3g, 107.3m).
	ManaValue  int      `json:"mana_value,omitempty"`
	Colors     string   `json:"colors,omitempty"` // letters, WUBRG order
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types,omitempty"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Power      *int     `json:"power,omitempty"`
	Toughness  *int     `json:"toughness,omitempty"`
	Loyalty    *int     `json:"loyalty,omitempty"`
	// Abilities are the texts of its abilities, in every zone, in the order its text prints
	// them: an instant's or sorcery's spell ability (its rules text) where it is printed
	// (Decree of Pain's first, before its cycling). Action.Ability indexes this list.
	Abilities []string `json:"abilities,omitempty"`
	Tapped    bool     `json:"tapped,omitempty"`
	Sick      bool     `json:"sick,omitempty"` // not controlled continuously since its controller's most recent turn began (CR 302.6)
	FaceDown  bool     `json:"face_down,omitempty"`
	// Transformed: a double-faced permanent with its back face up (CR 701.27g, 712.8e);
	// its characteristics are that face's.
	Transformed bool           `json:"transformed,omitempty"`
	Token       bool           `json:"token,omitempty"`
	Counters    map[string]int `json:"counters,omitempty"`
	Damage      int            `json:"damage,omitempty"`
	AttachedTo  CardID         `json:"attached_to,omitempty"`
	CopyOf      string         `json:"copy_of,omitempty"` // name of what layer 1 makes it a copy of
	// Choices made as it entered the battlefield (CR 614.12), e.g. "color": "G" for
	// Gauntlet of Power; the same keys as PermanentSpec.Choices.
	Choices map[string]string `json:"choices,omitempty"`
	// Copiable holds the copiable values (CR 707.2) of a copy, and of a token whose
	// creating effect set values its card-table entry leaves open (an X/X Shark, 111.3);
	// nil means "the same as the printed card" for engines that don't report them.
	Copiable *Characteristics `json:"copiable,omitempty"`
	// ExiledWith lists, for a permanent, the cards in exile that its linked abilities, as
	// it is now, refer to ("the exiled card", "cards exiled with [this]", CR 607.2a), in the
	// order they were exiled. A copy refers only to what its own copied ability exiled
	// under the copy effect in force (CR 707.7).
	ExiledWith []CardID `json:"exiled_with,omitempty"`
}

// Copying reports whether o is a copy of something (CR 707): it names what (CopyOf), or its
// copiable values have no name, which only a face-down permanent's lack (708.2a; every card
// and token has a name, 201.2, 111.4), so it copies a face-down permanent.
func (o *Object) Copying() bool {
	return o.CopyOf != "" || o.Copiable != nil && o.Copiable.Name == ""
}

// Characteristics is a bare set of characteristics (CR 109.3), used for copiable values.
type Characteristics struct {
	Name       string   `json:"name"`
	ManaCost   string   `json:"mana_cost,omitempty"`
	Colors     string   `json:"colors,omitempty"`
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types,omitempty"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Power      *int     `json:"power,omitempty"`
	Toughness  *int     `json:"toughness,omitempty"`
	Loyalty    *int     `json:"loyalty,omitempty"`
	Abilities  []string `json:"abilities,omitempty"`
}

// HasType reports whether the object has the card type t ("Creature", "Land", ...).
func (o *Object) HasType(t string) bool { return contains(o.Types, t) }

// HasSupertype reports whether the object has supertype t ("Legendary", "Basic").
func (o *Object) HasSupertype(t string) bool { return contains(o.Supertypes, t) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// StackObject is a spell or ability on the stack.
type StackObject struct {
	Object     ObjectID `json:"object"`
	Kind       string   `json:"kind"` // "spell" or "ability"
	Card       CardID   `json:"card"` // the spell's card, or the ability's source
	Name       string   `json:"name"`
	Controller Player   `json:"controller"`
	Text       string   `json:"text,omitempty"` // the ability's text; empty for a spell
	X          int      `json:"x,omitempty"`
	// ManaValue is a spell's mana value, X counting as announced (CR 202.3, 107.3f); 0 for
	// an ability.
	ManaValue int      `json:"mana_value,omitempty"`
	Targets   []Target `json:"targets,omitempty"`
	// Abilities are the ability texts of the spell's card, or of the ability's source, as
	// in Object.Abilities.
	Abilities []string `json:"abilities,omitempty"`
}

// Decision is a choice the game waits for, outside priority (CR 101.4, 603.3b, 608.2).
type Decision struct {
	Player  Player   `json:"player"`
	Prompt  string   `json:"prompt"`
	Options []string `json:"options"`
}

// Proposal is a spell being cast or an ability being activated whose cost is not yet paid
// (CR 601.2g-h): its controller may activate mana abilities, then Pay or Cancel.
type Proposal struct {
	Player  Player `json:"player"`
	Card    CardID `json:"card"`
	Name    string `json:"name"`
	Cost    Mana   `json:"cost"`    // the coloured part of the locked-in mana cost
	Generic int    `json:"generic"` // the generic part
}

// Find returns the object that is card c, wherever it is, or nil.
func (s *Snapshot) Find(c CardID) *Object {
	if o := s.Permanent(c); o != nil {
		return o
	}
	for p := range s.Players {
		ps := &s.Players[p]
		for _, zone := range [][]*Object{ps.Hand, ps.Library, ps.Graveyard, ps.Exile} {
			for _, o := range zone {
				if o.Card == c {
					return o
				}
			}
		}
	}
	return nil
}

// Objects lists every object in every zone but the stack: each player's library, hand,
// graveyard and exile (A's first), then the battlefield: s's own pointers (read only).
func (s *Snapshot) Objects() []*Object {
	n := len(s.Battlefield)
	for p := range s.Players {
		ps := &s.Players[p]
		n += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard) + len(ps.Exile)
	}
	out := make([]*Object, 0, n)
	for p := range s.Players {
		ps := &s.Players[p]
		out = append(append(append(append(out, ps.Library...), ps.Hand...), ps.Graveyard...), ps.Exile...)
	}
	return append(out, s.Battlefield...)
}

// Permanent returns the battlefield object that is card c, or nil.
func (s *Snapshot) Permanent(c CardID) *Object {
	for _, o := range s.Battlefield {
		if o.Card == c {
			return o
		}
	}
	return nil
}

// Event is something that happened, as an engine reports it for the game log.
type Event struct {
	Kind   string   `json:"kind"` // "mana_added", "tapped", "zone_change", "sba", "cast", "resolved", "triggered", "step", ...
	Player Player   `json:"player"`
	Card   CardID   `json:"card,omitempty"`
	Object ObjectID `json:"object,omitempty"`
	Mana   Mana     `json:"mana,omitempty"`
	// From and To are the zones a "zone_change" event's card left and entered (CR 400.7).
	From Zone   `json:"from,omitempty"`
	To   Zone   `json:"to,omitempty"`
	Rule string `json:"rule,omitempty"` // the CR rule behind it, for state-based actions and turn-based actions
	Text string `json:"text"`
}
