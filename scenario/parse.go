package scenario

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

var topKeys = []string{"format", "ruling", "rulings", "rules", "title", "origin", "setup", "actions", "expect"}

// Parse reads one scenario file. Every problem is reported as "path:line: message"; when
// there are several, the error joins them in file order.
func Parse(path string, data []byte) (*Scenario, error) { return parse(path, data, nil) }

func parse(path string, data []byte, vocab *Vocabulary) (*Scenario, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(path, data, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{Path: path, Line: 1, Msg: "empty file: a scenario needs format, ruling, title and setup"}
	}
	p := &parser{path: path, vocab: vocab}
	sc := p.scenario(doc.Content[0])
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool {
			a, b := p.errs[i].(*Error), p.errs[j].(*Error)
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
		return nil, errors.Join(p.errs...)
	}
	sc.Path = path
	return sc, nil
}

// Load reads and parses one scenario file.
func Load(path string) (*Scenario, error) { return load(path, nil) }

func load(path string, vocab *Vocabulary) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, data, vocab)
}

// LoadDir reads every *.yaml file under root (recursively, in sorted path order), skipping
// testdata and hidden directories and following symbolic links to files and directories
// (each directory once, so a link cycle ends). It returns the scenarios that parsed and,
// joined, the error of every file that did not.
func LoadDir(root string) ([]*Scenario, error) { return loadDir(root, nil) }

func loadDir(root string, vocab *Vocabulary) ([]*Scenario, error) {
	paths, err := Files(root)
	if err != nil {
		return nil, err
	}
	var out []*Scenario
	var errs []error
	for _, path := range paths {
		sc, err := load(path, vocab)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, sc)
	}
	return out, errors.Join(errs...)
}

// Files lists the *.yaml files LoadDir reads under root, in sorted path order, for a
// caller that loads them one at a time (a replay that goes on past a file that does not
// parse).
func Files(root string) ([]string, error) {
	paths, err := scenarioFiles(root, map[string]bool{})
	sort.Strings(paths)
	return paths, err
}

// scenarioFiles lists the *.yaml files under dir, following links; seen holds the real
// paths of the directories walked already.
func scenarioFiles(dir string, seen map[string]bool) ([]string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	if seen[real] {
		return nil, nil
	}
	seen[real] = true
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		dir += string(filepath.Separator) // WalkDir enters a root that is a link only so
	}
	var paths []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		isDir := d.IsDir()
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(path)
			if err != nil { // a link to nothing: a scenario's is listed, for its load to report
				if strings.HasSuffix(d.Name(), ".yaml") {
					paths = append(paths, path)
				}
				return nil
			}
			isDir = info.IsDir()
		}
		if path == dir {
			return nil
		}
		if isDir && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if isDir && d.Type()&fs.ModeSymlink != 0 {
			sub, err := scenarioFiles(path, seen)
			paths = append(paths, sub...)
			return err
		}
		if !isDir && strings.HasSuffix(d.Name(), ".yaml") {
			paths = append(paths, path)
		}
		return nil
	})
	return paths, err
}

