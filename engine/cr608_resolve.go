package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 608: resolving spells and abilities. A resolution is a pure function of the state and
// the choices made during it. When a choice is needed that hasn't been made, nothing is
// committed: the game waits on a decision, and the resolution runs again from the start
// with the choices made so far once the player answers.

// decisionKind says what a pending decision is for.
type decisionKind uint8

const (
	DecideResolution   decisionKind = iota // a choice while the top of the stack resolves
	DecideLegend                           // which legendary permanent to keep (704.5j)
	DecideTriggerOrder                     // which of a player's triggers goes on the stack next (603.3b)
	DecideAttackers                        // which creatures attack (508.1)
	DecideDiscard                          // which card to discard to hand size (514.1)
	DecideBlockers                         // which creatures block (509.1)
	DecideDamage                           // how a blocked creature divides its damage (510.1c)
)

// decision is a choice the game waits for outside priority.
type decision struct {
	Kind    decisionKind
	Player  h.Player
	Prompt  string
	Options []string
	Prefix  []string // choices already made during this resolution
	// Resume is who had priority (or was about to receive it) when the decision arose; it
	// goes back to them once the decision is answered.
	Resume h.Player
	// Payment: an option pays mana, so the player may activate mana abilities first
	// (CR 608.2g); that option is not offered until the pool can pay it.
	Payment *payChoice
}

// needChoice carries an unanswered choice out of card code; resolveTop recovers it.
type needChoice struct{ err *errNeedChoice }

// illegalChoice carries a choice that can't be carried out (paying mana the pool doesn't
// hold) out of card code; resolveTop turns it into an error.
type illegalChoice struct{ err error }

// resolution is what a resolving spell or ability's effect works through.
type resolution struct {
	s    *state
	v    *view
	item *stackItem
	ch   chooser
	ev   *events
}

// Controller is the controller of the resolving spell or ability.
func (r *resolution) Controller() h.Player { return r.item.Controller }

// X is the value of X announced for the spell or ability (CR 107.3a).
func (r *resolution) X() int { return r.item.X }

// Source is the object the ability came from (possibly no longer on the battlefield).
func (r *resolution) Source() *object { return r.s.obj(r.item.Source) }

// Target returns the i-th target and whether it is still legal (CR 608.2b).
func (r *resolution) Target(i int) (chosen, bool) {
	if i >= len(r.item.Targets) {
		return chosen{}, false
	}
	t := r.item.Targets[i]
	legal := targetLegal(r.s, r.v, r.item.Controller, r.item.Specs[i], t, sourceChars(r.v, r.item.Source))
	if o := r.s.byCard(t.Card); r.s.faults.on(FaultTargetFollowsCard) && legal && !t.Stack && t.Object != 0 && r.s.live(t.Object) == nil && o != nil {
		t.Object = o.ID // a gone target followed to its card's object now
	}
	return t, legal
}

// Choose asks the controller to pick an option (as "option:TEXT" in a Choose action).
func (r *resolution) Choose(options []string) string { return r.chooseBy(r.item.Controller, options) }

// chooseBy asks player p to pick an option as the spell or ability resolves.
func (r *resolution) chooseBy(p h.Player, options []string) string {
	c, err := chooseFor(r.ch, p, h.ChoiceOption, options)
	if err != nil {
		if nc, ok := err.(*errNeedChoice); ok {
			panic(needChoice{nc})
		}
		panic(needChoice{&errNeedChoice{kind: h.ChoiceOption, options: options, player: p}})
	}
	return c
}

// payOption is how an option to pay mana reads: "pay {4}".
func payOption(colored h.Mana, generic int) string {
	cost := manaCost{Mana: colored, Generic: generic}
	return "pay " + cost.String()
}

// MayPay offers the controller to pay mana as the ability resolves ("you may pay {4}",
// CR 118.12): they may activate mana abilities before answering (608.2g). It reports
// whether they paid.
func (r *resolution) MayPay(colored h.Mana, generic int) bool {
	pay := payOption(colored, generic)
	options := []string{"don't pay", pay}
	c, err := chooseFor(r.ch, r.item.Controller, h.ChoiceOption, options)
	if err != nil {
		nc, ok := err.(*errNeedChoice)
		if !ok {
			nc = &errNeedChoice{kind: h.ChoiceOption, options: options, player: r.item.Controller}
		}
		nc.payment = &payChoice{option: pay, colored: colored, generic: generic}
		panic(needChoice{nc})
	}
	if c != pay {
		return r.s.faults.on(FaultDeclinedStillDoes) // the fault: "if you do" without paying (CR 118.12)
	}
	if !r.PayFromPool(colored, generic) {
		panic(illegalChoice{fmt.Errorf("CR 118.3: %s can't %s: the pool holds %s", r.item.Controller, pay, r.s.Players[r.item.Controller].Pool)})
	}
	return true
}

