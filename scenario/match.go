package scenario

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// resolvedSpec is an action line with its references turned into card IDs.
type resolvedSpec struct {
	spec      *ActionSpec
	cards     map[harness.CardID]bool // nil: any card
	targets   []map[harness.Target]bool
	attackers []map[harness.CardID]bool
	combat    resolvedCombat
}

func (r *replayer) resolveSpec(a *ActionSpec) (*resolvedSpec, error) {
	rs := &resolvedSpec{spec: a}
	if a.Card != "" {
		ids, err := r.book.resolve(a.Card, &r.snap)
		if err != nil {
			return nil, err
		}
		rs.cards = idSet(ids)
	}
	for _, t := range a.Targets {
		set := map[harness.Target]bool{}
		if id, ok := strings.CutPrefix(t, "stack#"); ok {
			n, err := strconv.ParseUint(id, 10, 32)
			if err != nil {
				return nil, fmt.Errorf("target %q: want \"stack#N\", N a stack object", t)
			}
			set[harness.StackTarget(harness.ObjectID(n))] = true
		} else if pos, ok := strings.CutPrefix(t, "stack "); ok {
			n, err := strconv.Atoi(pos)
			if err != nil || n < 1 || n > len(r.snap.Stack) {
				return nil, fmt.Errorf("target %q: want \"stack N\", N from 1 (the bottom) to %d, the stack's size", t, len(r.snap.Stack))
			}
			set[harness.StackTarget(r.snap.Stack[n-1].Object)] = true
		} else if pl, err := harness.ParsePlayer(t); err == nil && len(t) == 1 {
			set[harness.PlayerTarget(pl)] = true
		} else {
			ids, err := r.book.resolve(t, &r.snap)
			if err != nil {
				return nil, fmt.Errorf("target %v", err)
			}
			for _, id := range ids {
				set[harness.CardTarget(id)] = true
				// A spell or an ability on the stack is targeted as a stack object: the
				// card names the spell, or the source of the ability (CR 113.7).
				for _, so := range r.snap.Stack {
					if so.Card == id {
						set[harness.StackTarget(so.Object)] = true
					}
				}
			}
		}
		rs.targets = append(rs.targets, set)
	}
	for _, t := range a.Attackers {
		ids, err := r.book.resolve(t, &r.snap)
		if err != nil {
			return nil, fmt.Errorf("attacker %v", err)
		}
		rs.attackers = append(rs.attackers, idSet(ids))
	}
	combat, err := r.resolveCombat(a)
	if err != nil {
		return nil, err
	}
	rs.combat = combat
	return rs, nil
}

