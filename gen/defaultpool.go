package gen

import "sync"

// defaultCards is the reference engine's card pool (its cards_*.go files), with only what
// the board generator needs to know about each card. Engines with other pools
// are learnt with [ProbePool].
var defaultCards = []Card{
	{Name: "Plains", Kind: Basic | Land},
	{Name: "Island", Kind: Basic | Land},
	{Name: "Swamp", Kind: Basic | Land},
	{Name: "Mountain", Kind: Basic | Land},
	{Name: "Forest", Kind: Basic | Land},
	{Name: "Wastes", Kind: Basic | Land},
	{Name: "Reflecting Pool", Kind: Land},
	{Name: "Exotic Orchard", Kind: Land},
	{Name: "Meteor Crater", Kind: Land},
	{Name: "Vivid Crag", Kind: Land | ChargeCounters},
	{Name: "Gaea's Cradle", Kind: Legendary | Land},
	{Name: "Academy Ruins", Kind: Legendary | Land},
	{Name: "Darksteel Citadel", Kind: Artifact | Land},
	{Name: "Mutavault", Kind: Land},
	{Name: "Llanowar Elves", Kind: Creature},
	{Name: "Grizzly Bears", Kind: Creature},
	{Name: "Hill Giant", Kind: Creature},
	{Name: "Pili-Pala", Kind: Artifact | Creature},
	{Name: "Walking Ballista", Kind: Artifact | Creature | PlusCounters},
	{Name: "Hangarback Walker", Kind: Artifact | Creature | PlusCounters},
	{Name: "Nyxbloom Ancient", Kind: Enchantment | Creature},
	{Name: "Fellwar Stone", Kind: Artifact},
	{Name: "Mana Vault", Kind: Artifact},
	{Name: "Gauntlet of Power", Kind: Artifact | ChoosesColor},
	{Name: "Thousand-Year Elixir", Kind: Artifact},
	{Name: "Umbral Mantle", Kind: Artifact | Equipment},
	{Name: "Mana Reflection", Kind: Enchantment},
	{Name: "Contamination", Kind: Enchantment},
	{Name: "Mana Flare", Kind: Enchantment},
	{Name: "Heartbeat of Spring", Kind: Enchantment},
	{Name: "Wild Growth", Kind: Enchantment | Aura, Enchant: Land},
	{Name: "Dark Ritual", Kind: Instant},
	{Name: "Twiddle", Kind: Instant},
	{Name: "Giant Growth", Kind: Instant},
}

var defaultPool = sync.OnceValue(func() *Pool {
	p, err := NewPool(defaultCards)
	if err != nil {
		panic(err) // the table above is a constant of the program
	}
	return p
})

// DefaultPool is the reference engine's pool. It is immutable and shared.
func DefaultPool() *Pool { return defaultPool() }
