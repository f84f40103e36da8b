package engine

import (
	"maps"
	"sync/atomic"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// An Activate action's text is asked for every activatable ability of every state listed,
// and it is a function of its textKey alone: the texts built are kept for every game of
// the process. The card pool bounds the keys (names, ability texts, and what a mana
// ability adds); maxActionTexts bounds them whatever the pool: past it, texts are built
// each time.

// textKey is what the text of an action activating an ability is made of: the name of the
// permanent, the ability's text and, for a mana action (manaActions), what it adds.
type textKey struct {
	name, ability string
	mana          h.Mana
	isMana        bool
}

const maxActionTexts = 4096

// actionTexts maps each key asked to its text. A published map is never written: a new
// text publishes a copy that holds it too (compare and swap), so reading takes no lock,
// and the copies stop once a campaign has met its pool's texts.
var actionTexts atomic.Pointer[map[textKey]string]

// activationText is the text of an action activating ability (its text) of permanent
// name, of a mana ability adding mana if isMana: "activate Forest: {T}: Add {G}. -> {G}".
func activationText(name, ability string, isMana bool, mana h.Mana) string {
	k := textKey{name: name, ability: ability, mana: mana, isMana: isMana}
	old := actionTexts.Load()
	if old != nil {
		if t, ok := (*old)[k]; ok {
			return t
		}
	}
	t := k.build()
	for old == nil || len(*old) < maxActionTexts {
		next := make(map[textKey]string, 1+lenOf(old))
		if old != nil {
			maps.Copy(next, *old)
		}
		next[k] = t
		if actionTexts.CompareAndSwap(old, &next) {
			break
		}
		if old = actionTexts.Load(); (*old)[k] != "" {
			break // another game published it meanwhile
		}
	}
	return t
}

func lenOf(m *map[textKey]string) int {
	if m == nil {
		return 0
	}
	return len(*m)
}

// build makes the text, in one allocation.
func (k *textKey) build() string {
	var buf [128]byte
	b := append(append(append(append(buf[:0], "activate "...), k.name...), ": "...), k.ability...)
	if k.isMana {
		b = k.mana.AppendSymbols(append(b, " -> "...))
	}
	return string(b)
}
