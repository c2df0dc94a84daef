package program

import (
	"encoding/json"

	"github.com/foresight-sol/foresight/solc"
)

// inherited returns the contracts of a build that another contract of it
// derives from (its linearizedBaseContracts past itself), keyed by
// "unit:name". Such a contract is a building block: the contracts that
// inherit it are what gets deployed (Slither's locked-ether detector
// judges only the most-derived contracts for the same reason).
func inherited(asts *buildAST) map[string]bool {
	names := map[int64]string{} // AST id -> "unit:name"
	var bases []int64
	for _, u := range asts.units {
		unit := u.name
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			if id, ok := astID(n["id"]); ok {
				names[id] = unit + ":" + n.String("name")
			}
			lin, _ := n["linearizedBaseContracts"].([]any)
			for i, x := range lin {
				// The first entry is the contract itself.
				if id, ok := astID(x); ok && i > 0 {
					bases = append(bases, id)
				}
			}
			return false
		})
	}
	out := map[string]bool{}
	for _, id := range bases {
		if name, ok := names[id]; ok {
			out[name] = true
		}
	}
	return out
}

// astID reads an AST node id (a json.Number as solc.ParseAST decodes it).
func astID(x any) (int64, bool) {
	switch v := x.(type) {
	case json.Number:
		id, err := v.Int64()
		return id, err == nil
	case float64:
		return int64(v), true
	}
	return 0, false
}
