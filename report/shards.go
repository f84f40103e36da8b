package report

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// shardLines are what a text report says of sharding: in a shard's report, that vacuity
// is judged on the whole campaign by fuzz merge (and what this shard alone left
// unreached); in a merged report of shards that ran under a time budget, how many cases
// each ran.
func shardLines(r *campaign.Report) []string {
	var out []string
	if r.Sharded != nil {
		unreached := 0
		for _, p := range r.Props {
			if p.Outcome == campaign.Passed && (p.Reached == 0 || len(p.Unreached()) > 0) {
				unreached++
			}
		}
		line := fmt.Sprintf("shard %s: vacuity is judged on the whole campaign, by fuzz merge", r.Shard)
		if unreached > 0 {
			line += fmt.Sprintf("; this shard alone left a clause, or the situation, of %s unreached", plural(unreached, "property"))
		}
		out = append(out, line)
	}
	if len(r.Shards) > 0 {
		var each []string
		for _, s := range r.Shards {
			each = append(each, fmt.Sprintf("%s %d", s.Shard, s.Cases))
		}
		out = append(out, "cases run by each shard (time budget): "+strings.Join(each, ", "))
	}
	return out
}
