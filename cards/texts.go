package cards

import (
	"regexp"
	"strings"
)

// quotedAbility finds an ability granted in quotes: Equipped creature has "{3}, {Q}: ...".
var quotedAbility = regexp.MustCompile(`"([^"]+)"`)

// grantedKeyword finds a keyword an effect grants: "That creature gains haste."
var grantedKeyword = regexp.MustCompile(`gains ([a-z]+)\.`)

// printed is every ability text of the table: its Oracle lines (back faces' too), the
// abilities quoted in them, and the keywords they grant, as a keyword ability's text is
// written ("Haste").
var printed = func() map[string]bool {
	out := map[string]bool{}
	var faces []Card
	for _, c := range table {
		faces = append(faces, c)
		if c.Back != nil {
			faces = append(faces, *c.Back)
		}
	}
	for _, c := range faces {
		for _, line := range c.Oracle {
			out[line] = true
			for _, m := range quotedAbility.FindAllStringSubmatch(line, -1) {
				out[m[1]] = true
			}
			for _, m := range grantedKeyword.FindAllStringSubmatch(line, -1) {
				out[strings.ToUpper(m[1][:1])+m[1][1:]] = true
			}
		}
	}
	return out
}()

// IsPrinted reports whether text is an ability's printed text: an Oracle line of a card
// of the table, or an ability quoted in one (granted by it). An engine that reports any
// other text for an ability reports one that text-reading checks can't read.
func IsPrinted(text string) bool { return printed[text] }
