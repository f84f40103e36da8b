package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// auraEquipment checks ruling copy.aura-equipment: what may stay attached to what, as the
// game goes on. A permanent that is an Aura must enchant something its enchant ability
// allows or go to the graveyard (CR 704.5m); an Equipment attached to anything but a
// creature becomes unattached and stays (704.5n); anything else attached, or a creature,
// becomes unattached (704.5p) — which is what happens to a Crystalline Resonance that
// equipped a creature as a copy of an Equipment once it is an enchantment again. Its
// clauses compare states across a step, and legal actions with the Auras' texts:
//
//   - aura-spell: an Aura spell is cast with one target its enchant ability allows
//     (303.4a), and resolves attached to it, or goes to the graveyard if the target is gone
//     (303.4f, 608.2b).
//   - host-changed: an Aura or Equipment that was legally attached is, once its host has
//     left the battlefield or stopped being what it may be attached to, in the graveyard
//     (an Aura) or still on the battlefield, unattached (an Equipment).
//   - not-attachment: a permanent that is attached but is a creature or neither an Aura nor
//     an Equipment stays on the battlefield and becomes unattached — among them an
//     attached copy of an Equipment whose copy effect ended (a Mirage Mirror as
//     Bonesplitter after the cleanup step, 611.2a).
//   - restriction: a creature enchanted by an Aura that says it can't attack or block is
//     never among the attackers or blockers offered (508.1c, 509.1b).
//   - became-aura: a permanent that becomes a copy of an Aura while attached to nothing it
//     could enchant is in its owner's graveyard once state-based actions are done (704.5m).
//   - copy-equips: a copy of an Equipment has its equip ability (707.2): its controller is
//     offered it at sorcery speed while they control another creature (702.6a).
//   - aura-copy-enters: a permanent that enters as a copy of an Aura (Clever Impersonator
//     copying Pacifism) isn't an Aura spell resolving: it enters attached to a permanent it
//     may enchant, of those on the battlefield, or with none, unattached, and goes to the
//     graveyard (303.4f, 707.5, 704.5m).
func auraEquipment() *Property {
	return &Property{
		ID:      "copy.aura-equipment",
		Rulings: []string{"copy.aura-equipment"},
		Rules:   []string{"704.5m", "704.5n", "704.5p", "303.4a", "303.4f", "301.5c", "508.1c", "509.1b", "707.5"},
		Description: "Auras target as spells and stay only on what they may enchant; Equipment and anything else attached " +
			"become unattached, and stay, once attached illegally; an Aura's \"can't attack or block\" holds.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay}},
		Clauses: []Clause{
			{Name: "aura-spell", Rules: []string{"303.4a", "303.4f", "608.2b"}, Description: "an Aura spell targets what it can enchant and enters attached to it"},
			{Name: "host-changed", Rules: []string{"704.5m", "704.5n"}, Description: "an Aura whose host became illegal is in the graveyard; such an Equipment is unattached on the battlefield"},
			{Name: "not-attachment", Rules: []string{"704.5p"}, Description: "an attached creature, or attached permanent that is neither Aura nor Equipment, becomes unattached and stays"},
			{Name: "restriction", Rules: []string{"508.1c", "509.1b"}, Description: "a creature enchanted by \"can't attack or block\" is never offered as an attacker or blocker",
				Needs: Needs{Actions: []harness.ActionKind{harness.Attack, harness.Block}}},
			{Name: "became-aura", Rules: []string{"704.5m", "707.4"}, Description: "becoming a copy of an Aura while not legally attached puts it into the graveyard"},
			{Name: "copy-equips", Rules: []string{"707.2", "702.6a"}, Description: "a copy of an Equipment is offered its equip ability at sorcery speed",
				Needs: needsActivation}, // an engine that offers no activation would fail it
			{Name: "aura-copy-enters", Rules: []string{"303.4f", "707.5", "704.5m"}, Description: "a permanent entering as a copy of an Aura enters attached to something it may enchant, or with nothing to enchant goes to the graveyard"},
		},
		Steer: gen.Steer{
			Name:    "copy.aura-equipment",
			Recipes: attachmentRecipes(),
			Actions: &gen.ActionWeights{Pass: 4, Preferred: 100, Mana: 6, Land: 2, Cast: 4, Pay: 8, Activate: 6, Attack: 6, Choose: 4, Cancel: 1},
			Prefer:  preferAttaching,
		},
		Check: checkAttachments,
	}
}

