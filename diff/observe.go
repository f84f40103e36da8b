package diff

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// observation is what one engine shows at one moment, in groups of fields that two
// engines compare: the game's (turn, step, ...), each player's, each object's by its card
// wherever it is (so that the battlefield's order, which the rules leave open, CR 400.5,
// does not count), the stack's by position, the pending decision's, each legal action,
// and the mana queries' answers for every permanent when both engines answer them. Object
// IDs are renumbered and the engine's own wording (prompts, stack texts) left out. A
// group is compared whole first and field by field only when it differs, so that
// agreeing engines cost little.
type observation struct {
	groups map[string]group // by a key that sorts game, players, cards, zone orders, stack, decisions, legal, mana
	snap   harness.Snapshot
	legal  []harness.Action
	could  map[harness.CardID]harness.TypeSet
}

// group is one part of an observation.
type group struct {
	raw  string // what it holds, as JSON, or the value of a single field
	doc  any    // what it holds, laid out as fields when it differs; nil: a single field
	tmpl field  // its fields' kind and names (and, for a single field, value and zero)
	zone string // an object's zone
}

// fields lays g out as fields by path.
func (g group) fields() map[string]field {
	if g.doc == nil {
		if g.raw == "" && g.tmpl.zero == "" { // no group
			return nil
		}
		return map[string]field{"": g.tmpl}
	}
	out := map[string]field{}
	for _, v := range leaves(g.doc) {
		if g.tmpl.kind == objectField && v.path == "card" {
			continue // the group's key
		}
		f := g.tmpl
		f.path, f.value, f.zero = v.path, v.value, v.zero
		out[v.path] = f
	}
	return out
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
	o := &observation{groups: map[string]group{}, snap: snap, legal: legal}
	o.addSnapshot(canonical(snap, ids))
	for i := range legal {
		o.single("6 legal "+legal[i].Key(), field{kind: legalField, act: &legal[i], snap: &o.snap, value: "listed", zero: "not listed"})
	}
	if mq, ok := harness.ManaQueriesOf(eng); ok && queries {
		o.could = map[harness.CardID]harness.TypeSet{}
		for _, p := range snap.Battlefield {
			name := fmt.Sprintf("%s [%d]", p.Name, p.Card)
			f := field{kind: couldField, of: name, name: p.Name, zero: "none"}
			if t, err := mq.CouldProduce(st, p.Card); err != nil {
				f.value = "error" // its wording is the engine's own
			} else {
				o.could[p.Card] = t
				f.value = t.String()
			}
			o.single(fmt.Sprintf("7 could %08d", p.Card), f)
			for i, text := range p.Abilities {
				f := field{kind: outcomesField, of: fmt.Sprintf("%s's ability %q", name, text), name: p.Name, zero: "none"}
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
				o.single(fmt.Sprintf("7 outcomes %08d %03d", p.Card, i), f)
			}
		}
	}
	return o, nil
}

// single adds a group of one field.
func (o *observation) single(key string, f field) {
	o.groups[key] = group{raw: f.value, tmpl: f}
}

// whole adds a group holding v, compared as its JSON.
func (o *observation) whole(key string, v any, tmpl field) group {
	b, _ := json.Marshal(v)
	g := group{raw: string(b), doc: v, tmpl: tmpl}
	o.groups[key] = g
	return g
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

// addSnapshot adds the groups of a canonical snapshot.
func (o *observation) addSnapshot(s harness.Snapshot) {
	game := s
	game.Players, game.Battlefield, game.Stack, game.Pending, game.Casting = [2]harness.PlayerState{}, nil, nil, nil, nil
	o.whole("0 game", gameFields(game), field{kind: gameField})
	for p := range s.Players {
		ps, who := s.Players[p], harness.Player(p).String()
		for _, z := range []struct {
			name string
			objs []*harness.Object
		}{{"library (top first)", ps.Library}, {"graveyard (bottom first)", ps.Graveyard}} {
			if len(z.objs) == 0 {
				continue
			}
			ids := make([]string, len(z.objs))
			for i, x := range z.objs {
				ids[i] = fmt.Sprintf("[%d]", x.Card)
			}
			o.single("3 order "+who+" "+z.name, field{kind: orderField, of: who, path: z.name,
				value: strings.Join(ids, " "), zero: "empty"})
		}
		for _, zone := range [][]*harness.Object{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for _, x := range zone {
				o.addObject(x)
			}
		}
		ps.Library, ps.Hand, ps.Graveyard, ps.Exile = nil, nil, nil, nil
		o.whole("1 player "+who, ps, field{kind: playerField, of: who})
	}
	for _, x := range s.Battlefield {
		o.addObject(x)
	}
	for i, so := range s.Stack {
		o.whole(fmt.Sprintf("4 stack %03d", i), so,
			field{kind: stackField, of: fmt.Sprintf("stack object %d from the bottom (%s)", i+1, so.Name), name: so.Name})
	}
	if s.Pending != nil {
		o.whole("5 pending", s.Pending, field{kind: pendingField})
	}
	if s.Casting != nil {
		o.whole("5 casting", s.Casting, field{kind: castingField, name: s.Casting.Name})
	}
}

// gameFields is the game's own fields of a snapshot whose players, objects, stack and
// decisions are taken out.
func gameFields(game harness.Snapshot) map[string]any {
	b, _ := json.Marshal(game)
	var m map[string]any
	json.Unmarshal(b, &m)
	delete(m, "players") // each player is a group of its own
	return m
}

// addObject adds an object's group, keyed by its card.
func (o *observation) addObject(x *harness.Object) {
	f := field{kind: objectField, of: fmt.Sprintf("%s [%d]", x.Name, x.Card), name: x.Name, card: x.Card}
	if x.Card >= harness.FirstTokenID {
		f.of = fmt.Sprintf("%s token [%d]", x.Name, x.Card)
	}
	key := fmt.Sprintf("2 card %08d", x.Card)
	g := o.whole(key, x, f)
	g.zone = string(x.Zone)
	o.groups[key] = g
}
