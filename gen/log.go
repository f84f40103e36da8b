package gen

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Log renders a trace as a game log for people: the starting position, then one line per
// action ("T3 A main1: A activates Reflecting Pool [type:U] -> pool {U}") with the events
// it caused indented below, and the engine's failure if any. A run of passes that moves
// the game on reads as one line, as a scenario writes it ("4-19. T1 A upkeep: pass until
// end"; see [PassRuns]), with the events of its passes but the steps begun. It is
// deterministic: the same trace gives the same text.
func Log(tr *Trace) string { return AnnotatedLog(tr, nil) }

// AnnotatedLog is Log with notes (say, a property's violations) after the lines they are
// about: notes[-1] after the setup, notes[i] after step i (0-based, as Trace.Steps). A run
// of passes ends at a step with notes.
func AnnotatedLog(tr *Trace, notes map[int][]string) string {
	var b strings.Builder
	b.WriteString(DescribeSetup(&tr.Setup))
	note := func(i int) {
		for _, n := range notes[i] {
			fmt.Fprintf(&b, "   !! %s\n", n)
		}
	}
	note(-1)
	runs := PassRuns(tr.Steps, func(i int) bool { return len(notes[i]) > 0 })
	for i := 0; i < len(tr.Steps); i++ {
		start, from := i, &tr.Steps[i]
		line, actor := DescribeAction(from.Before, from.Action), from.Action.Player
		if len(runs) > 0 && runs[0].From == i {
			line, actor = runs[0].String(), harness.NoPlayer
			fmt.Fprintf(&b, "%d-", i+1)
			i = runs[0].To
			runs = runs[1:]
		}
		st := &tr.Steps[i]
		fmt.Fprintf(&b, "%d. T%d %s %s: %s", i+1, from.Before.Turn, from.Action.Player, from.Before.Step, line)
		for p := range st.After.Players {
			if before, after := from.Before.Players[p].Pool, st.After.Players[p].Pool; before != after {
				if harness.Player(p) == actor {
					fmt.Fprintf(&b, " -> pool %s", after)
				} else {
					fmt.Fprintf(&b, " -> %s's pool %s", harness.Player(p), after)
				}
			}
		}
		if st.After.Turn != from.Before.Turn || st.After.Step != from.Before.Step {
			fmt.Fprintf(&b, " (now T%d, %s active, %s)", st.After.Turn, st.After.Active, st.After.Step)
		}
		b.WriteByte('\n')
		for k := start; k <= i; k++ {
			for _, e := range tr.Steps[k].Events {
				if actor == harness.NoPlayer && e.Kind == "step" {
					continue // the run's line says where it went
				}
				writeEvent(&b, e)
			}
		}
		if st.After.GameOver {
			b.WriteString("   game over\n")
		}
		note(i)
	}
	if tr.Err != nil {
		fmt.Fprintf(&b, "!! %v\n", tr.Err)
	}
	return b.String()
}

func writeEvent(b *strings.Builder, e harness.Event) {
	text := e.Text
	if text == "" {
		text = e.Kind
	}
	if e.Rule != "" && !strings.Contains(text, "CR "+e.Rule) {
		text += " (CR " + e.Rule + ")"
	}
	fmt.Fprintf(b, "     - %s\n", text)
}

// DescribeSetup writes a setup in a few lines: turn, step, then each player's zones, with
// card IDs in brackets so actions and attachments can refer to them.
func DescribeSetup(s *harness.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Setup: turn %d, %s active, %s", s.Turn, s.Active, s.Step)
	if s.LandsPlayed > 0 {
		fmt.Fprintf(&b, ", %d land played", s.LandsPlayed)
	}
	b.WriteByte('\n')
	for p := range s.Players {
		ps := &s.Players[p]
		fmt.Fprintf(&b, "  %s: life %d", harness.Player(p), ps.Life)
		if !ps.Pool.IsZero() {
			fmt.Fprintf(&b, ", pool %s", ps.Pool)
		}
		b.WriteByte('\n')
		if len(ps.Battlefield) > 0 {
			parts := make([]string, len(ps.Battlefield))
			for i, pm := range ps.Battlefield {
				parts[i] = describePermanent(&pm)
			}
			fmt.Fprintf(&b, "    battlefield: %s\n", strings.Join(parts, ", "))
		}
		for _, z := range []struct {
			name  string
			cards []harness.CardSpec
		}{{"hand", ps.Hand}, {"library (top first)", ps.Library}, {"graveyard", ps.Graveyard}, {"exile", ps.Exile}} {
			if len(z.cards) == 0 {
				continue
			}
			parts := make([]string, len(z.cards))
			for i, c := range z.cards {
				parts[i] = fmt.Sprintf("[%d] %s", c.ID, c.Name)
			}
			fmt.Fprintf(&b, "    %s: %s\n", z.name, strings.Join(parts, ", "))
		}
	}
	return b.String()
}

