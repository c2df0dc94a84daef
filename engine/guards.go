package engine

import (
	"bytes"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// Guard is a condition in user code that inputs reached and none passed:
// what stands before code the campaign did not run, and how close the
// best input came to passing it.
type Guard struct {
	File string `json:"file"`
	// Line is the one-based line the condition starts on; Start and End
	// its byte range in File.
	Line       int `json:"line"`
	Start, End int `json:"-"`
	// Text is the condition's source (its first line, clipped).
	Text string `json:"text"`
	// FuncFirst and FuncLast are the one-based lines of the function
	// (or modifier) holding it.
	FuncFirst, FuncLast int `json:"-"`
	// Bits is the bit length of the best input's distance to passing it
	// (HARVEY's branch distance): it was 2^(Bits-1) to 2^Bits-1 away
	// (Distance says it in words).
	Bits int `json:"bits"`
}

// maxGuardText bounds Guard.Text in bytes.
const maxGuardText = 80

// guardsOf places the campaign's unmet branches in source, one Guard per
// condition (the nearest distance if several branches share it), by file
// and line.
func guardsOf(p *program.Program, unmet []fuzz.Unmet) []Guard {
	type key struct {
		file       string
		start, end int
	}
	best := map[key]Guard{}
	mappers := map[string]*position.Mapper{}
	for _, u := range unmet {
		if u.Contract >= len(p.Contracts) {
			continue
		}
		c := p.Contracts[u.Contract]
		loc, ok := c.Locate(u.PC, false)
		unit := c.Build.Units[loc.Unit]
		if !ok || unit == nil || loc.End > len(unit.Content) || loc.Start >= loc.End {
			continue
		}
		m := mappers[loc.Path]
		if m == nil {
			m = position.NewMapper(unit.Content)
			mappers[loc.Path] = m
		}
		line, _, err := m.LineCol(loc.Start)
		if err != nil {
			continue
		}
		// The dispatcher's and ABI decoder's checks map to the contract or
		// the whole function: no condition the user wrote.
		fn, ok := c.FunctionAt(loc)
		if !ok || loc.Start <= fn.Start && loc.End >= fn.End {
			continue
		}
		g := Guard{File: loc.Path, Line: line + 1, Start: loc.Start, End: loc.End, Text: guardText(unit.Content[loc.Start:loc.End]), Bits: u.Bits}
		first, _, err1 := m.LineCol(fn.Start)
		last, _, err2 := m.LineCol(max(fn.End-1, fn.Start))
		if err1 == nil && err2 == nil {
			g.FuncFirst, g.FuncLast = first+1, last+1
		}
		k := key{loc.Path, loc.Start, loc.End}
		if old, ok := best[k]; !ok || g.Bits < old.Bits {
			best[k] = g
		}
	}
	out := make([]Guard, 0, len(best))
	for _, g := range best {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

// guardText is a condition's first line, without surrounding space,
// clipped to maxGuardText bytes on a character boundary.
func guardText(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	src = bytes.TrimSpace(src)
	if len(src) <= maxGuardText {
		return string(src)
	}
	cut := maxGuardText
	for cut > 0 && !utf8.RuneStart(src[cut]) {
		cut--
	}
	return string(src[:cut]) + "…"
}

// Distance says how close the best input came to passing g.
func (g Guard) Distance() string {
	switch {
	case g.Bits <= 1:
		return "the best input missed it by 1"
	case g.Bits <= 20:
		lo, hi := uint64(1)<<(g.Bits-1), uint64(1)<<g.Bits-1
		return "the best input missed it by " + strconv.FormatUint(lo, 10) + " to " + strconv.FormatUint(hi, 10)
	}
	return "the best input missed it by 2^" + strconv.Itoa(g.Bits-1) + " to 2^" + strconv.Itoa(g.Bits)
}
