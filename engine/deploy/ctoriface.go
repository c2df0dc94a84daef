package deploy

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// This file gives constructor parameters of a contract or interface type
// (`IERC20 asset`, `Vault vault`) an address that fits the type: a
// deployed contract of that name, or one whose ABI has every function of
// the interface, else Foresight's token when the interface is a subset of
// ERC-20's. The ABI's type is only "address": the type's name is in
// internalType ("contract IERC20").

// ifaceParam is one constructor parameter typed by a contract or
// interface: its index, the type's name and, for an interface, its
// functions' selectors.
type ifaceParam struct {
	input int
	name  string
	ids   map[[4]byte]bool
}

// ctorIfaceParams reads the contract or interface types of c's
// constructor parameters (plain or array of them) from its raw ABI, or
// from ast (the AST's typeStrings, ctorast.go) where the ABI has no
// internalType.
func ctorIfaceParams(c *program.Contract, abis map[string]map[[4]byte]bool, ast []string) []ifaceParam {
	return ifaceParams(rawInputTypes(c, "constructor", "", -1), abis, ast)
}

// rawInputTypes returns the internalTypes of the inputs of the first
// entry of c's raw ABI of the type, name and arity given (name "" and
// arity -1: any).
func rawInputTypes(c *program.Contract, typ, name string, arity int) []string {
	var entries []struct {
		Type   string `json:"type"`
		Name   string `json:"name"`
		Inputs []struct {
			InternalType string `json:"internalType"`
		} `json:"inputs"`
	}
	if json.Unmarshal(c.Artifact.ABI, &entries) != nil {
		return nil
	}
	for _, e := range entries {
		if e.Type != typ || name != "" && e.Name != name || arity >= 0 && len(e.Inputs) != arity {
			continue
		}
		out := make([]string, len(e.Inputs))
		for i, in := range e.Inputs {
			out[i] = in.InternalType
		}
		return out
	}
	return nil
}

// ifaceParams are the parameters of types (internalTypes; ast where one
// is empty) that are contracts or interfaces.
func ifaceParams(types []string, abis map[string]map[[4]byte]bool, ast []string) []ifaceParam {
	var out []ifaceParam
	for i, typ := range types {
		if typ == "" && i < len(ast) {
			typ = ast[i]
		}
		if name, ok := ifaceName(typ); ok {
			out = append(out, ifaceParam{input: i, name: name, ids: abis[name]})
		}
	}
	return out
}

// ifaceName reads the contract or interface name of an ABI internalType
// ("contract IERC20", "contract Lib.Pool[2][]"): the name without its
// qualifier and array suffixes, and false for any other type (or a name
// that is no identifier).
func ifaceName(internalType string) (string, bool) {
	name, ok := strings.CutPrefix(internalType, "contract ")
	if !ok {
		return "", false
	}
	for strings.HasSuffix(name, "]") {
		k := strings.LastIndexByte(name, '[')
		if k < 0 {
			return "", false
		}
		name = name[:k]
	}
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		name = name[k+1:]
	}
	for _, r := range name {
		if !(r == '_' || r == '$' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "", false
		}
	}
	return name, name != ""
}

// buildABIs maps every contract and interface name of the program's
// builds to its functions' selectors. Several of one name (OpenZeppelin's
// IERC20 and Uniswap's, which adds name() and symbol()) give the
// selectors they all have: the parameter may mean either, and a map's
// order must not choose (the deployment would differ from run to run).
func buildABIs(p *program.Program) map[string]map[[4]byte]bool {
	out := map[string]map[[4]byte]bool{}
	seen := map[*solc.Build]bool{}
	for _, c := range p.Contracts {
		if seen[c.Build] || c.Build.Output == nil {
			continue
		}
		seen[c.Build] = true
		for _, cs := range c.Build.Output.Contracts {
			for name, a := range cs {
				ids := selectorsOf(a.ABI)
				prev, ok := out[name]
				if !ok {
					out[name] = ids
					continue
				}
				for id := range prev {
					if !ids[id] {
						delete(prev, id)
					}
				}
			}
		}
	}
	return out
}

// selectorsOf returns the function selectors of a raw ABI.
func selectorsOf(raw []byte) map[[4]byte]bool {
	out := map[[4]byte]bool{}
	if raw == nil {
		return out
	}
	parsed, err := abi.JSON(strings.NewReader(string(raw)))
	if err != nil {
		return out
	}
	for _, m := range parsed.Methods {
		var id [4]byte
		copy(id[:], m.ID)
		out[id] = true
	}
	return out
}

