package main

import (
	"cmp"
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
	} else if err == nil && !info.Mode().IsRegular() {
		return f, nil // a device or a pipe, written in place (see writeFile)
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
// even when the file could not be written (then the command exits 2). A report that could
// not be written whole (a full disk, a closed pipe, /dev/full) is an output error, exit 2:
// never a silent success.
func (c *cli) write(o output, f report.Format, render func(io.Writer, report.Format) error) error {
	if o.out == "" {
		return c.toStdout(func(w io.Writer) error { return render(w, f) })
	}
	fileErr := writeFile(o.out, func(w io.Writer) error { return render(w, f) })
	stdoutErr := c.toStdout(func(w io.Writer) error { return render(w, report.Text) })
	if fileErr != nil {
		return inputErrorf("--out %s: %v", o.out, fileErr)
	}
	return stdoutErr
}

// toStdout renders to stdout, an output error if any of it could not be written.
func (c *cli) toStdout(render func(io.Writer) error) error {
	if err := cmp.Or(render(c.stdout), c.stdout.err); err != nil {
		return inputErrorf("writing the report to stdout: %v", err)
	}
	return nil
}

// checkedWriter remembers the first error writing to w and refuses every write after it:
// the renderers write with fmt.Fprintf and don't check each write, so a report is checked
// once, when it is done (see write and outputChecked).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// outputChecked turns err into an output error (exit 2) when some of what the command
// printed on stdout was lost: a result nobody can read is not a pass, nor a failure shown.
// A usage or input error already reported stays as it is.
func (c *cli) outputChecked(err error) error {
	var ue *usageError
	var ie *inputError
	if c.stdout.err == nil || errors.As(err, &ue) || errors.As(err, &ie) {
		return err
	}
	return inputErrorf("writing to stdout: %v", c.stdout.err)
}

// writeFile writes path through a temporary file renamed into place, so a reader (or a
// second interrupt) never sees half a report. A path that is there and is no regular file
// (a device such as /dev/stdout or /dev/full, a named pipe) is written in place: renaming
// over it would replace the device.
func writeFile(path string, render func(io.Writer) error) error {
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		w := &checkedWriter{w: f}
		return cmp.Or(render(w), w.err, f.Close())
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing left to remove
	w := &checkedWriter{w: tmp}
	if err := cmp.Or(render(w), w.err); err != nil {
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
