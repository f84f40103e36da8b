package scenario

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkObject compares the fields an object expectation gives with the object's computed
// characteristics (after every layer, CR 613) and status.
func (r *replayer) checkObject(e *ObjectCheck) []string {
	id, err := r.book.one(e.Card, &r.snap)
	if err != nil {
		return []string{err.Error()}
	}
	o := r.snap.Find(id)
	if o == nil {
		onStack := false
		for _, so := range r.snap.Stack {
			onStack = onStack || (so.Kind == "spell" && so.Card == id)
		}
		if onStack && e.Zone != nil && *e.Zone == harness.Stack {
			return nil
		}
		if e.Zone != nil {
			return []string{fmt.Sprintf("expected %s in the %s, got %s", e.Card, *e.Zone, r.whereIs(id))}
		}
		return []string{fmt.Sprintf("expected %s to be an object in some zone, got %s", e.Card, r.whereIs(id))}
	}
	var out []string
	diff := func(field, want, got string) {
		if want != got {
			out = append(out, fmt.Sprintf("expected %s's %s %s, got %s", e.Card, field, want, got))
		}
	}
	e.Characteristics.check(characteristicsOf(o), diff)
	if e.Zone != nil {
		diff("zone", string(*e.Zone), string(o.Zone))
	}
	if e.Controller != nil {
		diff("controller", e.Controller.String(), o.Controller.String())
	}
	if e.Owner != nil {
		diff("owner", e.Owner.String(), o.Owner.String())
	}
	if e.Tapped != nil {
		diff("status", tappedWord(*e.Tapped), tappedWord(o.Tapped))
	}
	if e.Sick != nil {
		diff("summoning sickness (CR 302.6)", fmt.Sprint(*e.Sick), fmt.Sprint(o.Sick))
	}
	if e.Token != nil {
		diff("token (CR 111.1)", fmt.Sprint(*e.Token), fmt.Sprint(o.Token))
	}
	if e.Counters != nil {
		diff("counters", countersText(*e.Counters), countersText(o.Counters))
	}
	if e.Damage != nil {
		diff("damage", fmt.Sprint(*e.Damage), fmt.Sprint(o.Damage))
	}
	if e.ManaValue != nil {
		diff("mana value (CR 202.3)", fmt.Sprint(*e.ManaValue), fmt.Sprint(o.ManaValue))
	}
	if e.AbilitiesCount != nil {
		if *e.AbilitiesCount != len(o.Abilities) {
			out = append(out, fmt.Sprintf("expected %s's number of abilities %d, got %d %s", e.Card, *e.AbilitiesCount, len(o.Abilities), listText(o.Abilities)))
		}
	}
	if e.Attached != nil {
		want := "nothing"
		if *e.Attached != "" {
			aid, err := r.book.one(*e.Attached, &r.snap)
			if err != nil {
				return append(out, err.Error())
			}
			want = fmt.Sprintf("#%d", aid)
		}
		got := "nothing"
		if o.AttachedTo != 0 {
			got = fmt.Sprintf("#%d", o.AttachedTo)
		}
		diff("attachment", want, got)
	}
	if e.CopyOf != nil {
		diff("copy source", quote(*e.CopyOf), quote(o.CopyOf))
	}
	if e.Copiable != nil {
		out = append(out, checkCopiable(e.Card, e.Copiable, o)...)
	}
	return out
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

func intText(p *int) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

func colorsText(s string) string {
	if s == "" {
		return "colourless"
	}
	return s
}

// setText writes a list as a sorted set: the order of types is not a characteristic.
func setText(s []string) string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return listText(c)
}

func countersText(m map[string]int) string {
	var parts []string
	for _, k := range harness.SortedKeys(m) {
		if m[k] != 0 {
			parts = append(parts, fmt.Sprintf("%s: %d", k, m[k]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// checkZone compares a zone's contents per player. A label or #id item must be that very
// card; a name item any card of that name. Library and graveyard are ordered.
func (r *replayer) checkZone(e *ZoneContents) []string {
	var out []string
	for pl, want := range e.Cards {
		if want == nil {
			continue
		}
		objs := r.zone(harness.Player(pl), e.Zone)
		got := make([]string, len(objs))
		for i, o := range objs {
			got[i] = o.Name
		}
		ordered := e.Zone == harness.Library || e.Zone == harness.Graveyard
		ok, err := r.zoneMatches(*want, objs, ordered)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		if !ok {
			order := ""
			switch e.Zone {
			case harness.Library:
				order = " (top first)"
			case harness.Graveyard:
				order = " (bottom first)"
			}
			out = append(out, fmt.Sprintf("expected %s's %s%s %s, got %s", harness.Player(pl), e.Zone, order, listText(*want), listText(got)))
		}
	}
	return out
}

func (r *replayer) zone(pl harness.Player, z harness.Zone) []*harness.Object {
	ps := &r.snap.Players[pl]
	switch z {
	case harness.Hand:
		return ps.Hand
	case harness.Library:
		return ps.Library
	case harness.Graveyard:
		return ps.Graveyard
	case harness.Exile:
		return ps.Exile
	}
	var out []*harness.Object
	for _, o := range r.snap.Battlefield {
		if o.Controller == pl {
			out = append(out, o)
		}
	}
	return out
}

// zoneMatches pairs each expected item with a distinct object: in order when ordered,
// otherwise exact references first, then names.
func (r *replayer) zoneMatches(want []string, objs []*harness.Object, ordered bool) (bool, error) {
	if len(want) != len(objs) {
		return false, nil
	}
	type item struct {
		id   harness.CardID // 0: match by name
		name string
	}
	items := make([]item, len(want))
	for i, w := range want {
		items[i] = item{name: w}
		if id, ok, err := r.book.byID(w, &r.snap); ok {
			if err != nil {
				return false, err
			}
			items[i].id = id
		} else if id, ok := r.book.label[w]; ok {
			items[i].id = id
		}
	}
	fits := func(it item, o *harness.Object) bool {
		if it.id != 0 {
			return o.Card == it.id
		}
		return o.Name == it.name
	}
	if ordered {
		for i := range items {
			if !fits(items[i], objs[i]) {
				return false, nil
			}
		}
		return true, nil
	}
	used := make([]bool, len(objs))
	for _, byID := range []bool{true, false} {
		for _, it := range items {
			if (it.id != 0) != byID {
				continue
			}
			found := false
			for j, o := range objs {
				if !used[j] && fits(it, o) {
					used[j], found = true, true
					break
				}
			}
			if !found {
				return false, nil
			}
		}
	}
	return true, nil
}
