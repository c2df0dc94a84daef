package engine

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// A Target is a range of source lines the campaign should reach: every
// instruction compiled from code inside those lines.
type Target struct {
	Path     string // file path
	FromLine int    // one-based, inclusive
	ToLine   int    // one-based, inclusive
}

// ParseTarget reads "FILE:LINE" or "FILE:FROM-TO".
func ParseTarget(s string) (Target, error) {
	i := strings.LastIndex(s, ":")
	if i <= 0 {
		return Target{}, fmt.Errorf("target %q: want FILE:LINE or FILE:FROM-TO", s)
	}
	t := Target{Path: s[:i]}
	from, to, ok := strings.Cut(s[i+1:], "-")
	var err error
	if t.FromLine, err = strconv.Atoi(from); err != nil || t.FromLine < 1 {
		return Target{}, fmt.Errorf("target %q: bad line %q", s, from)
	}
	t.ToLine = t.FromLine
	if ok {
		if t.ToLine, err = strconv.Atoi(to); err != nil || t.ToLine < t.FromLine {
			return Target{}, fmt.Errorf("target %q: bad line range", s)
		}
	}
	return t, nil
}

// targetPCs maps targets to runtime PCs per contract index. A target no
// code comes from is an error, or dropped if skipEmpty.
func targetPCs(p *program.Program, targets []Target, skipEmpty bool) (map[int][]uint64, error) {
	out := map[int][]uint64{}
	for _, t := range targets {
		abs, err := filepath.Abs(t.Path)
		if err != nil {
			return nil, err
		}
		found := false
		for _, c := range p.Contracts {
			for unit, u := range c.Build.Units {
				if u.Path != abs {
					continue
				}
				id, ok := c.Build.FileID(unit)
				if !ok {
					continue
				}
				m := position.NewMapper(u.Content)
				start, _ := m.LineRange(t.FromLine - 1)
				_, end := m.LineRange(t.ToLine - 1)
				pcs := c.Artifact.Runtime.Map.PCsWithin(id, start, end)
				if len(pcs) > 0 {
					out[c.Index] = append(out[c.Index], pcs...)
					found = true
				}
			}
		}
		if !found && !skipEmpty {
			return nil, fmt.Errorf("target %s:%d-%d: no runtime code comes from those lines", t.Path, t.FromLine, t.ToLine)
		}
	}
	return out, nil
}
