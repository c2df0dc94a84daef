// Command releasecheck verifies the release GoReleaser wrote into a dist
// directory (scripts/release runs it): for every release target an archive
// holding the binary, LICENSE, THIRD_PARTY_NOTICES and README.md; a binary
// for that target by its file header and its Go build information, built
// with the release version and linking only modules the notices list; the
// checksums; an SBOM per binary; and, for the machine's own target, that
// the binary runs and prints the version and the notices.
//
//	go run ./internal/releasecheck [-root DIR] DIST
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/foresight-sol/foresight/internal/notices/gen"
)

func main() {
	root := flag.String("root", ".", "the repository, whose LICENSE, THIRD_PARTY_NOTICES and README.md the archives must carry")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: releasecheck [-root DIR] DIST")
		os.Exit(2)
	}
	if err := check(*root, flag.Arg(0)); err != nil {
		fmt.Fprintf(os.Stderr, "releasecheck: %v\n", err)
		os.Exit(1)
	}
}

// shipped are the files every archive carries beside the binary.
var shipped = []string{"LICENSE", "THIRD_PARTY_NOTICES", "README.md"}

// check verifies the release in dist against the repository at root.
func check(root, dist string) error {
	version, err := releaseVersion(dist)
	if err != nil {
		return err
	}
	want := map[string][]byte{}
	for _, name := range shipped {
		if want[name], err = os.ReadFile(filepath.Join(root, name)); err != nil {
			return err
		}
	}
	mods := parseNotices(string(want["THIRD_PARTY_NOTICES"]))
	if len(mods) == 0 {
		return errors.New("THIRD_PARTY_NOTICES lists no modules")
	}
	if err := checkChecksums(dist); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "releasecheck")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var problems []string
	for _, t := range gen.Targets {
		if err := checkTarget(dist, tmp, version, t, want, mods); err != nil {
			problems = append(problems, err.Error())
			continue
		}
		fmt.Printf("releasecheck: %s: archive, header, build info, notices and SBOM OK\n", t)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	fmt.Printf("releasecheck: OK, version %s, %d targets\n", version, len(gen.Targets))
	return nil
}

// releaseVersion is the version GoReleaser built, from dist/metadata.json.
func releaseVersion(dist string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dist, "metadata.json"))
	if err != nil {
		return "", fmt.Errorf("no release in %s: %w", dist, err)
	}
	var meta struct{ Version string }
	if err := json.Unmarshal(b, &meta); err != nil || meta.Version == "" {
		return "", fmt.Errorf("%s/metadata.json: no version (%v)", dist, err)
	}
	return meta.Version, nil
}

// checkTarget checks target t's archive, binary and SBOM.
func checkTarget(dist, tmp, version string, t gen.Target, want map[string][]byte, mods map[string]noticed) error {
	archive := filepath.Join(dist, archiveName(version, t))
	exe := "foresight"
	if t.GOOS == "windows" {
		exe += ".exe"
	}
	files, err := readArchive(archive)
	if err != nil {
		return err
	}
	if err := checkContents(archive, files, exe, want); err != nil {
		return err
	}
	bin := filepath.Join(tmp, t.String(), exe)
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(bin, files[exe], 0o755); err != nil {
		return err
	}
	if err := checkHeader(bin, t); err != nil {
		return fmt.Errorf("%s: %w", archive, err)
	}
	if err := checkBuildInfo(bin, t, version, mods); err != nil {
		return fmt.Errorf("%s: %w", archive, err)
	}
	sbom := filepath.Join(dist, fmt.Sprintf("foresight_%s_%s_%s.cdx.json", version, t.GOOS, t.GOARCH))
	if err := checkSBOM(sbom, bin); err != nil {
		return err
	}
	if t.GOOS == runtime.GOOS && t.GOARCH == runtime.GOARCH {
		return checkRuns(bin, version, string(want["THIRD_PARTY_NOTICES"]))
	}
	return nil
}

// archiveName is the name .goreleaser.yaml gives t's archive.
func archiveName(version string, t gen.Target) string {
	ext := ".tar.gz"
	if t.GOOS == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("foresight_%s_%s_%s%s", version, t.GOOS, t.GOARCH, ext)
}

// checkContents: the archive holds exactly the binary and the shipped
// files, these equal to the repository's.
func checkContents(archive string, files map[string][]byte, exe string, want map[string][]byte) error {
	if _, ok := files[exe]; !ok {
		return fmt.Errorf("%s: no %s", archive, exe)
	}
	for name, w := range want {
		got, ok := files[name]
		if !ok {
			return fmt.Errorf("%s: no %s", archive, name)
		}
		if !bytes.Equal(got, w) {
			return fmt.Errorf("%s: %s differs from the repository's", archive, name)
		}
	}
	if len(files) != len(want)+1 {
		var names []string
		for n := range files {
			names = append(names, n)
		}
		return fmt.Errorf("%s: holds %v, want %s and %v only", archive, names, exe, shipped)
	}
	return nil
}

// checkRuns runs the machine's own binary: version prints the release
// version, version --licenses the notices after it.
func checkRuns(bin, version, notices string) error {
	out, err := exec.Command(bin, "version").Output()
	if err != nil || string(out) != "foresight "+version+"\n" {
		return fmt.Errorf("%s version: %q (%v), want %q", bin, out, err, "foresight "+version)
	}
	out, err = exec.Command(bin, "version", "--licenses").Output()
	if err != nil || string(out) != "foresight "+version+"\n\n"+notices {
		return fmt.Errorf("%s version --licenses: %v; the output is not the version and THIRD_PARTY_NOTICES (%d bytes, want %d)", bin, err, len(out), len(notices))
	}
	fmt.Printf("releasecheck: %s runs: version %s, --licenses prints THIRD_PARTY_NOTICES\n", bin, version)
	return nil
}

// checkChecksums checks every line of dist/checksums.txt ("sha256  name")
// against its file, and that every archive and SBOM is listed.
func checkChecksums(dist string) error {
	b, err := os.ReadFile(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		return fmt.Errorf("no checksums: %w", err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			return fmt.Errorf("checksums.txt: bad line %q", line)
		}
		data, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			return fmt.Errorf("checksums.txt: %w", err)
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != sum {
			return fmt.Errorf("checksums.txt: %s has another sha256", name)
		}
		listed[name] = true
	}
	archives, _ := filepath.Glob(filepath.Join(dist, "foresight_*"))
	for _, a := range archives {
		if fi, err := os.Stat(a); err == nil && fi.IsDir() {
			continue // GoReleaser's build directory
		}
		if !listed[filepath.Base(a)] {
			return fmt.Errorf("checksums.txt does not list %s", filepath.Base(a))
		}
	}
	return nil
}