// Obj returns the object with the given ID.
func (r *resolution) Obj(id h.ObjectID) *object { return r.s.obj(id) }

// Chars returns an object's computed characteristics as the resolution began.
func (r *resolution) Chars(id h.ObjectID) *chars { return r.v.Of(id) }

// AddCounters puts n counters of a kind on a permanent.
func (r *resolution) AddCounters(id h.ObjectID, k counterKind, n int) {
	if r.s.live(id) != nil && n > 0 {
		o := r.s.mut(id)
		o.Counters[k] += n
		r.ev.add(h.Event{Kind: "counters", Player: o.Controller, Card: o.Card, Object: id, Text: fmt.Sprintf("%s gets %d %s counter(s)", r.v.Of(id).Name, n, k)})
	}
}

// Damage deals n damage from the source to a target player or permanent (CR 120.3).
func (r *resolution) Damage(t chosen, n int) {
	if o := r.s.live(t.Object); o != nil && o.Damage == 0 && r.s.faults.on(FaultEffectDamageSpared) {
		return
	}
	dealDamage(r.s, r.v, r.item.Source, t, n, "120.3", r.ev)
}

// SetTapped taps or untaps a permanent.
func (r *resolution) SetTapped(id h.ObjectID, tapped bool) {
	if o := r.s.live(id); o == nil || o.Tapped == tapped {
		return
	}
	o := r.s.mut(id)
	o.Tapped = tapped
	kind := map[bool]string{true: "tapped", false: "untapped"}[tapped]
	r.ev.add(h.Event{Kind: kind, Player: o.Controller, Card: o.Card, Object: id, Text: kind + " " + r.v.Of(id).Name})
}

// AddEffect creates a continuous effect with the given parts and duration, locked to the
// given objects (CR 611.2c).
func (r *resolution) AddEffect(d duration, mods []modification, objects ...h.ObjectID) {
	r.s.addEffect(effect{Source: r.item.Source, Controller: r.item.Controller, Duration: d, Mods: mods, Objects: objects})
}

// AddMana adds mana to a player's pool (a spell that adds mana is not a mana ability,
// CR 605.5b).
func (r *resolution) AddMana(p h.Player, m h.Mana) {
	if r.s.faults.on(FaultSpellManaMultiplied) && controlsStatic(r.s, r.v, p, ReplaceMultiplyMana) {
		m = m.Add(m)
	}
	addMana(r.s, r.v, p, m, r.Source(), r.ev)
}

// PayFromPool spends mana from the controller's pool if it holds it, reporting success.
func (r *resolution) PayFromPool(colored h.Mana, generic int) bool {
	ps := &r.s.Players[r.item.Controller]
	pays := payments(r.s, ps.Pool, colored, generic)
	if len(pays) == 0 {
		return false
	}
	ps.Pool = ps.Pool.Sub(pays[0])
	return true
}

// MoveTo moves an object to a zone (on top of its owner's library when toTop).
func (r *resolution) MoveTo(id h.ObjectID, zone h.Zone, toTop bool) h.ObjectID {
	return moveTo(r.s, r.v, id, zone, toTop, r.ev)
}

// CreateTokens creates n tokens of def under player's control (CR 111).
func (r *resolution) CreateTokens(def *cardDef, p h.Player, n int) {
	if r.s.faults.on(FaultTokensForActive) {
		p = r.s.Active
	}
	for i := 0; i < n; i++ {
		r.s.NextToken++
		id := r.s.newObject(object{Card: h.FirstTokenID + r.s.NextToken - 1, Def: def, Owner: p, Controller: p,
			Zone: h.Battlefield, Token: true, Sick: true, ChosenColor: -1})
		r.s.Battlefield = append(r.s.Battlefield, id)
		r.ev.add(h.Event{Kind: "token", Player: p, Card: r.s.obj(id).Card, Object: id, Text: p.String() + " creates " + r.v.Of(id).Name})
	}
}

