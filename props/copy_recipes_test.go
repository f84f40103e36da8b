package props

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCopyPlansNameKnownRecipes: every recipe a plan names or tunes is in the book, each
// recipe of the book is drawn by some copy property, and names are unique, so a typo in
// the table can't silently leave a property with a zero recipe.
func TestCopyPlansNameKnownRecipes(t *testing.T) {
	book := map[string]bool{}
	for _, r := range copyRecipes() {
		assert.False(t, book[r.Name], "recipe %q named twice", r.Name)
		book[r.Name] = true
	}
	used := map[string]bool{}
	for _, n := range copyCommonRecipes {
		used[n] = true
	}
	for id, plan := range copyPlans {
		assert.NotNil(t, ByID(id), "plan for unknown property %q", id)
		for _, n := range plan.add {
			assert.True(t, book[n], "%s adds unknown recipe %q", id, n)
			used[n] = true
		}
		for n := range plan.tune {
			assert.True(t, slices.Contains(copyCommonRecipes, n), "%s tunes %q, which is not a common recipe", id, n)
		}
	}
	for n := range book {
		assert.True(t, used[n], "recipe %q is drawn by no property", n)
	}
}

// TestCopySteerFollowsItsPlan: a property's steer holds the common recipes, tuned as its
// plan says, then its own, in order.
func TestCopySteerFollowsItsPlan(t *testing.T) {
	s := copySteer("copy.overwrite-expire-together")
	var names []string
	for _, r := range s.Recipes {
		names = append(names, r.Name)
	}
	assert.Equal(t, []string{"cast copies", "cryptoplasm upkeep", "until your next turn", "mirror",
		"cycle into resonance", "resonance copies again"}, names)
	assert.Equal(t, []int{16, 300, 3}, []int{s.Recipes[1].Weight, s.Recipes[1].StepWeight, s.Recipes[1].MinPermanents})
	assert.Equal(t, 3, s.Recipes[2].Weight, "an untuned recipe keeps its weight")
	assert.Equal(t, 4, len(copySteer("copy.linked-abilities").Recipes), "a property with no plan draws the common recipes")
}
