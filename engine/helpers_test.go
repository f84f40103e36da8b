package engine

import (
	"strconv"
	"strings"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/require"
)

// board builds a main-phase setup on turn 2 with A active: mine are A's permanents,
// theirs B's. A name ending in "*" is tapped; "!" is summoning sick.
func board(mine, theirs []string) h.Setup {
	s := h.Setup{Turn: 2, Active: h.A, Step: h.Main1}
	for p, names := range [][]string{mine, theirs} {
		s.Players[p].Life = 20
		for _, n := range names {
			pm := h.PermanentSpec{}
			if i := strings.Index(n, "@"); i >= 0 {
				k, _ := strconv.Atoi(n[i+1:])
				pm.AttachedTo = h.CardID(100*(p+1) + k)
				n = n[:i]
			}
			pm.ID = h.CardID(100*(p+1) + len(s.Players[p].Battlefield))
			for len(n) > 0 && (n[len(n)-1] == '*' || n[len(n)-1] == '!') {
				if n[len(n)-1] == '*' {
					pm.Tapped = true
				} else {
					pm.Sick = true
				}
				n = n[:len(n)-1]
			}
			pm.Name = n
			s.Players[p].Battlefield = append(s.Players[p].Battlefield, pm)
		}
	}
	return s
}

func start(t *testing.T, setup h.Setup, faults ...string) *state {
	t.Helper()
	s, err := newGame(setup, faults)
	require.NoError(t, err)
	return s
}

// cardNamed finds the first permanent with the name.
func cardNamed(t *testing.T, s *state, name string) *object {
	t.Helper()
	v := s.projected()
	for _, id := range s.Battlefield {
		if v.Of(id).Name == name {
			return s.obj(id)
		}
	}
	t.Fatalf("no permanent named %s", name)
	return nil
}

// outcomes returns the offered outcomes of the first mana ability of the named permanent
// with the given ability index, as strings.
func outcomes(t *testing.T, s *state, name string, ability int) []string {
	t.Helper()
	r := &Reference{}
	ms, err := r.ManaOutcomes(s, cardNamed(t, s, name).Card, ability)
	require.NoError(t, err)
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}
