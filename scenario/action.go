package scenario

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Action lines, one per action:
//
//	A pass
//	A play Forest
//	A cast Walking Ballista X=2
//	A cast Giant Growth targeting bears
//	A activate Reflecting Pool mana choosing type:U
//	A activate Mutavault ability 2                     (1-based, as printed)
//	A activate bears ability "{3}, {Q}: This creature gets +2/+2 until end of turn."
//	A activate Pili-Pala mana choosing type:G paying {C}{C}
//	A pay {C}{C}{G}{G}
//	A cancel
//	A choose option:untap                              ("A choose untap" means the same)
//	A attack with bears, elves                         ("A attack with nothing")
//	A attack with bears attacking jace                 (a planeswalker; see action_combat.go)
//	B block with bears blocking giant                  ("B block with nothing")
//	A turn-face-up akroma paying {R}{R}{R}{C}{C}{C}     (morph, CR 702.37e)
//	pass until B upkeep                                (or "pass until turn 4 A main1")
//	resolve                                            (pass until the top of the stack resolved)
const actionHelp = `want "A pass", "A play CARD", "A cast CARD [X=N] [targeting ...] [choosing ...]", ` +
	`"A activate CARD mana|ability N|ability \"TEXT\" [...]", "A pay {G}{G}", "A cancel", "A choose CHOICE", ` +
	`"A attack with CARD, CARD [attacking PLANESWALKER]", "B block with CARD blocking CARD", "A turn-face-up CARD [paying {R}]", "pass until [turn N] [A|B] STEP" or "resolve"`

var clauseWords = map[string]bool{"targeting": true, "choosing": true, "paying": true}

// ParseAction reads one action line. known tells which strings are labels or card names
// of the setup, so lists of references split correctly around names with commas; nil
// splits at every comma.
func ParseAction(line string, known func(string) bool) (ActionSpec, error) {
	fail := func(format string, args ...any) (ActionSpec, error) {
		return ActionSpec{}, fmt.Errorf("action %q: %s", line, fmt.Sprintf(format, args...))
	}
	words := strings.Fields(line)
	var text string
	var quoted bool
	if len(words) > 1 && Verb(words[1]) == VerbActivate {
		cut, t, ok, err := cutAbilityText(line)
		if err != nil {
			return fail("%v", err)
		}
		words, text, quoted = strings.Fields(cut), t, ok
	}
	if len(words) == 0 {
		return fail("empty; %s", actionHelp)
	}
	if words[0] == "resolve" {
		if len(words) > 1 {
			return fail("resolve takes nothing after it")
		}
		return ActionSpec{Player: harness.NoPlayer, Verb: VerbResolve}, nil
	}
	if words[0] == "pass" && len(words) > 1 && words[1] == "until" {
		u, err := parseUntil(words[2:])
		if err != nil {
			return fail("%v", err)
		}
		return ActionSpec{Player: harness.NoPlayer, Verb: VerbPassUntil, Until: &u}, nil
	}
	pl, err := harness.ParsePlayer(strings.TrimSuffix(words[0], ":"))
	if err != nil || len(words) < 2 {
		return fail("%s", actionHelp)
	}
	a := ActionSpec{Player: pl, Verb: Verb(words[1])}
	rest := words[2:]
	switch a.Verb {
	case VerbPass, VerbCancel:
		if len(rest) > 0 {
			return fail("%s takes nothing after it", a.Verb)
		}
	case VerbPlay:
		if len(rest) == 0 {
			return fail("play what? \"A play Forest\"")
		}
		a.Card = strings.Join(rest, " ")
	case VerbCast, VerbActivate, VerbTurnFaceUp:
		if err := a.parseClauses(rest, known); err != nil {
			return fail("%v", err)
		}
		if quoted {
			a.Ability = AbilityRef{Text: text}
		}
	case VerbPay:
		if len(rest) > 0 {
			m, err := parseManaText(strings.Join(rest, ""))
			if err != nil {
				return fail("%v", err)
			}
			a.Payment = &m
		}
	case VerbChoose:
		if len(rest) == 0 {
			return fail("choose what? \"A choose option:untap\"")
		}
		a.Choices = splitChoices(strings.Join(rest, " "))
	case VerbAttack:
		if err := a.parseAttack(rest, known); err != nil {
			return fail("%v", err)
		}
	case VerbBlock:
		if err := a.parseBlock(rest, known); err != nil {
			return fail("%v", err)
		}
	default:
		return fail("unknown verb %q; %s", words[1], actionHelp)
	}
	return a, nil
}

