package engine

// Cards of hidden information (issue 18): a morph card, cast face down and turned face up
// (CR 702.37, 708). Crystal Skull, Isu Spyglass, whose controller may look at the top card
// of their library any time (CR 401.5), is with the historic cards (cards_historic.go).
func init() {
	morph := cost(3, "RRR", 0)
	define("Akroma, Angel of Fury",
		static(&StaticEffect{Kind: CantBeCountered}),
		&Ability{Kind: Keyword, Keyword: "Flying", Also: []string{"Trample", "Protection from white", "Protection from blue"}},
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(0, "R", 0)}, Resolve: func(r *Resolution) {
			r.AddEffect(untilEndOfTurn, []Modification{ModifyPT{1, 0}}, r.Source().ID)
		}},
		&Ability{Kind: Keyword, Keyword: "Morph", Morph: &morph})
}
