package session

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file is what a project's behaviour checks after its saves found
// (after.go; docs/diff.md, "In the editor"), kept in its State: each
// difference on the function's name in the compiled text it was found
// on, the functions compared with no difference and over how many
// inputs, and the differences accepted until their function changes
// again. A check of the latest run replaces what an older one said of
// the functions it compared; the front end reads the facts and shows
// them (a diagnostic, a lens).

// A BehaviourDiff is a difference shown on a function of a compiled
// text: Start and End are the function's name in Text (its start when
// it has none).
type BehaviourDiff struct {
	ID         string
	Function   string // "Contract.name"
	Difference BehaviourDifference
	Path       string
	Text       *Text
	Start, End int
}

// behaviourRecord is what the last checks of a project found.
type behaviourRecord struct {
	diffs     map[string]*BehaviourDiff // by ID
	unchanged map[string]int            // "Contract.name" -> inputs compared, no difference
	accepted  map[string]string         // "Contract.name" -> its definition's text when accepted
	nextID    int
}

func newBehaviourRecord() behaviourRecord {
	return behaviourRecord{diffs: map[string]*BehaviourDiff{}, unchanged: map[string]int{}, accepted: map[string]string{}}
}

// applyBehaviour records a check's result for the functions it compared,
// unless a newer run began (false), and returns the files whose facts
// changed.
func (g *Gen) applyBehaviour(c Comparison) ([]string, bool) {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != g.n {
		return nil, false
	}
	return s.absorbBehaviourLocked(c), true
}

func (s *State) absorbBehaviourLocked(c Comparison) []string {
	st := &s.behaviour
	touched := map[string]bool{}
	for _, c := range c.Report.Compared {
		name := c.Function.Contract + "." + nameOf(c.Function.Signature)
		touched[name] = true
		delete(st.unchanged, name)
	}
	paths := map[string]bool{}
	for id, d := range st.diffs {
		if touched[d.Function] {
			paths[d.Path] = true
			delete(st.diffs, id)
		}
	}
	for _, c := range c.Report.Compared {
		if c.Differences == 0 {
			st.unchanged[c.Function.Contract+"."+nameOf(c.Function.Signature)] += c.Inputs
		}
	}
	for _, d := range c.Differences() {
		name := d.Contract + "." + d.Name
		path, fs, fn, ok := s.functionLocked(d.Contract, d.Name)
		if !ok {
			continue
		}
		if text, ok := st.accepted[name]; ok && text == definitionOf(fs.Text, fn) {
			continue // accepted, and the function is as it was then
		}
		delete(st.accepted, name)
		st.nextID++
		bd := &BehaviourDiff{ID: fmt.Sprintf("b%d", st.nextID), Function: name, Difference: d, Path: path, Text: fs.Text}
		bd.Start, bd.End = fn.Start, fn.Start
		if fn.NameStart >= 0 {
			bd.Start, bd.End = fn.NameStart, fn.NameStart+len(fn.Name)
		}
		st.diffs[bd.ID] = bd
		paths[path] = true
	}
	for name := range touched {
		contract, fname, _ := strings.Cut(name, ".")
		if path, _, _, ok := s.functionLocked(contract, fname); ok {
			paths[path] = true
		}
	}
	return slices.Sorted(maps.Keys(paths))
}

// functionLocked finds a public or external function's definition in the
// compiled files.
func (s *State) functionLocked(contract, name string) (string, *File, solc.Function, bool) {
	for _, path := range slices.Sorted(maps.Keys(s.files)) {
		fs := s.files[path]
		for _, fn := range fs.Functions {
			if fn.Contract == contract && fn.Name == name && Callable(fn) {
				return path, fs, fn, true
			}
		}
	}
	return "", nil, solc.Function{}, false
}

// Callable says a function is one a transaction calls: implemented,
// public or external, and named.
func Callable(fn solc.Function) bool {
	return fn.Kind == "function" && fn.Name != "" && fn.Implemented &&
		(fn.Visibility == "public" || fn.Visibility == "external")
}

// definitionOf is a function's text with white space collapsed.
func definitionOf(src *Text, fn solc.Function) string {
	if fn.Start < 0 || fn.End > len(src.Content()) || fn.Start > fn.End {
		return ""
	}
	return strings.Join(strings.Fields(string(src.Content()[fn.Start:fn.End])), " ")
}

// BehaviourOn are the differences shown on path's current compiled
// text, in order of place, and the functions the checks compared with
// no difference, with the inputs compared.
func (s *State) BehaviourOn(path string) ([]*BehaviourDiff, map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.textLocked(path)
	var out []*BehaviourDiff
	for _, d := range s.behaviour.diffs {
		if d.Path == path && d.Text == cur && cur != nil {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b *BehaviourDiff) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, maps.Clone(s.behaviour.unchanged)
}

// BehaviourDiffOf is path's difference of that ID, or nil.
func (s *State) BehaviourDiffOf(path, id string) *BehaviourDiff {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.behaviour.diffs[id]; d != nil && d.Path == path {
		return d
	}
	return nil
}

// AcceptBehaviour silences a difference until its function's definition
// changes: a check that finds it again on the same text shows nothing.
func (s *State) AcceptBehaviour(d *BehaviourDiff) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.behaviour
	if _, fs, fn, ok := s.functionLocked(d.Difference.Contract, d.Difference.Name); ok {
		st.accepted[d.Function] = definitionOf(fs.Text, fn)
	}
	delete(st.diffs, d.ID)
}
