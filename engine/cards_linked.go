package engine

// Cards whose abilities are linked by an imprint (CR 607.2a); Helvault and Oblivion Ring
// are with the copy cards that exercise them.
func init() {
	define("Chrome Mox",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnEnters}, Resolve: exileFromHand(nonartifactNonland)},
		&ability{Kind: Activated, Cost: activationCost{Tap: true}, Produce: &manaProduction{Kind: ProduceLinkedExiledColor}, Linked: []int{0}})
}
