package export

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
)

// maxRepeat bounds the calls an SWC-128 test repeats: the oracle
// confirms a denial of service only within what an attacker affords
// (engine/oracle/dos.go, dosMaxPushes).
const maxRepeat = 10_000

// phishEffect measures SWC-115's harm: the finding's last call sent by
// the owner who deployed the contract, as a contract the owner was lured
// into calling would send it on (tx.origin is the owner's). The words it
// changes are what the exported test's phished call must write
// (foundry.Finding.Phished); none when the deployer is no sender of the
// campaign (it holds no owner's role) or its call reverts.
func phishEffect(prog *program.Program, cc chain.Config, setup report.Setup, f report.Finding, ff *foundry.Finding) {
	if setup.SetUp != "" {
		return // a set-up's owner need not be the deployer
	}
	g := f
	g.Calls = append([]report.Call(nil), f.Calls...)
	last := &g.Calls[len(g.Calls)-1]
	// The replay sends from the deployer's address, wherever the
	// deployment numbered it (role holders come before it).
	last.Sender, last.SenderIndex, last.Attacker = chain.Deployer.Hex(), deploy.PrincipalIndex(chain.Deployer), ""
	last.From = "deployer"
	steps, err := replay.Steps(prog, cc, setup, g)
	if err != nil || len(steps) != len(g.Calls) || steps[len(steps)-1].Err != nil {
		return
	}
	if ff.Stored = storedWords(steps[len(steps)-1]); len(ff.Stored) > 0 {
		ff.Phished = true
	}
}

// repeats is how many times the replay's SWC-128 oracle repeated the
// sequence's second-to-last call before its last ran out of a block's
// gas (0 if it confirmed none). It reads the replay's own finding, not
// the report's text.
func repeats(last fuzz.Step) uint64 {
	if last.Finding == nil || last.Finding.Kind != finding.GasDoS || last.Finding.Facts.Repeats > maxRepeat {
		return 0
	}
	return last.Finding.Facts.Repeats
}

// maxPaid bounds the recipients an SWC-113 test checks for a payment.
const maxPaid = 4

// loopBlock measures SWC-113's harm from the replay's last step, where
// its own oracle found the loop blocked: the recipient whose failed
// payment reverted it (the last payment that failed; or, when the
// transaction committed, the one the oracle ran it again with rejecting,
// which the test then makes reject too) and the other accounts the loop
// paid. An account the fuzzer does not control is never the blocker: the
// test replaces its code.
func loopBlock(last fuzz.Step, ff *foundry.Finding) {
	if last.Finding == nil || last.Finding.Kind != finding.DoSFailedCall {
		return
	}
	var blocker common.Address
	var found bool
	if last.Err == nil {
		if last.Finding.Facts.Rejecter == (common.Address{}) {
			return
		}
		blocker, found, ff.EtchBlocker = last.Finding.Facts.Rejecter, true, true
	}
	for _, in := range last.Inner {
		if in.Depth == 1 && in.Op == "CALL" && in.Reverted && last.Err != nil {
			blocker, found = in.To, true
		}
	}
	if !found || deploy.PrincipalIndex(blocker) < 0 {
		ff.EtchBlocker = false
		return
	}
	seen := map[common.Address]bool{blocker: true}
	for _, in := range last.Inner {
		if in.Depth != 1 || in.Op != "CALL" || in.Reverted || in.Value.IsZero() || seen[in.To] || len(ff.Paid) == maxPaid {
			continue
		}
		seen[in.To] = true
		ff.Paid = append(ff.Paid, in.To)
	}
	ff.Blocker, ff.HasBlocker = blocker, len(ff.Paid) > 0
	ff.EtchBlocker = ff.EtchBlocker && ff.HasBlocker
}
