package mutate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// mutantImport is the import every schema file gets, on its package clause's line so the
// lines stay the original's (compiler errors name the original lines).
// A schema's directory holds its overlay file and, under schemaSources, the mutated
// sources the overlay names.
const (
	overlayFile   = "overlay.json"
	schemaSources = "src"
)

const mutantImport = `; import mutant "github.com/mtgfuzz/mtgfuzz/internal/mutate/mutant"`

// Schema is the built binaries of the schema: the module's fuzz command with every mutant
// of the package compiled in, each behind its guard, once to judge mutants (Binary, built
// with the tag mtgfuzzjudge: its guards can't record, and cost the engine far less) and
// once to record the reach (Recorder).
type Schema struct {
	Binary   string
	Recorder string
	// NotCompiled are the mutants left out because their guarded form did not compile,
	// with the compiler's message.
	NotCompiled map[int]string
}

// Build writes the schema of s into dir (one file per source file, swapped in by the go
// command's -overlay: the module itself is not touched) and builds the fuzz command with
// it. A mutant whose guarded form does not compile is left out and the build tried again
// (the compiler names its line and column), up to rounds times.
func (s *Source) Build(ctx context.Context, dir string, log func(string)) (*Schema, error) {
	sc := &Schema{Binary: filepath.Join(dir, "fuzz"), Recorder: filepath.Join(dir, "fuzz-record"), NotCompiled: map[int]string{}}
	for range 8 {
		rendered, err := s.writeOverlay(dir, sc.NotCompiled)
		if err != nil {
			return nil, err
		}
		out, err := s.build(ctx, dir, sc.Recorder)
		if err == nil {
			if out, err := s.build(ctx, dir, sc.Binary, "-tags=mtgfuzzjudge"); err != nil {
				return nil, fmt.Errorf("building the mutant schema to judge: %s", out)
			}
			return sc, nil
		} else if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		bad := blame(out, rendered)
		if len(bad) == 0 {
			return nil, fmt.Errorf("building the mutant schema: %s", out)
		}
		for id, msg := range bad {
			sc.NotCompiled[id] = msg
		}
		log(fmt.Sprintf("%d mutants did not compile; building again without them", len(bad)))
	}
	return nil, fmt.Errorf("building the mutant schema: still failing after leaving out %d mutants", len(sc.NotCompiled))
}

// build builds the fuzz command with the overlay written in dir into binary; on failure
// it returns the go command's output.
func (s *Source) build(ctx context.Context, dir, binary string, flags ...string) (string, error) {
	args := append([]string{"build", "-overlay", filepath.Join(dir, overlayFile),
		"-gcflags=github.com/mtgfuzz/mtgfuzz/" + s.Dir + "=-e", "-o", binary}, flags...)
	cmd := exec.CommandContext(ctx, "go", append(args, "./cmd/fuzz")...)
	cmd.Dir = s.Root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// writeOverlay writes each file's schema and the overlay naming them; it returns the
// schema text of each file by its slash path.
func (s *Source) writeOverlay(dir string, skip map[int]string) (map[string]string, error) {
	overlay := map[string]string{}
	rendered := map[string]string{}
	for _, fs := range s.files {
		r := newRenderer(fs, func(m *Mutant) bool { _, bad := skip[m.ID]; return bad })
		if len(r.nodes) == 0 {
			continue
		}
		text := r.file(fs.file)
		clause := r.off(fs.file.Name.End())
		text = text[:clause] + mutantImport + text[clause:]
		path := filepath.Join(dir, schemaSources, filepath.FromSlash(fs.name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return nil, err
		}
		overlay[filepath.Join(s.Root, filepath.FromSlash(fs.name))] = path
		rendered[fs.name] = text
	}
	data, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		return nil, err
	}
	return rendered, os.WriteFile(filepath.Join(dir, overlayFile), data, 0o644)
}

var (
	compileError = regexp.MustCompile(`(?m)^(?:\./)?(\S+\.go):(\d+):(\d+): (.*)$`)
	guard        = regexp.MustCompile(`mutant\.(?:Active|Guard|Infect|Pick(?:\[[^\]]*\])?)\((\d+)`)
)

// blame finds, for each compiler error in a schema file, the mutant whose guard is
// nearest its column on its line.
func blame(out string, rendered map[string]string) map[int]string {
	bad := map[int]string{}
	for _, m := range compileError.FindAllStringSubmatch(out, -1) {
		text, ok := rendered[m[1]]
		if !ok {
			for name, t := range rendered {
				if strings.HasSuffix(m[1], "/"+name) || strings.HasSuffix(name, m[1]) {
					text, ok = t, true
				}
			}
		}
		if !ok {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		lines := strings.Split(text, "\n")
		if line < 1 || line > len(lines) {
			continue
		}
		best, dist := 0, -1
		for _, g := range guard.FindAllStringSubmatchIndex(lines[line-1], -1) {
			d := max(g[0]+1-col, col-g[0]-1)
			if dist < 0 || d < dist {
				id, _ := strconv.Atoi(lines[line-1][g[2]:g[3]])
				best, dist = id, d
			}
		}
		if best != 0 {
			if _, seen := bad[best]; !seen {
				bad[best] = m[4]
			}
		}
	}
	return bad
}
