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

// linkedAbilities checks ruling copy.linked-abilities: an ability that refers to "the
// exiled card" or to cards "exiled with" its object refers only to the cards its linked
// ability exiled (CR 607.1, 607.2a); a copy's pair of linked abilities is linked on the
// copy only, and only under the copy effect that gave it (707.7, 607.5): a link made under
// one copy effect is gone once another begins or it ends, even if the same permanent later
// copies the same card again. It reads what the engine reports as exiled with each
// permanent (Snapshot ExiledWith) over the trace: where each card went to exile from,
// whether the permanent's copy effects changed since, and what its "return the exiled
// card" abilities return.
func linkedAbilities() *Property {
	const ruling = "copy.linked-abilities"
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"607.1", "607.2a", "707.7", "303.4f", "303.4g", "610.3c"},
		Description: "A permanent's \"exiled card\" abilities refer only to what its own linked ability exiled, under the copy " +
			"effect in force: a copy starts with nothing exiled with it, and a link made under one copy effect is gone once it ends.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "own-exile", Rules: []string{"607.2a", "607.1"}, Description: "every card exiled with a permanent went to exile as an ability of that permanent resolved, or was exiled with it in the setup"},
			{Name: "exiles-with", Rules: []string{"607.2a", "607.1"}, Description: "a card an \"exile\" ability of a permanent with an \"exiled with\" ability exiles as it resolves is exiled with that permanent, if it is still there as the same object with the same abilities"},
			{Name: "copy-starts-unlinked", Rules: []string{"707.7", "607.5"}, Description: "a permanent that has just become a copy of one with linked abilities has nothing exiled with it"},
			{Name: "lost-on-copy-change", Rules: []string{"707.7", "607.5"}, Description: "a card exiled with a permanent before its copy effects changed (one began, or one ended) is no longer exiled with it, whatever it copies now"},
			{Name: "returns-exiled-with", Rules: []string{"607.2a", "603.10a"}, Description: "a \"return the exiled card\" ability returns exactly the cards exiled with its source as it last was on the battlefield"},
			{Name: "returned-aura-attaches", Rules: []string{"303.4f"}, Description: "a returned Aura enters attached to a permanent it may enchant that was on the battlefield before it returned, not one returned with it"},
			{Name: "returns-to-owner", Rules: []string{"610.3c", "108.3"}, Description: "a card an \"under its owner's control\" return puts onto the battlefield from another player's exile is controlled by that player, its owner, not by the returning ability's controller"},
			{Name: "returned-aura-stays", Rules: []string{"303.4g"}, Description: "a returned Aura with nothing on the battlefield it may enchant stays in exile"},
		},
		Steer: linkedSteer(ruling),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			var v Verdict
			ms := moments(tr)
			checkOwnExile(tr, ms, &v)
			checkExilesWith(tr, &v)
			checkCopyStartsUnlinked(tr, &v)
			checkLostOnCopyChange(tr, ms, &v)
			checkReturns(tr, ms, &v)
			checkReturnedAuras(tr, ms, &v)
			return v
		},
	}
}

const linkedRuling = "copy.linked-abilities"

// reRefersToExiled matches an ability that refers to cards its linked ability exiled.
var reRefersToExiled = regexp.MustCompile(`(?i)the exiled card|exiled with`)

// refersToExiled reports whether o has an ability referring to the cards exiled with it.
func refersToExiled(o *harness.Object) bool {
	return slices.ContainsFunc(o.Abilities, reRefersToExiled.MatchString)
}

// exiledObject is the object that card c is in exile in s, or 0.
func exiledObject(s *harness.Snapshot, c harness.CardID) harness.ObjectID {
	if o := s.Find(c); o != nil && o.Zone == harness.Exile {
		return o.Object
	}
	return 0
}

// exiledAt is the step after which card c became the exile object x (CR 406.7: exiled
// again, it is a new object), or -1 when it has been x since the start.
func exiledAt(tr *gen.Trace, last int, c harness.CardID, x harness.ObjectID) int {
	for j := last; j >= 0; j-- {
		if exiledObject(tr.Steps[j].Before, c) != x {
			return j
		}
	}
	return -1
}

// setupExiledWith reports whether the setup says card c was exiled with permanent p.
func setupExiledWith(tr *gen.Trace, p, c harness.CardID) bool {
	for pl := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[pl].Battlefield {
			if pm.ID == p && slices.Contains(pm.ExiledWith, c) {
				return true
			}
		}
	}
	return false
}

