package scenario

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Setup converts the scenario's starting position into a normalized harness.Setup: cards
// numbered in setup order (harness.Setup.Normalize), labels and names resolved to card IDs.
func (sc *Scenario) Setup() (harness.Setup, error) {
	s, _, err := sc.build()
	return s, err
}

// build makes the harness.Setup and the book of references that actions and
// expectations resolve through.
func (sc *Scenario) build() (harness.Setup, *refBook, error) {
	in := &sc.Initial
	fail := func(line int, format string, args ...any) (harness.Setup, *refBook, error) {
		return harness.Setup{}, nil, &Error{Path: sc.Path, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	s := harness.Setup{Turn: in.Turn, Active: in.Active, Step: in.Step, LandsPlayed: in.LandsPlayed}
	for pl := range in.Players {
		ps := &in.Players[pl]
		out := &s.Players[pl]
		out.Life = harness.DefaultLife
		if ps.Life != nil {
			out.Life = *ps.Life
		}
		out.Pool = ps.Pool
		out.Library = cardSpecs(ps.Library)
		out.Hand = cardSpecs(ps.Hand)
		out.Graveyard = cardSpecs(ps.Graveyard)
		out.Exile = cardSpecs(ps.Exile)
		for _, pe := range ps.Battlefield {
			out.Battlefield = append(out.Battlefield, harness.PermanentSpec{
				CardSpec: harness.CardSpec{ID: pe.ID, Name: pe.Name},
				Owner:    pe.Owner, Tapped: pe.Tapped, Sick: pe.Sick, Token: pe.Token, Size: pe.Size,
				FaceDown: pe.FaceDown, Transformed: pe.Transformed, Counters: cloneMap(pe.Counters), Damage: pe.Damage, Choices: cloneMap(pe.Choices),
			})
		}
	}
	if err := s.Normalize(); err != nil {
		return fail(in.At.Line, "%v", err)
	}
	book := newRefBook()
	var ids []harness.CardID
	eachSetupCard(&s, func(c *harness.CardSpec) { ids = append(ids, c.ID) })
	i := 0
	eachEntry(in, func(_ int, e *CardEntry, _ *PermanentEntry) {
		book.add(ids[i], e.Name, e.Label)
		i++
	})
	for pl := range in.Players {
		for j, pe := range in.Players[pl].Battlefield {
			if pe.Attached == "" {
				continue
			}
			id, err := book.static(pe.Attached)
			if err != nil {
				return fail(pe.At.Line, "%s attached: %v", pe.Name, err)
			}
			s.Players[pl].Battlefield[j].AttachedTo = id
		}
	}
	if line, err := resolveCopying(in, &s, book); err != nil {
		return fail(line, "%v", err)
	}
	if line, err := resolveExiledWith(in, &s, book); err != nil {
		return fail(line, "%v", err)
	}
	if err := s.Normalize(); err != nil {
		return fail(in.At.Line, "%v", err)
	}
	return s, book, nil
}

func cardSpecs(es []CardEntry) []harness.CardSpec {
	var out []harness.CardSpec
	for _, e := range es {
		out = append(out, harness.CardSpec{ID: e.ID, Name: e.Name})
	}
	return out
}

// cloneMap copies a map, nil when empty, so a setup never shares maps with its source.
func cloneMap[V any](m map[string]V) map[string]V {
	if len(m) == 0 {
		return nil
	}
	return maps.Clone(m)
}

// eachSetupCard visits a harness.Setup's cards in Normalize's order.
func eachSetupCard(s *harness.Setup, f func(*harness.CardSpec)) {
	for pl := range s.Players {
		ps := &s.Players[pl]
		for _, zone := range [][]harness.CardSpec{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for i := range zone {
				f(&zone[i])
			}
		}
		for i := range ps.Battlefield {
			f(&ps.Battlefield[i].CardSpec)
		}
	}
}

// refBook resolves the references a scenario writes (labels, card names, "#id", and the
// players A and B) to card IDs, and writes card IDs back as references.
type refBook struct {
	label  map[string]harness.CardID
	byName map[string][]harness.CardID // setup cards by printed name, in ID order
	name   map[harness.CardID]string
	ref    map[harness.CardID]string // the label, if any
}

func newRefBook() *refBook {
	return &refBook{label: map[string]harness.CardID{}, byName: map[string][]harness.CardID{},
		name: map[harness.CardID]string{}, ref: map[harness.CardID]string{}}
}

func (b *refBook) add(id harness.CardID, name, label string) {
	b.byName[name] = append(b.byName[name], id)
	b.name[id] = name
	if label != "" {
		b.label[label] = id
		b.ref[id] = label
	}
}

// parseCardID reads a reference by card ID: "Forest#3" (the name, for people, and the
// ID), "card#3", or "#3" (which YAML reads as a comment unless quoted). name is "" when
// the reference doesn't say one.
func parseCardID(ref string) (id harness.CardID, name string, ok bool) {
	i := strings.LastIndex(ref, "#")
	if i < 0 {
		return 0, "", false
	}
	n, err := strconv.Atoi(ref[i+1:])
	if err != nil || n <= 0 {
		return 0, "", false
	}
	name = strings.TrimSpace(ref[:i])
	if name == "card" {
		name = ""
	}
	return harness.CardID(n), name, true
}

// byID resolves "Name#id": the name, when given, must be the card's name in the setup
// or now, so a stale ID can't silently point at another card.
func (b *refBook) byID(ref string, snap *harness.Snapshot) (harness.CardID, bool, error) {
	id, name, ok := parseCardID(ref)
	if !ok {
		return 0, false, nil
	}
	if name == "" || b.name[id] == name || (snap != nil && findAnywhere(snap, id) == name) {
		return id, true, nil
	}
	now := b.name[id]
	if snap != nil && findAnywhere(snap, id) != "" {
		now = findAnywhere(snap, id)
	}
	if now == "" {
		return 0, true, fmt.Errorf("%q: there is no card #%d", ref, id)
	}
	return 0, true, fmt.Errorf("%q: card #%d is %s, not %s", ref, id, now, name)
}

// static resolves a reference against the setup alone.
func (b *refBook) static(ref string) (harness.CardID, error) {
	if id, ok, err := b.byID(ref, nil); ok {
		return id, err
	}
	if id, ok := b.label[ref]; ok {
		return id, nil
	}
	switch ids := b.byName[ref]; len(ids) {
	case 0:
		return 0, fmt.Errorf("no card labelled or named %q in the setup", ref)
	case 1:
		return ids[0], nil
	default:
		return 0, fmt.Errorf("%s: give the one you mean a label", describeIDs(ref, ids))
	}
}

func describeIDs(ref string, ids []harness.CardID) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s#%d", ref, id)
	}
	return fmt.Sprintf("%d cards are named %q (%s)", len(ids), ref, strings.Join(parts, ", "))
}

