package render

import (
	"math/big"
	"strings"

	"github.com/holiman/uint256"
)

// Ether renders wei for people: "3 wei" below a milliether, else ether
// with as many decimals as its size needs (four below 10 ether, two below
// 1000, none above), "about" when that rounds ("about 2361 ether").
func Ether(wei *uint256.Int) string {
	if wei.Lt(uint256.NewInt(1e15)) {
		return wei.Dec() + " wei"
	}
	r := new(big.Rat).SetFrac(wei.ToBig(), big.NewInt(1e18))
	decimals := 4
	switch {
	case r.Cmp(big.NewRat(1000, 1)) >= 0:
		decimals = 0
	case r.Cmp(big.NewRat(10, 1)) >= 0:
		decimals = 2
	}
	s := r.FloatString(decimals)
	if decimals > 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if exact, _ := new(big.Rat).SetString(s); exact.Cmp(r) != 0 {
		return "about " + s + " ether"
	}
	return s + " ether"
}
