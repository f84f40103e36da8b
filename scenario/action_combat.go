package scenario

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Combat action lines:
//
//	A attack with bears, giant                    (each attacks the defending player)
//	A attack with bears attacking jace, giant     (bears attacks the planeswalker jace, CR 508.1b)
//	B block with bears blocking giant, elves blocking giant
//	B block with nothing

// parseAttack reads what follows "attack with": attackers, each optionally "attacking
// PLANESWALKER".
func (a *ActionSpec) parseAttack(rest []string, known func(string) bool) error {
	if len(rest) < 2 || rest[0] != "with" {
		return fmt.Errorf("say \"A attack with CARD, CARD attacking PLANESWALKER\" or \"A attack with nothing\"")
	}
	a.Attackers = []string{}
	if len(rest) == 2 && rest[1] == "nothing" {
		return nil
	}
	for _, item := range splitRefs(strings.Join(rest[1:], " "), known) {
		who, at, found := strings.Cut(item, " attacking ")
		if found && (strings.TrimSpace(who) == "" || strings.TrimSpace(at) == "") {
			return fmt.Errorf("%q: want \"CARD attacking PLANESWALKER\"", item)
		}
		a.Attackers = append(a.Attackers, strings.TrimSpace(who))
		a.AttackTargets = append(a.AttackTargets, strings.TrimSpace(at))
	}
	if !hasAny(a.AttackTargets) {
		a.AttackTargets = nil
	}
	return nil
}

// parseBlock reads what follows "block with": "BLOCKER blocking ATTACKER" pairs.
func (a *ActionSpec) parseBlock(rest []string, known func(string) bool) error {
	if len(rest) < 2 || rest[0] != "with" {
		return fmt.Errorf("say \"B block with CARD blocking CARD, ...\" or \"B block with nothing\"")
	}
	a.Blocks = [][2]string{}
	if len(rest) == 2 && rest[1] == "nothing" {
		return nil
	}
	// A pair is known when both its cards are: names with commas ("Akroma, Angel of Fury
	// blocking Isamaru, Hound of Konda") stay whole.
	pairKnown := func(s string) bool {
		b, at, ok := strings.Cut(s, " blocking ")
		return ok && known != nil && known(strings.TrimSpace(b)) && known(strings.TrimSpace(at))
	}
	for _, item := range splitRefs(strings.Join(rest[1:], " "), pairKnown) {
		blocker, attacker, found := strings.Cut(item, " blocking ")
		if !found || strings.TrimSpace(blocker) == "" || strings.TrimSpace(attacker) == "" {
			return fmt.Errorf("%q: want \"BLOCKER blocking ATTACKER\"", item)
		}
		a.Blocks = append(a.Blocks, [2]string{strings.TrimSpace(blocker), strings.TrimSpace(attacker)})
	}
	return nil
}

func hasAny(ss []string) bool {
	for _, s := range ss {
		if s != "" {
			return true
		}
	}
	return false
}

// combatString writes the attack or block part of an action line.
func (a ActionSpec) combatString() string {
	switch a.Verb {
	case VerbAttack:
		if len(a.Attackers) == 0 {
			return " with nothing"
		}
		items := make([]string, len(a.Attackers))
		for i, who := range a.Attackers {
			items[i] = who
			if i < len(a.AttackTargets) && a.AttackTargets[i] != "" {
				items[i] += " attacking " + a.AttackTargets[i]
			}
		}
		return " with " + strings.Join(items, ", ")
	case VerbBlock:
		if len(a.Blocks) == 0 {
			return " with nothing"
		}
		items := make([]string, len(a.Blocks))
		for i, b := range a.Blocks {
			items[i] = b[0] + " blocking " + b[1]
		}
		return " with " + strings.Join(items, ", ")
	}
	return ""
}

// resolvedCombat is a combat line with its references turned into card IDs: for each
// attacker, what it attacks (nil: the player); for each block, the blocker and attacker.
type resolvedCombat struct {
	attackAt []map[harness.CardID]bool
	blocks   [][2]map[harness.CardID]bool
}

func (r *replayer) resolveCombat(a *ActionSpec) (resolvedCombat, error) {
	var out resolvedCombat
	ids := func(ref, what string) (map[harness.CardID]bool, error) {
		got, err := r.book.resolve(ref, &r.snap)
		if err != nil {
			return nil, fmt.Errorf("%s %v", what, err)
		}
		return idSet(got), nil
	}
	for i := range a.Attackers {
		var at map[harness.CardID]bool
		if i < len(a.AttackTargets) && a.AttackTargets[i] != "" {
			set, err := ids(a.AttackTargets[i], "attacked planeswalker")
			if err != nil {
				return out, err
			}
			at = set
		}
		out.attackAt = append(out.attackAt, at)
	}
	for _, b := range a.Blocks {
		blocker, err := ids(b[0], "blocker")
		if err != nil {
			return out, err
		}
		attacker, err := ids(b[1], "blocked attacker")
		if err != nil {
			return out, err
		}
		out.blocks = append(out.blocks, [2]map[harness.CardID]bool{blocker, attacker})
	}
	return out, nil
}

// sameAttack matches each named attacker, with what it attacks (the player when the line
// says nothing), to a distinct declared attacker.
func sameAttack(want []map[harness.CardID]bool, wantAt []map[harness.CardID]bool, a harness.Action) bool {
	if len(want) != len(a.Attackers) {
		return false
	}
	used := make([]bool, len(a.Attackers))
	for k, w := range want {
		found := false
		for i, id := range a.Attackers {
			at := a.AttackTarget(i)
			if used[i] || !w[id] || (wantAt[k] == nil) != (at == 0) || wantAt[k] != nil && !wantAt[k][at] {
				continue
			}
			used[i], found = true, true
			break
		}
		if !found {
			return false
		}
	}
	return true
}

// sameBlocks matches each named block to a distinct declared one.
func sameBlocks(want [][2]map[harness.CardID]bool, got []harness.Blocking) bool {
	if len(want) != len(got) {
		return false
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, b := range got {
			if !used[i] && w[0][b.Blocker] && w[1][b.Attacker] {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// writeCombat fills the combat part of a spec from an engine's action.
func writeCombat(s *ActionSpec, a harness.Action, write func(harness.CardID) string) {
	switch a.Kind {
	case harness.Attack:
		s.Attackers = []string{}
		for i, id := range a.Attackers {
			s.Attackers = append(s.Attackers, write(id))
			at := ""
			if pw := a.AttackTarget(i); pw != 0 {
				at = write(pw)
			}
			s.AttackTargets = append(s.AttackTargets, at)
		}
		if !hasAny(s.AttackTargets) {
			s.AttackTargets = nil
		}
	case harness.Block:
		s.Blocks = [][2]string{}
		for _, b := range a.Blocks {
			s.Blocks = append(s.Blocks, [2]string{write(b.Blocker), write(b.Attacker)})
		}
	}
}
