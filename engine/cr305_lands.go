package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// CR 305: lands. A land's basic land types give it mana abilities (305.6); the projection
// adds them once the types are known (after layer 4).

// basicLandAbilities: a land with a basic land type has that type's mana ability
// (CR 305.6), whatever gave it the type.
var basicLandAbilities = func() (out [len(basicLandTypes)]*ability) {
	for i, t := range []h.ManaType{h.White, h.Blue, h.Black, h.Red, h.Green} {
		out[i] = manaAbility(fixed(t, 1))
		out[i].Text = "({T}: Add {" + t.Letter() + "}.)"
	}
	return
}()

var basicLandTypes = [...]string{"Plains", "Island", "Swamp", "Mountain", "Forest"}

// addIntrinsicLandAbilities gives c the mana abilities of its basic land types (CR 305.6),
// first, in place of any it had from types it had before.
func addIntrinsicLandAbilities(c *chars) {
	if abs, changed := withIntrinsicLandAbilities(c); changed {
		c.Abilities = abs
	}
}

// withIntrinsicLandAbilities is c's abilities as addIntrinsicLandAbilities makes them, and
// whether it changes them: never for an object that is no land and has no intrinsic
// ability.
func withIntrinsicLandAbilities(c *chars) ([]abilityInstance, bool) {
	var intrinsic []abilityInstance
	if c.HasType("Land") {
		for i, t := range basicLandTypes {
			if hasString(c.Subtypes, t) {
				intrinsic = append(intrinsic, abilityInstance{ability: basicLandAbilities[i], ID: abilityID{Origin: Intrinsic, Index: i}})
			}
		}
	}
	had := 0
	for had < len(c.Abilities) && c.Abilities[had].ID.Origin == Intrinsic {
		had++
	}
	if had == 0 && len(intrinsic) == 0 {
		return c.Abilities, false
	}
	return append(intrinsic, c.Abilities[had:]...), true
}
