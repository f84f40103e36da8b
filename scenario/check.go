package scenario

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

func (r *replayer) checkAll(es []Expectation) {
	if len(es) > 0 && r.trace != nil {
		defer func() { r.mark = len(r.trace.Steps) }()
	}
	for _, e := range es {
		line := e.Position().Line
		fails := r.check(e)
		if len(fails) == 0 {
			r.logf("  ok   line %d: %s", line, expectText(e))
			continue
		}
		for _, f := range fails {
			r.fail(line, "%s", f)
		}
	}
}

// expectText is a one-line rendering of an expectation for the log.
func expectText(e Expectation) string {
	n := expectationNode(e)
	return e.Key() + ": " + strings.TrimSpace(string(encodeFlow(n)))
}

// check returns one message per way the game differs from the expectation.
func (r *replayer) check(e Expectation) []string {
	s := &r.snap
	switch e := e.(type) {
	case *Offered:
		return r.checkOffered(e)
	case *Pool:
		var out []string
		for pl, want := range e.Pools {
			if want != nil && s.Players[pl].Pool != *want {
				out = append(out, fmt.Sprintf("expected %s's pool %s, got %s", harness.Player(pl), want, s.Players[pl].Pool))
			}
		}
		return out
	case *Life:
		var out []string
		for pl, want := range e.Life {
			if want != nil && s.Players[pl].Life != *want {
				out = append(out, fmt.Sprintf("expected %s's life %d, got %d", harness.Player(pl), *want, s.Players[pl].Life))
			}
		}
		return out
	case *Lost:
		var out []string
		for pl, want := range e.Lost {
			if want != nil && s.Players[pl].Lost != *want {
				out = append(out, fmt.Sprintf("expected %s %s, got %s", harness.Player(pl), lostWord(*want), lostWord(s.Players[pl].Lost)))
			}
		}
		return out
	case *Tapped:
		var out []string
		for _, ref := range e.Cards {
			o, msg := r.permanent(ref)
			if msg != "" {
				out = append(out, msg)
			} else if o.Tapped != e.Tapped {
				out = append(out, fmt.Sprintf("expected %s %s, got %s", ref, tappedWord(e.Tapped), tappedWord(o.Tapped)))
			}
		}
		return out
	case *Legality:
		return r.checkLegality(e)
	case *ObjectCheck:
		return r.checkObject(e)
	case *CouldProduce:
		id, err := r.book.one(e.Card, s)
		if err != nil {
			return []string{err.Error()}
		}
		mq, ok := harness.ManaQueriesOf(r.eng)
		if !ok {
			return []string{errNoManaQueries("could_produce")}
		}
		got, err := call("CouldProduce", func() (harness.TypeSet, error) { return mq.CouldProduce(r.st, id) })
		if err != nil {
			return []string{fmt.Sprintf("could_produce %s: %v", e.Card, err)}
		}
		if got != e.Types {
			return []string{fmt.Sprintf("expected %s could produce %s, got %s", e.Card, typesText(e.Types), typesText(got))}
		}
	case *ZoneContents:
		return r.checkZone(e)
	case *StackContents:
		got := []string{}
		for _, so := range s.Stack {
			got = append(got, so.Name)
		}
		if strings.Join(got, "\x00") != strings.Join(e.Names, "\x00") {
			return []string{fmt.Sprintf("expected the stack (bottom first) %s, got %s", listText(e.Names), listText(got))}
		}
	case *TurnStep:
		return checkTurnStep(e, s)
	case *PendingCheck:
		return checkPending(e, s)
	case *CastingCheck:
		return r.checkCasting(e)
	case *ViewCheck:
		return r.checkView(e)
	case *PropertyCheck:
		return r.checkProperty(e)
	case *ExiledWithCheck:
		return r.checkExiledWith(e)
	case *TriggerCheck:
		return r.checkTriggers(e)
	case *EventCheck:
		return r.checkEvents(e)
	}
	return nil
}

func tappedWord(t bool) string {
	if t {
		return "tapped"
	}
	return "untapped"
}

func lostWord(lost bool) string {
	if lost {
		return "to have lost the game"
	}
	return "still in the game"
}

func typesText(ts harness.TypeSet) string {
	if ts == 0 {
		return "no type"
	}
	return ts.String()
}

func listText(s []string) string { return "[" + strings.Join(s, ", ") + "]" }

// permanent finds the battlefield object a reference means, or says why it can't.
func (r *replayer) permanent(ref string) (*harness.Object, string) {
	id, err := r.book.one(ref, &r.snap)
	if err != nil {
		return nil, err.Error()
	}
	o := r.snap.Permanent(id)
	if o == nil {
		return nil, fmt.Sprintf("expected %s on the battlefield, got %s", ref, r.whereIs(id))
	}
	return o, ""
}

func (r *replayer) whereIs(id harness.CardID) string {
	if o := r.snap.Find(id); o != nil {
		return fmt.Sprintf("it in the %s", o.Zone)
	}
	for _, so := range r.snap.Stack {
		if so.Card == id && so.Kind == "spell" {
			return "it on the stack"
		}
	}
	return "it nowhere (it has left the game or ceased to exist)"
}

