package mutate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Part is the verdicts of one run, or of one piece of a run: a journal, or a report's JSON.
type Part struct {
	Name     string
	Settings Settings
	Results  []Result
	// ElapsedMS, BuildMS and ReachMS are a report's; for a journal, ElapsedMS is its
	// verdicts' time added up.
	ElapsedMS, BuildMS, ReachMS int64
}

// Settings are the report's, as a journal states them.
func (r *Report) Settings() Settings {
	return Settings{Hash: r.Source, Package: r.Package, Mutants: r.Total, Seed: r.Seed, Checks: r.Checks, Pruned: r.Pruned}
}

// ReadPart reads a journal (its first line says so) or the JSON of a report (fuzz mutate
// --json).
func ReadPart(name string, data []byte) (Part, error) {
	if line, _, _ := bytes.Cut(data, []byte{'\n'}); bytes.Contains(line, []byte(`"journal"`)) {
		s, results, err := parseJournal(name, data)
		if err != nil {
			return Part{}, err
		}
		p := Part{Name: name, Settings: s, Results: results}
		for _, r := range results {
			p.ElapsedMS += r.ElapsedMS
		}
		return p, nil
	}
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil || rep.Package == "" {
		return Part{}, fmt.Errorf("%s: neither a journal of fuzz mutate nor the JSON of its report (--json)", name)
	}
	return Part{Name: name, Settings: rep.Settings(), Results: rep.Results, ElapsedMS: rep.ElapsedMS, BuildMS: rep.BuildMS, ReachMS: rep.ReachMS}, nil
}

// Merge makes one report of the parts' results: each mutant once (as the first part
// giving it has it), in ID order, the equivalents marked from the list. The parts must be
// of the same settings; the report's selection fields (Sample, Shard, Partial) are the
// caller's to set.
func Merge(parts []Part, equivalents map[string]string) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	s := parts[0].Settings
	rep := &Report{Package: s.Package, Total: s.Mutants, Seed: s.Seed, Checks: s.Checks, Pruned: s.Pruned, Source: s.Hash}
	seen := map[int]bool{}
	for _, p := range parts {
		if p.Settings != s {
			return nil, fmt.Errorf("%s: of other settings or source (%s) than %s (%s): their verdicts don't make one report",
				p.Name, describeSettings(p.Settings), parts[0].Name, describeSettings(s))
		}
		for _, r := range p.Results {
			if r.Outcome == Listed && equivalents[r.Key()] == "" {
				continue // listed when judged, no longer: not judged
			}
			if !seen[r.ID] {
				seen[r.ID] = true
				r.Equivalent = ""
				rep.Results = append(rep.Results, r)
			}
		}
		rep.ElapsedMS += p.ElapsedMS
		rep.BuildMS = max(rep.BuildMS, p.BuildMS)
		rep.ReachMS = max(rep.ReachMS, p.ReachMS)
	}
	slices.SortFunc(rep.Results, func(a, b Result) int { return a.ID - b.ID })
	MarkEquivalent(rep.Results, equivalents)
	rep.Count()
	return rep, nil
}

// NotKilledByCampaign is the keys of the mutants the parts' verdicts don't count as
// killed by the campaign: survived, unreached or uninfected, or killed by the corpus
// alone (not those on the reviewed list, nor those that timed out, which count as
// killed). Keys, not IDs: an older source's reports name the same mutants of this one,
// whose IDs have moved.
func NotKilledByCampaign(parts []Part) map[string]bool {
	out := map[string]bool{}
	for _, p := range parts {
		for _, r := range p.Results {
			if r.Outcome != Listed && (r.Survivor() || r.Outcome == Killed && r.By == ByCorpus) {
				out[r.Key()] = true
			}
		}
	}
	return out
}
