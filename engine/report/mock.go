package report

import (
	"path"
	"strings"
)

// Findings in test helpers and mocks (a mintable WETH mock, an unguarded
// selfdestruct in mocks/helpers) are true of that code but say nothing of
// the project's own contracts: they are reported apart, labelled, and not
// counted as the project's findings (docs/oracles.md, "Mocks apart").

// mockDirs are the folders whose contracts are test helpers.
var mockDirs = map[string]bool{"mock": true, "mocks": true, "test": true, "tests": true, "testing": true}

// IsMock reports whether a finding at unit (a source unit name or path)
// in contract is in a test helper or mock: a folder named mock(s),
// test(s) or testing, or a file or contract whose name holds "Mock" or
// starts with "mock".
func IsMock(unit, contract string) bool {
	unit = strings.ReplaceAll(unit, "\\", "/")
	dir, file := path.Split(unit)
	for _, d := range strings.Split(dir, "/") {
		if mockDirs[strings.ToLower(d)] {
			return true
		}
	}
	return mockName(strings.TrimSuffix(file, ".sol")) || mockName(contract)
}

func mockName(s string) bool {
	return strings.Contains(s, "Mock") || strings.HasPrefix(strings.ToLower(s), "mock")
}

// Own counts the findings in fs that are the project's own (not Mock).
func Own(fs []Finding) int {
	n := 0
	for i := range fs {
		if !fs[i].Mock {
			n++
		}
	}
	return n
}

// MocksLast orders fs with the project's own findings first and those in
// mocks after them, each group in its order.
func MocksLast(fs []Finding) {
	own := fs[:0:0]
	var mocks []Finding
	for _, f := range fs {
		if f.Mock {
			mocks = append(mocks, f)
		} else {
			own = append(own, f)
		}
	}
	copy(fs, append(own, mocks...))
}
