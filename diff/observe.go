package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// observation is what one engine shows at one moment, as fields that two engines compare
// one by one: the snapshot (object IDs renumbered, wording left out), the legal actions,
// and the mana queries' answers for every permanent when both engines answer them. Each
// field says in words what it is, so a difference reads as the game does ("Plains [1]:
// tapped", "A's mana pool", "legal action: B activates Plains [1]").
type observation struct {
	fields map[string]field // by a key that sorts game, players, cards, stack, legal, mana
	cards  map[harness.CardID]bool
	snap   harness.Snapshot
	legal  []harness.Action
	could  map[harness.CardID]harness.TypeSet
}

// field is one thing an engine shows.
type field struct {
	what  string         // for people
	part  string         // the part of the observation it is in, for telling divergences apart
	cards []string       // the names of the cards it is about
	card  harness.CardID // the object it is a field of; 0 if none
	zone  bool           // the object's zone: the one field compared when only one engine has the object
	value string         // "" when absent, empty, false or 0
	zero  string         // how an absent value reads
}

// renumber maps an engine's object IDs to their order of first appearance in the case, so
// engines that number objects differently compare equal while one that keeps an ID across
// a zone change (CR 400.7) does not.
type renumber map[harness.ObjectID]harness.ObjectID

func (r renumber) of(id harness.ObjectID) harness.ObjectID {
	if id == 0 {
		return 0
	}
	if n, ok := r[id]; ok {
		return n
	}
	r[id] = harness.ObjectID(len(r) + 1)
	return r[id]
}

// observe asks eng everything about st.
func observe(eng harness.Engine, st harness.State, ids renumber, queries bool) (*observation, error) {
	snap, err := eng.Observe(st)
	if err != nil {
		return nil, fmt.Errorf("observe: %w", err)
	}
	legal, err := eng.Legal(st)
	if err != nil {
		return nil, fmt.Errorf("legal: %w", err)
	}
	o := &observation{fields: map[string]field{}, cards: map[harness.CardID]bool{}, snap: snap, legal: legal}
	o.addSnapshot(canonical(snap, ids))
	for _, a := range legal {
		o.fields["5 legal "+a.Key()] = field{what: "legal action: " + gen.DescribeAction(&snap, a),
			part: "legal actions", cards: actionCards(&snap, a), value: "listed", zero: "not listed"}
	}
	if mq, ok := harness.ManaQueriesOf(eng); ok && queries {
		o.could = map[harness.CardID]harness.TypeSet{}
		for _, p := range snap.Battlefield {
			name, cards := fmt.Sprintf("%s [%d]", p.Name, p.Card), []string{p.Name}
			f := field{what: "what " + name + " could produce", part: "could produce", cards: cards, zero: "none"}
			if t, err := mq.CouldProduce(st, p.Card); err != nil {
				f.value = "error" // its wording is the engine's own
			} else {
				o.could[p.Card] = t
				f.value = t.String()
			}
			o.fields[fmt.Sprintf("6 could %08d", p.Card)] = f
			for i, text := range p.Abilities {
				f := field{what: fmt.Sprintf("the mana %s's ability %q could add", name, text),
					part: "mana outcomes", cards: cards, zero: "none"}
				if ms, err := mq.ManaOutcomes(st, p.Card, i); err != nil {
					f.value = "error" // its wording is the engine's own
				} else {
					texts := make([]string, len(ms))
					for j, m := range ms {
						texts[j] = m.String()
					}
					sort.Strings(texts)
					f.value = strings.Join(texts, " or ")
				}
				o.fields[fmt.Sprintf("6 outcomes %08d %03d", p.Card, i)] = f
			}
		}
	}
	return o, nil
}

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

// canonical is snap with object IDs renumbered and the engine's own wording (prompts,
// stack texts) left out: what the rules decide, not how an engine says it.
func canonical(snap harness.Snapshot, ids renumber) harness.Snapshot {
	s := snap
	// The engine's objects are read only: renumber copies.
	objs := func(list []*harness.Object) []*harness.Object {
		if list == nil {
			return nil
		}
		out, copies := make([]*harness.Object, len(list)), make([]harness.Object, len(list))
		for i, o := range list {
			copies[i] = *o
			copies[i].Object = ids.of(o.Object)
			out[i] = &copies[i]
		}
		return out
	}
	for p := range s.Players {
		ps := &s.Players[p]
		ps.Library, ps.Hand, ps.Graveyard, ps.Exile = objs(ps.Library), objs(ps.Hand), objs(ps.Graveyard), objs(ps.Exile)
	}
	s.Battlefield = objs(s.Battlefield)
	s.Stack = slices.Clone(s.Stack)
	for i := range s.Stack {
		s.Stack[i].Object = ids.of(s.Stack[i].Object)
		s.Stack[i].Text = ""
	}
	if s.Pending != nil {
		d := *s.Pending
		d.Prompt = ""
		s.Pending = &d
	}
	return s
}

