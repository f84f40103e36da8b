package scenario

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// logBoard appends the compact computed board to the log.
func (r *replayer) logBoard() {
	for _, l := range BoardLines(&r.snap) {
		r.logf("    %s", l)
	}
}

// BoardLines renders a snapshot compactly for a game log: one line for the turn, step,
// priority, stack and any spell being cast or decision pending, then one line per player
// with life, pool and zones. Permanents show their computed P/T, status, counters and
// attachments; every card shows its ID ("Forest#3").
func BoardLines(s *harness.Snapshot) []string {
	head := fmt.Sprintf("T%d %s %s, priority %s", s.Turn, s.Active, s.Step, playerOrNone(s.Priority))
	if len(s.Stack) > 0 {
		var parts []string
		for _, so := range s.Stack {
			p := fmt.Sprintf("%s#%d", so.Name, so.Card)
			if so.Kind != "spell" {
				p = "ability of " + p
			}
			if so.X != 0 {
				p += fmt.Sprintf(" X=%d", so.X)
			}
			parts = append(parts, p)
		}
		head += "; stack (bottom first): " + strings.Join(parts, ", ")
	}
	if c := s.Casting; c != nil {
		head += fmt.Sprintf("; %s casting %s#%d, cost %s", c.Player, c.Name, c.Card, Cost{Generic: c.Generic, Mana: c.Cost})
	}
	if d := s.Pending; d != nil {
		head += fmt.Sprintf("; %s to decide %q [%s]", d.Player, d.Prompt, strings.Join(d.Options, " | "))
	}
	if s.GameOver {
		head += "; game over"
	}
	lines := []string{head}
	for pl := range s.Players {
		ps := &s.Players[pl]
		l := fmt.Sprintf("%s: life %d, pool %s", harness.Player(pl), ps.Life, ps.Pool)
		if ps.Lost {
			l += " (lost)"
		}
		var perms []string
		for i := range s.Battlefield {
			if o := s.Battlefield[i]; o.Controller == harness.Player(pl) {
				perms = append(perms, permanentText(o))
			}
		}
		l += zoneText("battlefield", perms)
		l += zoneText("hand", objectNames(ps.Hand))
		if len(ps.Library) > 0 {
			l += fmt.Sprintf("; library (top first): %s", strings.Join(objectNames(ps.Library), ", "))
		}
		l += zoneText("graveyard", objectNames(ps.Graveyard))
		l += zoneText("exile", objectNames(ps.Exile))
		lines = append(lines, l)
	}
	return lines
}

func zoneText(name string, items []string) string {
	if len(items) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s: %s", name, strings.Join(items, ", "))
}

func objectNames(objs []*harness.Object) []string {
	out := make([]string, len(objs))
	for i, o := range objs {
		out[i] = fmt.Sprintf("%s#%d", o.Name, o.Card)
	}
	return out
}

func permanentText(o *harness.Object) string {
	var notes []string
	if o.Power != nil && o.Toughness != nil {
		notes = append(notes, fmt.Sprintf("%d/%d", *o.Power, *o.Toughness))
	}
	if o.Tapped {
		notes = append(notes, "tapped")
	}
	if o.Sick {
		notes = append(notes, "sick")
	}
	if o.FaceDown {
		notes = append(notes, "face down")
	}
	if o.Transformed {
		notes = append(notes, "transformed")
	}
	if o.Token {
		notes = append(notes, "token")
	}
	if c := countersText(o.Counters); c != "none" {
		notes = append(notes, "counters "+c)
	}
	if o.Damage > 0 {
		notes = append(notes, fmt.Sprintf("damage %d", o.Damage))
	}
	if o.AttachedTo != 0 {
		notes = append(notes, fmt.Sprintf("attached to #%d", o.AttachedTo))
	}
	if o.CopyOf != "" {
		notes = append(notes, "copy of "+o.CopyOf)
	}
	if o.Owner != o.Controller {
		notes = append(notes, "owner "+o.Owner.String())
	}
	t := fmt.Sprintf("%s#%d", o.Name, o.Card)
	if len(notes) > 0 {
		t += " (" + strings.Join(notes, ", ") + ")"
	}
	return t
}
