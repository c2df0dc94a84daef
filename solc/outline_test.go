package solc

import (
	"encoding/json"
	"testing"
)

// TestContractsOutline: the contracts a unit's AST defines, with their
// kind, whether abstract, and the places of their name and constructor
// (old ASTs: isConstructor; none: -1).
func TestContractsOutline(t *testing.T) {
	raw := json.RawMessage(`{"nodeType":"SourceUnit","src":"0:200:0","nodes":[
		{"nodeType":"PragmaDirective","src":"0:10:0"},
		{"nodeType":"ContractDefinition","name":"Vault","contractKind":"contract","abstract":false,"src":"20:80:0","nameLocation":"29:5:0","nodes":[
			{"nodeType":"FunctionDefinition","kind":"function","name":"f","src":"40:10:0"},
			{"nodeType":"FunctionDefinition","kind":"constructor","name":"","src":"60:30:0"}]},
		{"nodeType":"ContractDefinition","name":"Old","contractKind":"contract","src":"100:40:0","nodes":[
			{"nodeType":"FunctionDefinition","isConstructor":true,"name":"Old","src":"110:20:0"}]},
		{"nodeType":"ContractDefinition","name":"Half","contractKind":"contract","abstract":true,"src":"140:20:0","nameLocation":"bad"},
		{"nodeType":"ContractDefinition","name":"IGate","contractKind":"interface","src":"160:20:0"},
		{"nodeType":"ContractDefinition","name":"Lost","contractKind":"library"}]}`)
	unit, err := ParseAST(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := []ContractDef{
		{Name: "Vault", Kind: "contract", Start: 20, End: 100, NameStart: 29, NameEnd: 34, CtorStart: 60, CtorEnd: 90},
		{Name: "Old", Kind: "contract", Start: 100, End: 140, NameStart: -1, NameEnd: -1, CtorStart: 110, CtorEnd: 130},
		{Name: "Half", Kind: "contract", Abstract: true, Start: 140, End: 160, NameStart: -1, NameEnd: -1, CtorStart: -1, CtorEnd: -1},
		{Name: "IGate", Kind: "interface", Start: 160, End: 180, NameStart: -1, NameEnd: -1, CtorStart: -1, CtorEnd: -1},
	}
	got := Contracts(unit)
	if len(got) != len(want) {
		t.Fatalf("Contracts = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("contract %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	b := &Build{Output: &Output{Sources: map[string]OutputSource{"a.sol": {AST: raw}}}}
	if len(b.Contracts("a.sol")) != len(want) || b.Contracts("b.sol") != nil || (&Build{}).Functions("a.sol") != nil {
		t.Errorf("Build.Contracts and Functions: a unit with an AST, one without, a build without output")
	}
}
