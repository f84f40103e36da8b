// Package engine is the reference rules engine: a pure, deterministic implementation of a
// defined subset of the Magic: The Gathering Comprehensive Rules (CR), for the card pool in
// cards_*.go.
//
// Shape:
//   - [State] is the base state: printed card data by reference, status, counters,
//     attachments, timestamps and continuous-effect records. It is a value; [Step] never
//     changes its input.
//   - Characteristics are computed through the layer system (CR 613) by [Project] and never
//     written back (cr613_layers.go).
//   - The engine never asks: [LegalActions] enumerates every action, every choice made.
//     Choices needed while something resolves become a pending decision, answered by an
//     action.
//   - Rules areas live in files named after their CR section (cr106_mana.go,
//     cr605_mana_abilities.go, cr704_sba.go, ...).
//   - Deliberate faults (faults.go) are named rule bugs, off by default, each switched at
//     the one decision point it corrupts; they prove the harness's properties can fail.
//
// [Reference] adapts the engine to harness.Engine.
package engine
