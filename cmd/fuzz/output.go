package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/mtgfuzz/mtgfuzz/report"
)

// output is the --report and --out pair shared by run, replay and faults.
type output struct {
	format string
	out    string
}

func (o *output) register(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "report", "text", "report `FORMAT`: text, json, junit or html")
	fs.StringVar(&o.out, "out", "", "write the report to `FILE` (the text summary still goes to stdout)")
}

// check parses --report and makes sure --out can be written, before any work starts: a
// long campaign must not end in "can't write the report".
func (o *output) check() (report.Format, error) {
	f, err := report.ParseFormat(o.format)
	if err != nil {
		return "", usageErrorf("%v", err)
	}
	if o.out == "" {
		return f, nil
	}
	if info, err := os.Stat(o.out); err == nil && info.IsDir() {
		return "", inputErrorf("--out %s: is a directory; give a file name", o.out)
	}
	if err := checkWritableDir(filepath.Dir(o.out)); err != nil {
		return "", inputErrorf("--out %s: %v", o.out, err)
	}
	return f, nil
}

// checkWritableDir makes sure dir is, or can be made, a directory this process can write
// in, without creating it: its nearest existing ancestor must be a writable directory.
func checkWritableDir(dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		info, err := os.Stat(d)
		if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && filepath.Dir(d) != d {
			continue
		}
		if err != nil {
			return err
		}
		if !info.IsDir() {
			return fmt.Errorf("%s is a file, not a directory", d)
		}
		probe, err := os.CreateTemp(d, ".fuzz-write-check-*")
		if err != nil {
			return fmt.Errorf("can't write in %s: %v", d, errors.Unwrap(err))
		}
		probe.Close()
		return os.Remove(probe.Name())
	}
}

// write renders the report. Without --out, stdout gets the chosen format. With --out, the
// file gets the chosen format and stdout the text form, so a CI log still shows the table,
// even when the file could not be written (then the command exits 2).
func (c *cli) write(o output, f report.Format, render func(io.Writer, report.Format) error) error {
	if o.out == "" {
		if err := render(c.stdout, f); err != nil {
			return inputErrorf("writing the report: %v", err)
		}
		return nil
	}
	fileErr := writeFile(o.out, func(w io.Writer) error { return render(w, f) })
	if err := render(c.stdout, report.Text); err != nil && fileErr == nil {
		return inputErrorf("writing the report: %v", err)
	}
	if fileErr != nil {
		return inputErrorf("--out %s: %v", o.out, fileErr)
	}
	return nil
}

// writeFile writes path through a temporary file renamed into place, so a reader (or a
// second interrupt) never sees half a report.
func writeFile(path string, render func(io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	if err := render(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
