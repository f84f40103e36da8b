package cards

// table is the pool, in the order the generator draws from (basic lands, other lands,
// creatures, other permanents, spells, within each as listed), tokens last. Oracle text is
// quoted as data from the Oracle reference (wording of September 2024: "this creature",
// "this land" for a permanent naming itself).
var table = []Card{
	basic("Plains", "({T}: Add {W}.)"),
	basic("Island", "({T}: Add {U}.)"),
	basic("Swamp", "({T}: Add {B}.)"),
	basic("Mountain", "({T}: Add {R}.)"),
	basic("Forest", "({T}: Add {G}.)"),
	{Name: "Wastes", Supertypes: []string{"Basic"}, Types: []string{"Land"}, Oracle: []string{"{T}: Add {C}."}},
	{Name: "Reflecting Pool", Types: []string{"Land"}, Oracle: []string{
		"{T}: Add one mana of any type that a land you control could produce."}},
	{Name: "Exotic Orchard", Types: []string{"Land"}, Oracle: []string{
		"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	{Name: "Meteor Crater", Types: []string{"Land"}, Oracle: []string{
		"{T}: Choose a color of a permanent you control. Add one mana of that color."}},
	{Name: "Vivid Crag", Types: []string{"Land"}, Oracle: []string{
		"This land enters tapped with two charge counters on it.",
		"{T}: Add {R}.",
		"{T}, Remove a charge counter from this land: Add one mana of any color."}},
	{Name: "Gaea's Cradle", Supertypes: []string{"Legendary"}, Types: []string{"Land"}, Oracle: []string{
		"{T}: Add {G} for each creature you control."}},
	{Name: "Academy Ruins", Supertypes: []string{"Legendary"}, Types: []string{"Land"}, Oracle: []string{
		"{T}: Add {C}.",
		"{1}{U}, {T}: Put target artifact card from your graveyard on top of your library."}},
	{Name: "Darksteel Citadel", Types: []string{"Artifact", "Land"}, Oracle: []string{
		"Indestructible",
		"{T}: Add {C}."}},
	{Name: "Mutavault", Types: []string{"Land"}, Oracle: []string{
		"{T}: Add {C}.",
		"{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land."}},
	{Name: "Drifting Meadow", Types: []string{"Land"}, Oracle: []string{
		"This land enters tapped.",
		"{T}: Add {W}.",
		"Cycling {2} ({2}, Discard this card: Draw a card.)"}},
	creature(Card{Name: "Llanowar Elves", ManaCost: "{G}", Types: []string{"Creature"}, Subtypes: []string{"Elf", "Druid"}, Oracle: []string{
		"{T}: Add {G}."}}, 1, 1),
	creature(Card{Name: "Grizzly Bears", ManaCost: "{1}{G}", Types: []string{"Creature"}, Subtypes: []string{"Bear"}}, 2, 2),
	creature(Card{Name: "Isamaru, Hound of Konda", ManaCost: "{W}", Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Dog"}}, 2, 2),
	creature(Card{Name: "Hill Giant", ManaCost: "{3}{R}", Types: []string{"Creature"}, Subtypes: []string{"Giant"}}, 3, 3),
	creature(Card{Name: "Pili-Pala", ManaCost: "{2}", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Scarecrow"}, Oracle: []string{
		"Flying",
		"{2}, {Q}: Add one mana of any color."}}, 1, 1),
	creature(Card{Name: "Walking Ballista", ManaCost: "{X}{X}", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Oracle: []string{
		"This creature enters with X +1/+1 counters on it.",
		"{4}: Put a +1/+1 counter on this creature.",
		"Remove a +1/+1 counter from this creature: It deals 1 damage to any target."}}, 0, 0),
	creature(Card{Name: "Hangarback Walker", ManaCost: "{X}{X}", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Oracle: []string{
		"This creature enters with X +1/+1 counters on it.",
		"When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.",
		"{1}, {T}: Put a +1/+1 counter on this creature."}}, 0, 0),
	creature(Card{Name: "Nyxbloom Ancient", ManaCost: "{4}{G}{G}{G}", Types: []string{"Enchantment", "Creature"}, Subtypes: []string{"Elemental"}, Oracle: []string{
		"Trample",
		"If you tap a permanent for mana, it produces three times as much of that mana instead."}}, 5, 5),
	creature(Card{Name: "Curator of Mysteries", ManaCost: "{2}{U}{U}", Types: []string{"Creature"}, Subtypes: []string{"Sphinx"}, Oracle: []string{
		"Flying",
		"Whenever you cycle or discard another card, scry 1.",
		"Cycling {U} ({U}, Discard this card: Draw a card.)"}}, 4, 4),
	creature(Card{Name: "Nimble Obstructionist", ManaCost: "{2}{U}", Types: []string{"Creature"}, Subtypes: []string{"Bird", "Wizard"}, Oracle: []string{
		"Flash",
		"Flying",
		"Cycling {2}{U} ({2}{U}, Discard this card: Draw a card.)",
		"When you cycle this card, counter target activated or triggered ability you don't control."}}, 3, 1),
	{Name: "Fellwar Stone", ManaCost: "{2}", Types: []string{"Artifact"}, Oracle: []string{
		"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	{Name: "Mana Vault", ManaCost: "{1}", Types: []string{"Artifact"}, Oracle: []string{
		"This artifact doesn't untap during your untap step.",
		"At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.",
		"At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.",
		"{T}: Add {C}{C}{C}."}},
	{Name: "Gauntlet of Power", ManaCost: "{5}", Types: []string{"Artifact"}, Oracle: []string{
		"As this artifact enters, choose a color.",
		"Creatures of the chosen color get +1/+1.",
		"Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color."}},
	{Name: "Thousand-Year Elixir", ManaCost: "{3}", Types: []string{"Artifact"}, Oracle: []string{
		"You may activate abilities of creatures you control as though those creatures had haste.",
		"{1}, {T}: Untap target creature."}},
	{Name: "Umbral Mantle", ManaCost: "{3}", Types: []string{"Artifact"}, Subtypes: []string{"Equipment"}, Oracle: []string{
		"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"",
		"Equip {0}"}},
	{Name: "Bonesplitter", ManaCost: "{1}", Types: []string{"Artifact"}, Subtypes: []string{"Equipment"}, Oracle: []string{
		"Equipped creature gets +2/+0.",
		"Equip {1}"}},
	loyalty(Card{Name: "Jace Beleren", ManaCost: "{1}{U}{U}", Supertypes: []string{"Legendary"}, Types: []string{"Planeswalker"}, Subtypes: []string{"Jace"}, Oracle: []string{
		"+2: Each player draws a card.",
		"−1: Target player draws a card.",
		"−10: Target player mills twenty cards."}}, 3),
	{Name: "Pacifism", ManaCost: "{1}{W}", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"}, Oracle: []string{
		"Enchant creature",
		"Enchanted creature can't attack or block."}},
	{Name: "Mana Reflection", ManaCost: "{4}{G}{G}", Types: []string{"Enchantment"}, Oracle: []string{
		"If you tap a permanent for mana, it produces twice as much of that mana instead."}},
	{Name: "Contamination", ManaCost: "{2}{B}", Types: []string{"Enchantment"}, Oracle: []string{
		"At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.",
		"If a land is tapped for mana, it produces {B} instead of any other type and amount."}},
	{Name: "Mana Flare", ManaCost: "{2}{R}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever a player taps a land for mana, that player adds one mana of any type that land produced."}},
	{Name: "Heartbeat of Spring", ManaCost: "{2}{G}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever a player taps a land for mana, that player adds one mana of any type that land produced."}},
	{Name: "Wild Growth", ManaCost: "{G}", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"}, Oracle: []string{
		"Enchant land",
		"Whenever enchanted land is tapped for mana, its controller adds an additional {G}."}},
	{Name: "Drake Haven", ManaCost: "{2}{U}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever you cycle or discard a card, you may pay {1}. If you do, create a 2/2 blue Drake creature token with flying."}},
	{Name: "Lightning Rift", ManaCost: "{1}{R}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever a player cycles a card, you may pay {1}. If you do, this enchantment deals 2 damage to any target."}},
	{Name: "Astral Slide", ManaCost: "{2}{W}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever a player cycles a card, you may exile target creature. If you do, return that card to the battlefield under its owner's control at the beginning of the next end step."}},
	{Name: "Shark Typhoon", ManaCost: "{5}{U}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever you cast a noncreature spell, create an X/X blue Shark creature token with flying, where X is that spell's mana value.",
		"Cycling {X}{1}{U} ({X}{1}{U}, Discard this card: Draw a card.)",
		"When you cycle this card, create an X/X blue Shark creature token with flying."}},
	{Name: "Dark Ritual", ManaCost: "{B}", Types: []string{"Instant"}, Oracle: []string{
		"Add {B}{B}{B}."}},
	{Name: "Twiddle", ManaCost: "{U}", Types: []string{"Instant"}, Oracle: []string{
		"You may tap or untap target artifact, creature, or land."}},
	{Name: "Giant Growth", ManaCost: "{G}", Types: []string{"Instant"}, Oracle: []string{
		"Target creature gets +3/+3 until end of turn."}},
	{Name: "Disenchant", ManaCost: "{1}{W}", Types: []string{"Instant"}, Oracle: []string{
		"Destroy target artifact or enchantment."}},
	{Name: "Cancel", ManaCost: "{1}{U}{U}", Types: []string{"Instant"}, Oracle: []string{
		"Counter target spell."}},
	{Name: "Disallow", ManaCost: "{1}{U}{U}", Types: []string{"Instant"}, Oracle: []string{
		"Counter target spell, activated ability, or triggered ability. (Mana abilities can't be targeted.)"}},
	{Name: "Stifle", ManaCost: "{U}", Types: []string{"Instant"}, Oracle: []string{
		"Counter target activated or triggered ability. (Mana abilities can't be targeted.)"}},
	{Name: "Spark Spray", ManaCost: "{R}", Types: []string{"Instant"}, Oracle: []string{
		"Spark Spray deals 1 damage to any target.",
		"Cycling {R} ({R}, Discard this card: Draw a card.)"}},
	{Name: "Decree of Pain", ManaCost: "{6}{B}{B}", Types: []string{"Sorcery"}, Oracle: []string{
		"Destroy all creatures. They can't be regenerated. Draw a card for each creature destroyed this way.",
		"Cycling {3}{B}{B} ({3}{B}{B}, Discard this card: Draw a card.)",
		"When you cycle this card, all creatures get -2/-2 until end of turn."}},

	// Copy effects (CR 707), linked abilities (CR 607) and extra turns (CR 500.7).
	{Name: "Crystalline Resonance", ManaCost: "{2}{U}", Types: []string{"Enchantment"}, Oracle: []string{
		"Whenever you cycle a card, you may have this enchantment become a copy of another target permanent until your next turn, except it has this ability."}},
	creature(Card{Name: "Clone", ManaCost: "{3}{U}", Types: []string{"Creature"}, Subtypes: []string{"Shapeshifter"}, Oracle: []string{
		"You may have this creature enter as a copy of any creature on the battlefield."}}, 0, 0),
	creature(Card{Name: "Spark Double", ManaCost: "{3}{U}", Types: []string{"Creature"}, Subtypes: []string{"Illusion"}, Oracle: []string{
		"You may have this creature enter as a copy of a creature or planeswalker you control, except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an additional loyalty counter on it if it's a planeswalker, and it isn't legendary."}}, 0, 0),
	creature(Card{Name: "Clever Impersonator", ManaCost: "{2}{U}{U}", Types: []string{"Creature"}, Subtypes: []string{"Shapeshifter"}, Oracle: []string{
		"You may have this creature enter as a copy of any nonland permanent on the battlefield."}}, 0, 0),
	creature(Card{Name: "Phantasmal Image", ManaCost: "{1}{U}", Types: []string{"Creature"}, Subtypes: []string{"Illusion"}, Oracle: []string{
		"You may have this creature enter as a copy of any creature on the battlefield, except it's an Illusion in addition to its other types and it has \"When this creature becomes the target of a spell or ability, sacrifice it.\""}}, 0, 0),
	creature(Card{Name: "Cryptoplasm", ManaCost: "{1}{U}{U}", Types: []string{"Creature"}, Subtypes: []string{"Shapeshifter"}, Oracle: []string{
		"At the beginning of your upkeep, you may have this creature become a copy of another target creature, except it has this ability."}}, 2, 2),
	{Name: "Mirage Mirror", ManaCost: "{3}", Types: []string{"Artifact"}, Oracle: []string{
		"{2}: This artifact becomes a copy of target artifact, creature, enchantment, or land until end of turn."}},
	{Name: "Oblivion Ring", ManaCost: "{2}{W}", Types: []string{"Enchantment"}, Oracle: []string{
		"When this enchantment enters, exile another target nonland permanent.",
		"When this enchantment leaves the battlefield, return the exiled card to the battlefield under its owner's control."}},
	{Name: "Helvault", ManaCost: "{3}", Supertypes: []string{"Legendary"}, Types: []string{"Artifact"}, Oracle: []string{
		"{1}, {T}: Exile target creature you control.",
		"{7}, {T}: Exile target creature you don't control.",
		"When Helvault is put into a graveyard from the battlefield, return all cards exiled with it to the battlefield under their owners' control."}},
	{Name: "Chrome Mox", ManaCost: "{0}", Types: []string{"Artifact"}, Oracle: []string{
		"Imprint — When this artifact enters, you may exile a nonartifact, nonland card from your hand.",
		"{T}: Add one mana of any of the exiled card's colors."}},
	{Name: "Time Walk", ManaCost: "{1}{U}", Types: []string{"Sorcery"}, Oracle: []string{
		"Take an extra turn after this one."}},

	// Hidden information (issue 18): a morph card (CR 702.37, 708).
	creature(Card{Name: "Akroma, Angel of Fury", ManaCost: "{5}{R}{R}{R}", Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Angel"}, Oracle: []string{
		"This spell can't be countered.",
		"Flying, trample, protection from white and from blue",
		"{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.",
		"Morph {3}{R}{R}{R} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)"}}, 6, 6),
	// Historic (CR 700.6), casting from the top of the library (CR 601.3, 401), cast
	// triggers (CR 601.2i, 603.2) and putting a creature onto the battlefield uncast.
	{Name: "Crystal Skull, Isu Spyglass", ManaCost: "{2}{U}{U}", Supertypes: []string{"Legendary"}, Types: []string{"Artifact"}, Oracle: []string{
		"You may look at the top card of your library any time.",
		"You may play historic lands and cast historic spells from the top of your library.",
		"{T}: Add {U}."}},
	{Name: "Mystic Forge", ManaCost: "{4}", Types: []string{"Artifact"}, Oracle: []string{
		"You may look at the top card of your library any time.",
		"You may cast artifact spells and colorless spells from the top of your library.",
		"{T}, Pay 1 life: Exile the top card of your library."}},
	creature(Card{Name: "Vizier of the Menagerie", ManaCost: "{3}{G}", Types: []string{"Creature"}, Subtypes: []string{"Naga", "Cleric"}, Oracle: []string{
		"You may look at the top card of your library any time.",
		"You may cast creature spells from the top of your library.",
		"You can spend mana as though it were mana of any type to cast creature spells."}}, 3, 4),
	creature(Card{Name: "Jhoira, Weatherlight Captain", ManaCost: "{2}{U}{R}", Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Human", "Artificer"}, Oracle: []string{
		"Whenever you cast a historic spell, draw a card. (Artifacts, legendaries, and Sagas are historic.)"}}, 3, 3),
	creature(Card{Name: "Daring Archaeologist", ManaCost: "{3}{W}", Types: []string{"Creature"}, Subtypes: []string{"Human", "Artificer"}, Oracle: []string{
		"When this creature enters, you may return target artifact card from your graveyard to your hand.",
		"Whenever you cast a historic spell, put a +1/+1 counter on this creature. (Artifacts, legendaries, and Sagas are historic.)"}}, 3, 3),
	creature(Card{Name: "Raff Capashen, Ship's Mage", ManaCost: "{2}{W}{U}", Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Human", "Wizard"}, Oracle: []string{
		"Flash",
		"Flying",
		"You may cast historic spells as though they had flash. (Artifacts, legendaries, and Sagas are historic.)"}}, 3, 3),
	creature(Card{Name: "Ornithopter", ManaCost: "{0}", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Thopter"}, Oracle: []string{
		"Flying"}}, 0, 2),
	{Name: "Sneak Attack", ManaCost: "{3}{R}", Types: []string{"Enchantment"}, Oracle: []string{
		"{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. Sacrifice the creature at the beginning of the next end step."}},
	// Transform (issue 18): a nonmodal double-faced card (CR 712.2, 701.27).
	{Name: "Westvale Abbey", Types: []string{"Land"}, Oracle: []string{
		"{T}: Add {C}.",
		"{5}, {T}, Pay 1 life: Create a 1/1 white and black Human Cleric creature token.",
		"{5}, {T}, Sacrifice five creatures: Transform this land, then untap it."},
		Back: creaturePtr(Card{Name: "Ormendahl, Profane Prince", Colors: []string{"B"}, Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Demon"}, Oracle: []string{
			"Flying, lifelink, indestructible, haste"}}, 9, 7)},
	{Name: "Urza's Ruinous Blast", ManaCost: "{4}{W}", Supertypes: []string{"Legendary"}, Types: []string{"Sorcery"}, Oracle: []string{
		"(You may cast a legendary sorcery only if you control a legendary creature or planeswalker.)",
		"Exile all nonland permanents that aren't legendary."}},
	// Sagas (CR 714).
	{Name: "History of Benalia", ManaCost: "{1}{W}{W}", Types: []string{"Enchantment"}, Subtypes: []string{"Saga"}, Oracle: []string{
		"(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)",
		"I, II — Create a 2/2 white Knight creature token with vigilance.",
		"III — Knights you control get +2/+1 until end of turn."}},

	// Tokens the pool creates.
	creature(Card{Name: "Thopter", Token: true, Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Thopter"}, Oracle: []string{
		"Flying"}}, 1, 1),
	creature(Card{Name: "Drake", Token: true, Colors: []string{"U"}, Types: []string{"Creature"}, Subtypes: []string{"Drake"}, Oracle: []string{
		"Flying"}}, 2, 2),
	// The Shark's power and toughness are the X of the effect that creates it (CR 111.3);
	// the table's 0/0 is replaced by that X as it is created.
	creature(Card{Name: "Shark", Token: true, SizeX: true, Colors: []string{"U"}, Types: []string{"Creature"}, Subtypes: []string{"Shark"}, Oracle: []string{
		"Flying"}}, 0, 0),
	// Westvale Abbey's token (issue 18).
	creature(Card{Name: "Human Cleric", Token: true, Colors: []string{"W", "B"}, Types: []string{"Creature"}, Subtypes: []string{"Human", "Cleric"}}, 1, 1),
	// History of Benalia's Knight (CR 111.4).
	creature(Card{Name: "Knight", Token: true, Colors: []string{"W"}, Types: []string{"Creature"}, Subtypes: []string{"Knight"}, Oracle: []string{
		"Vigilance"}}, 2, 2),
}

// basic is a basic land with its basic land type; its one line is reminder text for the
// intrinsic mana ability the type gives it (CR 305.6).
func basic(name, reminder string) Card {
	return Card{Name: name, Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{name}, Oracle: []string{reminder}}
}

// loyalty sets a planeswalker card's printed loyalty (CR 306.5a).
func loyalty(c Card, n int) Card {
	c.Loyalty = &n
	return c
}

// creaturePtr is creature's card, for a back face.
func creaturePtr(c Card, power, toughness int) *Card {
	c = creature(c, power, toughness)
	return &c
}

// creature sets a card's power and toughness.
func creature(c Card, power, toughness int) Card {
	c.Power, c.Toughness = &power, &toughness
	return c
}