// resolvingTop is the stack object resolving in step st, or nil: the top of the stack
// before a pass that removed it or a choice made while it resolves.
func resolvingTop(st *gen.TraceStep) *harness.StackObject {
	b := st.Before
	if len(b.Stack) == 0 || (st.Action.Kind != harness.Pass && st.Action.Kind != harness.Choose) {
		return nil
	}
	return &b.Stack[len(b.Stack)-1]
}

// checkOwnExile: each card exiled with a permanent went to exile as an ability of that
// same permanent resolved (CR 607.2a), or the setup put it there with it.
func checkOwnExile(tr *gen.Trace, ms []moment, v *Verdict) {
	for m, mo := range ms {
		for i := range mo.Snap.Battlefield {
			p := mo.Snap.Battlefield[i]
			if len(p.ExiledWith) == 0 {
				continue
			}
			v.Reach("own-exile")
			for _, c := range p.ExiledWith {
				x := exiledObject(mo.Snap, c)
				if x == 0 {
					v.Violations = append(v.Violations, clauseViolation(mo.Step, linkedRuling, "607.2a", "own-exile",
						describe(p),
						"only cards in exile are exiled with it (CR 607.2a)", fmt.Sprintf("card %d, not in exile", c)))
					continue
				}
				s := exiledAt(tr, m-1, c, x)
				var why string
				switch {
				case s < 0:
					if start := tr.Start.Permanent(p.Card); start == nil || start.Object != p.Object || !setupExiledWith(tr, p.Card, c) {
						why = "in exile since the start, not exiled with it by the setup"
					}
				default:
					top, was := resolvingTop(&tr.Steps[s]), tr.Steps[s].Before.Permanent(p.Card)
					switch {
					case top == nil || top.Kind != "ability":
						why = fmt.Sprintf("exiled by %s, not as an ability resolved", where(tr, s))
					case top.Card != p.Card || was == nil || was.Object != p.Object:
						why = fmt.Sprintf("exiled as an ability of %s (card %d) resolved, %s", top.Name, top.Card, where(tr, s))
					}
				}
				if why != "" {
					v.Violations = append(v.Violations, clauseViolation(mo.Step, linkedRuling, "607.2a", "own-exile",
						fmt.Sprintf("card %d exiled with %s", c, describe(p)),
						"only cards its own linked ability exiled (CR 607.1, 607.2a)", why))
				}
			}
		}
	}
}

// reExiles matches the text of an ability that exiles (not one referring to what was
// exiled: "exiled" is another word).
var reExiles = regexp.MustCompile(`(?i)\bexile\b`)

// checkExilesWith is own-exile's converse: a card that went to exile as an ability of a
// permanent resolved, the ability one that exiles and the permanent one with an ability
// referring to the cards exiled with it, is exiled with the permanent afterwards (CR
// 607.2a: the abilities are linked), so long as the permanent is the same object with the
// same abilities, the resolving one among them (a permanent whose copy effect changed
// while the ability waited has other abilities, and its links start anew, 607.5).
func checkExilesWith(tr *gen.Trace, v *Verdict) {
	for s := range tr.Steps {
		st := &tr.Steps[s]
		top := resolvingTop(st)
		if top == nil || top.Kind != "ability" || !reExiles.MatchString(top.Text) || st.After == nil {
			continue
		}
		was, now := st.Before.Permanent(top.Card), st.After.Permanent(top.Card)
		if was == nil || now == nil || was.Object != now.Object || !refersToExiled(was) ||
			!slices.Equal(was.Abilities, now.Abilities) || !slices.Contains(was.Abilities, top.Text) {
			continue
		}
		for _, ps := range st.After.Players {
			for _, x := range ps.Exile {
				if exiledObject(st.Before, x.Card) == x.Object {
					continue // in exile before the ability resolved
				}
				v.Reach("exiles-with")
				if !slices.Contains(now.ExiledWith, x.Card) {
					v.Violations = append(v.Violations, clauseViolation(s, linkedRuling, "607.2a", "exiles-with",
						fmt.Sprintf("card %d (%s), exiled as %s resolved", x.Card, x.Name, describe(was)),
						"exiled with it: its \"exiled with\" ability refers to the cards its other abilities exile (CR 607.2a)",
						fmt.Sprintf("not exiled with it (exiled with it: %v)", now.ExiledWith)))
				}
			}
		}
	}
}

