package fuzz

import (
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/common"
)

// A RecordedCallError is a recorded call that names a contract or sender
// the replayed system does not have: recorded calls come from reports
// others may write, and from builds since edited.
type RecordedCallError struct {
	Call int // from 1
	Err  error
}

func (e *RecordedCallError) Error() string { return fmt.Sprintf("call %d: %v", e.Call, e.Err) }

// Unwrap returns what is wrong with the call.
func (e *RecordedCallError) Unwrap() error { return e.Err }

// A report names each call's sender twice: by its address and by its
// principal index on the campaign's chain. The index is the campaign's
// numbering, which its deployment decided: the default senders, then the
// role holders the deployment found in the targets' storage
// (deploy.Roles), then the attackers and the deployer (deploy.SenderOf),
// or a Foundry set-up's senders. The address is what the contracts saw.
// A replay therefore sends from the principal with the recorded address
// on the system it deployed, which is the campaign's when nothing
// changed, and still the right account when an edit added or removed a
// role holder and moved the attackers' and the deployer's indices.

// checkRecorded returns calls with each sender resolved on this system
// (senderIndex), or a *RecordedCallError for a call that names a
// contract or sender this system does not have. calls is not modified.
func (w *worker) checkRecorded(calls []RawCall) ([]RawCall, error) {
	out := make([]RawCall, len(calls))
	for i, rc := range calls {
		if rc.Contract < 0 || rc.Contract >= len(w.c.prog.Contracts) || rc.Contract >= len(w.m.Dep.Addrs) {
			return nil, &RecordedCallError{i + 1, fmt.Errorf("contract index %d out of range (%d contracts)", rc.Contract, len(w.m.Dep.Addrs))}
		}
		s, err := w.senderIndex(rc)
		if err != nil {
			return nil, &RecordedCallError{i + 1, err}
		}
		out[i] = rc
		out[i].Sender = s
	}
	return out, nil
}

// senderIndex is the principal that sends rc on this system: the one
// whose address is rc.From (rc.Sender when it is that one, else the
// first), or rc.Sender itself when rc names no address.
func (w *worker) senderIndex(rc RawCall) (int, error) {
	ps := w.m.Principals // deploy.PrincipalAddrs: SenderOf's address per index
	inRange := rc.Sender >= 0 && rc.Sender < len(ps)
	switch {
	case rc.From == (common.Address{}) && inRange, inRange && ps[rc.Sender] == rc.From:
		return rc.Sender, nil
	case rc.From == (common.Address{}):
		return 0, fmt.Errorf("sender index %d out of range (%d senders)", rc.Sender, len(ps))
	}
	if i := slices.Index(ps, rc.From); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("sender %s is none of the %d senders of the replayed system", rc.From.Hex(), len(ps))
}
