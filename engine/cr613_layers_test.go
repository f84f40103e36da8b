package engine

import (
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withEffect returns s with a continuous effect added, as a resolving spell would add it.
func withEffect(s *state, d duration, mods []modification, objects ...h.ObjectID) *state {
	c := s.clone()
	c.addEffect(effect{Duration: d, Mods: mods, Objects: objects})
	return c.finish(nil)
}

// chosenColor sets a "choose a color" answer on the setup's permanent i of player p.
func chosenColor(setup *h.Setup, p, i int, color string) {
	setup.Players[p].Battlefield[i].Choices = map[string]string{"color": color}
}

// TestCopyOfGauntletHasItsAnthem: the static abilities that generate effects are read from
// computed characteristics, so an object that copies Gauntlet of Power (layer 1a) has its
// anthem, and the copied abilities are distinct from printed ones (CR 707.2, 613.1a).
func TestCopyOfGauntletHasItsAnthem(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Llanowar Elves", "Gauntlet of Power"}, nil)
	chosenColor(&setup, 0, 0, "G")
	s := start(t, setup)
	gauntlet := cardNamed(t, s, "Gauntlet of Power")
	values := *project(s).Of(gauntlet.ID)
	bears := cardNamed(t, s, "Grizzly Bears")
	// The Gauntlet itself has no colour chosen: only the copy's choice counts.
	s = withEffect(s, duration{}, []modification{copyOf{gauntlet.ID, &values}}, bears.ID)

	v := s.projected()
	copied := v.Of(bears.ID)
	assert.Equal(t, "Gauntlet of Power", copied.Name)
	assert.False(t, copied.HasType("Creature"), "the copy is an artifact, not a creature")
	require.Len(t, copied.Abilities, 3)
	assert.Equal(t, abilityID{Origin: Copied, Source: gauntlet.ID, Effect: s.Effects[0].ID, Index: 1}, copied.Abilities[1].ID,
		"a copied ability is not the copy's printed one, and belongs to its copy effect")
	elves := v.Of(cardNamed(t, s, "Llanowar Elves").ID)
	assert.Equal(t, []int{2, 2}, []int{elves.Power, elves.Toughness}, "green creatures get +1/+1 from the copy's anthem")
}

// TestLayersApplyAcrossObjects: which objects an effect applies to is decided with the
// layers before its own applied: a green land made a creature in layer 4 is a green
// creature when Gauntlet's anthem applies in 7c (CR 613.1, 611.3a).
func TestLayersApplyAcrossObjects(t *testing.T) {
	withCard(t, chars{Name: "Test Grove", Colors: h.TypeSet(0).With(h.Green), Types: []string{"Land"}})
	setup := board([]string{"Test Grove", "Gauntlet of Power"}, nil)
	chosenColor(&setup, 0, 1, "G")
	s := start(t, setup)
	grove := cardNamed(t, s, "Test Grove")
	assert.False(t, s.projected().Of(grove.ID).HasPT)
	s = withEffect(s, untilEndOfTurn, []modification{addTypes{Types: []string{"Creature"}}, setPT{1, 1}}, grove.ID)
	c := s.projected().Of(grove.ID)
	assert.True(t, c.HasType("Creature") && c.HasType("Land"))
	assert.Equal(t, []int{2, 2}, []int{c.Power, c.Toughness}, "1/1 set in 7b, +1/+1 in 7c")
}

// TestGrantedAbilityIdentity: an ability granted by a static ability is distinct from the
// printed ones and names its source; an intrinsic one names the rule's basic land type.
func TestGrantedAbilityIdentity(t *testing.T) {
	s := start(t, board([]string{"Grizzly Bears", "Umbral Mantle@0", "Forest"}, nil))
	v := s.projected()
	bears, mantle := cardNamed(t, s, "Grizzly Bears"), cardNamed(t, s, "Umbral Mantle")
	abs := v.Of(bears.ID).Abilities
	require.Len(t, abs, 1)
	assert.Equal(t, abilityKey{Object: bears.ID, abilityID: abilityID{Origin: Granted, Source: mantle.ID, Index: 0}}, abs[0].Key(bears.ID))
	assert.Equal(t, "{3}, {Q}: This creature gets +2/+2 until end of turn.", abs[0].Text, "the quoted ability")
	forest := v.Of(cardNamed(t, s, "Forest").ID).Abilities
	require.Len(t, forest, 1)
	assert.Equal(t, abilityID{Origin: Intrinsic, Index: 4}, forest[0].ID, "Forest's type gives it {T}: Add {G} (CR 305.6)")
	assert.Equal(t, abilityID{Origin: Printed, Index: 1}, v.Of(mantle.ID).Abilities[1].ID)
}

// TestViewCoversEveryZone: cards in hand, library and graveyard, and spells on the stack,
// have characteristics (CR 109.3, 613.1): a basic land in the library has its intrinsic
// ability, a spell on the stack its spell ability.
func TestViewCoversEveryZone(t *testing.T) {
	setup := board(nil, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Dark Ritual"}}
	setup.Players[0].Library = []h.CardSpec{{ID: 2, Name: "Forest"}}
	setup.Players[0].Graveyard = []h.CardSpec{{ID: 3, Name: "Fellwar Stone"}}
	setup.Players[0].Pool = h.Of(h.Black, 1)
	s := start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 1})
	require.Len(t, s.Stack, 1)
	spell := s.projected().Of(s.Stack[0].ID)
	require.NotNil(t, spell.SpellAbility(), "the spell on the stack has its spell ability")
	assert.Equal(t, "Add {B}{B}{B}.", spell.SpellAbility().Text)
	assert.Equal(t, "{B}", spell.costText)
	snap := snapshot(s)
	assert.Equal(t, []string{"({T}: Add {G}.)"}, snap.Find(2).Abilities, "a Forest in the library (CR 305.6)")
	assert.Equal(t, "{2}", snap.Find(3).ManaCost)
}

