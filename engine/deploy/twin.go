package deploy

import (
	"bytes"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file finds SWC-101 in runtime arithmetic on a value the
// constructor fixed (code compiled before 0.8): a sale's rate times the
// ether paid, a vesting's start plus its duration, a payee's shares times
// what was received. The campaign deploys each contract once, with the
// arguments the deployment search found (cut to small integers when they
// still deploy, ctorsmall.go), so such a product never wraps. Once the
// plan is made, each target with runtime arithmetic is deployed again on
// the planning chain with one numeric argument at a time at the first of
// WrapExtremes its constructor accepts (a twin). Each worker keeps a
// second chain holding the plan and the twins; every sequence the corpus
// keeps that calls such a contract is run again there, once per twin, with
// the twin in the contract's place, and a wrap it uses (the oracle's rule,
// engine/trace/taint.go) in a transaction that commits is reported, with
// the twin's arguments: only the deployer chooses them, so the finding
// says so. Twins never take part in the campaign's own runs.

// maxTwins bounds the twins per contract, and maxTwinTargets the numeric
// arguments tried.
const (
	maxTwins       = 4
	maxTwinTargets = 16
)

// Twin is a second instance of a contract, deployed after the plan's
// contracts with extreme constructor arguments.
type Twin struct {
	Contract int
	Addr     common.Address
	Args     []byte // ABI-encoded constructor arguments
	Value    *uint256.Int
	Grants   []Grant
}

// twinSource is what PlanContext keeps of a deployed contract for its
// twins.
type twinSource struct {
	code []byte
	in   *ctorInput
	fix  func(*ctorInput)
}

// twinWorthy reports whether contract c may get twins: a target whose
// runtime code has arithmetic that can wrap silently (before 0.8).
func twinWorthy(c *program.Contract) bool {
	return c.Target && c.Kind != "library" && len(c.ArithSites()) > 0
}

// twins deploys, at the end of the plan on s.ch, the twins of the
// contracts srcs holds, and returns them.
func (s *ctorSearch) twins(p *program.Program, d *Deployment, srcs map[int]twinSource, order []int) []Twin {
	var out []Twin
	for _, ci := range order {
		src, ok := srcs[ci]
		if !ok {
			continue
		}
		var ts []ctorTarget
		for _, t := range targets(src.in, false) {
			if !t.array && len(ts) < maxTwinTargets {
				ts = append(ts, t)
			}
		}
		// Round by round, so that a contract's twins spread over its
		// arguments and extremes: a product with 2^255 wraps to 0 for an
		// even operand, with 2^255-1 to a small remainder.
		var seen [][]byte
		for _, e := range WrapExtremes {
			for _, t := range ts {
				if len(seen) == maxTwins {
					break
				}
				cand := src.in.clone()
				calldata.SetWord(cand.args, t.path, e)
				src.fix(cand)
				args := calldata.EncodeArgs(nil, cand.args)
				if bytes.Equal(args, d.Args[ci]) || slices.ContainsFunc(seen, func(x []byte) bool { return bytes.Equal(x, args) }) {
					continue
				}
				if tw, ok := s.deployTwin(p, d, ci, src.code, args, cand.value); ok {
					seen = append(seen, args)
					out = append(out, tw)
				}
			}
		}
	}
	return out
}

// deployTwin deploys contract ci with args on s.ch and funds it as its
// first instance was (grant.go); on failure the chain is left as it was.
func (s *ctorSearch) deployTwin(p *program.Program, d *Deployment, ci int, code, args []byte, value uint256.Int) (Twin, bool) {
	snap := s.ch.Snapshot()
	v := value
	res := s.ch.Call(chain.Tx{From: chain.Deployer, Input: append(append([]byte(nil), code...), args...), Value: &v})
	if res.Err != nil {
		s.ch.Reset(snap)
		return Twin{}, false
	}
	td := *d
	td.Addrs = append([]common.Address(nil), d.Addrs...)
	td.Args = append([][]byte(nil), d.Args...)
	td.Addrs[ci], td.Args[ci] = res.Created, args
	tw := Twin{Contract: ci, Addr: res.Created, Args: args, Grants: s.grants(p, &td, ci)}
	if slices.Contains(d.TokenHeld, ci) {
		if g, ok := s.mintHeld(d, res.Created); ok {
			tw.Grants = append(tw.Grants, g)
		}
	}
	if !value.IsZero() {
		tw.Value = &v
	}
	return tw, true
}
