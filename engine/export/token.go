package export

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/oracle"
)

// tokenMoved sets on ff the token balance a token-theft finding's last
// step moved, as the oracle judged it (engine/oracle/token.go): the
// balance of another account of the fuzzer's that fell, else the sender's
// that rose out of a contract. The test reads it with balanceOf, so only
// a token with balanceOf(address) (ERC-20, ERC-721) is asserted.
func tokenMoved(last fuzz.Step, ff *foundry.Finding) {
	if len(ff.Calls) == 0 {
		return
	}
	sender := ff.Calls[len(ff.Calls)-1].Sender
	rose := false
	for _, l := range last.Logs {
		from, to, ok := oracle.Transfer(l)
		if !ok || from == to || l.Topics[0] != oracle.TransferTopic {
			// An ERC-1155 transfer has no balanceOf(address) to read.
			continue
		}
		if deploy.PrincipalIndex(from) >= 0 && from != sender {
			ff.Token, ff.Holder, ff.TokenFell, ff.HasToken = l.Address, from, true, true
			return
		}
		if !rose && to == sender && from != (common.Address{}) && deploy.PrincipalIndex(from) < 0 {
			ff.Token, ff.Holder, ff.HasToken = l.Address, to, true
			rose = true
		}
	}
}
