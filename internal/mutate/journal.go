package mutate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Settings are what a verdict depends on besides its mutant: the source the schema and
// the judge are built from, and the judgement's settings. A journal holds the verdicts of
// one Settings; the verdicts of several journals or reports make one report only if
// their Settings are equal.
type Settings struct {
	// Hash is SourceHash's: the module's Go source, go.mod and go.sum, and the corpus.
	Hash    string `json:"hash"`
	Package string `json:"package"`
	Mutants int    `json:"mutants"`
	Seed    uint64 `json:"campaign_seed"`
	Checks  int    `json:"checks"`
	Pruned  bool   `json:"pruned,omitempty"`
}

// SourceHash is the hash of what the verdicts are made of: every Go file of the module at
// root that is built (not the tests, not testdata), go.mod and go.sum, and the corpus's
// files, by their paths. A schema kept in the module (--keep keep) is left out: its
// sources are made from the engine's, and a run that wrote one would otherwise find its
// own journal of another source at the next.
func SourceHash(root, corpus string) (string, error) {
	h := sha256.New()
	add := func(base, prefix string, want func(rel string, d fs.DirEntry) bool) error {
		return filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(base, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || isSchema(path)) {
					return filepath.SkipDir
				}
				return nil
			}
			if !want(rel, d) {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s/%s\x00%d\x00", prefix, rel, len(data))
			h.Write(data)
			return nil
		})
	}
	if err := add(root, "module", func(rel string, d fs.DirEntry) bool {
		return rel == "go.mod" || rel == "go.sum" || strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
	}); err != nil {
		return "", err
	}
	if err := add(corpus, "corpus", func(string, fs.DirEntry) bool { return true }); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// isSchema reports whether dir holds a schema written by Schema: its overlay beside the
// mutated sources.
func isSchema(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, overlayFile))
	src, err2 := os.Stat(filepath.Join(dir, schemaSources))
	return err == nil && err2 == nil && src.IsDir()
}

// Journal is a file of verdicts written as they are known: a first line of Settings,
// then one Result per line, so that a run cut short (a session's end, a signal) keeps
// every verdict given, and a run with the same journal judges only the others.
type Journal struct {
	f *os.File
}

// journalHeader is a journal's first line.
type journalHeader struct {
	Journal  string   `json:"journal"` // "fuzz mutate"
	Settings Settings `json:"settings"`
}

const journalName = "fuzz mutate"

// OpenJournal opens the journal at path for the settings, creating it if there is none,
// and returns the results it holds. A journal of other settings is an error: its verdicts
// are not those this run would give.
func OpenJournal(path string, s Settings) (*Journal, []Result, error) {
	var old []Result
	if data, err := os.ReadFile(path); err == nil && len(data) > 0 {
		got, results, err := parseJournal(path, data)
		if err != nil {
			return nil, nil, err
		}
		if got != s {
			return nil, nil, fmt.Errorf("%s: the journal is of other settings or source (%s), not this run's (%s): give another journal, or run with the settings it names",
				path, describeSettings(got), describeSettings(s))
		}
		old = results
		if data[len(data)-1] != '\n' { // a line cut short when the run was killed: dropped
			if err := os.Truncate(path, int64(bytes.LastIndexByte(data, '\n')+1)); err != nil {
				return nil, nil, err
			}
		}
	} else if err != nil && !os.IsNotExist(err) {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	j := &Journal{f: f}
	if old == nil {
		if info, err := f.Stat(); err == nil && info.Size() == 0 {
			if err := j.line(journalHeader{journalName, s}); err != nil {
				f.Close()
				return nil, nil, err
			}
		}
	}
	return j, old, nil
}

func describeSettings(s Settings) string {
	p := ""
	if s.Pruned {
		p = ", pruned"
	}
	return fmt.Sprintf("source %s, %d mutants of %s/, campaign seed %d, %d checks%s", s.Hash, s.Mutants, s.Package, s.Seed, s.Checks, p)
}

// Add writes a result, on disk before it returns.
func (j *Journal) Add(r Result) error {
	if err := j.line(r); err != nil {
		return err
	}
	return j.f.Sync()
}

func (j *Journal) line(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = j.f.Write(append(data, '\n'))
	return err
}

// Close closes the journal's file.
func (j *Journal) Close() error { return j.f.Close() }

// parseJournal reads a journal: its settings and its results, a result given twice kept
// once (the last). A last line without its newline, cut short by a killed run, is left out.
func parseJournal(name string, data []byte) (Settings, []Result, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var h journalHeader
	byID := map[int]Result{}
	complete := len(data) > 0 && data[len(data)-1] == '\n'
	lines := bytes.Count(data, []byte{'\n'})
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Journal != journalName {
				return Settings{}, nil, fmt.Errorf("%s:1: not a journal of fuzz mutate: want its first line {\"journal\":\"fuzz mutate\",...}", name)
			}
			continue
		}
		if n > lines && !complete {
			break
		}
		var r Result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil || r.ID < 1 || r.Outcome == "" {
			return Settings{}, nil, fmt.Errorf("%s:%d: want a verdict of a mutant (a JSON object with its id and outcome)", name, n)
		}
		byID[r.ID] = r
	}
	if err := sc.Err(); err != nil {
		return Settings{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	out := make([]Result, 0, len(byID))
	for _, r := range byID {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Result) int { return a.ID - b.ID })
	return h.Settings, out, nil
}