// targetLegal re-checks a target against its requirement (CR 608.2b).
func targetLegal(s *state, v *view, controller h.Player, spec targetSpec, t chosen, src *chars) bool {
	if spec.zone() == h.Stack {
		it := s.stackItem(t.Object)
		return t.Stack && it != nil && spec.Stack(s, controller, it)
	}
	if t.Object == 0 {
		return spec.Player
	}
	o := s.live(t.Object)
	if o == nil && s.faults.on(FaultTargetFollowsCard) {
		return s.byCard(t.Card) != nil
	}
	if o == nil || o.Zone != spec.zone() {
		return false
	}
	return spec.Match(s, v, controller, o) && !protectsFromTargeting(s, v, o.ID, src)
}

// resolveTop resolves the topmost stack item with the choices in ch (CR 608.2). It
// returns a needChoice error when a choice is missing; s is then in an unspecified state
// and the caller discards it.
func resolveTop(s *state, ch chooser, ev *events) (err error) {
	defer func() {
		if p := recover(); p != nil {
			switch c := p.(type) {
			case needChoice:
				err = c.err
			case illegalChoice:
				err = c.err
			default:
				panic(p)
			}
		}
	}()
	v := s.project()
	item := s.Stack[len(s.Stack)-1]
	if len(item.Specs) > 0 {
		legal := 0
		for i := range item.Targets {
			if targetLegal(s, v, item.Controller, item.Specs[i], item.Targets[i], sourceChars(v, item.Source)) {
				legal++
			}
		}
		if legal == 0 { // CR 608.2b: every target illegal, it doesn't resolve
			ev.add(h.Event{Kind: "fizzled", Player: item.Controller, Card: item.SourceCard, Text: "no legal targets: removed without resolving (CR 608.2b)"})
			if item.IsSpell {
				moveTo(s, v, item.ID, h.Graveyard, false, ev)
			} else {
				s.popStack()
			}
			return nil
		}
	}
	if ab := item.Ability; !item.IsSpell && ab != nil && ab.Trigger != nil && ab.Trigger.If != nil && !s.faults.on(FaultInterveningIfOnce) && !ab.Trigger.If(s, s.obj(item.Source)) {
		// CR 603.4: the intervening "if" is checked again on resolution; false, the ability
		// does nothing. A source that left reports its last known information (608.2h).
		s.popStack()
		ev.add(h.Event{Kind: "resolved", Player: item.Controller, Card: item.SourceCard, Object: item.ID,
			Text: "resolves and does nothing, its condition no longer true (CR 603.4): " + itemText(v, &item)})
		return nil
	}
	r := &resolution{s: s, v: v, item: &item, ch: ch, ev: ev}
	ev.add(h.Event{Kind: "resolved", Player: item.Controller, Card: item.SourceCard, Object: item.ID, Text: "resolves: " + itemText(v, &item)})
	if !item.IsSpell {
		s.popStack()
		switch {
		case item.Ability.Produce != nil && item.Ability.Kind == Triggered: // fault: a triggered mana ability on the stack
			extra, err := triggeredProduction(s.obj(item.Source), item.Ability.Produce, item.Produced, ch)
			if err != nil {
				return err
			}
			addMana(s, v, item.Controller, extra, s.obj(item.Source), ev)
		case item.Ability.Resolve != nil:
			item.Ability.Resolve(r)
		}
		return nil
	}
	if isPermanentSpell(v.Of(item.ID)) {
		enterFromStack(r, s.obj(item.ID))
		return nil
	}
	if item.Ability != nil && item.Ability.Resolve != nil {
		item.Ability.Resolve(r)
	}
	moveTo(s, v, item.ID, h.Graveyard, false, ev) // CR 608.2n
	return nil
}

// isPermanentSpell: artifacts, creatures, enchantments, lands, planeswalkers (CR 110.4).
func isPermanentSpell(c *chars) bool {
	return !c.HasType("Instant") && !c.HasType("Sorcery")
}

// enterFromStack puts a resolving permanent spell onto the battlefield (CR 608.3), with
// its replacement effects on entering (CR 614.1c, 614.12): an Aura spell becomes attached
// to its target (CR 303.4f).
func enterFromStack(r *resolution, card *object) {
	s := r.s
	aura := r.v.Of(card.ID).HasSubtype("Aura")
	moved := r.ev
	if s.faults.on(FaultResolvedMoveUnreported) {
		moved = nil // the fault: the move from the stack goes unreported
	}
	nid := moveTo(s, r.v, card.ID, h.Battlefield, false, moved) // a new object (CR 400.7)
	o := s.mut(nid)
	o.Controller = r.item.Controller
	o.FaceDown = card.FaceDown // a face-down spell becomes a face-down permanent (CR 708.4)
	// a replacement: it enters as the copy (CR 707.5, 614.1c)
	if enterAsCopy(s, o, r.Choose, r.ev, nil) && !aura {
		r.enchantAsCopy(o, nil)
	}
	o.Sick = entersSick(s, o)
	applyEnterReplacements(s, o, r.item.X, r.Choose)
	if aura && len(r.item.Targets) > 0 {
		o.AttachedTo = r.item.Targets[0].Object
	}
	enterTriggers(s, nid)
}