// parseClauses reads "CARD [mana|ability N] [X=N] [targeting ...] [choosing ...] [paying ...]".
func (a *ActionSpec) parseClauses(words []string, known func(string) bool) error {
	head := len(words)
	for i, w := range words {
		if clauseWords[w] || strings.HasPrefix(w, "X=") {
			head = i
			break
		}
	}
	name := words[:head]
	if a.Verb == VerbActivate {
		switch {
		case len(name) >= 2 && name[len(name)-1] == "mana":
			a.Ability = AbilityRef{Mana: true}
			name = name[:len(name)-1]
		case len(name) >= 2 && name[len(name)-1] == abilityTextMark:
			name = name[:len(name)-1] // the quoted text, cut out by cutAbilityText
		case len(name) >= 3 && name[len(name)-2] == "ability":
			n, err := strconv.Atoi(name[len(name)-1])
			if err != nil || n < 1 {
				return fmt.Errorf("ability %q: want a number from 1 (abilities are counted from 1 in Oracle order)", name[len(name)-1])
			}
			a.Ability = AbilityRef{Index: n - 1}
			name = name[:len(name)-2]
		default:
			return fmt.Errorf("say which ability: \"A activate CARD mana\" (its first mana ability), \"A activate CARD ability N\" or \"A activate CARD ability \\\"TEXT\\\"\"")
		}
	}
	if len(name) == 0 {
		return fmt.Errorf("%s what? name the card", a.Verb)
	}
	a.Card = strings.Join(name, " ")
	seen := map[string]bool{}
	for i := head; i < len(words); {
		w := words[i]
		j := i + 1
		for j < len(words) && !clauseWords[words[j]] && !strings.HasPrefix(words[j], "X=") {
			j++
		}
		key, val := w, strings.Join(words[i+1:j], " ")
		if strings.HasPrefix(w, "X=") {
			key, val = "X=", strings.TrimPrefix(w, "X=")
			if j > i+1 {
				return fmt.Errorf("unexpected %q after %s", strings.Join(words[i+1:j], " "), w)
			}
		}
		if seen[key] {
			return fmt.Errorf("%s given twice", strings.TrimSuffix(key, "="))
		}
		seen[key] = true
		if val == "" {
			return fmt.Errorf("%s what?", strings.TrimSuffix(key, "="))
		}
		switch key {
		case "X=":
			x, err := strconv.Atoi(val)
			if err != nil || x < 0 || x > maxNumber {
				return fmt.Errorf("X=%s: want a whole number from 0 to %d", val, maxNumber)
			}
			a.X = x
		case "targeting":
			a.Targets = splitRefs(val, known)
		case "choosing":
			a.Choices = splitChoices(val)
		case "paying":
			m, err := parseManaText(val)
			if err != nil {
				return err
			}
			a.Payment = &m
		}
		i = j
	}
	return nil
}

// abilityTextMark stands in the words of an action line for the quoted ability text that
// cutAbilityText took out.
const abilityTextMark = "ability\x00"

// cutAbilityText takes the quoted text out of ` ability "TEXT"`, which may hold spaces,
// clause words and escaped quotes (Go syntax, as AbilityRef.String writes it), so that the
// rest of the line splits into words. The text ends at the first closing quote after
// which the line ends or a clause begins.
func cutAbilityText(line string) (rest, text string, ok bool, err error) {
	const open = ` ability "`
	i := strings.Index(line, open)
	if i < 0 {
		return line, "", false, nil
	}
	start := i + len(open) - 1
	for j := start + 1; j < len(line); j++ {
		if line[j] != '"' {
			continue
		}
		after := line[j+1:]
		if next := strings.Fields(after); len(next) > 0 && !clauseWords[next[0]] && !strings.HasPrefix(next[0], "X=") {
			continue
		}
		t, uerr := strconv.Unquote(line[start : j+1])
		if uerr != nil {
			continue
		}
		if t == "" {
			return "", "", false, fmt.Errorf(`ability "": name the ability's text`)
		}
		return line[:i] + " " + abilityTextMark + after, t, true, nil
	}
	return "", "", false, fmt.Errorf(`ability "...: the text's closing quote is missing`)
}