// attachmentRecipes are copy.aura-equipment's boards: Auras and Equipment on creatures and
// lands, Aura spells to cast, copies of attachments (Mirage Mirror, Crystalline
// Resonance, Clever Impersonator), and pacified creatures in combat.
func attachmentRecipes() []gen.Recipe {
	return []gen.Recipe{
		{Name: "auras and equipment on creatures and lands", Weight: 4,
			Mine: []gen.Pick{{Card: "Plains", Weight: 20}, {Card: "Mutavault", Weight: 20}, {Card: "Wastes", Weight: 10}, {Card: "Grizzly Bears"},
				{Card: "Bonesplitter"}, {Card: "Pacifism"}, {Card: "Umbral Mantle"}, {Card: "Wild Growth"}},
			Theirs: []gen.Pick{{Card: "Grizzly Bears"}, {Card: "Pacifism"}, {Card: "Hill Giant"}},
			Hand: []gen.Pick{{Card: "Pacifism", Weight: 30}, {Card: "Bonesplitter", Weight: 20}, {Card: "Disenchant", Weight: 10},
				{Card: "Wild Growth", Weight: 10}, {Card: "Giant Growth", Weight: 5}},
			Steps: []harness.Step{harness.Main1, harness.Main2, harness.End}},
		{Name: "aura spells", Weight: 9,
			Mine:   []gen.Pick{{Card: "Plains", Weight: 40}, {Card: "Forest", Weight: 20}, {Card: "Grizzly Bears", Weight: 20}},
			Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 10}},
			Hand:   []gen.Pick{{Card: "Pacifism", Weight: 120}, {Card: "Wild Growth", Weight: 40}, {Card: "Disenchant", Weight: 10}},
			Steps:  []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200, AvoidMine: gen.Permanent, MinHand: 1, MinPermanents: 4},
		// Mirage Mirror and Crystalline Resonance copying Bonesplitter and Pacifism: an
		// Equipment copy to equip, and reverting at the cleanup (Mirror) or before its
		// controller's next turn (Resonance, set up copying).
		{Name: "copies of attachments", Weight: 4,
			Mine: []gen.Pick{{Card: "Wastes", Weight: 30}, {Card: "Mountain", Weight: 15}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Mirage Mirror", Weight: 25},
				{Card: "Crystalline Resonance", Weight: 15}, {Card: "Bonesplitter", Weight: 20}, {Card: "Pacifism", Weight: 10}},
			Theirs:    []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Pacifism", Weight: 20}, {Card: "Crystalline Resonance", Weight: 10}},
			Hand:      []gen.Pick{{Card: "Spark Spray", Weight: 30}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Steps: []harness.Step{harness.Main1, harness.Main2, harness.End}},
		{Name: "mirror and pacifism", Weight: 12,
			Mine:      []gen.Pick{{Card: "Wastes", Weight: 50}, {Card: "Mirage Mirror", Weight: 30}, {Card: "Grizzly Bears", Weight: 10}},
			Theirs:    []gen.Pick{{Card: "Pacifism", Weight: 30}, {Card: "Grizzly Bears", Weight: 30}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Mirage Mirror set up copying Bonesplitter, or with the mana to become one, in a
		// main phase beside a creature of mine to equip.
		{Name: "mirror as bonesplitter", Weight: 12,
			Mine: []gen.Pick{{Card: "Mirage Mirror", Weight: 30}, {Card: "Bonesplitter", Weight: 30}, {Card: "Grizzly Bears", Weight: 35},
				{Card: "Wastes", Weight: 20}},
			Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Plains", Weight: 20}},
			// The Mirror's {2} at once, so it can become a Bonesplitter and equip.
			Pool:      harness.Of(harness.Colorless, 2),
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 5, Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "equipment copies at the end of turn", Weight: 3,
			Mine:      []gen.Pick{{Card: "Mirage Mirror", Weight: 30}, {Card: "Bonesplitter", Weight: 30}, {Card: "Grizzly Bears", Weight: 30}, {Card: "Pacifism", Weight: 10}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, Steps: []harness.Step{harness.End}},
		// Clever Impersonator in hand, with the mana to cast it (Mana Reflection halves the
		// Islands to tap), in a main phase, beside Pacifisms to copy and creatures (or
		// none) for the copy to enchant.
		{Name: "impersonating an aura", Weight: 8,
			Mine:      []gen.Pick{{Card: "Island", Weight: 80}, {Card: "Mana Reflection", Weight: 30}, {Card: "Grizzly Bears", Weight: 10}},
			Theirs:    []gen.Pick{{Card: "Pacifism", Weight: 40}, {Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 15}},
			Hand:      []gen.Pick{{Card: "Clever Impersonator", Weight: 300}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinHand: 1, MinPermanents: 5, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 300},
		{Name: "pacified creatures in combat", Weight: 3,
			Mine:   []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 20}, {Card: "Pacifism", Weight: 30}},
			Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Pacifism", Weight: 30}},
			Steps:  []harness.Step{harness.BeginCombat, harness.Main1}, MinPermanents: 3},
	}
}

// preferAttaching favours what attaches, copies an attachment or tests one: paying for
// what is being cast, choosing an attachment, equipping, animating Mutavault, cycling,
// copying an attachment, casting Auras, Equipment, targeted spells and copies, attacking
// and blocking, and passing while the stack resolves or combat begins or ends.
func preferAttaching(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before == nil:
		return false
	case before.Casting != nil:
		return advancesPayment(before, a)
	case a.Kind == harness.Choose:
		return choosesCard(before, a, func(o *harness.Object) bool { return attachmentKind(o) != attachedOther })
	case a.Kind == harness.Activate:
		t := gen.AbilityText(before, &a)
		return strings.HasPrefix(t, "Equip {") || strings.Contains(t, "becomes a 2/2") || preferCycling(false)(before, a) ||
			strings.Contains(t, "becomes a copy") && len(a.Targets) == 1 && attachmentTarget(before, a.Targets[0]) &&
				affordable(before, a.Player, t, 0)
	case a.Kind == harness.Attack, a.Kind == harness.Block:
		return len(a.Attackers)+len(a.Blocks) > 0
	case a.Kind == harness.Cast:
		o := before.Find(a.Card)
		return o != nil && (o.HasType("Enchantment") || o.HasType("Artifact") || len(a.Targets) > 0 || slices.ContainsFunc(o.Abilities, reEntersAsCopy.MatchString)) && affordable(before, a.Player, o.ManaCost, a.X)
	case a.Kind == harness.Pass:
		n := len(before.Stack)
		return n > 0 || before.Step == harness.BeginCombat || before.Step == harness.DeclareAttackers || before.Step == harness.End
	}
	return false
}

