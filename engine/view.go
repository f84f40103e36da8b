package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// What one player may know (hidden information). The state is omniscient; a player's view
// is the snapshot with what they can't see hidden (harness.PlayerView says what they see).
// Hand and library are hidden zones (CR 402.3, 401.2); a face-down spell or permanent's
// identity is known to its controller only (708.5). One that leaves the stack or the
// battlefield for another zone is revealed (708.9): it arrives in a graveyard or in exile,
// public zones, as its card face up (moveTo), and every view shows it there. No card of
// the pool moves a face-down object to a hand or a library, where the reveal would last
// only as it moves and the card be hidden again, nor reveals a card otherwise: a view
// has no list of revealed cards.

// PlayerView answers harness.ViewQueries.
func (r *Reference) PlayerView(st h.State, p h.Player) (h.PlayerView, error) {
	s, err := stateOf(st)
	if err != nil {
		return h.PlayerView{}, err
	}
	if p != h.A && p != h.B {
		return h.PlayerView{}, fmt.Errorf("view: no player %q", p)
	}
	return playerView(s, p), nil
}

// playerView is what p may know in s.
func playerView(s *state, p h.Player) h.PlayerView {
	snap := snapshot(s)
	out := h.PlayerView{Player: p, Board: snap}
	b := &out.Board
	for q := range b.Players {
		ps := &b.Players[q]
		owner := h.Player(q)
		ps.Library = hideAll(ps.Library, owner, h.Library)
		if owner == p && seesTop(s, p) {
			ps.Library[0] = snap.Players[q].Library[0]
		}
		if owner != p && !s.faults.on(FaultOpponentHandShown) {
			ps.Hand = hideAll(ps.Hand, owner, h.Hand)
		}
	}
	if s.faults.on(FaultFaceDownIdentityShown) {
		b.Battlefield = namedFaceDown(s, b.Battlefield, p) // the fault: the opponent's face-down cards named
	}
	for _, o := range b.Battlefield {
		if o.FaceDown && o.Controller == p {
			out.FaceDown = append(out.FaceDown, h.Identity{Card: o.Card, Name: faceUpChars(s.byCard(o.Card)).Name})
		}
	}
	for _, it := range b.Stack {
		if o := s.obj(it.Object); it.Kind == "spell" && o != nil && o.FaceDown && it.Controller == p {
			out.FaceDown = append(out.FaceDown, h.Identity{Card: it.Card, Name: faceUpChars(o).Name})
		}
	}
	if d := b.Pending; d != nil && d.Player != p {
		// Its options may name cards of the other player's hand (an imprint's choice).
		b.Pending = &h.Decision{Player: d.Player, Prompt: d.Prompt}
	}
	return out
}

// hideAll is a zone's list with each card replaced by a hidden card, in place order.
func hideAll(zone []*h.Object, owner h.Player, z h.Zone) []*h.Object {
	if len(zone) == 0 {
		return zone
	}
	out := make([]*h.Object, len(zone))
	for i := range zone {
		out[i] = h.Hidden(owner, z)
	}
	return out
}

// seesTop reports whether p may look at the top card of their library now: they control a
// permanent with "You may look at the top card of your library any time" (CR 401.5), and
// they aren't casting a spell or activating an ability during which the top card changed
// (401.5: not until they finish).
func seesTop(s *state, p h.Player) bool {
	lib := s.Players[p].Library
	if len(lib) == 0 || !mayLookAtTop(s, p) && !s.faults.on(FaultTopShownWithoutLook) || s.faults.on(FaultTopHiddenWithLook) {
		return false
	}
	if pr := outermost(s.Proposal); pr != nil && pr.Player == p && pr.Before != nil && !s.faults.on(FaultNewTopShownCasting) {
		before := pr.Before.Players[p].Library
		if len(before) == 0 || s.obj(before[0]).Card != s.obj(lib[0]).Card {
			return false
		}
	}
	return !s.faults.on(FaultNewTopHiddenOnStack) || !castFromTopOnStack(s, p)
}

// outermost is the proposal that began what p is doing: a mana ability activated while
// paying for a spell (CR 601.2g) interrupts that spell's proposal, and the top card is
// compared with the one before the spell, not before the mana ability (401.5: "until you
// finish casting").
func outermost(pr *proposal) *proposal {
	for pr != nil && pr.Mana != nil && pr.Mana.outer != nil {
		pr = pr.Mana.outer
	}
	return pr
}

// castFromTopOnStack reports whether a spell p cast from the top of their library is on
// the stack (for FaultNewTopHiddenOnStack).
func castFromTopOnStack(s *state, p h.Player) bool {
	for _, it := range s.Stack {
		if it.IsSpell && it.FromTop && it.Controller == p {
			return true
		}
	}
	return false
}

// mayLookAtTop reports whether an effect lets p look at the top card of their library any
// time: a static ability of a permanent p controls (Crystal Skull, CR 401.5).
func mayLookAtTop(s *state, p h.Player) bool {
	v := s.projected()
	for _, id := range s.Battlefield {
		if s.obj(id).Controller != p {
			continue
		}
		for _, a := range v.Of(id).Abilities {
			if a.Kind == Static && a.Static.Kind == LookAtTop {
				return true
			}
		}
	}
	return false
}

// namedFaceDown is the battlefield with each face-down permanent p doesn't control named
// as its card (for FaultFaceDownIdentityShown).
func namedFaceDown(s *state, field []*h.Object, p h.Player) []*h.Object {
	out := make([]*h.Object, len(field))
	for i, o := range field {
		out[i] = o
		if o.FaceDown && o.Controller != p {
			named := *o
			named.Name = faceUpChars(s.byCard(o.Card)).Name
			out[i] = &named
		}
	}
	return out
}
