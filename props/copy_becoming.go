package props

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What a step's copy effect did to a permanent already on the battlefield, for the
// rulings about what a permanent becomes when it becomes a copy (CR 707.4: it stays the
// same object; it doesn't enter, so nothing that happens as a permanent enters applies).

// becomingCopy is a permanent that became a copy in a step without entering: its snapshot
// before the step, what it copied (before the step), and the card after the step,
// wherever it is then (nil if the snapshot lost it).
type becomingCopy struct {
	Was, Src, Now *harness.Object
}

// becameCopy reports the permanent a step's resolving "becomes a copy" ability made a
// copy of something (copySource reads which), if any.
func becameCopy(st *gen.TraceStep) (becomingCopy, bool) {
	src, top := copySource(st)
	if src == nil || top.Kind != "ability" {
		return becomingCopy{}, false
	}
	was := st.Before.Permanent(top.Card)
	if was == nil || was.Card == src.Card {
		return becomingCopy{}, false
	}
	return becomingCopy{Was: was, Src: src, Now: st.After.Find(top.Card)}, true
}

// stillThere reports whether b's permanent is, after the step, the same object on the
// battlefield (CR 400.7).
func (b becomingCopy) stillThere() bool {
	return b.Now != nil && b.Now.Zone == harness.Battlefield && b.Now.Object == b.Was.Object
}

// reChosenCard reads the card of a "target NAME (card N)" or "copy NAME (card N)" option.
var reChosenCard = regexp.MustCompile(`^(?:target|copy) .* \(card (\d+)\)$`)

// choosesCard, for steering toward copies of particular permanents: an answer that
// targets or copies a permanent want accepts, or any answer to a decision that offers
// neither (but "don't ...").
func choosesCard(before *harness.Snapshot, a harness.Action, want func(*harness.Object) bool) bool {
	if before == nil || len(a.Choices) == 0 {
		return false
	}
	_, opt := harness.SplitChoice(a.Choices[0])
	m := reChosenCard.FindStringSubmatch(opt)
	if m == nil {
		return !strings.HasPrefix(opt, "don't")
	}
	n, _ := strconv.Atoi(m[1])
	o := before.Permanent(harness.CardID(n))
	return o != nil && want(o)
}
