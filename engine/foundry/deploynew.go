package foundry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/solc"
)

// This file deploys a contract with `new`, as a test would by hand,
// where that lands it where the campaign had it: DEPLOYER's CREATE at
// its next nonce (forge counts DEPLOYER's creations as the campaign's
// chain did), a contract (not a library) with no library to link, no
// ether sent to the constructor and constructor arguments of elementary
// types. Otherwise the test runs the
// creation code at the campaign's address (_deployTo).

// newDeploy is how renderDeploy writes one contract with `new`.
type newDeploy struct {
	args []string // the constructor's arguments, as literals
}

// canNew reports whether t deploys with `new` as DEPLOYER's creation
// number nonce (from 0), and how.
func (g *gen) canNew(t deployTarget, nonce uint64) (newDeploy, bool) {
	if g.legacy || !t.d.CtorValue.IsZero() || len(t.art.Creation.LinkReferences) > 0 {
		return newDeploy{}, false
	}
	if _, imported := g.names[t.d.Unit+":"+t.d.Name]; !imported {
		return newDeploy{}, false
	}
	if crypto.CreateAddress(chain.Deployer, nonce) != t.addr || g.kindOf(t.d) != "contract" {
		return newDeploy{}, false
	}
	args, ok := decodeCtorArgs(t.art.ABI, t.d.CtorArgs)
	if !ok {
		return newDeploy{}, false
	}
	return newDeploy{args: args}, true
}

// kindOf is how d's source declares it ("contract", "library", ...;
// solc.ScanContracts), "" when its unit is not in the builds: `new`
// takes a contract, never a library.
func (g *gen) kindOf(d Deployed) string {
	for _, b := range g.builds {
		if u := b.Units[d.Unit]; u != nil {
			for _, c := range solc.ScanContracts(u.Content) {
				if c.Name == d.Name {
					return c.Kind
				}
			}
			return ""
		}
	}
	return ""
}

// decodeCtorArgs decodes constructor arguments through the ABI's
// constructor, each of an elementary type (decodeCall's rule), checking
// that they are its canonical encoding.
func decodeCtorArgs(abiJSON []byte, enc []byte) ([]string, bool) {
	var entries []abiFunction
	if json.Unmarshal(abiJSON, &entries) != nil {
		return nil, false
	}
	var args abi.Arguments
	for _, e := range entries {
		if e.Type != "constructor" {
			continue
		}
		for _, in := range e.Inputs {
			t, err := abi.NewType(in.Type, "", nil)
			if err != nil || in.InternalType != "" && in.InternalType != in.Type || !isElementary(t) {
				return nil, false
			}
			args = append(args, abi.Argument{Type: t})
		}
	}
	if len(args) == 0 {
		return nil, len(enc) == 0
	}
	vals, err := args.Unpack(enc)
	if err != nil {
		return nil, false
	}
	if again, err := args.Pack(vals...); err != nil || !bytes.Equal(again, enc) {
		return nil, false
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = literal(args[i].Type, v)
	}
	return out, true
}

// planDeploys puts the deployments in the campaign's order and decides
// which deploy with `new` (g.news); it reports whether any still runs
// creation code at an address (the test then defines _deployTo).
func (g *gen) planDeploys() (deployTo bool) {
	sort.SliceStable(g.deploy, func(a, b int) bool {
		oa, ob := g.deploy[a].d.Order, g.deploy[b].d.Order
		return oa != 0 && ob != 0 && oa < ob
	})
	g.news = map[common.Address]newDeploy{}
	var nonce uint64 // DEPLOYER's creations so far
	for _, t := range g.deploy {
		if g.forked(t.d) {
			continue // already on the fork (fork.go)
		}
		if nd, ok := g.canNew(t, nonce); ok {
			g.news[t.addr] = nd
			nonce++
			continue
		}
		deployTo = deployTo || t.d.CtorValue.IsZero()
	}
	return deployTo
}

// renderNew writes t's deployment with `new` from DEPLOYER, declaring
// its handle when a typed call uses it (renderHandles then skips it), and
// checks the address the campaign's calls and values name.
func (g *gen) renderNew(w func(string, ...any), t *deployTarget, nd newDeploy) {
	id := g.names[t.d.Unit+":"+t.d.Name]
	expr := fmt.Sprintf("new %s(%s)", id, strings.Join(nd.args, ", "))
	w("        vm.prank(DEPLOYER, DEPLOYER);\n")
	if g.usesHandle(t) {
		h := g.handle(t)
		w("        %s %s = %s;\n", id, h, expr)
		w("        require(address(%s) == %s, \"deployed elsewhere than in the campaign\");\n", h, t.addr.Hex())
		g.declared[t.addr] = true
		return
	}
	w("        require(address(%s) == %s, \"deployed elsewhere than in the campaign\");\n", expr, t.addr.Hex())
}

// usesHandle reports whether a typed call goes to t.
func (g *gen) usesHandle(t *deployTarget) bool {
	for _, c := range g.f.Calls {
		if _, ct, ok := g.typed(c); ok && ct.addr == t.addr {
			return true
		}
	}
	return false
}
