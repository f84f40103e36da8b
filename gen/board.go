package gen

import (
	"slices"
	"strconv"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Board generates a starting position: the turn, the step, and for each player (the
// active one first) life, mana pool, battlefield, hand, library and graveyard. Permanents
// get random tapped status, summoning sickness (CR 302.6), counters, damage, an owner
// other than their controller now and then, and Auras and Equipment get a legal-looking
// host; now and then an Aura or Equipment gets any host, and, if the pool has Auras or
// Equipment, any other permanent is attached to something (what a copy of one leaves when
// the copy effect ends, CR 704.5p); the engine's
// state-based actions settle what is illegal (CR 704.5m, 704.5n, 704.5p).
//
// Draw order puts the simplest case at 0: no recipe's extras beyond its favoured cards,
// turn 1, player A active, the first step of the mix (main 1), no permanents, no cards.
// The result is normalized (card IDs 1..n in setup order).
func (g *Generator) Board(src Source) harness.Setup {
	s, _ := g.board(src)
	return s
}

// board is Board, with the recipe it drew.
func (g *Generator) board(src Source) (harness.Setup, *recipe) {
	r := &g.plain
	if len(g.recipes) > 0 {
		if i := g.pick.draw(src, "recipe"); i < len(g.recipes) {
			r = &g.recipes[i]
		}
	}
	var s harness.Setup
	s.Turn = 1 + src.Uintn("turn", 3)
	s.Active = harness.Player(src.Uintn("active", 2))
	s.Step = harness.Steps[r.steps.draw(src, "step")]
	if (s.Step == harness.Main1 || s.Step == harness.Main2) && flag(src, "land-played", 20) {
		s.LandsPlayed = 1
	}
	var drafts []draft
	var kinds fieldKinds
	scratch := boardScratches.Get().(*boardScratch)
	scratch.lend(&s)
	for side := 0; side < 2; side++ {
		p := s.Active
		if side == 1 {
			p = p.Opponent()
		}
		src.Group("player", func(src Source) {
			drafts = g.player(src, r, side, p, &s.Players[p], &kinds[p], drafts)
		})
	}
	scratch.keep(&s)
	boardScratches.Put(scratch)
	number(&s)
	attach(&s, drafts, &kinds)
	copyChains(&s, drafts, &kinds)
	exiledWith(src, &s, drafts, &kinds)
	return s, r
}

// number gives the board's cards the IDs Normalize would: 1 to n in setup order
// ([harness.Setup.EachCard]). Board makes no ID, attachment, copy effect or link before
// it, so there is nothing else for Normalize to check or fill.
func number(s *harness.Setup) {
	id := harness.CardID(0)
	s.EachCard(func(c *harness.CardSpec) { id++; c.ID = id })
}

// fieldKinds are the kinds of each player's permanents, in the setup's order: what the
// board's attachments, copy effects and links are drawn from, known as each permanent is
// drawn (no lookup by name afterwards).
type fieldKinds [2][]Kind

// draft remembers what attach needs about a generated permanent.
type draft struct {
	player harness.Player
	index  int // into the player's Battlefield
	card   Card
	attach int   // the "attach" draw; 0 = unattached
	stray  bool  // any other permanent may be the host, legal or not
	copies []int // the "copy" draws of a copier: which permanents it copies, oldest first
	// exiled names the cards its linked abilities exiled, if it has (or copies) them.
	exiled []string
}

// player fills one player's zones, and the kinds of its permanents. side 0 is the active
// player.
func (g *Generator) player(src Source, r *recipe, side int, p harness.Player, ps *harness.PlayerSetup, kinds *[]Kind, drafts []draft) []draft {
	ps.Life = harness.DefaultLife
	if flag(src, "hurt", 10) {
		ps.Life = 1 + src.Uintn("life", harness.DefaultLife-1)
	}
	if flag(src, "floating", 10) {
		repeat(src, "mana", 60, 4, func(s Source) {
			ps.Pool[harness.ManaTypes[s.Uintn("type", harness.NumManaTypes)]]++
		})
	}
	if side == 0 && !r.pool.IsZero() && flag(src, "recipe-pool", 90) {
		ps.Pool = ps.Pool.Add(r.pool)
	}
	field, hand, library := &r.mine, &r.hand, &r.library
	if side == 1 {
		field, hand, library = &r.theirs, &r.otherHand, &r.otherLb
	}
	// A pool without permanent cards leaves battlefields empty: instants and sorceries
	// can't be on the battlefield (CR 110.4, 304.4, 307.4).
	perms := g.maxPerm
	if field.empty() {
		perms = 0
	}
	*kinds = make([]Kind, 0, perms)
	repeatAtLeast(src, "perm", min(r.minPerm, perms), 80, perms, func(s Source) {
		c := g.pool.cards[field.draw(s, "card")]
		ps.Battlefield = append(ps.Battlefield, g.permanent(s, c, p, r.faceDown, r.transformed))
		*kinds = append(*kinds, c.Kind)
		switch {
		case c.Kind.Any(Aura | Equipment):
			drafts = append(drafts, draft{player: p, index: len(ps.Battlefield) - 1, card: c, attach: s.Uintn("attach", 8), stray: flag(s, "stray", 5)})
		case g.attaching && flag(s, "attached", 3):
			drafts = append(drafts, draft{player: p, index: len(ps.Battlefield) - 1, card: c, attach: 1 + s.Uintn("attach", 7), stray: true})
		}
		if c.Kind.Any(Copier | ExilesLinked) {
			d := draft{player: p, index: len(ps.Battlefield) - 1, card: c}
			if c.Kind.Has(Copier) {
				repeat(s, "copies", 55, 3, func(s Source) { d.copies = append(d.copies, s.Uintn("copy", 12)) })
			}
			if c.Kind.Has(ExilesLinked) || len(d.copies) > 0 && flag(s, "copies-linked", 85) {
				repeat(s, "exiled", 80, 2, func(s Source) { d.exiled = append(d.exiled, g.pool.cards[hand.draw(s, "card")].Name) })
			}
			drafts = append(drafts, d)
		}
	})
	dealt := func(s Source) {
		ps.Hand = append(ps.Hand, harness.CardSpec{Name: g.pool.cards[hand.draw(s, "card")].Name})
	}
	for range r.minHand[side] {
		src.Group("dealt", dealt)
	}
	repeat(src, "hand", 55, maxHand-len(ps.Hand), dealt)
	minLib := 0
	if side == 0 {
		minLib = r.minLibrary
	}
	repeatAtLeast(src, "library", minLib, 70, 10, func(s Source) {
		ps.Library = append(ps.Library, harness.CardSpec{Name: g.pool.cards[library.draw(s, "card")].Name})
	})
	if side == 0 {
		repeat(src, "graveyard", 15, 4, func(s Source) {
			ps.Graveyard = append(ps.Graveyard, harness.CardSpec{Name: g.pool.cards[r.gy.draw(s, "card")].Name})
		})
	}
	return drafts
}

// boardScratch holds the buffers Board draws zones into. How many cards and permanents
// a zone gets is known only at its end, and growing each list was most of a board's
// allocations (permanents are large values): the setup keeps one exactly sized array of
// cards and one of permanents, each zone a capped piece of it.
type boardScratch struct {
	cards [2][3][]harness.CardSpec // by player: library, hand, graveyard
	perms [2][]harness.PermanentSpec
}

var boardScratches = sync.Pool{New: func() any { return new(boardScratch) }}

// zones are the zones of ps Board draws cards into, in setup order.
func zones(ps *harness.PlayerSetup) [3]*[]harness.CardSpec {
	return [3]*[]harness.CardSpec{&ps.Library, &ps.Hand, &ps.Graveyard}
}

// lend points the zones Board draws into at b's buffers, empty.
func (b *boardScratch) lend(s *harness.Setup) {
	for p := range s.Players {
		ps := &s.Players[p]
		for z, zone := range zones(ps) {
			*zone = b.cards[p][z][:0]
		}
		ps.Battlefield = b.perms[p][:0]
	}
}

// keep gives s's zones their own arrays, exactly sized (nil if empty), and takes its
// buffers back, as grown, zeroed so that they keep nothing the setup holds alive.
func (b *boardScratch) keep(s *harness.Setup) {
	cards, perms := 0, 0
	for p := range s.Players {
		ps := &s.Players[p]
		cards += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard)
		perms += len(ps.Battlefield)
	}
	cardBuf, permBuf := make([]harness.CardSpec, 0, cards), make([]harness.PermanentSpec, 0, perms)
	for p := range s.Players {
		ps := &s.Players[p]
		for z, zone := range zones(ps) {
			b.cards[p][z] = *zone
			*zone = carve(&cardBuf, *zone)
			clear(b.cards[p][z])
			b.cards[p][z] = b.cards[p][z][:0]
		}
		b.perms[p] = ps.Battlefield
		ps.Battlefield = carve(&permBuf, ps.Battlefield)
		clear(b.perms[p])
		b.perms[p] = b.perms[p][:0]
	}
}

// carve appends list to buf and returns that piece of buf, capped so that appending to it
// reallocates it rather than writing into the next piece; nil if list is empty.
func carve[T any](buf *[]T, list []T) []T {
	if len(list) == 0 {
		return nil
	}
	start := len(*buf)
	*buf = append(*buf, list...)
	return (*buf)[start:len(*buf):len(*buf)]
}

// maxHand is the most cards a generated hand holds, but for a recipe's MinHand.
const maxHand = 7

// maxRecipeHand is the most cards a recipe's MinHand (TheirMinHand) may ask for: more
// than the maximum hand size, for situations where a player discards several cards to
// it in the cleanup step (CR 514.1).
const maxRecipeHand = 10

// colorLetters are the colours a "choose a color" permanent may have chosen (CR 105.1).
var colorLetters = [...]string{"W", "U", "B", "R", "G"}

// permanent draws one permanent's status for card c controlled by p; a card with morph is
// face down faceDown times in 100, and one that transforms back face up transformed times
// in 100.
func (g *Generator) permanent(s Source, c Card, p harness.Player, faceDown, transformed int) harness.PermanentSpec {
	pm := harness.PermanentSpec{CardSpec: harness.CardSpec{Name: c.Name}}
	pm.Tapped = flag(s, "tapped", 25)
	pm.Sick = flag(s, "sick", 25)
	if flag(s, "stolen", 5) { // owned by the other player (CR 108.3, 110.2)
		owner := p.Opponent()
		pm.Owner = &owner
	}
	counter := func(kind string, n int) {
		if n > 0 {
			if pm.Counters == nil {
				pm.Counters = map[string]int{}
			}
			pm.Counters[kind] = n
		}
	}
	switch {
	case c.Kind.Has(PlusCounters):
		counter("+1/+1", s.Uintn("+1/+1", 5))
	case c.Kind.Has(Creature) && flag(s, "counters", 15):
		counter("+1/+1", 1+s.Uintn("+1/+1", 3))
	case c.Kind.Has(Copier) && flag(s, "counters", 35): // they count once it copies a creature
		counter("+1/+1", 1+s.Uintn("+1/+1", 3))
	case c.Kind.Has(Transforms) && flag(s, "counters", 35): // they count once it transforms into a creature
		counter("+1/+1", 1+s.Uintn("+1/+1", 3))
	}
	if c.Kind.Has(ChargeCounters) {
		counter("charge", s.Uintn("charge", 4))
	}
	if c.Kind.Has(Planeswalker) {
		counter("loyalty", s.Uintn("loyalty", 7))
	}
	if c.Kind.Has(Saga) { // 0 to 3: before, at and past each chapter (CR 714.2b, 714.4)
		counter("lore", s.Uintn("lore", 4))
	}
	if c.Kind.Has(Creature) && flag(s, "damaged", 10) {
		pm.Damage = 1 + s.Uintn("damage", 3)
	}
	if faceDown > 0 && c.Kind.Has(Morph) && flag(s, "face down", faceDown) { // it was cast face down (CR 702.37c, 708.4)
		pm.FaceDown = true
	}
	if transformed > 0 && c.Kind.Has(Transforms) && flag(s, "transformed", transformed) { // it transformed before the game began (CR 701.27)
		pm.Transformed = true
	}
	if c.Kind.Has(ChoosesColor) {
		pm.Choices = map[string]string{"color": colorLetters[s.Uintn("color", len(colorLetters))]}
	}
	return pm
}

// attach gives each drafted Aura and Equipment the host its "attach" draw names among the
// legal-looking ones: permanents of the kind an Aura enchants (CR 303.4), creatures for
// Equipment (CR 301.5). With no candidate it stays unattached; an unattached Aura then
// goes to its owner's graveyard as a state-based action (CR 704.5m).
func attach(s *harness.Setup, drafts []draft, kinds *fieldKinds) {
	if len(drafts) == 0 {
		return
	}
	var hosts []harness.CardID
	for _, d := range drafts {
		if d.attach == 0 {
			continue
		}
		want := Creature
		if d.card.Kind.Has(Aura) && d.card.Enchant != 0 {
			want = d.card.Enchant
		}
		self := s.Players[d.player].Battlefield[d.index].ID
		hosts = hosts[:0]
		for p := range s.Players {
			for i := range s.Players[p].Battlefield {
				pm, k := &s.Players[p].Battlefield[i], kinds[p][i]
				if pm.ID != self && (d.stray || k.Any(want) && !k.Any(Aura|Equipment)) {
					hosts = append(hosts, pm.ID)
				}
			}
		}
		if len(hosts) > 0 {
			s.Players[d.player].Battlefield[d.index].AttachedTo = hosts[(d.attach-1)%len(hosts)]
		}
	}
}

// copyChains gives each drafted copier the copy effects in force its "copy" draws name
// (PermanentSpec.Copying), among the other permanents it could copy (CR 707): creatures
// for a creature copier, nonland permanents for a nonland one. Copiers copying copiers
// make chains; a copier copying several times, a stack of overwritten copy effects.
func copyChains(s *harness.Setup, drafts []draft, kinds *fieldKinds) {
	var cands []harness.CardID
	for _, d := range drafts {
		if len(d.copies) == 0 {
			continue
		}
		self := &s.Players[d.player].Battlefield[d.index]
		cands = cands[:0]
		for p := range s.Players {
			for i := range s.Players[p].Battlefield {
				pm, k := &s.Players[p].Battlefield[i], kinds[p][i]
				switch {
				case pm.ID == self.ID:
				case d.card.Kind.Has(CopiesCreatures) && !k.Any(Creature|Planeswalker|Copier):
				case d.card.Kind.Has(CopiesNonland) && k.Has(Land):
				default:
					cands = append(cands, pm.ID)
				}
			}
		}
		for _, k := range d.copies {
			if k > 0 && len(cands) > 0 {
				self.Copying = append(self.Copying, cands[(k-1)%len(cands)])
			}
		}
	}
}

// exiledWith puts each drafted permanent's "exiled" cards into exile as cards its linked
// abilities exiled (PermanentSpec.ExiledWith, CR 607.2a), when it has such abilities once
// its copy effects are in force: its own card's, or those of the last permanent it copies.
// Each card is its controller's own, or now and then the other player's (an Oblivion Ring
// holds whatever it exiled, CR 108.3): drawn here, where the link is made, so that boards
// without a link draw exactly as before. The cards are numbered after every other card of
// the setup.
func exiledWith(src Source, s *harness.Setup, drafts []draft, kinds *fieldKinds) {
	next := harness.CardID(0) // the highest ID so far, once some card is exiled
	for _, d := range drafts {
		self := &s.Players[d.player].Battlefield[d.index]
		if len(d.exiled) == 0 || !linksOf(s, kinds, d.player, d.index) {
			continue
		}
		if next == 0 { // self is numbered, so the highest ID is at least 1
			s.EachCard(func(c *harness.CardSpec) { next = max(next, c.ID) })
		}
		for _, name := range d.exiled {
			next++
			owner := d.player
			if flag(src, "theirs", 40) {
				owner = owner.Opponent()
			}
			s.Players[owner].Exile = append(s.Players[owner].Exile, harness.CardSpec{ID: next, Name: name})
			self.ExiledWith = append(self.ExiledWith, next)
		}
	}
}

// linksOf reports whether permanent i of player p's battlefield has linked exiling
// abilities once its copy effects are in force: those of the last permanent it copies
// (itself following its own copy effects), or its own card's. Where copy effects form a
// cycle, the order the engine starts them in decides, so it says no.
func linksOf(s *harness.Setup, kinds *fieldKinds, p harness.Player, i int) bool {
	// A depth-first walk of the copy effects: a permanent met again on the path is a cycle.
	// Boards are small and chains short, so plain lists beat maps.
	var path, done []harness.CardID
	var cyclic func(pm *harness.PermanentSpec) bool
	cyclic = func(pm *harness.PermanentSpec) bool {
		switch {
		case slices.Contains(path, pm.ID):
			return true
		case slices.Contains(done, pm.ID):
			return false
		}
		path = append(path, pm.ID)
		for _, c := range pm.Copying {
			cp, ci := permanentAt(s, c)
			if cyclic(&s.Players[cp].Battlefield[ci]) {
				return true
			}
		}
		path = path[:len(path)-1]
		done = append(done, pm.ID)
		return false
	}
	pm := &s.Players[p].Battlefield[i]
	if cyclic(pm) {
		return false
	}
	for len(pm.Copying) > 0 {
		p, i = permanentAt(s, pm.Copying[len(pm.Copying)-1])
		pm = &s.Players[p].Battlefield[i]
	}
	return kinds[p][i].Has(ExilesLinked)
}

// permanentAt is where the setup's permanent with card ID id is: its controller and its
// index in that player's battlefield. The setup is normalized, so every copy effect names
// one.
func permanentAt(s *harness.Setup, id harness.CardID) (harness.Player, int) {
	for p := range s.Players {
		for i := range s.Players[p].Battlefield {
			if s.Players[p].Battlefield[i].ID == id {
				return harness.Player(p), i
			}
		}
	}
	panic("gen: no permanent with card id " + strconv.Itoa(int(id)))
}
