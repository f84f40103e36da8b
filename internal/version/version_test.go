package version

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func buildInfo(version string, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/mtgfuzz/mtgfuzz", Version: version}}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

// TestFromBuildInfo: a stamped build names its version and revision; an unstamped one says
// "devel" and that its revision is unknown, never a made-up one.
func TestFromBuildInfo(t *testing.T) {
	const rev = "b965d827d7e1fcde16ec0127666792213ad842cb"
	stamped := FromBuildInfo(buildInfo("v0.0.0-20261202030424-b965d827d7e1+dirty",
		"vcs", "git", "vcs.revision", rev, "vcs.time", "2026-12-02T03:04:24Z", "vcs.modified", "true"))
	assert.Equal(t, "v0.0.0-20261202030424-b965d827d7e1+dirty", stamped.Short())
	assert.True(t, stamped.Modified)
	assert.Contains(t, stamped.Long("fuzz"), "revision  "+rev+" (with uncommitted changes)\n")
	assert.Contains(t, stamped.Long("fuzz"), "committed 2026-12-02T03:04:24Z\n")

	// A (devel) module with a revision (an older toolchain) still names the revision.
	old := FromBuildInfo(buildInfo("(devel)", "vcs.revision", rev, "vcs.modified", "false"))
	assert.Equal(t, "devel-b965d827d7e1", old.Short())

	bare := FromBuildInfo(buildInfo("(devel)"))
	assert.Equal(t, "devel", bare.Short())
	assert.Contains(t, bare.Long("fuzz"), "fuzz devel\n")
	assert.Contains(t, bare.Long("fuzz"), "revision  unknown")
	assert.Contains(t, bare.Long("fuzz"), "go        go1.26.8\n")
}

// TestGet: a test binary is built without version control stamps, so it is "devel".
func TestGet(t *testing.T) {
	in := Get()
	assert.Equal(t, "devel", in.Short())
	assert.NotEmpty(t, in.Go)
}
