package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// seedFlag is run's --seed: a number, or "random" for a seed drawn from the operating
// system (the one place the tool uses randomness: a campaign is a function of its seed,
// and the drawn seed is printed first so that it can be run again).
type seedFlag struct {
	n      uint64
	random bool
}

func (s *seedFlag) String() string {
	if s.random {
		return "random"
	}
	return strconv.FormatUint(s.n, 10)
}

func (s *seedFlag) Set(v string) error {
	if v == "random" {
		s.random = true
		return nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("want a number from 0 to %d, or random", uint64(math.MaxUint64))
	}
	s.n, s.random = n, false
	return nil
}

// draw picks the random seed.
func (s *seedFlag) draw() error {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Errorf("--seed random: %w", err)
	}
	s.n, s.random = binary.LittleEndian.Uint64(b[:]), false
	return nil
}

// readResume reads the JSON report --resume continues.
func readResume(path string) (*campaign.Report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, inputErrorf("--resume: %v", err)
	}
	var rep campaign.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, inputErrorf("--resume %s: not a JSON campaign report (fuzz run --report json): %v", path, err)
	}
	if len(rep.Props) == 0 {
		return nil, inputErrorf("--resume %s: not a JSON campaign report (fuzz run --report json): no properties", path)
	}
	return &rep, nil
}

// resumeFrom takes from the report what the flags leave unsaid (the seed, the faults, the
// shard, the walk length, the properties), so "run --resume R.json --time 1h" continues R as it ran; what
// the flags say must agree with it (campaign.Run checks the rest).
func (f *campaignFlags) resumeFrom(rep *campaign.Report, set map[string]bool) ([]*props.Property, error) {
	switch {
	case set["seed"] && (f.seedArg.random || f.seedArg.n != rep.Seed):
		return nil, usageErrorf("--seed %s: the resumed report's seed is %d", f.seedArg.String(), rep.Seed)
	case set["case"]:
		return nil, usageErrorf("--resume continues a campaign: it excludes --case")
	}
	f.seedArg.n = rep.Seed
	if !set["fault"] && rep.Fault != "" {
		f.faults = strings.Split(rep.Fault, ",")
	}
	if !set["steps"] && rep.Steps != 0 {
		f.steps = rep.Steps
	}
	if !set["shard"] && rep.Shard != "" {
		if err := f.shard.Set(rep.Shard); err != nil {
			return nil, inputErrorf("--resume: shard %q: %v", rep.Shard, err)
		}
	}
	if set["props"] {
		return selectProps(f.props)
	}
	var out []*props.Property
	for _, p := range props.All() {
		if slices.ContainsFunc(rep.Props, func(q campaign.PropResult) bool { return q.ID == p.ID }) {
			out = append(out, p)
		}
	}
	if len(out) < len(rep.Props) {
		return nil, inputErrorf("--resume: the report has properties this fuzz doesn't know")
	}
	return out, nil
}
