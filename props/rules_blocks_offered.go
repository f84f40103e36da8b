package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkBlocksOffered: when blockers are to be declared before step i, each untapped
// creature of the defending player may block each attacking creature unless a restriction
// forbids that pair (CR 509.1a, 509.1b): so some declaration the engine offers has it
// block that attacker. The restrictions read from the snapshot are those the pool has:
// flying (702.9b, 702.17b), protection from the blocker's colour (702.16f) and an Aura's
// "enchanted creature can't attack or block" (Pacifism). An engine may leave out some
// declarations when there are too many to list (the reference engine lists every one up to
// 81, then no block and each single block), but not a creature's possible block.
func checkBlocksOffered(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Block }) {
		return
	}
	s := st.Before
	var missing []string
	for _, c := range lastAttack(tr, i-1) {
		at := s.Permanent(c)
		if at == nil || !isCreature(at) {
			continue
		}
		for _, bl := range s.Battlefield {
			if bl.Controller != at.Controller.Opponent() || bl.Tapped || !isCreature(bl) || blockForbidden(s, at, bl) {
				continue
			}
			v.Reach("each-offered")
			if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool {
				return a.Kind == harness.Block && slices.Contains(a.Blocks, harness.Blocking{Blocker: bl.Card, Attacker: at.Card})
			}) {
				missing = append(missing, fmt.Sprintf("%s blocking %s", describe(bl), describe(at)))
			}
		}
	}
	if len(missing) > 0 {
		v.add("each-offered", violation(i, "rules.blocks", "509.1a", "the declarations of blockers offered",
			"each untapped creature of the defending player offered blocking each attacker no restriction keeps it from blocking (CR 509.1a, 509.1b)",
			"no declaration has "+strings.Join(missing, ", ")))
	}
}

// blockForbidden reports whether a restriction the pool has keeps creature bl from
// blocking attacker at (CR 509.1b): flying, protection, an Aura's "can't attack or block".
func blockForbidden(s *harness.Snapshot, at, bl *harness.Object) bool {
	return hasKeyword(at, "Flying") && !hasKeyword(bl, "Flying") && !hasKeyword(bl, "Reach") ||
		shares(protectionFrom(at), bl.Colors) || restrains(s, bl, true)
}
