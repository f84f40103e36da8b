package port

// foresight guesses which snapshots and legal-action lists the harness will ask for next,
// so that the current request can ask for them with "then" (version 2) and save round
// trips. Properties ask in patterns: the purity property applies an action to a state it
// has stepped from, observes that state again, lists its legal actions, and then observes
// the state the trace stepped to from it. foresight learns, for each pair of consecutive
// kinds of call, what followed them the last time: an observe or a legal of the same state,
// or of the state the first apply from it made (the trace's next state). A wrong guess
// costs the port an answer nobody reads; the result never depends on it, since "then"
// answers are used only by the calls right after the request, each only if it asks
// exactly that, when the port would have been asked the same question at the same point.
type foresight struct {
	prev, last string // the kinds of the two calls before this one
	lastState  StateID
	follow     map[[2]string]guess
	// child is the first state an apply from each state made, in this scenario.
	child map[StateID]StateID
}

// guess is what followed a pair of calls: op ("" for nothing foreseeable) about the same
// state as the second, or about its child.
type guess struct {
	op    string
	child bool
}

// maxThen bounds the requests asked ahead by one request.
const maxThen = 3

func (f *foresight) newScenario() { clear(f.child) }

// applied notes that an apply from state from made state to.
func (f *foresight) applied(from, to StateID) {
	if f.child == nil {
		f.child = map[StateID]StateID{}
	}
	if _, ok := f.child[from]; !ok {
		f.child[from] = to
	}
}

// next notes a call of op about state st (0: none) and returns the requests to ask with
// it, in the order they are expected.
func (f *foresight) next(op string, st StateID) []Then {
	if f.follow == nil {
		f.follow = map[[2]string]guess{}
	}
	if f.last != "" {
		var g guess
		if (op == OpObserve || op == OpLegal) && st != 0 && f.lastState != 0 {
			switch st {
			case f.lastState:
				g = guess{op: op}
			case f.child[f.lastState]:
				g = guess{op: op, child: true}
			}
		}
		f.follow[[2]string{f.prev, f.last}] = g
	}
	f.prev, f.last, f.lastState = f.last, op, st
	var out []Then
	for a, b, s := f.prev, f.last, st; len(out) < maxThen; {
		g := f.follow[[2]string{a, b}]
		if g.op == "" {
			break
		}
		if g.child {
			if s = f.child[s]; s == 0 {
				break
			}
		}
		out = append(out, Then{Op: g.op, State: s})
		a, b = b, g.op
	}
	return out
}
