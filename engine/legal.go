package engine

import (
	"slices"
	"sync"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// legalActions lists every action the player who is to act may take, fully formed
// (every choice made), in a deterministic order: passing or the simplest answer first.
// Mana abilities are listed once per distinct outcome; costs once per distinct payment.
func legalActions(s *state) []h.Action {
	if s.GameOver {
		return nil
	}
	l := startListing(s)
	defer l.release()
	if p := s.Proposal; p != nil && p.Mana != nil {
		l.proposalActions(p)
		return l.actions()
	}
	if d := s.Decision; d != nil {
		switch d.Kind {
		case DecideAttackers:
			return attackOptions(s, l.v)
		case DecideBlockers:
			return blockOptions(s, l.v)
		}
		for _, o := range d.Options {
			if d.Payment != nil && o == d.Payment.option && len(payments(s, s.Players[d.Player].Pool, d.Payment.colored, d.Payment.generic)) == 0 && !s.faults.on(FaultPayOfferedWithoutMana) {
				continue // offered once mana abilities have put the mana in the pool
			}
			l.add(h.Action{Player: d.Player, Kind: h.Choose, Choices: []string{h.Choice(h.ChoiceOption, o)}, Text: "choose " + o})
		}
		if d.Payment != nil { // CR 608.2g: mana abilities before paying
			l.manaActions(d.Player)
		}
		return l.actions()
	}
	if p := s.Proposal; p != nil {
		l.proposalActions(p)
		return l.actions()
	}
	p := s.Priority
	l.add(h.Action{Player: p, Kind: h.Pass}) // each kind appends to it
	l.activatable(p, true)
	l.playAndCastActions(p)
	l.faceUpActions(p)
	l.abilityActions(p)
	l.manaActions(p)
	return l.actions()
}

// listing is one enumeration of a state's legal actions. The state doesn't change while
// it is listed, so what two kinds of action need (the mana abilities a player can
// activate and their outcomes, the most mana they could have) is computed once. The
// actions are built in a buffer reused from listing to listing, and handed out at their
// exact length: a state's actions are kept with it in a trace.
type listing struct {
	s   *state
	v   *view
	out []h.Action
	// mana lists each player's activatable mana abilities once asked (manaDone).
	mana          [2][]manaSource
	manaDone      [2]bool
	others        []activation // the priority player's other activatable abilities (activatable)
	potential     [2]int       // manaPotential, once asked (potentialDone)
	potentialDone [2]bool
	cands         []chosen        // targetCombos' candidates, one requirement at a time
	combos        [2][][]h.Target // targetCombos' lists, by the parity of the requirement
}

// activation is an activated ability its controller can activate now: ability i (ab) of
// o, whose characteristics are c.
type activation struct {
	o  *object
	c  *chars
	i  int
	ab abilityInstance
}

// manaSource is a mana ability its controller can activate now, and every distinct
// amount it would add (manaOutcomes).
type manaSource struct {
	activation
	outcomes []manaOutcome
}

var listings = sync.Pool{New: func() any { return new(listing) }}

func startListing(s *state) *listing {
	l := listings.Get().(*listing)
	l.s, l.v = s, s.projected()
	return l
}

// release clears the listing, so that its buffers hold nothing of the state, and keeps it
// for the next.
func (l *listing) release() {
	l.v.publishOutcomes()
	clear(l.out)
	out := l.out[:0]
	for p := range l.mana {
		clear(l.mana[p])
		l.mana[p] = l.mana[p][:0]
	}
	mana := l.mana
	clear(l.others)
	others := l.others[:0]
	cands := l.cands[:0] // chosen holds no pointer: nothing to clear
	combos := l.combos
	for i := range combos {
		clear(combos[i][:cap(combos[i])]) // a shorter list may have followed a longer one
		combos[i] = combos[i][:0]
	}
	*l = listing{out: out, mana: mana, others: others, cands: cands, combos: combos}
	listings.Put(l)
}

func (l *listing) add(a h.Action) { l.out = append(l.out, a) }

// next appends a zero action to the listing and returns it, to be filled in place: the
// hot loops spare building each action aside and copying its 248 bytes in.
func (l *listing) next() *h.Action {
	l.out = append(l.out, h.Action{})
	return &l.out[len(l.out)-1]
}

// actions is a copy of what was listed, at its exact length.
func (l *listing) actions() []h.Action {
	return append(make([]h.Action, 0, len(l.out)), l.out...)
}

// proposalActions lists what the player paying a proposal may do: pay it in each way the
// pool allows, cancel it, or activate mana abilities first (CR 601.2g-h).
func (l *listing) proposalActions(p *proposal) {
	s := l.s
	// The non-mana part of an ability's cost may have become unpayable while mana
	// abilities were activated (tapping the source for mana): then only Cancel.
	costsPayable := p.Source == 0 || nonManaCostBlock(s, l.v, s.obj(p.Source), &p.Cost) == payable
	for _, pay := range payments(s, s.Players[p.Player].Pool, p.Colored, p.Generic) {
		if costsPayable {
			l.add(h.Action{Player: p.Player, Kind: h.Pay, Payment: pay})
		}
	}
	l.add(h.Action{Player: p.Player, Kind: h.Cancel})
	if s.faults.on(FaultPassWhilePaying) {
		l.add(h.Action{Player: p.Player, Kind: h.Pass})
	}
	l.manaActions(p.Player)
}

// playAndCastActions lists the lands p may play and the spells p may begin to cast now,
// from their permissions (cr601_permissions.go): lands first, then spells, one action per
// choice of targets and X.
func (l *listing) playAndCastActions(p h.Player) {
	s, v := l.s, l.v
	perms := permissions(s, v, p)
	if s.LandsPlayed < 1 {
		for _, perm := range perms {
			if perm.Play && perm.Timing.allows(s, p) {
				l.add(h.Action{Player: p, Kind: h.PlayLand, Card: perm.Card, Name: v.Of(perm.Object).Name})
			}
		}
	}
	for _, perm := range perms {
		if perm.Play || perm.Unmet != "" || !perm.Timing.allows(s, p) {
			continue
		}
		name := perm.Spell(v).Name
		for _, ts := range l.targetCombos(p, perm.Targets, perm.Spell(v)) {
			for x := 0; x <= l.maxX(p, perm.Cost); x++ {
				a := l.next()
				a.Player, a.Kind, a.Card, a.Name, a.X, a.Targets = p, h.Cast, perm.Card, name, x, ts
				if perm.FaceDown {
					a.Choices = []string{h.Choice(h.ChoiceFace, h.FaceDownChoice)}
				}
			}
		}
	}
}

// maxX is the largest X worth listing (CR 107.3a, 601.2b): what the player could pay
// with their pool and the mana abilities of their permanents that cost no mana, at the
// most each could produce now.
func (l *listing) maxX(p h.Player, c manaCost) int {
	if c.X == 0 {
		return 0
	}
	return max(0, (l.manaPotential(p)-c.ManaValue())/c.X)
}

// manaPotential is the most mana player could have now: the pool, plus the largest
// outcome of each mana ability that costs no mana and can be activated.
func (l *listing) manaPotential(p h.Player) int {
	if !l.potentialDone[p] {
		n := l.s.Players[p].Pool.Total()
		for _, m := range l.manaSources(p) {
			if m.ab.Cost.Mana != (manaCost{}) {
				continue // it costs mana to make mana: no gain to count on
			}
			best := 0
			for _, oc := range m.outcomes {
				best = max(best, oc.mana.Total())
			}
			n += best
		}
		l.potential[p], l.potentialDone[p] = n, true
	}
	return l.potential[p]
}

// manaSources lists the mana abilities p can activate now, in activatable's order, with
// their outcomes.
func (l *listing) manaSources(p h.Player) []manaSource {
	if !l.manaDone[p] {
		l.activatable(p, false)
	}
	return l.mana[p]
}

// activatable finds, in one pass, the activated abilities of the permanents p controls
// whose non-mana costs can be paid now (CR 602.2, 107.5, 107.6, 302.6): the mana abilities,
// with their outcomes, into l.mana[p] unless they are there already, and, if others, the
// other abilities into l.others, each list in battlefield order. Abilities that function
// from a hand (cycling, CR 702.29a) are the player's cards' in their hand, after the
// permanents'.
func (l *listing) activatable(p h.Player, others bool) {
	s, v := l.s, l.v
	mana := !l.manaDone[p]
	each := func(ids []h.ObjectID, fromHand bool) {
		for _, id := range ids {
			o := s.obj(id)
			if o.Controller != p {
				continue
			}
			c := v.Of(id)
			for i := range c.Abilities {
				ab := c.Abilities[i].ability
				if ab.Kind != Activated || ab.FromHand != fromHand {
					continue // it doesn't function from where the object is (CR 113.6)
				}
				isMana := ab.IsMana()
				if isMana && !mana || !isMana && !others || nonManaCostBlock(s, v, o, &ab.Cost) != payable {
					continue
				}
				a := activation{o: o, c: c, i: i, ab: c.Abilities[i]}
				if isMana {
					l.mana[p] = append(l.mana[p], manaSource{activation: a, outcomes: manaOutcomes(s, v, o, ab)})
				} else {
					l.others = append(l.others, a)
				}
			}
		}
	}
	each(s.Battlefield, false)
	each(s.Players[p].Hand, true)
	l.manaDone[p] = true
}

// abilityActions lists the non-mana activated abilities the player can start to activate
// now: one action per choice of targets and X. The listing's activatable has found them,
// with their mana abilities.
func (l *listing) abilityActions(p h.Player) {
	s, v := l.s, l.v
	for _, a := range l.others {
		o, c, i, ab := a.o, a.c, a.i, a.ab
		if ab.Sorcery && !canActAtSorcerySpeed(s, p) {
			continue
		}
		if ab.IsCycling() && s.faults.on(FaultNoTargetBlocksCycling) && !cycleTriggersHaveTargets(s, v, p, c) {
			continue // the fault: a trigger with no legal target stops the cycling (CR 702.29c, 603.3d)
		}
		combos := l.targetCombos(p, ab.Targets, c)
		if len(combos) == 0 {
			continue
		}
		text := v.activationText(o, c, i, ab.ability, false, h.Mana{})
		maxX := l.maxX(p, ab.Cost.Mana)
		for _, sac := range sacrificeChoices(s, v, p, ab.Cost.Sacrifice) {
			text := text + sac.text
			for _, ts := range combos {
				for x := 0; x <= maxX; x++ {
					a := l.next()
					a.Player, a.Kind, a.Card, a.Name, a.Ability, a.X, a.Targets, a.Choices, a.Text = p, h.Activate, o.Card, c.Name, i, x, ts, sac.choices, text
				}
			}
		}
	}
}

// manaActions lists the mana abilities the player can activate now: one action per
// payment of the ability's mana cost and per distinct outcome. An ability whose mana cost
// the pool can't pay is listed once per outcome without a payment: its activation waits
// for the cost, to be paid with mana from other mana abilities (CR 602.2b, 601.2g-h).
func (l *listing) manaActions(p h.Player) {
	s := l.s
	for _, m := range l.manaSources(p) {
		colored, generic := m.ab.Cost.Mana.total(0)
		pays := noPayment
		if colored.Total()+generic > 0 {
			pays = payments(s, s.Players[p].Pool, colored, generic)
			if len(pays) == 0 && canProposeMana(s) {
				pays = noPayment
			}
		}
		if s.faults.on(FaultUndefinedNotListed) && len(m.outcomes) == 1 && m.outcomes[0].mana.IsZero() {
			continue
		}
		first := len(l.out)
		for j, pay := range pays {
			for k, oc := range m.outcomes {
				var text string // the same for every payment
				if j == 0 {
					text = l.v.activationText(m.o, m.c, m.i, m.ab.ability, true, oc.mana)
				} else {
					text = l.out[first+k].Text
				}
				a := l.next()
				a.Player, a.Kind, a.Card, a.Name, a.Ability = p, h.Activate, m.o.Card, m.c.Name, m.i
				a.Choices, a.Payment, a.Text = oc.choices, pay, text
			}
		}
	}
}

// noPayment is the one payment of a mana ability that pays nothing now, shared: it is
// only read.
var noPayment = []h.Mana{{}}

// targetCombos lists every combination of legal targets for the requirements (one empty
// combination when there are none), in the order of each requirement's candidates, the
// last requirement's varying slowest. The list is the listing's, read only and good until
// the next call; each combination has its own exact-capacity slice, cut from one array
// per requirement, which the actions keep.
func (l *listing) targetCombos(p h.Player, specs []targetSpec, src *chars) [][]h.Target {
	if len(specs) == 0 {
		return noTargets
	}
	combos := noTargets
	for depth, spec := range specs {
		l.cands = spec.appendCandidates(l.cands[:0], l.s, l.v, p, src)
		cands := l.cands
		// The buffer not holding combos takes the next ones: combos of two requirements
		// are made from those of one.
		buf := &l.combos[depth%2]
		next := slices.Grow((*buf)[:0], len(cands)*len(combos))
		all := make([]h.Target, len(cands)*len(combos)*(depth+1))
		for _, cand := range cands {
			t := cand.target()
			for _, c := range combos {
				combo := all[: depth+1 : depth+1]
				all = all[depth+1:]
				copy(combo, c)
				combo[depth] = t
				next = append(next, combo)
			}
		}
		*buf, combos = next, next
	}
	return combos
}

// noTargets is the one combination of no targets, shared: it is only read.
var noTargets = [][]h.Target{nil}
