package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// stateBasedRules checks state-based actions the other way round from invariant.sba: that one
// says no condition holds once they are done (CR 704.3); this one says every object they
// moved or changed had a condition that held for it (704.5). Four actions of the pool
// are judged, each by what the engine shows around it:
//
//   - losing the game (704.5a, 704.5b): a player who loses has 0 or less life, or had no
//     card left to draw (there is no way to gain life in the pool, and a step draws at
//     most one card for a player, but for a spell or ability that draws a card "for each"
//     of something, Decree of Pain's, whose count the snapshots don't show: a step that
//     resolves one, and empties the library of a player who then loses, is skipped);
//   - the legend rule (704.5j): a permanent it put into a graveyard had a legendary
//     namesake under the same controller, and that controller kept one of them;
//   - Auras and Equipment (704.5m, 704.5n): one put into a graveyard or unattached had a
//     host it could not legally be attached to, judged by the host's characteristics
//     afterwards (it is still the same object, so nothing else changed them);
//   - lethal damage (704.5g): a creature the setup gave damage that was gone when the
//     game began, but stays when the same setup is started without damage, died of that
//     damage, so it was at least its toughness;
//   - toughness 0 or less (704.5f): a creature of the setup that is gone even without
//     damage, and for no other state-based action of the pool, had toughness 0 or less:
//     the same setup with 100 more +1/+1 counters on it shows its toughness plus 100
//     (613.4c), which must then be 100 or less.
//
// The last two are judged this way only as the game begins. During the game, an engine
// that shows the board each check of state-based actions saw (harness.SBAQueries) has
// every check judged against it both ways (704.3): every creature it destroyed for
// damage had lethal damage there, every creature it put into a graveyard for toughness
// had toughness 0 or less there, the legend rule and attachments are judged there too,
// and every condition that held there was acted on by that check (rules_sba_checks.go).
// For an engine that doesn't, those clauses are unsupported, and the legend rule and
// attachments are judged by the board before the action.
func stateBasedRules() *Property {
	return &Property{
		ID:      "rules.sba",
		Rulings: []string{"rules.sba"},
		Rules:   []string{"704.3", "704.5a", "704.5b", "704.5f", "704.5g", "704.5j", "704.5m", "704.5n", "120.3", "301.5c", "303.4c", "104.2a", "104.4a"},
		Description: "Every object or player a state-based action acted on had a condition that held for it: a player loses " +
			"only with 0 or less life or after drawing from an empty library; the legend rule " +
			"puts a permanent into a graveyard only when another legendary permanent with its name was under the same " +
			"controller, and keeps one; an Aura or Equipment leaves only a host it can't legally be attached to; a creature " +
			"dies of damage only when the damage is at least its toughness, and for want of toughness only at 0 or less; " +
			"and every state-based action that applies when they are checked is performed by that check; the game is over " +
			"exactly when a player has lost it.",
		Clauses: []Clause{
			{Name: "player-loses", Rules: []string{"704.5a", "704.5b"}, Description: "A player who loses the game has 0 or less life or drew from an empty library."},
			{Name: "game-ends", Rules: []string{"104.2a", "104.4a"},
				Description: "The game is over exactly when a player has lost it: a player who loses leaves the other the winner (both losing at once is a draw)."},
			{Name: "legend-rule", Rules: []string{"704.5j"}, Description: "A permanent the legend rule put into a graveyard had a legendary namesake under its controller, who keeps one."},
			{Name: "attachment", Rules: []string{"704.5m", "704.5n", "301.5c", "303.4c"}, Description: "An Aura or Equipment whose host is still there afterwards is taken off it only when the attachment is illegal."},
			{Name: "lethal-damage", Rules: []string{"704.5g", "120.3"}, Description: "A creature that dies only because of its damage had damage at least its toughness."},
			{Name: "zero-toughness", Rules: []string{"704.5f", "613.4c"}, Description: "A creature that dies as the game begins for want of toughness had toughness 0 or less."},
			{Name: "damage-mid-game", Rules: []string{"704.5g", "120.3"}, Needs: needsSBAQueries,
				Description: "A creature a check of state-based actions during the game destroys for lethal damage had, just before the check, damage at least its toughness."},
			{Name: "toughness-mid-game", Rules: []string{"704.5f"}, Needs: needsSBAQueries,
				Description: "A creature a check of state-based actions during the game puts into a graveyard for want of toughness had, just before the check, toughness 0 or less."},
			{Name: "all-performed", Rules: []string{"704.3", "704.5a", "704.5d", "704.5f", "704.5g", "704.5i", "704.5j", "704.5m", "704.5n"}, Needs: needsSBAQueries,
				Description: "Every condition of a state-based action that holds just before a check during the game (a token that left the battlefield included) is acted on, and reported, by that check, all at once."},
		},
		Steer: gen.Steer{
			Name: "rules.sba",
			Recipes: []gen.Recipe{
				{Name: "legends on both sides", Weight: 2, Mine: []gen.Pick{{Card: "Gaea's Cradle", Weight: 20}, {Card: "Academy Ruins", Weight: 20}},
					Theirs: []gen.Pick{{Card: "Gaea's Cradle", Weight: 20}, {Card: "Academy Ruins", Weight: 10}}},
				{Name: "attachments", Weight: 2, Mine: gen.Cards("Umbral Mantle", "Wild Growth", "Mutavault", "Llanowar Elves", "Grizzly Bears"),
					Theirs: gen.Cards("Umbral Mantle", "Grizzly Bears", "Wild Growth", "Forest")},
				{Name: "damaged creatures", Mine: gen.Cards("Grizzly Bears", "Hill Giant", "Llanowar Elves", "Pili-Pala"), Theirs: gen.Cards("Grizzly Bears", "Hill Giant")},
				{Name: "creatures of counters", Mine: gen.Cards("Walking Ballista", "Hangarback Walker", "Llanowar Elves"), Theirs: gen.Cards("Walking Ballista", "Hangarback Walker")},
				{Name: "damage during the game", Weight: 3,
					Mine:   []gen.Pick{{Card: "Walking Ballista", Weight: 30}, {Card: "Mountain"}, {Card: "Llanowar Elves"}, {Card: "Grizzly Bears"}},
					Theirs: gen.Cards("Grizzly Bears", "Llanowar Elves", "Walking Ballista", "Hill Giant"),
					Hand:   []gen.Pick{{Card: "Spark Spray", Weight: 30}, {Card: "Giant Growth"}}, MinHand: 1},
				// A Ballista pumped, then pinging with its last counters: toughness comes from
				// the pump alone when it dies or not (704.5f). Nothing else of mine and no
				// creature of theirs: its pings go to itself, where the pump matters.
				{Name: "pumped pingers", Weight: 2, Mine: []gen.Pick{{Card: "Walking Ballista", Weight: 40}, {Card: "Forest", Weight: 20}},
					Hand: []gen.Pick{{Card: "Giant Growth", Weight: 40}}, MinHand: 1, AvoidMine: gen.Permanent, AvoidTheirs: gen.Creature},
			},
			Prefer:           preferDamage,
			StopForPreferred: true,
		},
		Check: checkSBARules,
	}
}

