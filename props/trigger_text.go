package props

import (
	"regexp"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The triggered abilities that use the stack, read from ability texts (CR 603.1): "At the
// beginning of your STEP[, if CONDITION], ...", "When this creature dies, ...", and the
// other leaves-the-battlefield abilities of a permanent about itself (603.6c, 603.10a):
// "When NAME is put into a graveyard from the battlefield, ..." and "When this enchantment
// leaves the battlefield, ..."; its enters-the-battlefield abilities, "When this artifact
// enters, ..." (603.6a); "Whenever you cast a [noncreature / historic] spell, ..."
// (601.2i); and "When this creature becomes the target of a spell or ability, ..." (603.2,
// 601.2c, 602.2b, 603.3d). An ability word before the text ("Imprint — ") has no rules
// meaning (207.2c) and is read past. Texts the reader doesn't know are left alone: what
// they trigger on is not judged.

// triggerText is what one ability text says about when it triggers.
type triggerText struct {
	kind trigEvent
	step harness.Step // trigStepBegins: the step
	// cond is the intervening "if" clause (CR 603.4), when there is one and it can be read.
	cond *ifClause
	// spells is trigCast's quality of the spells it triggers on: "" (any spell),
	// "noncreature" or "historic".
	spells string
}

type trigEvent uint8

const (
	trigNone        trigEvent = iota
	trigStepBegins            // "At the beginning of your upkeep / draw step / end step"
	trigDies                  // "When this creature dies"
	trigToGraveyard           // "When NAME is put into a graveyard from the battlefield" (any card type)
	trigLeaves                // "When this enchantment leaves the battlefield" (to any zone)
	trigEnters                // "When this artifact enters" (603.6a)
	trigCast                  // "Whenever you cast a noncreature spell" (601.2i)
	trigTargeted              // "When this creature becomes the target of a spell or ability"
	trigUnreadable            // an intervening "if" the reader can't judge
)

// ifClause is an intervening "if" about the source's tapped status: "if this artifact is
// tapped".
type ifClause struct {
	tapped bool
	text   string
}

// holds reports whether the condition is true of the source o.
func (c *ifClause) holds(o *harness.Object) bool { return o.Tapped == c.tapped }

var (
	reStepTrigger = regexp.MustCompile(`^At the beginning of your (upkeep|draw step|end step)(?:, (if [^,]+))?,`)
	reDiesTrigger = regexp.MustCompile(`^When(?:ever)? this creature dies,`)
	// The permanent itself: "this <type>" or its name (capitalised, unlike "a creature").
	reLeavesTrigger = regexp.MustCompile(`^When(?:ever)? (?:this \w+|[A-Z][^,]*?) (is put into a graveyard from the battlefield|leaves the battlefield),`)
	reEntersTrigger = regexp.MustCompile(`^When(?:ever)? this \w+ enters,`)
	reCastTrigger   = regexp.MustCompile(`^Whenever you cast an? (?:(noncreature|historic) )?spell,`)
	reTargetTrigger = regexp.MustCompile(`^When(?:ever)? this \w+ becomes the target of a spell or ability,`)
	reAbilityWord   = regexp.MustCompile(`^[A-Z][a-z]+ — `)
	reIfTapped      = regexp.MustCompile(`^if this (?:artifact|creature|land|enchantment|permanent) is (tapped|untapped)$`)
	triggerSteps    = map[string]harness.Step{"upkeep": harness.Upkeep, "draw step": harness.Draw, "end step": harness.End}
	triggerTexts    sync.Map // string -> triggerText
)

// readTrigger reads one ability text (memoised: a pure function of the text).
func readTrigger(text string) triggerText {
	if t, ok := triggerTexts.Load(text); ok {
		return t.(triggerText)
	}
	var t triggerText
	read := reAbilityWord.ReplaceAllString(text, "")
	switch m := reStepTrigger.FindStringSubmatch(read); {
	case m != nil:
		t = triggerText{kind: trigStepBegins, step: triggerSteps[m[1]]}
		if m[2] != "" {
			c := reIfTapped.FindStringSubmatch(strings.TrimSpace(m[2]))
			if c == nil {
				t.kind = trigUnreadable
			} else {
				t.cond = &ifClause{tapped: c[1] == "tapped", text: m[2]}
			}
		}
	case reDiesTrigger.MatchString(read):
		t = triggerText{kind: trigDies}
	case reEntersTrigger.MatchString(read):
		t = triggerText{kind: trigEnters}
	case reTargetTrigger.MatchString(read):
		t = triggerText{kind: trigTargeted}
	default:
		if m := reCastTrigger.FindStringSubmatch(read); m != nil {
			t = triggerText{kind: trigCast, spells: m[1]}
		} else if m := reLeavesTrigger.FindStringSubmatch(read); m != nil {
			t = triggerText{kind: trigLeaves}
			if strings.HasPrefix(m[1], "is put") {
				t.kind = trigToGraveyard
			}
		}
	}
	triggerTexts.Store(text, t)
	return t
}

// known reports whether a stack object's text is a triggered ability the reader knows.
func knownTrigger(text string) bool {
	k := readTrigger(text).kind
	return k != trigNone && k != trigUnreadable
}

// isTriggeredText: an ability text of a triggered ability, "When", "Whenever" or "At"
// (CR 603.1), an ability word before it read past (207.2c).
func isTriggeredText(text string) bool {
	text = reAbilityWord.ReplaceAllString(text, "")
	return strings.HasPrefix(text, "When ") || strings.HasPrefix(text, "Whenever ") || strings.HasPrefix(text, "At ")
}
