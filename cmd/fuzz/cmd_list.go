package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// propertyInfo is a property as "fuzz list --json" shows it: what it checks, never how.
type propertyInfo struct {
	ID          string       `json:"id"`
	Rulings     []string     `json:"rulings"`
	Rules       []string     `json:"rules"`
	Description string       `json:"description"`
	Clauses     []clauseInfo `json:"clauses,omitempty"`
}

// clauseInfo is one named clause of a property: each must be reached on its own.
type clauseInfo struct {
	Name        string   `json:"name"`
	Rules       []string `json:"rules"`
	Description string   `json:"description"`
}

// list prints every property: its ID, the ruling IDs it checks, its CR rules and what it
// says, then each of its clauses ("clause NAME (CR ...): what it checks"), in the order
// props.All gives them, wrapped to the terminal's width. With --faults it lists the
// reference engine's deliberate faults instead.
func (c *cli) list(args []string) error {
	fs := newFlagSet("list")
	asJSON := fs.Bool("json", false, "print JSON instead of a table")
	faults := fs.Bool("faults", false, "list the reference engine's deliberate faults instead of the properties")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("list takes no arguments, got %q", pos)
	}
	if *faults {
		return c.listFaults(*asJSON)
	}
	var infos []propertyInfo
	for _, p := range props.All() {
		info := propertyInfo{ID: p.ID, Rulings: nonNil(p.Rulings), Rules: nonNil(p.Rules), Description: oneLine(p.Description)}
		for _, c := range p.Clauses {
			info.Clauses = append(info.Clauses, clauseInfo{c.Name, nonNil(c.Rules), oneLine(c.Description)})
		}
		infos = append(infos, info)
	}
	if *asJSON {
		return c.printJSON(infos)
	}
	width := c.width()
	for _, p := range infos {
		fmt.Fprintln(c.stdout, p.ID)
		wrap(c.stdout, "rulings: "+strings.Join(p.Rulings, ", "), "    ", width)
		if len(p.Rules) > 0 {
			wrap(c.stdout, "CR "+strings.Join(p.Rules, ", "), "    ", width)
		}
		wrap(c.stdout, p.Description, "    ", width)
		for _, cl := range p.Clauses {
			wrap(c.stdout, fmt.Sprintf("clause %s (CR %s): %s", cl.Name, strings.Join(cl.Rules, ", "), cl.Description), "    ", width)
		}
	}
	_, err = fmt.Fprintf(c.stdout, "\n%d properties\n", len(infos))
	return err
}

// oneLine joins a text's lines and spaces into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// nonNil keeps JSON arrays as [] rather than null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// listFaults prints the reference engine's deliberate faults: name, ruling, CR rule and
// what each breaks.
func (c *cli) listFaults(asJSON bool) error {
	faults := engine.Faults()
	if asJSON {
		return c.printJSON(faults)
	}
	width := c.width()
	for _, f := range faults {
		fmt.Fprintf(c.stdout, "%s  (ruling %s, CR %s)\n", f.Name, f.Ruling, f.Rule)
		wrap(c.stdout, f.Description, "    ", width)
	}
	_, err := fmt.Fprintf(c.stdout, "\n%d faults\n", len(faults))
	return err
}

func (c *cli) printJSON(v any) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