func (r *replayer) checkOffered(e *Offered) []string {
	id, err := r.book.one(e.Card, &r.snap)
	if err != nil {
		return []string{err.Error()}
	}
	idx := e.Ability.resolve(&r.snap, id)
	if idx < 0 {
		return []string{fmt.Sprintf("offered: %s has no %s (its abilities: %s)", e.Card, strings.TrimPrefix(e.Ability.String(), "ability "), r.abilitiesOf(id))}
	}
	mq, ok := harness.ManaQueriesOf(r.eng)
	if !ok {
		return []string{errNoManaQueries("offered")}
	}
	got, err := call("ManaOutcomes", func() ([]harness.Mana, error) { return mq.ManaOutcomes(r.st, id, idx) })
	if err != nil {
		return []string{fmt.Sprintf("offered %s ability %d: %v", e.Card, idx+1, err)}
	}
	want, have := outcomesText(e.Outcomes), outcomesText(got)
	if want != have {
		return []string{fmt.Sprintf("expected %s's ability %d to offer %s, got %s", e.Card, idx+1, want, have)}
	}
	return nil
}

func (r *replayer) abilitiesOf(id harness.CardID) string {
	if o := r.snap.Find(id); o != nil {
		return listText(o.Abilities)
	}
	return "unknown"
}

// outcomesText writes a set of outcomes in a fixed order (fewest mana first, then by
// symbols), "none" for the zero Mana.
func outcomesText(ms []harness.Mana) string {
	sorted := append([]harness.Mana(nil), ms...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Total() != sorted[j].Total() {
			return sorted[i].Total() < sorted[j].Total()
		}
		return sorted[i].String() < sorted[j].String()
	})
	parts := make([]string, len(sorted))
	for i, m := range sorted {
		parts[i] = outcomeText(m)
	}
	return listText(parts)
}

func outcomeText(m harness.Mana) string {
	if m.IsZero() {
		return "none"
	}
	return m.String()
}

func (r *replayer) checkLegality(e *Legality) []string {
	legal, err := call("Legal", func() ([]harness.Action, error) { return r.eng.Legal(r.st) })
	if err != nil {
		return []string{fmt.Sprintf("the engine could not list the legal actions: %v", err)}
	}
	n, err := r.countMatches(&e.Action, legal)
	if err != nil {
		return []string{err.Error()}
	}
	switch {
	case e.Legal && n == 0:
		rs, _ := r.resolveSpec(&e.Action)
		return []string{fmt.Sprintf("expected %q to be legal, got not legal; %s", e.Action.String(), r.offers(rs, legal))}
	case !e.Legal && n > 0:
		var matching []harness.Action
		rs, _ := r.resolveSpec(&e.Action)
		for _, la := range legal {
			if ok, _ := r.matches(rs, la); ok {
				matching = append(matching, la)
			}
		}
		return []string{fmt.Sprintf("expected %q to be illegal, got legal:\n%s", e.Action.String(), r.lines(matching, maxListed))}
	}
	return nil
}

func checkTurnStep(e *TurnStep, s *harness.Snapshot) []string {
	var out []string
	if e.Turn != nil && *e.Turn != s.Turn {
		out = append(out, fmt.Sprintf("expected turn %d, got turn %d", *e.Turn, s.Turn))
	}
	if e.Active != nil && *e.Active != s.Active {
		out = append(out, fmt.Sprintf("expected %s's turn, got %s's", *e.Active, s.Active))
	}
	if e.Step != nil && *e.Step != s.Step {
		out = append(out, fmt.Sprintf("expected step %s, got %s", *e.Step, s.Step))
	}
	if e.Priority != nil && *e.Priority != s.Priority {
		out = append(out, fmt.Sprintf("expected priority %s, got %s", playerOrNone(*e.Priority), playerOrNone(s.Priority)))
	}
	return out
}

func playerOrNone(p harness.Player) string {
	if p == harness.NoPlayer {
		return "none"
	}
	return p.String()
}

func checkPending(e *PendingCheck, s *harness.Snapshot) []string {
	d := s.Pending
	if e.None {
		if d != nil {
			return []string{fmt.Sprintf("expected no pending decision, got %s to decide %q %s", d.Player, d.Prompt, listText(d.Options))}
		}
		return nil
	}
	if d == nil {
		return []string{"expected a pending decision, got none"}
	}
	var out []string
	if e.Player != nil && *e.Player != d.Player {
		out = append(out, fmt.Sprintf("expected %s to decide, got %s", *e.Player, d.Player))
	}
	if e.Options != nil && listText(*e.Options) != listText(d.Options) {
		out = append(out, fmt.Sprintf("expected options %s, got %s", listText(*e.Options), listText(d.Options)))
	}
	return out
}

func (r *replayer) checkCasting(e *CastingCheck) []string {
	c := r.snap.Casting
	if e.None {
		if c != nil {
			return []string{fmt.Sprintf("expected nothing being cast, got %s", c.Name)}
		}
		return nil
	}
	if c == nil {
		return []string{"expected a spell or ability being cast, got none"}
	}
	var out []string
	if e.Card != "" {
		id, err := r.book.one(e.Card, &r.snap)
		if err != nil {
			return []string{err.Error()}
		}
		if id != c.Card {
			out = append(out, fmt.Sprintf("expected %s being cast, got %s (#%d)", e.Card, c.Name, c.Card))
		}
	}
	if e.Cost != nil {
		got := Cost{Generic: c.Generic, Mana: c.Cost}
		if got != *e.Cost {
			out = append(out, fmt.Sprintf("expected a total cost of %s, got %s", e.Cost, got))
		}
	}
	return out
}

// errNoManaQueries is the failure of an expectation on an engine that does not answer the
// mana queries it needs (harness.ManaQueries).
func errNoManaQueries(what string) string {
	return what + ": the engine does not answer mana queries (harness.ManaQueries)"
}
