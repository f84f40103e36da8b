package engine

// Cards of hidden information (issue 18): a morph card, cast face down and turned face up
// (CR 702.37, 708). Crystal Skull, Isu Spyglass, whose controller may look at the top card
// of their library any time (CR 401.5), is with the historic cards (cards_historic.go).
func init() {
	morph := cost(3, "RRR", 0)
	define("Akroma, Angel of Fury",
		static(&staticEffect{Kind: CantBeCountered}),
		&ability{Kind: Keyword, Keyword: "Flying", Also: []string{"Trample", "Protection from white", "Protection from blue"}},
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(0, "R", 0)}, Resolve: func(r *resolution) {
			r.AddEffect(untilEndOfTurn, []modification{modifyPT{1, 0}}, r.Source().ID)
		}},
		&ability{Kind: Keyword, Keyword: "Morph", Morph: &morph})
}
