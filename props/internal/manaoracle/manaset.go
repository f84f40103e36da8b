package manaoracle

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Sets of mana amounts (what an ability may add) and of types, as the oracle and the
// messages use them.

func intsKey(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// sortedMana lists a set of amounts in a fixed order: smaller totals first, then by type
// (more {W} first, then {U}, ...).
func sortedMana(set map[harness.Mana]bool) []harness.Mana {
	out := make([]harness.Mana, 0, len(set))
	for m := range set {
		out = append(out, m)
	}
	sortManas(out)
	return out
}

func sortManas(ms []harness.Mana) {
	sort.Slice(ms, func(i, j int) bool { return manaLess(ms[i], ms[j]) })
}

func manaLess(a, b harness.Mana) bool {
	if a.Total() != b.Total() {
		return a.Total() < b.Total()
	}
	for t := range a {
		if a[t] != b[t] {
			return a[t] > b[t]
		}
	}
	return false
}

// ManaSet normalises a list of amounts into a sorted list without duplicates.
func ManaSet(ms []harness.Mana) []harness.Mana {
	set := map[harness.Mana]bool{}
	for _, m := range ms {
		set[m] = true
	}
	return sortedMana(set)
}

// ManaList writes a set of amounts for a message: "{G}, {G}{G}"; "no mana" for the zero
// amount alone.
func ManaList(ms []harness.Mana) string {
	if len(ms) == 0 {
		return "nothing offered"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		if m.IsZero() {
			parts[i] = "no mana"
		} else {
			parts[i] = m.String()
		}
	}
	return strings.Join(parts, ", ")
}

// TypeList writes a set of mana types for a message; "no type" when empty.
func TypeList(s harness.TypeSet) string {
	if s == 0 {
		return "no type"
	}
	var parts []string
	for _, t := range s.List() {
		parts = append(parts, t.String())
	}
	return strings.Join(parts, "")
}

// SameMana reports whether two amount lists are the same set.
func SameMana(a, b []harness.Mana) bool {
	a, b = ManaSet(a), ManaSet(b)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ContainsMana reports whether m is among ms.
func ContainsMana(ms []harness.Mana, m harness.Mana) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
