package main

import (
	"bytes"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/foresight-sol/foresight/internal/notices/gen"
)

// checkHeader checks that the executable at path is for target by its
// file header, as the target's loader reads it: ELF, Mach-O or PE, with
// the target's machine.
func checkHeader(path string, t gen.Target) error {
	switch t.GOOS {
	case "linux":
		f, err := elf.Open(path)
		if err != nil {
			return fmt.Errorf("%s: not ELF, as %s needs: %w", path, t, err)
		}
		defer f.Close()
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[t.GOARCH]
		// ET_DYN too: a position-independent executable is one.
		if f.Machine != want || f.Class != elf.ELFCLASS64 || (f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN) || f.Entry == 0 {
			return fmt.Errorf("%s: ELF %v %v %v, want a 64-bit executable for %v", path, f.Class, f.Type, f.Machine, want)
		}
	case "darwin":
		f, err := macho.Open(path)
		if err != nil {
			return fmt.Errorf("%s: not Mach-O, as %s needs: %w", path, t, err)
		}
		defer f.Close()
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[t.GOARCH]
		if f.Cpu != want || f.Type != macho.TypeExec {
			return fmt.Errorf("%s: Mach-O %v type %v, want an executable for %v", path, f.Cpu, f.Type, want)
		}
	case "windows":
		f, err := pe.Open(path)
		if err != nil {
			return fmt.Errorf("%s: not PE, as %s needs: %w", path, t, err)
		}
		defer f.Close()
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[t.GOARCH]
		if f.Machine != want || f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return fmt.Errorf("%s: PE machine %#x characteristics %#x, want an executable for %#x", path, f.Machine, f.Characteristics, want)
		}
	default:
		return fmt.Errorf("%s: no header check for %s", path, t)
	}
	return nil
}

// checkBuildInfo checks what the Go linker recorded in the executable (as
// `go version -m` prints it): built for target, without cgo, with
// -trimpath; that every module it links is in the notices for that target;
// and that it holds the release version. With -trimpath Go does not record
// -ldflags, so the version is looked for as the string -X set.
func checkBuildInfo(path string, t gen.Target, version string, mods map[string]noticed) error {
	bi, err := buildinfo.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: no Go build information: %w", path, err)
	}
	set := map[string]string{}
	for _, s := range bi.Settings {
		set[s.Key] = s.Value
	}
	var problems []string
	for k, want := range map[string]string{"GOOS": t.GOOS, "GOARCH": t.GOARCH, "CGO_ENABLED": "0", "-trimpath": "true"} {
		if set[k] != want {
			problems = append(problems, fmt.Sprintf("%s=%q, want %q", k, set[k], want))
		}
	}
	if data, err := os.ReadFile(path); err != nil || !bytes.Contains(data, []byte(version)) {
		problems = append(problems, fmt.Sprintf("no version %q in the binary (-X main.version=%s)", version, version))
	}
	for _, d := range bi.Deps {
		if err := linkedIsNoticed(d, t, mods); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s", path, strings.Join(problems, "; "))
	}
	return nil
}

// linkedIsNoticed checks that module d, linked for t, is in the notices
// with its version and t among the targets listed for it.
func linkedIsNoticed(d *debug.Module, t gen.Target, mods map[string]noticed) error {
	n, ok := mods[d.Path]
	switch {
	case !ok:
		return fmt.Errorf("links %s %s, which THIRD_PARTY_NOTICES does not list", d.Path, d.Version)
	case n.version != d.Version:
		return fmt.Errorf("links %s %s, but THIRD_PARTY_NOTICES lists %s", d.Path, d.Version, n.version)
	case !n.all && !n.targets[t.String()]:
		return fmt.Errorf("links %s, which THIRD_PARTY_NOTICES does not list for %s", d.Path, t)
	}
	return nil
}

// noticed is a module as THIRD_PARTY_NOTICES lists it.
type noticed struct {
	version string
	all     bool
	targets map[string]bool
}

// parseNotices reads the module list of THIRD_PARTY_NOTICES (the format
// internal/notices/gen renders): "path version" lines, each followed by
// "    licence, texts [n], linked for all targets|t1, t2".
func parseNotices(text string) map[string]noticed {
	mods := map[string]noticed{}
	lines := strings.Split(text, "\n")
	for i := 0; i+1 < len(lines); i++ {
		_, linked, ok := strings.Cut(lines[i+1], ", linked for ")
		path, version, found := strings.Cut(lines[i], " ")
		if !ok || !found || !strings.HasPrefix(lines[i+1], "    ") || strings.Contains(version, " ") {
			continue
		}
		n := noticed{version: version, all: linked == "all targets", targets: map[string]bool{}}
		for _, t := range strings.Split(linked, ", ") {
			n.targets[t] = true
		}
		mods[path] = n
	}
	return mods
}
