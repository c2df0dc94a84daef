package solc

import (
	"fmt"
	"strconv"
	"strings"
)

// A Constraint is a parsed version expression from a `pragma solidity`
// directive: alternatives joined by "||", each a conjunction of comparators.
// The grammar is npm's semver range syntax, which solc follows: ^, ~, >=, >,
// <=, <, =, partial versions ("0.8", "0.8.x", "*") and hyphen ranges.
type Constraint struct {
	text string
	alts [][]comparator
}

type comparator struct {
	op string // one of ">=", ">", "<=", "<", "="
	v  Version
}

// ParseConstraint parses the text between `pragma solidity` and `;`.
func ParseConstraint(text string) (Constraint, error) {
	c := Constraint{text: strings.TrimSpace(text)}
	for _, alt := range strings.Split(c.text, "||") {
		cmps, err := parseConjunction(alt)
		if err != nil {
			return Constraint{}, fmt.Errorf("pragma solidity %q: %w", c.text, err)
		}
		c.alts = append(c.alts, cmps)
	}
	return c, nil
}

// String returns the constraint as written.
func (c Constraint) String() string { return c.text }

// Allows reports whether v satisfies the constraint.
func (c Constraint) Allows(v Version) bool {
	for _, alt := range c.alts {
		ok := true
		for _, cmp := range alt {
			if !cmp.allows(v) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func (c comparator) allows(v Version) bool {
	d := v.Compare(c.v)
	switch c.op {
	case ">=":
		return d >= 0
	case ">":
		return d > 0
	case "<=":
		return d <= 0
	case "<":
		return d < 0
	default:
		return d == 0
	}
}

func parseConjunction(s string) ([]comparator, error) {
	fields := tokenizeRange(s)
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty version range")
	}
	// Hyphen range: "A - B".
	if len(fields) == 3 && fields[1] == "-" {
		lo, err := parsePartial(fields[0])
		if err != nil {
			return nil, err
		}
		hi, err := parsePartial(fields[2])
		if err != nil {
			return nil, err
		}
		out := []comparator{{">=", lo.floor()}}
		if hi.n == 3 {
			out = append(out, comparator{"<=", hi.floor()})
		} else if hi.n > 0 {
			out = append(out, comparator{"<", hi.bump()})
		}
		return out, nil
	}
	var out []comparator
	for _, f := range fields {
		cmps, err := parseComparator(f)
		if err != nil {
			return nil, err
		}
		out = append(out, cmps...)
	}
	return out, nil
}

// tokenizeRange splits on spaces, and also separates an operator written
// apart from its version (">= 0.8.0" is common in the wild).
func tokenizeRange(s string) []string {
	var out []string
	pending := ""
	for _, f := range strings.Fields(s) {
		if f == ">=" || f == "<=" || f == ">" || f == "<" || f == "=" || f == "^" || f == "~" {
			pending += f
			continue
		}
		out = append(out, pending+f)
		pending = ""
	}
	if pending != "" {
		out = append(out, pending)
	}
	return out
}

func parseComparator(f string) ([]comparator, error) {
	op := ""
	for _, p := range []string{">=", "<=", ">", "<", "=", "^", "~"} {
		if strings.HasPrefix(f, p) {
			op = p
			f = f[len(p):]
			break
		}
	}
	p, err := parsePartial(strings.TrimPrefix(f, "v"))
	if err != nil {
		return nil, err
	}
	switch op {
	case "^":
		if p.n == 0 {
			return nil, nil
		}
		lo := p.floor()
		var hi Version
		switch {
		case lo.Major > 0 || p.n == 1:
			hi = Version{lo.Major + 1, 0, 0}
		case lo.Minor > 0 || p.n == 2:
			hi = Version{0, lo.Minor + 1, 0}
		default:
			hi = Version{0, 0, lo.Patch + 1}
		}
		return []comparator{{">=", lo}, {"<", hi}}, nil
	case "~":
		if p.n == 0 {
			return nil, nil
		}
		lo := p.floor()
		hi := Version{lo.Major, lo.Minor + 1, 0}
		if p.n == 1 {
			hi = Version{lo.Major + 1, 0, 0}
		}
		return []comparator{{">=", lo}, {"<", hi}}, nil
	case ">=":
		return []comparator{{">=", p.floor()}}, nil
	case ">":
		if p.n < 3 {
			if p.n == 0 {
				return []comparator{{"<", Version{}}}, nil // nothing
			}
			return []comparator{{">=", p.bump()}}, nil
		}
		return []comparator{{">", p.floor()}}, nil
	case "<":
		return []comparator{{"<", p.floor()}}, nil
	case "<=":
		if p.n < 3 {
			if p.n == 0 {
				return nil, nil
			}
			return []comparator{{"<", p.bump()}}, nil
		}
		return []comparator{{"<=", p.floor()}}, nil
	default: // "=" or bare
		switch p.n {
		case 0:
			return nil, nil
		case 3:
			return []comparator{{"=", p.floor()}}, nil
		default:
			return []comparator{{">=", p.floor()}, {"<", p.bump()}}, nil
		}
	}
}

// partial is a version with n leading components given (0..3); "x", "X" and
// "*" end the given components.
type partial struct {
	v [3]int
	n int
}

func parsePartial(s string) (partial, error) {
	var p partial
	if s == "" {
		return p, fmt.Errorf("missing version")
	}
	if i := strings.IndexAny(s, "+-"); i > 0 {
		s = s[:i]
	}
	for i, c := range strings.Split(s, ".") {
		if i >= 3 {
			return p, fmt.Errorf("invalid version %q", s)
		}
		if c == "x" || c == "X" || c == "*" {
			break
		}
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 {
			return p, fmt.Errorf("invalid version %q", s)
		}
		p.v[i] = n
		p.n = i + 1
	}
	return p, nil
}

func (p partial) floor() Version { return Version{p.v[0], p.v[1], p.v[2]} }

// bump returns the first version past the partial's range: 0.8 -> 0.9.0.
func (p partial) bump() Version {
	switch p.n {
	case 1:
		return Version{p.v[0] + 1, 0, 0}
	case 2:
		return Version{p.v[0], p.v[1] + 1, 0}
	default:
		return Version{p.v[0], p.v[1], p.v[2] + 1}
	}
}
