package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 704: state-based actions. Each is a value carrying its rule number; whenever a
// player would receive priority, all that apply are performed at once, and the check
// repeats until none applies (704.3).

// sba is one state-based action.
type sba struct {
	Rule string
	Name string
	// Find lists what the action applies to now.
	Find func(s *state, v *view) []sbaHit
}

// sbaHit is one thing to do: a player loses, or an object moves or becomes unattached.
type sbaHit struct {
	player h.Player
	object h.ObjectID
	to     h.Zone // where the object goes; "" = it becomes unattached; "none" = ceases to exist
	legend string // legend rule: the name shared
	loses  bool
	// sacrifice: its controller sacrifices it (a Saga, 704.5s), to its owner's graveyard.
	sacrifice bool
}

// stateBasedActions is the list the engine checks, in rule order.
var stateBasedActions = []sba{
	{"704.5a", "zero or less life", func(s *state, v *view) (out []sbaHit) {
		for p := range s.Players {
			if s.Players[p].Life <= 0 && !s.Players[p].Lost {
				out = append(out, sbaHit{player: h.Player(p), loses: true})
			}
		}
		return
	}},
	{"704.5b", "drew from an empty library", func(s *state, v *view) (out []sbaHit) {
		for p := range s.Players {
			if s.Players[p].DrewEmpty && !s.Players[p].Lost {
				out = append(out, sbaHit{player: h.Player(p), loses: true})
			}
		}
		return
	}},
	{"704.5d", "token outside the battlefield", func(s *state, v *view) (out []sbaHit) {
		for id := h.ObjectID(1); int(id) <= s.numObjects(); id++ {
			if o := s.obj(id); o.Token && !o.Gone && o.Zone != h.Battlefield && o.Zone != "" {
				out = append(out, sbaHit{object: o.ID, to: "none"})
			}
		}
		return
	}},
	{"704.5f", "toughness zero or less", func(s *state, v *view) (out []sbaHit) {
		if s.faults.on(FaultSkipZeroToughness) {
			return nil
		}
		for _, id := range s.Battlefield {
			t := v.Of(id).Toughness
			if s.faults.on(FaultDamageLowersToughness) {
				t -= s.obj(id).Damage
			}
			// The toughness first: most permanents are spared the type test.
			if (t <= 0 || t == 1 && s.faults.on(FaultToughnessOneDies)) && v.Of(id).HasType("Creature") {
				out = append(out, sbaHit{object: id, to: h.Graveyard})
			}
		}
		return
	}},
	{"704.5g", "lethal damage", func(s *state, v *view) (out []sbaHit) {
		if s.faults.on(FaultLethalDamageIgnored) {
			return nil
		}
		for _, id := range s.Battlefield {
			c, o := v.Of(id), s.obj(id)
			t := c.Toughness
			if s.faults.on(FaultLethalBeforePumps) {
				t -= resolvedToughnessChange(s, id)
			}
			lethal := o.Damage >= t && !(o.Damage == t && s.faults.on(FaultExactDamageSurvives)) ||
				o.Damage > 0 && o.Damage+1 == t && s.faults.on(FaultOneShortOfLethalDies)
			if lethal && c.Toughness > 0 && c.HasType("Creature") && !c.HasKeyword("Indestructible") {
				out = append(out, sbaHit{object: id, to: h.Graveyard})
			}
		}
		return
	}},
	{"704.5i", "planeswalker with no loyalty", func(s *state, v *view) (out []sbaHit) {
		for _, id := range s.Battlefield {
			if c := v.Of(id); c.HasType("Planeswalker") && s.obj(id).Counters[Loyalty] <= 0 {
				out = append(out, sbaHit{object: id, to: h.Graveyard})
			}
		}
		return
	}},
	{"704.5j", "legend rule", func(s *state, v *view) (out []sbaHit) {
		if s.faults.on(FaultLegendRuleOff) {
			return nil
		}
		// The permanents the rule counts, each tested once; a name shared by two or more of
		// one controller's is one hit, at the first of them.
		var buf [8]h.ObjectID
		legends := buf[:0]
		for _, id := range s.Battlefield {
			if legendRuleCounts(s, v, id) && !(s.faults.on(FaultLegendRuleIgnoresCopies) && v.IsCopy(id)) {
				legends = append(legends, id)
			}
		}
		sameLegend := func(a, b h.ObjectID) bool {
			return v.Of(a).Name == v.Of(b).Name && s.obj(a).Controller == s.obj(b).Controller
		}
		for i, id := range legends {
			if slices.ContainsFunc(legends[:i], func(earlier h.ObjectID) bool { return sameLegend(earlier, id) }) {
				continue
			}
			if slices.ContainsFunc(legends[i+1:], func(later h.ObjectID) bool { return sameLegend(later, id) }) {
				out = append(out, sbaHit{player: s.obj(id).Controller, legend: v.Of(id).Name})
			}
		}
		return
	}},
	{"704.5m", "Aura not legally attached", func(s *state, v *view) (out []sbaHit) {
		for _, id := range s.Battlefield {
			c, o := v.Of(id), s.obj(id)
			if isAura(c) && !legallyAttached(s, v, o, c) && !(s.faults.on(FaultAuraStaysOnNothing) && !s.onBattlefield(o.AttachedTo)) {
				out = append(out, sbaHit{object: id, to: h.Graveyard})
			}
		}
		return
	}},
	{"704.5n", "Equipment not legally attached", func(s *state, v *view) (out []sbaHit) {
		for _, id := range s.Battlefield {
			c, o := v.Of(id), s.obj(id)
			if o.AttachedTo != 0 && c.HasSubtype("Equipment") && !c.HasType("Creature") && !legallyAttached(s, v, o, c) &&
				!(s.faults.on(FaultEquipmentOnNoncreature) && s.onBattlefield(o.AttachedTo)) {
				out = append(out, sbaHit{object: id})
			}
		}
		return
	}},
	{"704.5p", "attached creature, or attached permanent that is neither Aura nor Equipment", func(s *state, v *view) (out []sbaHit) {
		if s.faults.on(FaultAttachedNonEquipmentStays) {
			return nil
		}
		for _, id := range s.Battlefield {
			c, o := v.Of(id), s.obj(id)
			if o.AttachedTo == 0 || isAura(c) {
				continue
			}
			if c.HasType("Creature") || !c.HasSubtype("Equipment") && !c.HasSubtype("Fortification") && !(s.faults.on(FaultArtifactStaysAttached) && c.HasType("Artifact")) {
				out = append(out, sbaHit{object: id})
			}
		}
		return
	}},
	{"704.5s", "Saga past its final chapter", func(s *state, v *view) (out []sbaHit) {
		for _, id := range s.Battlefield {
			if sagaDone(s, v, id) {
				out = append(out, sbaHit{object: id, to: h.Graveyard, sacrifice: true})
			}
		}
		return
	}},
}