func (p *parser) scenario(root *yaml.Node) *Scenario {
	sc := &Scenario{}
	if deref(root).Kind != yaml.MappingNode {
		p.errf(root, "a scenario is a mapping of format:, ruling:, title:, setup:, actions: and expect:, got %s", kindName(deref(root)))
		return sc
	}
	pairs := p.mapping(root, "scenario", topKeys...)
	byKey := map[string]pair{}
	for _, kv := range pairs {
		byKey[kv.k.Value] = kv
	}
	line := deref(root).Line
	if kv, ok := byKey["format"]; ok {
		if v, ok := p.integer(kv.v, "format"); ok {
			if v != FormatVersion {
				p.errf(kv.v, "format: this is format %d; this program reads format %d", v, FormatVersion)
			}
			sc.Format = v
		}
	} else {
		p.errf(&yaml.Node{Line: line}, "missing \"format: %d\" (the file format version)", FormatVersion)
	}
	one, hasOne := byKey["ruling"]
	many, hasMany := byKey["rulings"]
	switch {
	case hasOne && hasMany:
		p.errf(many.k, "give either ruling: or rulings:, not both")
	case hasOne || hasMany:
		kv := one
		if hasMany {
			kv = many
		}
		sc.Rulings = p.strs(kv.v, kv.k.Value)
		for _, n := range p.list(kv.v, kv.k.Value) {
			if n.Kind == yaml.ScalarNode {
				p.checkRuling(n, strings.TrimSpace(n.Value))
			}
		}
		if len(sc.Rulings) == 0 {
			p.errf(kv.k, "%s: give at least one ruling ID", kv.k.Value)
		}
	default:
		p.errf(&yaml.Node{Line: line}, "missing ruling: (the ruling ID this scenario checks, from docs/rulings.md or fuzz rulings)")
	}
	if kv, ok := byKey["rules"]; ok {
		sc.Rules = p.strs(kv.v, "rules")
	}
	if kv, ok := byKey["title"]; ok {
		sc.Title, _ = p.name(kv.v, "title")
	} else {
		p.errf(&yaml.Node{Line: line}, "missing title: (one line saying what the scenario shows)")
	}
	if kv, ok := byKey["origin"]; ok {
		sc.Origin, _ = p.name(kv.v, "origin")
	}
	// The setup comes first whatever the key order: actions refer to its labels.
	if kv, ok := byKey["setup"]; ok {
		sc.Initial = p.setup(kv.v)
	} else {
		p.errf(&yaml.Node{Line: line}, "missing setup: (the turn, step and each player's cards)")
	}
	p.known, p.labels = knownRefs(&sc.Initial), labelsOf(&sc.Initial)
	if kv, ok := byKey["actions"]; ok {
		sc.Steps = p.steps(kv.v)
	}
	if kv, ok := byKey["expect"]; ok {
		if acts, ok := byKey["actions"]; ok && acts.k.Line > kv.k.Line {
			p.errf(kv.k, "expect: is checked after the last action, so write it after actions:; to check the starting position, make the first item of actions an expect: list")
		}
		sc.Expect = p.expectations(kv.v)
	}
	return sc
}

// steps reads the actions list: action lines, {do: line, expect: [...]}, {expect: [...]}.
func (p *parser) steps(n *yaml.Node) []Step {
	var out []Step
	for _, item := range p.list(n, "actions") {
		st := Step{At: pos(item)}
		switch item.Kind {
		case yaml.ScalarNode:
			if a, ok := p.actionLine(item, "action"); ok {
				st.Action = &a
			}
		case yaml.MappingNode:
			for _, kv := range p.mapping(item, "actions item", "do", "expect") {
				switch kv.k.Value {
				case "do":
					if a, ok := p.actionLine(kv.v, "do"); ok {
						st.Action = &a
					}
				case "expect":
					st.Expect = p.expectations(kv.v)
				}
			}
		default:
			p.errf(item, "actions: each item is an action line, or {do: ACTION, expect: [...]}, or {expect: [...]}; got %s", kindName(item))
			continue
		}
		out = append(out, st)
	}
	return out
}

// actionLine parses one action line node, keeping its position.
func (p *parser) actionLine(n *yaml.Node, what string) (ActionSpec, bool) {
	s, ok := p.name(n, what)
	if !ok {
		return ActionSpec{}, false
	}
	a, err := ParseAction(s, p.known)
	if err != nil {
		p.errf(n, "%v", err)
		return ActionSpec{}, false
	}
	a.At = pos(n)
	refs := append(append([]string{a.Card}, a.Targets...), a.Attackers...)
	for _, ref := range refs {
		p.checkRef(n, ref, what)
	}
	return a, true
}

// knownRefs is the set of labels and names a setup defines.
func knownRefs(s *SetupSpec) func(string) bool {
	set := map[string]bool{}
	eachEntry(s, func(_ int, e *CardEntry, _ *PermanentEntry) {
		set[e.Name] = true
		if e.Label != "" {
			set[e.Label] = true
		}
	})
	return func(x string) bool { return set[x] }
}

// labelsOf maps each label of a setup to its card's name.
func labelsOf(s *SetupSpec) map[string]string {
	out := map[string]string{}
	eachEntry(s, func(_ int, e *CardEntry, _ *PermanentEntry) {
		if e.Label != "" {
			out[e.Label] = e.Name
		}
	})
	return out
}

// eachEntry visits every card of a setup in harness.Setup.Normalize's order: A's then B's
// library, hand, graveyard, exile, battlefield.
func eachEntry(s *SetupSpec, f func(player int, e *CardEntry, perm *PermanentEntry)) {
	for pl := range s.Players {
		ps := &s.Players[pl]
		for _, zone := range [][]CardEntry{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for i := range zone {
				f(pl, &zone[i], nil)
			}
		}
		for i := range ps.Battlefield {
			f(pl, &ps.Battlefield[i].CardEntry, &ps.Battlefield[i])
		}
	}
}
