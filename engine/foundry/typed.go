package foundry

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// This file writes a call as its contract's interface reads
// (vault.withdraw(10 ether)), not as raw calldata: abi.encodeCall checks
// the arguments against the function, so the test breaks at compile time
// when the function goes, and people read it as code.

// encodeCallVersion is the first compiler with abi.encodeCall.
var encodeCallVersion = solc.Version{Major: 0, Minor: 8, Patch: 11}

// abiFunction is a function of a contract's ABI, as solc writes it.
type abiFunction struct {
	Type   string `json:"type"`
	Name   string `json:"name"`
	Inputs []struct {
		Type         string `json:"type"`
		InternalType string `json:"internalType"`
	} `json:"inputs"`
}

// typedCall is a call decoded through its function.
type typedCall struct {
	name string   // the function's name
	args []string // its arguments as Solidity literals
}

// targetOf is the deployed contract a call goes to, when the test
// deploys it.
func (g *gen) targetOf(c Call) *deployTarget {
	addr, ok := g.addressOf(c)
	for i := range g.deploy {
		t := &g.deploy[i]
		if ok && t.addr == addr || !ok && t.d.Name == c.Contract {
			return t
		}
	}
	return nil
}

// decodeCall decodes a call's input through its contract's ABI. It
// reports false when the function is not found, takes a parameter that
// is no elementary type (a struct, an array, a contract or enum, an
// address payable) or the input is not that function's canonical
// encoding: such a call stays raw calldata.
func decodeCall(art *solc.Artifact, input []byte) (typedCall, bool) {
	if art == nil || len(input) < 4 {
		return typedCall{}, false
	}
	var fns []abiFunction
	if json.Unmarshal(art.ABI, &fns) != nil {
		return typedCall{}, false
	}
	for _, fn := range fns {
		if fn.Type != "function" {
			continue
		}
		var types []string
		var args abi.Arguments
		elementary := true
		for _, in := range fn.Inputs {
			t, err := abi.NewType(in.Type, "", nil)
			if err != nil || in.InternalType != "" && in.InternalType != in.Type || !isElementary(t) {
				elementary = false
				break
			}
			types = append(types, in.Type)
			args = append(args, abi.Argument{Type: t})
		}
		sig := fn.Name + "(" + strings.Join(types, ",") + ")"
		if !elementary || !bytes.Equal(crypto.Keccak256([]byte(sig))[:4], input[:4]) {
			continue
		}
		vals, err := args.Unpack(input[4:])
		if err != nil {
			return typedCall{}, false
		}
		if again, err := args.Pack(vals...); err != nil || !bytes.Equal(again, input[4:]) {
			return typedCall{}, false
		}
		tc := typedCall{name: fn.Name}
		for i, v := range vals {
			tc.args = append(tc.args, literal(args[i].Type, v))
		}
		return tc, true
	}
	return typedCall{}, false
}

// isElementary reports whether t is a type a literal converts to
// implicitly.
func isElementary(t abi.Type) bool {
	switch t.T {
	case abi.UintTy, abi.IntTy, abi.BoolTy, abi.AddressTy, abi.FixedBytesTy, abi.BytesTy, abi.StringTy:
		return true
	}
	return false
}

// literal renders a decoded value of type t as a Solidity literal.
func literal(t abi.Type, v any) string {
	switch t.T {
	case abi.UintTy, abi.IntTy:
		n, ok := new(big.Int).SetString(fmt.Sprint(v), 10)
		if !ok {
			return fmt.Sprint(v)
		}
		if n.Sign() < 0 {
			return "-" + amountBig(new(big.Int).Neg(n))
		}
		return amountBig(n)
	case abi.BoolTy:
		return fmt.Sprint(v)
	case abi.AddressTy:
		return v.(common.Address).Hex()
	case abi.FixedBytesTy:
		b := fixedBytes(v)
		return fmt.Sprintf("bytes%d(hex\"%s\")", len(b), hex.EncodeToString(b))
	case abi.BytesTy:
		return fmt.Sprintf("hex\"%s\"", hex.EncodeToString(v.([]byte)))
	case abi.StringTy:
		return solString(v.(string))
	}
	return fmt.Sprint(v)
}

// fixedBytes is a bytesN value (a [N]byte array) as a slice.
func fixedBytes(v any) []byte {
	r := reflect.ValueOf(v)
	out := make([]byte, r.Len())
	reflect.Copy(reflect.ValueOf(out), r)
	return out
}

