package engine

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// A Target is code the campaign should reach: a range of source lines
// (every instruction compiled from code inside them), a function's body,
// or every assert call of the targets.
type Target struct {
	Path     string // file path
	FromLine int    // one-based, inclusive
	ToLine   int    // one-based, inclusive
	// Function names a function ("fn" or "Contract.fn") of Path instead
	// of lines.
	Function string
	// Asserts targets every assert(...) call of the fuzzed contracts.
	Asserts bool
}

// ParseTarget reads "FILE:LINE", "FILE:FROM-TO", "FILE:FUNCTION" (or
// "FILE:Contract.function") or "asserts".
func ParseTarget(s string) (Target, error) {
	if s == "asserts" {
		return Target{Asserts: true}, nil
	}
	i := strings.LastIndex(s, ":")
	if i <= 0 || i == len(s)-1 {
		return Target{}, fmt.Errorf("target %q: want FILE:LINE, FILE:FROM-TO, FILE:FUNCTION or asserts", s)
	}
	t := Target{Path: s[:i]}
	if c := s[i+1]; c < '0' || c > '9' {
		if !validName(s[i+1:]) {
			return Target{}, fmt.Errorf("target %q: bad function name %q", s, s[i+1:])
		}
		t.Function = s[i+1:]
		return t, nil
	}
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
		if t.Asserts {
			n := 0
			for _, c := range p.Contracts {
				if c.Target {
					pcs := assertPCs(c)
					out[c.Index] = append(out[c.Index], pcs...)
					n += len(pcs)
				}
			}
			if n == 0 && !skipEmpty {
				return nil, fmt.Errorf("target asserts: the contracts have no assert calls")
			}
			continue
		}
		if t.Function != "" {
			pcs, err := functionPCs(p, t)
			if err != nil && !skipEmpty {
				return nil, err
			}
			for ci, ps := range pcs {
				out[ci] = append(out[ci], ps...)
			}
			continue
		}
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

func validName(s string) bool {
	for i, r := range s {
		ok := r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '.')
		if !ok {
			return false
		}
	}
	return s != "" && !strings.HasSuffix(s, ".")
}

// functionPCs maps a function target to the runtime PCs compiled from its
// definition, in every contract that has that code (inheritance).
func functionPCs(p *program.Program, t Target) (map[int][]uint64, error) {
	abs, err := filepath.Abs(t.Path)
	if err != nil {
		return nil, err
	}
	contract, name, ok := strings.Cut(t.Function, ".")
	if !ok {
		contract, name = "", t.Function
	}
	out := map[int][]uint64{}
	seen := false
	for _, c := range p.Contracts {
		for _, fn := range c.Functions() {
			if fn.Name != name || (contract != "" && fn.Contract != contract) || fn.Location.Path != abs {
				continue
			}
			seen = true
			id, ok := c.Build.FileID(fn.Location.Unit)
			if !ok {
				continue
			}
			if pcs := c.Artifact.Runtime.Map.PCsWithin(id, fn.Start, fn.End); len(pcs) > 0 {
				out[c.Index] = append(out[c.Index], pcs...)
			}
		}
	}
	if !seen {
		return nil, fmt.Errorf("target %s:%s: no such function", t.Path, t.Function)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("target %s:%s: no runtime code comes from it", t.Path, t.Function)
	}
	return out, nil
}

// assertPCs returns the runtime PCs compiled from the assert(...) calls of
// a contract's build.
func assertPCs(c *program.Contract) []uint64 {
	var out []uint64
	for _, r := range c.AssertRanges() {
		id, ok := c.Build.FileID(r.Unit)
		if !ok {
			continue
		}
		out = append(out, c.Artifact.Runtime.Map.PCsWithin(id, r.Start, r.End)...)
	}
	return out
}
