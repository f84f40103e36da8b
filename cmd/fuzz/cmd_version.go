package main

import (
	"io"

	"github.com/mtgfuzz/mtgfuzz/internal/version"
)

// versionCmd prints which build of the tool this is: its version, the version control
// revision it was built from and the Go toolchain, or "devel" and why the revision is
// unknown when the build did not stamp it (see internal/version).
func (c *cli) versionCmd(args []string) error {
	fs := newFlagSet("version")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("version takes no arguments, got %q", pos)
	}
	_, err = io.WriteString(c.stdout, version.Get().Long("fuzz"))
	return err
}