func checkAttachments(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	// The start: the setup's attachments against the state-based actions of the start.
	if settled(&tr.Start) {
		for p := range tr.Setup.Players {
			for _, pm := range tr.Setup.Players[p].Battlefield {
				// A set-up copy gone from the battlefield shows its card's values: judgeAttachment
				// judges it as what the setup's copy effects made it (setupLeftAs).
				if pm.AttachedTo != 0 {
					judgeAttachment(tr, -1, &tr.Start, &tr.Start, pm.ID, pm.AttachedTo, &v)
				}
			}
		}
	}
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkAuraSpell(tr, i, st, &v)
		checkRestriction(tr, i, st, &v)
		checkBecameAura(tr, i, &v)
		checkCopyEquips(tr, i, &v)
		checkAuraCopyEnters(tr, i, &v)
		if !settled(st.After) {
			continue
		}
		for j := range st.Before.Battlefield {
			if o := st.Before.Battlefield[j]; o.AttachedTo != 0 {
				if ok, known := mayAttach(o, st.Before.Permanent(o.AttachedTo)); ok || !known || attachmentKind(o) == attachedOther {
					// Legal before (or an Equipment that stops being one now): judge what it is now.
					judgeAttachment(tr, i, st.Before, st.After, o.Card, o.AttachedTo, &v)
				}
			}
		}
	}
	return v
}

