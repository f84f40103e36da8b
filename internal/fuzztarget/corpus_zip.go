package fuzztarget

import (
	"archive/zip"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"slices"
)

// SeedCorpusName is the file ClusterFuzzLite and OSS-Fuzz take the target's seed corpus
// from, beside its fuzzer in $OUT: Func() + "_seed_corpus.zip".
func (t *Target) SeedCorpusName() string { return t.Func() + "_seed_corpus.zip" }

// WriteSeedCorpus writes the target's seed corpus to w as a zip of raw libFuzzer inputs
// (ToLibFuzzer of the Seeds of that campaign), each named by its SHA-1 as libFuzzer names
// corpus files, in name order: the same bytes for the same seed and cases. It returns how
// many inputs it wrote.
func (t *Target) WriteSeedCorpus(w io.Writer, seed uint64, cases int) (int, error) {
	ins, err := t.Seeds(seed, cases)
	if err != nil {
		return 0, err
	}
	files := map[string][]byte{}
	for _, in := range ins {
		raw := ToLibFuzzer(in)
		sum := sha1.Sum(raw)
		files[hex.EncodeToString(sum[:])] = raw
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	z := zip.NewWriter(w)
	for _, name := range names {
		// A header without a modification time: the archive depends on its inputs alone.
		f, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			return 0, err
		}
		if _, err := f.Write(files[name]); err != nil {
			return 0, err
		}
	}
	return len(names), z.Close()
}
