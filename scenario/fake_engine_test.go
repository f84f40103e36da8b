package scenario_test

import (
	"errors"
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// toyEngine is a tiny harness.Engine for testing the replayer without the reference
// engine: lands tap for one mana, passing priority moves to the next step, and two
// cards misbehave on purpose ("Bomb" panics when tapped, "Brick" is listed but refused).
// "Prism" taps for W or U, so a line that doesn't choose is ambiguous.
type toyEngine struct{}

type toyState struct{ snap harness.Snapshot }

var toyMana = map[string]string{"Forest": "G", "Island": "U", "Bomb": "C", "Brick": "C", "Prism": "WU"}

func (toyEngine) Name() string { return "toy" }
func (toyEngine) Close() error { return nil }

func (toyEngine) Start(s harness.Setup) (harness.State, error) {
	snap := harness.Snapshot{Turn: s.Turn, Active: s.Active, Step: s.Step, Priority: s.Active}
	for p := range s.Players {
		snap.Players[p].Life = s.Players[p].Life
		snap.Players[p].Pool = s.Players[p].Pool
		for _, pm := range s.Players[p].Battlefield {
			o := &harness.Object{Card: pm.ID, Name: pm.Name, Controller: harness.Player(p), Owner: harness.Player(p),
				Zone: harness.Battlefield, Tapped: pm.Tapped}
			if _, ok := toyMana[pm.Name]; ok {
				o.Abilities = []string{"{T}: Add mana."}
			}
			snap.Battlefield = append(snap.Battlefield, o)
		}
	}
	return &toyState{snap: snap}, nil
}

func (toyEngine) Legal(st harness.State) ([]harness.Action, error) {
	s := st.(*toyState).snap
	p := s.Priority
	out := []harness.Action{{Player: p, Kind: harness.Pass}}
	for _, o := range s.Battlefield {
		if o.Controller != p || o.Tapped || len(o.Abilities) == 0 {
			continue
		}
		types := toyMana[o.Name]
		for _, t := range types {
			a := harness.Action{Player: p, Kind: harness.Activate, Card: o.Card, Name: o.Name}
			if len(types) > 1 {
				a.Choices = []string{harness.Choice(harness.ChoiceType, string(t))}
			}
			out = append(out, a)
		}
	}
	return out, nil
}

func (e toyEngine) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	old := st.(*toyState).snap
	s := old
	s.Battlefield = append([]*harness.Object(nil), old.Battlefield...)
	switch a.Kind {
	case harness.Pass:
		i := s.Step.Index() + 1
		if i == len(harness.Steps) {
			i = 0
			s.Turn++
			s.Active = s.Active.Opponent()
		}
		s.Step, s.Priority = harness.Steps[i], s.Active
		s.Players[0].Pool, s.Players[1].Pool = harness.Mana{}, harness.Mana{}
		return &toyState{snap: s}, []harness.Event{{Kind: "step", Text: fmt.Sprintf("turn %d %s", s.Turn, s.Step)}}, nil
	case harness.Activate:
		for i := range s.Battlefield {
			o := s.Battlefield[i]
			if o.Card != a.Card {
				continue
			}
			switch o.Name {
			case "Bomb":
				panic("boom")
			case "Brick":
				return nil, nil, errors.New("CR 605.3a: the brick won't budge")
			}
			o.Tapped = true
			t := toyMana[o.Name][:1]
			if len(a.Choices) > 0 {
				_, t = harness.SplitChoice(a.Choices[0])
			}
			m, _ := harness.ParseMana(t)
			s.Players[a.Player].Pool = s.Players[a.Player].Pool.Add(m)
			return &toyState{snap: s}, []harness.Event{{Kind: "mana_added", Text: "adds " + m.String()}}, nil
		}
	}
	return nil, nil, fmt.Errorf("toy: can't %s", a.Kind)
}

func (toyEngine) Observe(st harness.State) (harness.Snapshot, error) { return st.(*toyState).snap, nil }

func (toyEngine) ManaOutcomes(st harness.State, card harness.CardID, ability int) ([]harness.Mana, error) {
	s := st.(*toyState).snap
	o := s.Permanent(card)
	if o == nil || ability != 0 {
		return nil, fmt.Errorf("toy: no mana ability %d of card %d", ability, card)
	}
	var out []harness.Mana
	for _, t := range toyMana[o.Name] {
		m, _ := harness.ParseMana(string(t))
		out = append(out, m)
	}
	return out, nil
}

func (e toyEngine) CouldProduce(st harness.State, card harness.CardID) (harness.TypeSet, error) {
	outs, err := e.ManaOutcomes(st, card, 0)
	var ts harness.TypeSet
	for _, m := range outs {
		ts = ts.Union(m.Types())
	}
	return ts, err
}
