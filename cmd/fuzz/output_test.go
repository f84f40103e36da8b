package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullWriter is stdout redirected to /dev/full: every write fails.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutFull: a command whose output can't be written (stdout on a full device, a
// closed pipe) exits 2 saying so, whatever it printed and whatever its verdict was.
func TestStdoutFull(t *testing.T) {
	scenario := corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")
	for _, args := range [][]string{
		{"list"}, {"list", "--json"}, {"cards"}, {"rulings"}, {"version"}, {"help"},
		{"run", "--props", "mana.undefined-type", "--checks", "5", "--corpus", t.TempDir()},
		{"run", "--props", "mana.undefined-type", "--checks", "5", "--corpus", t.TempDir(), "--report", "json"},
		{"replay", scenario}, {"replay", "--report", "junit", scenario},
		{"replay", "--fault", "mana.undefined-type/gives-colorless", scenario}, // a failure (exit 1) nobody saw
		{"explain", scenario},
	} {
		var errb bytes.Buffer
		code := run(context.Background(), args, fullWriter{}, &errb)
		assert.Equal(t, exitUsage, code, "fuzz %v: an output error", args)
		assert.Contains(t, errb.String(), "no space left on device", "fuzz %v", args)
	}
}

// TestOutFull: --out naming a device is written in place, and a device that takes
// nothing (/dev/full) is an output error; the device is still a device after.
func TestOutFull(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil { // /dev/full is char 1, 7
		t.Skipf("can't make a device node here: %v", err)
	}
	for _, args := range [][]string{
		{"run", "--props", "mana.undefined-type", "--checks", "5", "--corpus", t.TempDir(), "--report", "json", "--out", dev},
		{"replay", "--report", "junit", "--out", dev, corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")},
	} {
		r := fuzz(t, args...)
		assert.Equal(t, exitUsage, r.code, "fuzz %v", args)
		assert.Contains(t, r.stderr, "--out "+dev+": write "+dev+": no space left on device", "fuzz %v", args)
		assert.Contains(t, r.stdout, "took TIME", "the text summary still reaches stdout")
		info, err := os.Stat(dev)
		require.NoError(t, err)
		assert.Equal(t, os.ModeCharDevice|os.ModeDevice, info.Mode()&(os.ModeCharDevice|os.ModeDevice), "still the device, not a file renamed over it")
	}
}
