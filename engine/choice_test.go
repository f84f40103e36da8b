package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"pgregory.net/rapid"
)

// choiceProgram is a generated resolution that asks several choices: step i asks a choice
// of kind kinds[i] among sizes[i] options, less the index picked at the step before (so
// the tree of choices is irregular and many choices are forced, with one option).
type choiceProgram struct {
	kinds []string
	sizes []int
}

func drawProgram(t *rapid.T) choiceProgram {
	n := rapid.IntRange(1, 6).Draw(t, "steps")
	var p choiceProgram
	for i := 0; i < n; i++ {
		p.kinds = append(p.kinds, rapid.SampledFrom([]string{h.ChoiceType, h.ChoiceReplace, h.ChoiceOption}).Draw(t, "kind"))
		p.sizes = append(p.sizes, rapid.IntRange(1, 3).Draw(t, "size"))
	}
	return p
}

// options lists the options of step i after the previous pick.
func (p choiceProgram) options(i, prev int) []string {
	n := max(1, p.sizes[i]-prev)
	out := make([]string, n)
	for j := range out {
		out[j] = fmt.Sprintf("s%d-%d", i, j)
	}
	return out
}

// run asks the program's choices through ch and returns the index picked at each step.
func (p choiceProgram) run(ch chooser) ([]int, error) {
	var picks []int
	prev := 0
	for i := range p.kinds {
		c, err := ch.choose(p.kinds[i], p.options(i, prev))
		if err != nil {
			return picks, err
		}
		_, j, _ := strings.Cut(c, "-")
		prev, _ = strconv.Atoi(j)
		picks = append(picks, prev)
	}
	return picks, nil
}

// TestScriptedReplaysEveryExploredPath: the choices an exploration records for a path
// (what Legal lists) replay, through the scripted chooser (what Apply uses), to exactly the
// same picks, every written choice used. A forced choice must not take the next written
// choice of its kind.
func TestScriptedReplaysEveryExploredPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProgram(t)
		type path struct {
			choices []string
			picks   []int
		}
		var paths []path
		err := explore(func(e *explorer) error {
			picks, err := p.run(e)
			paths = append(paths, path{e.path(), picks})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range paths {
			sc := &scripted{choices: want.choices}
			got, err := p.run(sc)
			if err != nil {
				t.Fatalf("choices %q: %v", want.choices, err)
			}
			if err := sc.done(); err != nil {
				t.Fatalf("choices %q: %v", want.choices, err)
			}
			if !slices.Equal(got, want.picks) {
				t.Fatalf("choices %q replayed as picks %v, explored as %v", want.choices, got, want.picks)
			}
		}
	})
}

// TestEveryListedChoiceApplies: a resolving ability asks a generated series of choices
// (CR 608.2), some forced; at every pending decision every action Legal lists applies
// without error, and the choices taken are the ones the resolution carried out.
func TestEveryListedChoiceApplies(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProgram(t)
		for i := range p.kinds {
			p.kinds[i] = h.ChoiceOption // what a resolution asks through resolution.Choose
		}
		def := newCardDef(chars{Name: "Chooser", Types: []string{"Artifact"}, Cost: manaCost{None: true}}, []*ability{{
			Text: "{0}: Make the choices.", Kind: Activated,
			Resolve: func(r *resolution) {
				prev, code := 0, 0
				for i := range p.kinds {
					c := r.Choose(p.options(i, prev))
					_, j, _ := strings.Cut(c, "-")
					prev, _ = strconv.Atoi(j)
					code = code*4 + prev
				}
				r.AddCounters(r.Source().ID, Charge, code+1) // +1: zero counters would not show
			},
		}})
		s, err := newGame(board([]string{"Wastes"}, nil), nil)
		if err != nil {
			t.Fatal(err)
		}
		s = s.clone()
		src := s.mut(s.Battlefield[0])
		src.Def = def
		s.finish(nil)
		step := func(a h.Action) {
			next, _, err := applyAction(s, a)
			if err != nil {
				t.Fatalf("%s: %v", a, err)
			}
			s = next
		}
		step(h.Action{Player: h.A, Kind: h.Activate, Card: src.Card})
		step(h.Action{Player: h.A, Kind: h.Pay})
		step(h.Action{Player: h.A, Kind: h.Pass})
		step(h.Action{Player: h.B, Kind: h.Pass})
		var taken []string
		for s.Decision != nil {
			if len(taken) > len(p.kinds) {
				t.Fatalf("more decisions (%q, now %q) than choices the resolution asks", taken, s.Decision.Options)
			}
			legal := legalActions(s)
			for _, a := range legal {
				if _, _, err := applyAction(s, a); err != nil {
					t.Fatalf("listed %s, which fails: %v", a, err)
				}
			}
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "pick")]
			_, o := h.SplitChoice(a.Choices[0])
			taken = append(taken, o)
			step(a)
		}
		// Decode what the resolution did and compare it with the options taken.
		code := s.live(s.Battlefield[0]).Counters[Charge] - 1
		picks := make([]int, len(p.kinds))
		for i := len(p.kinds) - 1; i >= 0; i-- {
			picks[i], code = code%4, code/4
		}
		var want []string
		prev := 0
		for i, j := range picks {
			if opts := p.options(i, prev); len(opts) > 1 {
				want = append(want, opts[j])
			} else if j != 0 {
				t.Fatalf("step %d had one option, but the resolution took index %d", i, j)
			}
			prev = j
		}
		if !slices.Equal(taken, want) {
			t.Fatalf("options taken %q, but the resolution carried out %q", taken, want)
		}
	})
}
