package props

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Copy effects as a trace shows them (CR 707). A copy event is a step after which a
// permanent is a copy (its Snapshot CopyOf is set) with copiable values other than before,
// and the step says what it copied: the answer to "copy NAME (card N)" as it entered or as
// a "you may" copy ability resolved, or the target of the copy ability that resolved. The
// ability's text says its duration and its exceptions (CR 707.9); the copied object's
// copiable values are what the engine reports for it, or its printed card's when it
// copies nothing.

// copyEvent is one permanent becoming a copy.
type copyEvent struct {
	Step int             // the step; -1 for a copy effect in force at the start
	Obj  *harness.Object // the copy, after the step
	Was  *harness.Object // it before the step, when it was already this permanent
	Src  *harness.Object // what it copied, before the step (at the start for a setup's newest copy effect)
	// SrcValues are the copiable values it copied when known from the setup (CR 707.2): a
	// setup's copy effects start after those of what they copy (707.3).
	SrcValues *harness.Characteristics
	// Ability is the text of the ability whose effect it is.
	Ability    string
	Until      string // the duration: untilNextTurn, untilEndOfTurn or "" (none)
	Controller harness.Player
	// ChosenBy is the player who answered the "copy ..." choice that made it, NoPlayer
	// when no choice did (a targeted copy ability, a setup's copy effect).
	ChosenBy harness.Player
	Turn     int // the turn it began in
}

const (
	untilNextTurn  = "until your next turn"
	untilEndOfTurn = "until end of turn"
)

var reCopyOption = regexp.MustCompile(`^copy .* \(card (\d+)\)$`)

// copyEvents lists the copy events of a trace, in order, those in force at the start
// first (from the setup's Copying lists, oldest first).
func copyEvents(tr *gen.Trace) []copyEvent {
	var out []copyEvent
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			o := tr.Start.Permanent(pm.ID)
			if o == nil || len(pm.Copying) == 0 {
				continue
			}
			text := copyAbilityText(pm.Name)
			for k, c := range pm.Copying {
				e := copyEvent{Step: -1, Obj: o, Ability: text, Until: durationOf(text), Controller: harness.Player(p), Turn: tr.Setup.Turn}
				if src := setupPermanent(&tr.Setup, c); k == len(pm.Copying)-1 && src != nil {
					// The newest effect is the one it shows (CR 613.2a); a loop of copies
					// has no known values.
					if cv, ok := setupCopiable(&tr.Setup, src); ok {
						e.Src, e.SrcValues = tr.Start.Permanent(c), &cv
					}
				}
				out = append(out, e)
			}
		}
	}
	for i := range tr.Steps {
		st := &tr.Steps[i]
		src, top := copySource(st)
		if src == nil {
			continue
		}
		used := map[int]bool{} // the answers given to cards entering in step i
		for j := range st.After.Battlefield {
			o := st.After.Battlefield[j]
			if !o.Copying() {
				continue
			}
			was := st.Before.Permanent(o.Card)
			if was != nil && was.Object != o.Object {
				was = nil
			}
			if was != nil && sameTree(was.Copiable, o.Copiable) && was.CopyOf == o.CopyOf {
				continue
			}
			text, controller, chosenBy := top.Text, top.Controller, harness.NoPlayer
			if st.Action.Kind == harness.Choose {
				chosenBy = st.Action.Player
			}
			switch {
			case isCopier(top, o, was):
				if top.Kind == "spell" { // an "enters as a copy" replacement of the permanent spell
					text = copyAbilityText(top.Name)
				}
			case was == nil && st.Action.Kind == harness.Choose:
				// It entered answering its own "enter as a copy" choice while another
				// object's ability put it onto the battlefield (Oblivion Ring, Helvault,
				// Astral Slide returning a Clone): the replacement is the entering card's.
				from := st.Before.Find(o.Card)
				if from == nil || from.Zone == harness.Battlefield {
					continue
				}
				text, controller = copyAbilityText(from.Name), o.Controller
				if text == "" {
					continue
				}
				// Several may enter at once (Helvault), each answering its own choice.
				src, chosenBy = enteringSource(tr, i, o, src, used)
			default:
				continue
			}
			out = append(out, copyEvent{Step: i, Obj: o, Was: was, Src: src, Ability: text, Until: durationOf(text),
				Controller: controller, ChosenBy: chosenBy, Turn: st.Before.Turn})
		}
	}
	return out
}