func checkSBARules(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		checkLosses(tr, i, &v)
		checkGameEnds(tr, i, &v)
	}
	// The checks first: starting the setup again (checkStartSBAs) may release the trace's
	// states in an engine behind a protocol.
	checked := checkSBAChecks(eng, tr, &v)
	checkStartSBAs(eng, tr, &v)
	if checked {
		return v
	}
	// The engine doesn't show the board of each check: judge by the board before the
	// action what the action can't have changed (a legendary name, a host's types).
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, e := range st.Events {
			if e.Kind != "sba" || e.Card == 0 {
				continue
			}
			o := st.Before.Permanent(e.Card)
			if o == nil {
				continue
			}
			switch e.Rule {
			case "704.5j":
				checkLegendKept(tr, i, o, o.Controller, st.After, otherSBAs(st.Events, *st.Before), &v)
			case "704.5m", "704.5n":
				if host := st.Before.Permanent(o.AttachedTo); host != nil {
					checkAttachmentRemoved(tr, i, o, sameObject(st.After, host), &v)
				}
			}
		}
	}
	return v
}

// checkStartSBAs judges the state-based actions performed as the game began, between the
// setup and the first snapshot.
func checkStartSBAs(eng harness.Engine, tr *gen.Trace, v *Verdict) {
	start := &tr.Start
	if start.Pending != nil {
		return // not done yet: a choice is pending, and the steps after it show the actions
	}
	damaged := false
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			damaged = damaged || pm.Damage > 0
			now := start.Find(pm.ID)
			if now == nil {
				continue
			}
			if now.Zone == harness.Graveyard && now.HasSupertype("Legendary") && !isCreature(now) && !isAttachment(now) && !now.HasType("Planeswalker") {
				checkLegendKept(tr, -1, now, harness.Player(p), start, nil, v)
			}
			if pm.AttachedTo != 0 {
				if host := start.Permanent(pm.AttachedTo); host != nil && isAttachment(now) {
					if now.Zone != harness.Battlefield || now.AttachedTo != pm.AttachedTo {
						checkAttachmentRemoved(tr, -1, now, host, v)
					} else {
						v.Reach("attachment") // kept on a host it may stay on: invariant.sba judges that
					}
				}
			}
		}
	}
	healed := &tr.Start
	if damaged {
		healed = checkStartDamage(eng, tr, v)
	}
	if healed != nil {
		checkStartToughness(eng, tr, healed, v)
	}
}

