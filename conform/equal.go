package conform

import (
	"encoding/json"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// snapshotsEqual compares two snapshots by their JSON form: what a port would send.
func snapshotsEqual(a, b *harness.Snapshot) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
