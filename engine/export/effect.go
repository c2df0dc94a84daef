package export

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// maxEffectWords bounds the storage words an exported test asserts.
const maxEffectWords = 8

// exportEffect replays f on builds and sets on ff the harm its exported
// test asserts (engine/foundry, effect.go), as its kind's record names it
// (finding.Export): the storage the last transaction changed
// (HarmStored; with HarmRejected only when a call it made failed),
// whether the fuzzer's accounts gained ether (HarmGain), the account a
// call delegatecalled (HarmDelegate), what the owner's phished call
// writes (HarmPhish), how many calls exhaust a block's gas (HarmRepeat)
// and which recipient blocks a loop of payments and which others it
// pays (HarmLoopBlock). It sets nothing when the replay cannot say (no
// builds, a fork, the last transaction reverted where the kind needs it
// committed).
func exportEffect(builds []*solc.Build, setup report.Setup, f report.Finding, ff *foundry.Finding) {
	harm := finding.Describe(finding.Kind(f.Kind)).Export.Harm
	if len(builds) == 0 || setup.Fork != nil || len(f.Calls) == 0 || !harm.Replayed() {
		return
	}
	prog, err := replay.Program(builds)
	if err != nil {
		return
	}
	cc := chain.Config{EVMVersion: replay.ChainVersion(builds)}
	replay.ChainLimits(builds, &cc)
	if harm.Has(finding.HarmPhish) {
		phishEffect(prog, cc, setup, f, ff) // exportharm.go
		return
	}
	steps, err := replay.Steps(prog, cc, setup, f)
	if err != nil || len(steps) != len(f.Calls) {
		return
	}
	if harm.Has(finding.HarmLoopBlock) {
		loopBlock(steps[len(steps)-1], ff) // exportharm.go
		return
	}
	if steps[len(steps)-1].Err != nil {
		return
	}
	last := steps[len(steps)-1]
	switch {
	case harm.Has(finding.HarmRejected) && !innerFailed(last):
		// The oracle re-ran the call with its callee reverting: the test
		// does too. Nothing depended on the call's success (the
		// finding), so it writes the same words.
		if ff.Callee, ff.HasCallee = rejecter(last); ff.HasCallee {
			ff.Stored = storedWords(last)
		}
	case harm.Has(finding.HarmStored):
		ff.Stored = storedWords(last)
	case harm.Has(finding.HarmGain):
		ff.Gained = gained(steps, f.Calls, ff.Calls)
		if harm.Has(finding.HarmEmptied) {
			ff.Emptied, ff.HasEmptied = emptied(last)
		}
	case harm.Has(finding.HarmDelegate):
		ff.Delegate, ff.Delegator, ff.HasDelegate = delegated(last, ff.Calls)
	case harm.Has(finding.HarmRepeat):
		ff.Repeat = repeats(last) // exportharm.go
	case harm.Has(finding.HarmTokens):
		tokenMoved(last, ff) // exporttoken.go
	}
}

// storedWords are the words the last step changed (at most
// maxEffectWords, the last write of each: what it holds).
func storedWords(last fuzz.Step) []foundry.Word {
	type key struct {
		addr common.Address
		slot common.Hash
	}
	var out []foundry.Word
	seen := map[key]bool{}
	for i := len(last.Stored) - 1; i >= 0 && len(out) < maxEffectWords; i-- {
		s := last.Stored[i]
		k := key{s.Address, s.Slot}
		if seen[k] || s.Value == s.Before {
			continue
		}
		seen[k] = true
		out = append(out, foundry.Word{Address: s.Address, Slot: s.Slot, Value: s.Value})
	}
	return out
}

// innerFailed reports whether a call the transaction made failed.
func innerFailed(st fuzz.Step) bool {
	for _, in := range st.Inner {
		if in.Reverted {
			return true
		}
	}
	return false
}

// gained reports whether a group of the sequence's senders (as the test
// groups them, foundry.Parties) took in more ether than it paid out over
// the committed steps.
func gained(steps []fuzz.Step, calls []report.Call, fcalls []foundry.Call) bool {
	parties := foundry.Parties(fcalls)
	group := map[common.Address]int{}
	for i, p := range parties {
		for _, a := range p {
			group[a] = i
		}
	}
	in := make([]uint256.Int, len(parties))
	out := make([]uint256.Int, len(parties))
	for i, st := range steps {
		if st.Err != nil {
			continue
		}
		eachTransfer(st, calls[i], func(from, to common.Address, v *uint256.Int) {
			if p, ok := group[to]; ok {
				in[p].Add(&in[p], v)
			}
			if p, ok := group[from]; ok {
				out[p].Add(&out[p], v)
			}
		})
	}
	for p := range parties {
		if in[p].Gt(&out[p]) {
			return true
		}
	}
	return false
}

// rejecter returns the account the contract called or paid in the last
// step that the test can make reject it: an externally owned account of
// the fuzzer's (an attacker contract's code is its own).
func rejecter(last fuzz.Step) (common.Address, bool) {
	for _, in := range last.Inner {
		if in.Depth != 1 || in.Op != "CALL" {
			continue
		}
		if i := deploy.PrincipalIndex(in.To); i >= 0 {
			if _, _, isAtt := deploy.PrincipalAddress(i); !isAtt {
				return in.To, true
			}
		}
	}
	return common.Address{}, false
}

// emptied returns the contract whose selfdestruct in the last step sent
// its ether to another account.
func emptied(last fuzz.Step) (common.Address, bool) {
	for _, in := range last.Inner {
		if in.Op == "SELFDESTRUCT" && in.To != in.From && !in.Value.IsZero() {
			return in.From, true
		}
	}
	return common.Address{}, false
}

// delegated returns the account the last step delegatecalled, when it is
// one the fuzzer controls and not the attacker contract the last call
// came through (whose code forwards it), and the contract that
// delegatecalled it.
func delegated(last fuzz.Step, fcalls []foundry.Call) (to, from common.Address, ok bool) {
	var forwarder common.Address
	if c := fcalls[len(fcalls)-1]; c.ViaAttacker {
		forwarder = c.Sender
	}
	for _, in := range last.Inner {
		if in.Op != "DELEGATECALL" && in.Op != "CALLCODE" {
			continue
		}
		if deploy.PrincipalIndex(in.To) < 0 || in.To == forwarder || in.To == deploy.Operator {
			continue
		}
		return in.To, in.From, true
	}
	return common.Address{}, common.Address{}, false
}

// eachTransfer calls fn for each ether transfer of a committed step: the
// transaction's own value (for an attacker's call, its forwarded call
// carries it) and each inner call no reverted frame undid.
func eachTransfer(st fuzz.Step, c report.Call, fn func(from, to common.Address, v *uint256.Int)) {
	if c.Attacker == "" && !st.Call.Value.IsZero() {
		fn(st.From, st.To, &st.Call.Value)
	}
	var dead []bool // by depth: that frame or one around it reverted
	for _, in := range st.Inner {
		for len(dead) <= in.Depth {
			dead = append(dead, false)
		}
		dead[in.Depth] = dead[in.Depth-1] || in.Reverted
		if !dead[in.Depth] && !in.Value.IsZero() {
			v := in.Value
			fn(in.From, in.To, &v)
		}
	}
}
