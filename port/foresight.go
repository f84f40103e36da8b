package port

// foresight guesses whether the harness's next call will ask for the snapshot or the
// legal actions of the state its current call is about, so that the current request can
// ask for them with "then" (version 2) and save a round trip. Properties ask in patterns:
// the purity property applies an action to a state it has stepped from and observes that
// state again, lists its legal actions after observing it, and so on. foresight learns,
// for each pair of consecutive kinds of call, what followed them the last time. A wrong
// guess costs the port an answer nobody reads; the result never depends on it, since
// "then" answers are used only by the calls right after the request, each only if it asks
// exactly that, when the port would have been asked the same question at the same point.
type foresight struct {
	prev, last string // the kinds of the two calls before this one
	lastState  StateID
	follow     map[[2]string]string
}

// next notes a call of op about state st and returns what to ask with it: the calls of
// "observe" or "legal" about st expected next, in order.
func (f *foresight) next(op string, st StateID) []string {
	if f.follow == nil {
		f.follow = map[[2]string]string{}
	}
	if f.last != "" {
		followed := ""
		if (op == OpObserve || op == OpLegal) && st != 0 && st == f.lastState {
			followed = op
		}
		f.follow[[2]string{f.prev, f.last}] = followed
	}
	f.prev, f.last, f.lastState = f.last, op, st
	var out []string
	for a, b := f.prev, f.last; len(out) < maxThen; {
		n := f.follow[[2]string{a, b}]
		if n == "" {
			break
		}
		out = append(out, n)
		a, b = b, n
	}
	return out
}

// maxThen bounds the operations asked ahead by one request.
const maxThen = 3
