package diff

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// observation is what one engine shows at one moment, flattened to path = value so two
// engines compare field by field: the snapshot (object IDs renumbered, wording left out),
// the legal actions by key, and the mana queries' answers for every permanent when both
// engines answer them.
type observation struct {
	fields map[string]string
	snap   harness.Snapshot
	legal  []harness.Action
	could  map[harness.CardID]harness.TypeSet
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
	o := &observation{fields: map[string]string{}, snap: snap, legal: legal}
	flatten(o.fields, "", canonical(snap, ids))
	for _, a := range legal {
		o.fields["legal: "+a.Key()] = "listed"
	}
	if mq, ok := harness.ManaQueriesOf(eng); ok && queries {
		o.could = map[harness.CardID]harness.TypeSet{}
		for _, p := range snap.Battlefield {
			where := fmt.Sprintf("card %d (%s)", p.Card, p.Name)
			if t, err := mq.CouldProduce(st, p.Card); err != nil {
				o.fields["could_produce: "+where] = "error"
			} else {
				o.could[p.Card] = t
				o.fields["could_produce: "+where] = orNone(t.String())
			}
			for i := range p.Abilities {
				key := fmt.Sprintf("mana_outcomes: %s ability %d", where, i)
				ms, err := mq.ManaOutcomes(st, p.Card, i)
				if err != nil {
					o.fields[key] = "error"
					continue
				}
				texts := make([]string, len(ms))
				for j, m := range ms {
					texts[j] = m.String()
				}
				sort.Strings(texts)
				o.fields[key] = strings.Join(texts, " ")
			}
		}
	}
	return o, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// canonical is snap with object IDs renumbered and the engine's own wording (prompts,
// stack texts) left out: what the rules decide, not how an engine says it.
func canonical(snap harness.Snapshot, ids renumber) any {
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
	b, _ := json.Marshal(s)
	var v any
	json.Unmarshal(b, &v)
	return v
}

// flatten writes v's leaves into out as "path = value"; empty lists, empty maps, null,
// false, 0 and "" are left out, so that "absent" and "empty" are the same.
func flatten(out map[string]string, path string, v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			p := k
			if path != "" {
				p = path + "." + k
			}
			flatten(out, p, x)
		}
	case []any:
		for i, x := range v {
			flatten(out, fmt.Sprintf("%s[%d]", path, i), x)
		}
	case nil:
	case bool:
		if v {
			out[path] = "true"
		}
	case float64:
		if v != 0 {
			out[path] = fmt.Sprint(v)
		}
	case string:
		if v != "" && v != "{}" {
			out[path] = v
		}
	default:
		out[path] = fmt.Sprint(v)
	}
}

// Difference is one field on which two engines disagree.
type Difference struct {
	Path string `json:"path"`
	A    string `json:"a"` // "" when absent
	B    string `json:"b"`
}

// differences lists the fields where a and b disagree, by path.
func differences(a, b *observation) []Difference {
	var out []Difference
	for k, va := range a.fields {
		if vb := b.fields[k]; vb != va {
			out = append(out, Difference{k, va, vb})
		}
	}
	for k, vb := range b.fields {
		if _, ok := a.fields[k]; !ok {
			out = append(out, Difference{k, "", vb})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// kind is the area a difference is in ("legal", "could_produce", "players", ...): a shrunk
// case must still diverge in the same area.
func (d Difference) kind() string {
	k, _, _ := strings.Cut(d.Path, ":")
	k, _, _ = strings.Cut(k, ".")
	k, _, _ = strings.Cut(k, "[")
	return k
}

// restricted is an engine whose legal actions are cut down to the kinds another engine
// supports too, so that the walk never takes an action the follower can't express.
type restricted struct {
	harness.Engine
	kinds harness.Support
}

func (r restricted) Legal(st harness.State) ([]harness.Action, error) {
	legal, err := r.Engine.Legal(st)
	return slices.DeleteFunc(legal, func(a harness.Action) bool { return !r.kinds.Action(a.Kind) }), err
}

// restrictedMana is restricted for an engine that answers the mana queries.
type restrictedMana struct {
	restricted
	harness.ManaQueries
}

// restrict cuts eng's legal actions down to the kinds s supports; queries stay as they are.
func restrict(eng harness.Engine, s harness.Support) harness.Engine {
	if s.Actions == nil {
		return eng
	}
	r := restricted{eng, harness.Support{Actions: s.Actions}}
	if mq, ok := harness.ManaQueriesOf(eng); ok {
		return restrictedMana{r, mq}
	}
	return r
}