// enteringSource is what o, one of the cards entering at once in step i, copied, and who
// chose it: of the "copy ... (card N)" answers of the choices that led to the step, one
// whose permanent o is now a copy of what it is, its controller's if one is (two cards
// entering as copies of the same permanent, each its own controller's choice); def, the
// step's own answer, when none is. The answers don't say which entering card each was
// for, so each answer is given to one card only (used, by step, across the cards of step
// i in card order), and an answer whose permanent's copiable values, with o's copy
// ability's exceptions, are o's own comes first (CR 707.2, 707.3, 707.9): two Clones
// entering as copies of a copy of Hill Giant and of a Phantasmal Image that is one are
// told apart by the Image's Illusion type.
func enteringSource(tr *gen.Trace, i int, o *harness.Object, def *harness.Object, used map[int]bool) (*harness.Object, harness.Player) {
	type answer struct {
		step int
		src  *harness.Object
		by   harness.Player
	}
	var answers []answer // in the order the old rule preferred: latest first, o's controller's first
	choicesLeadingTo(tr, i, func(st *gen.TraceStep) bool {
		if len(st.Action.Choices) == 0 {
			return true
		}
		_, opt := harness.SplitChoice(st.Action.Choices[0])
		m := reCopyOption.FindStringSubmatch(opt)
		if m == nil {
			return true
		}
		n, _ := strconv.Atoi(m[1])
		if t := tr.Steps[i].Before.Permanent(harness.CardID(n)); t != nil && (t.CopyOf == o.CopyOf || t.CopyOf == "" && t.Name == o.CopyOf) {
			answers = append(answers, answer{stepOf(tr, st), t, st.Action.Player})
		}
		return true
	})
	slices.SortStableFunc(answers, func(a, b answer) int {
		return boolRank(a.by != o.Controller) - boolRank(b.by != o.Controller)
	})
	text := ""
	if from := tr.Steps[i].Before.Find(o.Card); from != nil {
		text = copyAbilityText(from.Name)
	}
	fits := func(a answer) bool {
		cv, ok := copiableOf(a.src)
		return ok && o.Copiable != nil && copyValueDiff(expectedCopy(cv, text), *o.Copiable) == ""
	}
	for _, pass := range []func(answer) bool{fits, func(answer) bool { return true }} {
		for _, a := range answers {
			if !used[a.step] && pass(a) {
				used[a.step] = true
				return a.src, a.by
			}
		}
	}
	if len(answers) > 0 {
		return answers[0].src, answers[0].by
	}
	return def, tr.Steps[i].Action.Player
}

// stepOf is the index of st in tr.Steps.
func stepOf(tr *gen.Trace, st *gen.TraceStep) int {
	for k := range tr.Steps {
		if &tr.Steps[k] == st {
			return k
		}
	}
	return -1
}

// boolRank is 1 for true, 0 for false: a sort key.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// copySource finds what a step's resolving copy ability or entering copy copied: the
// permanent named by a "copy ... (card N)" answer, or the target of a resolving ability
// that makes its source a copy. It also returns the resolving stack object.
func copySource(st *gen.TraceStep) (*harness.Object, *harness.StackObject) {
	b := st.Before
	if len(b.Stack) == 0 {
		return nil, nil
	}
	top := &b.Stack[len(b.Stack)-1]
	switch st.Action.Kind {
	case harness.Choose:
		if len(st.Action.Choices) == 0 {
			return nil, nil
		}
		_, opt := harness.SplitChoice(st.Action.Choices[0])
		m := reCopyOption.FindStringSubmatch(opt)
		if m == nil {
			return nil, nil
		}
		n, _ := strconv.Atoi(m[1])
		return b.Permanent(harness.CardID(n)), top
	case harness.Pass:
		if top.Kind != "ability" || !strings.Contains(top.Text, "become a copy") && !strings.Contains(top.Text, "becomes a copy") ||
			strings.Contains(top.Text, "you may") || len(top.Targets) == 0 || top.Targets[0].IsPlayer() {
			return nil, nil
		}
		if stillOnStack(st.After, top.Object) {
			return nil, nil // it didn't resolve
		}
		return b.Permanent(top.Targets[0].Card), top
	}
	return nil, nil
}

// isCopier reports whether o is the permanent the resolving top made a copy: the
// ability's source, or the permanent spell that entered.
func isCopier(top *harness.StackObject, o, was *harness.Object) bool {
	if top.Kind == "spell" {
		return was == nil && o.Card == top.Card
	}
	return was != nil && o.Card == top.Card
}

// copyAbilityText is the copy ability's line of a card's Oracle text ("... become a copy
// ...", "... enter as a copy ...").
func copyAbilityText(name string) string {
	c, ok := cards.ByName(name)
	if !ok {
		return ""
	}
	for _, l := range c.Oracle {
		if strings.Contains(l, "a copy of") {
			return l
		}
	}
	return ""
}

func durationOf(text string) string {
	for _, d := range []string{untilNextTurn, untilEndOfTurn} {
		if strings.Contains(text, d) {
			return d
		}
	}
	return ""
}

// copiableOf is an object's copiable values (CR 707.2): what the engine reports when it
// copies something (or for a token whose creating effect set its size), a face-down
// permanent's 708.2a values, else its printed card's. ok is false when none is known: a
// token sized by the effect that created it (111.3) that the engine reports no copiable
// values for.
func copiableOf(o *harness.Object) (harness.Characteristics, bool) {
	if o.FaceDown {
		return faceDownValues(), true
	}
	if o.Copiable != nil {
		return *o.Copiable, true
	}
	if c, ok := cards.ByName(o.Name); ok && c.SizeX && o.Token {
		return harness.Characteristics{}, false
	}
	return printedValues(o.Name)
}

