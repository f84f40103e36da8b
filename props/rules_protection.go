package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// protectionRules checks the general rule rules.protection (CR 702.16), Akroma, Angel of
// Fury's "protection from white and from blue" face up, by relating the engine's answers
// to the colours of the objects involved: no target it offers or puts on the stack is a
// permanent with protection from the spell or from the ability's source (702.16b); no
// blocking it offers has a creature block an attacker with protection from it (702.16f);
// in a combat damage step, a creature in combat only with creatures it has protection from
// is dealt no combat damage (702.16e); an Aura or Equipment that its host has protection
// from doesn't stay attached once state-based actions are done (702.16c-d, 704.5m-n).
func protectionRules() *Property {
	const id = "rules.protection"
	w, u := harness.Of(harness.White, 2), harness.Of(harness.Blue, 2)
	return &Property{
		ID:      id,
		Rulings: []string{id},
		Rules:   []string{"702.16b", "702.16c", "702.16d", "702.16e", "702.16f"},
		Description: "A permanent with protection from a colour is never offered or chosen as the target of a spell or ability " +
			"from a source of that colour, is never blocked by a creature of that colour, is dealt no combat damage by one, " +
			"and keeps no Aura or Equipment of that colour attached.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay, harness.Attack, harness.Block}},
		Clauses: []Clause{
			{Name: "targets", Rules: []string{"702.16b"},
				Description: "no action offered, and no spell or ability put on the stack, targets a permanent with protection from its source's colour"},
			{Name: "blocks", Rules: []string{"702.16f"},
				Description: "no blocking offered has a creature block an attacker with protection from one of its colours"},
			{Name: "damage", Rules: []string{"702.16e", "510.2"},
				Description: "a creature in combat only with creatures it has protection from is dealt no combat damage"},
			{Name: "attachments", Rules: []string{"702.16c", "702.16d", "704.5m", "704.5n"},
				Description: "an Aura or Equipment of a colour its host gains protection from (turned face up) is no longer attached to it"},
		},
		Steer: gen.Steer{
			Name: id,
			Recipes: []gen.Recipe{
				{Name: "protected targets", Weight: 3,
					Mine: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 40}, {Card: "Plains", Weight: 30}, {Card: "Island", Weight: 30},
						{Card: "Isamaru, Hound of Konda", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 40}, {Card: "Grizzly Bears", Weight: 20}}, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
					Hand: []gen.Pick{{Card: "Pacifism", Weight: 40}, {Card: "Twiddle", Weight: 30}, {Card: "Oblivion Ring", Weight: 20}, {Card: "Giant Growth", Weight: 10}},
					Pool: w.Add(u), MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				{Name: "protected in combat", Weight: 6,
					Mine: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 40}, {Card: "Isamaru, Hound of Konda", Weight: 30}, {Card: "Curator of Mysteries", Weight: 20},
						{Card: "Grizzly Bears", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 40}, {Card: "Isamaru, Hound of Konda", Weight: 30}, {Card: "Curator of Mysteries", Weight: 20},
						{Card: "Grizzly Bears", Weight: 10}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 2,
					Steps: []harness.Step{harness.BeginCombat}, StepWeight: 200},
				// White and blue attackers into an Akroma that may block them unhurt.
				{Name: "into a protected blocker", Weight: 6,
					Mine:   []gen.Pick{{Card: "Isamaru, Hound of Konda", Weight: 40}, {Card: "Curator of Mysteries", Weight: 30}},
					Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}}, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
					MinPermanents: 1, Steps: []harness.Step{harness.BeginCombat}, StepWeight: 300},
				{Name: "aura on a face-down angel", Weight: 3,
					Mine:   []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 50}, {Card: "Pacifism", Weight: 40}, {Card: "Umbral Mantle", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 30}, {Card: "Pacifism", Weight: 30}}, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
					Pool: harness.Mana{harness.Red: 3, harness.Colorless: 3}, FaceDown: 90, MinPermanents: 2, Steps: []harness.Step{harness.Main1, harness.Main2}},
			},
			Actions:          &gen.ActionWeights{Pass: 4, Preferred: 30, Mana: 3, Land: 1, Cast: 4, Pay: 8, Activate: 2, Attack: 8, Choose: 4, Cancel: 1},
			Prefer:           preferProtection,
			StopForPreferred: true,
		},
		Check: checkProtection,
	}
}

// preferProtection favours turning a face-down permanent face up, paying for what is
// being cast, attacking, and blocking with a creature that has protection from what it
// blocks.
func preferProtection(before *harness.Snapshot, a harness.Action) bool {
	if before != nil && before.Casting != nil {
		return advancesPayment(before, a)
	}
	switch a.Kind {
	case harness.TurnFaceUp:
		return true
	case harness.Attack:
		return len(a.Attackers) > 0
	case harness.Block:
		return before != nil && slices.ContainsFunc(a.Blocks, func(b harness.Blocking) bool {
			bl, at := before.Permanent(b.Blocker), before.Permanent(b.Attacker)
			return bl != nil && at != nil && shares(protectionFrom(bl), at.Colors)
		})
	}
	return false
}

func checkProtection(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkOfferedTargets(st, i, &v)
		checkNewTargets(st, i, &v)
		checkOfferedBlocks(tr, i, &v)
		checkProtectedFromDamage(tr, i, &v)
		checkProtectedAttachments(st, i, &v)
	}
	return v
}

// protectedBy lists the permanents of s with protection from one of colours.
func protectedBy(s *harness.Snapshot, colours string) []*harness.Object {
	var out []*harness.Object
	for _, o := range s.Battlefield {
		if shares(protectionFrom(o), colours) {
			out = append(out, o)
		}
	}
	return out
}

