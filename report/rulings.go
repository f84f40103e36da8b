package report

import (
	"cmp"
	"slices"
)

// ruled is one item of a report (a property, a scenario file) listed under one of the
// rulings it names.
type ruled[T any] struct {
	ruling string
	id     string // the item's ID, the second sort key
	item   T
}

// byRuling lists each item under each ruling it names, or under none when it names no
// ruling, sorted by ruling ID then item ID, stably. Campaigns and replays group by ruling
// the same way, so a CI shows the same suites whichever command wrote the report.
func byRuling[T any](items []T, none string, key func(T) (rulings []string, id string)) []ruled[T] {
	var rows []ruled[T]
	for _, it := range items {
		rulings, id := key(it)
		if len(rulings) == 0 {
			rulings = []string{none}
		}
		for _, r := range rulings {
			rows = append(rows, ruled[T]{ruling: r, id: id, item: it})
		}
	}
	slices.SortStableFunc(rows, func(a, b ruled[T]) int {
		return cmp.Or(cmp.Compare(a.ruling, b.ruling), cmp.Compare(a.id, b.id))
	})
	return rows
}
