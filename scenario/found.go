package scenario

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Option adds information to FromCounterexample.
type Option func(*foundOptions)

type foundOptions struct {
	props  []string
	before []harness.Snapshot
	runs   []gen.PassRun
	final  *Observed
}

// Observed is what a trusted engine showed after a scenario's last action: the found
// scenario expects exactly that (where its vocabulary can say it), so it fails on an
// engine that diverges.
type Observed struct {
	Snapshot harness.Snapshot
	// Could is what each battlefield permanent could produce, when the engine answers
	// mana queries.
	Could map[harness.CardID]harness.TypeSet
	// Legal are actions the trusted engine listed and Illegal actions it did not, where the
	// other engine's lists differed.
	Legal, Illegal []harness.Action
}

// WithObserved makes the scenario's expectations the observation obs at its end, instead
// of properties: for a scenario found by comparing two engines.
func WithObserved(obs Observed) Option {
	return func(o *foundOptions) { o.final = &obs }
}

// WithProperties names the properties the found scenario must satisfy when replayed
// (its "holds:" expectations). Without it, each ruling ID stands for every property
// of that ruling.
func WithProperties(ids ...string) Option {
	return func(o *foundOptions) { o.props = append(o.props, ids...) }
}

// WithSnapshots gives the snapshot before each action (same length as the actions), so
// the writer can say "mana" for a first mana ability and name tokens by their names.
func WithSnapshots(before []harness.Snapshot) Option {
	return func(o *foundOptions) { o.before = before }
}

// WithPassRuns writes each run of passes (gen.PassRuns of the actions' replay) as one
// "pass until" line, which replays as the very same passes.
func WithPassRuns(runs []gen.PassRun) Option {
	return func(o *foundOptions) { o.runs = runs }
}

// FromCounterexample turns a shrunk counterexample into a scenario: the setup with labels
// where card names repeat, the actions as action lines, and a "holds:" expectation per
// property so the file replays as a regression gate. It adds no other expectation: the
// property is the only claim the run can back, and not that its situation is reached
// (the bug may be what made it).
func FromCounterexample(rulings, rules []string, title, origin string, setup harness.Setup, actions []harness.Action, opts ...Option) *Scenario {
	var o foundOptions
	for _, opt := range opts {
		opt(&o)
	}
	s := cloneSetup(setup)
	keepIDs := !defaultNumbering(s)
	_ = s.Normalize() // a setup that came from a run is already valid; numbering is all this adds
	sc := &Scenario{
		Format: FormatVersion, Rulings: append([]string(nil), rulings...), Rules: append([]string(nil), rules...),
		Title: title, Origin: origin,
	}
	book := newRefBook()
	labels := labelsFor(&s)
	in := &sc.Initial
	*in = SetupSpec{Turn: s.Turn, Active: s.Active, Step: s.Step, LandsPlayed: s.LandsPlayed}
	entry := func(c harness.CardSpec) CardEntry {
		e := CardEntry{Name: c.Name, Label: labels[c.ID]}
		if keepIDs {
			e.ID = c.ID
		}
		book.add(c.ID, c.Name, e.Label)
		return e
	}
	entries := func(cs []harness.CardSpec) []CardEntry {
		var out []CardEntry
		for _, c := range cs {
			out = append(out, entry(c))
		}
		return out
	}
	for pl := range s.Players {
		ps, out := &s.Players[pl], &in.Players[pl]
		if ps.Life != harness.DefaultLife {
			life := ps.Life
			out.Life = &life
		}
		out.Pool = ps.Pool
		out.Library, out.Hand = entries(ps.Library), entries(ps.Hand)
		out.Graveyard, out.Exile = entries(ps.Graveyard), entries(ps.Exile)
		for _, pm := range ps.Battlefield {
			out.Battlefield = append(out.Battlefield, PermanentEntry{
				CardEntry: entry(pm.CardSpec), Tapped: pm.Tapped, Sick: pm.Sick, Token: pm.Token, Size: pm.Size,
				FaceDown: pm.FaceDown, Transformed: pm.Transformed, Counters: cloneMap(pm.Counters), Damage: pm.Damage,
				Owner: pm.Owner, Choices: cloneMap(pm.Choices),
			})
		}
	}
	// Attachments last: every card has its reference by now.
	for pl := range s.Players {
		for i, pm := range s.Players[pl].Battlefield {
			if pm.AttachedTo != 0 {
				in.Players[pl].Battlefield[i].Attached = book.write(pm.AttachedTo, nil)
			}
			for _, c := range pm.Copying {
				in.Players[pl].Battlefield[i].Copying = append(in.Players[pl].Battlefield[i].Copying, book.write(c, nil))
			}
			for _, c := range pm.ExiledWith {
				in.Players[pl].Battlefield[i].ExiledWith = append(in.Players[pl].Battlefield[i].ExiledWith, book.write(c, nil))
			}
		}
	}
	runs := o.runs
	for i := 0; i < len(actions); i++ {
		if len(runs) > 0 && runs[0].From == i && runs[0].To < len(actions) {
			r := runs[0]
			sc.Steps = append(sc.Steps, Step{Action: &ActionSpec{Player: harness.NoPlayer, Verb: VerbPassUntil,
				Until: &Until{Turn: r.Turn, Active: r.Active, Step: r.Step}}})
			i, runs = r.To, runs[1:]
			continue
		}
		var snap *harness.Snapshot
		if i < len(o.before) {
			snap = &o.before[i]
		}
		line := actionLine(actions[i], book, snap)
		sc.Steps = append(sc.Steps, Step{Action: &line})
	}
	if o.final != nil {
		sc.Expect = observedChecks(o.final, book)
		return sc
	}
	ids := o.props
	if len(ids) == 0 {
		ids = rulings
	}
	for _, id := range ids {
		sc.Expect = append(sc.Expect, &PropertyCheck{ID: id, AnyReach: true})
	}
	return sc
}

