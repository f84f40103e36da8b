package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkMovesReported judges step i under moves-reported: the "zone_change" events the
// engine reports for an action (docs/protocol.md, reports "zone_changes") tell every move
// of a card in order, as its snapshots show it (CR 400.7: each move a new object, which
// rules.zones judges by the snapshots; the event's object is not judged, the protocol
// leaving it open). A card's events chain: the first leaves the zone it was in before the
// action, each next one the zone the last entered, and the last enters the zone it is in
// after. A card in the same zone before and after has no event, or a round trip. What no
// snapshot shows is left alone: where a card was before it was created or after it ceased
// to exist (a token, 111.7, 704.5d). So is a cancelled proposal: it is reversed as a whole
// (733.1), an undoing rather than a move. It checks that the report agrees with the
// snapshots, not which moves should have happened; rules.taps does the same for tapped
// and untapped.
func checkMovesReported(i int, st *gen.TraceStep, before, after map[harness.CardID]cardObject, v *Verdict) {
	if st.Action.Kind == harness.Cancel {
		return
	}
	moves := map[harness.CardID][]harness.Event{}
	for _, e := range st.Events {
		if e.Kind == "zone_change" && e.Card != 0 {
			moves[e.Card] = append(moves[e.Card], e)
		}
	}
	cards := append(sortedCards(before, after), sortedCards(moves)...)
	slices.Sort(cards)
	for _, c := range slices.Compact(cards) {
		old, wasKnown := before[c]
		now, isKnown := after[c]
		evs := moves[c]
		if len(evs) == 0 && (!wasKnown || !isKnown || old.zone == now.zone) {
			continue
		}
		v.Reach("moves-reported")
		if problem := moveProblem(evs, old, wasKnown, now, isKnown); problem != "" {
			name, where := now.name, inZone(now.zone)
			if !isKnown {
				name, where = old.name, "in no zone a snapshot shows"
			}
			was := "in no zone a snapshot shows"
			if wasKnown {
				was = inZone(old.zone)
			}
			v.add("moves-reported", violation(i, "rules.zones", "400.7", "",
				fmt.Sprintf("card %d (%s), %s before the action and %s after it, to be reported moving each time it changed zones, in order, each move leaving the zone the last entered, and the last entering the zone it is in (CR 400.7)",
					c, name, was, where),
				fmt.Sprintf("%s: %s", movesText(evs), problem)))
		}
	}
}

// moveProblem says what is wrong with the card's events evs against where it was (old,
// if known) and is (now, if known), or "".
func moveProblem(evs []harness.Event, old cardObject, wasKnown bool, now cardObject, isKnown bool) string {
	zone := harness.Zone("")
	if wasKnown {
		zone = old.zone
	}
	for _, e := range evs {
		if zone != "" && e.From != zone {
			return fmt.Sprintf("a move from the %s while it is %s", e.From, inZone(zone))
		}
		zone = e.To
	}
	switch {
	case !isKnown:
		return ""
	case zone != now.zone:
		return fmt.Sprintf("it is %s after the action", inZone(now.zone))
	}
	return ""
}

// movesText writes a card's zone_change events: "hand -> stack, stack -> battlefield".
func movesText(evs []harness.Event) string {
	if len(evs) == 0 {
		return "no zone_change event"
	}
	parts := make([]string, len(evs))
	for k, e := range evs {
		parts[k] = fmt.Sprintf("%s -> %s", e.From, e.To)
	}
	return "the moves " + strings.Join(parts, ", ")
}
