package cheatcode

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
)

// describeRevert renders the revert data of a failed set-up call as forge
// does: an Error(string) message quoted, a Panic(uint256) code with what it
// means, a custom error by name with its arguments (from the ABI of any
// contract of p that declares it: the revert may come from a contract the
// set-up called), else the data in hex, or the EVM's error when there is
// no data.
func describeRevert(p *program.Program, ret []byte, err error) string {
	if msg, ok := decodeError(ret); ok {
		return fmt.Sprintf("%q", msg)
	}
	if code, ok := finding.PanicCode(ret); ok {
		return fmt.Sprintf("Panic(0x%02x): %s", code, finding.Describe(finding.PanicKind(code)).Title)
	}
	if s, ok := customError(p, ret); ok {
		return s
	}
	if len(ret) > 0 {
		return fmt.Sprintf("0x%x", ret)
	}
	return err.Error()
}

// customError decodes ret as a custom error that some contract of p
// declares, by its selector; data that does not decode against the
// error's parameters is not that error.
func customError(p *program.Program, ret []byte) (string, bool) {
	if p == nil || len(ret) < 4 {
		return "", false
	}
	for _, c := range p.Contracts {
		for _, e := range c.ABI.Errors {
			if [4]byte(e.ID[:4]) != [4]byte(ret[:4]) {
				continue
			}
			vals, err := e.Inputs.Unpack(ret[4:])
			if err != nil {
				continue
			}
			return formatCall(e.Name, e.Inputs, vals), true
		}
	}
	return "", false
}

// formatCall renders name(arg, ...) with each value as Solidity writes it.
func formatCall(name string, args abi.Arguments, vals []any) string {
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		if i < len(args) && args[i].Name != "" {
			b.WriteString(args[i].Name)
			b.WriteString(": ")
		}
		b.WriteString(formatValue(v))
	}
	b.WriteByte(')')
	return b.String()
}

// formatValue renders one decoded ABI value.
func formatValue(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", x)
	case []byte:
		return "0x" + hex.EncodeToString(x)
	case common.Address:
		return x.Hex()
	case *big.Int:
		return x.String()
	case [32]byte:
		return "0x" + hex.EncodeToString(x[:])
	}
	return fmt.Sprint(v)
}
