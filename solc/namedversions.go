package solc

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// A project often says which solc its files were written and tested with
// without a config Foresight reads: its package.json depends on that solc,
// or Hardhat compiled it and left a cache and build-info behind. The
// newest release a pragma allows (the rule otherwise) may then compile
// differently, or fail ("Stack too deep" in a release the authors never
// used). readNamedVersions collects those versions; choose prefers them.

// maxBuildInfos bounds how many build-info files are read; each names
// the compiler of one Hardhat compile, so a few suffice.
const maxBuildInfos = 64

// buildInfoHead is how much of a build-info is read: its solcVersion comes
// before the input and output, which run to megabytes.
const buildInfoHead = 8 << 10

// solcVersionField finds a build-info's "solcVersion": "0.8.19".
var solcVersionField = regexp.MustCompile(`"solcVersion"\s*:\s*"([^"]+)"`)

// readNamedVersions returns the solc versions the project at root names,
// highest first, without duplicates: the solc package of its
// package.json's dependencies or devDependencies (the installed one's
// version when node_modules holds it, else the version its range is
// written with), every solcConfig.version of Hardhat's
// cache/solidity-files-cache.json, and the solcVersion of each
// artifacts/build-info/*.json. Files that are missing or unreadable name
// nothing.
func readNamedVersions(root string) []Version {
	seen := map[Version]bool{}
	add := func(s string) {
		if v, err := ParseVersion(s); err == nil {
			seen[v] = true
		}
	}
	if dep, ok := packageDeps(root)["solc"]; ok && dep.List != "peerDependencies" {
		if v, ok := installedSolcJS(root); ok {
			add(v)
		} else if v, ok := rangeVersion(dep.Range); ok {
			add(v)
		}
	}
	for _, v := range hardhatCacheVersions(root) {
		add(v)
	}
	infos, _ := filepath.Glob(filepath.Join(root, "artifacts", "build-info", "*.json"))
	sort.Strings(infos)
	for _, path := range infos[:min(len(infos), maxBuildInfos)] {
		if head, err := readHead(path, buildInfoHead); err == nil {
			if m := solcVersionField.FindSubmatch(head); m != nil {
				add(string(m[1]))
			}
		}
	}
	out := make([]Version, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[j].Less(out[i]) })
	return out
}

// installedSolcJS is the version of the solc package in root's
// node_modules, if there is one.
func installedSolcJS(root string) (string, bool) {
	data, err := readConfig(filepath.Join(root, "node_modules", "solc", "package.json"))
	if err != nil {
		return "", false
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(data, &pkg) != nil || pkg.Version == "" {
		return "", false
	}
	return pkg.Version, true
}

// rangeVersion is the one version a dependency range is written with:
// "0.8.19", "=0.8.19", "v0.8.19", "^0.8.19" and "~0.8.19" name 0.8.19 (the
// author chose it; npm installs it or a patch release of it). A range
// with a bound on each side, alternatives or wildcards names none.
func rangeVersion(r string) (string, bool) {
	r = strings.TrimSpace(r)
	r = strings.TrimLeft(r, "=v^~")
	if r == "" || strings.ContainsAny(r, " <>|*xX") {
		return "", false
	}
	return r, true
}

// hardhatCacheVersions are the solcConfig.version values of Hardhat's
// cache/solidity-files-cache.json: the compiler of each file it compiled.
func hardhatCacheVersions(root string) []string {
	data, err := readRegular(filepath.Join(root, "cache", "solidity-files-cache.json"), MaxSourceBytes)
	if err != nil {
		return nil
	}
	var cache struct {
		Files map[string]struct {
			SolcConfig struct {
				Version string `json:"version"`
			} `json:"solcConfig"`
		} `json:"files"`
	}
	if json.Unmarshal(data, &cache) != nil {
		return nil
	}
	var out []string
	for _, f := range cache.Files {
		if f.SolcConfig.Version != "" {
			out = append(out, f.SolcConfig.Version)
		}
	}
	return out
}
