package scenario

import (
	"fmt"
	"strconv"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// FormatVersion is the version of the scenario file format this package reads and writes.
// A file says which version it is written in ("format: 1") so the format can change later
// without old files being misread.
const FormatVersion = 1

// Pos is where something was written in a scenario file (1-based line and column), so every
// error and every failed expectation can point at its line.
type Pos struct {
	Line int
	Col  int
}

// Error is a problem with a scenario file at a given line: "path:line: message".
type Error struct {
	Path string
	Line int
	Col  int // the column of the offending value, when known
	Msg  string
}

func (e *Error) Error() string {
	switch {
	case e.Line <= 0:
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	case e.Col <= 0:
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// Scenario is one parsed scenario file: a starting position, actions with every choice
// explicit, and expectations, each keeping the line it was written on.
type Scenario struct {
	Path    string   // the file it was read from (or will be written to)
	Format  int      // FormatVersion
	Rulings []string // ruling IDs of the rulings package (docs/rulings.md)
	Rules   []string // CR rule numbers, as written ("106.5", "107.3m")
	Title   string
	Origin  string // "hand-written", or "found by fuzz run --seed N" for counterexamples
	Initial SetupSpec
	// Steps are the actions in order; a step may carry expectations checked right after
	// its action, and a step without an action is a checkpoint of expectations only.
	Steps []Step
	// Expect is checked after the last step.
	Expect []Expectation
}

// SetupSpec is the starting position as written: cards by name, with labels that actions
// and expectations use to refer to them.
type SetupSpec struct {
	At          Pos
	Turn        int
	Active      harness.Player
	Step        harness.Step
	LandsPlayed int
	Players     [2]PlayerSpec
}

// PlayerSpec is one player's zones as written. Library is top first, graveyard bottom first.
type PlayerSpec struct {
	At          Pos
	Life        *int // nil: the default, 20 (CR 103.4)
	Pool        harness.Mana
	Library     []CardEntry
	Hand        []CardEntry
	Graveyard   []CardEntry
	Exile       []CardEntry
	Battlefield []PermanentEntry
}

// CardEntry is a card in a zone: a name, with an optional label to refer to it by and an
// optional explicit card ID.
type CardEntry struct {
	At    Pos
	Name  string
	Label string
	ID    harness.CardID // 0: numbered by harness.Setup.Normalize
}

// PermanentEntry is a permanent on the battlefield under the player whose list holds it.
type PermanentEntry struct {
	CardEntry
	Tapped   bool
	Sick     bool // came under its controller's control this turn (CR 302.6)
	Token    bool
	Size     int // the X of an X/X token (harness.PermanentSpec.Size)
	FaceDown bool
	// Transformed: a double-faced card with its back face up (CR 701.27g), named by its
	// front face (harness.PermanentSpec.Transformed).
	Transformed bool
	Counters    map[string]int
	Damage      int
	Attached    string          // reference (label, name or #id) of the permanent it is attached to
	Owner       *harness.Player // nil: its controller
	Choices     map[string]string
	// Copying: references to the permanents it copies by copy effects in force, oldest
	// first (harness.PermanentSpec.Copying).
	Copying []string
	// ExiledWith: references to cards of the setup's exile zones that its linked abilities
	// exiled (harness.PermanentSpec.ExiledWith).
	ExiledWith []string
}

// Step is one entry of the actions list: an action, its expectations, or both.
type Step struct {
	At     Pos
	Action *ActionSpec // nil for a checkpoint
	Expect []Expectation
}

// Verb is what an action line does: one of the harness action kinds, or one of the two
// helpers that stand for several passes.
type Verb string

const (
	VerbPass     Verb = "pass"
	VerbPlay     Verb = "play"
	VerbCast     Verb = "cast"
	VerbActivate Verb = "activate"
	VerbPay      Verb = "pay"
	VerbCancel   Verb = "cancel"
	VerbChoose   Verb = "choose"
	VerbAttack   Verb = "attack"
	VerbBlock    Verb = "block"
	// VerbTurnFaceUp turns a face-down permanent face up for its morph cost (CR 702.37e).
	VerbTurnFaceUp Verb = "turn-face-up"
	// VerbPassUntil passes priority (whoever holds it) until a given turn and step.
	VerbPassUntil Verb = "pass until"
	// VerbResolve passes priority until the object now on top of the stack has resolved.
	VerbResolve Verb = "resolve"
)

// kind maps a verb to the harness action kind it stands for ("" for the helpers).
func (v Verb) kind() harness.ActionKind {
	switch v {
	case VerbPass:
		return harness.Pass
	case VerbPlay:
		return harness.PlayLand
	case VerbCast:
		return harness.Cast
	case VerbActivate:
		return harness.Activate
	case VerbPay:
		return harness.Pay
	case VerbCancel:
		return harness.Cancel
	case VerbChoose:
		return harness.Choose
	case VerbAttack:
		return harness.Attack
	case VerbBlock:
		return harness.Block
	case VerbTurnFaceUp:
		return harness.TurnFaceUp
	}
	return ""
}

// ActionSpec is one parsed action line. Unset parts (no targets, no choices, no payment)
// leave that part of the engine's action free; the line must still match exactly one of
// the engine's legal actions.
type ActionSpec struct {
	At      Pos
	Player  harness.Player // NoPlayer for the helpers
	Verb    Verb
	Card    string     // reference to the card cast, played, or the ability's source
	Ability AbilityRef // for activate
	X       int
	Targets []string // references: labels, names, #id, or the players A and B
	Choices []string // "kind:value"
	Payment *harness.Mana
	// Attackers for attack: nil never happens once parsed ("attack with nothing" is empty).
	Attackers []string
	// AttackTargets is, for each of Attackers, the planeswalker it attacks ("" for the
	// defending player); nil when all attack the player.
	AttackTargets []string
	// Blocks for block: blocker and blocked attacker references; empty for no blocks.
	Blocks [][2]string
	Until  *Until // for pass until
}

// AbilityRef picks an ability of a source: its first mana ability ("mana"), the first
// with a given text, or an index. Text is the steadier: positions shift when an ability
// is granted or lost, a text doesn't.
type AbilityRef struct {
	Mana  bool
	Text  string
	Index int // 0-based, as the engine counts (files write it 1-based)
}

// resolve finds the ability's index among the source's ability texts as the snapshot
// shows them; -1 if it has none such.
func (r AbilityRef) resolve(snap *harness.Snapshot, card harness.CardID) int {
	switch {
	case r.Mana:
		return firstManaAbility(snap, card)
	case r.Text != "":
		if o := snap.Find(card); o != nil {
			for i, t := range o.Abilities {
				if t == r.Text {
					return i
				}
			}
		}
		return -1
	}
	return r.Index
}

// String is how an action line writes the reference, after the card.
func (r AbilityRef) String() string {
	switch {
	case r.Mana:
		return "mana"
	case r.Text != "":
		return "ability " + strconv.Quote(r.Text)
	}
	return fmt.Sprintf("ability %d", r.Index+1)
}

// Until is the target of "pass until": a step, optionally of a given active player and turn.
type Until struct {
	Turn   int            // 0: any turn
	Active harness.Player // NoPlayer: either player's turn
	Step   harness.Step
}

// PerPlayer holds an optional value for each player, in seat order, so output never
// depends on map order.
type PerPlayer[T any] [2]*T

// Set stores v for player p.
func (pp *PerPlayer[T]) Set(p harness.Player, v T) { pp[p] = &v }
