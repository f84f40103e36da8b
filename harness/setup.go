package harness

import (
	"fmt"
	"maps"
	"slices"
	"sort"
)

// Setup is the position a game starts from: the turn, the step, and every card in every
// zone. The active player has priority in Step with an empty stack, after that step's
// turn-based actions (the game starts "in" the step, not at its beginning).
type Setup struct {
	Turn        int            `json:"turn"`
	Active      Player         `json:"active"`
	Step        Step           `json:"step"`
	LandsPlayed int            `json:"lands_played,omitempty"` // lands the active player has played this turn
	Players     [2]PlayerSetup `json:"players"`
}

// PlayerSetup is one player's zones. Library is ordered top first.
type PlayerSetup struct {
	Life        int             `json:"life"`
	Pool        Mana            `json:"pool,omitempty"`
	Library     []CardSpec      `json:"library,omitempty"`
	Hand        []CardSpec      `json:"hand,omitempty"`
	Graveyard   []CardSpec      `json:"graveyard,omitempty"`
	Exile       []CardSpec      `json:"exile,omitempty"`
	Battlefield []PermanentSpec `json:"battlefield,omitempty"` // permanents this player controls
}

// CardSpec is a card in a zone. ID is assigned by Normalize when zero.
type CardSpec struct {
	ID   CardID `json:"id,omitempty"`
	Name string `json:"name"`
}

// PermanentSpec is a permanent on the battlefield under the player whose list holds it.
type PermanentSpec struct {
	CardSpec
	Owner  *Player `json:"owner,omitempty"` // default: its controller
	Tapped bool    `json:"tapped,omitempty"`
	Sick   bool    `json:"sick,omitempty"` // came under its controller's control this turn (CR 302.6)
	Token  bool    `json:"token,omitempty"`
	// Size is the X of an X/X token (a Shark): the effect that created it defined its
	// power and toughness, so they are its copiable values (CR 111.3, 707.2). 0 for
	// every other permanent.
	Size     int  `json:"size,omitempty"`
	FaceDown bool `json:"face_down,omitempty"`
	// Transformed: a double-faced card with its back face up (CR 701.27g); the card is
	// named by its front face.
	Transformed bool              `json:"transformed,omitempty"`
	Counters    map[string]int    `json:"counters,omitempty"` // kind ("+1/+1", "charge", "loyalty") -> how many
	Damage      int               `json:"damage,omitempty"`
	AttachedTo  CardID            `json:"attached_to,omitempty"` // the permanent an Aura or Equipment is attached to
	Choices     map[string]string `json:"choices,omitempty"`     // choices made as it entered: "color": "R"
	// Copying lists the copy effects in force on it, oldest first: each made it a copy of
	// that permanent (by card ID) through its own card's copy ability, with that ability's
	// duration and exceptions (CR 707), before the game began.
	Copying []CardID `json:"copying,omitempty"`
	// ExiledWith lists cards in exile (by card ID) that its linked abilities exiled, as
	// they stand once its copy effects are in force: "the exiled card" of an Oblivion Ring
	// or a Chrome Mox's imprint (CR 607.2a).
	ExiledWith []CardID `json:"exiled_with,omitempty"`
}

// DefaultLife is a player's starting life total (CR 103.4).
const DefaultLife = 20

// Normalize numbers every card without an ID, in setup order (A's zones then B's: library,
// hand, graveyard, exile, battlefield), checks the IDs are unique and every attachment names
// a permanent, and fills defaults. It returns the first problem found.
func (s *Setup) Normalize() error {
	if s.Turn < 1 {
		s.Turn = 1
	}
	if s.Step == "" {
		s.Step = Main1
	}
	if s.Step.Index() < 0 {
		return fmt.Errorf("setup: unknown step %q", s.Step)
	}
	if s.Active != A && s.Active != B {
		return fmt.Errorf("setup: active player must be A or B")
	}
	// Explicit IDs first, so automatic numbering never takes one of them. Sets of IDs are
	// sorted slices, on the stack for setups of the usual size (tens of cards): every
	// generated case is normalized, and maps were most of the cost. A generated setup is
	// numbered already, in order: one pass collects its IDs, and sorting them finds no
	// duplicate; only a setup with a problem takes the second pass that finds the first.
	used := make([]CardID, 0, 128)
	unnumbered, named := 0, true
	s.EachCard(func(c *CardSpec) {
		if c.ID == 0 {
			unnumbered++
		} else {
			used = append(used, c.ID)
		}
		named = named && c.Name != ""
	})
	if !slices.IsSorted(used) {
		slices.Sort(used)
	}
	if !named || hasRepeat(used) {
		return s.firstCardProblem()
	}
	if unnumbered > 0 {
		var next CardID = 1
		skip := used // the explicit IDs not below next
		s.EachCard(func(c *CardSpec) {
			if c.ID != 0 {
				return
			}
			for len(skip) > 0 && skip[0] <= next {
				if skip[0] == next {
					next++
				}
				skip = skip[1:]
			}
			c.ID = next
			next++
		})
	}
	onField, inExile := make([]CardID, 0, 64), make([]CardID, 0, 64)
	for p := range s.Players {
		for i := range s.Players[p].Battlefield {
			onField = append(onField, s.Players[p].Battlefield[i].ID)
		}
		for i := range s.Players[p].Exile {
			inExile = append(inExile, s.Players[p].Exile[i].ID)
		}
	}
	slices.Sort(onField)
	slices.Sort(inExile)
	has := func(ids []CardID, id CardID) bool { _, ok := slices.BinarySearch(ids, id); return ok }
	for p := range s.Players {
		for i := range s.Players[p].Battlefield {
			pm := &s.Players[p].Battlefield[i]
			if pm.AttachedTo != 0 && !has(onField, pm.AttachedTo) {
				return fmt.Errorf("setup: %s (card %d) is attached to card %d, which is not on the battlefield", pm.Name, pm.ID, pm.AttachedTo)
			}
			if pm.AttachedTo == pm.ID && pm.ID != 0 {
				return fmt.Errorf("setup: %s is attached to itself", pm.Name)
			}
			for _, c := range pm.Copying {
				if !has(onField, c) || c == pm.ID {
					return fmt.Errorf("setup: %s (card %d) is copying card %d, which is not another permanent", pm.Name, pm.ID, c)
				}
			}
			for _, c := range pm.ExiledWith {
				if !has(inExile, c) {
					return fmt.Errorf("setup: %s (card %d) has card %d exiled with it, which is not in exile", pm.Name, pm.ID, c)
				}
			}
		}
	}
	return nil
}

