package engine

import (
	"slices"
	"sync/atomic"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// An Activate action's text is asked for every activatable ability of every state listed,
// and it is a function of its textKey alone. The texts of a card's printed abilities are
// made with the card's definition (printedActivations) and kept there for the amounts its
// mana abilities are found to add, for every game of the process: they are the texts of
// every ability whose key is one of theirs (printedActivationOf), whatever effects changed
// the object's other characteristics; the texts of the others are built.

// textKey is what the text of an action activating an ability is made of: the name of the
// permanent, the ability's text and, for a mana action (manaActions), what it adds.
type textKey struct {
	name, ability string
	mana          h.Mana
	isMana        bool
}

// build makes the text, in one allocation: "activate Forest: {T}: Add {G}. -> {G}".
func (k *textKey) build() string {
	var buf [128]byte
	b := append(append(append(append(buf[:0], "activate "...), k.name...), ": "...), k.ability...)
	if k.isMana {
		b = k.mana.AppendSymbols(append(b, " -> "...))
	}
	return string(b)
}

// printedActivation is the text of activating one printed ability of a card: alone, and
// for a mana ability, adding one mana of each type (what most productions add, CR 106.1)
// or, kept as they are asked, the other amounts (replacement effects multiply mana, CR
// 106.12b). A kept list is never written: a new amount publishes a copy that holds it
// too (compare and swap; a copy lost to another game's only costs a text built again).
type printedActivation struct {
	text string
	one  [h.NumManaTypes]string
	key  textKey // of the other amounts, with no mana
	more atomic.Pointer[[]manaText]
}

// manaText is the text of a mana action adding mana.
type manaText struct {
	mana h.Mana
	text string
}

// maxMoreTexts bounds each printed ability's kept amounts: past it, texts are built.
const maxMoreTexts = 32

// printedActivations is, by index, the texts of the activated abilities of printed
// characteristics c (zero for the others).
func printedActivations(c *chars) []printedActivation {
	out := make([]printedActivation, len(c.Abilities))
	for i, ab := range c.Abilities {
		if ab.Kind != Activated {
			continue
		}
		pa := &out[i]
		pa.key = textKey{name: c.Name, ability: ab.Text}
		pa.text = pa.key.build()
		if !ab.IsMana() {
			continue
		}
		pa.key.isMana = true
		for t := range pa.one {
			k := pa.key
			k.mana = h.Of(h.ManaType(t), 1)
			pa.one[t] = k.build()
		}
	}
	return out
}

// manaText is the text of the mana ability's action adding mana.
func (pa *printedActivation) manaText(mana h.Mana) string {
	if mana.Total() == 1 {
		for t, n := range mana {
			if n == 1 {
				return pa.one[t]
			}
		}
	}
	kept := pa.more.Load()
	if kept != nil {
		for _, mt := range *kept {
			if mt.mana == mana {
				return mt.text
			}
		}
	}
	k := pa.key
	k.mana = mana
	text := k.build()
	if kept == nil || len(*kept) < maxMoreTexts {
		var next []manaText
		if kept != nil {
			next = slices.Clone(*kept)
		}
		next = append(next, manaText{mana, text})
		pa.more.CompareAndSwap(kept, &next)
	}
	return text
}

// activationText is the text of activating ability i (ab) of o, whose characteristics
// are c, of a mana ability adding mana if isMana.
func (v *view) activationText(o *object, c *chars, i int, ab *ability, isMana bool, mana h.Mana) string {
	if pa := v.printedActivationOf(o, c, i, ab, isMana); pa != nil {
		if !isMana {
			return pa.text
		}
		return pa.manaText(mana)
	}
	k := textKey{name: c.Name, ability: ab.Text, mana: mana, isMana: isMana}
	return k.build()
}

// printedActivationOf is the texts of the ability of o's card whose textKey is ability i
// (ab) of c's, if there is one: then its texts are this ability's. It is ability i of
// the card when o has its printed characteristics, and often when it has not: an effect
// that changes other characteristics (power, colours, abilities granted after the
// printed ones) leaves the name and this ability's text alone.
func (v *view) printedActivationOf(o *object, c *chars, i int, ab *ability, isMana bool) *printedActivation {
	acts, asPrinted := v.cardActivations(o.ID)
	if asPrinted {
		if pa := &acts[i]; pa.key.isMana || !isMana {
			return pa
		}
		return nil
	}
	matches := func(pa *printedActivation) bool {
		return pa.text != "" && pa.key.name == c.Name && pa.key.ability == ab.Text && (pa.key.isMana || !isMana)
	}
	if i < len(acts) && matches(&acts[i]) {
		return &acts[i]
	}
	for j := range acts {
		if matches(&acts[j]) {
			return &acts[j]
		}
	}
	return nil
}