// judgeAttachment judges card, attached to host in before, in the settled state after.
func judgeAttachment(tr *gen.Trace, step int, before, after *harness.Snapshot, card, host harness.CardID, v *Verdict) {
	const ruling = "copy.aura-equipment"
	was := before.Find(card)
	now := after.Find(card)
	if was == nil || now == nil {
		return
	}
	if now.Zone == harness.Battlefield && now.Object != was.Object {
		return // a new object: it left and came back (CR 400.7)
	}
	what := fmt.Sprintf("%s, attached to card %d", describe(was), host)
	// What it is now decides (the state-based actions look at the permanent as it is).
	it := now
	printed := printedObject(was.Name)
	if now.Zone != harness.Battlefield {
		it = was
		if pm := setupPermanent(&tr.Setup, card); step == -1 && pm != nil && len(pm.Copying) > 0 {
			// Gone as the game began: it was what the setup's copy effects made it
			// (last_known.go), not its card.
			lk, ok := setupLeftAs(&tr.Setup, pm, was)
			if !ok {
				return
			}
			it, printed = &lk, &lk
		}
	}
	hostNow := after.Permanent(host)
	// Whether it should still be on the battlefield: at the start only state-based
	// actions have happened, and none but this one moves a permanent that can't die to
	// toughness, damage or loyalty (704.5f, g, i), the legend rule (j) or a Saga's last
	// chapter (s); after an action, something else may have removed it.
	mustStay := step == -1 && printed != nil && !isCreature(printed) && !printed.HasType("Planeswalker") && !printed.HasSupertype("Legendary") &&
		!slices.Contains(printed.Subtypes, "Saga")
	wrong := func() bool {
		return now.Zone == harness.Battlefield && now.AttachedTo != 0 || now.Zone != harness.Battlefield && mustStay
	}
	switch attachmentKind(it) {
	case attachedAura:
		ok, known := mayAttach(it, hostNow)
		if ok || !known {
			return
		}
		v.Reach("host-changed")
		if now.Zone != harness.Graveyard {
			v.Violations = append(v.Violations, clauseViolation(step, ruling, "704.5m", "host-changed", what,
				"an Aura attached to something it can't enchant, or to nothing, is put into its owner's graveyard (CR 704.5m)",
				fmt.Sprintf("it is %s, attached to card %d", zoneWord(now), now.AttachedTo)))
		}
	case attachedEquipment:
		if ok, _ := mayAttach(it, hostNow); ok {
			return
		}
		v.Reach("host-changed")
		if wrong() {
			v.Violations = append(v.Violations, clauseViolation(step, ruling, "704.5n", "host-changed", what,
				"an Equipment attached to something not a creature becomes unattached and stays on the battlefield (CR 704.5n)",
				fmt.Sprintf("it is %s, attached to card %d", zoneWord(now), now.AttachedTo)))
		}
	default:
		v.Reach("not-attachment")
		if wrong() {
			v.Violations = append(v.Violations, clauseViolation(step, ruling, "704.5p", "not-attachment", what,
				"a creature, or a permanent that is neither an Aura nor an Equipment, becomes unattached and stays on the battlefield (CR 704.5p)",
				fmt.Sprintf("it is %s, attached to card %d, and is %s", zoneWord(now), now.AttachedTo, strings.Join(append(append([]string(nil), now.Types...), now.Subtypes...), " "))))
		}
	}
}

