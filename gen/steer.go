package gen

// Steer biases generation toward a situation: which cards to favour on each side and in
// hand, and which kinds of actions to favour. A steered generator still produces
// everything an unsteered one does, only with other odds.
type Steer struct {
	Name string
	// Cards favoured on the battlefield (either side), in hand, in library.
	Battlefield []string
	Hand        []string
	// Weight in [0,100]: the percentage of draws that come from the favoured lists.
	Weight int
}
