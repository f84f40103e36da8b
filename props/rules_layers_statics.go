package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The continuous effects of static abilities (CR 604.1, 611.3) are judged by a second
// relation with a fresh board (fresh.go): the same board set up twice as a new game, once
// as it is and once without one permanent with a static ability, differs in exactly what
// that ability prints, and in nothing else. A new game carries no resolved effect, so the
// only difference between the two is that permanent: "Equipped creature gets +2/+0" makes
// its host, and only its host, 2 more power (613.4c); "Equipped creature has "..."" gives
// it that ability once (613.1f); "Creatures of the chosen color get +1/+1" makes each
// creature of the chosen colour 1/1 bigger and no other (a colour chosen as it entered,
// 614.12). The texts it knows are read from the permanent's abilities as the engine shows
// them; a static ability in words it doesn't know is left alone.

// staticText is one static ability that modifies other objects, as read from its text.
type staticText struct {
	clause string
	// attached: it applies to what its source is attached to ("Equipped creature",
	// "Enchanted creature"); else to each creature of its source's chosen colour.
	attached bool
	power    int
	tough    int
	grants   string // "has": the ability text granted, in place of a P/T change
}

var (
	reAttachedGets = regexp.MustCompile(`^(?:Equipped|Enchanted) creature gets ([+-]\d+)/([+-]\d+)\.$`)
	reAttachedHas  = regexp.MustCompile(`^(?:Equipped|Enchanted) creature has "(.+)"$`)
	reColorGets    = regexp.MustCompile(`^Creatures of the chosen colou?r get ([+-]\d+)/([+-]\d+)\.$`)
)

// readStatic reads one ability text, ok false for one that isn't such a static ability.
func readStatic(text string) (staticText, bool) {
	if m := reAttachedGets.FindStringSubmatch(text); m != nil {
		p, _ := strconv.Atoi(m[1])
		t, _ := strconv.Atoi(m[2])
		return staticText{clause: "attached-gets", attached: true, power: p, tough: t}, true
	}
	if m := reAttachedHas.FindStringSubmatch(text); m != nil {
		return staticText{clause: "attached-has", attached: true, grants: m[1]}, true
	}
	if m := reColorGets.FindStringSubmatch(text); m != nil {
		p, _ := strconv.Atoi(m[1])
		t, _ := strconv.Atoi(m[2])
		return staticText{clause: "chosen-color", power: p, tough: t}, true
	}
	return staticText{}, false
}

// staticsOf lists o's static abilities that modify other objects.
func staticsOf(o *harness.Object) []staticText {
	var out []staticText
	for _, text := range o.Abilities {
		if st, ok := readStatic(text); ok {
			out = append(out, st)
		}
	}
	return out
}

// checkStatics judges each board of the trace in which a permanent has such an ability,
// once per source and configuration (what it is attached to, the colour chosen, the
// permanents around it): the first board of each is compared with itself without it.
func checkStatics(eng harness.Engine, tr *gen.Trace, v *Verdict) {
	f := newFreshBoards(eng, tr)
	seen := map[string]bool{}
	for _, m := range moments(tr) {
		s := m.Snap
		for _, src := range s.Battlefield {
			texts := staticsOf(src)
			if len(texts) == 0 {
				continue
			}
			key := staticKey(s, src)
			if seen[key] {
				continue
			}
			seen[key] = true
			judgeStatic(f, m.Step, s, src, texts, v)
		}
	}
}

// staticKey says what decides what src's static abilities do on board s: its card, what
// it is attached to, its choices, and the permanents on the battlefield.
func staticKey(s *harness.Snapshot, src *harness.Object) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d>%d %v|", src.Card, src.AttachedTo, src.Choices)
	for _, o := range s.Battlefield {
		fmt.Fprintf(&b, "%d/%d ", o.Card, o.Object)
	}
	return b.String()
}

// judgeStatic compares board s set up fresh with and without src (at step i).
func judgeStatic(f *freshBoards, i int, s *harness.Snapshot, src *harness.Object, texts []staticText, v *Verdict) {
	skip := func(why string) {
		for _, st := range texts {
			v.Skip(st.clause, why)
		}
	}
	setup, fs := f.setupOf(s)
	if fs != nil {
		for _, st := range texts {
			fs.skipIn(v, st.clause)
		}
		return
	}
	without, why := withoutPermanent(setup, src.Card)
	if why != "" {
		skip(why)
		return
	}
	with, err := f.game(setup)
	if err != nil {
		skip("the engine could not start the board as a new game: " + err.Error())
		return
	}
	less, err := f.game(without)
	if err != nil {
		skip("the engine could not start the board without card " + strconv.Itoa(int(src.Card)) + " as a new game: " + err.Error())
		return
	}
	source := with.Permanent(src.Card)
	if source == nil {
		skip("the fresh board has no card " + strconv.Itoa(int(src.Card)))
		return
	}
	for _, st := range texts {
		compareStatic(i, source, st, with, less, v)
	}
}