// resolvedToughnessChange is what the resolved spells and abilities' P/T changes (layer
// 7c) add to object id's toughness, for the fault that judges lethal damage without them.
func resolvedToughnessChange(s *state, id h.ObjectID) int {
	n := 0
	for i := range s.Effects {
		for _, m := range s.Effects[i].Mods {
			if mp, ok := m.(modifyPT); ok && containsID(s.Effects[i].Objects, id) {
				n += mp.Toughness
			}
		}
	}
	return n
}

// isAura: an Aura is an enchantment with the subtype Aura (CR 303.4).
func isAura(c *chars) bool { return c.HasType("Enchantment") && c.HasSubtype("Aura") }

// legallyAttached: an Aura must be attached to an object its enchant ability allows, not
// to itself, and not be a creature itself (CR 303.4c, 303.4d); an Equipment to a creature
// other than itself (CR 301.5c).
func legallyAttached(s *state, v *view, o *object, c *chars) bool {
	if o.AttachedTo == 0 || o.AttachedTo == o.ID || !s.onBattlefield(o.AttachedTo) {
		return false
	}
	host := s.obj(o.AttachedTo)
	if protectedFrom(v.Of(host.ID), c) && !s.faults.on(FaultProtectionAttachable) {
		return false // CR 702.16c-d: not enchanted, nor equipped, by what it has protection from
	}
	if isAura(c) {
		if c.HasType("Creature") {
			return false
		}
		for _, a := range c.Abilities {
			if a.Kind == Static && a.Static.Kind == Enchant {
				return s.faults.on(FaultAuraIgnoresEnchant) || a.Static.Attach.Match(s, v, o.Controller, host)
			}
		}
		return false
	}
	return v.Of(host.ID).HasType("Creature") && (host.Controller == o.Controller || !s.faults.on(FaultEquipmentOwnCreaturesOnly))
}

// legendRuleCounts: the legend rule applies to the permanent id (CR 704.5j): it is
// legendary, and has a name.
func legendRuleCounts(s *state, v *view, id h.ObjectID) bool {
	c := v.Of(id)
	if c.Name == "" {
		return false
	}
	if s.faults.on(FaultLegendCountsUnlegendaryCopy) && v.IsCopy(id) && !c.HasSupertype("Legendary") {
		// a copy that "isn't legendary" beside a legend of its name counts as one
		for _, other := range s.Battlefield {
			if oc := v.Of(other); other != id && oc.Name == c.Name && oc.HasSupertype("Legendary") && s.obj(other).Controller == s.obj(id).Controller {
				return true
			}
		}
	}
	return c.HasSupertype("Legendary")
}

