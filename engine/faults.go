package engine

import (
	"fmt"
	"sort"
)

// Deliberate faults: named rule bugs, off by default, each switched at the one decision
// point it corrupts. They exist so the harness can prove that each property can fail
// (the mutation-kill matrix, `fuzz faults`). Names are "<ruling ID>/<what breaks>".
const (
	FaultUndefinedGivesColorless     = "mana.undefined-type/gives-colorless"
	FaultCouldIgnoresReplacements    = "mana.could-produce/ignores-replacements"
	FaultCouldCountsCosts            = "mana.could-produce/counts-costs"
	FaultUntapCountsAsTap            = "mana.tap-for-mana/counts-untap-symbol"
	FaultTriggerOnZeroMana           = "mana.tapped-trigger/fires-on-zero"
	FaultTriggerIgnoresType          = "mana.tapped-trigger/ignores-type"
	FaultTriggeredManaUsesStack      = "mana.tapped-trigger/uses-stack"
	FaultReplacementTwice            = "mana.tapped-replacement/applied-twice"
	FaultOneOrderOnly                = "mana.tapped-replacement/one-order-only"
	FaultETBUsesPermanentX           = "x.etb-uses-spell-x/permanent-x"
	FaultTapPayableWhileTapped       = "cost.tap-symbol/tapped-payable"
	FaultTapIgnoresSickness          = "cost.tap-symbol/ignores-sickness"
	FaultTapHasteIgnored             = "cost.tap-symbol/haste-ignored"
	FaultUntapPayableWhileUntapped   = "cost.untap-symbol/untapped-payable"
	FaultUntapIgnoresSickness        = "cost.untap-symbol/ignores-sickness"
	FaultPoolOverdraw                = "invariant.pool/overdraw"
	FaultManaAbilityUsesStack        = "invariant.mana-ability/uses-stack"
	FaultSkipZeroToughness           = "invariant.sba/skip-zero-toughness"
	FaultLegendRuleOff               = "invariant.sba/legend-rule-off"
	FaultLoyaltyOnBecomingACopy      = "copy.planeswalker-loyalty/loyalty-on-becoming"
	FaultStartingLoyaltyPrinted      = "copy.planeswalker-loyalty/printed-starting-loyalty"
	FaultLegendRuleIgnoresCopies     = "copy.legend-rule/ignores-copies"
	FaultArtifactStaysAttached       = "copy.aura-equipment/artifact-stays-attached"
	FaultSickFromCopied              = "copy.summoning-sickness/copies-sickness"
	FaultCopyOfCopyIntermediate      = "copy.of-a-copy/intermediate"
	FaultExceptAppliedTwice          = "copy.of-resonance/except-twice"
	FaultCopiesNonCopyEffects        = "copy.copiable-values/non-copy-effects"
	FaultCountersCopied              = "copy.copiable-values/counters-copied"
	FaultLandAbilityTwice            = "copy.copiable-values/land-ability-twice"
	FaultCopyIsNewObject             = "copy.prior-effects-persist/new-object"
	FaultCopiesExpireOneAtATime      = "copy.overwrite-expire-together/one-at-a-time"
	FaultUntilNextTurnEndsEarly      = "copy.expires-before-next-turn/any-next-turn"
	FaultCloneDropsCopyDuration      = "copy.expires-before-next-turn/clone-drops-duration"
	FaultNoStartingLoyalty           = "copy.planeswalker-loyalty/enters-without-loyalty"
	FaultLoyaltyTwicePerTurn         = "copy.planeswalker-loyalty/twice-per-turn"
	FaultLoyaltyNeverResets          = "copy.planeswalker-loyalty/never-resets"
	FaultGraveyardBottom             = "invariant.cards/graveyard-bottom"
	FaultInstantsAtSorcerySpeed      = "rules.priority/instants-at-sorcery-speed"
	FaultLegendKeepsFirst            = "copy.legend-rule/keeps-first"
	FaultAttachedNonEquipmentStays   = "copy.aura-equipment/stays-attached"
	FaultAuraIgnoresEnchant          = "copy.aura-equipment/ignores-enchant"
	FaultSickOnlyIfEnteredCreature   = "copy.summoning-sickness/only-if-entered-as-creature"
	FaultMutatesInput                = "invariant.purity/mutates-input"
	FaultHiddenState                 = "invariant.determinism/hidden-state"
	FaultUndefinedNotListed          = "mana.undefined-type/not-listed"
	FaultSpellManaMultiplied         = "mana.tap-for-mana/spell-mana-multiplied"
	FaultTapNotPaid                  = "cost.tap-symbol/tap-not-paid"
	FaultElixirLetsAttack            = "cost.tap-symbol/elixir-lets-attack"
	FaultPoolsPersist                = "invariant.pool/pools-persist"
	FaultLethalDamageIgnored         = "invariant.sba/lethal-damage-ignored"
	FaultCycleTriggersUnderDraw      = "cycling.triggers-before-draw/under-the-draw"
	FaultCycleDiscardTwice           = "cycling.triggers-before-draw/cycle-and-discard-twice"
	FaultCancelTargetsAbilities      = "cycling.not-a-spell/cancel-targets-abilities"
	FaultStifleTargetsSpells         = "cycling.not-a-spell/stifle-targets-spells"
	FaultNoTargetBlocksCycling       = "cycling.trigger-independent/no-target-blocks-cycling"
	FaultCounterTakesTriggers        = "cycling.trigger-independent/counter-takes-triggers"
	FaultCleanupKeepsDamage          = "rules.turn/cleanup-keeps-damage"
	FaultEffectsEndAtEndStep         = "rules.turn/effects-end-at-end-step"
	FaultUntapIgnoresDoesntUntap     = "rules.turn/untaps-doesnt-untap"
	FaultPriorityAfterResolution     = "rules.priority/non-active-after-resolution"
	FaultOnePassResolves             = "rules.priority/one-pass-resolves"
	FaultTriggersNAPFirst            = "rules.triggers/nap-first"
	FaultInterveningIfOnce           = "rules.triggers/if-not-rechecked"
	FaultLegendKeepsNone             = "rules.sba/legend-keeps-none"
	FaultLastCardLoses               = "rules.sba/last-card-loses"
	FaultToughnessOneDies            = "rules.sba/toughness-one-dies"
	FaultEquipmentOwnCreaturesOnly   = "rules.sba/equipment-own-creatures-only"
	FaultOneShortOfLethalDies        = "rules.sba/one-short-of-lethal-dies"
	FaultExactDamageSurvives         = "rules.sba/exact-damage-survives"
	FaultSetPTErasesCounters         = "rules.layers/set-erases-counters"
	FaultAnthemEveryColor            = "rules.layers/anthem-every-color"
	FaultZoneChangeKeepsID           = "rules.zones/keeps-id"
	FaultResolvedMoveUnreported      = "rules.zones/resolving-permanent-unreported"
	FaultEntersCountersOnce          = "rules.zones/enters-with-one-counter"
	FaultDeclinedStillDoes           = "rules.effects/declined-still-does"
	FaultMayIgnoresAnswer            = "rules.effects/may-ignores-answer"
	FaultLinkSurvivesRecopy          = "copy.linked-abilities/survives-recopy"
	FaultLinkUsesOriginals           = "copy.linked-abilities/uses-originals-exile"
	FaultTargetFollowsCard           = "rules.zones/target-follows-card"
	FaultEffectsFollowCard           = "rules.zones/effects-follow-card"
	FaultReturnsUnderExiler          = "copy.linked-abilities/returns-under-exiler"
	FaultLegendCountsUnlegendaryCopy = "copy.legend-rule/counts-unlegendary-copy"
	FaultAuraCopyEntersUnattached    = "copy.aura-equipment/aura-copy-enters-unattached"
	FaultReturnedAuraAnyHost         = "copy.linked-abilities/returned-aura-any-permanent"
	FaultAuraWithoutHostDies         = "copy.linked-abilities/aura-without-host-to-graveyard"
	FaultAuraEnchantsEntering        = "copy.linked-abilities/aura-enchants-one-entering-with-it"
	FaultSetPTInTimestampOrder       = "rules.layers/set-in-timestamp-order"
	FaultUntapsEveryone              = "rules.turn/untaps-every-player"
	FaultEffectsOutlastCleanup       = "rules.turn/effects-outlast-cleanup"
	FaultEachFirstDrawSkipped        = "rules.turn/each-first-draw-skipped"
	FaultTargetsIgnoreController     = "rules.targets/controller-ignored"
	FaultLeavingTriggersAnyZone      = "rules.triggers/graveyard-triggers-any-zone"
	FaultCounterUncounterable        = "rules.countering/counters-the-uncounterable"
	FaultCounteredSpellExiled        = "rules.countering/countered-spell-exiled"
	FaultAnyoneMayAct                = "rules.legal-actions/anyone-may-act"
	FaultCrowdedBlocksUnoffered      = "rules.blocks/crowded-blocks-unoffered"
	FaultDiscardGivesPriority        = "rules.turn/discard-gives-priority"
	FaultDiscardsOnlyOne             = "rules.turn/discards-only-one"
	FaultCleanupTriggersWait         = "rules.turn/cleanup-triggers-wait"
	FaultOtherAfterCasting           = "rules.priority/other-player-after-casting"
	FaultStepEndsOverStack           = "rules.priority/step-ends-over-stack"
	FaultEmptyStackStays             = "rules.priority/empty-stack-stays"
	FaultTriggerPushedTwice          = "rules.triggers/pushed-twice"
	FaultTriggerOrderNotAsked        = "rules.triggers/order-not-asked"
	FaultInterveningIfNotAtEvent     = "rules.triggers/if-not-checked-at-event"
	FaultLethalBeforePumps           = "rules.sba/lethal-before-pumps"
	FaultDamageLowersToughness       = "rules.sba/damage-lowers-toughness"
	FaultFirstCounterIgnored         = "rules.layers/first-counter-ignored"
	FaultCountersCountOnce           = "rules.layers/counters-count-once"
	FaultModifyBeforeSet             = "rules.layers/modify-before-set"
	FaultAnimatedIsNewObject         = "rules.zones/animated-new-object"
	FaultAuraStaysOnNothing          = "invariant.sba/aura-stays-on-nothing"
	FaultEquipmentOnNoncreature      = "invariant.sba/equipment-stays-on-noncreature"
	FaultReturnSkipsEntering         = "copy.of-a-copy/delayed-return-skips-entering"
	FaultEnteringChoiceByResolver    = "copy.of-a-copy/entering-choice-by-resolver"
	// Historic, cast triggers and the top of the library (Crystal Skull, Isu Spyglass).
	FaultPutFiresCastTriggers      = "historic.cast-only/put-fires-cast-triggers"
	FaultHistoricPerQuality        = "historic.definition/counted-per-quality"
	FaultLandPlayFiresCastTriggers = "historic.lands-and-transform/land-play-fires-cast-triggers"
	FaultTopIgnoresTiming          = "library.costs-and-timing/top-ignores-timing"
	FaultTopAdmitsAnySpell         = "library.costs-and-timing/top-admits-any-spell"
	FaultLegendOfEitherPlayer      = "library.costs-and-timing/legend-of-either-player"
	FaultTopLandSkipsLandDrop      = "library.costs-and-timing/top-land-skips-land-drop"
	FaultCancelReordersLibrary     = "library.costs-and-timing/cancel-reorders-library"
	FaultCastTriggerUnderSpell     = "historic.trigger-resolves-first/under-the-spell"
	// Hidden information (issue 18).
	FaultFaceDownIdentityShown = "historic.face-down-not-historic/identity-shown"
	FaultFaceDownKeepsName     = "historic.face-down-not-historic/keeps-name-and-colour"
	FaultFaceDownLegendary     = "historic.face-down-not-historic/keeps-supertypes"
	FaultFaceUpNewObject       = "historic.face-down-not-historic/face-up-new-object"
	FaultFaceUpUsesStack       = "historic.face-down-not-historic/face-up-passes-priority"
	FaultFaceDownCastHistoric  = "historic.face-down-not-historic/face-down-cast-triggers"
	FaultCopiesFaceDownCard    = "copy.copiable-values/face-down-copies-card"
	FaultLeavesFaceDown        = "historic.face-down-not-historic/leaves-face-down"
	// Protection (CR 702.16).
	FaultProtectionTargetable = "rules.protection/targetable"
	FaultProtectionDamaged    = "rules.protection/damage-not-prevented"
	FaultProtectionBlockable  = "rules.protection/blockable"
	FaultProtectionAttachable = "rules.protection/attachable"
	FaultTopShownWithoutLook  = "library.look-top-any-time/top-shown-without-look"
	FaultTopHiddenWithLook    = "library.look-top-any-time/top-hidden-with-look"
	FaultOpponentHandShown    = "library.look-top-any-time/opponent-hand-shown"
	FaultNewTopShownCasting   = "library.top-changes-while-casting/new-top-shown-while-casting"
	FaultNewTopHiddenOnStack  = "library.top-changes-while-casting/hidden-until-resolves"
	// Evasion (CR 702.9b).
	FaultFlyingBlockedByGround = "rules.blocks/flying-blocked-by-ground"
	FaultTappedBlocks          = "rules.blocks/tapped-blocks"
	// The end of the game (CR 104.2a) and loyalty costs (606.6).
	FaultLoserPlaysOn    = "rules.sba/loser-plays-on"
	FaultLoyaltyOneShort = "rules.costs/loyalty-one-short"
	// Cards in zones (CR 400) and the engine's caches.
	FaultTopOfLibraryLost       = "invariant.cards/top-of-library-lost"
	FaultControllersGraveyard   = "invariant.cards/controllers-graveyard"
	FaultProjectionAlwaysShared = "invariant.caches/projection-always-shared"
	// Declaring attackers (CR 508.1).
	FaultWalkersUnattackable = "rules.attacks/planeswalkers-unattackable"
	FaultVigilanceTaps       = "rules.attacks/vigilance-taps"
	// Who acts while a declaration is asked (CR 117.1).
	FaultBlockersKeepPriority = "rules.priority/blockers-keep-priority"
	// Transform (issue 18: Westvale Abbey // Ormendahl, Profane Prince).
	FaultTransformFiresCastTriggers = "historic.lands-and-transform/transform-fires-cast-triggers"
	FaultTransformNewObject         = "rules.transform/new-object"
	FaultTransformLosesCounters     = "rules.transform/loses-counters"
	FaultTransformSick              = "rules.transform/becomes-sick"
	FaultLifelinkGainsNothing       = "rules.lifelink/gains-nothing"
	// Sagas (CR 714).
	FaultLoreInDrawStep      = "rules.sagas/lore-in-draw-step"
	FaultSagaSacrificedEarly = "rules.sagas/sacrificed-with-chapter-on-stack"
	FaultPastChaptersTrigger = "rules.sagas/past-chapters-trigger-again"
	FaultSagaNotHistoric     = "historic.definition/saga-not-historic"
	// Damage and what the mutants of issue 23 showed unguarded.
	FaultEffectDamageSpared   = "rules.damage/effect-damage-spared"
	FaultDamageMarkedOnce     = "rules.damage/damage-marked-once"
	FaultLoyaltyLostOnce      = "rules.damage/loyalty-lost-once"
	FaultPlayerDamageTwice    = "rules.damage/player-damage-twice"
	FaultBlockersDealNoDamage = "rules.damage/blockers-deal-no-damage"
	FaultDivisionUnlabelled   = "rules.damage/division-unlabelled"
	// What a resolving spell or ability does (CR 608.2c).
	FaultEffectDrawsFromBottom = "rules.effects/draws-from-the-bottom"
	FaultTokensForActive       = "rules.effects/tokens-for-the-active-player"
	FaultTrampleIgnored        = "rules.damage/trample-ignored"
	FaultAbilityCostPlusOne    = "rules.costs/ability-cost-plus-one"
	FaultPassWhilePaying       = "rules.costs/pass-while-paying"
	FaultPayOfferedWithoutMana = "rules.costs/pay-offered-without-mana"
	FaultCounterCostNotPaid    = "rules.costs/counter-cost-not-paid"
	FaultTargetsNoPlayerB      = "rules.targets/player-b-never-offered"
	// Tap and untap events (CR 701.26).
	FaultAttackTapUnreported = "rules.taps/attack-tap-unreported"
	FaultUntapStepUnreported = "rules.taps/untap-step-unreported"
	// Trigger events (CR 603.2, 603.6a, 601.2i).
	FaultCastConditionIgnored  = "rules.triggers/cast-condition-ignored"
	FaultTriggerTargetsUnnoted = "rules.triggers/trigger-targets-unnoted"
	FaultEntersTriggersPrinted = "rules.triggers/enters-triggers-printed"
	FaultAnotherTargetsItself  = "rules.targets/another-targets-itself"
)

