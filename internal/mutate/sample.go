package mutate

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Select picks the mutants to judge: a sample of n of them (all when n is 0 or at least
// their number), the same for the same seed, then shard k of n (k from 1; shard 0 of 0 is
// all): those at places i of the sample with i % n == k-1, as a campaign shards cases.
// The result is in ID order.
func Select(all []*Mutant, sample int, seed uint64, shardK, shardN int) ([]*Mutant, error) {
	if sample < 0 {
		return nil, fmt.Errorf("sample %d: want at least 0", sample)
	}
	if shardN < 0 || shardN > 0 && (shardK < 1 || shardK > shardN) {
		return nil, fmt.Errorf("shard %d/%d: want K/N with 1 <= K <= N", shardK, shardN)
	}
	picked := slices.Clone(all)
	if sample > 0 && sample < len(all) {
		rng := rand.New(rand.NewPCG(seed, 0x6d7574616e7473)) // "mutants"
		rng.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
		picked = picked[:sample]
		slices.SortFunc(picked, func(a, b *Mutant) int { return a.ID - b.ID })
	}
	if shardN == 0 {
		return picked, nil
	}
	var out []*Mutant
	for i, m := range picked {
		if i%shardN == shardK-1 {
			out = append(out, m)
		}
	}
	return out, nil
}