// checkSBAs performs state-based actions until none applies (CR 704.3). The legend rule
// asks the player which permanent to keep (704.5j) through ch. It returns the projection
// of its last round when that round found nothing to do: the projection of s as it is
// left (the round only forgets the empty-library draws, which characteristics don't read).
// first is a projection of s as it is, or nil: the first round uses it.
func checkSBAs(s *state, ch chooser, ev *events, first *view) (*view, error) {
	for round := 0; round < 100; round++ {
		v := first
		if round > 0 || v == nil {
			v = s.project()
		}
		seen := s.noteSBACheck(ev)
		var hits []sbaHit
		var rules []string
		for _, sba := range stateBasedActions {
			for _, hit := range sba.Find(s, v) {
				hits = append(hits, hit)
				rules = append(rules, sba.Rule)
			}
		}
		for p := range s.Players {
			s.Players[p].DrewEmpty = false
		}
		if len(hits) == 0 {
			return v, nil
		}
		// Choices first (legend rule), then everything at once.
		var moves []sbaHit
		var moveRules []string
		for i, hit := range hits {
			if hit.legend == "" {
				moves = append(moves, hit)
				moveRules = append(moveRules, rules[i])
				continue
			}
			var opts []string
			var ids []h.ObjectID
			for _, id := range s.Battlefield {
				c := v.Of(id)
				if legendRuleCounts(s, v, id) && c.Name == hit.legend && s.obj(id).Controller == hit.player {
					opts = append(opts, fmt.Sprintf("keep %s (card %d)", c.Name, s.obj(id).Card))
					ids = append(ids, id)
				}
			}
			keep, err := chooseFor(ch, hit.player, h.ChoiceOption, opts)
			if err != nil {
				return nil, err
			}
			if s.faults.on(FaultLegendKeepsFirst) {
				keep = opts[0]
			}
			for j, id := range ids {
				if opts[j] != keep || s.faults.on(FaultLegendKeepsNone) {
					moves = append(moves, sbaHit{object: id, to: h.Graveyard})
					moveRules = append(moveRules, rules[i])
				}
			}
		}
		for i, hit := range moves {
			performSBA(s, v, hit, moveRules[i], ev)
		}
		s.noteSBAEvents(seen, ev)
		if (s.Players[0].Lost || s.Players[1].Lost) && !s.faults.on(FaultLoserPlaysOn) {
			s.GameOver = true
			return nil, nil
		}
		checkpoint(ch, s, ev)
	}
	return nil, fmt.Errorf("CR 704.3: state-based actions did not settle after 100 rounds")
}

func performSBA(s *state, v *view, hit sbaHit, rule string, ev *events) {
	switch {
	case hit.loses:
		s.Players[hit.player].Lost = true
		ev.add(h.Event{Kind: "sba", Player: hit.player, Rule: rule, Text: hit.player.String() + " loses the game (CR " + rule + ")"})
	case hit.to == "none":
		o := s.mut(hit.object)
		if list := s.zoneList(o.Owner, o.Zone); list != nil {
			*list = removeID(*list, o.ID)
		}
		o.Gone = true
		ev.add(h.Event{Kind: "sba", Player: o.Owner, Card: o.Card, Rule: rule, Text: "token " + v.Of(o.ID).Name + " ceases to exist (CR " + rule + ")"})
	case hit.to == "":
		o := s.mut(hit.object)
		o.AttachedTo = 0
		ev.add(h.Event{Kind: "sba", Player: o.Controller, Card: o.Card, Rule: rule, Text: v.Of(o.ID).Name + " becomes unattached (CR " + rule + ")"})
	default:
		o := s.obj(hit.object)
		if !s.onBattlefield(o.ID) {
			return // already moved by another simultaneous action
		}
		what := " is put into its owner's graveyard (CR "
		if hit.sacrifice {
			what = " is sacrificed (CR "
		}
		ev.add(h.Event{Kind: "sba", Player: o.Controller, Card: o.Card, Rule: rule, Text: spokenName(v, o) + what + rule + ")"})
		moveTo(s, v, o.ID, hit.to, false, ev)
	}
}

// noteSBACheck records the game as a check of state-based actions begins, when the state
// records its checks (Reference.SBAChecks), and returns where the check's events will
// start. A check abandoned for a choice nobody has made yet is not kept: the state it was
// noted in is discarded with it (attempt).
func (s *state) noteSBACheck(ev *events) int {
	if !s.sbaChecksOn || !ev.on() {
		return 0
	}
	s.sbaChecks = append(s.sbaChecks, h.SBACheck{Board: snapshot(s)})
	return len(ev.list)
}

// noteSBAEvents gives the check just noted the events of the actions it performed.
func (s *state) noteSBAEvents(from int, ev *events) {
	if !s.sbaChecksOn || !ev.on() {
		return
	}
	last := &s.sbaChecks[len(s.sbaChecks)-1]
	last.Events = append([]h.Event(nil), ev.list[from:]...)
}