// checkCopyStartsUnlinked: a permanent that becomes a copy, or enters as one, gets the
// copied linked abilities but none of the copied object's links (CR 707.7, 607.5).
func checkCopyStartsUnlinked(tr *gen.Trace, v *Verdict) {
	for _, e := range copyEvents(tr) {
		if e.Step < 0 || !refersToExiled(e.Obj) {
			continue
		}
		v.Reach("copy-starts-unlinked")
		if len(e.Obj.ExiledWith) > 0 {
			v.Violations = append(v.Violations, clauseViolation(e.Step, linkedRuling, "707.7", "copy-starts-unlinked",
				fmt.Sprintf("%s became a copy of %s", describe(e.Obj), e.Obj.CopyOf),
				"nothing exiled with it: its copied linked abilities have exiled nothing yet (CR 707.7, 607.5)",
				fmt.Sprintf("cards %v exiled with it", e.Obj.ExiledWith)))
		}
	}
}

// copyChanged reports whether permanent o (the same object in st.Before as was) had its
// copy effects change in step st: it became a copy anew, or what it copies changed or
// ended.
func copyChanged(st *gen.TraceStep, was, o *harness.Object) bool {
	if was.CopyOf != o.CopyOf || !sameTree(was.Copiable, o.Copiable) {
		return true
	}
	_, top := copySource(st)
	return top != nil && isCopier(top, o, was)
}

// checkLostOnCopyChange: once a permanent's copy effects change, the cards exiled with it
// before are no longer (CR 707.7, 607.5); its new linked abilities start afresh.
func checkLostOnCopyChange(tr *gen.Trace, ms []moment, v *Verdict) {
	stale := map[harness.ObjectID]map[harness.CardID]harness.ObjectID{} // permanent -> card -> its exile object then
	for m := 1; m < len(ms); m++ {
		st := &tr.Steps[m-1]
		for i := range st.After.Battlefield {
			o := st.After.Battlefield[i]
			was := st.Before.Permanent(o.Card)
			if was == nil || was.Object != o.Object {
				continue
			}
			if copyChanged(st, was, o) && len(was.ExiledWith) > 0 {
				if stale[o.Object] == nil {
					stale[o.Object] = map[harness.CardID]harness.ObjectID{}
				}
				for _, c := range was.ExiledWith {
					stale[o.Object][c] = exiledObject(st.Before, c)
				}
			}
			old := stale[o.Object]
			if len(old) == 0 {
				continue
			}
			v.Reach("lost-on-copy-change")
			for _, c := range o.ExiledWith {
				if x, ok := old[c]; ok && x == exiledObject(st.After, c) {
					v.Violations = append(v.Violations, clauseViolation(m-1, linkedRuling, "707.7", "lost-on-copy-change",
						fmt.Sprintf("card %d exiled with %s (copy of %q)", c, describe(o), o.CopyOf),
						"not exiled with it: it was exiled under copy effects that have since changed, and the link is lost (CR 707.7, 607.5)",
						"still exiled with it"))
				}
			}
		}
	}
}

// reReturnsExiled matches an ability that returns the cards exiled with its object.
var reReturnsExiled = regexp.MustCompile(`(?i)return (the exiled card|all cards exiled with)`)

// checkReturns: as a "return the exiled card(s)" ability resolves, the cards that leave
// exile for the battlefield are those exiled with its source (returning); an Aura among
// them may stay there, when it has nothing to enchant (303.4g, judged by
// checkReturnedAuras), and an instant or sorcery card stays there (400.4a).
func checkReturns(tr *gen.Trace, ms []moment, v *Verdict) {
	for i := range tr.Steps {
		st := &tr.Steps[i]
		top, want, ok := returning(tr, ms, i)
		if !ok || st.Action.Kind != harness.Pass {
			continue
		}
		want = slices.DeleteFunc(want, func(c harness.CardID) bool {
			o := st.Before.Find(c)
			return hasSubtype(o, "Aura") && exiledObject(st.After, c) == exiledObject(st.Before, c) ||
				o != nil && (o.HasType("Instant") || o.HasType("Sorcery")) // it stays in exile (CR 400.4a)
		})
		var got []harness.CardID // the cards that left exile (an Aura may go on to the graveyard, CR 704.5m)
		for _, c := range exileCards(st.Before) {
			if exiledObject(st.After, c) != exiledObject(st.Before, c) {
				got = append(got, c)
			}
		}
		v.Reach("returns-exiled-with")
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(want, got) {
			v.Violations = append(v.Violations, clauseViolation(i, linkedRuling, "607.2a", "returns-exiled-with",
				fmt.Sprintf("%s resolves", top.Name+": "+top.Text),
				fmt.Sprintf("it returns the cards exiled with %s (card %d) as it last was on the battlefield: %v (CR 607.2a, 603.10a)", top.Name, top.Card, want),
				fmt.Sprintf("cards %v returned", got)))
		}
		checkReturnedOwners(tr, i, top, got, v)
	}
}

