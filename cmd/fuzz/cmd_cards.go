package main

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
)

// cardsCmd prints the card pool with each card's printed characteristics and Oracle text
// (package cards, the table the reference engine is built from), wrapped to the terminal;
// --json prints the table as JSON.
func (c *cli) cardsCmd(args []string) error {
	fs := newFlagSet("cards")
	asJSON := fs.Bool("json", false, "print the card table as JSON")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("cards takes no arguments, got %q", pos)
	}
	if *asJSON {
		data, err := cards.JSON()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(c.stdout, "%s\n", data)
		return err
	}
	width := c.width()
	all := cards.All()
	tokens := 0
	for _, card := range all {
		head := card.Name
		if card.ManaCost != "" {
			head += "  " + card.ManaCost
		}
		if card.Token {
			head += "  (token)"
			tokens++
		}
		fmt.Fprintln(c.stdout, head)
		fmt.Fprintf(c.stdout, "    %s\n", typeLine(card))
		for _, line := range card.Oracle {
			wrap(c.stdout, line, "    ", width)
		}
	}
	_, err = fmt.Fprintf(c.stdout, "\n%d cards and %d tokens\n", len(all)-tokens, tokens)
	return err
}

// typeLine is the printed type line with power/toughness or loyalty:
// "Legendary Artifact Creature — Construct  1/1".
func typeLine(card cards.Card) string {
	line := strings.Join(append(append([]string(nil), card.Supertypes...), card.Types...), " ")
	if len(card.Subtypes) > 0 {
		line += " — " + strings.Join(card.Subtypes, " ")
	}
	switch {
	case card.Power != nil && card.Toughness != nil:
		line += fmt.Sprintf("  %d/%d", *card.Power, *card.Toughness)
	case card.Loyalty != nil:
		line += fmt.Sprintf("  loyalty %d", *card.Loyalty)
	}
	if len(card.Colors) > 0 {
		line += "  (" + strings.Join(card.Colors, "") + ")"
	}
	return line
}