// checkAuraSpell: the aura-spell clause, on the casts offered and on a resolving Aura.
func checkAuraSpell(tr *gen.Trace, i int, st *gen.TraceStep, v *Verdict) {
	const ruling = "copy.aura-equipment"
	b := st.Before
	for _, a := range st.Legal {
		if a.Kind != harness.Cast {
			continue
		}
		aura := b.Find(a.Card)
		if aura == nil || attachmentKind(aura) != attachedAura {
			continue
		}
		what := fmt.Sprintf("%s listed as legal", a)
		if len(a.Targets) != 1 || a.Targets[0].IsPlayer() {
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "303.4a", "aura-spell", what,
				"an Aura spell targets one object its enchant ability allows (CR 303.4a)", fmt.Sprintf("targets %v", a.Targets)))
			continue
		}
		if ok, known := mayAttach(aura, b.Permanent(a.Targets[0].Card)); !ok && known {
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "303.4a", "aura-spell", what,
				"an Aura spell targets one object its enchant ability allows (CR 303.4a)", fmt.Sprintf("card %d", a.Targets[0].Card)))
		}
	}
	top, ok := resolvedSpell(st)
	if !ok || len(top.Targets) != 1 || top.Targets[0].IsPlayer() {
		return
	}
	aura := printedObject(top.Name) // a spell on the stack is its card (CR 109.3)
	if aura == nil || attachmentKind(aura) != attachedAura {
		return
	}
	aura.Card = top.Card
	legal, known := mayAttach(aura, b.Permanent(top.Targets[0].Card))
	now := st.After.Find(top.Card)
	if !known || now == nil {
		return
	}
	v.Reach("aura-spell")
	what := fmt.Sprintf("Aura spell %s resolved, targeting card %d", top.Name, top.Targets[0].Card)
	switch {
	case legal && (now.Zone != harness.Battlefield || now.AttachedTo != top.Targets[0].Card):
		if now.Zone == harness.Battlefield || st.After.Permanent(top.Targets[0].Card) != nil {
			v.Violations = append(v.Violations, clauseViolation(i, ruling, "303.4f", "aura-spell", what,
				"it enters attached to its target (CR 303.4f, 608.3)", fmt.Sprintf("it is %s, attached to card %d", zoneWord(now), now.AttachedTo)))
		}
	case !legal && now.Zone != harness.Graveyard:
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "608.2b", "aura-spell", what,
			"its only target is illegal, so it doesn't resolve and goes to the graveyard (CR 608.2b)", "it is "+zoneWord(now)))
	}
}

// checkRestriction: the restriction clause, on the attacks and blocks offered.
func checkRestriction(tr *gen.Trace, i int, st *gen.TraceStep, v *Verdict) {
	const ruling = "copy.aura-equipment"
	b := st.Before
	var attack, block bool
	for _, a := range st.Legal {
		attack = attack || a.Kind == harness.Attack
		block = block || a.Kind == harness.Block
	}
	if !attack && !block {
		return
	}
	for j := range b.Battlefield {
		o := b.Battlefield[j]
		if !isCreature(o) || o.Tapped || !restrains(b, o, block) || attack && (o.Controller != b.Active || o.Sick && !hasKeyword(o, "Haste")) || block && o.Controller == b.Active {
			continue
		}
		v.Reach("restriction")
		for _, a := range st.Legal {
			if !declares(a, o.Card) {
				continue
			}
			rule := map[bool]string{false: "508.1c", true: "509.1b"}[block]
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, rule, "restriction",
				fmt.Sprintf("%s listed as legal", a),
				"no creature enchanted by \"can't attack or block\" among those declared (CR "+rule+")", describe(o)+" is among them"))
			break
		}
	}
}

// checkBecameAura: the became-aura clause, on step i.
func checkBecameAura(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.aura-equipment"
	st := &tr.Steps[i]
	b, ok := becameCopy(st)
	if !ok || attachmentKind(b.Src) != attachedAura || !settled(st.After) {
		return
	}
	if b.Was.AttachedTo != 0 {
		if ok, known := mayAttach(b.Src, st.Before.Permanent(b.Was.AttachedTo)); ok || !known {
			return // already attached to something it could enchant: it may stay
		}
	}
	v.Reach("became-aura")
	if b.stillThere() {
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "704.5m", "became-aura",
			fmt.Sprintf("%s, attached to card %d, became a copy of %s", describe(b.Was), b.Was.AttachedTo, describe(b.Src)),
			"an Aura attached to nothing it can enchant is put into its owner's graveyard (CR 704.5m)",
			fmt.Sprintf("it is on the battlefield, attached to card %d", b.Now.AttachedTo)))
	}
}

