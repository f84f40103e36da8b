package props

import (
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What the properties read about protection (CR 702.16), from an object's ability texts
// (no property is defined here): which colours it has protection from.

// colourNames are the colour letters of the colours a "protection from" may name.
var colourNames = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

// protectionFrom is the colour letters o has protection from, read from its abilities'
// texts ("protection from white and from blue", CR 702.16a, 702.16g).
func protectionFrom(o *harness.Object) string {
	out := ""
	for _, a := range o.Abilities {
		low := strings.ToLower(a)
		i := strings.Index(low, "protection from ")
		if i < 0 || strings.HasPrefix(low, "equipped") || strings.HasPrefix(low, "enchanted") {
			continue
		}
		for _, part := range strings.Split(low[i+len("protection from "):], " and from ") {
			if c, ok := colourNames[strings.Trim(part, " .,")]; ok && !strings.Contains(out, c) {
				out += c
			}
		}
	}
	return out
}

// shares reports whether the colour letters of a and b meet.
func shares(a, b string) bool { return strings.ContainsAny(a, b) && a != "" && b != "" }
