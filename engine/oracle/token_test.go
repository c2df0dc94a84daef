package oracle

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// TestIsToken: the ERC-20, ERC-721 and ERC-1155 shapes are tokens; a
// vault's internal ledger (balanceOf without a transfer) is not.
func TestIsToken(t *testing.T) {
	for _, tt := range []struct {
		sigs string
		want bool
	}{
		{`balanceOf(address) transfer(address,uint256) transferFrom(address,address,uint256)`, true},
		{`balanceOf(address) ownerOf(uint256) safeTransferFrom(address,address,uint256)`, true},
		{`balanceOf(address,uint256) safeTransferFrom(address,address,uint256,uint256,bytes)`, true},
		{`balanceOf(address) deposit() withdraw(uint256)`, false},
		{`transfer(address,uint256)`, false},
	} {
		a := abiOf(t, tt.sigs)
		if got := IsToken(&a); got != tt.want {
			t.Errorf("%s: IsToken %v, want %v", tt.sigs, got, tt.want)
		}
	}
}

// abiOf builds an ABI of functions from their signatures.
func abiOf(t *testing.T, sigs string) abi.ABI {
	t.Helper()
	var js []string
	for _, sig := range strings.Fields(sigs) {
		name, args, _ := strings.Cut(strings.TrimSuffix(sig, ")"), "(")
		var ins []string
		for _, a := range strings.Split(args, ",") {
			if a != "" {
				ins = append(ins, `{"type":"`+a+`"}`)
			}
		}
		js = append(js, `{"type":"function","name":"`+name+`","inputs":[`+strings.Join(ins, ",")+`],"outputs":[]}`)
	}
	a, err := abi.JSON(strings.NewReader("[" + strings.Join(js, ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestTransfer: the parties of the standard transfer events; a zero
// ERC-20 amount moves nothing, and other events are no transfers.
func TestTransfer(t *testing.T) {
	from, to, op := common.HexToAddress("0x01"), common.HexToAddress("0x02"), common.HexToAddress("0x03")
	word := func(a common.Address) common.Hash { return common.BytesToHash(a[:]) }
	amount := func(v byte) []byte { b := make([]byte, 32); b[31] = v; return b }
	for _, tt := range []struct {
		name string
		l    types.Log
		ok   bool
	}{
		{"erc20", types.Log{Topics: []common.Hash{TransferTopic, word(from), word(to)}, Data: amount(5)}, true},
		{"erc20 zero", types.Log{Topics: []common.Hash{TransferTopic, word(from), word(to)}, Data: amount(0)}, false},
		{"erc721", types.Log{Topics: []common.Hash{TransferTopic, word(from), word(to), {31: 7}}}, true},
		{"erc1155", types.Log{Topics: []common.Hash{transferSingleTopic, word(op), word(from), word(to)}, Data: append(amount(1), amount(2)...)}, true},
		{"erc1155 zero", types.Log{Topics: []common.Hash{transferSingleTopic, word(op), word(from), word(to)}, Data: append(amount(1), amount(0)...)}, false},
		{"approval", types.Log{Topics: []common.Hash{{1}, word(from), word(to)}, Data: amount(5)}, false},
	} {
		f, g, ok := Transfer(&tt.l)
		if ok != tt.ok || ok && (f != from || g != to) {
			t.Errorf("%s: %s -> %s, %v; want %s -> %s, %v", tt.name, f, g, ok, from, to, tt.ok)
		}
	}
}

// TestImplementation: a theft through a function an interface declares
// (Balancer's IVault.manageUserBalance) is placed at the definition with a
// body of the same name and selector (UserBalance's), not at the
// declaration; with none, at the declaration.
func TestImplementation(t *testing.T) {
	decl := program.Func{Function: solc.Function{Contract: "IVault", Name: "manageUserBalance", Selector: "0e8e3e84"}, Location: solc.Location{Start: 1}}
	other := program.Func{Function: solc.Function{Contract: "Other", Name: "manageUserBalance", Selector: "00000001", Implemented: true}, Location: solc.Location{Start: 2}}
	impl := program.Func{Function: solc.Function{Contract: "UserBalance", Name: "manageUserBalance", Selector: "0e8e3e84", Implemented: true}, Location: solc.Location{Start: 3}}
	if got := implementation([]program.Func{decl, other, impl}, decl, "0e8e3e84"); got != impl.Location {
		t.Errorf("at %+v, want the implementation's %+v", got, impl.Location)
	}
	if got := implementation([]program.Func{decl, other}, decl, "0e8e3e84"); got != decl.Location {
		t.Errorf("with no implementation at %+v, want the declaration's %+v", got, decl.Location)
	}
}
