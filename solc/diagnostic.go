package solc

import "strings"

// Severity of a compiler diagnostic.
type Severity int

// Severities, most severe first.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityInfo
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	default:
		return "info"
	}
}

// A Diagnostic is a compiler message about a source range.
type Diagnostic struct {
	Path     string // absolute file path; "" if the message has no location
	Unit     string // source unit name
	Start    int    // byte offset; -1 if unknown
	End      int    // byte offset, exclusive
	Severity Severity
	Code     string // solc's numeric error code, e.g. "2314"; "" if none
	Type     string // solc's error type, e.g. "ParserError"
	Message  string
	Related  []RelatedLocation
	// InDependency: the location is in a library folder or node_modules.
	// Like forge, Foresight shows such warnings only on request; errors
	// are always shown (see Hidden).
	InDependency bool
}

// Hidden reports whether d is not shown by default: a warning or note
// about a dependency's code, which the user cannot act on.
func (d Diagnostic) Hidden() bool {
	return d.InDependency && d.Severity != SeverityError
}

// RelatedLocation is a secondary location of a diagnostic.
type RelatedLocation struct {
	Path       string
	Unit       string
	Start, End int
	Message    string
}

func severityOf(s string) Severity {
	switch strings.ToLower(s) {
	case "error":
		return SeverityError
	case "warning":
		return SeverityWarning
	default:
		return SeverityInfo
	}
}

// diagnostics converts solc's errors array, mapping unit names to paths.
func diagnostics(errs []Error, units map[string]*Unit) []Diagnostic {
	pathOf := func(unit string) string {
		if u := units[unit]; u != nil {
			return u.Path
		}
		return ""
	}
	out := make([]Diagnostic, 0, len(errs))
	for _, e := range errs {
		d := Diagnostic{Start: -1, End: -1, Severity: severityOf(e.Severity), Code: e.ErrorCode, Type: e.Type, Message: e.Message}
		if l := e.SourceLocation; l != nil && l.File != "" {
			d.Unit, d.Path, d.Start, d.End = l.File, pathOf(l.File), l.Start, l.End
		}
		for _, s := range e.SecondarySourceLocations {
			d.Related = append(d.Related, RelatedLocation{Path: pathOf(s.File), Unit: s.File, Start: s.Start, End: s.End, Message: s.Message})
		}
		out = append(out, d)
	}
	return out
}
