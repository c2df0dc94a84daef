package replay

import (
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/holiman/uint256"
)

// Plan turns a recorded Setup back into the deployment to replay:
// constructor arguments and ether, the deployment order and addresses
// when recorded (older setups have none: the program's order), and the
// token.
func Plan(prog *program.Program, setup report.Setup) (*deploy.Deployment, error) {
	n := len(prog.Contracts)
	plan := &deploy.Deployment{Addrs: make([]common.Address, n), Args: make([][]byte, n), Values: make([]*uint256.Int, n), Errors: make([]error, n), Grants: make([][]deploy.Grant, n)}
	if setup.Token != "" {
		plan.Token = common.HexToAddress(setup.Token)
	}
	type placed struct{ order, index int }
	var order []placed
	for i, k := range Records(prog, setup) {
		if k < 0 {
			continue
		}
		d := setup.Contracts[k]
		b, err := hex.DecodeString(strings.TrimPrefix(d.CtorArgs, "0x"))
		if err != nil {
			return nil, fmt.Errorf("%w: constructor arguments of %s: %v", ErrReplay, d.Name, err)
		}
		plan.Args[i] = b
		if d.CtorValue != "" {
			v, err := uint256.FromDecimal(d.CtorValue)
			if err != nil {
				return nil, fmt.Errorf("%w: constructor value of %s: %v", ErrReplay, d.Name, err)
			}
			plan.Values[i] = v
		}
		if d.Error != "" {
			plan.Errors[i] = errors.New(d.Error)
		}
		plan.Addrs[i] = common.HexToAddress(d.Address)
		if plan.Grants[i], err = fuzzGrants(d.Grants); err != nil {
			return nil, fmt.Errorf("%w: grants of %s: %v", ErrReplay, d.Name, err)
		}
		if d.Order > 0 {
			order = append(order, placed{d.Order, i})
		}
	}
	if len(order) > 0 {
		sort.Slice(order, func(a, b int) bool { return order[a].order < order[b].order })
		for _, o := range order {
			plan.Order = append(plan.Order, o.index)
		}
	} else {
		plan.Errors = make([]error, n) // an older setup: deploy everything again
	}
	return plan, nil
}

func fuzzGrants(gs []report.Grant) ([]deploy.Grant, error) {
	var out []deploy.Grant
	for _, g := range gs {
		if !common.IsHexAddress(g.From) || !common.IsHexAddress(g.To) {
			return nil, fmt.Errorf("grant from %q to %q: not addresses", g.From, g.To)
		}
		in, err := hex.DecodeString(strings.TrimPrefix(g.Input, "0x"))
		if err != nil {
			return nil, fmt.Errorf("grant input: %w", err)
		}
		out = append(out, deploy.Grant{From: common.HexToAddress(g.From), To: common.HexToAddress(g.To), Input: in})
	}
	return out, nil
}
