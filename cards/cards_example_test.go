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
	all := cards.All()
	var first []string
	for _, c := range all[:3] {
		first = append(first, c.Name)
	}
	for _, c := range all {
		if c.Token {
			fmt.Println("cards first:", strings.Join(first, ", "), "... then tokens, from", c.Name)
			break
		}
	}
	// Output:
	// cards first: Plains, Island, Swamp ... then tokens, from Thopter
}
