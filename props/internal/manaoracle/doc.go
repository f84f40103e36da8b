// Package manaoracle is the second implementation of the mana rules, and nothing else:
// the mana rules only; every other property relates the engine's answers. Don't grow it
// into a second engine: a property that needs another rule answered compares the engine's
// answers with each other (the props package's relations, fresh boards, replays), not
// with a reimplementation here.
//
// The mana properties must not trust the engine's own answer, so this package recomputes
// it from a Snapshot's computed characteristics and the permanents' ability texts (CR
// 106, 605, 614.5, 616.1):
//
//   - [Oracle.CouldProduce]: what each permanent could produce (CR 106.7), a least
//     fixpoint over Reflecting Pool / Exotic Orchard chains;
//   - [Oracle.Outcomes]: what each mana ability would add if it resolved now (106.5:
//     nothing when undefined), with the "tapped for mana" replacement effects in every
//     order (106.12b, 614.5, 616.1) and the triggered mana abilities (106.12a);
//   - [ParseAbility]: an ability text read as a rules expert reads it (cost, effect,
//     whether it is a mana ability and what it produces).
//
// It reads texts, not card names (text.go, effects.go), so granted and copied abilities
// count; a text it can't read makes it abstain ("unknown"), and the property then judges
// nothing that depends on it. It lives under props/internal so that only the properties
// can use it.
package manaoracle
