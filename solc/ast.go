package solc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A Node is one node of solc's compact JSON AST, decoded generically: its
// fields are those of the JSON object.
type Node map[string]any

// Type returns the node's nodeType.
func (n Node) Type() string { s, _ := n["nodeType"].(string); return s }

// String returns a string field, or "".
func (n Node) String(key string) string { s, _ := n[key].(string); return s }

// Bool returns a boolean field, or false.
func (n Node) Bool(key string) bool { b, _ := n[key].(bool); return b }

// Src returns the node's byte range and source id from its "src" field
// ("start:length:file").
func (n Node) Src() (start, end, file int, ok bool) {
	return parseSrc(n.String("src"))
}

func parseSrc(s string) (start, end, file int, ok bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return 0, 0, 0, false
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return 0, 0, 0, false
		}
		v[i] = n
	}
	if v[0] < 0 || v[1] < 0 {
		return 0, 0, 0, false
	}
	return v[0], v[0] + v[1], v[2], true
}

// ParseAST decodes a compact JSON AST.
func ParseAST(raw json.RawMessage) (Node, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var n Node
	if err := dec.Decode(&n); err != nil {
		return nil, fmt.Errorf("decode ast: %w", err)
	}
	return n, nil
}

// Walk calls fn for n and every node below it, depth first, with the chain
// of enclosing nodes (outermost first). If fn returns false the node's
// children are skipped.
func Walk(n Node, fn func(n Node, parents []Node) bool) {
	var walk func(v any, parents []Node)
	walk = func(v any, parents []Node) {
		switch x := v.(type) {
		case map[string]any:
			node := Node(x)
			isNode := node.Type() != ""
			if isNode {
				if !fn(node, parents) {
					return
				}
				parents = append(parents, node)
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				if k != "typeDescriptions" && k != "nodeType" && k != "src" {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys) // deterministic order for callers that collect
			for _, k := range keys {
				walk(x[k], parents)
			}
		case []any:
			for _, c := range x {
				walk(c, parents)
			}
		}
	}
	walk(map[string]any(n), nil)
}

// A Function is a function, constructor, fallback, receive function or
// modifier of a contract, from the AST.
type Function struct {
	Contract    string
	Name        string // "" for constructor, fallback and receive in old ASTs
	Kind        string // "function", "constructor", "fallback", "receive", "modifier"
	Selector    string // 8 hex digits, for external and public functions (solc >= 0.6)
	Visibility  string
	Mutability  string // "pure", "view", "nonpayable", "payable"; "" for modifiers
	File        int    // source id
	Start, End  int    // byte range of the whole definition
	NameStart   int    // byte offset of the name; -1 if unknown
	Implemented bool
}

// Functions lists the functions and modifiers defined in a source unit's AST,
// in source order.
func Functions(unit Node) []Function {
	var out []Function
	Walk(unit, func(n Node, parents []Node) bool {
		switch n.Type() {
		case "FunctionDefinition", "ModifierDefinition":
		default:
			return true
		}
		f := Function{Name: n.String("name"), Visibility: n.String("visibility"), Mutability: n.String("stateMutability"), NameStart: -1}
		for i := len(parents) - 1; i >= 0; i-- {
			if parents[i].Type() == "ContractDefinition" {
				f.Contract = parents[i].String("name")
				break
			}
		}
		f.Start, f.End, f.File, _ = n.Src()
		if s, _, _, ok := parseSrc(n.String("nameLocation")); ok {
			f.NameStart = s
		}
		f.Selector = n.String("functionSelector")
		f.Implemented = n["body"] != nil || n.Bool("implemented")
		switch {
		case n.Type() == "ModifierDefinition":
			f.Kind = "modifier"
		case n.String("kind") != "":
			f.Kind = n.String("kind")
		case n.Bool("isConstructor"):
			f.Kind = "constructor"
		case f.Name == "":
			f.Kind = "fallback"
		default:
			f.Kind = "function"
		}
		if f.Mutability == "" && n.Type() == "FunctionDefinition" {
			// ASTs before 0.4.16 carry only "constant" and "payable".
			switch {
			case n.Bool("payable"):
				f.Mutability = "payable"
			case n.Bool("constant"):
				f.Mutability = "view"
			default:
				f.Mutability = "nonpayable"
			}
		}
		out = append(out, f)
		return false
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}