// boost is how many +1/+1 counters checkStartToughness adds to reveal a toughness.
const boost = 100

// checkStartToughness judges the creatures of the setup that are gone at the start even
// without damage (healed is that start), when no other state-based action of the pool
// applies to them (not legendary with a namesake, no Aura or Equipment): the legend rule
// and damage aside, the reason is toughness 0 or less (CR 704.5f). Started again with
// boost more +1/+1 counters each, they show toughness t+boost (613.4c): t must be 0 or
// less.
func checkStartToughness(eng harness.Engine, tr *gen.Trace, healed *harness.Snapshot, v *Verdict) {
	setup := tr.Setup.Clone()
	var suspects []harness.CardID
	for p := range setup.Players {
		for i := range setup.Players[p].Battlefield {
			pm := &setup.Players[p].Battlefield[i]
			pm.Damage = 0
			gone := healed.Find(pm.ID)
			if gone == nil || gone.Zone != harness.Graveyard || !isCreature(gone) || isAttachment(gone) || gone.HasSupertype("Legendary") {
				continue
			}
			counters := map[string]int{"+1/+1": boost}
			for k, n := range pm.Counters {
				counters[k] += n
			}
			pm.Counters = counters
			suspects = append(suspects, pm.ID)
		}
	}
	if len(suspects) == 0 {
		return
	}
	st, err := eng.Start(setup)
	var boosted harness.Snapshot
	if err == nil {
		boosted, err = eng.Observe(st)
	}
	if err != nil {
		// A setup the harness changed, not one the game reached: an engine that can't start
		// it has shown nothing about state-based actions.
		v.Skip("zero-toughness", "the engine could not start the setup with more counters: "+err.Error())
		return
	}
	for _, c := range suspects {
		o := boosted.Permanent(c)
		if o == nil || o.Toughness == nil {
			continue
		}
		v.Reach("zero-toughness")
		if t := *o.Toughness - boost; t > 0 {
			v.Violations = append(v.Violations, clauseViolation(-1, "rules.sba", "704.5f", "zero-toughness", "at the start",
				fmt.Sprintf("%s stays on the battlefield: its toughness is %d (the same setup with %d more +1/+1 counters on it shows %d), so no state-based action applies (CR 704.5f)",
					describe(o), t, boost, *o.Toughness),
				"it was put into a graveyard as the game began"))
		}
	}
}

