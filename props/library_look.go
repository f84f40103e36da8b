package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// lookTopAnyTime checks ruling library.look-top-any-time: a player may look at the top
// card of their library any time while an effect lets them (Crystal Skull, CR 401.5), and
// that card becomes information they have and their opponent doesn't; without such an
// effect no library card is known (401.2), nor is the opponent's hand (402.3). Knowledge
// is judged by resampling (knowledge.go): what a player can't see is moved or replaced,
// and their view and legal actions must not change.
func lookTopAnyTime() *Property {
	const top = "the top card of their library"
	return &Property{
		ID:      "library.look-top-any-time",
		Rulings: []string{"library.look-top-any-time"},
		Rules:   []string{"401.2", "401.5", "402.3"},
		Description: "A player sees " + top + " while an effect lets them look at it (Crystal Skull) and no other " +
			"card of a library or of the opponent's hand: moving or replacing what they can't see changes neither their view nor their legal actions.",
		Needs: needsViews,
		Steer: gen.Steer{
			Name: "library.look-top-any-time",
			Recipes: []gen.Recipe{
				{Name: "a look effect", Weight: 3, Mine: []gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 40}, {Card: "Island", Weight: 20}},
					Library: gen.Cards("Grizzly Bears", "Darksteel Citadel", "Akroma, Angel of Fury"), MinLibrary: 3, MinHand: 1, TheirMinHand: 1},
				{Name: "hidden hands", Weight: 2, Mine: gen.Cards("Island", "Forest"), Theirs: gen.Cards("Crystal Skull, Isu Spyglass"),
					MinLibrary: 3, MinHand: 2, TheirMinHand: 2},
			},
		},
		Check: checkLookTop,
		Clauses: []Clause{
			{Name: "opponent-hand", Rules: []string{"402.3"},
				Description: "Replacing the opponent's hand (and library) changes neither a player's view nor their legal actions."},
			{Name: "opponent-library", Rules: []string{"401.2"},
				Description: "Reordering the opponent's library changes neither a player's view nor their legal actions."},
			{Name: "own-library", Rules: []string{"401.2", "401.5"},
				Description: "Reordering a player's own library below the top card they may look at (all of it without a look effect) changes neither their view nor their legal actions."},
			{Name: "top-seen", Rules: []string{"401.5"},
				Description: "A player who controls a look effect sees " + top + ", not while casting (401.5)."},
			{Name: "decision-seen", Rules: []string{"402.3", "401.2"},
				Description: "A pending decision shows in its player's view as it is, options and all, and in the other player's with its prompt and no options (they may name cards of a hand or library)."},
		},
	}
}

func checkLookTop(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "library.look-top-any-time"
	var v Verdict
	q, ok := harness.ViewQueriesOf(eng)
	if !ok {
		return v
	}
	checkTopSeen(q, tr, &v)
	checkDecisionSeen(q, tr, &v)
	// One viewer a case, each in turn: the two are alike, and each resampling replays the
	// game. What the viewer knows in the game is asked first: a resampled game's start
	// releases the game's states.
	for _, p := range []harness.Player{viewerOf(tr)} {
		game, err := gameKnowledge(eng, q, tr, p)
		if err != nil {
			v.add("opponent-hand", queryError(-1, ruling, "402.3", fmt.Sprintf("%s's view", p), err))
			return v
		}
		opp := p.Opponent()
		checkResampled(eng, tr, p, game, mixHandAndLibrary(tr.Setup, opp), &v, "opponent-hand", ruling, "402.3",
			fmt.Sprintf("%s's hand replaced", opp))
		checkResampled(eng, tr, p, game, shuffleLibrary(tr.Setup, opp, 0), &v, "opponent-library", ruling, "401.2",
			fmt.Sprintf("%s's library reordered", opp))
		from := 0
		if controlsLookEffect(&tr.Start, p) {
			from = 1
		}
		own := shuffleLibrary(tr.Setup, p, from)
		if own != nil && from == 0 {
			own.until = func(s *harness.Snapshot) bool { return controlsLookEffect(s, p) }
		}
		what := fmt.Sprintf("%s's library reordered", p)
		if from == 1 {
			what += " below its top card"
		}
		checkResampled(eng, tr, p, game, own, &v, "own-library", ruling, "401.2", what)
	}
	return v
}

// checkDecisionSeen: at each moment with a decision pending, its player's view shows it as
// the snapshot does, and the other player's shows whose it is and its prompt, not its
// options, which may name cards that player can't see (CR 402.3, 401.2: Chrome Mox's
// imprint names cards of a hand, a discard to hand size the cards discarded).
func checkDecisionSeen(q harness.ViewQueries, tr *gen.Trace, v *Verdict) {
	const ruling, rule = "library.look-top-any-time", "402.3"
	for i := -1; i < len(tr.Steps); i++ {
		snap, st := &tr.Start, tr.StartState
		if i >= 0 {
			snap, st = tr.Steps[i].After, tr.Steps[i].AfterState
		}
		d := snap.Pending
		if d == nil {
			continue
		}
		v.Reach("decision-seen")
		for _, p := range []harness.Player{harness.A, harness.B} {
			view, err := q.PlayerView(st, p)
			if err != nil {
				v.add("decision-seen", queryError(i, ruling, rule, fmt.Sprintf("%s's view", p), err))
				return
			}
			want := *d
			if p != d.Player {
				want.Options = nil
			}
			got := view.Board.Pending
			if got == nil || got.Player != want.Player || got.Prompt != want.Prompt || !slices.Equal(got.Options, want.Options) {
				v.add("decision-seen", violation(i, ruling, rule, fmt.Sprintf("%s's view of %s's pending decision", p, d.Player),
					fmt.Sprintf("%+v", want), fmt.Sprintf("%+v", got)))
				return
			}
		}
	}
}

// checkTopSeen: at each moment, a player who controls a look effect and isn't casting or
// activating sees the top card of their library as it is.
func checkTopSeen(q harness.ViewQueries, tr *gen.Trace, v *Verdict) {
	const ruling, rule = "library.look-top-any-time", "401.5"
	for i := -1; i < len(tr.Steps); i++ {
		snap, st := &tr.Start, tr.StartState
		if i >= 0 {
			snap, st = tr.Steps[i].After, tr.Steps[i].AfterState
		}
		for _, p := range []harness.Player{harness.A, harness.B} {
			lib := snap.Players[p].Library
			if len(lib) == 0 || !controlsLookEffect(snap, p) || snap.Casting != nil && snap.Casting.Player == p {
				continue
			}
			view, err := q.PlayerView(st, p)
			if err != nil {
				v.add("top-seen", queryError(i, ruling, rule, fmt.Sprintf("%s's view", p), err))
				return
			}
			v.Reach("top-seen")
			seen := view.Board.Players[p].Library
			if len(seen) == 0 || seen[0].Card != lib[0].Card || seen[0].Name != lib[0].Name {
				got := "no top card"
				if len(seen) > 0 {
					got = describe(seen[0])
				}
				v.add("top-seen", violation(i, ruling, rule, fmt.Sprintf("%s's view of the top card of %s's library", p, p),
					fmt.Sprintf("%s: %s controls a permanent that says %q", describe(lib[0]), p, lookAtTopText), got))
			}
		}
	}
}
