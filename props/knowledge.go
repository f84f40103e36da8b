package props

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What a player may know, checked by relations rather than by a second engine (the model
// is OpenSpiel's information-state resampling test): replace or permute, in the setup,
// what player P can't see, start the game again and replay the same actions; as long as
// nothing replaced has come into the open, P's view and, when P is to act, P's legal
// actions must be the same in both games. A view that shows a hidden card, or names one
// by an ID that moved with it, differs; so does an action that depends on it. This file
// defines no property: the properties of hidden information share it.

// needsViews is what a knowledge clause needs: the view queries.
var needsViews = Needs{Queries: []harness.Query{harness.QueryView}}

// lookAtTopText is the Oracle line of a look effect (Crystal Skull, Mystic Forge, Vizier of
// the Menagerie, CR 401.5).
const lookAtTopText = "You may look at the top card of your library any time."

// resampled is a setup with what one player can't see replaced: cards, the cards whose
// specs were moved or renamed (while none of them has come into the open, the two games
// look the same to the player).
type resampled struct {
	setup harness.Setup
	cards []harness.CardID
	// intact holds while what was replaced is as the setup left it (the zones keep their
	// sizes, a face-down permanent stays face down): a draw, a card leaving a zone, the
	// start's state-based actions bring a replaced card into the open, or show another
	// top card. The comparison ends at the first moment it doesn't hold.
	intact func(s *harness.Snapshot) bool
	// until, if set, also ends it: the player may see more from then on (a look effect
	// came under their control).
	until func(s *harness.Snapshot) bool
}

// sizesKept is an intact test: q's hand and library keep the sizes they start with.
func sizesKept(setup *harness.Setup, q harness.Player) func(s *harness.Snapshot) bool {
	hand, lib := len(setup.Players[q].Hand), len(setup.Players[q].Library)
	return func(s *harness.Snapshot) bool {
		return len(s.Players[q].Hand) == hand && len(s.Players[q].Library) == lib
	}
}

// rotated is list rotated by one (a permutation that moves every card of a list of two
// or more): IDs and names move together, so an ID that shows in a view shows moved.
func rotated(list []harness.CardSpec) []harness.CardSpec {
	if len(list) < 2 {
		return list
	}
	return append(slices.Clone(list[1:]), list[0])
}

// withZones copies setup deeply enough to change its zones' lists.
func withZones(setup harness.Setup) harness.Setup {
	out := setup
	for p := range out.Players {
		ps := &out.Players[p]
		ps.Library, ps.Hand = slices.Clone(ps.Library), slices.Clone(ps.Hand)
		ps.Battlefield = slices.Clone(ps.Battlefield)
	}
	return out
}

func idsOf(specs []harness.CardSpec) []harness.CardID {
	out := make([]harness.CardID, len(specs))
	for i, c := range specs {
		out[i] = c.ID
	}
	return out
}

// mixHandAndLibrary moves every card of q's hand and library one place along hand then
// library: q's hand gets other cards, the library another order. Nil if nothing would move.
func mixHandAndLibrary(setup harness.Setup, q harness.Player) *resampled {
	ps := &setup.Players[q]
	if len(ps.Hand) == 0 || len(ps.Hand)+len(ps.Library) < 2 {
		return nil
	}
	all := rotated(append(slices.Clone(ps.Hand), ps.Library...))
	out := withZones(setup)
	n := len(ps.Hand)
	out.Players[q].Hand, out.Players[q].Library = all[:n:n], all[n:]
	return &resampled{setup: out, cards: idsOf(all), intact: sizesKept(&setup, q)}
}

// shuffleLibrary permutes q's library from position from on. Nil if fewer than two cards
// would move.
func shuffleLibrary(setup harness.Setup, q harness.Player, from int) *resampled {
	lib := setup.Players[q].Library
	if len(lib)-from < 2 {
		return nil
	}
	out := withZones(setup)
	out.Players[q].Library = append(slices.Clone(lib[:from]), rotated(lib[from:])...)
	return &resampled{setup: out, cards: idsOf(lib[from:]), intact: sizesKept(&setup, q)}
}

// renameFaceDown gives each of q's face-down permanents another creature card's name: a
// face-down permanent is a 2/2 whatever card it is (CR 708.2a). Nil if q has none.
func renameFaceDown(setup harness.Setup, q harness.Player) *resampled {
	out := withZones(setup)
	var ids []harness.CardID
	for i := range out.Players[q].Battlefield {
		pm := &out.Players[q].Battlefield[i]
		if !pm.FaceDown {
			continue
		}
		pm.Name = otherCreature(pm.Name)
		ids = append(ids, pm.ID)
	}
	if ids == nil {
		return nil
	}
	stays := func(s *harness.Snapshot) bool {
		for _, id := range ids {
			if o := s.Permanent(id); o == nil || !o.FaceDown {
				return false
			}
		}
		return true
	}
	return &resampled{setup: out, cards: ids, intact: stays}
}

// otherCreature is a creature card of the pool other than name, for a face-down permanent
// to be instead.
func otherCreature(name string) string {
	if name == "Grizzly Bears" {
		return "Hill Giant"
	}
	return "Grizzly Bears"
}

// controlsLookEffect reports whether p controls a permanent with a look effect in s.
func controlsLookEffect(s *harness.Snapshot, p harness.Player) bool {
	for _, o := range s.Battlefield {
		if o.Controller == p && slices.Contains(o.Abilities, lookAtTopText) {
			return true
		}
	}
	return false
}

// viewerOf is the player whose knowledge a case checks: A or B, from the case's length.
func viewerOf(tr *gen.Trace) harness.Player { return harness.Player(len(tr.Steps) % 2) }

// toAct is the player who acts in s: the one paying a proposal, deciding, or holding
// priority.
func toAct(s *harness.Snapshot) harness.Player {
	switch {
	case s.Casting != nil:
		return s.Casting.Player
	case s.Pending != nil:
		return s.Pending.Player
	}
	return s.Priority
}

// touches reports whether step st brings one of cards into the open or acts on it: the
// action names it, or an event does (it moves, is drawn, turned face up, targeted).
func touches(st *gen.TraceStep, cards []harness.CardID) bool {
	a := &st.Action
	if slices.Contains(cards, a.Card) || slices.ContainsFunc(a.Targets, func(t harness.Target) bool { return slices.Contains(cards, t.Card) }) {
		return true
	}
	return slices.ContainsFunc(st.Events, func(e harness.Event) bool { return e.Card != 0 && slices.Contains(cards, e.Card) })
}

// sameFlow reports whether two games did the same kinds of thing for one action: when
// they didn't, what was replaced decided something everyone saw (a trigger with nothing to
// choose from), and the two games no longer look alike to anyone.
func sameFlow(a, b []harness.Event) bool {
	return slices.EqualFunc(a, b, func(x, y harness.Event) bool { return x.Kind == y.Kind && x.Player == y.Player })
}

// knowledge is what a player knows at one moment of a game: their view and, when they
// are to act, their legal actions (nil otherwise).
type knowledge struct {
	view  harness.PlayerView
	legal []harness.Action
}

// knowledgeAt asks what p knows in st (whose snapshot is snap); legal, if not nil, is the
// list of legal actions already known for st.
func knowledgeAt(eng harness.Engine, q harness.ViewQueries, p harness.Player, st harness.State, snap *harness.Snapshot, legal []harness.Action) (knowledge, error) {
	view, err := q.PlayerView(st, p)
	if err != nil {
		return knowledge{}, err
	}
	k := knowledge{view: view}
	if toAct(snap) == p {
		if legal == nil {
			if legal, err = eng.Legal(st); err != nil {
				return knowledge{}, err
			}
		}
		k.legal = nonNilActions(legal)
	}
	return k, nil
}

func nonNilActions(as []harness.Action) []harness.Action {
	if as == nil {
		return []harness.Action{}
	}
	return as
}

// knowledgeDiff says what differs between what p knows in two games, or "".
func knowledgeDiff(p harness.Player, a, b *knowledge) string {
	if d := viewDiff(&a.view, &b.view); d != "" {
		return d
	}
	if k1, k2 := actionKeys(a.legal), actionKeys(b.legal); !slices.Equal(k1, k2) {
		return fmt.Sprintf("%s's legal actions: %s against %s", p, shortened(strings.Join(k1, "; ")), shortened(strings.Join(k2, "; ")))
	}
	return ""
}

// gameKnowledge is what p knows at the moments a resampling compares (the start, then after
// each of the first actions), asked of the game's own states before any resampled game is
// started: a start releases the states of the game before (docs/protocol.md).
func gameKnowledge(eng harness.Engine, q harness.ViewQueries, tr *gen.Trace, p harness.Player) ([]knowledge, error) {
	var out []knowledge
	for i := -1; i < min(len(tr.Steps), resampledMoments-1); i++ {
		st, snap := tr.StartState, &tr.Start
		if i >= 0 {
			st, snap = tr.Steps[i].AfterState, tr.Steps[i].After
		}
		var legal []harness.Action // the game's, as the trace has them
		if i+1 < len(tr.Steps) {
			legal = tr.Steps[i+1].Legal
		}
		k, err := knowledgeAt(eng, q, p, st, snap, legal)
		if err != nil {
			return out, err
		}
		out = append(out, k)
	}
	return out, nil
}

// viewDiff names the first part of two views that differs, with both versions, or "".
func viewDiff(a, b *harness.PlayerView) string {
	parts := func(v *harness.PlayerView) [][2]any {
		out := [][2]any{}
		for q := range v.Board.Players {
			ps := &v.Board.Players[q]
			who := harness.Player(q).String()
			out = append(out, [2]any{who + "'s hand", ps.Hand}, [2]any{who + "'s library", ps.Library},
				[2]any{who + "'s graveyard", ps.Graveyard}, [2]any{who + "'s exile", ps.Exile})
		}
		return append(out, [2]any{"the battlefield", v.Board.Battlefield}, [2]any{"the stack", v.Board.Stack},
			[2]any{"the face-down identities", v.FaceDown}, [2]any{"the pending decision", v.Board.Pending},
			[2]any{"what is being cast", v.Board.Casting})
	}
	if reflect.DeepEqual(a, b) {
		return "" // the usual case, without writing both out
	}
	pa, pb := parts(a), parts(b)
	for i := range pa {
		ja, _ := json.Marshal(pa[i][1])
		jb, _ := json.Marshal(pb[i][1])
		if string(ja) != string(jb) {
			return fmt.Sprintf("%s's view of %s: %s against %s", a.Player, pa[i][0], shortened(string(ja)), shortened(string(jb)))
		}
	}
	return ""
}

// shortened cuts a long one-line text for a message.
func shortened(s string) string {
	if len(s) > 240 {
		return s[:240] + "..."
	}
	return s
}

// resampledMoments is how many moments a resampling is compared at: the start and the
// first actions. Each moment replays the game and asks both views and both lists of legal
// actions; the first moments are where a setup's hidden cards are still all hidden, and
// a campaign reaches them thousands of times.
const resampledMoments = 3

// checkResampled judges one resampling for player p under clause, against game, what p
// knows in the game (gameKnowledge): from the start, and after each action while the
// replay is accepted and nothing replaced has come into the open, p's knowledge must be the
// same. It returns at the first difference. It starts a game: ask nothing more of the
// trace's states after it.
func checkResampled(eng harness.Engine, tr *gen.Trace, p harness.Player, game []knowledge, r *resampled, v *Verdict, clause, ruling, rule, why string) {
	if r == nil {
		return
	}
	q, _ := harness.ViewQueriesOf(eng)
	alt, err := eng.Start(r.setup)
	if err != nil {
		return // a board the engine declines, or can't set up: nothing to compare
	}
	snap := &tr.Start
	for m := range game {
		i := m - 1
		if i >= 0 {
			step := &tr.Steps[i]
			if touches(step, r.cards) {
				return
			}
			next, evs, err := eng.Apply(alt, step.Action)
			if err != nil || !sameFlow(step.Events, evs) {
				return // the game went otherwise: what was replaced has shown in what happened
			}
			alt, snap = next, step.After
		}
		if !r.intact(snap) || r.until != nil && r.until(snap) {
			return
		}
		k, err := knowledgeAt(eng, q, p, alt, snap, nil)
		if err != nil {
			v.add(clause, queryError(i, ruling, rule, fmt.Sprintf("%s's view in the resampled game", p), err))
			return
		}
		v.Reach(clause)
		if d := knowledgeDiff(p, &game[m], &k); d != "" {
			v.add(clause, violation(i, ruling, rule, fmt.Sprintf("%s", why),
				fmt.Sprintf("the same knowledge for %s in both games (what %s can't see doesn't show)", p, p), d))
			return
		}
	}
}
