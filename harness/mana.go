package harness

import (
	"fmt"
	"strings"
)

// ManaType is one of the six types of mana (CR 106.1b): five colours and colourless.
type ManaType uint8

const (
	White ManaType = iota
	Blue
	Black
	Red
	Green
	Colorless
	NumManaTypes = 6
)

// ManaTypes lists the six types in WUBRG order, colourless last.
var ManaTypes = [NumManaTypes]ManaType{White, Blue, Black, Red, Green, Colorless}

var manaLetters = "WUBRGC"

// Letter is the type's symbol letter: W, U, B, R, G or C.
func (t ManaType) Letter() string {
	if int(t) < len(manaLetters) {
		return manaLetters[t : t+1]
	}
	return "?"
}

func (t ManaType) String() string { return "{" + t.Letter() + "}" }

// IsColor reports whether the type is one of the five colours (CR 105.1).
func (t ManaType) IsColor() bool { return t < Colorless }

// ParseManaType reads one letter W U B R G C (case-insensitive).
func ParseManaType(s string) (ManaType, error) {
	s = strings.Trim(strings.ToUpper(strings.TrimSpace(s)), "{}")
	if len(s) == 1 {
		if i := strings.Index(manaLetters, s); i >= 0 {
			return ManaType(i), nil
		}
	}
	return 0, fmt.Errorf("mana type %q: want one of W U B R G C", s)
}

// Mana is an amount of mana by type: a pool, a production or a payment.
type Mana [NumManaTypes]int

// Of returns n mana of type t.
func Of(t ManaType, n int) Mana { var m Mana; m[t] = n; return m }

// Total is the amount of mana of all types.
func (m Mana) Total() int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// IsZero reports whether there is no mana at all.
func (m Mana) IsZero() bool { return m == Mana{} }

// Add returns m plus o.
func (m Mana) Add(o Mana) Mana {
	for i := range m {
		m[i] += o[i]
	}
	return m
}

// Sub returns m minus o (amounts may go negative; callers check).
func (m Mana) Sub(o Mana) Mana {
	for i := range m {
		m[i] -= o[i]
	}
	return m
}

// Covers reports whether m holds at least o of every type.
func (m Mana) Covers(o Mana) bool {
	for i := range m {
		if m[i] < o[i] {
			return false
		}
	}
	return true
}

// Types is the set of types with a positive amount.
func (m Mana) Types() TypeSet {
	var s TypeSet
	for i, v := range m {
		if v > 0 {
			s = s.With(ManaType(i))
		}
	}
	return s
}

// String writes the mana in symbols, WUBRG then C: "{B}{B}{G}"; "{}" for none.
func (m Mana) String() string { return string(m.AppendSymbols(nil)) }

// AppendSymbols appends String's text to b: one allocation at most for a text built
// around it.
func (m Mana) AppendSymbols(b []byte) []byte {
	start := len(b)
	for i, v := range m {
		for j := 0; j < v; j++ {
			b = append(b, '{', manaLetters[i], '}')
		}
		if v < 0 {
			b = fmt.Appendf(b, "{%s:%d}", ManaType(i).Letter(), v)
		}
	}
	if len(b) == start {
		b = append(b, "{}"...)
	}
	return b
}

// ParseMana reads symbols like "{B}{B}{G}", "BBG", "{}" or "" (no mana).
func ParseMana(s string) (Mana, error) {
	var m Mana
	for _, r := range strings.ToUpper(s) {
		switch r {
		case '{', '}', ' ':
			continue
		}
		t, err := ParseManaType(string(r))
		if err != nil {
			return Mana{}, fmt.Errorf("mana %q: %w", s, err)
		}
		m[t]++
	}
	return m, nil
}

// MarshalText writes the symbol form, so pools read well in JSON and YAML.
func (m Mana) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads the symbol form.
func (m *Mana) UnmarshalText(b []byte) error {
	v, err := ParseMana(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// TypeSet is a set of mana types, as a bit set indexed by ManaType.
type TypeSet uint8

// With returns the set plus t.
func (s TypeSet) With(t ManaType) TypeSet { return s | 1<<t }

// Has reports whether t is in the set.
func (s TypeSet) Has(t ManaType) bool { return s&(1<<t) != 0 }

// Union returns the types in either set.
func (s TypeSet) Union(o TypeSet) TypeSet { return s | o }

// Colors returns the set without colourless.
func (s TypeSet) Colors() TypeSet { return s &^ (1 << Colorless) }

// Len is the number of types in the set.
func (s TypeSet) Len() int {
	n := 0
	for _, t := range ManaTypes {
		if s.Has(t) {
			n++
		}
	}
	return n
}

// List returns the members in WUBRGC order.
func (s TypeSet) List() []ManaType {
	var out []ManaType
	for _, t := range ManaTypes {
		if s.Has(t) {
			out = append(out, t)
		}
	}
	return out
}

// String writes the set as letters, "WUC"; "" when empty.
func (s TypeSet) String() string {
	var b strings.Builder
	for _, t := range s.List() {
		b.WriteString(t.Letter())
	}
	return b.String()
}

// AllColors is W, U, B, R and G.
const AllColors TypeSet = 0b011111

// AllTypes is the five colours and colourless.
const AllTypes TypeSet = 0b111111