// resolve returns every card a reference may mean: a label or #id means one card; a name
// means every setup card with that printed name, or, when no setup card has it, every
// object now in the game with that name (tokens).
func (b *refBook) resolve(ref string, snap *harness.Snapshot) ([]harness.CardID, error) {
	if id, ok, err := b.byID(ref, snap); ok {
		if err != nil {
			return nil, err
		}
		return []harness.CardID{id}, nil
	}
	if id, ok := b.label[ref]; ok {
		return []harness.CardID{id}, nil
	}
	if ids := b.byName[ref]; len(ids) > 0 {
		return ids, nil
	}
	seen := map[harness.CardID]bool{}
	var ids []harness.CardID
	eachObject(snap, func(o *harness.Object) {
		if o.Name == ref && !seen[o.Card] {
			seen[o.Card] = true
			ids = append(ids, o.Card)
		}
	})
	for _, so := range snap.Stack {
		if so.Kind == "spell" && so.Name == ref && !seen[so.Card] {
			seen[so.Card] = true
			ids = append(ids, so.Card)
		}
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no card labelled or named %q", ref)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

// one resolves a reference that must mean exactly one card.
func (b *refBook) one(ref string, snap *harness.Snapshot) (harness.CardID, error) {
	ids, err := b.resolve(ref, snap)
	if err != nil {
		return 0, err
	}
	if len(ids) > 1 {
		return 0, fmt.Errorf("%s: give the one you mean a label", describeIDs(ref, ids))
	}
	return ids[0], nil
}

// write is how a card is referred to in a line written for people: its label, else its
// name when that alone identifies it, else "Name#id".
func (b *refBook) write(id harness.CardID, snap *harness.Snapshot) string {
	if l, ok := b.ref[id]; ok {
		return l
	}
	if n, ok := b.name[id]; ok {
		if len(b.byName[n]) == 1 {
			return n
		}
		return fmt.Sprintf("%s#%d", n, id)
	}
	name := ""
	if snap != nil {
		name = findAnywhere(snap, id)
	}
	if name != "" && len(b.byName[name]) == 0 {
		if ids, _ := b.resolve(name, snap); len(ids) == 1 {
			return name
		}
	}
	if name == "" {
		name = "card"
	}
	return fmt.Sprintf("%s#%d", name, id)
}

// eachObject visits every object of a snapshot outside the stack.
func eachObject(s *harness.Snapshot, f func(*harness.Object)) {
	for i := range s.Battlefield {
		f(s.Battlefield[i])
	}
	for p := range s.Players {
		ps := &s.Players[p]
		for _, zone := range [][]*harness.Object{ps.Hand, ps.Library, ps.Graveyard, ps.Exile} {
			for i := range zone {
				f(zone[i])
			}
		}
	}
}

// findAnywhere is the current name of card id, wherever it is (stack included), or "".
func findAnywhere(s *harness.Snapshot, id harness.CardID) string {
	if o := s.Find(id); o != nil {
		return o.Name
	}
	for _, so := range s.Stack {
		if so.Kind == "spell" && so.Card == id {
			return so.Name
		}
	}
	return ""
}
