package solc

import (
	"encoding/json"
	"path/filepath"
)

// An npmDep is a package a project's package.json lists.
type npmDep struct {
	Range string // the version range as written: "^4.8.0"
	// List is where the range comes from: "dependencies",
	// "devDependencies" or "peerDependencies".
	List string
}

// depLists are the lists of package.json that name packages a project's
// sources may import, in the order a package's range is taken from: the
// dependencies a user installs, then those its authors develop with, then
// what it expects of its host.
var depLists = []string{"dependencies", "devDependencies", "peerDependencies"}

// packageDeps reads the packages listed in dir's package.json by name. It
// returns nil when there is no package.json or it does not parse: then
// nothing is known, which callers treat as nothing listed.
func packageDeps(dir string) map[string]npmDep {
	data, err := readConfig(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal(data, &pkg) != nil {
		return nil
	}
	deps := map[string]npmDep{}
	for _, list := range depLists {
		// A list that is not an object of strings (a hand-edited file) is
		// skipped entry by entry, not as a whole.
		var entries map[string]any
		if json.Unmarshal(pkg[list], &entries) != nil {
			continue
		}
		for name, v := range entries {
			r, ok := v.(string)
			if _, seen := deps[name]; ok && !seen {
				deps[name] = npmDep{Range: r, List: list}
			}
		}
	}
	return deps
}