// TestViewOfCloneIsItsProjection: a projection handed to an exact clone of its state (as
// an activation does) gives every object the characteristics project gives the clone,
// and answers its lazily computed questions (CR 106.7 "could produce") from the clone.
func TestViewOfCloneIsItsProjection(t *testing.T) {
	clones, _ := copyChains("Clone", 2)
	for _, setup := range []h.Setup{twentyPermanents(), largeBoard(), clones} {
		s := start(t, setup)
		for range 6 { // a few states along a game, copy effects and counters included
			c := s.clone()
			got, want := s.projected().of(c), project(c)
			require.Same(t, c, got.s)
			for id := h.ObjectID(1); int(id) <= c.numObjects(); id++ {
				assert.Equal(t, want.Of(id), got.Of(id), "object %d", id)
				assert.Equal(t, want.Copiable(id), got.Copiable(id), "object %d", id)
				assert.Equal(t, want.IsCopy(id), got.IsCopy(id), "object %d", id)
			}
			assert.Equal(t, want.couldProduceAll(), got.couldProduceAll())
			acts := legalActions(s)
			next, _, err := applyAction(s, acts[len(acts)-1])
			require.NoError(t, err)
			s = next
		}
	}
}

// TestCopiableValuesStayAsLayerOneLeftThem: a projection keeps a copy's copiable values as
// layer 1 left them (CR 707.2) while the later layers change its characteristics: its
// +1/+1 counters and an anthem (layer 7c) count in its characteristics only, and a copy of
// a land has its type's ability once in both (CR 305.6); a copy no later layer changes has
// one set of values for both.
func TestCopiableValuesStayAsLayerOneLeftThem(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Clone", "Forest", "Mirage Mirror", "Gauntlet of Power", "Clone"}, nil)
	bf := setup.Players[0].Battlefield
	chosenColor(&setup, 0, 4, "G")
	bf[1].Copying, bf[1].Counters = []h.CardID{bf[0].ID}, map[string]int{"+1/+1": 2}
	bf[3].Copying = []h.CardID{bf[2].ID}
	bf[5].Copying = []h.CardID{bf[4].ID}
	s := start(t, setup)
	v := s.projected()
	clone, mirror, other := s.byCard(bf[1].ID).ID, s.byCard(bf[3].ID).ID, s.byCard(bf[5].ID).ID

	c, cv := v.Of(clone), v.Copiable(clone)
	assert.Equal(t, []int{5, 5}, []int{c.Power, c.Toughness}, "2/2, +2/+2 from counters, +1/+1 from the anthem")
	assert.Equal(t, "Grizzly Bears", cv.Name)
	assert.Equal(t, []int{2, 2}, []int{cv.Power, cv.Toughness}, "copiable values: the Bears' printed 2/2")

	m, mv := v.Of(mirror), v.Copiable(mirror)
	require.Len(t, m.Abilities, 1)
	assert.Equal(t, abilityID{Origin: Intrinsic, Index: 4}, m.Abilities[0].ID, "the Forest type's {T}: Add {G}, given again after layer 4")
	assert.Equal(t, "Forest", mv.Name)
	assert.Len(t, mv.Abilities, 1, "the copiable values have the ability once")

	assert.Same(t, v.Of(other), v.Copiable(other), "a copy of the Gauntlet that no later layer changes")
	assert.Equal(t, "Gauntlet of Power", v.Copiable(other).Name)
}

