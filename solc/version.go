package solc

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a solc release number.
type Version struct {
	Major, Minor, Patch int
}

// ParseVersion parses "0.8.19", "v0.8.19" or "0.8.19+commit.7dd6d404".
func ParseVersion(s string) (Version, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexAny(s, "+-"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("invalid version %q", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return Version{}, fmt.Errorf("invalid version %q", s)
		}
		n[i] = v
	}
	return Version{n[0], n[1], n[2]}, nil
}

// MustVersion is ParseVersion for constants; it panics on bad input.
func MustVersion(s string) Version {
	v, err := ParseVersion(s)
	if err != nil {
		panic(err)
	}
	return v
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Compare returns -1, 0 or +1.
func (v Version) Compare(w Version) int {
	switch {
	case v.Major != w.Major:
		return cmpInt(v.Major, w.Major)
	case v.Minor != w.Minor:
		return cmpInt(v.Minor, w.Minor)
	default:
		return cmpInt(v.Patch, w.Patch)
	}
}

// Less reports whether v is older than w.
func (v Version) Less(w Version) bool { return v.Compare(w) < 0 }

// IsZero reports whether v is the zero Version (unknown).
func (v Version) IsZero() bool { return v == Version{} }

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
