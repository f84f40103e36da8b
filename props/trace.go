package props

import (
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// moment is one game state of a trace: the start, or the state after a step.
type moment struct {
	Step  int // index of the step that led here; -1 for the start
	Snap  *harness.Snapshot
	State harness.State
}

// moments lists the states of a trace in order: the start, then the state after each step.
func moments(tr *gen.Trace) []moment {
	out := make([]moment, 0, len(tr.Steps)+1)
	st := tr.StartState
	if st == nil && len(tr.Steps) > 0 {
		st = tr.Steps[0].BeforeState
	}
	out = append(out, moment{Step: -1, Snap: &tr.Start, State: st})
	for i := range tr.Steps {
		out = append(out, moment{Step: i, Snap: tr.Steps[i].After, State: tr.Steps[i].AfterState})
	}
	return out
}

// recordedSteps yields the steps of a trace whose BeforeState was recorded, with their
// index: the invariants that ask the engine again about a state it was given can judge
// only those.
func recordedSteps(tr *gen.Trace) iter.Seq2[int, *gen.TraceStep] {
	return func(yield func(int, *gen.TraceStep) bool) {
		for i := range tr.Steps {
			if st := &tr.Steps[i]; st.BeforeState != nil && !yield(i, st) {
				return
			}
		}
	}
}

// colorChoices returns, for a snapshot of the trace, the colour chosen for a permanent as it
// entered (Gauntlet of Power, CR 614.12). The Snapshot doesn't carry such choices, so they
// are known only for permanents that have stayed the same object since the Setup named the
// choice.
func colorChoices(tr *gen.Trace, s *harness.Snapshot) func(harness.CardID) (harness.ManaType, bool) {
	return func(c harness.CardID) (harness.ManaType, bool) {
		now, start := s.Permanent(c), tr.Start.Permanent(c)
		if now == nil || start == nil || now.Object != start.Object {
			return 0, false
		}
		for p := range tr.Setup.Players {
			for _, pm := range tr.Setup.Players[p].Battlefield {
				if pm.ID != c {
					continue
				}
				for _, key := range []string{"color", "colour"} {
					if v, ok := pm.Choices[key]; ok {
						t, err := harness.ParseManaType(v)
						if err == nil && t.IsColor() {
							return t, true
						}
					}
				}
			}
		}
		return 0, false
	}
}

// oracleAt builds the mana oracle for a snapshot of the trace.
func oracleAt(tr *gen.Trace, s *harness.Snapshot) *manaoracle.Oracle {
	return manaoracle.New(s, colorChoices(tr, s))
}

// poolDelta is what player p's pool gained over step i (negative amounts: lost).
func poolDelta(step *gen.TraceStep, p harness.Player) harness.Mana {
	return step.After.Players[p].Pool.Sub(step.Before.Players[p].Pool)
}

// boardKey fingerprints what the mana answers of a battlefield depend on: objects, control,
// types, colours, abilities, attachments and the cards exiled with them (not tapped
// status, damage or pools, since "could produce" ignores costs, CR 106.7). Equal keys: the same questions have the same
// answers, so a property asks the engine again only when the key changes.
func boardKey(s *harness.Snapshot) string {
	b := make([]byte, 0, 64*len(s.Battlefield))
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		b = strconv.AppendUint(b, uint64(o.Card), 10)
		b = append(b, '/')
		b = strconv.AppendUint(b, uint64(o.Object), 10)
		b = append(b, '/', byte('0'+o.Controller), '/')
		b = append(b, o.Name...)
		for _, list := range [][]string{o.Supertypes, o.Types, o.Abilities} {
			b = append(b, '/')
			for _, x := range list {
				b = append(b, x...)
				b = append(b, ';')
			}
		}
		b = append(b, '/')
		b = append(b, o.Colors...)
		b = append(b, '/')
		b = strconv.AppendUint(b, uint64(o.AttachedTo), 10)
		for _, c := range o.ExiledWith { // what "the exiled card's colors" are (CR 607.2a)
			b = append(b, ',')
			b = strconv.AppendUint(b, uint64(c), 10)
		}
		b = append(b, '|')
	}
	return string(b)
}

// distinctBoards yields the moments of a trace that have an engine state to ask about,
// each with its boardKey, skipping a moment whose key equals the previous one's: the mana
// questions (CR 106.7) have the same answers there, so a property asks them once per board.
// The first board is compared with an empty one, which has nothing to ask about.
func distinctBoards(tr *gen.Trace) iter.Seq2[moment, string] {
	return func(yield func(moment, string) bool) {
		var last string
		for _, m := range moments(tr) {
			if m.State == nil {
				continue
			}
			key := boardKey(m.Snap)
			if key == last {
				continue
			}
			last = key
			if !yield(m, key) {
				return
			}
		}
	}
}