// checkCopyEquips: the copy-equips clause, on the state before step i.
func checkCopyEquips(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.aura-equipment"
	st := &tr.Steps[i]
	b := st.Before
	if !settled(b) || !sorceryTime(b, b.Priority) {
		return
	}
	for j := range b.Battlefield {
		o := b.Battlefield[j]
		if o.CopyOf == "" || o.Controller != b.Priority || attachmentKind(o) != attachedEquipment || !controlsOtherCreature(b, o) {
			continue
		}
		for ai, text := range o.Abilities {
			if !strings.HasPrefix(text, "Equip {") { // "Equip {1}", not "Equipped creature ..."
				continue
			}
			v.Reach("copy-equips")
			offered := false
			for _, a := range st.Legal {
				offered = offered || a.Kind == harness.Activate && a.Card == o.Card && a.Ability == ai
			}
			if !offered {
				v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "702.6a", "copy-equips",
					fmt.Sprintf("%s, a copy of %s, with a creature to equip", describe(o), o.CopyOf),
					fmt.Sprintf("its %q offered: a copy has the copied Equipment's abilities (CR 707.2), at sorcery speed (702.6a)", text), "not offered"))
			}
		}
	}
}

// controlsOtherCreature: o's controller controls a creature other than o and than the one
// o is attached to.
func controlsOtherCreature(s *harness.Snapshot, o *harness.Object) bool {
	for i := range s.Battlefield {
		if c := s.Battlefield[i]; c.Card != o.Card && c.Card != o.AttachedTo && c.Controller == o.Controller && isCreature(c) {
			return true
		}
	}
	return false
}

// attachmentTarget, for steering: t is an Aura or Equipment.
func attachmentTarget(s *harness.Snapshot, t harness.Target) bool {
	o := s.Permanent(t.Card)
	return o != nil && attachmentKind(o) != attachedOther
}

// checkAuraCopyEnters: the aura-copy-enters clause, on a permanent spell that enters as a
// copy of an Aura in step i (its controller's "copy ..." answer). What it may enchant is
// read from the Aura it copies and from the permanents as they were before it entered (a
// choice it waits on shows that state too), and its fate once the decisions that follow
// are made.
func checkAuraCopyEnters(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.aura-equipment"
	st := &tr.Steps[i]
	src, top := copySource(st)
	if src == nil || top.Kind != "spell" || attachmentKind(src) != attachedAura {
		return
	}
	aura := *src
	aura.Card = top.Card
	var hosts []harness.CardID
	for j := range st.Before.Battlefield {
		p := st.Before.Battlefield[j]
		ok, known := mayAttach(&aura, p)
		if !known {
			return
		}
		if ok {
			hosts = append(hosts, p.Card)
		}
	}
	j := decided(tr, i)
	after := tr.Steps[j].After
	now := after.Find(top.Card)
	if !settled(after) || now == nil {
		return
	}
	v.Reach("aura-copy-enters")
	what := fmt.Sprintf("%s (card %d) enters as a copy of %s", top.Name, top.Card, describe(src))
	switch host := after.Permanent(now.AttachedTo); {
	case len(hosts) == 0 && now.Zone == harness.Battlefield:
		v.Violations = append(v.Violations, clauseViolation(j, ruling, "704.5m", "aura-copy-enters", what,
			"nothing it may enchant: it enters unattached and is put into the graveyard (CR 303.4f, 704.5m)", fmt.Sprintf("it is on the battlefield, attached to card %d", now.AttachedTo)))
	case len(hosts) > 0 && (now.Zone != harness.Battlefield || !slices.Contains(hosts, now.AttachedTo) || host == nil || host.Object != st.Before.Permanent(now.AttachedTo).Object):
		v.Violations = append(v.Violations, clauseViolation(j, ruling, "303.4f", "aura-copy-enters", what,
			fmt.Sprintf("it isn't an Aura spell, so it enters attached to what its controller chooses among what it may enchant: %s (CR 303.4f, 707.5)", cardList(hosts)),
			fmt.Sprintf("it is %s, attached to card %d", zoneWord(now), now.AttachedTo)))
	}
}
