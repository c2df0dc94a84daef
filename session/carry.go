package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// A Carried suite is a suite fuzzed on code saved since its last compile,
// before its own compile of that code is ready: its earlier builds, less
// the contracts of the files compiled again since, plus those new builds,
// with the earlier creation code of the changed contracts swapped for
// the new wherever the set-up or a transaction creates them.
type Carried struct {
	Suite Suite
	Swaps []engine.Swap
}

// Carry makes a suite compiled earlier (old, a Suite of FromBuilds)
// fuzzable on saved code that direct (the save's own compile) holds, or
// says why it cannot be. A test contract's bytecode takes from the code
// under test what it deploys (its creation code, embedded for new) and
// its ABI, unless it inherits from it, calls its internal or library
// functions or reads its constants, which are compiled into the test.
// Carry refuses those, changed ABIs, linked code, a changed test and
// other compiler settings; what it allows is the set-up the suite
// recompiled would build, and the fuzzing of the same contracts from
// the same state. The editor fuzzes a carried suite while the suite's
// compile runs, and replays what it found on that compile once ready.
func Carry(old Suite, direct []*solc.Build) (Carried, string) {
	if old.Err != "" || len(old.Contracts) == 0 {
		return Carried{}, "the suite was not fuzzed last time"
	}
	if len(old.Builds) != 1 || old.Builds[0].HasErrors() {
		return Carried{}, "the suite spans several builds"
	}
	ob := old.Builds[0]
	changed := map[string]bool{} // units whose text differs from ob's
	covered := map[string]bool{} // units the new builds hold
	var fresh []*solc.Build
	for _, b := range direct {
		if b.HasErrors() {
			continue
		}
		diff := false
		for name, u := range b.Units {
			if o := ob.Units[name]; o != nil && !bytes.Equal(o.Content, u.Content) {
				diff, changed[name] = true, true
			}
		}
		if !diff {
			continue
		}
		if fmt.Sprint(b.Compiler) != fmt.Sprint(ob.Compiler) || !reflect.DeepEqual(b.Settings, ob.Settings) || b.Retried != ob.Retried {
			return Carried{}, "the saved code compiles with other settings than the suite"
		}
		for name := range b.Units {
			covered[name] = true
		}
		nb := *b
		nb.Roots = nil // the suite's own file is its one root
		fresh = append(fresh, &nb)
	}
	if len(changed) == 0 {
		return Carried{}, "nothing the suite compiles changed"
	}
	for _, r := range ob.Roots {
		if changed[r] {
			return Carried{}, "the suite's own file changed"
		}
	}
	refs, complete := ob.References(changed)
	if !complete {
		return Carried{}, "a file without an AST imports the saved code"
	}
	for _, r := range refs {
		if why := compiledIn(r, fresh); why != "" {
			return Carried{}, fmt.Sprintf("%s %s %s of %s", r.From, why, r.Name, r.To)
		}
	}
	swaps, why := swapsFor(ob, fresh, changed)
	if why != "" {
		return Carried{}, why
	}
	kept := *ob
	out := *ob.Output
	out.Contracts = map[string]map[string]solc.Contract{}
	for unit, cs := range ob.Output.Contracts {
		if !covered[unit] {
			out.Contracts[unit] = cs
		}
	}
	kept.Output = &out
	s := old
	s.Builds = append([]*solc.Build{&kept}, fresh...)
	return Carried{Suite: s, Swaps: swaps}, ""
}

// compiledIn says how a use of a changed file's declaration puts its
// code or value into the user's bytecode ("" when only its ABI or
// creation code is taken, or a type the new text declares alike).
func compiledIn(r solc.Reference, fresh []*solc.Build) string {
	if r.Kind == "StructDefinition" || r.Kind == "EnumDefinition" || r.Kind == "EnumValue" || r.Kind == "UserDefinedValueTypeDefinition" || r.Member {
		// A type is compiled into its users: kept only when its text is.
		for _, b := range fresh {
			if u := b.Units[r.To]; u != nil && r.Text != "" && bytes.Contains(u.Content, []byte(r.Text)) {
				return ""
			}
		}
		if r.Member {
			return "uses a member of a changed struct:"
		}
		return "uses the changed " + kindWord(r.Kind)
	}
	switch {
	case r.Base:
		return "derives from"
	case r.ContractKind == "library": // the library or one of its members
		return "uses the library"
	case r.Kind == "ContractDefinition", r.Kind == "EventDefinition", r.Kind == "ErrorDefinition":
		return ""
	case r.Kind == "FunctionDefinition" && r.ContractKind != "" && (r.Visibility == "external" || r.Visibility == "public"):
		return "" // an external call: its selector is in the ABI
	case r.Kind == "VariableDeclaration" && r.State && !r.Constant && r.Visibility == "public":
		return "" // a getter
	}
	return "uses the " + kindWord(r.Kind)
}

func kindWord(kind string) string {
	switch kind {
	case "FunctionDefinition":
		return "function"
	case "ModifierDefinition":
		return "modifier"
	case "VariableDeclaration":
		return "constant"
	case "StructDefinition":
		return "struct"
	case "EnumDefinition", "EnumValue":
		return "enum"
	case "UserDefinedValueTypeDefinition":
		return "type"
	}
	return "declaration"
}

// swapsFor pairs each changed contract of ob with its new build's: its
// ABI must keep every entry (the test's calls and expected events), its
// code needs no linking, and its earlier creation code is swapped for the
// new one.
func swapsFor(ob *solc.Build, fresh []*solc.Build, changed map[string]bool) ([]engine.Swap, string) {
	oldArts, err := ob.Artifacts()
	if err != nil {
		return nil, err.Error()
	}
	now := map[string]*solc.Artifact{}
	for _, b := range fresh {
		arts, err := b.Artifacts()
		if err != nil {
			return nil, err.Error()
		}
		for _, a := range arts {
			now[a.Unit+":"+a.Name] = a
		}
	}
	var swaps []engine.Swap
	for _, a := range oldArts {
		if !changed[a.Unit] {
			continue
		}
		n := now[a.Unit+":"+a.Name]
		switch {
		case n == nil:
			return nil, a.Name + " is gone from " + a.Unit
		case !abiKept(a.ABI, n.ABI):
			return nil, a.Name + "'s ABI changed"
		case len(a.Creation.LinkReferences) > 0 || len(n.Creation.LinkReferences) > 0:
			return nil, a.Name + " links a library"
		case len(a.Creation.Bytes) == 0 || bytes.Equal(a.Creation.Bytes, n.Creation.Bytes):
			continue
		}
		swaps = append(swaps, engine.Swap{Old: a.Creation.Bytes, New: n.Creation.Bytes})
	}
	return swaps, ""
}

// abiKept reports whether every entry of old is in now.
func abiKept(old, now json.RawMessage) bool {
	entries := func(raw json.RawMessage) ([]string, bool) {
		var list []any
		if json.Unmarshal(raw, &list) != nil {
			return nil, false
		}
		out := make([]string, len(list))
		for i, e := range list {
			b, _ := json.Marshal(e) // maps marshal sorted: one text per entry
			out[i] = string(b)
		}
		return out, true
	}
	o, ok1 := entries(old)
	n, ok2 := entries(now)
	if !ok1 || !ok2 {
		return false
	}
	for _, e := range o {
		if !slices.Contains(n, e) {
			return false
		}
	}
	return true
}
