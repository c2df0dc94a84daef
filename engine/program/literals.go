package program

import (
	"encoding/hex"
	"math/big"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

var subdenominations = map[string]int64{
	"wei": 1, "gwei": 1e9, "szabo": 1e12, "finney": 1e15, "ether": 1e18,
	"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "weeks": 604800, "years": 31536000,
}

// Literals returns the integer literals of the contract's build, with their
// units applied (1 ether, 2 days), for the fuzzer's dictionary. Literals
// that do not fit 256 bits are skipped. The slice, sorted, is shared by the
// build's contracts: callers must not modify it.
func (c *Contract) Literals() []uint256.Int {
	a := c.shared()
	a.litsOnce.Do(func() { a.lits = a.literals() })
	return a.lits
}

func (a *buildAST) literals() []uint256.Int {
	seen := map[uint256.Int]bool{}
	for _, u := range a.units {
		if u.outline != nil {
			for _, n := range u.outline.Numbers {
				if v, ok := parseLiteral(n.Value, n.Subdenomination); ok {
					seen[v] = true
				}
			}
		}
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "Literal" || n.String("kind") != "number" {
				return true
			}
			if v, ok := parseLiteral(n.String("value"), n.String("subdenomination")); ok {
				seen[v] = true
			}
			return true
		})
	}
	out := make([]uint256.Int, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Lt(&out[j]) })
	return out
}

// maxStringLiteral bounds the string literals StringLiterals returns: a
// revert message's length is no input a branch compares.
const maxStringLiteral = 256

// StringLiterals returns the string, unicode and hex string literals of
// the contract's build, as bytes, for the fuzzer's dictionary (forge's
// has them): a name a function compares (keccak256(bytes(role)) ==
// keccak256("ADMIN")), a bytes32 key. Empty and longer ones are left out.
// The slice, sorted, is shared by the build's contracts: callers must not
// modify it.
func (c *Contract) StringLiterals() [][]byte {
	a := c.shared()
	a.strsOnce.Do(func() { a.strs = a.stringLiterals() })
	return a.strs
}

func (a *buildAST) stringLiterals() [][]byte {
	seen := map[string]bool{}
	for _, u := range a.units {
		if u.outline != nil {
			for _, b := range u.outline.Strings {
				if len(b) > 0 && len(b) <= maxStringLiteral {
					seen[string(b)] = true
				}
			}
		}
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "Literal" {
				return true
			}
			switch n.String("kind") {
			case "string", "unicodeString", "hexString":
			default:
				return true
			}
			// hexValue holds the bytes whatever the literal's notation.
			if b, err := hex.DecodeString(n.String("hexValue")); err == nil && len(b) > 0 && len(b) <= maxStringLiteral {
				seen[string(b)] = true
			}
			return true
		})
	}
	out := make([][]byte, 0, len(seen))
	for s := range seen {
		out = append(out, []byte(s))
	}
	sort.Slice(out, func(i, j int) bool { return string(out[i]) < string(out[j]) })
	return out
}

// parseLiteral reads a Solidity number literal: decimal, hex, with
// underscores, scientific notation with an integer result, and a unit.
func parseLiteral(text, unit string) (uint256.Int, bool) {
	text = strings.ReplaceAll(text, "_", "")
	r := new(big.Rat)
	switch {
	case strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X"):
		v, ok := new(big.Int).SetString(text[2:], 16)
		if !ok {
			return uint256.Int{}, false
		}
		r.SetInt(v)
	default:
		if _, ok := r.SetString(text); !ok {
			return uint256.Int{}, false
		}
	}
	if m, ok := subdenominations[unit]; ok {
		r.Mul(r, new(big.Rat).SetInt64(m))
	}
	if !r.IsInt() {
		return uint256.Int{}, false
	}
	v := r.Num()
	var out uint256.Int
	if v.Sign() < 0 || out.SetFromBig(v) {
		return uint256.Int{}, false
	}
	return out, true
}
