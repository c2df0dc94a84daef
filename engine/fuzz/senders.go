package fuzz

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// deployerShare makes one transaction in deployerShare a privileged one
// when the deployer sends: often enough that the owner's configuration
// (enable a parameter, then a user acts on it) comes early in sequences,
// rarely enough that users and attackers send most.
const deployerShare = 4

// senders is how many principals may send a transaction to contract ct:
// the externally owned senders and the deployer, and the attackers too
// for a contract that can call out (callsOut).
func (w *worker) senders(ct int) int {
	if w.c.callsOut[ct] {
		return deploy.Principals(w.m.Chain)
	}
	return len(w.m.Chain.Senders())
}

// deployerIndex is the deployer's principal index (the last principal),
// or -1 when it does not send (a set-up's targetSender choices left it
// out).
func deployerIndex(principals []common.Address) int {
	if n := len(principals); n > 0 && principals[n-1] == chain.Deployer {
		return n - 1
	}
	return -1
}

// others is how many principals other than the deployer may send to ct;
// they are principals 0 to others-1.
func (w *worker) others(ct int) int {
	n := w.senders(ct)
	if w.deployer >= 0 {
		n--
	}
	return n
}

// maySend reports whether principal s may send a transaction to ct.
func (w *worker) maySend(ct, s int) bool {
	return s == w.deployer || (s >= 0 && s < w.others(ct))
}

// randomSender picks the sender of a new transaction to ct.
func (w *worker) randomSender(ct int) int {
	n := w.others(ct)
	if w.deployer >= 0 && (n == 0 || w.rng.IntN(deployerShare) == 0) {
		return w.deployer
	}
	return w.rng.IntN(n)
}

// otherSender picks a sender of ct other than s (s itself when none is).
func (w *worker) otherSender(ct, s int) int {
	n := w.others(ct)
	if w.deployer >= 0 && s != w.deployer && w.rng.IntN(deployerShare) == 0 {
		return w.deployer
	}
	if s == w.deployer || s >= n {
		if n == 0 {
			return s
		}
		return w.rng.IntN(n)
	}
	if n == 1 {
		if w.deployer >= 0 {
			return w.deployer
		}
		return s
	}
	return (s + 1 + w.rng.IntN(n-1)) % n
}