// checkStartDamage starts the setup again without damage: a damaged creature gone at the
// real start but alive there died of its damage (CR 704.5g), and damage doesn't change
// toughness (120.3), so its toughness there is at most the damage it had. It returns the
// start without damage, or nil when there is none to compare with.
func checkStartDamage(eng harness.Engine, tr *gen.Trace, v *Verdict) *harness.Snapshot {
	setup := tr.Setup.Clone()
	for p := range setup.Players {
		for i := range setup.Players[p].Battlefield {
			setup.Players[p].Battlefield[i].Damage = 0
		}
	}
	st, err := eng.Start(setup)
	var healed harness.Snapshot
	if err == nil {
		healed, err = eng.Observe(st)
	}
	if err != nil {
		v.Skip("lethal-damage", "the engine could not start the setup without damage: "+err.Error())
		return nil
	}
	if healed.Pending != nil {
		return nil
	}
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			alive := healed.Permanent(pm.ID)
			if pm.Damage == 0 || alive == nil || !isCreature(alive) || alive.Toughness == nil || tr.Start.Permanent(pm.ID) != nil {
				continue
			}
			v.Reach("lethal-damage")
			if *alive.Toughness > pm.Damage && !hasKeyword(alive, "Indestructible") {
				v.Violations = append(v.Violations, clauseViolation(-1, "rules.sba", "704.5g", "lethal-damage", "at the start",
					fmt.Sprintf("%s stays on the battlefield: its %d damage is less than its toughness %d (the same setup without damage shows it), so no state-based action applies (CR 704.5g, 120.3)",
						describe(alive), pm.Damage, *alive.Toughness),
					"it was put into a graveyard as the game began"))
			}
		}
	}
	return &healed
}

// checkLosses: a player who lost in step i had 0 or less life (CR 704.5a), or no card in
// their library to draw (704.5b).
func checkLosses(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	for p := range st.After.Players {
		b, a := &st.Before.Players[p], &st.After.Players[p]
		if !a.Lost || b.Lost {
			continue
		}
		if a.Life > 0 && len(b.Library) > 0 && len(a.Library) == 0 && drawsForEach(st) {
			// It drew its library's last card, and perhaps one more (121.4): how many the
			// step drew is not in the snapshots.
			v.Skip("player-loses", "a spell or ability drew a card for each of something, and emptied the library of the player who lost")
			continue
		}
		v.Reach("player-loses")
		if a.Life <= 0 || len(b.Library) == 0 {
			continue
		}
		v.Violations = append(v.Violations, clauseViolation(i, "rules.sba", "704.5b", "player-loses", "",
			fmt.Sprintf("%s still in the game: a player loses to a state-based action only with 0 or less life or after drawing from an empty library (CR 704.5a, 704.5b)", harness.Player(p)),
			fmt.Sprintf("%s lost with %d life and %d card(s) in their library before the step", harness.Player(p), a.Life, len(b.Library))))
	}
}

// checkGameEnds: after step i, the game is over exactly when a player has lost it. In a
// two-player game, a player who loses leaves the other still in the game, who wins
// (CR 104.2a); both losing at once is a draw (104.4a); the pool has no other way to end a
// game. Reached when a player has lost or the game is over.
func checkGameEnds(tr *gen.Trace, i int, v *Verdict) {
	a := tr.Steps[i].After
	lost := a.Players[0].Lost || a.Players[1].Lost
	if !lost && !a.GameOver {
		return
	}
	v.Reach("game-ends")
	if lost != a.GameOver {
		got := "a player has lost and the game goes on"
		if !lost {
			got = "the game is over and no player has lost it"
		}
		v.add("game-ends", violation(i, "rules.sba", "104.2a", "the game after the action",
			"the game over exactly when a player has lost it (CR 104.2a, 104.4a)", got))
	}
}

// reDrawsForEach matches a text that draws a number of cards counted from the game.
var reDrawsForEach = regexp.MustCompile(`(?i)draws? (a card|cards) for each`)

