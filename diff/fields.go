package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// field is one thing an engine shows. Its words are made only for a difference (see
// describe): most fields agree.
type field struct {
	kind  fieldKind
	of    string          // the player ("A"), the object ("Plains [1]"), the stack object, the ability's text
	path  string          // the JSON path of the value within it
	name  string          // the card it is about, if any
	card  harness.CardID  // the object it is a field of; 0 if none
	act   *harness.Action // a legal action's
	snap  *harness.Snapshot
	value string // "" when absent, empty, false or 0
	zero  string // how an absent value reads
}

type fieldKind uint8

const (
	gameField fieldKind = iota
	playerField
	orderField // a player's library or graveyard order: of is the player, path the zone
	objectField
	stackField
	pendingField
	castingField
	legalField
	couldField
	outcomesField
)

// describe says what f is, the part of the observation it is in (for telling divergences
// apart) and the cards it names.
func (f *field) describe() (what, part string, cards []string) {
	if f.name != "" {
		cards = []string{f.name}
	}
	w := words(f.path)
	switch f.kind {
	case playerField:
		switch f.path {
		case "pool":
			return f.of + "'s mana pool", "mana pool", nil
		case "lost":
			return f.of + " has lost the game", "lost", nil
		}
		return f.of + "'s " + w, w, nil
	case orderField:
		return f.of + "'s " + f.path, strings.Fields(f.path)[0] + " order", nil
	case objectField:
		top, _, _ := strings.Cut(f.path, ".")
		top, _, _ = strings.Cut(top, "[")
		return f.of + ": " + w, words(top), cards
	case stackField:
		return f.of + ": " + w, "stack " + w, cards
	case pendingField:
		return "pending decision: " + w, "pending decision", nil
	case castingField:
		return "being cast or activated: " + w, "proposal", cards
	case legalField:
		return "legal action: " + gen.DescribeAction(f.snap, *f.act), "legal actions", actionCards(f.snap, *f.act)
	case couldField:
		return "what " + f.of + " could produce", "could produce", cards
	case outcomesField:
		return fmt.Sprintf("the mana %s could add", f.of), "mana outcomes", cards
	}
	return w, w, nil
}

// renumber maps an engine's object IDs to their order of first appearance in the case, so
// engines that number objects differently compare equal while one that keeps an ID across
// actionCards names the cards an action names: its card and the cards it targets.
func actionCards(snap *harness.Snapshot, a harness.Action) []string {
	var out []string
	add := func(c harness.CardID) {
		if o := snap.Find(c); o != nil {
			out = append(out, o.Name)
		} else if c == a.Card && a.Name != "" {
			out = append(out, a.Name)
		}
	}
	if a.Card != 0 {
		add(a.Card)
	}
	for _, t := range a.Targets {
		if t.Card != 0 {
			add(t.Card)
		}
	}
	return out
}

// leaf is one value of a JSON document: its path ("counters.+1/+1", "targets[0].card"),
// its value ("" when empty, false or 0, so that "absent" and "empty" are the same) and how
// its absence reads. A list of plain values is one leaf, its values joined.
type leaf struct{ path, value, zero string }

func leaves(v any) []leaf {
	b, _ := json.Marshal(v)
	var doc any
	json.Unmarshal(b, &doc)
	var out []leaf
	flatten(&out, "", doc)
	return out
}

func flatten(out *[]leaf, path string, v any) {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			flatten(out, join(k), v[k])
		}
	case []any:
		var plain []string
		for i, x := range v {
			switch x.(type) {
			case map[string]any, []any:
				flatten(out, fmt.Sprintf("%s[%d]", path, i), x)
			default:
				plain = append(plain, fmt.Sprint(x))
			}
		}
		if len(plain) > 0 {
			*out = append(*out, leaf{path, strings.Join(plain, ", "), "none"})
		}
	case bool:
		*out = append(*out, leaf{path, map[bool]string{true: "yes"}[v], "no"})
	case float64:
		*out = append(*out, leaf{path, map[bool]string{true: strconv.FormatFloat(v, 'f', -1, 64)}[v != 0], "0"})
	case string:
		if v == "{}" {
			v = ""
		}
		*out = append(*out, leaf{path, v, "none"})
	case nil:
	default:
		*out = append(*out, leaf{path, fmt.Sprint(v), "none"})
	}
}

var pathWords = strings.NewReplacer("_", " ", ".", " ", "]", "")

// words turns a JSON path into words: "lands_played" is "lands played", "targets[0].card"
// is "target 1 card".
func words(path string) string {
	s := pathWords.Replace(path)
	for {
		i := strings.IndexByte(s, '[')
		if i < 0 {
			return s
		}
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(s[i+1 : j])
		s = fmt.Sprintf("%s %d%s", s[:i], n+1, s[j:])
	}
}
