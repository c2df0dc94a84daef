package chain

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/params"
)

// ErrEVMVersion is returned for an EVM version solc does not name.
var ErrEVMVersion = errors.New("unknown EVM version")

// evmVersions are solc's EVM version names, oldest first; a chain runs
// the rules of its version and of none after it, so a project pinned to
// paris gets no PUSH0, TSTORE or MCOPY.
var evmVersions = []string{
	"homestead", "tangerineWhistle", "spuriousDragon", "byzantium", "constantinople",
	"petersburg", "istanbul", "berlin", "london", "paris", "shanghai", "cancun", "prague", "osaka",
}

// chainConfig returns go-ethereum's chain configuration for an EVM
// version ("" is the newest), and whether it is after the merge (the block
// context then carries PREVRANDAO instead of a difficulty).
func chainConfig(version string) (*params.ChainConfig, bool, error) {
	cc := *params.MergedTestChainConfig
	if version == "" {
		return &cc, true, nil
	}
	at := -1
	for i, v := range evmVersions {
		if v == version {
			at = i
		}
	}
	if at < 0 {
		return nil, false, fmt.Errorf("%w %q (solc's names: %v)", ErrEVMVersion, version, evmVersions)
	}
	after := func(v string) bool {
		for i, name := range evmVersions {
			if name == v {
				return i > at
			}
		}
		panic("chain: no EVM version " + v)
	}
	blocks := []struct {
		version string
		fields  []**big.Int
	}{
		{"homestead", []**big.Int{&cc.HomesteadBlock}},
		{"tangerineWhistle", []**big.Int{&cc.EIP150Block}},
		{"spuriousDragon", []**big.Int{&cc.EIP155Block, &cc.EIP158Block}},
		{"byzantium", []**big.Int{&cc.ByzantiumBlock}},
		{"constantinople", []**big.Int{&cc.ConstantinopleBlock}},
		{"petersburg", []**big.Int{&cc.PetersburgBlock}},
		{"istanbul", []**big.Int{&cc.IstanbulBlock, &cc.MuirGlacierBlock}},
		{"berlin", []**big.Int{&cc.BerlinBlock}},
		{"london", []**big.Int{&cc.LondonBlock, &cc.ArrowGlacierBlock, &cc.GrayGlacierBlock}},
		{"paris", []**big.Int{&cc.MergeNetsplitBlock, &cc.TerminalTotalDifficulty}},
	}
	for _, b := range blocks {
		if after(b.version) {
			for _, f := range b.fields {
				*f = nil
			}
		}
	}
	times := []struct {
		version string
		field   **uint64
	}{
		{"shanghai", &cc.ShanghaiTime}, {"cancun", &cc.CancunTime}, {"prague", &cc.PragueTime}, {"osaka", &cc.OsakaTime},
	}
	for _, t := range times {
		if after(t.version) {
			*t.field = nil
		}
	}
	return &cc, !after("paris"), nil
}

// NotBefore reports whether EVM version v is base or a later one (false
// for names solc does not know).
func NotBefore(v, base string) bool {
	at, from := -1, -1
	for i, name := range evmVersions {
		if name == v {
			at = i
		}
		if name == base {
			from = i
		}
	}
	return at >= 0 && from >= 0 && at >= from
}
