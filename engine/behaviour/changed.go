package behaviour

import (
	"bytes"
	"encoding/hex"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// This file says which shared functions an edit may have changed, for a
// caller that has two builds and no list of edited lines (the command
// line): a function whose definition's text changed, and every function
// of a contract whose code changed elsewhere (a state variable, an
// internal function, a modifier, the constructor), since any of them may
// reach it.

// Changed lists the functions of the new builds' targets, shared with
// the old builds, that the edit may have changed. It is empty, not nil,
// when none did.
func Changed(old, new []*solc.Build) ([]Function, error) {
	oldProg, err := programOf(old)
	if err != nil {
		return nil, err
	}
	newProg, err := programOf(new)
	if err != nil {
		return nil, err
	}
	out := []Function{}
	for _, p := range matchPrograms(oldProg, newProg).pairs {
		own := map[string]bool{}
		for _, m := range p.methods {
			if definitionText(p.old, m) != definitionText(p.new, m) {
				own[m.Sig] = true
			}
		}
		all := !bytes.Equal(strippedCode(p.old), strippedCode(p.new)) && (len(own) == 0 || innerChanged(p.old, p.new))
		for _, m := range p.methods {
			if all || own[m.Sig] {
				out = append(out, Function{p.name, m.Sig})
			}
		}
	}
	return out, nil
}

// definitionText is the text of the definition of c's function m, its
// white space collapsed; "" for one without a definition (a public state
// variable's getter).
func definitionText(c *program.Contract, m *program.Method) string {
	sel := hex.EncodeToString(m.Selector[:])
	var best *program.Func
	for _, f := range c.Functions() {
		if f.Kind != "function" || f.Selector != sel {
			continue
		}
		if f.Contract == c.Name {
			best = &f
			break
		}
		if best == nil {
			best = &f
		}
	}
	if best == nil {
		return ""
	}
	return textOf(c.Build, best.Location.Unit, best.Start, best.End)
}

// innerChanged reports whether the text of a function that is not
// called from outside (internal, private, a modifier, a constructor)
// changed, for functions of either contract's build by name.
func innerChanged(old, new *program.Contract) bool {
	texts := func(c *program.Contract) map[string]string {
		out := map[string]string{}
		for _, f := range c.Functions() {
			if f.Selector == "" {
				out[f.Contract+"."+f.Kind+" "+f.Name] += textOf(c.Build, f.Location.Unit, f.Start, f.End)
			}
		}
		return out
	}
	a, b := texts(old), texts(new)
	if len(a) != len(b) {
		return true
	}
	for k, v := range a {
		if b[k] != v {
			return true
		}
	}
	return false
}

func textOf(b *solc.Build, unit string, start, end int) string {
	u := b.Units[unit]
	if u == nil || start < 0 || end > len(u.Content) || start > end {
		return ""
	}
	return strings.Join(strings.Fields(string(u.Content[start:end])), " ")
}

// strippedCode is c's runtime code without the compiler's metadata
// (whose source hash changes with any edit, a comment too).
func strippedCode(c *program.Contract) []byte {
	code := c.Artifact.Runtime.Bytes
	if n := len(code); n >= 2 {
		if meta := int(code[n-2])<<8 | int(code[n-1]); meta+2 <= n {
			return code[:n-2-meta]
		}
	}
	return code
}
