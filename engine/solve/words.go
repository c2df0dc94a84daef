package solve

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// This file reads EVM words as integers and back: the solvers compute in
// big.Int, modulo 2^n, and aim words.

var two256 = new(big.Int).Lsh(big.NewInt(1), 256)

// Signed reads a word as a two's complement integer.
func Signed(w *uint256.Int) *big.Int {
	b := w.ToBig()
	if w.Sign() < 0 {
		b.Sub(b, two256)
	}
	return b
}

// ToBig reads a word as the ABI type reads it: two's complement for intN.
func ToBig(w *uint256.Int, t *abi.Type) *big.Int {
	b := w.ToBig()
	if calldata.Signed(t) && w.Sign() < 0 {
		b.Sub(b, two256)
	}
	return b
}

// FromBig converts to a word, saturating outside the 256-bit two's
// complement range; Clamp then fits it to the ABI type.
func FromBig(x *big.Int) uint256.Int {
	var w uint256.Int
	switch {
	case x.Sign() >= 0 && x.BitLen() > 256:
		w.SetAllOne()
	case x.Sign() < 0 && x.BitLen() > 255:
		w.Lsh(uint256.NewInt(1), 255) // int256 min
	case x.Sign() < 0:
		w.SetFromBig(new(big.Int).Add(x, two256))
	default:
		w.SetFromBig(x)
	}
	return w
}