// fits reports whether contract c can stand for the parameter: it is of
// the named type, or has every function of the interface.
func (ip *ifaceParam) fits(c *program.Contract) bool {
	if c.Name == ip.name {
		return true
	}
	if len(ip.ids) == 0 {
		return false
	}
	for id := range ip.ids {
		found := false
		for _, m := range c.Methods {
			if m.Selector == id {
				found = true
				break
			}
		}
		for _, m := range c.Checks {
			found = found || m.Selector == id
		}
		if !found {
			return false
		}
	}
	return true
}

// tokenFits reports whether Foresight's token has every function of the
// parameter's interface.
func (ip *ifaceParam) tokenFits() bool {
	if len(ip.ids) == 0 {
		return false
	}
	for id := range ip.ids {
		if !tokenSelectors[id] {
			return false
		}
	}
	return true
}

// distinct gives a plain address parameter that has the same contract as
// another one the first of its candidates no other parameter has, if any:
// a pool of two tokens gets two tokens, not one token twice.
func distinct(args []calldata.Value, params []ifaceParam, cands [][]common.Address) {
	plain := func(k int) *calldata.Value {
		if i := params[k].input; i < len(args) && args[i].Type != nil && args[i].Type.T == abi.AddressTy {
			return &args[i]
		}
		return nil
	}
	used := func(a common.Address, except int) bool {
		for k := range params {
			if v := plain(k); v != nil && k != except && common.Address(v.Word.Bytes20()) == a {
				return true
			}
		}
		return false
	}
	for k := range params {
		if v := plain(k); v != nil && used(common.Address(v.Word.Bytes20()), k) {
			for _, a := range cands[k] {
				if !used(a, k) {
					v.Word.SetBytes20(a.Bytes())
					break
				}
			}
		}
	}
}

// setAddresses sets every address of v (an address or an array of them)
// that is not among cands to one of them.
func setAddresses(r *rand.Rand, v *calldata.Value, cands []common.Address) {
	if v.Type.T == abi.AddressTy {
		for _, a := range cands {
			if common.Address(v.Word.Bytes20()) == a {
				return
			}
		}
		v.Word.SetBytes20(cands[r.IntN(len(cands))].Bytes())
		return
	}
	for i := range v.Elems {
		setAddresses(r, &v.Elems[i], cands)
	}
}

// TokenMint is what the token gives the deployer and every sender.
var TokenMint = new(big.Int).Exp(big.NewInt(10), big.NewInt(24), nil)

// deployToken deploys Foresight's token from TokenDeployer and mints some
// to the deployer and the senders; it returns the token's address.
func deployToken(ch *chain.Chain) (common.Address, error) {
	res := ch.Call(chain.Tx{From: TokenDeployer, Input: TokenCreation()})
	if res.Err != nil {
		return common.Address{}, res.Err
	}
	for _, a := range append([]common.Address{chain.Deployer}, ch.Senders()...) {
		in := grantCall(selMint, a, TokenMint)
		if r := ch.Call(chain.Tx{From: TokenDeployer, To: res.Created, Input: in}); r.Err != nil {
			return common.Address{}, r.Err
		}
	}
	return res.Created, nil
}

// ctorInputName is the name of constructor input k of c ("" if none).
func ctorInputName(c *program.Contract, k int) string {
	if k < len(c.ABI.Constructor.Inputs) {
		return c.ABI.Constructor.Inputs[k].Name
	}
	return ""
}

// namedLike returns the candidates whose contract's name holds the
// parameter's name (underscores trimmed, any case, three letters at
// least): a parameter typed by an interface many contracts fit says by
// its name which one the deployment script passes. Of several, mocks
// only when nothing else is named so, and then the shortest names (an
// IERC20 _sushi is SushiToken, not SushiSwapPairMock).
func namedLike(p *program.Program, d *Deployment, param string, cands []common.Address) []common.Address {
	param = strings.ToLower(strings.Trim(param, "_"))
	if len(param) < 3 {
		return nil
	}
	type match struct {
		addr common.Address
		name string
	}
	var all, real []match
	for _, a := range cands {
		c := contractAt(p, d, a)
		if c == nil || !strings.Contains(strings.ToLower(c.Name), param) {
			continue
		}
		all = append(all, match{a, c.Name})
		if !strings.Contains(strings.ToLower(c.Name), "mock") {
			real = append(real, match{a, c.Name})
		}
	}
	if len(real) > 0 {
		all = real
	}
	shortest := 0
	for _, m := range all {
		if shortest == 0 || len(m.name) < shortest {
			shortest = len(m.name)
		}
	}
	var out []common.Address
	for _, m := range all {
		if len(m.name) == shortest {
			out = append(out, m.addr)
		}
	}
	return out
}
