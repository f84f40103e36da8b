package scenario

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// ViewCheck: what one player may know now (harness.ViewQueries): each card of Sees shows
// in their view (by its card ID, and, face down, with its identity: CR 708.5), and no
// card of Hides does (CR 401.2, 402.3, 708.5). Written
// `view: {player: A, sees: [top], hides: [second, theirs]}`.
type ViewCheck struct {
	At     Pos
	Player harness.Player
	Sees   []string
	Hides  []string
}

func (e *ViewCheck) Position() Pos { return e.At }
func (e *ViewCheck) Key() string   { return "view" }

// view reads a view expectation.
func (p *parser) view(v *yaml.Node, at Pos) Expectation {
	e := &ViewCheck{At: at, Player: harness.NoPlayer}
	for _, kv := range p.mapping(v, "view", "player", "sees", "hides") {
		switch kv.k.Value {
		case "player":
			if name, ok := p.name(kv.v, "view player"); ok {
				pl, err := harness.ParsePlayer(name)
				if err != nil {
					p.errf(kv.v, "view player: %v", err)
				}
				e.Player = pl
			}
		case "sees", "hides":
			cards := nonNil(p.strs(kv.v, "view "+kv.k.Value))
			for _, c := range cards {
				p.checkRef(kv.v, c, "view "+kv.k.Value)
			}
			if kv.k.Value == "sees" {
				e.Sees = cards
			} else {
				e.Hides = cards
			}
		}
	}
	if e.Player == harness.NoPlayer || len(e.Sees)+len(e.Hides) == 0 {
		p.errf(v, "view: needs player: and sees: or hides: (e.g. view: {player: A, sees: [top], hides: [second]})")
		return nil
	}
	return e
}

// checkView asks the engine for the player's view and checks what shows in it.
func (r *replayer) checkView(e *ViewCheck) []string {
	q, ok := harness.ViewQueriesOf(r.eng)
	if !ok {
		return []string{"view: the engine does not answer view queries (harness.ViewQueries)"}
	}
	view, err := call("PlayerView", func() (harness.PlayerView, error) { return q.PlayerView(r.st, e.Player) })
	if err != nil {
		return []string{fmt.Sprintf("view of %s: %v", e.Player, err)}
	}
	var fails []string
	for _, list := range []struct {
		refs []string
		want bool
	}{{e.Sees, true}, {e.Hides, false}} {
		for _, ref := range list.refs {
			id, err := r.book.one(ref, &r.snap)
			if err != nil {
				fails = append(fails, err.Error())
				continue
			}
			if got := seenIn(&view, id); got != list.want {
				fails = append(fails, fmt.Sprintf("expected %s's view %s %s (%s), got the opposite", e.Player,
					map[bool]string{true: "to show", false: "not to show"}[list.want], ref, r.whereIs(id)))
			}
		}
	}
	return fails
}

// seenIn reports whether card id shows in view: it is in a zone of the board by its ID,
// and, if it is face down there, the view tells what it is.
func seenIn(view *harness.PlayerView, id harness.CardID) bool {
	b := &view.Board
	known := slices.ContainsFunc(view.FaceDown, func(i harness.Identity) bool { return i.Card == id })
	for _, o := range b.Objects() {
		if o.Card == id {
			return !o.FaceDown || known || o.Name != "" // (a face-down card named is seen)
		}
	}
	for _, so := range b.Stack {
		if so.Card == id && so.Kind == "spell" {
			return so.Name != "" || known
		}
	}
	return false
}

// viewNode writes a view expectation back.
func viewNode(e *ViewCheck) *yaml.Node {
	n := mapNode(true)
	add(n, "player", str(e.Player.String()))
	if e.Sees != nil {
		add(n, "sees", seqNode(true, strNodes(e.Sees)...))
	}
	if e.Hides != nil {
		add(n, "hides", seqNode(true, strNodes(e.Hides)...))
	}
	return n
}
