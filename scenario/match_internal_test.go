package scenario

import "testing"

func TestChoicesMatch(t *testing.T) {
	tests := []struct {
		given, have []string
		ok, exact   bool
		reason      string
	}{
		{nil, nil, true, true, "nothing to choose"},
		{nil, []string{"type:U"}, true, false, "a line may leave a choice out (then it must still match one action)"},
		{[]string{"type:U"}, []string{"type:U"}, true, true, ""},
		{[]string{"type:u"}, []string{"type:U"}, true, true, "values compare without case, as engines read them"},
		{[]string{"type:G"}, []string{"type:U"}, false, false, "another type"},
		{[]string{"type:G"}, nil, false, false, "a type the action doesn't offer: Forest has no type choice"},
		{[]string{"replace:Contamination", "replace:Mana Reflection"}, []string{"replace:Contamination"}, true, false,
			"the engine leaves out the last, forced, replacement choice"},
		{[]string{"replace:Mana Reflection"}, nil, true, false, "one replacement effect: its choice is forced"},
		{[]string{"replace:Contamination", "replace:Mana Reflection"}, nil, false, false,
			"two effects can't both have been forced: the engine offered no order at all"},
		{[]string{"replace:Mana Reflection", "replace:Contamination"}, []string{"replace:Contamination"}, false, false,
			"the other order"},
		{[]string{"type:U", "replace:Mana Reflection"}, []string{"replace:Mana Reflection", "type:U"}, true, true,
			"kinds are matched separately, whatever their interleaving"},
	}
	for _, tt := range tests {
		ok, exact := choicesMatch(tt.given, tt.have)
		if ok != tt.ok || exact != tt.exact {
			t.Errorf("choicesMatch(%q, %q) = %v, %v; want %v, %v (%s)", tt.given, tt.have, ok, exact, tt.ok, tt.exact, tt.reason)
		}
	}
}