// drawsForEach reports whether step st resolved (or countered) a spell or ability whose
// text draws a card for each of something (Decree of Pain: "Draw a card for each creature
// destroyed this way").
func drawsForEach(st *gen.TraceStep) bool {
	for _, o := range st.Before.Stack {
		if stillOnStack(st.After, o.Object) {
			continue
		}
		if reDrawsForEach.MatchString(o.Text) || slices.ContainsFunc(o.Abilities, reDrawsForEach.MatchString) {
			return true
		}
	}
	return false
}

// otherSBAs lists the permanents of before that a state-based action other than the legend
// rule acted on among events.
func otherSBAs(events []harness.Event, before harness.Snapshot) []*harness.Object {
	var out []*harness.Object
	for _, e := range events {
		if e.Kind == "sba" && e.Rule != "704.5j" && e.Card != 0 {
			if o := before.Permanent(e.Card); o != nil {
				out = append(out, o)
			}
		}
	}
	return out
}

// checkLegendKept: dead, put into a graveyard by the legend rule from under controller p,
// must have had a namesake that p kept (CR 704.5j). The kept one is still there afterwards,
// or is among others, the permanents another state-based action acted on at the same time
// (704.3: all of them are performed simultaneously, so a planeswalker with 0 loyalty may be
// the one kept).
func checkLegendKept(tr *gen.Trace, step int, dead *harness.Object, p harness.Player, after *harness.Snapshot, others []*harness.Object, v *Verdict) {
	v.Reach("legend-rule")
	namesake := func(o *harness.Object) bool {
		return o.Card != dead.Card && o.Name == dead.Name && o.Controller == p && o.HasSupertype("Legendary")
	}
	for i := range after.Battlefield {
		if namesake(after.Battlefield[i]) {
			return
		}
	}
	for _, o := range others {
		if namesake(o) {
			return
		}
	}
	v.Violations = append(v.Violations, clauseViolation(step, "rules.sba", "704.5j", "legend-rule", "",
		fmt.Sprintf("the legend rule puts %s into a graveyard only when %s controls another legendary permanent named %s, and %s keeps one of them (CR 704.5j)",
			describe(dead), p, dead.Name, p),
		fmt.Sprintf("%s controls no legendary %s afterwards", p, dead.Name)))
}

// checkAttachmentRemoved: o was taken off its host (host afterwards, nil if it is no longer
// the same object) by a state-based action; the attachment must have been illegal
// (CR 704.5m, 704.5n).
func checkAttachmentRemoved(tr *gen.Trace, step int, o, host *harness.Object, v *Verdict) {
	if host == nil {
		return // the host left: nothing to judge it by
	}
	v.Reach("attachment")
	legal, rule := attachmentLegal(o, host)
	if !legal {
		return
	}
	v.Violations = append(v.Violations, clauseViolation(step, "rules.sba", rule, "attachment", "",
		fmt.Sprintf("%s stays attached to %s, which it may legally be attached to (CR %s)", describe(o), describe(host), rule),
		"a state-based action took it off"))
}

// attachmentLegal reports whether Aura or Equipment o may be attached to host, judged by
// their characteristics (CR 303.4c-d, 301.5c, and 702.16c-d: not to a host with protection
// from its colour), and the rule that says so. An enchant restriction the reader can't
// judge counts as illegal: nothing is claimed.
func attachmentLegal(o, host *harness.Object) (bool, string) {
	if slices.Contains(o.Subtypes, "Aura") {
		if isCreature(o) || shares(protectionFrom(host), o.Colors) {
			return false, "704.5m"
		}
		for _, t := range o.Abilities {
			if kind, ok := strings.CutPrefix(t, "Enchant "); ok {
				types, known := enchantTypes(kind)
				return known && hasAnyType(host, types), "704.5m"
			}
		}
		return false, "704.5m"
	}
	return isCreature(host) && !isCreature(o) && !shares(protectionFrom(host), o.Colors), "704.5n"
}

func isAttachment(o *harness.Object) bool {
	return slices.Contains(o.Subtypes, "Aura") || slices.Contains(o.Subtypes, "Equipment")
}
