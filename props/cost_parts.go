package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// The non-mana costs an ability's text prints are paid as its total cost is (CR 601.2h,
// 602.2b): "Pay N life" takes N life from its controller (119.4), "Remove N counters"
// takes them from the source, "Sacrifice N creatures" puts the creatures chosen into
// their owners' graveyards (701.21a). {T}, {Q} and loyalty costs have properties of their
// own (cost.tap-symbol, cost.untap-symbol, copy.planeswalker-loyalty).

var (
	reLifeCost    = regexp.MustCompile(`^Pay (\d+) life$`)
	reCounterCost = regexp.MustCompile(`^Remove (a|an|one|two|three|\d+) (\S+) counters? from `)
	reSacCost     = regexp.MustCompile(`^Sacrifice (a|an|one|two|three|four|five|\d+) creatures?$`)
)

// costNumber reads a count as a cost or an instruction prints it ("a", "five", "twenty",
// "2"; CR 107.1).
func costNumber(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return numberWords[strings.ToLower(s)]
}

// numberWords are the numbers the pool's texts spell out.
var numberWords = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10, "twenty": 20}

// checkPayableOffered: at each step, every activated ability of a permanent of the player
// with priority whose cost want accepts, and whose every part the snapshot shows payable
// (readyCost), is listed, as clause of ruling: a mana ability may be activated whenever
// its controller has priority or pays for something (CR 605.3a), any other ability whenever
// they have priority and nothing waits for its cost (602.2, 601.2g), if they can pay the
// cost (118.3). Abilities with targets (there may be none) and with a timing restriction
// ("Activate only ...") are left alone.
func checkPayableOffered(tr *gen.Trace, v *Verdict, clause, ruling string, want func(cost string) bool) {
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b := st.Before
		if b.Priority == harness.NoPlayer || b.GameOver {
			continue
		}
		for j := range b.Battlefield {
			o := b.Battlefield[j]
			if o.Controller != b.Priority {
				continue
			}
			for k, t := range o.Abilities {
				a := manaoracle.ParseAbility(t)
				if !a.Activated || !want(a.Cost) ||
					!a.Mana && (b.Casting != nil || strings.Contains(t, "target") || strings.Contains(t, "Activate only")) {
					continue
				}
				why, ready := readyCost(b, o, a.Cost)
				if !ready {
					continue
				}
				v.Reach(clause)
				if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool {
					return a.Kind == harness.Activate && a.Player == b.Priority && a.Card == o.Card && a.Ability == k
				}) {
					v.add(clause, violation(i-1, ruling, "602.2", fmt.Sprintf("%s's ability %q", describe(o), t),
						fmt.Sprintf("listed: %s has priority and can pay its cost (%s), so the ability can be activated (CR 602.2, 605.3a, 118.3)",
							b.Priority, why),
						"not listed"))
				}
			}
		}
	}
}

// readyCost reports whether the snapshot shows every part of cost, an ability's of o,
// payable, and says why: {T} an untapped source that summoning sickness
// doesn't stop (CR 107.5, 302.6), "Pay N life" a life total of N or more (119.4),
// "Remove N KIND counters from ..." N such counters on o. A cost with any other part
// (mana, {Q}, a sacrifice) is not judged: ready false.
func readyCost(b *harness.Snapshot, o *harness.Object, cost string) (why string, ready bool) {
	var whys []string
	for _, part := range strings.Split(cost, ", ") {
		switch m, c := reLifeCost.FindStringSubmatch(part), reCounterCost.FindStringSubmatch(part); {
		case part == "{T}":
			if o.Tapped || sicknessBlocks(b, o) {
				return "", false
			}
			whys = append(whys, describe(o)+" is untapped and "+readiness(b, o))
		case m != nil:
			n, _ := strconv.Atoi(m[1])
			if b.Players[o.Controller].Life < n {
				return "", false
			}
			whys = append(whys, fmt.Sprintf("%s has %d life", o.Controller, b.Players[o.Controller].Life))
		case c != nil:
			if o.Counters[c[2]] < costNumber(c[1]) {
				return "", false
			}
			whys = append(whys, fmt.Sprintf("it has %d %s counters", o.Counters[c[2]], c[2]))
		default:
			return "", false
		}
	}
	return strings.Join(whys, "; "), true
}

// readiness says why summoning sickness doesn't stop o's {T} abilities.
func readiness(b *harness.Snapshot, o *harness.Object) string {
	switch {
	case !isCreature(o):
		return "no creature"
	case !o.Sick:
		return "not summoning-sick"
	case hasKeyword(o, "Haste"):
		return "has haste"
	}
	return "its controller may activate its abilities as though it had haste"
}