// oracles hands out one oracle per distinct battlefield of a trace (boardKey), so a
// property that looks at many states computes each fixpoint once.
type oracles struct {
	tr   *gen.Trace
	memo map[string]*manaoracle.Oracle
}

func newOracles(tr *gen.Trace) *oracles {
	return &oracles{tr: tr, memo: map[string]*manaoracle.Oracle{}}
}

func (c *oracles) at(s *harness.Snapshot) *manaoracle.Oracle { return c.atKey(s, boardKey(s)) }

// atKey is at for a snapshot whose boardKey is already known.
func (c *oracles) atKey(s *harness.Snapshot, key string) *manaoracle.Oracle {
	if or, ok := c.memo[key]; ok {
		return or
	}
	or := oracleAt(c.tr, s)
	c.memo[key] = or
	return or
}

// describe names an object for a message: "Reflecting Pool (card 4, A)".
func describe(o *harness.Object) string {
	if o == nil {
		return "a missing object"
	}
	name := o.Name
	if name == "" {
		name = "a nameless object"
	}
	return fmt.Sprintf("%s (card %d, %s's)", name, o.Card, o.Controller)
}

// abilityName describes ability i of o: `Reflecting Pool (card 4, A's) ability 0 "{T}: Add ..."`.
func abilityName(o *harness.Object, i int) string {
	if o == nil || i < 0 || i >= len(o.Abilities) {
		return fmt.Sprintf("%s ability %d", describe(o), i)
	}
	return fmt.Sprintf("%s ability %d %q", describe(o), i, o.Abilities[i])
}

// activation is a step that activates an ability of a permanent, parsed.
type activation struct {
	Index  int
	Step   *gen.TraceStep
	Source *harness.Object // in Before
	Abil   manaoracle.Ability
}

// activations lists the trace's Activate steps whose source is a permanent with that
// ability in the Before snapshot.
func activations(tr *gen.Trace) []activation {
	var out []activation
	for i := range tr.Steps {
		st := &tr.Steps[i]
		if st.Action.Kind != harness.Activate {
			continue
		}
		src := st.Before.Permanent(st.Action.Card)
		a, ok := manaoracle.AbilityOf(src, st.Action.Ability)
		if !ok {
			continue
		}
		out = append(out, activation{Index: i, Step: st, Source: src, Abil: a})
	}
	return out
}

// resolvedSpell returns the spell on top of the stack before step st when the step took
// it off the stack: it resolved (CR 608.2) or was countered, which each property tells
// apart by what the step left behind. An ability on top, a spell the step left on the
// stack, or a spell still being cast (which leaves only when the casting is reversed,
// CR 733) gives false.
func resolvedSpell(st *gen.TraceStep) (harness.StackObject, bool) {
	n := len(st.Before.Stack)
	if n == 0 || st.Before.Casting != nil {
		return harness.StackObject{}, false
	}
	top := st.Before.Stack[n-1]
	if top.Kind != "spell" || stillOnStack(st.After, top.Object) {
		return harness.StackObject{}, false
	}
	return top, true
}

// startsProposal reports whether a step left a new proposal waiting for its cost: a spell
// cast, or an ability activated without paying its mana cost yet (CR 601.2, 602.2b).
func startsProposal(st *gen.TraceStep) bool {
	a, b := st.Before.Casting, st.After.Casting
	return b != nil && (a == nil || *a != *b)
}

// stillOnStack reports whether the stack of s holds object id.
func stillOnStack(s *harness.Snapshot, id harness.ObjectID) bool { return stackIndex(s, id) >= 0 }

// stackIndex is the position of stack object id in s's stack, or -1.
func stackIndex(s *harness.Snapshot, id harness.ObjectID) int {
	for i := range s.Stack {
		if s.Stack[i].Object == id {
			return i
		}
	}
	return -1
}

// stackObject is stack object id of s, or nil.
func stackObject(s *harness.Snapshot, id harness.ObjectID) *harness.StackObject {
	if i := stackIndex(s, id); i >= 0 {
		return &s.Stack[i]
	}
	return nil
}

// describeStack names a stack object for people.
func describeStack(so harness.StackObject) string {
	if so.Kind == "spell" {
		return fmt.Sprintf("the spell %s (card %d)", so.Name, so.Card)
	}
	return fmt.Sprintf("%s's ability %q", so.Name, so.Text)
}

// stackObjectAround is stack object id after step st, or before it if it has left; nil
// if neither snapshot has it (or id is 0).
func stackObjectAround(st *gen.TraceStep, id harness.ObjectID) *harness.StackObject {
	if id == 0 {
		return nil
	}
	if so := stackObject(st.After, id); so != nil {
		return so
	}
	return stackObject(st.Before, id)
}

