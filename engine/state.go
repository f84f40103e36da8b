package engine

import (
	"slices"
	"sync"
	"sync/atomic"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Counter kinds the pool uses (CR 122).
type counterKind uint8

const (
	PlusOne counterKind = iota // +1/+1
	Charge
	Loyalty
	Lore
	numCounterKinds
)

var counterNames = [numCounterKinds]string{"+1/+1", "charge", "loyalty", "lore"}

func (k counterKind) String() string { return counterNames[k] }

// CounterKinds lists the counter kinds the engine knows, as the harness writes them.
func CounterKinds() []string { return slices.Clone(counterNames[:]) }

// EntryChoices lists the choices a permanent of the pool can have made as it entered
// (harness.PermanentSpec.Choices) and the values each takes: the colour chosen for
// Gauntlet of Power (CR 614.12).
func EntryChoices() map[string][]string {
	return map[string][]string{"color": {"W", "U", "B", "R", "G"}}
}

// parseCounterKind reads a counter name as the harness writes it.
func parseCounterKind(s string) (counterKind, bool) {
	for i, n := range counterNames {
		if n == s {
			return counterKind(i), true
		}
	}
	return 0, false
}

// object is a game object's base state (CR 109). Nothing computed is stored here: its
// characteristics come from project. A zone change makes a new object with a new ID
// (CR 400.7); the old record stays, so last known information can be read (CR 608.2h).
type object struct {
	// The fields are ordered so that the record packs tightly: every step copies every
	// record (state.clone).
	ID         h.ObjectID
	Card       h.CardID
	Owner      h.Player
	Controller h.Player
	Tapped     bool
	FaceDown   bool
	Def        *cardDef
	Zone       h.Zone
	Token      bool
	// Sick: its controller has not controlled it continuously since their most recent
	// turn began (CR 302.6). Set on entering or changing control; cleared for the active
	// player's permanents as their turn begins.
	Sick bool
	// LoyaltyActivated: a loyalty ability of this permanent has been activated this turn
	// (CR 606.3).
	LoyaltyActivated bool
	// Gone marks a record superseded by a zone change (kept for last known information).
	Gone bool
	// ChosenColor is a choice made as it entered (Gauntlet of Power, CR 614.12); -1 none.
	ChosenColor int8
	Counters    [numCounterKinds]int
	Damage      int
	AttachedTo  h.ObjectID
	Timestamp   uint64 // CR 613.7d: a new one on entering a zone; 613.7e on attaching
}

// playerState is one player's life, pool and zones. Zones list object IDs; Library is
// top first, Graveyard bottom first.
type playerState struct {
	Life      int
	Pool      h.Mana
	Lost      bool
	DrewEmpty bool // attempted to draw from an empty library since the last SBA check (704.5b)
	Library   []h.ObjectID
	Hand      []h.ObjectID
	Graveyard []h.ObjectID
	Exile     []h.ObjectID
}

// state is the whole base state of a game. It is a value: copy it with clone before
// changing it. The object records and some lists are shared between a state and its
// clones (clone says how); every other slice is owned by one state.
type state struct {
	// The fields are ordered so that the one-byte ones pack together: every step copies
	// the whole state (clone), and at 744 bytes it takes the 768-byte allocation size
	// class, not the 896-byte one.
	Turn        int
	Step        h.Step
	Passes      int // consecutive passes with no action between (CR 117.4)
	LandsPlayed int
	Active      h.Player
	Priority    h.Player // h.NoPlayer while a decision is pending or nobody has priority
	GameOver    bool
	// CleanupAgain: players got priority in a cleanup step, so another follows (514.3a).
	CleanupAgain bool
	NextToken    h.CardID
	Players      [2]playerState
	// objects holds the object records, indexed by ObjectID-1 (it never shrinks), in
	// chunks shared with the states cloned from this one until one of them writes a record
	// of the chunk (objectTable).
	objects     objectTable
	Battlefield []h.ObjectID
	Stack       []stackItem // bottom first
	Effects     []effect
	Pending     []pendingTrigger
	Delayed     []delayedTrigger // created, not yet triggered (CR 603.7)
	Attackers   []h.ObjectID
	// ExtraTurns are the extra turns to take after this one, the next last (CR 500.7).
	ExtraTurns []h.Player
	// Links: objects exiled by abilities, for the abilities linked to them (CR 607).
	Links []link
	// AttackTargets holds, for each of Attackers, the planeswalker it attacks, or 0 for
	// the defending player (CR 508.1b).
	AttackTargets []h.ObjectID
	// Blocks are the blocking creatures and what each blocks (CR 509.1g); an attacker
	// named here is blocked for the rest of combat (509.1h).
	Blocks     []blockPair
	Decision   *decision
	Proposal   *proposal
	NextTS     uint64
	NextEffect int
	faults     *faultSet
	// sbaChecks records each check of state-based actions, for Reference.SBAChecks only
	// (when sbaChecksOn).
	sbaChecks   []h.SBACheck
	sbaChecksOn bool
	// careful: the step runs carefully, copying the state before each attempt and keeping
	// checkpoints, because its optimistic run needed a choice nobody has made (attempt).
	// A finished state is never careful.
	careful bool
	// fresh: the game computes every answer from the state alone, sharing nothing between
	// states (no origin, projection, rendering or memo handed on): the uncached twin that
	// invariant.caches holds the engine to (Reference.Uncached).
	fresh bool
	// projection is a projection of this very state made as the step went, which finish
	// hands to the finished state's cache instead of projecting again: the one the check
	// of state-based actions ending settle made when it found nothing to do (settling is
	// the last thing a step does to its state), or, after a first pass, the projection of
	// the state passed from (only who has priority and the count of passes changed, which
	// no projection reads). A clone starts without it, and so does every attempt.
	projection *view
	// origin is the projection of the finished state this one was cloned from, directly or
	// through clones, if it had been made when it was cloned: project shares it while the
	// step has changed nothing it reads (projectsAlike). A finished state has none.
	origin *view
	// view caches the projection of a finished state (one applyAction returned). Steps work on
	// clones, which start without it; a finished state is never changed again.
	view *viewCache
}

type viewCache struct {
	once sync.Once
	v    *view
	// from is the rendering of the snapshot of the state this one was stepped from, if it
	// had been rendered: snapshot reuses what it holds for the objects that did not change.
	// rendered is this state's, once snapshot made it, for the states stepped from it.
	from     *rendering
	rendered atomic.Pointer[rendering]
	// base is the projection of the state this one was stepped from, if it had been made
	// (done): the projection shares it when nothing it reads changed (projectsAlike).
	base *view
	done atomic.Pointer[view]
	// outcomesFrom is the memo of mana outcomes published by the state this one was
	// stepped from (or handed to it), outcomes this state's (outcomeMemo).
	outcomesFrom *outcomeMemo
	outcomes     atomic.Pointer[outcomeMemo]
}

// projected returns the state's projection, computed once. Only for states no one will
// change again (those applyAction and newGame return).
func (s *state) projected() *view {
	c := s.view
	if c == nil {
		return project(s)
	}
	c.once.Do(func() {
		if c.v == nil && c.base != nil && (projectsAlike(c.base.s, s) || s.faults.on(FaultProjectionAlwaysShared)) {
			c.v = c.base.of(s)
		}
		if c.v == nil {
			c.v = project(s)
		}
		c.base = nil
		c.done.Store(c.v)
	})
	return c.v
}

// project returns a projection of s as it is now: its origin's, shared, when the step
// has changed nothing a projection reads since (projectsAlike), else a new one. Like
// project's, it holds only until s changes.
func (s *state) project() *view {
	if o := s.origin; o != nil && projectsAlike(o.s, s) {
		return o.of(s)
	}
	return project(s)
}

// finish marks a state as done: from now on it is read only, and its projection cached.
// from is the finished state it was stepped from (nil for a new game), whose snapshot's
// rendering its own may reuse.
func (s *state) finish(from *state) *state {
	if s != nil {
		s.careful = false
		s.origin = nil
		s.objects.freeze()
		s.view = &viewCache{v: s.projection}
		s.projection = nil
		if s.fresh { // the uncached twin: not even the projection made as the step went
			s.view.v = nil
		} else if from != nil && from.view != nil {
			s.view.from = from.view.rendered.Load()
			if s.view.v == nil {
				s.view.base = from.view.done.Load()
			}
			if s.view.outcomesFrom = from.view.outcomes.Load(); s.view.outcomesFrom == nil {
				s.view.outcomesFrom = from.view.outcomesFrom
			}
		}
	}
	return s
}

// clone returns a copy that shares nothing either side will write: the object records are
// shared until one side writes them (objectTable), the lists no state writes in place are
// shared until one side appends to them, everything else is copied.
func (s *state) clone() *state {
	c := *s
	c.view, c.projection = nil, nil
	if s.view != nil && !s.fresh {
		c.origin = s.view.done.Load()
	}
	// The checks noted so far stay shared: capped, the clone's list is copied on its next
	// append, so that a check noted in a state later abandoned (a choice is needed, and
	// the game resumes from a checkpoint) stays out of the others.
	c.sbaChecks = slices.Clip(s.sbaChecks)
	c.objects = s.objects.share()
	// The zone lists, the stack and the effects are shared, not copied: no state writes an
	// element of one in place (shared_lists_test.go), and each is capped, in both states
	// while s is still being changed, so that the first append on either side copies it.
	c.capSharedLists()
	if s.view == nil {
		s.capSharedLists()
	}
	if s.faults.on(FaultCloneDropsCopyDuration) {
		c.Effects = withoutCopyDurations(s.Effects)
	}
	c.Pending = append([]pendingTrigger(nil), s.Pending...)
	c.AttackTargets = append([]h.ObjectID(nil), s.AttackTargets...)
	c.Blocks = append([]blockPair(nil), s.Blocks...)
	c.Delayed = append([]delayedTrigger(nil), s.Delayed...)
	if s.Decision != nil {
		d := *s.Decision
		d.Prefix = append([]string(nil), d.Prefix...)
		d.Options = append([]string(nil), d.Options...)
		c.Decision = &d
	}
	if s.Proposal != nil {
		p := *s.Proposal
		c.Proposal = &p
	}
	return &c
}

// capSharedLists caps the lists clone shares at their lengths: an append to one then copies
// it, instead of writing where another state sharing it might read.
func (s *state) capSharedLists() {
	s.Battlefield, s.Attackers = slices.Clip(s.Battlefield), slices.Clip(s.Attackers)
	s.Stack, s.Effects = slices.Clip(s.Stack), slices.Clip(s.Effects)
	for p := range s.Players {
		ps := &s.Players[p]
		ps.Library, ps.Hand = slices.Clip(ps.Library), slices.Clip(ps.Hand)
		ps.Graveyard, ps.Exile = slices.Clip(ps.Graveyard), slices.Clip(ps.Exile)
	}
}

// obj returns the object record with the given ID (nil for 0 or unknown), to read only: it
// may be shared with other states. Write through mut.
func (s *state) obj(id h.ObjectID) *object {
	// The table's one read, written out here rather than as a method of objectTable: the
	// hottest read of the engine stays cheap to inline into its callers.
	if i := id - 1; i < h.ObjectID(s.objects.n) { // id 0: i wraps past every index
		return &s.objects.chunks[i/objectChunkLen].recs[i%objectChunkLen]
	}
	return nil
}

// mut returns the object record with the given ID (nil for 0 or unknown), to change: the
// record's chunk becomes this state's own first. A pointer from mut is good until the state
// is cloned (a checkpoint); take it again after one.
func (s *state) mut(id h.ObjectID) *object { return s.objects.mut(id) }

// numObjects is how many object records the state holds: their IDs are 1 to numObjects.
func (s *state) numObjects() int { return s.objects.n }

// live returns the object if it still exists as that object (no zone change since).
func (s *state) live(id h.ObjectID) *object {
	o := s.obj(id)
	if o == nil || o.Gone {
		return nil
	}
	return o
}

// onBattlefield reports whether id is a permanent now.
func (s *state) onBattlefield(id h.ObjectID) bool {
	o := s.live(id)
	return o != nil && o.Zone == h.Battlefield
}

// byCard finds the live object that is the given card, wherever it is.
func (s *state) byCard(c h.CardID) *object {
	for id := h.ObjectID(s.numObjects()); id > 0; id-- {
		if o := s.obj(id); o.Card == c && !o.Gone {
			return o
		}
	}
	return nil
}

// newObject adds a fresh object record (CR 400.7) and returns its ID.
func (s *state) newObject(o object) h.ObjectID {
	o.ID = h.ObjectID(s.numObjects() + 1)
	s.NextTS++
	o.Timestamp = s.NextTS
	s.objects.add(o)
	return o.ID
}

// timestamp hands out the next timestamp (CR 613.7).
func (s *state) timestamp() uint64 {
	s.NextTS++
	return s.NextTS
}

func removeID(list []h.ObjectID, id h.ObjectID) []h.ObjectID {
	for i, x := range list {
		if x == id {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

func containsID(list []h.ObjectID, id h.ObjectID) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}
