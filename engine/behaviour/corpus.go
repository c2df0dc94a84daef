package behaviour

import (
	"encoding/hex"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// This file turns a campaign corpus's inputs into sequences to compare:
// the inputs that reached a function are the first it is compared over.

// FromCorpus is a corpus input as a Sequence, or false when it cannot be
// one: a call sent through an attacker contract (the comparison sends
// from the plain senders only), plain ether, or unreadable arguments.
func FromCorpus(in corpus.Input) (Sequence, bool) {
	if len(in.Calls) == 0 {
		return nil, false
	}
	seq := make(Sequence, 0, len(in.Calls))
	for _, ic := range in.Calls {
		from, _, isAttacker := deploy.PrincipalAddress(ic.Sender)
		if ic.Sender < 0 || isAttacker || ic.Function == "" {
			return nil, false
		}
		args, err := hex.DecodeString(strings.TrimPrefix(ic.Args, "0x"))
		if err != nil {
			return nil, false
		}
		c := Call{Contract: ic.Contract, Sender: from, Blocks: ic.Blocks, Seconds: ic.Seconds,
			Input: append(crypto.Keccak256([]byte(ic.Function))[:4], args...)}
		if ic.Value != "" && c.Value.SetFromDecimal(ic.Value) != nil {
			return nil, false
		}
		seq = append(seq, c)
	}
	return seq, true
}
