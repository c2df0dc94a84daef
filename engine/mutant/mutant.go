package mutant

import (
	"fmt"
	"slices"
)

// A Range is a run of one-based lines, From to To inclusive.
type Range struct{ From, To int }

// Lines are the changed lines of one file; nil means every line.
type Lines []Range

// All is every line of a file.
var All Lines

// Has reports whether line is among ls (every line when ls is nil).
func (ls Lines) Has(line int) bool {
	if ls == nil {
		return true
	}
	for _, r := range ls {
		if line >= r.From && line <= r.To {
			return true
		}
	}
	return false
}

// Operator names the kind of an edit (JSON and text output, goldens).
type Operator string

// The operators Generate applies.
const (
	Comparison Operator = "comparison" // < <= > >= == != for another
	Arithmetic Operator = "arithmetic" // + - * / % and their assignments, ++ --
	Constant   Operator = "constant"   // an integer literal off by one
	Guard      Operator = "guard"      // a require or an if-revert removed
	Modifier   Operator = "modifier"   // a modifier of the function removed
	Arguments  Operator = "arguments"  // two arguments of one type swapped
	StateWrite Operator = "state-write"
	Emit       Operator = "emit"
	Sender     Operator = "sender"    // msg.sender and tx.origin swapped
	Unchecked  Operator = "unchecked" // an unchecked block removed or added
)

// A Mutant is one edit of a file: Content[Start:End] becomes Replace.
type Mutant struct {
	// ID names the mutant in a run: "src/Vault.sol:14.2", the unit,
	// the line and the mutant's place among those of the line.
	ID       string   `json:"id"`
	Path     string   `json:"path"` // absolute
	Unit     string   `json:"unit"`
	Line     int      `json:"line"`   // one-based, of Start
	Column   int      `json:"column"` // one-based, in bytes
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Original string   `json:"original"` // the text replaced
	Replace  string   `json:"replace"`
	Operator Operator `json:"operator"`
	// Description says what changed: "`>=` becomes `>`".
	Description string `json:"description"`
	// Function is the enclosing "Contract.function" ("" outside one, in a
	// modifier or a constructor): what the campaign focuses on.
	Function string `json:"function,omitempty"`
	// Removes says the edit deletes code: the line may hold none in the
	// mutant, so its reach is read on the lines that follow (Probe).
	Removes bool `json:"-"`
	// Probe are the lines, in the mutant's text, whose reach stands for
	// the mutant's: its own line, or after a removal the lines of the
	// rest of the enclosing function, nearest first.
	Probe []int `json:"-"`
}

// Apply returns content with the mutant's edit made.
func (m Mutant) Apply(content []byte) ([]byte, error) {
	if m.Start < 0 || m.End < m.Start || m.End > len(content) {
		return nil, fmt.Errorf("mutant %s: range %d:%d outside the file (%d bytes)", m.ID, m.Start, m.End, len(content))
	}
	out := make([]byte, 0, len(content)-(m.End-m.Start)+len(m.Replace))
	out = append(out, content[:m.Start]...)
	out = append(out, m.Replace...)
	return append(out, content[m.End:]...), nil
}

// Shift is how far the edit moves the bytes after it.
func (m Mutant) Shift() int { return len(m.Replace) - (m.End - m.Start) }

// sortMutants orders mutants by file, place and edit, and numbers those
// of each line.
func sortMutants(ms []Mutant) []Mutant {
	slices.SortStableFunc(ms, func(a, b Mutant) int {
		switch {
		case a.Path != b.Path:
			return cmpStr(a.Path, b.Path)
		case a.Start != b.Start:
			return a.Start - b.Start
		case a.End != b.End:
			return a.End - b.End
		}
		return cmpStr(a.Replace, b.Replace)
	})
	ms = slices.CompactFunc(ms, func(a, b Mutant) bool {
		return a.Path == b.Path && a.Start == b.Start && a.End == b.End && a.Replace == b.Replace
	})
	n := map[string]int{}
	for i := range ms {
		key := fmt.Sprintf("%s:%d", ms[i].Unit, ms[i].Line)
		n[key]++
		ms[i].ID = fmt.Sprintf("%s.%d", key, n[key])
	}
	return ms
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
