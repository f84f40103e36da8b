package cards_test

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
)

func ExampleByName() {
	c, _ := cards.ByName("Walking Ballista")
	fmt.Println(c.Name, c.ManaCost, strings.Join(c.Types, " "), "-", strings.Join(c.Subtypes, " "), *c.Power, *c.Toughness)
	for _, line := range c.Oracle {
		fmt.Println(" ", line)
	}
	// Output:
	// Walking Ballista {X}{X} Artifact Creature - Construct 0 0
	//   This creature enters with X +1/+1 counters on it.
	//   {4}: Put a +1/+1 counter on this creature.
	//   Remove a +1/+1 counter from this creature: It deals 1 damage to any target.
}

func ExampleAll() {
	n, tokens := 0, []string{}
	for _, c := range cards.All() {
		if c.Token {
			tokens = append(tokens, c.Name)
		} else {
			n++
		}
	}
	fmt.Println(n, "cards; tokens:", tokens)
	// Output:
	// 45 cards; tokens: [Thopter]
}
