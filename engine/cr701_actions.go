package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 701: keyword actions the pool's effects use, as a resolving spell or ability
// performs them.

// Destroy moves a permanent to its owner's graveyard (CR 701.8a), unless it has
// indestructible (702.12b).
func (r *Resolution) Destroy(id h.ObjectID) {
	o := r.s.live(id)
	if o == nil || o.Zone != h.Battlefield {
		return
	}
	if c := r.v.Of(id); c.HasKeyword("Indestructible") {
		r.ev.add(h.Event{Kind: "indestructible", Player: o.Controller, Card: o.Card, Object: id, Rule: "702.12b",
			Text: fmt.Sprintf("%s is indestructible and isn't destroyed", c.Name)})
		return
	}
	r.MoveTo(id, h.Graveyard, false)
}

// Draw has player p draw n cards (CR 121.1).
func (r *Resolution) Draw(p h.Player, n int) {
	for i := 0; i < n; i++ {
		draw(r.s, r.v, p, r.ev)
	}
}

// Mill: player p puts the top n cards of their library into their graveyard, as many as
// there are (CR 701.17a, 701.17b).
func (r *Resolution) Mill(p h.Player, n int) {
	for i := 0; i < n && len(r.s.Players[p].Library) > 0; i++ {
		r.MoveTo(r.s.Players[p].Library[0], h.Graveyard, false)
	}
}
