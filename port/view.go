package port

import "github.com/mtgfuzz/mtgfuzz/harness"

// The player_view operation: what one player may know (harness.ViewQueries). A port that
// declares the "view" query answers it; the harness's client then is a harness.ViewQueries
// too, besides the other queries it declares.

// playerView answers a player_view request for the engine the server holds.
func (s *server) playerView(st harness.State, req *Request) (*Response, error) {
	q, ok := harness.ViewQueriesOf(s.eng)
	if !ok {
		return nil, &Error{Kind: ErrUnsupported, Message: "this engine does not answer the view queries"}
	}
	if req.Viewer == nil {
		return nil, badRequest("player_view without a viewer")
	}
	view, err := q.PlayerView(st, *req.Viewer)
	if err != nil {
		return nil, err
	}
	return &Response{View: &view}, nil
}

// playerView asks the port what player p may know in st.
func (c *Client) playerView(st harness.State, p harness.Player) (harness.PlayerView, error) {
	id, err := c.state(st)
	if err != nil {
		return harness.PlayerView{}, err
	}
	_, then := c.begin(OpPlayerView, id)
	resp, err := c.call(&Request{Op: OpPlayerView, State: id, Viewer: &p, Then: then})
	if err != nil {
		return harness.PlayerView{}, err
	}
	if resp.View == nil {
		return harness.PlayerView{}, c.fail(OpPlayerView, nil, resp, "the answer has no view")
	}
	return *resp.View, nil
}

// withView is c as a harness.Engine that answers the view queries, and the mana and
// state-based-action ones as declared.
func (c *Client) withView(mana, sba bool) harness.Engine {
	switch {
	case mana && sba:
		return &ManaSBAViewClient{&ManaSBAClient{&ManaClient{c}}}
	case mana:
		return &ManaViewClient{&ManaClient{c}}
	case sba:
		return &SBAViewClient{&SBAClient{c}}
	}
	return &ViewClient{c}
}

// ViewClient is a Client of a port that answers the view queries.
type ViewClient struct{ *Client }

// ManaViewClient answers the mana and the view queries.
type ManaViewClient struct{ *ManaClient }

// SBAViewClient answers the state-based-action and the view queries.
type SBAViewClient struct{ *SBAClient }

// ManaSBAViewClient answers the mana, state-based-action and view queries.
type ManaSBAViewClient struct{ *ManaSBAClient }

func (c *ViewClient) PlayerView(st harness.State, p harness.Player) (harness.PlayerView, error) {
	return c.playerView(st, p)
}

func (c *ManaViewClient) PlayerView(st harness.State, p harness.Player) (harness.PlayerView, error) {
	return c.playerView(st, p)
}

func (c *SBAViewClient) PlayerView(st harness.State, p harness.Player) (harness.PlayerView, error) {
	return c.playerView(st, p)
}

func (c *ManaSBAViewClient) PlayerView(st harness.State, p harness.Player) (harness.PlayerView, error) {
	return c.playerView(st, p)
}
