package rulings

// The rulings above hold only in an engine whose general rules are right, and a harness
// can judge an engine only if it behaves as a program should. These two groups name what
// the rules.* and invariant.* properties check, in the project's own words, so that every
// ID a property, scenario or fault names is found here. They are no official rulings:
// each rests on the CR rules it cites, or on no single rule: the engine as a program
// (docs/engines.md's conventions), or two engines compared on the whole game.
var general = []Ruling{
	{"rules.turn", GeneralRules,
		"The untap step untaps exactly the active player's permanents that no \"doesn't untap\" effect holds; the cleanup step removes all marked damage and ends every \"until end of turn\" effect, which go on applying until then.",
		[]string{"502.3", "514.2", "611.2a", "500.5b"}, nil},
	{"rules.priority", GeneralRules,
		"After a spell or ability resolves the active player receives priority, and after a player casts, activates or plays a land that player does; a single pass hands priority on and changes nothing else; all players passing in succession resolves the top of the stack, or ends the step when the stack is empty.",
		[]string{"117.3b", "117.3c", "117.3d", "117.4", "405.5", "500.2"}, nil},
	{"rules.timing", GeneralRules,
		"An instant may be cast whenever its caster has priority; a creature or sorcery spell, or an ability activated only as a sorcery, only by the active player in a main phase with an empty stack; a land is played, not cast, in the same window, once a turn.",
		[]string{"117.1a", "307.1", "505.6a", "702.6a", "305.1", "305.2", "116.2a"}, nil},
	{"rules.triggers", GeneralRules,
		"Each trigger event puts one instance of each ability that triggered on the stack the next time a player would receive priority, the active player's first and the other player's above them (APNAP); an intervening \"if\" is checked when the event happens and again on resolution.",
		[]string{"603.2", "603.3", "603.3b", "603.4", "117.5"}, nil},
	{"rules.sba", GeneralRules,
		"A state-based action acts only on an object or player whose condition holds when they are checked (0 or less life, lethal damage, 0 or less toughness, a legendary namesake, an illegal attachment), and every one that applies is performed by that check.",
		[]string{"704.3", "704.5a", "704.5b", "704.5f", "704.5g", "704.5j", "704.5m", "704.5n", "120.3"}, nil},
	{"rules.layers", GeneralRules,
		"Counters and effects that modify power and toughness apply in layer 7c, after the effects that set them (7b): a +1/+1 counter more or less changes a permanent's power and toughness by exactly one each, whatever sets them.",
		[]string{"613.4b", "613.4c", "613.7", "122.1a"}, nil},
	{"rules.zones", GeneralRules,
		"An object that changes zones becomes a new object with no memory of the old one: effects and attachments stay behind, and a spell or ability does nothing to a target that has since changed zones; a permanent that stays on the battlefield stays the same object.",
		[]string{"400.7", "611.2c", "301.5", "303.4", "608.2b"}, nil},
	{"rules.protection", GeneralRules,
		"A permanent with protection from a colour can't be the target of spells of that colour or of abilities from sources of that colour, can't be enchanted or equipped by Auras or Equipment of that colour, can't be blocked by creatures of that colour, and damage sources of that colour would deal to it is prevented.",
		[]string{"702.16b", "702.16c", "702.16d", "702.16e", "702.16f"}, []string{"Akroma, Angel of Fury"}},
	{"rules.differential", GeneralRules,
		"Two engines that follow the rules agree on everything a game shows (the board, what mana a permanent could produce, which actions are legal) at every moment of a game both support; where they differ, one of them breaks some rule, which the divergence saved by fuzz diff points at.",
		nil, nil},

	{"invariant.pool", Invariants,
		"A mana pool never holds a negative amount of any of the six types of mana; a payment takes exactly what it costs from what the pool holds; pools empty as each step ends.",
		[]string{"106.1b", "106.4", "601.2h", "500.5"}, nil},
	{"invariant.sba", Invariants,
		"Whenever a player has priority, state-based actions have been performed: no creature with 0 or less toughness or lethal damage, no planeswalker with no loyalty, no two legendary permanents with one name under one controller, no illegally attached Aura or Equipment.",
		[]string{"704.3", "704.5f", "704.5g", "704.5i", "704.5j", "704.5m", "704.5n"}, nil},
	{"invariant.mana-ability", Invariants,
		"A mana ability doesn't use the stack: activating one leaves the stack, the step and priority as they were, and adds one of the outcomes the engine offered for it just before.",
		[]string{"605.3b", "405.6c", "117.3c", "605.4a"}, nil},
	{"invariant.purity", Invariants,
		"The engine is a pure step function: applying an action never changes the state it was given, so a state already visited can be asked about again. No rule says it; the harness relies on it (docs/engines.md).",
		nil, nil},
	{"invariant.determinism", Invariants,
		"The engine is deterministic: the same state gives the same legal actions in the same order, and the same state and action the same result and events, however often asked. No rule says it; the harness relies on it (docs/engines.md).",
		nil, nil},
}