// reUnderOwners matches a return "under its owner's control" or "under their owners'
// control".
var reUnderOwners = regexp.MustCompile(`(?i)under (its owner's|their owners') control`)

// checkReturnedOwners: a card that ability top, resolving in step i, returned from
// another player's exile is under that player's control now, its owner's (CR 108.3: a
// card in a player's exile is that player's), whoever controls the returning ability
// (610.3c).
func checkReturnedOwners(tr *gen.Trace, i int, top *harness.StackObject, returned []harness.CardID, v *Verdict) {
	if !reUnderOwners.MatchString(top.Text) {
		return
	}
	st := &tr.Steps[i]
	for _, c := range returned {
		owner, ok := exileOwner(st.Before, c)
		now := st.After.Permanent(c)
		if !ok || owner == top.Controller || now == nil {
			continue
		}
		v.Reach("returns-to-owner")
		if now.Controller != owner {
			v.Violations = append(v.Violations, clauseViolation(i, linkedRuling, "610.3c", "returns-to-owner",
				fmt.Sprintf("%s resolves", top.Name+": "+top.Text),
				fmt.Sprintf("%s, returned from %s's exile, under %s's control: its owner's, not %s's, who controls the ability (CR 610.3c, 108.3)", describe(now), owner, owner, top.Controller),
				fmt.Sprintf("under %s's control", now.Controller)))
		}
	}
}

// exileOwner is the player in whose exile card c is in s: its owner (CR 108.3, 406.1).
func exileOwner(s *harness.Snapshot, c harness.CardID) (harness.Player, bool) {
	for p := range s.Players {
		for _, o := range s.Players[p].Exile {
			if o.Card == c {
				return harness.Player(p), true
			}
		}
	}
	return 0, false
}

// returning: in step i a "return the exiled card(s)" ability, top, finishes resolving (a
// pass, or the last choice it asked for), and want are the cards it returns: those exiled
// with its source as it last was on the battlefield (last known information, CR 603.10a,
// 608.2h), with any its linked ability exiled since, as far as they are still in exile.
func returning(tr *gen.Trace, ms []moment, i int) (top *harness.StackObject, want []harness.CardID, ok bool) {
	st := &tr.Steps[i]
	top = resolvingTop(st)
	if top == nil || top.Kind != "ability" || !reReturnsExiled.MatchString(top.Text) ||
		len(st.After.Stack) >= len(st.Before.Stack) || st.After.Pending != nil {
		return nil, nil, false
	}
	last := -1
	for m := i; m >= 0; m-- {
		if p := ms[m].Snap.Permanent(top.Card); p != nil {
			want, last = slices.Clone(p.ExiledWith), m
			break
		}
	}
	if last < 0 {
		return nil, nil, false
	}
	for j := last; j < i; j++ { // exiled by its linked ability after it left (CR 607.2a)
		if t := resolvingTop(&tr.Steps[j]); t != nil && t.Card == top.Card && t.Kind == "ability" {
			want = append(want, enteredExile(&tr.Steps[j])...)
		}
	}
	return top, slices.DeleteFunc(want, func(c harness.CardID) bool { return exiledObject(st.Before, c) == 0 }), true
}

// exileCards lists the cards in every exile zone of s.
func exileCards(s *harness.Snapshot) []harness.CardID {
	var out []harness.CardID
	for p := range s.Players {
		for _, o := range s.Players[p].Exile {
			out = append(out, o.Card)
		}
	}
	return out
}

// enteredExile lists the cards that went to exile in step st.
func enteredExile(st *gen.TraceStep) []harness.CardID {
	var out []harness.CardID
	for _, c := range exileCards(st.After) {
		if x := exiledObject(st.After, c); exiledObject(st.Before, c) != x {
			out = append(out, c)
		}
	}
	return out
}

