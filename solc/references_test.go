package solc

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReferences: what units take from a unit's declarations, as
// plan.Carry reads it: a base (through another base too), a library, a
// constant, a struct's member (its struct's text), an external call and
// a getter; a unit that does not import the unit is not read.
func TestReferences(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"A.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
uint256 constant C = 7;
library L { function f(uint256 x) internal pure returns (uint256) { return x + C; } }
contract V {
    struct S { uint256 a; }
    uint256 public total;
    function poke() external { total += 1; }
}
`,
		"B.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {C, L, V} from "./A.sol";
contract Mid is V {}
contract User is Mid {
    function g(V v) external returns (uint256) {
        v.poke();
        V.S memory s;
        s.a = L.f(C);
        return v.total() + s.a;
    }
}
`,
		"Other.sol": "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Other { function h() external pure returns (uint256) { return 1; } }\n",
		"All.sol":   "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"./B.sol\";\nimport \"./Other.sol\";\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := compileFile(t, testToolchain(t), filepath.Join(dir, "All.sol"), nil)
	if b.HasErrors() {
		t.Fatalf("compile: %+v", b.Diagnostics)
	}
	to := map[string]bool{"A.sol": true}
	if r := importsReaching(b.Units, to); !r["B.sol"] || !r["All.sol"] || r["Other.sol"] || r["A.sol"] {
		t.Errorf("units importing A.sol: %v, want B.sol and All.sol", r)
	}
	refs, complete := b.References(to)
	if !complete {
		t.Error("incomplete, with every AST")
	}
	var got []string
	for _, r := range refs {
		got = append(got, fmt.Sprintf("%s %s %s kind=%s contract=%s base=%v const=%v state=%v member=%v", r.From, r.Kind, r.Name, r.Kind, r.ContractKind, r.Base, r.Constant, r.State, r.Member))
		if r.Member && r.Text != "struct S { uint256 a; }" {
			t.Errorf("member %s's text %q, want its struct's", r.Name, r.Text)
		}
	}
	got = slices.Compact(got)
	want := []string{
		"B.sol ContractDefinition L kind=ContractDefinition contract=library base=false const=false state=false member=false",
		"B.sol ContractDefinition V kind=ContractDefinition contract=contract base=false const=false state=false member=false",
		"B.sol ContractDefinition V kind=ContractDefinition contract=contract base=true const=false state=false member=false",
		"B.sol FunctionDefinition f kind=FunctionDefinition contract=library base=false const=false state=false member=false",
		"B.sol FunctionDefinition poke kind=FunctionDefinition contract=contract base=false const=false state=false member=false",
		"B.sol StructDefinition S kind=StructDefinition contract=contract base=false const=false state=false member=false",
		"B.sol VariableDeclaration C kind=VariableDeclaration contract= base=false const=true state=false member=false",
		"B.sol VariableDeclaration a kind=VariableDeclaration contract=contract base=false const=false state=false member=true",
		"B.sol VariableDeclaration total kind=VariableDeclaration contract=contract base=false const=false state=true member=false",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("references:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
