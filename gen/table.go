package gen

import "sync"

// table is a weighted choice among items, in order: one labelled draw below the total
// weight picks the item whose cumulative range holds it. Lower draws pick earlier items,
// so the first item is where shrinking heads.
type table struct {
	items []int // payload: a pool index, a step index, a recipe index
	cum   []int // cum[i] is the total weight of items[0..i]
}

func (t *table) add(item, weight int) {
	if weight <= 0 {
		return
	}
	total := t.total()
	t.items = append(t.items, item)
	t.cum = append(t.cum, total+weight)
}

func (t *table) total() int {
	if len(t.cum) == 0 {
		return 0
	}
	return t.cum[len(t.cum)-1]
}

func (t *table) empty() bool { return len(t.items) == 0 }

// draw picks an item; it must not be empty.
func (t *table) draw(src Source, label string) int {
	return t.items[drawCum(src, label, t.cum)]
}

// drawCum is a table's draw over its cumulative weights alone: the index of the item
// whose range holds one draw below the total. cum must not be empty.
func drawCum(src Source, label string, cum []int) int {
	v := src.Uintn(label, cum[len(cum)-1])
	lo, hi := 0, len(cum)-1
	for lo < hi { // first cum > v
		mid := (lo + hi) / 2
		if cum[mid] > v {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// flag is a yes/no draw that says yes pct times in a hundred. No is the value 0 end, so
// shrinking turns flags off.
func flag(src Source, label string, pct int) bool {
	return src.Uintn(label, 100) >= 100-pct
}

// repeat runs f in groups labelled label while a "more" flag (pct percent) says so, at most
// max times. Each group holds its own "more" draw, so deleting a group's span removes one
// element and nothing else.
func repeat(src Source, label string, pct, max int, f func(Source)) {
	repeatAtLeast(src, label, 0, pct, max, f)
}

// floorPct is how often each of repeatAtLeast's first groups goes on.
const floorPct = 97

// repeatAtLeast is repeat whose first least groups go on at floorPct instead of pct: a
// floor that holds nine times in ten for three groups, while shrinking still deletes
// groups one by one.
func repeatAtLeast(src Source, label string, least, pct, max int, f func(Source)) {
	r := repeaters.Get().(*repeater)
	r.stop, r.f = false, f
	for i := 0; i < max && !r.stop; i++ {
		r.pct = pct
		if i < least {
			r.pct = floorPct
		}
		src.Group(label, r.group)
	}
	r.f = nil // keep nothing of the caller's alive
	repeaters.Put(r)
}

// repeater is one repeatAtLeast's state. A Source runs a group's function through an
// interface call, so a closure made for each repeat would be allocated, with the
// variables it shares: repeaters are recycled instead, each with its group function bound
// once. A repeat within a group of another takes a repeater of its own.
type repeater struct {
	stop  bool
	pct   int          // this group's chance to go on
	f     func(Source) // what each group draws after its "more" flag
	group func(Source) // run, bound to this repeater
}

var repeaters = sync.Pool{New: func() any {
	r := new(repeater)
	r.group = r.run
	return r
}}

// run is one group of a repeat: its "more" flag, then f unless the flag stops the repeat.
func (r *repeater) run(s Source) {
	if !flag(s, "more", r.pct) {
		r.stop = true
		return
	}
	r.f(s)
}