// hasRepeat reports whether a sorted list holds an ID twice.
func hasRepeat(sorted []CardID) bool {
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return true
		}
	}
	return false
}

// firstCardProblem is Normalize's error for the first card, in setup order, that has an
// earlier card's ID or no name.
func (s *Setup) firstCardProblem() error {
	seen := map[CardID]bool{}
	var err error
	s.EachCard(func(c *CardSpec) {
		if err == nil && c.ID != 0 {
			if seen[c.ID] {
				err = fmt.Errorf("setup: card id %d used twice", c.ID)
			}
			seen[c.ID] = true
		}
		if err == nil && c.Name == "" {
			err = fmt.Errorf("setup: a card has no name")
		}
	})
	return err
}

// EachCard calls f on every card of the setup, in setup order: the order Normalize
// numbers them in.
func (s *Setup) EachCard(f func(*CardSpec)) {
	for p := range s.Players {
		ps := &s.Players[p]
		for _, zone := range [...]*[]CardSpec{&ps.Library, &ps.Hand, &ps.Graveyard, &ps.Exile} {
			for i := range *zone {
				f(&(*zone)[i])
			}
		}
		for i := range ps.Battlefield {
			f(&ps.Battlefield[i].CardSpec)
		}
	}
}

// Cards returns every card of the setup by ID, in ID order.
func (s *Setup) Cards() []CardSpec {
	var out []CardSpec
	s.EachCard(func(c *CardSpec) { out = append(out, *c) })
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// SortedKeys returns a map's keys in order: results never depend on map iteration order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Clone returns a deep copy, so that Normalize or an engine can't change the caller's.
// The cards of all zones share one new array, and the permanents another: every case's
// setup is cloned as its game starts. Each zone is capped at its length, so appending to
// one never writes into the next.
func (s Setup) Clone() Setup {
	cards, perms := 0, 0
	for p := range s.Players {
		ps := &s.Players[p]
		cards += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard) + len(ps.Exile)
		perms += len(ps.Battlefield)
	}
	cardBuf, permBuf := make([]CardSpec, 0, cards), make([]PermanentSpec, 0, perms)
	zone := func(z []CardSpec) []CardSpec {
		if len(z) == 0 {
			return nil
		}
		cardBuf = append(cardBuf, z...)
		return cardBuf[len(cardBuf)-len(z) : len(cardBuf) : len(cardBuf)]
	}
	for p := range s.Players {
		ps := &s.Players[p]
		ps.Library, ps.Hand, ps.Graveyard, ps.Exile = zone(ps.Library), zone(ps.Hand), zone(ps.Graveyard), zone(ps.Exile)
		if len(ps.Battlefield) == 0 {
			ps.Battlefield = nil
			continue
		}
		start := len(permBuf)
		for _, pm := range ps.Battlefield {
			if pm.Counters != nil {
				pm.Counters = maps.Clone(pm.Counters)
			}
			if pm.Choices != nil {
				pm.Choices = maps.Clone(pm.Choices)
			}
			if pm.Owner != nil {
				o := *pm.Owner
				pm.Owner = &o
			}
			pm.Copying = append([]CardID(nil), pm.Copying...)
			pm.ExiledWith = append([]CardID(nil), pm.ExiledWith...)
			permBuf = append(permBuf, pm)
		}
		ps.Battlefield = permBuf[start:len(permBuf):len(permBuf)]
	}
	return s
}
