package solc

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// A Remapping rewrites import paths: "[context:]prefix=target".
type Remapping struct {
	Context, Prefix, Target string
}

// ParseRemapping parses one remapping in solc's syntax.
func ParseRemapping(s string) (Remapping, error) {
	s = strings.TrimSpace(s)
	eq := strings.Index(s, "=")
	if eq <= 0 {
		return Remapping{}, fmt.Errorf("invalid remapping %q: want [context:]prefix=target", s)
	}
	var r Remapping
	lhs := s[:eq]
	if c := strings.Index(lhs, ":"); c >= 0 {
		r.Context, lhs = lhs[:c], lhs[c+1:]
	}
	r.Prefix, r.Target = lhs, s[eq+1:]
	if r.Prefix == "" {
		return Remapping{}, fmt.Errorf("invalid remapping %q: empty prefix", s)
	}
	return r, nil
}

func (r Remapping) String() string {
	if r.Context != "" {
		return r.Context + ":" + r.Prefix + "=" + r.Target
	}
	return r.Prefix + "=" + r.Target
}

// applyRemappings rewrites importPath as solc does: among the remappings
// whose context is a prefix of the importing unit and whose prefix is a
// prefix of the path, the longest context wins, then the longest prefix.
func applyRemappings(rs []Remapping, importer, importPath string) string {
	best := -1
	for i, r := range rs {
		if !strings.HasPrefix(importer, r.Context) || !strings.HasPrefix(importPath, r.Prefix) {
			continue
		}
		if best < 0 || len(r.Context) > len(rs[best].Context) ||
			(len(r.Context) == len(rs[best].Context) && len(r.Prefix) >= len(rs[best].Prefix)) {
			best = i
		}
	}
	if best < 0 {
		return importPath
	}
	return rs[best].Target + importPath[len(rs[best].Prefix):]
}

// readRemappingsFile reads remappings.txt: one remapping a line, blank lines
// and '#' comments ignored.
func readRemappingsFile(path string) ([]Remapping, error) {
	data, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	var out []Remapping
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r, err := ParseRemapping(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, r)
	}
	return out, nil
}
