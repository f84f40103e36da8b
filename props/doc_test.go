package props

import (
	"os"
	"strings"
	"testing"
)

// TestDocTableMatchesRegistry: the property table in doc.go lists exactly the registered
// properties, in order, each with its ruling IDs and CR rules, so the package
// documentation can't drift from props.All().
func TestDocTableMatchesRegistry(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	in := false
	for _, line := range strings.Split(string(src), "\n") {
		row, ok := strings.CutPrefix(line, "//\t")
		switch {
		case ok && strings.HasPrefix(row, "ID "):
			in = true
		case in && ok:
			got = append(got, strings.Join(strings.Fields(row), " "))
		case in:
			in = false
		}
	}
	var want []string
	for _, p := range All() {
		want = append(want, strings.Join(strings.Fields(docRow(p)), " "))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		var b strings.Builder
		b.WriteString("//\t" + docHeader + "\n")
		for _, p := range All() {
			b.WriteString("//\t" + docRow(p) + "\n")
		}
		t.Errorf("the table of doc.go does not match the registry; it should read:\n%s", b.String())
	}
}

const docWidth = 30

var docHeader = pad("ID", docWidth) + "RULINGS / CR RULES"

// docRow is a property's row: its ID, then its ruling IDs, a slash, and its CR rules.
func docRow(p *Property) string {
	return pad(p.ID, docWidth) + strings.Join(p.Rulings, ", ") + " / " + strings.Join(p.Rules, ", ")
}

func pad(s string, n int) string {
	if len(s) >= n {
		return s + "  "
	}
	return s + strings.Repeat(" ", n-len(s))
}
