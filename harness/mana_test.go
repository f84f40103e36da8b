package harness

import "testing"

// TestManaSymbols: mana is written WUBRG then C, one symbol per mana, "{}" for none and
// a negative amount as its letter and count; AppendSymbols writes the same after what
// its buffer holds.
func TestManaSymbols(t *testing.T) {
	for _, c := range []struct {
		m    Mana
		want string
	}{
		{Mana{}, "{}"},
		{Of(Green, 1), "{G}"},
		{Mana{1, 0, 2, 0, 1, 3}, "{W}{B}{B}{G}{C}{C}{C}"},
		{Mana{0, -1, 0, 0, 0, 1}, "{U:-1}{C}"},
	} {
		if got := c.m.String(); got != c.want {
			t.Errorf("%v.String() = %q, want %q", [6]int(c.m), got, c.want)
		}
		if got := string(c.m.AppendSymbols([]byte("-> "))); got != "-> "+c.want {
			t.Errorf("%v.AppendSymbols = %q, want %q", [6]int(c.m), got, "-> "+c.want)
		}
	}
}