// linkedSteer aims generation at linked abilities and their copies: Helvault, Oblivion
// Ring and Chrome Mox on the battlefield (often with cards already exiled with them) or in
// hand, beside copiers that can copy them (Mirage Mirror, Crystalline Resonance, Clever
// Impersonator), a second Helvault or a copy of one so that the legend rule puts one into
// the graveyard and its return trigger resolves, creatures to exile and nonartifact,
// nonland cards to imprint, and mana to pay.
func linkedSteer(name string) gen.Steer {
	linked := []gen.Pick{{Card: "Helvault", Weight: 14}, {Card: "Oblivion Ring", Weight: 24}, {Card: "Chrome Mox", Weight: 24}}
	copiers := []gen.Pick{{Card: "Mirage Mirror", Weight: 24}, {Card: "Crystalline Resonance", Weight: 14}, {Card: "Clever Impersonator", Weight: 10}}
	creatures := []gen.Pick{{Card: "Grizzly Bears", Weight: 14}, {Card: "Hill Giant", Weight: 10}, {Card: "Llanowar Elves", Weight: 8}}
	mana := []gen.Pick{{Card: "Wastes", Weight: 40}, {Card: "Island", Weight: 40}, {Card: "Plains", Weight: 30}}
	hand := []gen.Pick{{Card: "Chrome Mox", Weight: 20}, {Card: "Oblivion Ring", Weight: 20}, {Card: "Clever Impersonator", Weight: 20},
		{Card: "Giant Growth", Weight: 14}, {Card: "Dark Ritual", Weight: 14}, {Card: "Time Walk", Weight: 8}}
	// The exiled cards are drawn as hand cards are (gen's board.go).
	returnedAuras := []gen.Pick{{Card: "Pacifism", Weight: 50}, {Card: "Grizzly Bears", Weight: 25}, {Card: "Disenchant", Weight: 15}}
	recipes := []gen.Recipe{
		{Name: "linked and copiers", Weight: 6, Mine: slices.Concat(linked, copiers, mana), AvoidMine: gen.Land, Theirs: slices.Concat(linked, creatures),
			Hand: hand, Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "imprint and enter as a copy", Weight: 3, Mine: slices.Concat([]gen.Pick{{Card: "Chrome Mox", Weight: 30}, {Card: "Oblivion Ring", Weight: 20}}, creatures, mana),
			Theirs: creatures, Hand: slices.Concat(hand, []gen.Pick{{Card: "Clever Impersonator", Weight: 30}}), Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Only copiers and linked cards on A's side, so that what the copiers copy in the
		// setup has linked abilities; the end step, so that "until end of turn" ends soon.
		{Name: "copied links expire", Weight: 10, Mine: slices.Concat([]gen.Pick{{Card: "Mirage Mirror", Weight: 80}, {Card: "Crystalline Resonance", Weight: 40}, {Card: "Wastes", Weight: 50}}, linked),
			AvoidMine: gen.Permanent, Theirs: linked, AvoidTheirs: gen.Permanent, Steps: []harness.Step{harness.End, harness.End, harness.End, harness.Main2}},
		// Cycling with a Resonance out that copies a linked card, cards exiled with it:
		// each cycle triggers it (CR 702.29c), and copying again, the same card or
		// another, loses the link (707.7).
		{Name: "cycle into a linked resonance", Weight: 12, Mine: slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 100}, {Card: "Island", Weight: 80}}, linked),
			AvoidMine: gen.Permanent, Theirs: linked, Hand: []gen.Pick{{Card: "Curator of Mysteries", Weight: 40}, {Card: "Drifting Meadow", Weight: 30}},
			MinHand: 2, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Helvaults (two of one player's die to the legend rule as the game begins) and an
		// Oblivion Ring with Auras and creatures exiled with them, beside few creatures or
		// none: a returned Aura enchants a creature already out, or stays in exile (CR
		// 303.4f, g), whatever returns with it.
		{Name: "returned auras", Weight: 7,
			Mine: []gen.Pick{{Card: "Helvault", Weight: 80}, {Card: "Oblivion Ring", Weight: 15}, {Card: "Mirage Mirror", Weight: 10},
				{Card: "Grizzly Bears", Weight: 10}, {Card: "Plains", Weight: 25}},
			AvoidMine: gen.Permanent, Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 15}, {Card: "Hill Giant", Weight: 10}, {Card: "Plains", Weight: 20}},
			AvoidTheirs: gen.Permanent, Hand: returnedAuras, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "returned auras, no creature out", Weight: 5,
			Mine: []gen.Pick{{Card: "Helvault", Weight: 80}, {Card: "Plains", Weight: 20}}, AvoidMine: gen.Permanent,
			Theirs: []gen.Pick{{Card: "Plains", Weight: 20}}, AvoidTheirs: gen.Permanent, Hand: returnedAuras, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// A Mirage Mirror with the mana to become a copy of the other player's permanent
		// with linked abilities, or a Clever Impersonator to enter as one: the copy's
		// links start empty (CR 707.7, 607.5).
		{Name: "copy a linked permanent", Weight: 5,
			Mine:      []gen.Pick{{Card: "Mirage Mirror", Weight: 40}, {Card: "Wastes", Weight: 40}, {Card: "Island", Weight: 40}, {Card: "Mana Reflection", Weight: 10}},
			Theirs:    []gen.Pick{{Card: "Oblivion Ring", Weight: 30}, {Card: "Chrome Mox", Weight: 30}, {Card: "Helvault", Weight: 10}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, Hand: []gen.Pick{{Card: "Clever Impersonator", Weight: 100}},
			// The Mirror's {2} at once, with no land to tap first.
			Pool:    harness.Of(harness.Colorless, 2),
			MinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
		// Helvault with the {7} of its second ability ready and a second Helvault (the {3}
		// more) to cast: the first exiles a creature of the other player's, then dies to
		// the legend rule (704.5j), and its trigger returns what each of its two linked
		// abilities exiled (607.2a), not only the first's.
		{Name: "helvault's second ability", Weight: 3,
			Mine:   []gen.Pick{{Card: "Helvault", Weight: 100}, {Card: "Grizzly Bears", Weight: 20}},
			Theirs: creatures, AvoidMine: gen.Permanent, Hand: []gen.Pick{{Card: "Helvault", Weight: 100}},
			Pool: harness.Of(harness.Colorless, 10), MinHand: 1, MinPermanents: 1, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
		{Name: "over turns", Weight: 2, Mine: slices.Concat([]gen.Pick{{Card: "Mirage Mirror", Weight: 30}, {Card: "Crystalline Resonance", Weight: 20}}, linked, mana),
			Theirs: slices.Concat(linked, creatures), Hand: hand, Steps: []harness.Step{harness.Main2, harness.End}},
	}
	return gen.Steer{Name: name, Recipes: recipes, Actions: copyActions(), Prefer: preferLinking}
}

// preferLinking favours what makes and uses links: exiling ("exile ..." answers, Helvault's
// abilities), copying a permanent with linked abilities (a "copy ..." answer or a copy
// ability's target naming one), casting, paying, and letting the stack resolve; and, with
// the stack empty, passing on to a later step, where copy effects end and begin again.
func preferLinking(before *harness.Snapshot, a harness.Action) bool {
	switch a.Kind {
	case harness.Choose:
		for _, c := range a.Choices {
			_, v := harness.SplitChoice(c)
			if strings.HasPrefix(v, "exile ") || strings.HasPrefix(v, "keep ") {
				return true
			}
			if m := reCardOption.FindStringSubmatch(v); m != nil && (strings.HasPrefix(v, "copy ") || strings.HasPrefix(v, "target ")) {
				n, _ := strconv.Atoi(m[1])
				return before != nil && linkedPermanent(before, harness.CardID(n))
			}
		}
		return false
	case harness.Activate:
		if gen.IsManaAbility(before, &a) {
			return before != nil && before.Casting != nil
		}
		text := gen.AbilityText(before, &a)
		switch {
		case strings.HasPrefix(text, "Cycling"):
			return affordable(before, a.Player, strings.TrimPrefix(text, "Cycling "), a.X)
		case strings.Contains(text, "becomes a copy"):
			return len(a.Targets) > 0 && linkedPermanent(before, a.Targets[0].Card) && affordable(before, a.Player, text, 0)
		}
		return strings.Contains(text, "Exile target")
	case harness.Pass:
		return true
	}
	return preferCopying(before, a)
}

// linkedPermanent reports whether card c is a permanent with an ability referring to the
// cards exiled with it.
func linkedPermanent(s *harness.Snapshot, c harness.CardID) bool {
	o := s.Permanent(c)
	return o != nil && refersToExiled(o)
}
