package props

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Small pieces of wording shared by messages: quoted texts, lists, numbers that may be
// absent, card lists.

// cardList names cards: "card 3, card 7".
func cardList(ids []harness.CardID) string {
	parts := make([]string, len(ids))
	for i, c := range ids {
		parts[i] = fmt.Sprintf("card %d", c)
	}
	return strings.Join(parts, ", ")
}

func quote(s string) string { return strconv.Quote(s) }

func list(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return "[" + strings.Join(xs, "; ") + "]"
}

func intText(p *int) string {
	if p == nil {
		return "-"
	}
	return strconv.Itoa(*p)
}

// stackName names a spell or ability on the stack for a message.
func stackName(o harness.StackObject) string {
	if o.Kind == "spell" {
		return fmt.Sprintf("the spell %s (card %d)", o.Name, o.Card)
	}
	return fmt.Sprintf("the ability of %s (card %d) %q", o.Name, o.Card, o.Text)
}

// inZone is where an object is, in words: "on the battlefield", "in the hand".
func inZone(z harness.Zone) string {
	if z == harness.Battlefield || z == harness.Stack {
		return "on the " + string(z)
	}
	return "in the " + string(z)
}

// countOf is how many times s is in list (an ability text in an object's abilities).
func countOf(list []string, s string) int {
	n := 0
	for _, t := range list {
		if t == s {
			n++
		}
	}
	return n
}
