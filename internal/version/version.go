// Package version says which build of the tool is running, from what the Go toolchain
// stamped into the binary (runtime/debug.ReadBuildInfo): the main module's version and,
// when the build recorded it, the version control revision and whether the checkout had
// uncommitted changes.
//
// What gets stamped depends on how the binary was built (measured with go1.26):
//   - "go build" in a git checkout stamps a pseudo-version such as
//     v0.0.0-20261202030424-b965d827d7e1+dirty and the settings vcs.revision, vcs.time and
//     vcs.modified, unless -buildvcs=false is set (in GOFLAGS or "go env -w").
//   - "go run" and "go test" stamp nothing by default ("(devel)", no vcs.* settings); "go
//     run -buildvcs=true" does.
//   - "go install module@version" stamps the module's released version.
//
// When nothing is stamped, the version is "devel": the tool can't tell which commit it was
// built from, and says so rather than guess.
package version

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Info is what the binary knows about its own build.
type Info struct {
	Module   string // the main module's path
	Version  string // its version as stamped, or "devel"
	Revision string // the version control revision, or "" when not stamped
	Time     string // the revision's commit time (RFC 3339), or ""
	Modified bool   // the checkout had uncommitted changes
	Go       string // the Go toolchain that built it
}

// devel is the version of a build that stamped none.
const devel = "devel"

// Get reads the running binary's build information.
func Get() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: devel}
	}
	return FromBuildInfo(bi)
}

// FromBuildInfo reads bi.
func FromBuildInfo(bi *debug.BuildInfo) Info {
	in := Info{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
	if in.Version == "" || in.Version == "(devel)" {
		in.Version = devel
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// Short is the version on one word, for reports: the stamped version (a pseudo-version
// names the revision and "+dirty" already), else "devel" with the revision when there is
// one, else "devel".
func (in Info) Short() string {
	if in.Version != devel || in.Revision == "" {
		return in.Version
	}
	s := devel + "-" + shortRev(in.Revision)
	if in.Modified {
		s += "+modified"
	}
	return s
}

// Long is what "fuzz version" prints: the version, then one line per fact.
func (in Info) Long(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", name, in.Short())
	if in.Module != "" {
		fmt.Fprintf(&b, "module    %s\n", in.Module)
	}
	if in.Revision == "" {
		b.WriteString("revision  unknown: this binary carries no version control information (\"go run\", \"go test\"\n" +
			"          and -buildvcs=false builds stamp none; \"go build\" in a git checkout does)\n")
	} else {
		mod := ""
		if in.Modified {
			mod = " (with uncommitted changes)"
		}
		fmt.Fprintf(&b, "revision  %s%s\n", in.Revision, mod)
		if in.Time != "" {
			fmt.Fprintf(&b, "committed %s\n", in.Time)
		}
	}
	if in.Go != "" {
		fmt.Fprintf(&b, "go        %s\n", in.Go)
	}
	return b.String()
}

// shortRev is a revision's first 12 characters, as Go pseudo-versions write it.
func shortRev(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
