package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// CheckProperties is the default PropertyChecker: it judges the trace with the property
// whose ID is id or, when id is a ruling ID, with every property of that ruling
// (props.Property.Rulings) and every sub-property "id/...". Violations read
// "[property] PLACE: message", the place as gen.Place writes it ("after action 2 (...)").
func CheckProperties(id string, eng harness.Engine, tr *gen.Trace) (int, []string, error) {
	if tr == nil {
		return 0, nil, fmt.Errorf("no trace: the game never started")
	}
	var ps []*props.Property
	if p := props.ByID(id); p != nil {
		ps = append(ps, p)
	} else {
		for _, p := range props.All() {
			if strings.HasPrefix(p.ID, id+"/") || slices.Contains(p.Rulings, id) {
				ps = append(ps, p)
			}
		}
	}
	if len(ps) == 0 {
		return 0, nil, fmt.Errorf("no property or ruling %q (see `fuzz list`)", id)
	}
	reached := 0
	var out []string
	for _, p := range ps {
		v := p.Check(eng, tr)
		reached += v.Reached
		for _, vi := range v.Violations {
			where, msg := gen.PlaceAfter(tr.Actions(), vi.Step), vi.Message
			if !strings.Contains(msg, "ruling "+vi.Ruling) {
				msg += fmt.Sprintf(" (ruling %s, CR %s)", vi.Ruling, vi.Rule)
			}
			out = append(out, fmt.Sprintf("[%s] %s: %s", p.ID, where, msg))
		}
	}
	return reached, out, nil
}