// amount renders a number of wei (or token units) as people write it:
// whole ether as "10 ether", a round number as "25e5", else decimal.
func amount(x uint256.Int) string { return amountBig(x.ToBig()) }

var (
	weiPerEther = new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)
	ten         = big.NewInt(10)
)

func amountBig(x *big.Int) string {
	if x.Sign() == 0 {
		return "0"
	}
	if q, r := new(big.Int).QuoRem(x, weiPerEther, new(big.Int)); r.Sign() == 0 {
		return round(q) + " ether"
	}
	return round(x)
}

// round writes x > 0 with its trailing zeros as an exponent when there
// are at least four of them (1e6, 25e5), else in decimal.
func round(x *big.Int) string {
	m, zeros := new(big.Int).Set(x), 0
	for r := new(big.Int); ; zeros++ {
		q, rem := new(big.Int).QuoRem(m, ten, r)
		if rem.Sign() != 0 {
			break
		}
		m = q
	}
	if zeros < 4 {
		return x.String()
	}
	return fmt.Sprintf("%se%d", m, zeros)
}

// handle is the name of the variable that holds a deployed contract in
// the test: its type's name with a lower-case first letter.
func (g *gen) handle(t *deployTarget) string {
	id := g.names[t.d.Unit+":"+t.d.Name]
	h := strings.ToLower(id[:1]) + id[1:]
	for h == id || reservedLocal[h] || g.imported(h) {
		h += "_"
	}
	return h
}

// imported reports whether name is a contract's name in the test.
func (g *gen) imported(name string) bool {
	for _, id := range g.names {
		if id == name {
			return true
		}
	}
	return false
}

// reservedLocal are the test's own names a handle must not take.
var reservedLocal = map[string]bool{
	"ok": true, "ret": true, "bug": true, "blockNumber": true, "timestamp": true,
	"gained": true, "harmed": true, "paid": true, "vm": true, "word": true, "loaded": true,
}

// typed returns a call's calldata written through the contract's
// interface (abi.encodeCall(vault.withdraw, (10 ether))) and the handle it
// uses, when the compiler has abi.encodeCall and the test imports the
// contract.
func (g *gen) typed(c Call) (expr string, t *deployTarget, ok bool) {
	if !g.encodeCall || c.ViaAttacker {
		return "", nil, false
	}
	t = g.targetOf(c)
	if t == nil {
		return "", nil, false
	}
	if _, imported := g.names[t.d.Unit+":"+t.d.Name]; !imported {
		return "", nil, false
	}
	tc, ok := decodeCall(t.art, c.Input)
	if !ok {
		return "", nil, false
	}
	return fmt.Sprintf("abi.encodeCall(%s.%s, (%s))", g.handle(t), tc.name, strings.Join(tc.args, ", ")), t, true
}

// functionName is the name of the function a call runs, for the test's
// name: its ABI's, else "fallback".
func (g *gen) functionName(c Call) string {
	t := g.targetOf(c)
	if t != nil {
		var fns []abiFunction
		if json.Unmarshal(t.art.ABI, &fns) == nil && len(c.Input) >= 4 {
			for _, fn := range fns {
				var types []string
				for _, in := range fn.Inputs {
					types = append(types, in.Type)
				}
				sig := fn.Name + "(" + strings.Join(types, ",") + ")"
				if fn.Type == "function" && bytes.Equal(crypto.Keccak256([]byte(sig))[:4], c.Input[:4]) {
					return identSafe(fn.Name)
				}
			}
		}
	}
	if len(c.Input) == 0 {
		return "receive"
	}
	return "fallback"
}

// renderHandles declares a variable of its contract's type for every
// deployed contract a typed call goes to.
func (g *gen) renderHandles(w func(string, ...any)) {
	seen := map[*deployTarget]bool{}
	for _, c := range g.f.Calls {
		if _, t, ok := g.typed(c); ok && !seen[t] {
			seen[t] = true
			if g.declared[t.addr] {
				continue // deployed with new (deploynew.go)
			}
			w("        %s %s = %s(payable(%s));\n", g.names[t.d.Unit+":"+t.d.Name], g.handle(t), g.names[t.d.Unit+":"+t.d.Name], t.addr.Hex())
		}
	}
}