// parseUntil reads "[turn N] [A|B] STEP".
func parseUntil(words []string) (Until, error) {
	u := Until{Active: harness.NoPlayer}
	if len(words) >= 2 && words[0] == "turn" {
		n, err := strconv.Atoi(words[1])
		if err != nil || n < 1 {
			return u, fmt.Errorf("turn %q: want a turn number", words[1])
		}
		u.Turn = n
		words = words[2:]
	}
	if len(words) == 2 {
		p, err := harness.ParsePlayer(words[0])
		if err != nil {
			return u, fmt.Errorf("pass until: %q is not a player (A or B)", words[0])
		}
		u.Active = p
		words = words[1:]
	}
	if len(words) != 1 {
		return u, fmt.Errorf("say \"pass until [turn N] [A|B] STEP\", e.g. \"pass until B upkeep\"")
	}
	st, err := harness.ParseStep(words[0])
	if err != nil {
		return u, err
	}
	u.Step = st
	return u, nil
}

var choiceKindRE = regexp.MustCompile(`^[a-z][a-z-]*:`)

// splitChoices splits "type:U, replace:Mana Reflection" at commas that start a new
// "kind:" choice, so option texts may hold commas. A choice written without a kind is an
// option of a pending decision: "untap" means "option:untap".
func splitChoices(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		t := strings.TrimSpace(part)
		if len(out) == 0 || choiceKindRE.MatchString(t) {
			out = append(out, t)
			continue
		}
		out[len(out)-1] += "," + part
	}
	for i, c := range out {
		if !choiceKindRE.MatchString(c) {
			out[i] = harness.Choice(harness.ChoiceOption, c)
		}
	}
	return out
}

// splitRefs splits "bears, Crystal Skull, Isu Spyglass" into references, keeping together
// pieces that only make a known name when joined with their commas.
func splitRefs(s string, known func(string) bool) []string {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	var out []string
	for i := 0; i < len(parts); {
		n := 1
		if known != nil {
			for j := len(parts); j > i+1; j-- {
				if known(strings.Join(parts[i:j], ", ")) {
					n = j - i
					break
				}
			}
		}
		out = append(out, strings.Join(parts[i:i+n], ", "))
		i += n
	}
	return out
}

// String writes the action line in its canonical form; ParseAction reads it back.
func (a ActionSpec) String() string {
	switch a.Verb {
	case VerbResolve:
		return "resolve"
	case VerbPassUntil:
		s := "pass until"
		if a.Until.Turn > 0 {
			s += fmt.Sprintf(" turn %d", a.Until.Turn)
		}
		if a.Until.Active != harness.NoPlayer {
			s += " " + a.Until.Active.String()
		}
		return s + " " + string(a.Until.Step)
	}
	s := a.Player.String() + " " + string(a.Verb)
	switch a.Verb {
	case VerbPlay:
		s += " " + a.Card
	case VerbCast, VerbActivate, VerbTurnFaceUp:
		s += " " + a.Card
		if a.Verb == VerbActivate {
			s += " " + a.Ability.String()
		}
		if a.X != 0 {
			s += fmt.Sprintf(" X=%d", a.X)
		}
		if len(a.Targets) > 0 {
			s += " targeting " + strings.Join(a.Targets, ", ")
		}
		if len(a.Choices) > 0 {
			s += " choosing " + strings.Join(a.Choices, ", ")
		}
		if a.Payment != nil {
			s += " paying " + a.Payment.String()
		}
	case VerbPay:
		if a.Payment != nil {
			s += " " + a.Payment.String()
		}
	case VerbChoose:
		s += " " + strings.Join(a.Choices, ", ")
	case VerbAttack, VerbBlock:
		s += a.combatString()
	}
	return s
}