// observedChecks writes an observation as expectations: turn and step, life totals and
// pools, which permanents are tapped, what each could produce, and the actions whose
// legality the engines disagreed on.
func observedChecks(obs *Observed, book *refBook) []Expectation {
	s := &obs.Snapshot
	turn, active, step, prio := s.Turn, s.Active, s.Step, s.Priority
	out := []Expectation{&TurnStep{Turn: &turn, Active: &active, Step: &step, Priority: &prio}}
	var life Life
	var pools Pool
	for p := range s.Players {
		life.Life.Set(harness.Player(p), s.Players[p].Life)
		pools.Pools.Set(harness.Player(p), s.Players[p].Pool)
	}
	out = append(out, &life, &pools)
	tapped, untapped := &Tapped{Tapped: true}, &Tapped{}
	var could []Expectation
	for _, o := range s.Battlefield {
		ref := book.write(o.Card, s)
		if o.Tapped {
			tapped.Cards = append(tapped.Cards, ref)
		} else {
			untapped.Cards = append(untapped.Cards, ref)
		}
		if t, ok := obs.Could[o.Card]; ok {
			could = append(could, &CouldProduce{Card: ref, Types: t})
		}
	}
	for _, t := range []*Tapped{tapped, untapped} {
		if len(t.Cards) > 0 {
			out = append(out, t)
		}
	}
	out = append(out, could...)
	for _, a := range obs.Legal {
		out = append(out, &Legality{Action: actionLine(a, book, s), Legal: true})
	}
	for _, a := range obs.Illegal {
		out = append(out, &Legality{Action: actionLine(a, book, s), Legal: false})
	}
	return out
}

func cloneSetup(s harness.Setup) harness.Setup {
	out := s
	for pl := range s.Players {
		ps := s.Players[pl]
		ps.Library = append([]harness.CardSpec(nil), ps.Library...)
		ps.Hand = append([]harness.CardSpec(nil), ps.Hand...)
		ps.Graveyard = append([]harness.CardSpec(nil), ps.Graveyard...)
		ps.Exile = append([]harness.CardSpec(nil), ps.Exile...)
		bf := make([]harness.PermanentSpec, len(ps.Battlefield))
		for i, pm := range ps.Battlefield {
			pm.Counters = cloneMap(pm.Counters)
			pm.Choices = cloneMap(pm.Choices)
			if pm.Owner != nil {
				o := *pm.Owner
				pm.Owner = &o
			}
			bf[i] = pm
		}
		ps.Battlefield = bf
		out.Players[pl] = ps
	}
	return out
}