// withoutPermanent is setup without card c's permanent, or why it can't be: a board in
// which something else is attached to it, copies it or was exiled with it would lose
// more than c.
func withoutPermanent(setup harness.Setup, c harness.CardID) (harness.Setup, string) {
	out := setup.Clone()
	for p := range out.Players {
		bf := &out.Players[p].Battlefield
		for _, pm := range *bf {
			if pm.AttachedTo == c || slices.Contains(pm.Copying, c) {
				return out, fmt.Sprintf("card %d (%s) is attached to or copies card %d: without it, the board would change in more than one permanent", pm.ID, pm.Name, c)
			}
			if pm.ID == c && len(pm.ExiledWith) > 0 {
				return out, fmt.Sprintf("card %d has cards exiled with it", c)
			}
		}
		*bf = slices.DeleteFunc(*bf, func(pm harness.PermanentSpec) bool { return pm.ID == c })
	}
	return out, ""
}

// compareStatic judges one static ability st of source (on the fresh board with it): each
// permanent with power and toughness on both fresh boards differs by exactly what st gives
// it, and has the ability st grants exactly once more if st gives it, else as often.
func compareStatic(i int, source *harness.Object, st staticText, with, less *harness.Snapshot, v *Verdict) {
	color := ""
	if !st.attached {
		if color = source.Choices["color"]; color == "" {
			return // no colour was chosen: it applies to nothing, which the board shows no sign of
		}
	}
	reached := false
	for _, o := range with.Battlefield {
		if o.Card == source.Card {
			continue
		}
		other := less.Permanent(o.Card)
		if other == nil || o.Power == nil || o.Toughness == nil || other.Power == nil || other.Toughness == nil {
			continue
		}
		applies := isCreature(o) && (st.attached && source.AttachedTo == o.Card || !st.attached && strings.Contains(o.Colors, color))
		reached = reached || applies
		wantP, wantT, wantN := 0, 0, 0
		if applies {
			wantP, wantT, wantN = st.power, st.tough, 1
		}
		var got string
		if st.grants != "" {
			if n := countOf(o.Abilities, st.grants) - countOf(other.Abilities, st.grants); n != wantN {
				got = fmt.Sprintf("it has %q %d time(s), and %d without card %d", st.grants, countOf(o.Abilities, st.grants), countOf(other.Abilities, st.grants), source.Card)
			}
		} else if dp, dt := *o.Power-*other.Power, *o.Toughness-*other.Toughness; dp != wantP || dt != wantT {
			got = fmt.Sprintf("%d/%d with it, %d/%d without it (%+d/%+d)", *o.Power, *o.Toughness, *other.Power, *other.Toughness, dp, dt)
		}
		if got != "" {
			v.add(st.clause, clauseViolation(i, "rules.layers", staticRule(st), st.clause, describe(o),
				fmt.Sprintf("on this board set up as a new game, %s on the same board without %s (card %d), whose %q %s",
					staticWant(st, applies), source.Name, source.Card, staticAbility(source, st), staticScope(st, applies)),
				got))
			return
		}
	}
	if reached {
		v.Reach(st.clause)
	}
}

func staticRule(st staticText) string {
	if st.grants != "" {
		return "613.1f"
	}
	return "613.4c"
}

func staticWant(st staticText, applies bool) string {
	switch {
	case !applies && st.grants != "":
		return "the same abilities as"
	case !applies:
		return "the same power and toughness as"
	case st.grants != "":
		return fmt.Sprintf("%q once more than", st.grants)
	}
	return fmt.Sprintf("%+d/%+d more than", st.power, st.tough)
}

func staticScope(st staticText, applies bool) string {
	switch {
	case applies:
		return "applies to it (CR 611.3)"
	case st.attached:
		return "applies only to what it is attached to (CR 301.5c, 303.4)"
	}
	return "applies only to creatures of the chosen colour (CR 611.3)"
}

// staticAbility is the text of source's ability st was read from.
func staticAbility(source *harness.Object, st staticText) string {
	for _, text := range source.Abilities {
		if r, ok := readStatic(text); ok && r == st {
			return text
		}
	}
	return ""
}
