// Package cards is the printed data of the card pool the reference engine implements: each
// card's name, mana cost, colours, type line, power and toughness, loyalty and Oracle text
// (CR 109.3), in one table.
//
// It is data, read by everyone who needs to know what is printed: the engine builds its
// card definitions from it (engine/cards_*.go add only the abilities' behaviour), the
// generator derives its pool from it, and properties compare an engine's copiable values
// with it without asking the engine. It depends on nothing in this module.
//
//   - [All] lists every entry (cards, then the tokens the pool creates), in table order.
//   - [ByName] looks one up, or a double-faced card's back face by its own name
//     ([Card.Back]); [FrontOf] names the card of a back face; [Names] lists the names.
//   - [JSON] is the table as JSON, for tools (`fuzz cards --json`).
//
// The Oracle lines are one per ability, exactly the texts an engine reports as the
// abilities of the card when no effect changes it: reminder text is left out, except where a
// line is only reminder text (a basic land's "({T}: Add {G}.)", which the engine reports as
// the text of the land's intrinsic ability, CR 305.6).
package cards
