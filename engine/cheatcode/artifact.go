package cheatcode

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// deployLinked deploys c from DefaultSender, first deploying the libraries
// its creation code links (done maps library names to their addresses).
func deployLinked(ch *chain.Chain, p *program.Program, c *program.Contract, done map[string]common.Address) (common.Address, error) {
	code := append([]byte(nil), c.Artifact.Creation.Bytes...)
	for _, libs := range c.Artifact.Creation.LinkReferences {
		for lib, places := range libs {
			addr, ok := done[lib]
			if !ok {
				lc, found := p.Lookup(lib)
				if !found {
					return common.Address{}, fmt.Errorf("%w: %s links library %s, which is not compiled", ErrSetUp, c.Name, lib)
				}
				var err error
				if addr, err = deployLinked(ch, p, lc, done); err != nil {
					return common.Address{}, err
				}
				done[lib] = addr
			}
			for _, r := range places {
				if r.Start+20 <= len(code) {
					copy(code[r.Start:], addr[:])
				}
			}
		}
	}
	r := ch.Call(chain.Tx{From: DefaultSender, Input: code, Gas: SetUpGas})
	if r.Err != nil {
		return common.Address{}, fmt.Errorf("%w: deploying %s: %s", ErrSetUp, c.Name, describeRevert(p, r.Ret, r.Err))
	}
	return r.Created, nil
}

// sameRuntime reports whether code is c's runtime code, with immutables
// and library addresses filled in.
func sameRuntime(c *program.Contract, code []byte) bool {
	rt := c.Artifact.Runtime
	if len(rt.Bytes) != len(code) || len(code) == 0 {
		return false
	}
	var masked [][2]int
	for _, rs := range rt.Immutables {
		masked = appendRanges(masked, rs)
	}
	for _, libs := range rt.LinkReferences {
		for _, rs := range libs {
			masked = appendRanges(masked, rs)
		}
	}
	if c.Kind == "library" && len(code) >= 21 && code[0] == 0x73 {
		// A library's runtime opens with PUSH20 of its own address (the
		// call protection), written at deployment.
		masked = append(masked, [2]int{1, 21})
	}
	sort.Slice(masked, func(i, j int) bool { return masked[i][0] < masked[j][0] })
	at := 0
	for _, m := range masked {
		lo, hi := min(m[0], len(code)), min(m[1], len(code))
		if lo > at && string(code[at:lo]) != string(rt.Bytes[at:lo]) {
			return false
		}
		at = max(at, hi)
	}
	return at >= len(code) || string(code[at:]) == string(rt.Bytes[at:])
}

func appendRanges(out [][2]int, rs []solc.CodeRange) [][2]int {
	for _, r := range rs {
		out = append(out, [2]int{r.Start, r.Start + r.Length})
	}
	return out
}

// artifactCode resolves vm.getCode's argument against the compiled
// contracts: "File.sol:Name", "path/File.sol:Name", "Name.sol" or "Name".
func artifactCode(p *program.Program) func(name string, deployed bool) ([]byte, error) {
	return func(name string, deployed bool) ([]byte, error) {
		file, contract := "", name
		if i := strings.LastIndexByte(name, ':'); i >= 0 {
			file, contract = name[:i], name[i+1:]
		} else if strings.HasSuffix(name, ".sol") {
			file, contract = name, strings.TrimSuffix(path.Base(name), ".sol")
		}
		for _, c := range p.Contracts {
			if c.Name != contract || (file != "" && path.Base(c.Artifact.Unit) != path.Base(file)) {
				continue
			}
			if deployed {
				return c.Artifact.Runtime.Bytes, nil
			}
			if len(c.Artifact.Creation.LinkReferences) > 0 {
				return nil, fmt.Errorf("%s links libraries; deploy it with new instead", name)
			}
			return c.Artifact.Creation.Bytes, nil
		}
		return nil, fmt.Errorf("no compiled contract matches %q", name)
	}
}

func sortMethods(ms []program.Method) {
	sort.Slice(ms, func(i, j int) bool { return ms[i].Sig < ms[j].Sig })
}
