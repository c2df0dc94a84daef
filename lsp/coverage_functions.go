package lsp

// coverageFunction is a function or modifier of a covered file by the
// lines of its definition, zero-based and inclusive, in the text the
// campaign compiled: a client counts it run when a line of it was
// reached (VS Code's FunctionCoverage).
type coverageFunction struct {
	Name  string `json:"name"` // "Contract.name"; "Contract.constructor", ".fallback", ".receive" without a name
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// functionSpansLocked lists the functions and modifiers with a body of
// path's last compiled text.
func functionSpansLocked(p *project, path string) []coverageFunction {
	fs := p.state.File(path)
	if fs == nil {
		return nil
	}
	out := []coverageFunction{}
	for _, fn := range fs.Functions {
		if !fn.Implemented && fn.Kind != "modifier" {
			continue
		}
		name := fn.Name
		if name == "" {
			name = fn.Kind
		}
		out = append(out, coverageFunction{Name: fn.Contract + "." + name, Start: fs.Text.Line(fn.Start), End: fs.Text.Line(fn.End)})
	}
	return out
}