var faultInfo = []FaultInfo{
	{FaultUndefinedGivesColorless, "mana.undefined-type", "106.5", "an ability that would produce mana of an undefined type adds {C} instead of nothing"},
	{FaultCouldIgnoresReplacements, "mana.could-produce", "106.7", "\"could produce\" ignores replacement effects (Contamination)"},
	{FaultCouldCountsCosts, "mana.could-produce", "106.7", "\"could produce\" leaves out abilities whose costs can't be paid now (a tapped land could produce nothing)"},
	{FaultUntapCountsAsTap, "mana.tap-for-mana", "106.12", "a mana ability with {Q} in its cost counts as tapping for mana"},
	{FaultTriggerOnZeroMana, "mana.tapped-trigger", "106.12a", "\"tapped for mana\" triggers fire even when the ability produced no mana"},
	{FaultTriggerIgnoresType, "mana.tapped-trigger", "106.12a", "\"tapped for mana of the chosen colour\" triggers whatever type was produced"},
	{FaultTriggeredManaUsesStack, "mana.tapped-trigger", "605.4a", "triggered mana abilities go on the stack instead of resolving at once"},
	{FaultReplacementTwice, "mana.tapped-replacement", "616.1", "each mana replacement effect is applied twice"},
	{FaultOneOrderOnly, "mana.tapped-replacement", "616.1", "the affected player is offered only one order of replacement effects"},
	{FaultETBUsesPermanentX, "x.etb-uses-spell-x", "107.3m", "\"enters with X counters\" uses the permanent's X (0), not the spell's"},
	{FaultTapPayableWhileTapped, "cost.tap-symbol", "107.5", "{T} can be paid by a tapped permanent"},
	{FaultTapIgnoresSickness, "cost.tap-symbol", "302.6", "summoning sickness doesn't stop {T} abilities"},
	{FaultTapHasteIgnored, "cost.tap-symbol", "302.6", "a summoning-sick creature's {T} abilities stay stopped with haste or Thousand-Year Elixir"},
	{FaultUntapPayableWhileUntapped, "cost.untap-symbol", "107.6", "{Q} can be paid by an untapped permanent"},
	{FaultUntapIgnoresSickness, "cost.untap-symbol", "302.6", "summoning sickness doesn't stop {Q} abilities"},
	{FaultPoolOverdraw, "invariant.pool", "106.1b", "a cost can be paid with mana the pool doesn't hold, leaving a negative amount"},
	{FaultManaAbilityUsesStack, "invariant.mana-ability", "605.3b", "activating a mana ability leaves an object on the stack"},
	{FaultSkipZeroToughness, "invariant.sba", "704.5f", "a creature with toughness 0 or less isn't put into its owner's graveyard"},
	{FaultLegendRuleOff, "invariant.sba", "704.5j", "the legend rule isn't applied"},
	{FaultLoyaltyOnBecomingACopy, "copy.planeswalker-loyalty", "306.5b", "a permanent that becomes a copy of a planeswalker gets its starting loyalty in counters"},
	{FaultStartingLoyaltyPrinted, "copy.planeswalker-loyalty", "306.5b", "a permanent entering as a copy of a planeswalker gets the loyalty printed on its own card (none), not the copied one"},
	{FaultLegendRuleIgnoresCopies, "copy.legend-rule", "704.5j", "the legend rule doesn't count permanents that are copies"},
	{FaultArtifactStaysAttached, "copy.aura-equipment", "704.5p", "an attached artifact that is no Equipment (a reverted Equipment copy) stays attached"},
	{FaultSickFromCopied, "copy.summoning-sickness", "302.6", "a permanent that becomes a copy takes the copied permanent's summoning sickness"},
	{FaultCopyOfCopyIntermediate, "copy.of-a-copy", "707.3", "copying a permanent that copies something copies that permanent's own printed values"},
	{FaultExceptAppliedTwice, "copy.of-resonance", "707.9a", "\"except it has this ability\" adds the ability again when what it copies already has it"},
	{FaultCopiesNonCopyEffects, "copy.copiable-values", "707.2", "a copy takes the copied object's computed characteristics (its P/T, type-changing effects and counters)"},
	{FaultCountersCopied, "copy.copiable-values", "707.2", "a copy's power and toughness include the copied object's +1/+1 counters"},
	{FaultLandAbilityTwice, "copy.copiable-values", "305.6", "a copy of a basic land has its land type's mana ability twice: copied, and given again by its type"},
	{FaultCopyIsNewObject, "copy.prior-effects-persist", "707.4", "a permanent that becomes a copy loses the effects and counters on it, as if it were a new object"},
	{FaultCopiesExpireOneAtATime, "copy.overwrite-expire-together", "611.2a", "copy effects that end at the same moment end one at a time, one per moment"},
	{FaultUntilNextTurnEndsEarly, "copy.expires-before-next-turn", "611.2a", "\"until your next turn\" ends before any player's next turn, the opponent's too"},
	{FaultCloneDropsCopyDuration, "copy.expires-before-next-turn", "611.2a", "cloning the game state loses a copy effect's duration, so the copy lasts forever"},
	{FaultNoStartingLoyalty, "copy.planeswalker-loyalty", "306.5b", "a planeswalker enters with no loyalty counters instead of its printed loyalty"},
	{FaultLoyaltyTwicePerTurn, "copy.planeswalker-loyalty", "606.3", "a permanent's loyalty abilities can be activated more than once a turn"},
	{FaultLoyaltyNeverResets, "copy.planeswalker-loyalty", "606.3", "a permanent whose loyalty ability was activated can't activate one in a later turn"},
	{FaultGraveyardBottom, "invariant.cards", "404.1", "a card put into a graveyard goes under the cards there, not on top"},
	{FaultInstantsAtSorcerySpeed, "rules.priority", "117.1a", "an instant or a card with flash can be cast only when a sorcery could"},
	{FaultLegendKeepsFirst, "copy.legend-rule", "704.5j", "the legend rule keeps the permanent that came first instead of the one its controller chooses"},
	{FaultAttachedNonEquipmentStays, "copy.aura-equipment", "704.5p", "a permanent that is neither an Aura nor an Equipment (or is a creature) stays attached"},
	{FaultAuraIgnoresEnchant, "copy.aura-equipment", "704.5m", "an Aura attached to something its enchant ability doesn't allow stays on the battlefield"},
	{FaultSickOnlyIfEnteredCreature, "copy.summoning-sickness", "302.6", "a permanent that wasn't a creature as it entered isn't summoning sick when it becomes one"},
	{FaultMutatesInput, "invariant.purity", "-", "Step changes the state it was given"},
	{FaultHiddenState, "invariant.determinism", "-", "results depend on hidden state kept in the engine between calls"},
	{FaultUndefinedNotListed, "mana.undefined-type", "605.2", "a mana ability that would produce no mana (its type undefined) isn't listed as activatable"},
	{FaultSpellManaMultiplied, "mana.tap-for-mana", "605.1a", "a spell that adds mana counts as tapping for mana: Mana Reflection doubles it"},
	{FaultTapNotPaid, "cost.tap-symbol", "107.5", "paying {T} leaves the source untapped"},
	{FaultElixirLetsAttack, "cost.tap-symbol", "302.6", "Thousand-Year Elixir's \"as though it had haste\" lets a summoning-sick creature attack"},
	{FaultPoolsPersist, "invariant.pool", "106.4", "mana pools don't empty as a step ends"},
	{FaultLethalDamageIgnored, "invariant.sba", "704.5g", "a creature with lethal damage isn't destroyed"},
	{FaultCycleTriggersUnderDraw, "cycling.triggers-before-draw", "603.3", "a trigger of cycling goes on the stack under the cycling ability, so it resolves after the draw"},
	{FaultCycleDiscardTwice, "cycling.triggers-before-draw", "702.29d", "a cycled card triggers \"whenever you cycle or discard\" twice, once for cycling and once for discarding"},
	{FaultCancelTargetsAbilities, "cycling.not-a-spell", "702.29a", "\"counter target spell\" may target abilities on the stack, the cycling ability among them"},
	{FaultStifleTargetsSpells, "cycling.not-a-spell", "115.1", "\"counter target activated or triggered ability\" may target spells"},
	{FaultNoTargetBlocksCycling, "cycling.trigger-independent", "603.3d", "a card can't be cycled while its \"when you cycle\" trigger would have no legal target"},
	{FaultCounterTakesTriggers, "cycling.trigger-independent", "702.29c", "countering a cycling ability also removes the triggers its cost set off"},
	{FaultCleanupKeepsDamage, "rules.turn", "514.2", "the cleanup step doesn't remove damage from permanents"},
	{FaultEffectsEndAtEndStep, "rules.turn", "514.2", "\"until end of turn\" effects end as the end step begins instead of in the cleanup step"},
	{FaultUntapIgnoresDoesntUntap, "rules.turn", "502.3", "the untap step untaps permanents that \"don't untap during your untap step\""},
	{FaultPriorityAfterResolution, "rules.priority", "117.3b", "after a spell or ability resolves, the non-active player receives priority"},
	{FaultOnePassResolves, "rules.priority", "117.4", "a single pass resolves the top of the stack or ends the step"},
	{FaultTriggersNAPFirst, "rules.triggers", "603.3b", "triggers go on the stack non-active player's first (the active player's resolve first)"},
	{FaultInterveningIfOnce, "rules.triggers", "603.4", "an intervening \"if\" clause is checked when the ability triggers but not again on resolution"},
	{FaultLegendKeepsNone, "rules.sba", "704.5j", "the legend rule puts every permanent with the shared name into the graveyard, keeping none"},
	{FaultLastCardLoses, "rules.sba", "704.5b", "a player who draws the last card of their library loses, as if they had drawn from an empty one"},
	{FaultToughnessOneDies, "rules.sba", "704.5f", "a creature with toughness 1 is put into its owner's graveyard as if its toughness were 0"},
	{FaultEquipmentOwnCreaturesOnly, "rules.sba", "704.5n", "an Equipment attached to a creature its controller doesn't control becomes unattached"},
	{FaultOneShortOfLethalDies, "rules.sba", "704.5g", "a damaged creature is destroyed when its damage is one less than its toughness"},
	{FaultExactDamageSurvives, "rules.sba", "704.5g", "a creature whose damage equals its toughness survives: only damage greater than toughness is lethal"},
	{FaultSetPTErasesCounters, "rules.layers", "613.4c", "+1/+1 counters don't apply to a permanent whose P/T a layer 7b effect sets"},
	{FaultSetPTInTimestampOrder, "rules.layers", "613.4b", "P/T-setting effects (layer 7b) apply in timestamp order among the modifying ones (7c), so a later one erases an earlier pump"},
	{FaultAnthemEveryColor, "rules.layers", "611.3", "\"Creatures of the chosen color get +1/+1\" (Gauntlet of Power) applies to creatures of every colour"},
	{FaultZoneChangeKeepsID, "rules.zones", "400.7", "an object keeps its ID when it changes zones (the engine reports objects by card)"},
	{FaultResolvedMoveUnreported, "rules.zones", "400.7", "a permanent spell that resolves onto the battlefield is reported as resolving only, with no zone change from the stack"},
	{FaultEntersCountersOnce, "rules.zones", "614.1c", "a land that \"enters tapped with two charge counters on it\" (Vivid Crag) enters with one"},
	{FaultDeclinedStillDoes, "rules.effects", "118.12", "\"you may pay {N}. If you do, ...\": the \"if you do\" part happens when the player declines to pay too"},
	{FaultMayIgnoresAnswer, "rules.effects", "608.2d", "\"you may\" (Astral Slide's exile, Daring Archaeologist's return) asks, then does it whatever the answer"},
	{FaultLinkSurvivesRecopy, "copy.linked-abilities", "707.7", "a link made under one copy effect survives into a later copy effect on the same permanent"},
	{FaultLinkUsesOriginals, "copy.linked-abilities", "607.1", "a copied linked ability also refers to the cards the copied object's own ability exiled"},
	{FaultLegendCountsUnlegendaryCopy, "copy.legend-rule", "707.9b", "the legend rule counts a copy that \"isn't legendary\" (Spark Double) as a legend of its name"},
	{FaultAuraCopyEntersUnattached, "copy.aura-equipment", "303.4f", "a permanent entering as a copy of an Aura (Clever Impersonator copying Pacifism) enters attached to nothing, so it goes to the graveyard"},
	{FaultReturnedAuraAnyHost, "copy.linked-abilities", "303.4f", "an Aura put onto the battlefield other than as a spell may be attached to any permanent, whatever its enchant ability allows"},
	{FaultAuraWithoutHostDies, "copy.linked-abilities", "303.4g", "an Aura put onto the battlefield from exile with nothing to enchant goes to the graveyard instead of staying in exile"},
	{FaultAuraEnchantsEntering, "copy.linked-abilities", "303.4f", "an Aura returned with other cards at once may enchant a permanent returned with it (they are put onto the battlefield one at a time)"},
	{FaultUntapsEveryone, "rules.turn", "502.3", "the untap step untaps every player's permanents, the non-active player's too"},
	{FaultEffectsOutlastCleanup, "rules.turn", "514.2", "\"until end of turn\" effects don't end in the cleanup step"},
	{FaultEachFirstDrawSkipped, "rules.turn", "103.8a", "each player skips the draw of their first turn, not only the player who plays first"},
	{FaultCleanupTriggersWait, "rules.turn", "514.3a", "abilities that trigger on a discard to hand size wait for the next turn to go on the stack, with no priority in the cleanup step"},
	{FaultDiscardsOnlyOne, "rules.turn", "514.1", "the cleanup step discards one card, however many more than seven the active player holds"},
	{FaultDiscardGivesPriority, "rules.turn", "514.3a", "after discarding to hand size in the cleanup step, players receive priority though nothing triggered"},
	{FaultOtherAfterCasting, "rules.priority", "117.3c", "after a player casts a spell or activates an ability, the other player receives priority"},
	{FaultStepEndsOverStack, "rules.priority", "117.4", "both players passing in succession with a non-empty stack ends the step, the stack left as it is"},
	{FaultEmptyStackStays, "rules.priority", "500.2", "both players passing in succession with an empty stack doesn't end the step: the active player receives priority again"},
	{FaultTriggerPushedTwice, "rules.triggers", "603.3", "each triggered ability is put on the stack twice"},
	{FaultTriggerOrderNotAsked, "rules.triggers", "603.3b", "a player whose different abilities trigger at once isn't asked their order: the first listed goes on the stack first"},
	{FaultInterveningIfNotAtEvent, "rules.triggers", "603.4", "an intervening \"if\" clause isn't checked when the trigger event happens, only on resolution"},
	{FaultLethalBeforePumps, "rules.sba", "704.5g", "lethal damage is judged against the toughness without the P/T changes of resolved spells and abilities"},
	{FaultDamageLowersToughness, "rules.sba", "704.5f", "damage marked on a creature lowers its toughness, so a creature with lethal damage is put into its graveyard for toughness 0 or less"},
	{FaultFirstCounterIgnored, "rules.layers", "613.4c", "a permanent's first +1/+1 counter doesn't change its P/T"},
	{FaultCountersCountOnce, "rules.layers", "613.4c", "+1/+1 counters give +1/+1 however many there are"},
	{FaultModifyBeforeSet, "rules.layers", "613.4c", "P/T-modifying effects (layer 7c) apply before the setting ones (7b), which erase them; counters still apply last"},
	{FaultAnimatedIsNewObject, "rules.zones", "400.7", "a permanent an effect makes a creature is reported as a new object, as if it had entered"},
	{FaultAuraStaysOnNothing, "invariant.sba", "704.5m", "an Aura whose host has left the battlefield stays on the battlefield, attached to nothing"},
	{FaultEquipmentOnNoncreature, "invariant.sba", "704.5n", "an Equipment attached to a permanent that is no longer a creature stays attached"},
	{FaultReturnSkipsEntering, "copy.of-a-copy", "614.1c", "a card a delayed trigger returns from exile (Astral Slide) is put onto the battlefield without its \"enter as a copy\" replacement: a returned Clone copies nothing and dies a 0/0"},
	{FaultEnteringChoiceByResolver, "copy.of-a-copy", "707.5", "a permanent another player's ability puts onto the battlefield makes its \"as it enters\" choices (what it copies, a colour) as that ability's controller"},
	{FaultTargetFollowsCard, "rules.zones", "608.2b", "a target is remembered by card: on resolution one that changed zones is its card's new object, wherever it is, and still legal"},
	{FaultEffectsFollowCard, "rules.zones", "611.2c", "a continuous effect from a resolved spell or ability follows the card it affected to its new object when the card changes zones, so a Giant Growth still pumps the creature an Astral Slide returned"},
	{FaultFaceDownIdentityShown, "historic.face-down-not-historic", "708.5", "a player's view names the card an opponent's face-down permanent is"},
	{FaultFaceDownKeepsName, "historic.face-down-not-historic", "708.2a", "a face-down spell or permanent keeps its card's name and colour"},
	{FaultFaceDownLegendary, "historic.face-down-not-historic", "708.2a", "a face-down spell or permanent keeps its card's supertypes: a legendary card stays legendary, so historic"},
	{FaultFaceUpNewObject, "historic.face-down-not-historic", "708.8", "turning a face-down permanent face up makes it a new object"},
	{FaultFaceUpUsesStack, "historic.face-down-not-historic", "116.3", "turning a face-down permanent face up gives priority to the other player, as if it had used the stack"},
	{FaultFaceDownCastHistoric, "historic.face-down-not-historic", "700.6", "casting a face-down spell triggers \"whenever you cast a historic spell\" as its card would: the card's characteristics are read, not the face-down spell's"},
	{FaultLeavesFaceDown, "historic.face-down-not-historic", "708.9", "a face-down spell or permanent that leaves for a graveyard or exile stays face down there, its card unrevealed"},
	{FaultProtectionTargetable, "rules.protection", "702.16b", "a permanent with protection from a colour may be the target of spells of that colour and of abilities from sources of that colour"},
	{FaultProtectionDamaged, "rules.protection", "702.16e", "damage from a source of a colour a permanent has protection from is dealt, not prevented"},
	{FaultProtectionBlockable, "rules.protection", "702.16f", "an attacking creature with protection from a colour may be blocked by creatures of that colour"},
	{FaultProtectionAttachable, "rules.protection", "702.16c", "an Aura or Equipment of a colour stays attached to a permanent with protection from that colour"},
	{FaultCopiesFaceDownCard, "copy.copiable-values", "708.2a", "a copy of a face-down permanent gets its card's copiable values (Clone copying a face-down Akroma becomes Akroma) instead of the face-down 2/2's"},
	{FaultTopShownWithoutLook, "library.look-top-any-time", "401.2", "a player sees the top card of their library without an effect that lets them look at it"},
	{FaultTopHiddenWithLook, "library.look-top-any-time", "401.5", "a player who controls Crystal Skull doesn't see the top card of their library"},
	{FaultOpponentHandShown, "library.look-top-any-time", "402.3", "a player's view shows the opponent's hand"},
	{FaultNewTopShownCasting, "library.top-changes-while-casting", "401.5", "a player who casts a spell from the top of their library sees the new top card before they finish casting"},
	{FaultNewTopHiddenOnStack, "library.top-changes-while-casting", "401.5", "after casting a spell from the top of their library, a player sees the new top card only once the spell has left the stack, not as soon as casting ends"},
	{FaultReturnsUnderExiler, "copy.linked-abilities", "610.3c", "\"return the exiled card to the battlefield under its owner's control\" (Oblivion Ring, Helvault) returns it under the returning ability's controller instead"},
	{FaultPutFiresCastTriggers, "historic.cast-only", "601.2i", "a permanent put onto the battlefield without being cast (Sneak Attack) triggers \"whenever you cast\" abilities as if it had been cast"},
	{FaultHistoricPerQuality, "historic.definition", "700.6", "a spell that is historic twice over (a legendary artifact) triggers \"whenever you cast a historic spell\" once for each quality"},
	{FaultLandPlayFiresCastTriggers, "historic.lands-and-transform", "305.1", "playing a land triggers \"whenever you cast\" abilities as if it had been cast"},
	{FaultTopIgnoresTiming, "library.costs-and-timing", "307.1", "a spell or land from the top of the library may be cast or played at any time the player has priority"},
	{FaultTopAdmitsAnySpell, "library.costs-and-timing", "601.3", "a permission to cast some spells from the top of the library (creature spells, artifact spells) lets its controller cast any spell from there"},
	{FaultLegendOfEitherPlayer, "library.costs-and-timing", "205.4e", "a legendary sorcery may be cast while either player controls a legendary creature or planeswalker"},
	{FaultTopLandSkipsLandDrop, "library.costs-and-timing", "305.2", "a land played from the top of the library isn't counted as the turn's land drop"},
	{FaultCancelReordersLibrary, "library.costs-and-timing", "601.2", "cancelling a cast from the top of the library puts the card back at the bottom, not where it was"},
	{FaultCastTriggerUnderSpell, "historic.trigger-resolves-first", "603.3", "a \"whenever you cast\" trigger goes on the stack under the spell that triggered it, so it resolves after it"},
	{FaultTransformFiresCastTriggers, "historic.lands-and-transform", "712.18", "a permanent transforming into something historic (Westvale Abbey into Ormendahl) triggers \"whenever you cast a historic spell\" abilities as if it had been cast"},
	{FaultTransformNewObject, "rules.transform", "712.18", "a transforming permanent becomes a new object"},
	{FaultTransformLosesCounters, "rules.transform", "712.18", "a transforming permanent loses its counters"},
	{FaultTransformSick, "rules.transform", "302.6", "a transforming permanent becomes summoning sick, as if it had just come under its controller's control"},
	{FaultLifelinkGainsNothing, "rules.lifelink", "702.15b", "damage dealt by a source with lifelink (Ormendahl) gains its controller no life"},
	{FaultLoreInDrawStep, "rules.sagas", "714.3c", "the lore counter of the turn is put on each Saga as the draw step begins, after the draw, instead of as the precombat main phase begins"},
	{FaultSagaSacrificedEarly, "rules.sagas", "714.4", "a Saga whose lore counters reached its final chapter is sacrificed while its chapter ability is still on the stack"},
	{FaultPastChaptersTrigger, "rules.sagas", "714.2b", "a lore counter triggers every chapter ability whose number the Saga's lore counters are at or past, not only the chapters it reaches"},
	{FaultSagaNotHistoric, "historic.definition", "700.6", "a Saga isn't historic: only legendary and artifact spells trigger \"whenever you cast a historic spell\""},
	{FaultEffectDamageSpared, "rules.damage", "608.2c", "a spell or ability that deals damage to a creature deals none when the creature has no damage marked yet"},
	{FaultDamageMarkedOnce, "rules.damage", "120.3e", "a creature dealt damage has 1 damage marked, whatever the amount"},
	{FaultLoyaltyLostOnce, "rules.damage", "120.3c", "a planeswalker dealt damage loses 1 loyalty counter, whatever the amount"},
	{FaultPlayerDamageTwice, "rules.damage", "120.3a", "damage a spell or ability deals to a player is subtracted from their life twice"},
	{FaultBlockersDealNoDamage, "rules.damage", "510.1d", "a blocking creature deals no combat damage to the attacker it blocks"},
	{FaultDivisionUnlabelled, "rules.damage", "510.1c", "the options to divide a blocked creature's combat damage among its blockers don't say how much goes where"},
	{FaultEffectDrawsFromBottom, "rules.effects", "121.1", "a spell or ability that has a player draw takes the bottom card of their library, not the top (the draw step still draws the top)"},
	{FaultTokensForActive, "rules.effects", "111.2", "a token is created under the control of the active player, whoever controls the spell or ability that creates it"},
	{FaultTrampleIgnored, "rules.damage", "702.19b", "a blocked creature with trample assigns all its damage to its blockers, none to what it attacks, and none at all with no blocker left"},
	{FaultAbilityCostPlusOne, "rules.costs", "602.2b", "an activated ability that isn't a mana ability is locked in at {1} more than its printed cost"},
	{FaultPassWhilePaying, "rules.costs", "601.2g", "while a spell's or ability's cost waits to be paid, passing priority is listed too"},
	{FaultPayOfferedWithoutMana, "rules.costs", "118.3", "an option to pay mana while something resolves is offered even when the mana pool can't cover it"},
	{FaultCounterCostNotPaid, "rules.costs", "601.2h", "a cost that removes counters from the source (Walking Ballista, Vivid Crag) is paid without removing them"},
	{FaultTargetsNoPlayerB, "rules.targets", "115.4", "a spell or ability that may target a player never offers player B"},
	{FaultCounteredSpellExiled, "rules.countering", "701.6a", "a countered spell is exiled instead of put into its owner's graveyard"},
	{FaultAnyoneMayAct, "rules.legal-actions", "117.1", "the player without priority may cast, play and activate as if they had it (what is listed is still right)"},
	{FaultCounterUncounterable, "rules.countering", "101.2", "a spell that can't be countered is countered all the same by a counterspell"},
	{FaultLeavingTriggersAnyZone, "rules.triggers", "603.10a", "\"dies\" and \"is put into a graveyard from the battlefield\" abilities trigger when the permanent leaves the battlefield for any zone (exiled, returned to hand)"},
	{FaultTargetsIgnoreController, "rules.targets", "109.5", "\"target creature you control\" and \"target creature you don't control\" offer every creature, whoever controls it"},
	{FaultCrowdedBlocksUnoffered, "rules.blocks", "509.1a", "when there are more declarations of blockers than the engine lists one by one, only \"no block\" is offered"},
	{FaultFlyingBlockedByGround, "rules.blocks", "702.9b", "a creature with neither flying nor reach may block an attacker with flying"},
	{FaultTappedBlocks, "rules.blocks", "509.1a", "a tapped creature of the defending player may block"},
	{FaultLoyaltyOneShort, "rules.costs", "606.6", "a loyalty ability with a negative cost needs one loyalty counter more than it removes"},
	{FaultLoserPlaysOn, "rules.sba", "104.2a", "a player who loses the game leaves it going on: the game isn't over"},
	{FaultProjectionAlwaysShared, "invariant.caches", "-", "a state stepped from another takes the characteristics computed for that one, whatever changed since (a cache never invalidated)"},
	{FaultTopOfLibraryLost, "invariant.cards", "400.1", "a card put on top of its owner's library (Academy Ruins) is in no zone afterwards"},
	{FaultControllersGraveyard, "invariant.cards", "400.3", "a card put into a graveyard goes to its controller's graveyard, not its owner's"},
	{FaultWalkersUnattackable, "rules.attacks", "508.1b", "creatures may attack only the defending player, never a planeswalker they control"},
	{FaultVigilanceTaps, "rules.attacks", "702.20b", "an attacking creature with vigilance becomes tapped like the others"},
	{FaultBlockersKeepPriority, "rules.priority", "117.1", "while the defending player declares blockers, the player who had priority keeps it"},
	{FaultAttackTapUnreported, "rules.taps", "508.1f", "an attacking creature is tapped without a \"tapped\" event"},
	{FaultUntapStepUnreported, "rules.taps", "502.3", "the untap step untaps permanents without an \"untapped\" event"},
	{FaultCastConditionIgnored, "rules.triggers", "603.2", "\"whenever you cast a noncreature spell\" triggers on a creature spell too: the condition of the trigger event is ignored"},
	{FaultTriggerTargetsUnnoted, "rules.triggers", "603.3d", "a permanent chosen as the target of a triggered ability as it goes on the stack doesn't \"become the target\": only spells and activated abilities trigger it"},
	{FaultEntersTriggersPrinted, "rules.triggers", "603.6a", "a permanent's enters-the-battlefield abilities are read from its card, not from what it entered as: a copy of Oblivion Ring entering doesn't trigger"},
	{FaultAnotherTargetsItself, "rules.targets", "603.3d", "a triggered ability's \"another target\" may be its own source: Oblivion Ring entering may exile itself"},
}

// Faults lists every deliberate fault, sorted by name.
func Faults() []FaultInfo {
	out := append([]FaultInfo(nil), faultInfo...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// FaultInfo describes one deliberate rule bug.
type FaultInfo struct {
	Name        string `json:"name"`
	Ruling      string `json:"ruling"`
	Rule        string `json:"rule"`
	Description string `json:"description"`
}

// faultSet is the set of faults switched on; nil means none. It is shared, read-only.
type faultSet map[string]bool

func (f *faultSet) on(name string) bool { return f != nil && (*f)[name] }

func newFaultSet(names []string) (*faultSet, error) {
	if len(names) == 0 {
		return nil, nil
	}
	known := map[string]bool{}
	for _, fi := range faultInfo {
		known[fi.Name] = true
	}
	fs := faultSet{}
	for _, n := range names {
		if !known[n] {
			return nil, fmt.Errorf("unknown fault %q (engine.Faults lists them)", n)
		}
		fs[n] = true
	}
	return &fs, nil
}