// PutOntoBattlefield puts objects onto the battlefield at the same time, each under the
// control of controller(it) (new objects, CR 400.7), with their replacement effects on
// entering (CR 614.1c, 614.12) and their enters triggers (603.6a); it returns the new
// objects' IDs, in order. An Aura put onto the battlefield this way enchants what its
// controller chooses among what it may enchant (303.4f); with nothing to enchant it stays
// where it is, or goes from the stack to its owner's graveyard (303.4g), and its ID is left
// out. Each Aura's choice is made, and each copy's (707.5), among the permanents already on
// the battlefield: what enters at the same time isn't there yet to be enchanted or copied
// (so an Aura that Helvault returns can't enchant a creature it returns with it).
func (r *resolution) PutOntoBattlefield(ids []h.ObjectID, controller func(*object) h.Player) []h.ObjectID {
	if !r.s.faults.on(FaultAuraEnchantsEntering) {
		return r.putTogether(ids, controller)
	}
	var out []h.ObjectID // one at a time: each sees those put there before it
	for _, id := range ids {
		out = append(out, r.putTogether([]h.ObjectID{id}, controller)...)
	}
	return out
}

// putTogether is PutOntoBattlefield, for objects that enter at the same time.
func (r *resolution) putTogether(ids []h.ObjectID, controller func(*object) h.Player) []h.ObjectID {
	type entering struct {
		id, host h.ObjectID
		ctl      h.Player
	}
	var enter []entering
	for _, id := range ids {
		if !isPermanentSpell(r.v.Of(id)) {
			continue // an instant or sorcery card stays where it is (CR 400.4a)
		}
		ctl := controller(r.s.obj(id))
		host, ok := r.auraHost(id, ctl)
		if !ok {
			if r.s.obj(id).Zone == h.Stack || r.s.faults.on(FaultAuraWithoutHostDies) {
				moveTo(r.s, r.v, id, h.Graveyard, false, r.ev)
			}
			continue
		}
		enter = append(enter, entering{id: id, host: host, ctl: ctl})
	}
	out := make([]h.ObjectID, len(enter))
	for i, e := range enter {
		out[i] = moveTo(r.s, r.v, e.id, h.Battlefield, false, r.ev)
		o := r.s.mut(out[i])
		o.Controller = e.ctl
		o.AttachedTo = e.host
	}
	for _, nid := range out {
		o := r.s.mut(nid)
		o.Sick = entersSick(r.s, o)
		// The choices "as it enters" are its controller's, the player it enters under
		// (CR 707.5, 614.12, 303.4f), not the resolving ability's controller's.
		choose := func(options []string) string { return r.chooseBy(o.Controller, options) }
		if r.s.faults.on(FaultEnteringChoiceByResolver) {
			choose = r.Choose
		}
		if enterAsCopy(r.s, o, choose, r.ev, out) {
			r.enchantAsCopy(o, out)
		}
		applyEnterReplacements(r.s, o, 0, choose)
	}
	for _, nid := range out {
		enterTriggers(r.s, nid)
		if r.s.faults.on(FaultPutFiresCastTriggers) {
			castTriggers(r.s, &stackItem{ID: nid, Controller: r.s.obj(nid).Controller}) // the fault: put as if cast (CR 601.2i)
		}
	}
	return out
}

// auraHost is what the object id, if it is an Aura, enchants as it is put onto the
// battlefield under controller's control: controller chooses among the permanents its
// enchant ability allows (CR 303.4f), judged on the card as it is now. It is 0 for what
// isn't an Aura; ok is false for an Aura with nothing to enchant (303.4g).
func (r *resolution) auraHost(id h.ObjectID, controller h.Player) (host h.ObjectID, ok bool) {
	return r.chooseAuraHost(r.v, id, controller, nil)
}