func idSet(ids []harness.CardID) map[harness.CardID]bool {
	m := make(map[harness.CardID]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// matches reports whether a legal action is one the line allows, and whether it is an
// exact match (the line names every target and choice the action has).
func (r *replayer) matches(rs *resolvedSpec, a harness.Action) (ok, exact bool) {
	s := rs.spec
	if a.Player != s.Player || a.Kind != s.Verb.kind() {
		return false, false
	}
	if rs.cards != nil && !rs.cards[a.Card] {
		return false, false
	}
	exact = true
	switch s.Verb {
	case VerbCast, VerbActivate, VerbTurnFaceUp:
		if s.Verb == VerbActivate {
			if a.Ability != s.Ability.resolve(&r.snap, a.Card) {
				return false, false
			}
		}
		if a.X != s.X {
			return false, false
		}
		if s.Targets != nil {
			if len(a.Targets) != len(rs.targets) {
				return false, false
			}
			for i, t := range a.Targets {
				if !rs.targets[i][normTarget(t)] {
					return false, false
				}
			}
		} else if len(a.Targets) > 0 {
			exact = false
		}
		if s.Payment != nil && a.Payment != *s.Payment {
			return false, false
		}
	case VerbPay:
		if s.Payment != nil && a.Payment != *s.Payment {
			return false, false
		}
	case VerbAttack:
		if !sameAttack(rs.attackers, rs.combat.attackAt, a) {
			return false, false
		}
	case VerbBlock:
		if !sameBlocks(rs.combat.blocks, a.Blocks) {
			return false, false
		}
	}
	switch s.Verb {
	case VerbCast, VerbActivate, VerbChoose:
		ok, ex := choicesMatch(s.Choices, a.Choices)
		if !ok {
			return false, false
		}
		exact = exact && ex
	}
	return true, exact
}

func normTarget(t harness.Target) harness.Target {
	if t.Stack != 0 {
		return harness.StackTarget(t.Stack)
	}
	if t.IsPlayer() {
		return harness.PlayerTarget(t.Player)
	}
	return harness.CardTarget(t.Card)
}

// choicesMatch: for each kind of choice, the values written and the action's values of
// that kind must agree as far as both go (one is a prefix of the other). The order of
// "replace:" choices is the order the replacement effects apply (CR 616.1). Engines leave
// out a choice that is forced, which for replacement effects is only the last one (one
// effect left), so a line may name one "replace:" more than the action does, no more; it
// may also say less, and must then still match only one action. exact: the line says
// exactly what the action says.
func choicesMatch(given, have []string) (ok, exact bool) {
	byKind := func(cs []string) map[string][]string {
		m := map[string][]string{}
		for _, c := range cs {
			k, v := harness.SplitChoice(c)
			m[k] = append(m[k], v)
		}
		return m
	}
	g, h := byKind(given), byKind(have)
	exact = len(given) == len(have)
	for _, k := range harness.SortedKeys(g) {
		a, b := g[k], h[k]
		if len(b) == 0 && k != harness.ChoiceReplace {
			return false, false // a type or option the action doesn't offer at all
		}
		if k == harness.ChoiceReplace && len(b) < len(a)-1 {
			return false, false // only the last replacement effect can have been forced
		}
		n := min(len(a), len(b))
		for i := 0; i < n; i++ {
			if !strings.EqualFold(a[i], b[i]) {
				return false, false
			}
		}
		exact = exact && len(a) == len(b)
	}
	return true, exact
}

// match finds the one legal action an action line means. No match, or several, is an
// error that lists what the engine offered, written as action lines.
func (r *replayer) match(a *ActionSpec, legal []harness.Action) (harness.Action, error) {
	rs, err := r.resolveSpec(a)
	if err != nil {
		return harness.Action{}, err
	}
	var all, exact []harness.Action
	for _, la := range legal {
		if ok, ex := r.matches(rs, la); ok {
			all = append(all, la)
			if ex {
				exact = append(exact, la)
			}
		}
	}
	switch {
	case len(all) == 1:
		return all[0], nil
	case len(exact) == 1:
		return exact[0], nil
	case len(all) == 0:
		if la, ok, err := r.triggerBySource(a, legal); ok || err != nil {
			return la, err
		}
		return harness.Action{}, fmt.Errorf("%q is not a legal action here; %s", a.String(), r.offers(rs, legal))
	}
	return harness.Action{}, fmt.Errorf("%q matches %d legal actions; say which:\n%s", a.String(), len(all), r.lines(all, len(all)))
}

// triggerOption is how an engine offers a triggered ability to put on the stack next, as
// its controller orders them (CR 603.3b): its source's name and card, then its text.
var triggerOption = regexp.MustCompile(`^(.*) \(card (\d+)\): `)

// triggerBySource reads "B choose Contamination" at a trigger-ordering decision: the one
// offered trigger whose source the option names (a label, a name, Name#id; CR 603.3b), so
// a scenario need not write the ability's whole text. ok is false when the line names no
// source of an offered trigger; more than one such trigger is an error listing them.
func (r *replayer) triggerBySource(a *ActionSpec, legal []harness.Action) (harness.Action, bool, error) {
	if a.Verb != VerbChoose || len(a.Choices) != 1 {
		return harness.Action{}, false, nil
	}
	kind, ref := harness.SplitChoice(a.Choices[0])
	if kind != harness.ChoiceOption {
		return harness.Action{}, false, nil
	}
	ids, _ := r.book.resolve(ref, &r.snap) // a name the book doesn't know may still be a source's name now
	var found []harness.Action
	for _, la := range legal {
		if la.Player != a.Player || la.Kind != harness.Choose || len(la.Choices) != 1 {
			continue
		}
		m := triggerOption.FindStringSubmatch(strings.TrimPrefix(la.Choices[0], harness.ChoiceOption+":"))
		if m == nil {
			continue
		}
		card, _ := strconv.ParseUint(m[2], 10, 32)
		if slices.Contains(ids, harness.CardID(card)) || strings.EqualFold(m[1], ref) {
			found = append(found, la)
		}
	}
	switch len(found) {
	case 0:
		return harness.Action{}, false, nil
	case 1:
		return found[0], true, nil
	}
	return harness.Action{}, false, fmt.Errorf("%q: %d of the triggers to order have %s as their source; name one by a label or Name#id, or write its whole option:\n%s",
		a.String(), len(found), ref, r.lines(found, len(found)))
}

// countMatches is how many legal actions an action line allows (for legal:/illegal:).
func (r *replayer) countMatches(a *ActionSpec, legal []harness.Action) (int, error) {
	rs, err := r.resolveSpec(a)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, la := range legal {
		if ok, _ := r.matches(rs, la); ok {
			n++
		}
	}
	return n, nil
}

const maxListed = 25

// offers describes the legal actions, those of the same player, kind and card first.
func (r *replayer) offers(rs *resolvedSpec, legal []harness.Action) string {
	if len(legal) == 0 {
		return "the engine offers no action at all"
	}
	rank := func(a harness.Action) int {
		n := 0
		if a.Player == rs.spec.Player {
			n++
		}
		if a.Kind == rs.spec.Verb.kind() {
			n += 2
		}
		if rs.cards != nil && rs.cards[a.Card] {
			n += 4
		}
		return -n
	}
	sorted := append([]harness.Action(nil), legal...)
	sort.SliceStable(sorted, func(i, j int) bool { return rank(sorted[i]) < rank(sorted[j]) })
	return fmt.Sprintf("the engine offers %d:\n%s", len(legal), r.lines(sorted, maxListed))
}

func (r *replayer) lines(actions []harness.Action, limit int) string {
	var b strings.Builder
	for i, a := range actions {
		if i == limit {
			fmt.Fprintf(&b, "      ... and %d more\n", len(actions)-limit)
			break
		}
		fmt.Fprintf(&b, "      %s\n", r.describe(a))
	}
	return strings.TrimRight(b.String(), "\n")
}

// describe writes a legal action as an action line a scenario could use.
func (r *replayer) describe(a harness.Action) string {
	return actionLine(a, r.book, &r.snap).String()
}

// actionLine turns an engine action into an action line, referring to cards the way
// book writes them and to the first mana ability as "mana".
func actionLine(a harness.Action, book *refBook, snap *harness.Snapshot) ActionSpec {
	s := ActionSpec{Player: a.Player, Verb: Verb(a.Kind), X: a.X}
	if a.Kind == harness.PlayLand {
		s.Verb = VerbPlay
	}
	if a.Card != 0 {
		s.Card = book.write(a.Card, snap)
	}
	if a.Kind == harness.Activate {
		s.Ability = AbilityRef{Index: a.Ability}
		if snap != nil && firstManaAbility(snap, a.Card) == a.Ability {
			s.Ability = AbilityRef{Mana: true}
		}
	}
	for _, t := range a.Targets {
		switch {
		case t.Stack != 0:
			s.Targets = append(s.Targets, stackRef(snap, t.Stack))
		case t.IsPlayer():
			s.Targets = append(s.Targets, t.Player.String())
		default:
			s.Targets = append(s.Targets, book.write(t.Card, snap))
		}
	}
	s.Choices = append([]string(nil), a.Choices...)
	if a.Kind == harness.Pay || !a.Payment.IsZero() {
		m := a.Payment
		s.Payment = &m
	}
	writeCombat(&s, a, func(id harness.CardID) string { return book.write(id, snap) })
	return s
}

// firstManaAbility is the index of the first ability of card's object whose text is a
// mana ability's: it adds mana and has no target (CR 605.1a). -1 if there is none.
func firstManaAbility(s *harness.Snapshot, card harness.CardID) int {
	o := s.Find(card)
	if o == nil {
		return -1
	}
	for i, text := range o.Abilities {
		if isManaAbilityText(text) {
			return i
		}
	}
	return -1
}

func isManaAbilityText(text string) bool {
	return strings.Contains(text, ":") && strings.Contains(text, "Add ") && !strings.Contains(text, "target")
}

// stackRef writes a target on the stack: by its position ("stack 2") when the snapshot
// before the action is known, else by the stack object the engine named ("stack#17").
func stackRef(snap *harness.Snapshot, id harness.ObjectID) string {
	if snap != nil {
		for i, so := range snap.Stack {
			if so.Object == id {
				return fmt.Sprintf("stack %d", i+1)
			}
		}
	}
	return fmt.Sprintf("stack#%d", id)
}