func describePermanent(pm *harness.PermanentSpec) string {
	var status []string
	if pm.FaceDown {
		status = append(status, "face down")
	}
	if pm.Tapped {
		status = append(status, "tapped")
	}
	if pm.Sick {
		status = append(status, "sick")
	}
	if pm.Owner != nil {
		status = append(status, "owned by "+pm.Owner.String())
	}
	for _, k := range harness.SortedKeys(pm.Counters) {
		status = append(status, fmt.Sprintf("%d %s", pm.Counters[k], k))
	}
	if pm.Damage > 0 {
		status = append(status, fmt.Sprintf("%d damage", pm.Damage))
	}
	for _, k := range harness.SortedKeys(pm.Choices) {
		status = append(status, k+" "+pm.Choices[k])
	}
	for _, c := range pm.Copying {
		status = append(status, fmt.Sprintf("copying [%d]", c))
	}
	for _, c := range pm.ExiledWith {
		status = append(status, fmt.Sprintf("exiled with it [%d]", c))
	}
	if pm.AttachedTo != 0 {
		status = append(status, fmt.Sprintf("attached to [%d]", pm.AttachedTo))
	}
	s := fmt.Sprintf("[%d] %s", pm.ID, pm.Name)
	if len(status) > 0 {
		s += " (" + strings.Join(status, ", ") + ")"
	}
	return s
}

// DescribeAction says what a does, naming cards as they are in before.
func DescribeAction(before *harness.Snapshot, a harness.Action) string {
	name := func(c harness.CardID) string {
		if o := before.Find(c); o != nil && o.Name != "" {
			return fmt.Sprintf("%s [%d]", o.Name, c)
		}
		if c == a.Card && a.Name != "" {
			return fmt.Sprintf("%s [%d]", a.Name, c)
		}
		return fmt.Sprintf("card [%d]", c)
	}
	p := a.Player.String()
	var s string
	switch a.Kind {
	case harness.Pass:
		return p + " passes"
	case harness.PlayLand:
		s = p + " plays " + name(a.Card)
	case harness.Cast:
		s = p + " casts " + name(a.Card)
	case harness.Activate:
		s = p + " activates " + name(a.Card)
		if text := AbilityText(before, &a); text != "" {
			s += fmt.Sprintf(": %q", text)
		} else {
			s += fmt.Sprintf(" ability %d", a.Ability)
		}
	case harness.Pay:
		return p + " pays " + a.Payment.String()
	case harness.Cancel:
		return p + " cancels"
	case harness.Choose:
		s = p + " chooses"
	case harness.Attack:
		if len(a.Attackers) == 0 {
			return p + " declares no attackers"
		}
		names := make([]string, len(a.Attackers))
		for i, c := range a.Attackers {
			names[i] = name(c)
		}
		return p + " attacks with " + strings.Join(names, ", ")
	default:
		return a.String()
	}
	if a.X != 0 {
		s += fmt.Sprintf(" with X=%d", a.X)
	}
	for i, t := range a.Targets {
		if i == 0 {
			s += " targeting "
		} else {
			s += ", "
		}
		switch {
		case t.Stack != 0:
			s += stackName(before, t.Stack)
		case t.IsPlayer():
			s += "player " + t.Player.String()
		default:
			s += name(t.Card)
		}
	}
	if len(a.Choices) > 0 {
		s += " [" + strings.Join(a.Choices, ", ") + "]"
	}
	return s
}

// stackName names a stack object of before: "Spark Spray (stack object 7)", or for an
// ability "Drifting Meadow's ability (stack object 9)".
func stackName(before *harness.Snapshot, id harness.ObjectID) string {
	for _, so := range before.Stack {
		if so.Object == id {
			if so.Kind == "ability" {
				return fmt.Sprintf("%s's ability (stack object %d)", so.Name, id)
			}
			return fmt.Sprintf("%s (stack object %d)", so.Name, id)
		}
	}
	return fmt.Sprintf("stack object %d", id)
}