// defaultNumbering reports whether the setup's IDs are those Normalize gives a setup
// without IDs, so the file need not write them.
func defaultNumbering(s harness.Setup) bool {
	var want harness.CardID = 1
	ok := true
	eachSetupCard(&s, func(c *harness.CardSpec) {
		if c.ID != 0 && c.ID != want {
			ok = false
		}
		want++
	})
	return ok
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// labelsFor gives every card whose name is not unique in the setup a label: the name in
// lower case with dashes, and its rank among the cards of that name ("forest-2").
func labelsFor(s *harness.Setup) map[harness.CardID]string {
	byName := map[string][]harness.CardID{}
	eachSetupCard(s, func(c *harness.CardSpec) { byName[c.Name] = append(byName[c.Name], c.ID) })
	out := map[harness.CardID]string{}
	taken := map[string]bool{}
	for name := range byName {
		taken[name] = true
	}
	for _, name := range harness.SortedKeys(byName) {
		ids := byName[name]
		if len(ids) < 2 {
			continue
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		slug := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
		for i, id := range ids {
			l := fmt.Sprintf("%s-%d", slug, i+1)
			for taken[l] || strings.EqualFold(l, "a") || strings.EqualFold(l, "b") {
				l += "x"
			}
			taken[l] = true
			out[id] = l
		}
	}
	return out
}

// ContentHash identifies what a scenario says, leaving out its title, origin and path:
// two runs that find the same counterexample give the same hash.
func ContentHash(sc *Scenario) string {
	c := *sc
	c.Title, c.Origin, c.Path = "", "", ""
	sum := sha256.Sum256(Marshal(&c))
	return hex.EncodeToString(sum[:])
}

// Save writes a found scenario to <dir>/<first ruling>/found-<8 hex of ContentHash>.yaml.
// If a scenario with the same content is already there (under any name), it returns that
// file's path with created false. It never overwrites a file: a different file under the
// same name makes it pick found-<hash>-2.yaml, -3, and so on. sc.Path is set to the path.
func Save(dir string, sc *Scenario) (path string, created bool, err error) {
	if len(sc.Rulings) == 0 {
		return "", false, errors.New("corpus: a scenario needs a ruling to be saved")
	}
	ruling := sc.Rulings[0]
	if ruling == "" || strings.ContainsAny(ruling, `/\`) || strings.HasPrefix(ruling, ".") {
		return "", false, fmt.Errorf("corpus: ruling %q can't name a directory", ruling)
	}
	sub := filepath.Join(dir, ruling)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return "", false, err
	}
	hash := ContentHash(sc)
	if existing, err := findSame(sub, hash); err != nil || existing != "" {
		if existing != "" {
			sc.Path = existing
		}
		return existing, false, err
	}
	// The file is written whole under a temporary name, then linked to its own, which
	// fails if the name is taken: so that shards saving into one folder at once never
	// read each other's half-written files, and the same scenario saved by two of them
	// at the same moment is one file.
	tmp, err := writeTemp(sub, Marshal(sc))
	if err != nil {
		return "", false, err
	}
	defer os.Remove(tmp)
	for n := 1; n < 1000; n++ {
		name := "found-" + hash[:8] + ".yaml"
		if n > 1 {
			name = fmt.Sprintf("found-%s-%d.yaml", hash[:8], n)
		}
		path = filepath.Join(sub, name)
		err := os.Link(tmp, path)
		if errors.Is(err, fs.ErrExist) {
			if same, _ := Load(path); same != nil && ContentHash(same) == hash { // saved by another just now
				sc.Path = path
				return path, false, nil
			}
			continue
		}
		if err != nil {
			return "", false, err
		}
		sc.Path = path
		return path, true, nil
	}
	return "", false, fmt.Errorf("corpus: too many files named found-%s*.yaml in %s", hash[:8], sub)
}

// writeTemp writes data to a new hidden file in dir (not *.yaml, so no reader takes it for
// a scenario) and returns its path.
func writeTemp(dir string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, ".found-*.tmp")
	if err != nil {
		return "", err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", err
	}
	if err := cmp.Or(f.Chmod(0o644), f.Close()); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// findSame returns the scenario file in dir whose content hash is hash, if any. Files
// that don't parse are skipped: they can't be the same scenario.
func findSame(dir, hash string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		sc, err := Load(p)
		if err != nil {
			continue
		}
		if ContentHash(sc) == hash {
			return p, nil
		}
	}
	return "", nil
}
