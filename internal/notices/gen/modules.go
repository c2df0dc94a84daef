// Package gen writes THIRD_PARTY_NOTICES: every Go module linked into
// cmd/foresight for the release targets, its version, its licence and the
// licence texts found in the module's own files. scripts/notices runs it;
// internal/notices's test fails when the file is out of date.
package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
)

// Target is one platform the releases are built for.
type Target struct{ GOOS, GOARCH string }

func (t Target) String() string { return t.GOOS + "-" + t.GOARCH }

// Targets are the release platforms, as .goreleaser.yaml builds them: a
// module may be linked for some only (go-ole on Windows, for instance).
var Targets = []Target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"},
}

// MainPackage is the command whose binaries the notices are for.
const MainPackage = "./cmd/foresight"

// stdPath names the Go standard library (and runtime) in the notices.
const stdPath = "Go standard library"

// Module is one third-party module linked into the binary.
type Module struct {
	Path, Version string
	Dir           string   // where its files are (module cache, or the replacement)
	Replace       string   // a local replacement directory as go.mod names it, or ""
	Targets       []string // the targets linking it, in Targets order
}

// listEntry is the part of `go list -json` output read here.
type listEntry struct {
	Standard bool
	Module   *struct {
		Path, Version, Dir, GoVersion string
		Main                          bool
		Replace                       *struct{ Path, Version string }
	}
}

// ListModules returns the modules `go list -deps` finds in MainPackage's
// build for each target (CGO_ENABLED=0, as released), sorted by path, the
// standard library first. root is the main module's directory.
func ListModules(ctx context.Context, root string) ([]Module, error) {
	byPath := map[string]*Module{}
	goVersion := ""
	groot, err := goroot(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range Targets {
		cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-json=Standard,Module", MainPackage)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS="+t.GOOS, "GOARCH="+t.GOARCH, "CGO_ENABLED=0", "GOFLAGS=-mod=readonly")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s: %w: %s", t, err, strings.TrimSpace(stderr.String()))
		}
		seen := map[string]bool{}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var e listEntry
			if err := dec.Decode(&e); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, fmt.Errorf("go list for %s: %w", t, err)
			}
			m := Module{}
			switch {
			case e.Standard:
				m = Module{Path: stdPath, Dir: groot}
			case e.Module == nil:
				return nil, fmt.Errorf("go list for %s: a package outside any module", t)
			case e.Module.Main:
				goVersion = e.Module.GoVersion
				continue
			default:
				m = Module{Path: e.Module.Path, Version: e.Module.Version, Dir: e.Module.Dir}
				if r := e.Module.Replace; r != nil && r.Version == "" {
					m.Replace = r.Path
				}
			}
			if seen[m.Path] {
				continue
			}
			seen[m.Path] = true
			if byPath[m.Path] == nil {
				byPath[m.Path] = &m
			}
			byPath[m.Path].Targets = append(byPath[m.Path].Targets, t.String())
		}
	}
	if std := byPath[stdPath]; std != nil {
		// The toolchain building a release may be newer than go.mod asks:
		// say which it must be at least, which the repository decides.
		std.Version = "go" + goVersion + " or later"
	}
	mods := make([]Module, 0, len(byPath))
	for _, m := range byPath {
		mods = append(mods, *m)
	}
	sort.Slice(mods, func(i, j int) bool {
		if (mods[i].Path == stdPath) != (mods[j].Path == stdPath) {
			return mods[i].Path == stdPath
		}
		return mods[i].Path < mods[j].Path
	})
	return mods, nil
}

// goroot is the GOROOT of the go command on PATH, whose LICENSE covers the
// standard library.
func goroot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