// TestProjectsAlike: what changes characteristics makes a state project differently from
// the one it was copied from (counters, an attachment, a zone, an effect, CR 613), and what
// doesn't leaves them alike (tapping, damage, mana, life, priority).
func TestProjectsAlike(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Umbral Mantle@0", "Forest", "Gauntlet of Power"}, []string{"Walking Ballista"})
	chosenColor(&setup, 0, 3, "G")
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Giant Growth"}}
	s := start(t, setup)
	bears, forest := cardNamed(t, s, "Grizzly Bears").ID, cardNamed(t, s, "Forest").ID
	alike := map[string]func(c *state){
		"tapped":   func(c *state) { c.mut(forest).Tapped = true },
		"damage":   func(c *state) { c.mut(bears).Damage = 1 },
		"mana":     func(c *state) { c.Players[0].Pool = h.Of(h.Green, 1) },
		"life":     func(c *state) { c.Players[1].Life = 3 },
		"priority": func(c *state) { c.Priority, c.Passes = h.B, 1 },
	}
	differ := map[string]func(c *state){
		"+1/+1 counter": func(c *state) { c.mut(bears).Counters[PlusOne]++ },
		"loyalty":       func(c *state) { c.mut(bears).Counters[Loyalty]++ },
		"attachment":    func(c *state) { c.mut(cardNamed(t, s, "Umbral Mantle").ID).AttachedTo = 0 },
		"chosen colour": func(c *state) { c.mut(cardNamed(t, s, "Gauntlet of Power").ID).ChosenColor = int8(h.Red) },
		"timestamp":     func(c *state) { c.mut(bears).Timestamp = c.timestamp() },
		"face down":     func(c *state) { c.mut(bears).FaceDown = true },
		"zone":          func(c *state) { c.Players[0].Graveyard = append(c.Players[0].Graveyard, c.Players[0].Hand...) },
		"battlefield":   func(c *state) { c.Battlefield = removeID(c.Battlefield, forest) },
		"new object":    func(c *state) { c.newObject(object{Def: c.obj(bears).Def, Zone: h.Exile}) },
		"effect": func(c *state) {
			c.addEffect(effect{Duration: untilEndOfTurn, Mods: []modification{modifyPT{1, 1}}, Objects: []h.ObjectID{bears}})
		},
		"effect objects": nil,
	}
	withPump := withEffect(s, untilEndOfTurn, []modification{modifyPT{1, 1}}, bears)
	differ["effect objects"] = func(c *state) {
		c.Effects = slices.Clone(c.Effects) // shared with the state c was cloned from
		c.Effects[0].Objects = []h.ObjectID{forest}
	}
	for name, change := range alike {
		c := s.clone()
		change(c)
		assert.True(t, projectsAlike(s, c), name)
		assert.True(t, sameProjection(project(s), project(c)), "%s: the projections are the same", name)
	}
	for name, change := range differ {
		base := s
		if name == "effect objects" {
			base = withPump
		}
		c := base.clone()
		change(c)
		assert.False(t, projectsAlike(base, c), name)
	}
}

// TestSteppedProjectionShared: a finished state whose step changed nothing a projection
// reads shares the projection of the state it was stepped from, and every finished state's
// projection is the one project computes for it, along generated games.
func TestSteppedProjectionShared(t *testing.T) {
	shared, steps := 0, 0
	eachGeneratedTrace(t, 3, 10, func(seed uint64, tr *gen.Trace) {
		for i, st := range tr.Steps {
			before, after := st.BeforeState.(*state), st.AfterState.(*state)
			v := after.projected()
			require.True(t, sameProjection(v, project(after)), "seed %d step %d: %s", seed, i, st.Action)
			if b := before.projected(); len(v.chars) > 0 && &v.chars[0] == &b.chars[0] {
				shared++
			}
			steps++
		}
	})
	assert.Positive(t, shared, "some step shares its projection")
	assert.Less(t, shared, steps, "some step projects anew")
	t.Logf("%d of %d steps share the projection of the state before", shared, steps)
}

// TestProjectSharesOrigin: a state being stepped shares the projection of the finished
// state it was cloned from (state.project) only when project computes the same for it:
// along generated games, each state a step reached, given the state before the step as
// its origin, projects as project does, and some share.
func TestProjectSharesOrigin(t *testing.T) {
	shared, steps := 0, 0
	eachGeneratedTrace(t, 3, 10, func(seed uint64, tr *gen.Trace) {
		for i, st := range tr.Steps {
			before, after := st.BeforeState.(*state), st.AfterState.(*state)
			origin := before.projected()
			c := after.clone()
			c.origin = origin
			v := c.project()
			require.True(t, sameProjection(v, project(c)), "seed %d step %d: %s", seed, i, st.Action)
			if len(v.chars) > 0 && &v.chars[0] == &origin.chars[0] {
				shared++
			}
			steps++
		}
	})
	assert.Positive(t, shared, "some state shares its origin's projection")
	assert.Less(t, shared, steps, "some state projects anew")
	t.Logf("%d of %d states share their origin's projection", shared, steps)
}
