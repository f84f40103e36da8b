package harness

import (
	"fmt"
	"strings"
)

// Player is a seat: A (0) or B (1). A is the starting player unless a Setup says otherwise.
type Player uint8

const (
	A Player = iota
	B
	// NoPlayer marks "nobody": no priority holder, no target player.
	NoPlayer Player = 255
)

// Opponent is the other player of a two-player game.
func (p Player) Opponent() Player { return 1 - p }

func (p Player) String() string {
	switch p {
	case A:
		return "A"
	case B:
		return "B"
	}
	return "-"
}

// ParsePlayer reads "A" or "B".
func ParsePlayer(s string) (Player, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "A":
		return A, nil
	case "B":
		return B, nil
	}
	return NoPlayer, fmt.Errorf("player %q: want A or B", s)
}

func (p Player) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

func (p *Player) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*p = NoPlayer
		return nil
	}
	v, err := ParsePlayer(string(b))
	*p = v
	return err
}

// CardID names a physical card (or token) for the whole game: it is stable across zones.
// Setup.Normalize numbers the setup's cards 1, 2, ...; engines number tokens they create
// from 1000 upward in creation order.
type CardID uint32

// FirstTokenID is the first CardID an engine gives a token it creates.
const FirstTokenID CardID = 1000

// ObjectID is an engine's identity for an object: new on every zone change (CR 400.7).
// Only equality within one engine's run means anything.
type ObjectID uint64

// Zone is where an object is (CR 400.1).
type Zone string

const (
	Library     Zone = "library"
	Hand        Zone = "hand"
	Battlefield Zone = "battlefield"
	Graveyard   Zone = "graveyard"
	Stack       Zone = "stack"
	Exile       Zone = "exile"
)

// Step is a step of the turn (CR 500-514); main phases count as steps here.
type Step string

const (
	Untap            Step = "untap"
	Upkeep           Step = "upkeep"
	Draw             Step = "draw"
	Main1            Step = "main1"
	BeginCombat      Step = "begin_combat"
	DeclareAttackers Step = "declare_attackers"
	DeclareBlockers  Step = "declare_blockers"
	CombatDamage     Step = "combat_damage"
	EndCombat        Step = "end_combat"
	Main2            Step = "main2"
	End              Step = "end"
	Cleanup          Step = "cleanup"
)

// Steps lists the steps of a turn in order (CR 500.1).
var Steps = []Step{Untap, Upkeep, Draw, Main1, BeginCombat, DeclareAttackers, DeclareBlockers,
	CombatDamage, EndCombat, Main2, End, Cleanup}

// Index is the step's position in Steps, or -1.
func (s Step) Index() int {
	for i, x := range Steps {
		if x == s {
			return i
		}
	}
	return -1
}

// ParseStep reads a step name ("main1", "upkeep", ...).
func ParseStep(s string) (Step, error) {
	st := Step(strings.ToLower(strings.TrimSpace(s)))
	if st.Index() < 0 {
		names := make([]string, len(Steps))
		for i, x := range Steps {
			names[i] = string(x)
		}
		return "", fmt.Errorf("step %q: want one of %s", s, strings.Join(names, ", "))
	}
	return st, nil
}
