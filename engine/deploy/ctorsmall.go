package deploy

import (
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// A constructor's integers are configuration: a rate, shares, a cap, a
// fee. Drawn at random they are mostly 256-bit numbers, which pass the
// constructor but make every later computation with them overflow (a
// sale's tokens per wei times the payment, a payee's share times what the
// contract received), so the contract deploys and nothing of it works.
// Once an input deploys, the same input with its large integers cut to
// their low 32 bits is tried, and kept when it deploys too.

// settle returns the deployment of in (which deployed at created from
// base), with an owner argument given to the deployer (ctorowner.go), or of
// in with its large integers made small, if that deploys too;
// then the same with its member lists grown (s.grow), if that deploys too.
func (s *ctorSearch) settle(ci int, c *program.Contract, code []byte, in *ctorInput, base chain.Snapshot, created common.Address) (common.Address, *ctorInput, error) {
	if own := s.ownerVariant(created, in, c.ABI.Constructor.Inputs); own != nil {
		var err error
		if created, in, err = s.preferVariant(ci, code, in, own, base); err != nil {
			return created, in, err
		}
	}
	small := in.clone()
	if shrinkInts(small.args) {
		var err error
		if created, in, err = s.preferVariant(ci, code, in, small, base); err != nil {
			return created, in, err
		}
	}
	if s.grow == nil {
		return created, in, nil
	}
	longer := in.clone()
	if !s.grow(longer) {
		return created, in, nil
	}
	return s.preferVariant(ci, code, in, longer, base)
}

// preferVariant deploys variant, a change of in (which deployed from
// base), if its constructor accepts it, and in again otherwise.
func (s *ctorSearch) preferVariant(ci int, code []byte, in, variant *ctorInput, base chain.Snapshot) (common.Address, *ctorInput, error) {
	s.ch.Reset(base)
	s.execs++
	s.budget -= min(s.budget, 1)
	if r, _ := s.run(ci, code, variant, base); r.Err == nil {
		return r.Created, variant, nil
	}
	s.execs++
	s.budget -= min(s.budget, 1)
	r, _ := s.run(ci, code, in, base)
	if r.Err != nil {
		return common.Address{}, nil, fmt.Errorf("%w on a second run of the same input: %w", ErrConstructorFailed, revertErr(r))
	}
	return r.Created, in, nil
}

// shrinkInts cuts every integer of vals of 2^64 or more to its low 32
// bits and reports whether it changed any.
func shrinkInts(vals []calldata.Value) bool {
	changed := false
	for i := range vals {
		v := &vals[i]
		switch v.Type.T {
		case abi.IntTy, abi.UintTy:
			if !v.Word.IsUint64() {
				v.Word.SetUint64(v.Word.Uint64() & 0xffffffff)
				changed = true
			}
		case abi.SliceTy, abi.ArrayTy, abi.TupleTy:
			changed = shrinkInts(v.Elems) || changed
		}
	}
	return changed
}
