package report

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Tracer replays a counterexample on an engine with the given faults switched on, and
// returns the trace with the snapshot after every step: the HTML report draws its boards
// from it. nil draws no boards.
type Tracer func(fault string, setup harness.Setup, actions []harness.Action) *gen.Trace

// htmlBoard is the game at one moment: the start, or after one action with the events
// that action caused.
type htmlBoard struct {
	Title      string   // "At the start", "After action 2"
	Action     string   // the action that led here
	Events     []string // what the action did
	Players    [2]htmlPlayer
	Stack      []string // top first
	Turn       string
	Violations []string // violations seen at this moment
}

type htmlPlayer struct {
	Name                   string
	Life                   int
	Pool                   string
	Zones                  string // library size, hand, graveyard and exile, where not empty
	Permanents             []htmlPermanent
	Active, Priority, Lost bool
}

// htmlPermanent is a permanent with its computed characteristics.
type htmlPermanent struct {
	Card      harness.CardID
	Name      string
	TypeLine  string
	Cost      string
	PT        string
	Loyalty   string
	Flags     []string // tapped, summoning sick, token, face down
	Counters  []string
	Damage    int
	Attached  string
	CopyOf    string
	Choices   []string
	Abilities []string
	Tapped    bool
	Marked    bool // the violation names it
}

// boards draws a trace as boards: the start and the board after each step. The
// violations are shown on the board of the moment they were seen, and the permanents
// they name ("card 3") are marked.
func boards(tr *gen.Trace, violations []props.Violation) []htmlBoard {
	if tr == nil {
		return nil
	}
	at := map[int][]props.Violation{}
	for _, v := range violations {
		at[v.Step] = append(at[v.Step], v)
	}
	var out []htmlBoard
	add := func(step int, title, action string, events []harness.Event, s *harness.Snapshot) {
		b := htmlBoard{Title: title, Action: action, Turn: turnLine(s)}
		marked := map[harness.CardID]bool{}
		for _, v := range at[step] {
			b.Violations = append(b.Violations, ViolationText(v, tr.Actions()))
			for _, m := range cardRef.FindAllStringSubmatch(v.Message, -1) {
				n, _ := strconv.Atoi(m[1])
				marked[harness.CardID(n)] = true
			}
		}
		for _, e := range events {
			b.Events = append(b.Events, e.Text)
		}
		for pl := range s.Players {
			b.Players[pl] = player(s, harness.Player(pl), marked)
		}
		for i := len(s.Stack) - 1; i >= 0; i-- {
			b.Stack = append(b.Stack, stackLine(s.Stack[i]))
		}
		out = append(out, b)
	}
	// A board's title is its place, as a heading: "At the start", "After action 2".
	title := func(step int) string {
		p := gen.Place{Step: step}.String()
		return strings.ToUpper(p[:1]) + p[1:]
	}
	add(-1, title(-1), "", nil, &tr.Start)
	for i := range tr.Steps {
		st := &tr.Steps[i]
		add(i, title(i), fmt.Sprintf("T%d %s %s: %s", st.Before.Turn, st.Action.Player, st.Before.Step, st.Action), st.Events, st.After)
	}
	return out
}

// cardRef finds the card numbers a violation message names: "(card 3, A's)".
var cardRef = regexp.MustCompile(`\bcard (\d+)\b`)

func turnLine(s *harness.Snapshot) string {
	line := fmt.Sprintf("Turn %d, %s active, %s", s.Turn, s.Active, s.Step)
	if s.Priority != harness.NoPlayer {
		line += fmt.Sprintf(", %s has priority", s.Priority)
	}
	if s.Pending != nil {
		line += fmt.Sprintf("; %s to decide: %s", s.Pending.Player, s.Pending.Prompt)
	}
	if s.GameOver {
		line += "; the game is over"
	}
	return line
}

func player(s *harness.Snapshot, pl harness.Player, marked map[harness.CardID]bool) htmlPlayer {
	ps := &s.Players[pl]
	out := htmlPlayer{Name: pl.String(), Life: ps.Life, Pool: ps.Pool.String(),
		Active: s.Active == pl, Priority: s.Priority == pl, Lost: ps.Lost}
	var zones []string
	if n := len(ps.Library); n > 0 {
		zones = append(zones, plural(n, "card")+" in library")
	}
	for _, z := range []struct {
		name string
		objs []*harness.Object
	}{{"hand", ps.Hand}, {"graveyard", ps.Graveyard}, {"exile", ps.Exile}} {
		if len(z.objs) > 0 {
			zones = append(zones, z.name+": "+strings.Join(names(z.objs), ", "))
		}
	}
	out.Zones = strings.Join(zones, " · ")
	names := map[harness.CardID]string{}
	for _, o := range s.Battlefield {
		names[o.Card] = fmt.Sprintf("%s [%d]", o.Name, o.Card)
	}
	for _, o := range s.Battlefield {
		if o.Controller == pl {
			out.Permanents = append(out.Permanents, permanent(o, names, marked[o.Card]))
		}
	}
	return out
}

func names(objs []*harness.Object) []string {
	out := make([]string, len(objs))
	for i, o := range objs {
		out[i] = fmt.Sprintf("%s [%d]", o.Name, o.Card)
	}
	return out
}

func permanent(o *harness.Object, names map[harness.CardID]string, marked bool) htmlPermanent {
	p := htmlPermanent{Card: o.Card, Name: o.Name, Cost: o.ManaCost, Damage: o.Damage, CopyOf: o.CopyOf,
		Abilities: o.Abilities, Tapped: o.Tapped, Marked: marked}
	if p.Name == "" {
		p.Name = "(no name)"
	}
	line := strings.Join(append(slices.Clone(o.Supertypes), o.Types...), " ")
	if len(o.Subtypes) > 0 {
		line += " — " + strings.Join(o.Subtypes, " ")
	}
	p.TypeLine = line
	if o.Power != nil && o.Toughness != nil {
		p.PT = fmt.Sprintf("%d/%d", *o.Power, *o.Toughness)
	}
	if o.Loyalty != nil {
		p.Loyalty = strconv.Itoa(*o.Loyalty)
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{o.Tapped, "tapped"}, {o.Sick, "summoning sick"}, {o.Token, "token"}, {o.FaceDown, "face down"}} {
		if f.on {
			p.Flags = append(p.Flags, f.name)
		}
	}
	for _, k := range harness.SortedKeys(o.Counters) {
		if n := o.Counters[k]; n != 0 {
			p.Counters = append(p.Counters, fmt.Sprintf("%d %s", n, k))
		}
	}
	for _, k := range harness.SortedKeys(o.Choices) {
		p.Choices = append(p.Choices, k+": "+o.Choices[k])
	}
	if o.AttachedTo != 0 {
		p.Attached = names[o.AttachedTo]
		if p.Attached == "" {
			p.Attached = fmt.Sprintf("card %d", o.AttachedTo)
		}
	}
	return p
}

func stackLine(so harness.StackObject) string {
	s := fmt.Sprintf("%s's %s: %s", so.Controller, so.Kind, so.Name)
	if so.Text != "" {
		s += " — " + so.Text
	}
	if so.X > 0 {
		s += fmt.Sprintf(" (X=%d)", so.X)
	}
	if len(so.Targets) > 0 {
		var ts []string
		for _, t := range so.Targets {
			ts = append(ts, t.String())
		}
		s += " targeting " + strings.Join(ts, ", ")
	}
	return s
}
