package gen

import "math/bits"

// splitMix is SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, statistically decent
// generator whose whole state is one word. Campaigns derive one per case from the seed,
// so nothing ever touches a global RNG and a case is reproducible from its seed alone.
type splitMix struct{ state uint64 }

// next returns the next 64 random bits.
func (s *splitMix) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	return Mix(s.state)
}

// below returns a value in [0, n) (n >= 1) by Lemire's multiply-shift, which is unbiased
// enough for generation and needs no division.
func (s *splitMix) below(n uint64) uint64 {
	hi, _ := bits.Mul64(s.next(), n)
	return hi
}

// Mix is SplitMix64's finalizer: a bijection on 64-bit words that spreads every input bit
// over the output. Campaigns use it to derive per-case seeds.
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// HashString is 64-bit FNV-1a of s: a stable hash (unlike maps' seeded hashing) for
// deriving seeds from property IDs.
func HashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
