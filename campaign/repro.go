package campaign

import (
	"fmt"
	"strings"
)

// RunCommand is the command that runs a property's cases again up to case index upto-1
// (so it meets the same failing case): the "run" form of a repro. The CLI may prefer
// "replay <corpus file>" once it has saved the shrunk case. Zero values leave flags out:
// no fault, no shard, default steps.
func RunCommand(id string, seed uint64, upto int, fault string, shard struct{ K, N int }, maxSteps int) string {
	args := []string{"go run ./cmd/fuzz run", "--props", ShellQuote(id), "--seed", fmt.Sprint(seed), "--checks", fmt.Sprint(upto)}
	if maxSteps > 0 && maxSteps != DefaultMaxSteps {
		args = append(args, "--steps", fmt.Sprint(maxSteps))
	}
	if fault != "" {
		args = append(args, "--fault", ShellQuote(fault))
	}
	if shard.N > 0 {
		args = append(args, "--shard", fmt.Sprintf("%d/%d", shard.K, shard.N))
	}
	return strings.Join(args, " ")
}

// ShellQuote quotes s for a POSIX shell when it holds anything but safe characters.
func ShellQuote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=+,@", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
