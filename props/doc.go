// Package props holds the properties: executable checks, each derived from rulings (the
// rulings package, listed in docs/rulings.md), that judge one generated trace
// ([gen.Trace]) of an engine ([harness.Engine]) and return a [Verdict]: how many moments of the trace reached the
// property's situation, and every violation found, each worded "WHAT: expected: ...
// (ruling ID, CR rule); got: ...".
//
// Use [All] for every property (sorted by ID), [ByID] for one, [Match] or [Select] for a
// pattern such as "mana.*,cost.tap-symbol" (globs over property IDs and ruling IDs).
//
// # How a property can fail
//
// No property trusts the engine's answer to the question it checks. Two kinds of oracle
// are used:
//
//   - The mana oracle (package props/internal/manaoracle: the mana rules only) recomputes
//     from a Snapshot's computed characteristics and the permanents' ability texts what
//     each permanent could produce (CR 106.7, a least fixpoint over Reflecting Pool /
//     Exotic Orchard chains), what each mana ability
//     would add (106.5: nothing when undefined), which "tapped for mana" replacement
//     effects apply in every order (106.12b, 614.5, 616.1) and which triggered mana
//     abilities add what (106.12a). It reads texts, not card names, so granted and
//     copied abilities count; a text it can't read makes it abstain.
//   - Relations between engine answers (metamorphic checks): CouldProduce agrees with the
//     outcomes a permanent's abilities offer, Reflecting Pool offers what its lands could
//     produce, an activation adds one of the outcomes offered just before, Apply gives the
//     same result twice and leaves its input alone. The general rules' properties
//     (rules.*) relate snapshots to each other (who has priority before and after a pass,
//     which triggers are new on the stack), the same board started as a new game (its
//     "fresh board", fresh.go: what resolved effects do to a permanent is its difference
//     from there), and the same case replayed from a setup with one +1/+1 counter more.
//
// # Reached
//
// A property counts the moments the trace exercised its situation, that is, moments at
// which the engine could have been caught: an activation or an offered-outcomes query of
// a mana ability in the situation, a legal-action list that had to leave something out, a
// cost paid, a spell with X > 0 resolving. Each property names its clauses (Clauses), each
// a distinct situation a bug could hide in, and counts each moment under the clause it
// reaches (Verdict.Reach); a violation names its clause. A property that reached nothing
// in a campaign, or left a clause unreached, has not passed: it is vacuous.
//
// # Files
//
// Each property lives in its own file, with its parts in files named after it
// (rules_sba.go, rules_sba_checks.go), and uses no other property's code: what properties
// share lives in helper files that define no property, named for what they hold
// (violations.go, steering.go, snapshot.go, trace.go, copy_events.go, ...), which use no
// property's code either. structure_test.go keeps it so. A violation's place in the trace
// is its Step, which reports write (gen.Place); its message says what was seen there.
//
// # The properties
//
// The table is checked against the registry (doc_test.go).
//
//	ID                            RULINGS / CR RULES
//	copy.aura-equipment           copy.aura-equipment / 704.5m, 704.5n, 704.5p, 303.4a, 303.4f, 301.5c, 508.1c, 509.1b, 707.5
//	copy.copiable-values          copy.copiable-values / 707.2, 613.2a
//	copy.expires-before-next-turn copy.expires-before-next-turn / 611.2a, 500.7
//	copy.legend-rule              copy.legend-rule / 704.5j
//	copy.linked-abilities         copy.linked-abilities / 607.1, 607.2a, 707.7, 303.4f, 303.4g, 610.3c
//	copy.of-a-copy                copy.of-a-copy / 707.3, 707.2, 707.5, 614.1c
//	copy.of-resonance             copy.of-resonance / 707.9a, 707.9b, 707.3
//	copy.overwrite-expire-together  copy.overwrite-expire-together / 613.2a, 613.7, 611.2a
//	copy.planeswalker-loyalty     copy.planeswalker-loyalty / 306.5b, 704.5i, 606.3, 606.4, 606.6
//	copy.prior-effects-persist    copy.prior-effects-persist / 707.4, 611.2c, 613.4c
//	copy.summoning-sickness       copy.summoning-sickness / 302.6, 702.10, 508.1a
//	cost.tap-symbol               cost.tap-symbol / 107.5, 302.6, 702.10c
//	cost.tap-symbol/attack        cost.tap-symbol / 302.6, 508.1a, 702.10b
//	cost.untap-symbol             cost.untap-symbol / 107.6, 302.6, 702.10c
//	cycling.not-a-spell           cycling.not-a-spell / 702.29a, 113.1, 112.1, 115.1, 701.6a
//	cycling.trigger-independent   cycling.trigger-independent / 702.29c, 603.3d, 608.2b, 701.6a
//	cycling.triggers-before-draw  cycling.triggers-before-draw / 603.3, 405.5, 702.29c, 702.29d
//	historic.cast-only            historic.cast-only / 700.6, 601.2i, 603.2
//	historic.definition           historic.definition / 700.6
//	historic.face-down-not-historic  historic.face-down-not-historic / 601.3e, 708.2, 702.37c, 700.6
//	historic.lands-and-transform  historic.lands-and-transform / 305.1, 116.2a, 601.2i, 712.18, 701.27a, 700.6
//	historic.trigger-resolves-first  historic.trigger-resolves-first / 603.3, 405.5, 113.7a, 601.2i
//	invariant.caches              invariant.caches / -
//	invariant.cards               invariant.cards / 400.1, 400.3, 400.7, 404.1, 404.2
//	invariant.determinism         invariant.determinism / -
//	invariant.mana-ability        invariant.mana-ability / 605.3b, 405.6c, 117.3c, 605.4a
//	invariant.pool                invariant.pool / 106.1b, 106.4, 601.2h
//	invariant.purity              invariant.purity / -
//	invariant.sba                 invariant.sba / 704.3, 704.5f, 704.5g, 704.5i, 704.5j, 704.5m, 704.5n
//	library.costs-and-timing      library.costs-and-timing / 601.3, 601.2f, 601.2h, 307.1, 305.2, 205.4e
//	library.look-top-any-time     library.look-top-any-time / 401.2, 401.5, 402.3
//	library.top-changes-while-casting  library.top-changes-while-casting / 401.5, 601.2a, 601.2i
//	mana.could-produce            mana.could-produce / 106.7, 616.1, 106.5, 106.12b
//	mana.could-produce/relations  mana.could-produce, mana.undefined-type / 106.7, 106.5, 616.1
//	mana.outcomes                 mana.undefined-type, mana.could-produce, mana.tap-for-mana, mana.tapped-trigger, mana.tapped-replacement / 106.1, 106.5, 106.7, 106.12, 616.1, 605.1a
//	mana.tap-for-mana             mana.tap-for-mana / 106.12, 605.1a, 107.5
//	mana.tapped-replacement       mana.tapped-replacement / 106.12b, 614.5, 616.1
//	mana.tapped-trigger           mana.tapped-trigger / 106.12a, 605.1b, 605.4a
//	mana.undefined-type           mana.undefined-type / 106.5, 106.1b, 605.2, 106.7
//	rules.attacks                 rules.attacks / 508.1a, 508.1b, 508.1c, 508.1f, 702.20b
//	rules.blocks                  rules.blocks / 702.9b, 702.17b, 509.1b, 509.1a, 506.4
//	rules.costs                   rules.costs / 601.2f, 602.2b, 107.3, 601.2g, 601.2h, 605.3a, 118.3, 608.2d, 119.4, 701.21a, 606.3, 606.6
//	rules.countering              rules.countering / 701.6a, 101.2, 608.2b
//	rules.damage                  rules.damage / 120.3a, 120.3c, 120.8, 120.3e, 510.1a, 510.1b, 510.1c, 510.1d, 510.2, 608.2b, 608.2c, 702.19b, 702.19d
//	rules.effects                 rules.effects / 608.2c, 608.2b, 118.12, 608.2d, 603.5, 613.4b, 121.1, 121.2, 701.17a, 701.13a, 122.1, 111.1, 111.2, 611.2c, 613.4c, 701.8a, 702.12b, 701.22a, 118.12a
//	rules.layers                  rules.layers / 613.4b, 613.4c, 613.7, 122.1a, 611.3, 613.1f, 301.5c
//	rules.legal-actions           rules.legal-actions / 733.1, 104.1, 117.1, 305.1, 601.2b, 601.2c, 601.2h, 602.2, 508.1a, 509.1a, 608.2d
//	rules.lifelink                rules.lifelink / 702.15b, 510.1a, 510.1c, 510.2
//	rules.priority                rules.priority / 117.1, 117.1a, 307.1, 304.1, 117.3b, 117.3c, 117.3d, 117.4, 405.5, 500.2
//	rules.protection              rules.protection / 702.16b, 702.16c, 702.16d, 702.16e, 702.16f
//	rules.sagas                   rules.sagas / 714.2b, 714.2c, 714.3a, 714.3c, 714.4, 704.5s, 505.4
//	rules.sba                     rules.sba / 704.3, 704.5a, 704.5b, 704.5f, 704.5g, 704.5j, 704.5m, 704.5n, 120.3, 301.5c, 303.4c, 104.2a, 104.4a
//	rules.taps                    rules.taps / 701.26a, 701.26b, 110.5c, 107.5, 107.6, 502.3, 508.1f
//	rules.targets                 rules.targets / 115.1, 115.4, 601.2c, 602.2b, 109.5, 603.3d, 115.1b
//	rules.transform               rules.transform / 712.18, 701.27a, 712.8d, 712.8e, 202.3b, 302.6
//	rules.triggers                rules.triggers / 603.2, 603.3, 603.3b, 603.4, 117.5, 603.10a, 603.6a, 601.2i
//	rules.turn                    rules.turn / 514.2, 611.2a, 502.3, 500.5b, 504.1, 103.8a, 514.1, 514.3a, 508.8
//	rules.zones                   rules.zones / 400.7, 611.2c, 301.5, 303.4, 608.2b, 614.1c, 614.12
//	x.etb-uses-spell-x            x.etb-uses-spell-x / 107.3m, 107.3i, 107.3g, 202.3
//
// In short (each constructor's doc comment says more):
//
//   - mana.undefined-type: Reflecting Pool with no land that could produce mana, Exotic
//     Orchard / Fellwar Stone facing no coloured land, Meteor Crater among colourless
//     permanents offer and add exactly no mana, and can still be activated.
//   - mana.could-produce: the engine's CouldProduce equals the oracle's, costs ignored
//     (tapped lands, Vivid Crag without counters, Pili-Pala without mana), replacement
//     effects in any order (Contamination), none when undefined.
//   - mana.could-produce/relations: CouldProduce(X) is the union of the types X's mana
//     abilities offer; Pool / Orchard / Fellwar offer exactly the types (colours) the lands
//     they look at could produce, by the engine's own CouldProduce.
//   - mana.outcomes: every mana ability the oracle can read, whatever its situation, offers
//     exactly and adds one of the amounts the rules give (catches an effect applied where
//     it doesn't belong, or a plain wrong production); each violation names the ruling
//     most likely broken.
//   - mana.tap-for-mana: "tapped for mana" effects apply to {T} mana abilities only: not to
//     Pili-Pala's {Q} ability, not to Dark Ritual (a spell).
//   - mana.tapped-trigger: Mana Flare, Heartbeat of Spring, Wild Growth and Gauntlet of
//     Power add mana only when the ability produced mana (of the named type, after
//     replacement effects), at once, off the stack.
//   - mana.tapped-replacement: Mana Reflection ×2, Nyxbloom Ancient ×3, Contamination →
//     exactly {B}, each applied once, every order offered.
//   - x.etb-uses-spell-x: Walking Ballista / Hangarback Walker cast with X enter with X
//     +1/+1 counters (X read from the StackObject before it resolved), and have their mana
//     cost's mana value with X as 0 (the other half of 107.3m); and every object outside
//     the stack has the mana value of the mana cost it shows (202.3, 107.3g).
//   - historic.cast-only, historic.definition, historic.lands-and-transform: the
//     "whenever you cast a historic spell" triggers that follow each spell cast, land
//     played and permanent put onto the battlefield number the caster's such abilities
//     for a spell legendary, artifact or Saga (counted once), and none otherwise; none
//     follow a permanent transforming into something historic.
//   - historic.trigger-resolves-first: those triggers go on the stack above their spell
//     and stay when it is countered.
//   - library.costs-and-timing: the top card under a permission is offered as the same
//     card in hand would be, costs the same, is the turn's land play, and a cancelled
//     cast puts it back in place.
//   - library.look-top-any-time: what a player knows, by resampling (knowledge.go): moving
//     or replacing what they can't see (the opponent's hand and library, their own library
//     below a top card Crystal Skull lets them see) changes neither their view nor their
//     legal actions; with a look effect they see the top card.
//   - library.top-changes-while-casting: while a player casts a spell (from 601.2a to
//     601.2i), a new top card of their library is out of their view though they may look
//     at the top card, the same top card stays in it, and once casting ends (cast or
//     cancelled) they see the top card again.
//   - historic.face-down-not-historic: a face-down spell or permanent has 708.2a's
//     characteristics only, so it isn't historic; turning it face up is a special action
//     keeping the object; only its controller knows what it is.
//   - cost.tap-symbol, cost.untap-symbol: an ability with {T} ({Q}) is listed only while its
//     source is untapped (tapped) and, for a creature, not summoning sick unless it has
//     haste or its controller has Thousand-Year Elixir; paying taps (untaps) it; the
//     engine's Sick status follows the controller's turns.
//   - cost.tap-symbol/attack: only untapped, non-sick (or hasty) creatures attack; the
//     Elixir doesn't help attacking.
//   - copy.planeswalker-loyalty: a resolving planeswalker spell enters with its printed
//     loyalty (the cards table) in counters; loyalty abilities are offered at sorcery
//     speed, once per turn per permanent and again in a later turn, with enough
//     counters, and cost exactly their loyalty.
//   - copy.legend-rule: at a legend-rule decision, every option is taken from the same
//     state: each keeps exactly one of the group, puts the rest into graveyards, and each
//     of the group is kept by some option.
//   - copy.aura-equipment: Aura spells target what they can enchant and enter attached;
//     an Aura whose host became illegal goes to the graveyard, such an Equipment stays
//     unattached, anything else attached becomes unattached; "can't attack or block"
//     holds for the attacks and blocks offered.
//   - copy.summoning-sickness: a permanent that came under its controller's control this
//     turn as a noncreature and became a creature is offered neither as an attacker nor
//     for its {T} abilities (haste and "as though it had haste" aside).
//   - invariant.pool: no negative amount in a pool; payments only from what the pool holds,
//     exactly the total cost; pools empty between steps.
//   - invariant.mana-ability: a mana ability leaves the stack, priority and step as they
//     were, and adds one of the outcomes offered for it.
//   - invariant.sba: whenever a player has priority, no creature with toughness <= 0 or
//     lethal damage, no planeswalker with 0 loyalty, no duplicate legend, no illegally
//     attached Aura or Equipment.
//   - rules.turn: after a cleanup step no permanent has damage or an "until end of turn"
//     effect; before it those effects don't end; the untap step untaps the active
//     player's permanents but those that "don't untap"; the draw step draws the active
//     player their library's top card, but in the game's first turn; the cleanup step
//     leaves the active player at most seven cards, and no one gets priority in it where
//     nothing triggered and no state-based action was performed, while what triggered in
//     it goes on the stack there, not in the next turn.
//   - rules.priority: priority to the active player after a resolution, to the acting
//     player after an action; one pass moves priority, two in succession resolve the top
//     object or end the step; a spell is listed when its timing allows (an instant whenever
//     its caster has priority, any other spell at sorcery speed) and only then.
//   - rules.triggers: each trigger event puts one instance of each triggered ability on
//     the stack by the next priority, APNAP, each player ordering their own; an
//     intervening "if" checked at the event and on resolution; "dies" and "put into a
//     graveyard from the battlefield" trigger only for a graveyard, "leaves the
//     battlefield" for any zone; entering, casting a spell and becoming a target trigger
//     the abilities that wait for them, read from the permanents' texts.
//   - rules.sba: every object a state-based action moved had its condition: the legend
//     rule keeps one under the same controller, attachments fall off only illegal hosts,
//     damage kills only when lethal; and, for an engine that shows the board before each
//     check (harness.SBAQueries), every condition that held there was acted on by it; the
//     game is over exactly when a player has lost it.
//   - rules.costs: a spell or ability is proposed at the mana cost its text prints (X as
//     announced); while it waits only mana abilities, pay and cancel are listed; a
//     decision's "pay {N}" option is listed exactly when the pool covers it; an ability
//     asking life or counters is listed exactly when they can be paid; a planeswalker's
//     loyalty abilities are listed together, each when its counters cover its cost.
//   - rules.damage: each damage event the engine reports has its result in the next
//     snapshot and nothing else changes life, marked damage or loyalty (a player loses
//     that much life, a creature has it marked, a planeswalker loses that many counters);
//     a spell or ability whose text deals N damage to a legal target deals it; combat
//     damage goes where the declared attacks and blocks send it; a decision's options
//     are distinct.
//   - rules.targets: the targets the listed casts and activations offer for "any target",
//     "target player" or "[another] target" and kinds of permanent ("creature", "artifact
//     or enchantment", "nonland permanent"), maybe "you control" or "you don't control",
//     are every player and permanent it allows (hexproof, shroud and protection aside)
//     and nothing else; a triggered ability goes on the stack with a target its
//     description allows, and is removed for want of one only when none fits.
//   - rules.layers: a +1/+1 counter more changes P/T by exactly +1/+1, also under a
//     P/T-setting effect; a board set up as a new game with and without one Equipment
//     or anthem differs in exactly what it prints, on exactly what it names.
//   - rules.sagas: the lore counters on each Saga across a step beginning (one at the
//     active player's precombat main phase, none at any other), the new chapter abilities
//     on the stack against the chapter numbers its lore counters passed, and whether a
//     Saga at its final chapter is still there while and after its chapter waits.
//   - rules.zones: a zone change makes a new object ID, staying keeps it; an object that
//     has just entered is affected by no effect and wears nothing of its old self, even
//     while an effect on its old self lasts (a pumped creature exiled and returned the
//     same turn); a spell or ability does nothing to a target that has since become a
//     new object; the zone changes an engine reports chain from where each card was
//     to where it is; and a permanent that "enters tapped with two charge counters"
//     is so as it arrives.
//   - rules.transform: a permanent that transformed is the same object, with the same
//     counters, damage, attachment and summoning sickness, the printed characteristics of
//     its other face (the cards table), and the same mana value.
//   - rules.effects: a resolving spell or ability does what its text prints, read against
//     what changed as it resolved: the top cards drawn, milled or exiled, the +1/+1
//     counters on its source, the tokens under its controller, "gets +N/+M until end of
//     turn" on exactly what it names, "destroy all" and "exile all"; one whose every
//     target is gone leaves the stack and does nothing else; "you may pay {C}. If
//     you do, ..." asks, then takes exactly {C} or nothing, and unpaid does nothing;
//     of the answers to another "you may" (replayed, one game each) one does nothing
//     and, for a card to move, another moves one, its "at the beginning of the next
//     end step" ability following; and "this land becomes a 2/2
//     creature" makes a noncreature land a 2/2, its counters added.
//   - rules.lifelink: as combat damage is dealt, the attacking player gains the power of
//     each of their attacking creatures with lifelink that deals damage.
//   - rules.protection: a permanent with protection from a colour (Akroma face up) is
//     offered and chosen as no target of a spell or ability from a source of that colour,
//     is offered no blocker of it, is dealt no combat damage by it, and keeps no Aura or
//     Equipment of it attached.
//   - rules.blocks: no declaration of blockers offered has a creature with neither flying
//     nor reach block an attacker with flying; each block no restriction forbids is in
//     some declaration offered, and no other: no tapped blocker, none of the attacking
//     player's, none an Aura forbids, none blocking twice or blocking a nonattacker.
//   - rules.attacks: each creature that may attack is offered attacking the defending
//     player and each of their planeswalkers, and nothing else is offered as attacked;
//     declaring attackers taps those without vigilance and not those with it.
//   - rules.countering: a resolving "counter target ..." removes its target, still on the
//     stack, without resolving it (a spell's card to its owner's graveyard), unless it is
//     a spell that can't be countered, which stays.
//   - invariant.purity, invariant.determinism: Apply leaves its input unchanged, and the
//     states stepped from that input before (another action taken beside the trace's);
//     Legal and Apply give the same answers when asked again.
//   - invariant.caches: an engine that reuses what it computed of earlier states
//     (harness.Uncached) shows, lists, reports and answers at every step what its twin
//     computing everything afresh does, the same game replayed in it.
//   - invariant.cards: after every action each card of the game is in exactly one zone,
//     none lost, none twice; a card put into a hand, library or graveyard is in its
//     owner's, and one put into a graveyard is on top of the cards there, which keep their
//     order.
//   - cycling.not-a-spell: the targets offered for a "Counter target ..." card are exactly
//     the stack objects of the kinds its text names: never an ability for "target spell"
//     (Cancel), never a spell for "target activated or triggered ability" (Stifle).
//   - cycling.trigger-independent: a card whose "when you cycle" trigger targets can
//     always be cycled; countering the cycling ability or a cycling trigger leaves the rest
//     of the stack, and a countered cycling ability draws nothing.
//   - cycling.triggers-before-draw: the triggers a cycle sets off, read from the texts of
//     the cycled card and the permanents, are above the cycling ability once placed; "cycle
//     or discard" triggers once per cycled card; "when you cycle this card" triggers from
//     the graveyard.
//
// Each property carries a [gen.Steer] toward its situation (cards favoured on each side
// and in hand, kinds of action favoured) that never excludes the other cases.
package props
