package engine

// Cards whose abilities are linked by an imprint (CR 607.2a); Helvault and Oblivion Ring
// are with the copy cards that exercise them.
func init() {
	define("Chrome Mox",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnEnters}, Resolve: exileFromHand(nonartifactNonland)},
		&Ability{Kind: Activated, Cost: Cost{Tap: true}, Produce: &Production{Kind: ProduceLinkedExiledColor}, Linked: []int{0}})
}