// judgeTargets: none of targets is a permanent of s with protection from colours, the
// colours of what targets them (what, for people).
func judgeTargets(s *harness.Snapshot, i int, colours string, targets []harness.Target, what string, v *Verdict) {
	if colours == "" || len(protectedBy(s, colours)) == 0 {
		return
	}
	v.Reach("targets")
	for _, t := range targets {
		if o := s.Permanent(t.Card); o != nil && t.Stack == 0 && shares(protectionFrom(o), colours) {
			v.add("targets", violation(i, "rules.protection", "702.16b", what,
				fmt.Sprintf("no target with protection from its colour (%s) (CR 702.16b)", colours),
				fmt.Sprintf("it targets %s, which has protection from %s", describe(o), protectionFrom(o))))
		}
	}
}

// checkOfferedTargets: the casts and activations offered before step i.
func checkOfferedTargets(st *gen.TraceStep, i int, v *Verdict) {
	for _, a := range st.Legal {
		if (a.Kind != harness.Cast && a.Kind != harness.Activate) || len(a.Targets) == 0 || a.CastsFaceDown() {
			continue
		}
		src := st.Before.Find(a.Card)
		if src == nil {
			if lib := st.Before.Players[a.Player].Library; len(lib) > 0 && lib[0].Card == a.Card {
				src = lib[0]
			} else {
				continue
			}
		}
		judgeTargets(st.Before, i-1, src.Colors, a.Targets, fmt.Sprintf("the offered action %s", a), v)
	}
}

// checkNewTargets: the spells and abilities step i put on the stack.
func checkNewTargets(st *gen.TraceStep, i int, v *Verdict) {
	for _, so := range st.After.Stack {
		if len(so.Targets) == 0 || slices.ContainsFunc(st.Before.Stack, func(b harness.StackObject) bool { return b.Object == so.Object }) {
			continue
		}
		colours := ""
		if so.Kind == "spell" {
			if c, ok := cards.ByName(so.Name); ok {
				colours = strings.Join(c.Colors, "")
			}
		} else if src := st.After.Find(so.Card); src != nil {
			colours = src.Colors
		} else if src := st.Before.Find(so.Card); src != nil {
			colours = src.Colors
		}
		judgeTargets(st.After, i, colours, so.Targets, fmt.Sprintf("%s on the stack", describeStack(so)), v)
	}
}

// checkOfferedBlocks: the blockings offered before step i.
func checkOfferedBlocks(tr *gen.Trace, i int, v *Verdict) {
	reached, found := forbiddenBlocks(tr, i, func(at, bl *harness.Object) bool { return shares(protectionFrom(at), bl.Colors) })
	if !reached {
		return
	}
	v.Reach("blocks")
	for _, f := range found {
		v.add("blocks", violation(i-1, "rules.protection", "702.16f", fmt.Sprintf("the offered action %s", f.offered),
			"no block by a creature the attacker has protection from (CR 702.16f)",
			fmt.Sprintf("%s blocks %s, which has protection from %s", describe(f.blocker), describe(f.attacker), protectionFrom(f.attacker))))
	}
}

// checkProtectedFromDamage: in the step of combat damage (events of rule 510.2), a creature that
// blocks, or is blocked only by, creatures it has protection from gets no combat damage.
func checkProtectedFromDamage(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if !slices.ContainsFunc(st.Events, func(e harness.Event) bool { return e.Rule == "510.2" }) {
		return
	}
	var blocks []harness.Blocking
	for k := i; k >= 0; k-- {
		if a := tr.Steps[k].Action; a.Kind == harness.Block {
			blocks = a.Blocks
			break
		}
	}
	for _, o := range st.Before.Battlefield {
		prot := protectionFrom(o)
		if prot == "" {
			continue
		}
		var foes []*harness.Object
		for _, b := range blocks {
			switch o.Card {
			case b.Attacker:
				foes = append(foes, st.Before.Permanent(b.Blocker))
			case b.Blocker:
				foes = append(foes, st.Before.Permanent(b.Attacker))
			}
		}
		if len(foes) == 0 || slices.ContainsFunc(foes, func(f *harness.Object) bool { return f == nil || !shares(prot, f.Colors) }) {
			continue
		}
		v.Reach("damage")
		for _, e := range st.Events {
			if e.Kind == "damage" && e.Rule == "510.2" && e.Card == o.Card {
				v.add("damage", violation(i, "rules.protection", "702.16e", fmt.Sprintf("combat damage to %s", describe(o)),
					fmt.Sprintf("none: it is in combat only with creatures it has protection from (%s) (CR 702.16e)", prot), e.Text))
			}
		}
	}
}

// checkProtectedAttachments: once step i is done (no decision pending), no Aura or
// Equipment is attached to a permanent with protection from one of its colours; reached
// where one was attached before the step to a permanent that has such protection after.
func checkProtectedAttachments(st *gen.TraceStep, i int, v *Verdict) {
	if st.After.Pending != nil {
		return
	}
	for _, a := range st.Before.Battlefield {
		if a.AttachedTo == 0 || a.Colors == "" {
			continue
		}
		host := st.After.Permanent(a.AttachedTo)
		if host == nil || !shares(protectionFrom(host), a.Colors) {
			continue
		}
		v.Reach("attachments")
		if now := st.After.Permanent(a.Card); now != nil && now.AttachedTo == host.Card {
			v.add("attachments", violation(i, "rules.protection", "702.16c", fmt.Sprintf("%s attached to %s", describe(now), describe(host)),
				fmt.Sprintf("not attached: its host has protection from %s (CR 702.16c-d, 704.5m-n)", protectionFrom(host)), "still attached"))
		}
	}
}
