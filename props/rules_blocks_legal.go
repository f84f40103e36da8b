package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkBlocksLegal: every pair of every declaration of blockers offered before step i is
// one the rules allow (CR 509.1a, 509.1b), judged from the snapshot:
//
//   - tapped-blocker: no blocker is tapped (509.1a: the defending player's untapped
//     creatures block), reached when the defending player controls a tapped creature;
//   - no-block: declaring no blockers is offered (509.1a: which creatures, if any);
//   - can-block: each blocker is a creature of the defending player that no Aura keeps
//     from blocking, blocks one attacker only, and blocks a creature declared as an
//     attacker in this combat;
//   - left-combat: no blocker blocks an attacker that is no longer a creature on the
//     battlefield (506.4: it was removed from combat), reached when one of them isn't.
//
// The restrictions by evasion and protection are clauses of their own (flying here,
// rules.protection's blocked).
func checkBlocksLegal(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Block }) {
		return
	}
	s := st.Before
	defender := s.Active.Opponent()
	attacking := lastAttack(tr, i-1)
	v.Reach("can-block")
	v.Reach("no-block")
	if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Block && len(a.Blocks) == 0 }) {
		v.add("no-block", violation(i, "rules.blocks", "509.1a", "the declarations of blockers offered",
			"declaring no blockers among them (CR 509.1a: the defending player chooses which creatures, if any, block)",
			"every declaration offered has a blocker"))
	}
	if slices.ContainsFunc(s.Battlefield, func(o *harness.Object) bool {
		return o.Controller == defender && o.Tapped && isCreature(o)
	}) {
		v.Reach("tapped-blocker")
	}
	if slices.ContainsFunc(attacking, func(c harness.CardID) bool { o := s.Permanent(c); return o == nil || !isCreature(o) }) {
		v.Reach("left-combat")
	}
	for _, a := range st.Legal {
		if a.Kind != harness.Block {
			continue
		}
		what := fmt.Sprintf("the offered action %s", a)
		for k, b := range a.Blocks {
			bl, at := s.Permanent(b.Blocker), s.Permanent(b.Attacker)
			if bl != nil && bl.Tapped {
				v.add("tapped-blocker", violation(i-1, "rules.blocks", "509.1a", what,
					"only untapped creatures of the defending player block (CR 509.1a)", describe(bl)+" is tapped and blocks"))
			}
			if why := cantBlock(s, defender, bl); why != "" {
				v.add("can-block", violation(i-1, "rules.blocks", "509.1a", what,
					fmt.Sprintf("each blocker a creature %s controls that nothing keeps from blocking (CR 509.1a, 509.1b)", defender),
					fmt.Sprintf("card %d blocks: %s", b.Blocker, why)))
			}
			switch {
			case !slices.Contains(attacking, b.Attacker):
				v.add("can-block", violation(i-1, "rules.blocks", "509.1a", what,
					"each blocked creature an attacking creature (CR 509.1a)",
					fmt.Sprintf("card %d is blocked and is %s", b.Attacker, notAttacking(at))))
			case at == nil || !isCreature(at):
				v.add("left-combat", violation(i-1, "rules.blocks", "506.4", what,
					"no block of an attacker that is no longer a creature on the battlefield: it was removed from combat (CR 506.4)",
					fmt.Sprintf("card %d is blocked and is %s", b.Attacker, notAttacking(at))))
			}
			if slices.ContainsFunc(a.Blocks[:k], func(o harness.Blocking) bool { return o.Blocker == b.Blocker }) {
				v.add("can-block", violation(i-1, "rules.blocks", "509.1a", what,
					"each blocker blocks one attacking creature (CR 509.1a)",
					fmt.Sprintf("card %d blocks more than one", b.Blocker)))
			}
		}
	}
}

// cantBlock says why bl may not block for the defending player, or "" if it may (the
// restrictions by evasion and protection aside).
func cantBlock(s *harness.Snapshot, defender harness.Player, bl *harness.Object) string {
	switch {
	case bl == nil:
		return "not a permanent"
	case !isCreature(bl):
		return describe(bl) + ", not a creature"
	case bl.Controller != defender:
		return describe(bl) + ", not the defending player's"
	case restrains(s, bl, true):
		return describe(bl) + ", enchanted by an Aura that says it can't block"
	}
	return ""
}

func notAttacking(o *harness.Object) string {
	if o == nil {
		return "not a permanent"
	}
	if !isCreature(o) {
		return describe(o) + ", not a creature"
	}
	return describe(o) + ", not declared as an attacker"
}
