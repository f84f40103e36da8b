package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// When a spell may be cast (CR 117.1a, 304.1, 307.1, 702.8a): an instant, or a card with
// flash, whenever its controller has priority; any other spell in its controller's main
// phase with an empty stack. The clauses relate the casts listed before each step to the
// snapshot: one that a card's timing doesn't allow is never listed (sorcery-timing), and
// one it allows is (instant-timing), for the spells whose listing nothing else can stop:
// from hand, untargeted (or targeting only what is always there, a player), and
// affordable with the pool and the untapped mana sources.

// checkSorceryTiming: no cast of a spell without instant timing is listed outside its
// caster's main phase with an empty stack, unless the caster controls an effect that
// lets some spells be cast as though they had flash (Raff Capashen), which this leaves
// to library.costs-and-timing.
func checkSorceryTiming(i int, st *gen.TraceStep, v *Verdict) {
	b := st.Before
	for _, a := range st.Legal {
		if a.Kind != harness.Cast {
			continue
		}
		o := b.Find(a.Card)
		if o == nil || instantTiming(o) || asThoughFlash(b, a.Player) {
			continue
		}
		v.Reach("sorcery-timing")
		if !sorceryTime(b, a.Player) {
			v.add("sorcery-timing", violation(i-1, "rules.priority", "307.1", fmt.Sprintf("%s listed as legal", a),
				fmt.Sprintf("not listed: %s is no instant and has no flash, so it is cast only in its controller's main phase with an empty stack (CR 117.1a, 307.1)", describe(o)),
				fmt.Sprintf("listed in %s's %s with %d objects on the stack", b.Active, b.Step, len(b.Stack))))
		}
	}
}

// checkLandTiming: no land play is listed outside its player's main phase with an empty
// stack (CR 305.1, 116.2a: playing a land is a special action, never a cast, so no
// "as though it had flash" reaches it), nor once they played a land this turn (305.2;
// no card of the pool gives an additional land play).
func checkLandTiming(i int, st *gen.TraceStep, v *Verdict) {
	b := st.Before
	for _, a := range st.Legal {
		if a.Kind != harness.PlayLand {
			continue
		}
		v.Reach("land-timing")
		var got string
		switch {
		case !sorceryTime(b, a.Player):
			got = fmt.Sprintf("listed in %s's %s with %d objects on the stack", b.Active, b.Step, len(b.Stack))
		case b.LandsPlayed > 0:
			got = fmt.Sprintf("listed after %d land played this turn", b.LandsPlayed)
		default:
			continue
		}
		v.add("land-timing", violation(i-1, "rules.priority", "305.2", fmt.Sprintf("%s listed as legal", a),
			"not listed: a land is played only in its player's main phase with an empty stack, once a turn (CR 305.1, 305.2, 116.2a)", got))
	}
}

// checkInstantTiming: the player with priority, paying for nothing and asked nothing,
// may cast each instant (or card with flash) in their hand that targets nothing but a
// player and that they can afford: a cast of it is listed.
func checkInstantTiming(i int, st *gen.TraceStep, v *Verdict) {
	b := st.Before
	p := b.Priority
	if p == harness.NoPlayer || b.GameOver || b.Pending != nil || b.Casting != nil {
		return
	}
	for _, o := range b.Players[p].Hand {
		if !instantTiming(o) || o.FaceDown || !alwaysTargetable(o) || !affordable(b, p, o.ManaCost, 0) {
			continue
		}
		v.Reach("instant-timing")
		if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Cast && a.Card == o.Card }) {
			v.add("instant-timing", violation(i-1, "rules.priority", "117.1a", fmt.Sprintf("%s in %s's hand", describe(o), p),
				fmt.Sprintf("a cast of it listed: it has instant timing, %s has priority and can pay %s (CR 117.1a, 304.1, 702.8a)", p, o.ManaCost),
				"none listed"))
		}
	}
}

// instantTiming reports whether o is cast any time its controller has priority: an
// instant, or a card with flash.
func instantTiming(o *harness.Object) bool {
	return o.HasType("Instant") || hasKeyword(o, "Flash")
}

// reAnyTarget finds the targets of a text that may be missing: any "target" not a player's
// nor "any target" (a player is always there to be one).
var reAnyTarget = regexp.MustCompile(`(?i)\btarget\b`)

// alwaysTargetable reports whether each target o's text asks for is always there: none,
// "target player", or "any target".
func alwaysTargetable(o *harness.Object) bool {
	for _, t := range o.Abilities {
		n := len(reAnyTarget.FindAllString(t, -1))
		n -= strings.Count(strings.ToLower(t), "target player") + strings.Count(strings.ToLower(t), "any target")
		if n > 0 {
			return false
		}
	}
	return true
}

// reAsThoughFlash finds an effect that lets a player cast spells as though they had flash.
var reAsThoughFlash = regexp.MustCompile(`(?i)cast [a-z ]*spells as though they had flash`)

// asThoughFlash reports whether p controls a permanent that lets them cast some spells as
// though they had flash (CR 702.8a; Raff Capashen).
func asThoughFlash(s *harness.Snapshot, p harness.Player) bool {
	for _, o := range s.Battlefield {
		if o.Controller == p && slices.ContainsFunc(o.Abilities, reAsThoughFlash.MatchString) {
			return true
		}
	}
	return false
}