// enchantAsCopy: a permanent that has just entered as a copy of an Aura wasn't an Aura
// spell resolving, so its controller chooses what it enchants as it enters (CR 303.4f,
// 707.5), among the permanents on the battlefield but those entering with it. With nothing
// it may enchant it stays unattached, and state-based actions put it into the graveyard
// (704.5m).
func (r *resolution) enchantAsCopy(o *object, entering []h.ObjectID) {
	if r.s.faults.on(FaultAuraCopyEntersUnattached) || o.AttachedTo != 0 {
		return
	}
	v := r.s.project()
	if !isAura(v.Of(o.ID)) {
		return
	}
	if host, ok := r.chooseAuraHost(v, o.ID, o.Controller, entering); ok {
		r.s.mut(o.ID).AttachedTo = host
	}
}

// chooseAuraHost has controller choose what the Aura id enchants among the permanents
// other than it and those of exclude that its enchant ability allows, as v shows them
// (CR 303.4f); see auraHost.
func (r *resolution) chooseAuraHost(v *view, id h.ObjectID, controller h.Player, exclude []h.ObjectID) (host h.ObjectID, ok bool) {
	c := v.Of(id)
	if !isAura(c) {
		return 0, true
	}
	spec, ok := enchantSpec(c)
	if !ok {
		return 0, false
	}
	var cands []*object
	anyPermanent := r.s.faults.on(FaultReturnedAuraAnyHost)
	for _, pid := range r.s.Battlefield {
		if pid == id || slices.Contains(exclude, pid) {
			continue
		}
		if t := r.s.obj(pid); anyPermanent || spec.Match(r.s, v, controller, t) && !protectedFrom(v.Of(pid), c) {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 {
		return 0, false
	}
	if len(cands) == 1 {
		return cands[0].ID, true // nothing to choose
	}
	slices.SortFunc(cands, func(a, b *object) int { return int(a.Card) - int(b.Card) })
	opts := make([]string, len(cands))
	for i, t := range cands {
		opts[i] = fmt.Sprintf("enchant %s (card %d)", v.Of(t.ID).Name, t.Card)
	}
	pick := r.chooseBy(controller, opts)
	return cands[slices.Index(opts, pick)].ID, true
}

// TakeExtraTurn gives player an extra turn directly after this one (CR 500.7): the most
// recently created is taken first.
func (r *resolution) TakeExtraTurn(p h.Player) {
	r.s.ExtraTurns = append(slices.Clip(r.s.ExtraTurns), p)
	r.ev.add(h.Event{Kind: "extra_turn", Player: p, Text: p.String() + " will take an extra turn after this one"})
}

// applyEnterReplacements applies the permanent's own "enters" replacement effects, read
// from the permanent as it would exist on the battlefield (CR 614.12: its characteristics
// with the continuous effects that would apply to it there). spellX is the X of the spell
// that became it: 107.3m makes an ETB ability that refers to X use the spell's X, though
// the permanent's own X is 0.
func applyEnterReplacements(s *state, o *object, spellX int, choose func([]string) string) {
	o = s.mut(o.ID)
	o.ChosenColor = -1
	v := s.project()
	c := v.Of(o.ID)
	if s.faults.on(FaultStartingLoyaltyPrinted) {
		o.Counters[Loyalty] += startingLoyalty(s, v.printedOf(o.ID)) // its own card's, not its copiable values (CR 306.5b, 707.2)
	} else {
		o.Counters[Loyalty] += startingLoyalty(s, c) // CR 306.5b
	}
	if isSaga(c) {
		o.Counters[Lore]++ // CR 714.3a: a Saga enters with a lore counter (the pool has no read ahead)
	}
	for _, a := range c.Abilities {
		if a.Kind != Static {
			continue
		}
		switch a.Static.Kind {
		case EntersTapped: // with N counters of a kind, if given ("enters tapped with two charge counters")
			o.Tapped = true
			o.Counters[a.Static.Counter] += a.Static.N
			if s.faults.on(FaultEntersCountersOnce) && a.Static.N > 1 {
				o.Counters[a.Static.Counter] -= a.Static.N - 1 // the fault: one counter, whatever N
			}
		case EntersWithCounters:
			n := a.Static.N
			if a.Static.UseX {
				n = spellX
				if s.faults.on(FaultETBUsesPermanentX) {
					n = 0 // the permanent's own X (CR 107.3g) instead of the spell's
				}
			}
			o.Counters[a.Static.Counter] += n
		case EntersChoosingColor:
			if choose != nil {
				c := choose([]string{"W", "U", "B", "R", "G"})
				t, _ := h.ParseManaType(c)
				o.ChosenColor = int8(t)
			}
		}
	}
}

// itemText describes a stack item for people.
func itemText(v *view, it *stackItem) string {
	name := v.Of(it.Source).Name
	if it.IsSpell {
		return name
	}
	return name + ": " + it.Ability.Text
}
