package finding

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// EtherFlow is what a finding's sequence did with ether, recorded by the
// oracle that judged it from the transactions it watched (committed
// calls only): whom the last transaction paid what, and who paid the
// paying contract or was paid by it over the sequence. Kinds whose
// message tells it (HookEtherFlow) carry one, so that the message and a
// replay's trace say it without running the sequence again.
type EtherFlow struct {
	// Payer is the program contract that paid Recipient most in the
	// last transaction, at PayerAddr.
	Payer     int
	PayerAddr common.Address
	// Recipient is an account the fuzzer controls (or the deployer), and
	// Paid what the last transaction paid it.
	Recipient common.Address
	Paid      uint256.Int
	// In and Out are what each account paid the payer and was paid by it
	// over the whole sequence.
	In, Out map[common.Address]*uint256.Int
	// Credited is what others paid the payer in calls whose arguments
	// name the recipient (deposit(user 1) from the owner), and Creditor
	// who paid most of it.
	Credited uint256.Int
	Creditor common.Address
}