// payStep finds the step after which an activation's costs have been paid: the activation
// itself when it left no proposal (a mana ability paid from the pool or costing no mana,
// CR 605.3a), else the Pay that completed its proposal (602.2b, 601.2h). -1 when the
// proposal was cancelled or never paid.
func payStep(tr *gen.Trace, act activation) int {
	if !startsProposal(act.Step) {
		return act.Index
	}
	for j := act.Index + 1; j < len(tr.Steps); j++ {
		st := &tr.Steps[j]
		if st.Before.Casting == nil {
			return -1
		}
		switch st.Action.Kind {
		case harness.Pay:
			if st.After.Casting == nil || st.After.Casting.Card != act.Source.Card {
				return j
			}
		case harness.Cancel:
			return -1
		}
	}
	return -1
}

// reCardOption matches an option naming a card: "copy Helvault (card 4)".
var reCardOption = regexp.MustCompile(`\(card (\d+)\)$`)

// declares reports whether an attack or block declaration includes card.
func declares(a harness.Action, card harness.CardID) bool {
	for _, c := range a.Attackers {
		if c == card {
			return true
		}
	}
	for _, bl := range a.Blocks {
		if bl.Blocker == card {
			return true
		}
	}
	return false
}

func actionKeys(acts []harness.Action) []string {
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = a.Key()
	}
	return out
}

// putWithEffect reports whether an ability that finished resolving in st goes on, after
// putting a creature onto the battlefield, to give it an effect ("That creature gains
// haste": Sneak Attack). That effect begins after the move and applies to the new object
// (CR 611.2c), so the permanent's difference from its fresh board is not carried over.
func putWithEffect(st *gen.TraceStep) bool {
	for _, so := range st.Before.Stack {
		if so.Kind == "ability" && strings.Contains(so.Text, "That creature gains") && stackIndex(st.After, so.Object) < 0 {
			return true
		}
	}
	return false
}

// targetedAt is the snapshot in which stack object id was put on the stack (its targets
// chosen, CR 601.2c, 602.2b, 603.3d): the one after the step before step i that first
// shows it; nil when the trace doesn't show that moment.
func targetedAt(tr *gen.Trace, i int, id harness.ObjectID) *harness.Snapshot {
	for j := i - 1; j >= 0; j-- {
		if !stillOnStack(tr.Steps[j].Before, id) {
			return tr.Steps[j].After
		}
	}
	return nil
}

// lastAttack is the attackers of the latest Attack action at or before step i.
func lastAttack(tr *gen.Trace, i int) []harness.CardID {
	for k := i; k >= 0; k-- {
		if a := tr.Steps[k].Action; a.Kind == harness.Attack {
			return a.Attackers
		}
	}
	return nil
}

// forbiddenBlock is an offered declaration of blockers with a pair it shouldn't have.
type forbiddenBlock struct {
	offered           harness.Action
	attacker, blocker *harness.Object
}

// forbiddenBlocks judges the declarations of blockers offered before step i against a
// restriction on blocks (CR 509.1b): reached says some attacker of the latest attack and
// some untapped creature of its defending player are a pair forbidden says may not block;
// found lists the offered declarations that have such a pair all the same.
func forbiddenBlocks(tr *gen.Trace, i int, forbidden func(attacker, blocker *harness.Object) bool) (reached bool, found []forbiddenBlock) {
	st := &tr.Steps[i]
	if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Block }) {
		return false, nil
	}
	s := st.Before
	for _, c := range lastAttack(tr, i-1) {
		at := s.Permanent(c)
		if at == nil {
			continue
		}
		for _, b := range s.Battlefield {
			if b.Controller == at.Controller.Opponent() && !b.Tapped && b.HasType("Creature") && forbidden(at, b) {
				reached = true
			}
		}
	}
	if !reached {
		return false, nil
	}
	for _, a := range st.Legal {
		if a.Kind != harness.Block {
			continue
		}
		for _, b := range a.Blocks {
			at, bl := s.Permanent(b.Attacker), s.Permanent(b.Blocker)
			if at != nil && bl != nil && forbidden(at, bl) {
				found = append(found, forbiddenBlock{offered: a, attacker: at, blocker: bl})
			}
		}
	}
	return true, found
}

// permanentAround is card c's permanent after step st, or before it if it is gone since:
// what a spell or ability that step put on the stack targets, as it was targeted.
func permanentAround(st *gen.TraceStep, c harness.CardID) *harness.Object {
	if o := st.After.Permanent(c); o != nil {
		return o
	}
	return st.Before.Permanent(c)
}