// addSnapshot adds the fields of a canonical snapshot: the game's (turn, step, ...), each
// player's (life, pool, the order of the library and graveyard), each object's by its
// card, wherever it is (so that the battlefield's order, which the rules leave open, does
// not count), the stack's by position, and the pending decision's or proposal's.
func (o *observation) addSnapshot(s harness.Snapshot) {
	game := s
	game.Players, game.Battlefield, game.Stack, game.Pending, game.Casting = [2]harness.PlayerState{}, nil, nil, nil, nil
	o.add("0 game", leaves(game), func(path string) field {
		if strings.HasPrefix(path, "players") {
			return field{} // the players' own fields follow
		}
		return field{what: words(path), part: words(path)}
	})
	for p := range s.Players {
		ps, who := s.Players[p], harness.Player(p).String()
		for _, z := range []struct {
			name string
			objs []*harness.Object
		}{{"library (top first)", ps.Library}, {"graveyard (bottom first)", ps.Graveyard}} {
			ids := make([]string, len(z.objs))
			for i, x := range z.objs {
				ids[i] = fmt.Sprintf("[%d]", x.Card)
			}
			if len(ids) > 0 {
				o.fields[fmt.Sprintf("1 player %s %s", who, z.name)] = field{what: who + "'s " + z.name,
					part: strings.Fields(z.name)[0] + " order", value: strings.Join(ids, " "), zero: "empty"}
			}
		}
		for _, x := range slices.Concat(ps.Library, ps.Hand, ps.Graveyard, ps.Exile) {
			o.addObject(x)
		}
		ps.Library, ps.Hand, ps.Graveyard, ps.Exile = nil, nil, nil, nil
		o.add("1 player "+who, leaves(ps), func(path string) field {
			switch path {
			case "pool":
				return field{what: who + "'s mana pool", part: "mana pool"}
			case "lost":
				return field{what: who + " has lost the game", part: "lost"}
			}
			return field{what: who + "'s " + words(path), part: words(path)}
		})
	}
	for _, x := range s.Battlefield {
		o.addObject(x)
	}
	for i, so := range s.Stack {
		name := fmt.Sprintf("stack object %d from the bottom (%s)", i+1, so.Name)
		o.add(fmt.Sprintf("3 stack %03d", i), leaves(so), func(path string) field {
			return field{what: name + ": " + words(path), part: "stack " + words(path), cards: []string{so.Name}}
		})
	}
	if s.Pending != nil {
		o.add("4 pending", leaves(s.Pending), func(path string) field {
			return field{what: "pending decision: " + words(path), part: "pending decision"}
		})
	}
	if s.Casting != nil {
		o.add("4 casting", leaves(s.Casting), func(path string) field {
			return field{what: "being cast or activated: " + words(path), part: "proposal", cards: []string{s.Casting.Name}}
		})
	}
}

// addObject adds an object's fields, keyed by its card.
func (o *observation) addObject(x *harness.Object) {
	o.cards[x.Card] = true
	name := fmt.Sprintf("%s [%d]", x.Name, x.Card)
	if x.Card >= harness.FirstTokenID {
		name = fmt.Sprintf("%s token [%d]", x.Name, x.Card)
	}
	where := fmt.Sprintf("2 card %08d", x.Card)
	o.add(where, leaves(x), func(path string) field {
		if path == "card" {
			return field{}
		}
		part, _, _ := strings.Cut(path, ".")
		part, _, _ = strings.Cut(part, "[")
		return field{what: name + ": " + words(path), part: words(part), cards: []string{x.Name}, card: x.Card, zone: path == "zone"}
	})
	// The zone is always written, so that an object only one engine has reads "nowhere"
	// on the other side.
	zone, ok := o.fields[where+" zone"]
	if !ok {
		zone = field{what: name + ": zone", part: "zone", cards: []string{x.Name}, card: x.Card, zone: true}
	}
	zone.zero = "nowhere"
	o.fields[where+" zone"] = zone
}

// add writes each leaf of vs under prefix, described by describe (a zero field: left out).
func (o *observation) add(prefix string, vs []leaf, describe func(path string) field) {
	for _, v := range vs {
		f := describe(v.path)
		if f.what == "" {
			continue
		}
		f.value, f.zero = v.value, v.zero
		o.fields[prefix+" "+v.path] = f
	}
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

// words turns a JSON path into words: "lands_played" is "lands played", "targets[0].card"
// is "target 1 card".
func words(path string) string {
	r := strings.NewReplacer("_", " ", ".", " ", "]", "")
	s := r.Replace(path)
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

// Difference is one thing two engines show differently.
type Difference struct {
	What string `json:"what"` // what it is, in words: "Plains [1]: tapped", "A's mana pool"
	// Part is the part of the observation it is in ("tapped", "mana pool", "legal
	// actions", "could produce"); Cards the names of the cards it is about. With the kind
	// of action it follows, they tell divergences apart.
	Part  string   `json:"part"`
	Cards []string `json:"cards,omitempty"`
	// A and B are how the driving engine (Config.A) and the other show it.
	A string `json:"a"`
	B string `json:"b"`
}

// differences lists what a and b show differently, in the order of their keys: the
// game, the players, the cards, the stack, the legal actions, the mana queries. Of an
// object only one engine has, only the zone is compared.
func differences(a, b *observation) []Difference {
	keys := slices.Sorted(maps.Keys(a.fields))
	for k := range b.fields {
		if _, ok := a.fields[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []Difference
	for _, k := range keys {
		fa, inA := a.fields[k]
		fb := b.fields[k]
		f := fa
		if !inA {
			f = fb
		}
		if f.card != 0 && !f.zone && !(a.cards[f.card] && b.cards[f.card]) {
			continue // the zone says it
		}
		if fa.value != fb.value {
			out = append(out, f.difference(fa.value, fb.value))
		}
	}
	return out
}

func (f field) difference(a, b string) Difference {
	if a == "" {
		a = f.zero
	}
	if b == "" {
		b = f.zero
	}
	return Difference{What: f.what, Part: f.part, Cards: f.cards, A: a, B: b}
}