// sicknessBlocks reports whether summoning sickness stops src's {T}/{Q} abilities now
// (CR 302.6, 702.10c).
func sicknessBlocks(s *harness.Snapshot, src *harness.Object) bool {
	return isCreature(src) && src.Sick && !hasKeyword(src, "Haste") && !asThoughHaste(s, src.Controller)
}

// needsNonPlayerTarget reports whether ability text t targets something other than a
// player, which may be missing.
func needsNonPlayerTarget(t string) bool {
	return strings.Count(t, "target") > strings.Count(t, "target player")
}

var reCostSymbol = regexp.MustCompile(`\{([^{}]+)\}`)

// manaValueXZero is the mana value of a mana cost written "{X}{X}{2}{G}" with X as 0
// (CR 202.3, 107.3g): generic numbers count as themselves, other symbols as one. It
// reports false for a cost it can't read (a hybrid or Phyrexian symbol).
func manaValueXZero(cost string) (int, bool) {
	n := 0
	for _, m := range reCostSymbol.FindAllStringSubmatch(cost, -1) {
		sym := m[1]
		switch {
		case sym == "X":
		case strings.ContainsAny(sym, "/"):
			return 0, false
		case sym[0] >= '0' && sym[0] <= '9':
			k, err := strconv.Atoi(sym)
			if err != nil {
				return 0, false
			}
			n += k
		case strings.Contains("WUBRGCS", sym) && len(sym) == 1:
			n++
		default:
			return 0, false
		}
	}
	return n, true
}

// missingPayment applies the exchange relation between the payments of one cost (CR
// 601.2h: the player chooses which mana of the pool pays the generic part): each payment
// offered, with one mana of its generic part of type a paid with a type b the pool still
// holds instead, is a payment of the same cost that the pool covers, so it is offered too.
// From any one payment the exchanges reach every other, so a listing that leaves one out
// fails here. colored is the cost's coloured part, pool the payer's pool; it returns an
// offered payment and the exchanged one missing, or ok false.
func missingPayment(offered []harness.Mana, colored, pool harness.Mana) (from, missing harness.Mana, ok bool) {
	for _, m := range offered {
		for a := range harness.NumManaTypes {
			if m[a] <= colored[a] {
				continue // no mana of type a pays the generic part
			}
			for b := range harness.NumManaTypes {
				if b == a || pool[b] <= m[b] {
					continue
				}
				x := m
				x[a]--
				x[b]++
				if !slices.Contains(offered, x) {
					return m, x, true
				}
			}
		}
	}
	return harness.Mana{}, harness.Mana{}, false
}

// reMorphCost reads a morph cost as the card's Oracle text prints it (CR 702.37a).
var reMorphCost = regexp.MustCompile(`^Morph ((?:\{[^}]+\})+)`)

// printedMorphCost is the morph cost card prints ("{3}{R}{R}{R}"), if it has morph.
func printedMorphCost(card cards.Card) (string, bool) {
	for _, text := range card.Oracle {
		if m := reMorphCost.FindStringSubmatch(text); m != nil {
			return m[1], true
		}
	}
	return "", false
}

// printedMorphParts is the coloured and generic parts of the morph cost the card named
// name prints; ok is false for a card not in the pool, without morph, or with a symbol
// printedCost doesn't know.
func printedMorphParts(name string) (colored harness.Mana, generic int, ok bool) {
	card, ok := cards.ByName(name)
	if !ok {
		return harness.Mana{}, 0, false
	}
	cost, ok := printedMorphCost(card)
	if !ok {
		return harness.Mana{}, 0, false
	}
	return printedCost(cost, 0)
}

// reCostPart reads one symbol of a cost.
var reCostPart = regexp.MustCompile(`\{([^}]+)\}`)

// printedCost reads the mana of a cost text: its coloured part and its generic part, X
// counting x each time it appears. ok is false for a symbol it doesn't know.
func printedCost(cost string, x int) (colored harness.Mana, generic int, ok bool) {
	for _, m := range reCostPart.FindAllStringSubmatch(cost, -1) {
		s := m[1]
		if n, err := strconv.Atoi(s); err == nil {
			generic += n
			continue
		}
		switch s {
		case "X":
			generic += x
		case "T", "Q":
		default:
			t, err := harness.ParseManaType(s)
			if err != nil {
				return harness.Mana{}, 0, false
			}
			colored[t]++
		}
	}
	return colored, generic, true
}