// faceDownValues are a face-down permanent's copiable values: the characteristics 708.2a
// gives it, whatever its card (a 2/2 creature with no name, mana cost, colour, subtype,
// supertype or ability), as a copy of it gets them (707.2; 708.2's example).
func faceDownValues() harness.Characteristics {
	two := 2
	return harness.Characteristics{Types: []string{"Creature"}, Power: &two, Toughness: &two, Abilities: []string{}}
}

// copiedName names what a copy copies (its CopyOf), for people: a face-down permanent has
// no name (CR 708.2a).
func copiedName(copyOf string) string {
	if copyOf == "" {
		return "a face-down permanent (no name)"
	}
	return copyOf
}

// printedValues are a card's printed characteristics from the cards table.
func printedValues(name string) (harness.Characteristics, bool) {
	c, ok := cards.ByName(name)
	if !ok {
		return harness.Characteristics{}, false
	}
	return harness.Characteristics{Name: c.Name, ManaCost: c.ManaCost, Colors: strings.Join(c.Colors, ""),
		Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness,
		Loyalty: c.Loyalty, Abilities: c.Abilities()}, true
}

// expectedCopy is what a copy event's copy must have as copiable values: the source's,
// with the copy ability's exceptions (CR 707.9): "except it has this ability" adds the
// ability, `it has "..."` adds the quoted one, "an X in addition to its other types" adds
// subtype X, "it isn't legendary" removes Legendary.
func expectedCopy(src harness.Characteristics, ability string) harness.Characteristics {
	out := src
	out.Abilities = slices.Clone(src.Abilities)
	if strings.Contains(ability, "except it has this ability") {
		out.Abilities = append(out.Abilities, ability)
	}
	if i, j := strings.Index(ability, `has "`), strings.LastIndex(ability, `"`); i >= 0 && j > i+5 {
		out.Abilities = append(out.Abilities, ability[i+5:j])
	}
	if m := reInAddition.FindStringSubmatch(ability); m != nil && !slices.Contains(out.Subtypes, m[1]) {
		out.Subtypes = append(slices.Clone(out.Subtypes), m[1])
	}
	if strings.Contains(ability, "isn't legendary") {
		out.Supertypes = slices.DeleteFunc(slices.Clone(out.Supertypes), func(s string) bool { return s == "Legendary" })
	}
	return out
}

var reInAddition = regexp.MustCompile(`it's an? (\w+) in addition to its other types`)

// copyValueDiff names the first characteristic in which got differs from want, or "".
func copyValueDiff(want, got harness.Characteristics) string {
	switch {
	case want.Name != got.Name:
		return "name " + quote(got.Name) + ", not " + quote(want.Name)
	case want.ManaCost != got.ManaCost:
		return "mana cost " + quote(got.ManaCost) + ", not " + quote(want.ManaCost)
	case want.Colors != got.Colors:
		return "colours " + quote(got.Colors) + ", not " + quote(want.Colors)
	case !slices.Equal(want.Supertypes, got.Supertypes):
		return "supertypes " + list(got.Supertypes) + ", not " + list(want.Supertypes)
	case !slices.Equal(want.Types, got.Types):
		return "types " + list(got.Types) + ", not " + list(want.Types)
	case !sameSet(want.Subtypes, got.Subtypes):
		return "subtypes " + list(got.Subtypes) + ", not " + list(want.Subtypes)
	case intText(want.Power)+"/"+intText(want.Toughness) != intText(got.Power)+"/"+intText(got.Toughness):
		return "P/T " + intText(got.Power) + "/" + intText(got.Toughness) + ", not " + intText(want.Power) + "/" + intText(want.Toughness)
	case intText(want.Loyalty) != intText(got.Loyalty):
		return "loyalty " + intText(got.Loyalty) + ", not " + intText(want.Loyalty)
	case want.Abilities != nil && !sameMultiset(want.Abilities, got.Abilities):
		return "abilities " + list(got.Abilities) + ", not " + list(want.Abilities)
	}
	return ""
}

func sameSet(a, b []string) bool {
	return sameMultiset(slices.Compact(slices.Sorted(slices.Values(a))), slices.Compact(slices.Sorted(slices.Values(b))))
}

func sameMultiset(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// decided is the step after which the decisions that step i left pending were answered:
// i itself when it left none, or the last of the choices that follow it.
func decided(tr *gen.Trace, i int) int {
	for i+1 < len(tr.Steps) && tr.Steps[i].After.Pending != nil && tr.Steps[i+1].Action.Kind == harness.Choose {
		i++
	}
	return i
}

// reEntersAsCopy matches an ability that has its permanent enter as a copy.
var reEntersAsCopy = regexp.MustCompile(`enter as a copy`)

// differsFrom reports whether o's power, toughness, types, colours or abilities differ
// from the characteristics c (its copiable values, say).
func differsFrom(o *harness.Object, c harness.Characteristics) bool {
	return intText(o.Power) != intText(c.Power) || intText(o.Toughness) != intText(c.Toughness) ||
		!slices.Equal(o.Types, c.Types) || o.Colors != c.Colors || !sameMultiset(o.Abilities, c.Abilities)
}
