package report

import (
	"fmt"
	"strings"
	"time"
)

// A Finding is one failure with the transactions that reproduce it.
type Finding struct {
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	SWC      string `json:"swc,omitempty"`
	Title    string `json:"title"`
	Message  string `json:"message"`
	Contract string `json:"contract"`
	PC       uint64 `json:"pc"`
	// Location of the failure in user source; Path is empty if unknown.
	Path   string `json:"path,omitempty"`
	Unit   string `json:"unit,omitempty"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Line   int    `json:"line,omitempty"`   // one-based
	Column int    `json:"column,omitempty"` // one-based, in bytes
	// Related are where the failure happened in code the user does not
	// own (a dependency's file, a library), when the location above is
	// the call in the user's own code that led there.
	Related []Related `json:"related,omitempty"`
	// Check is the property or invariant function, for those kinds.
	Check string `json:"check,omitempty"`
	// Detail says what the oracle observed, for the vulnerability kinds.
	Detail  string        `json:"detail,omitempty"`
	Calls   []Call        `json:"calls"`
	Seed    uint64        `json:"seed"`
	Execs   uint64        `json:"execs"`
	Elapsed time.Duration `json:"elapsedNs"`
	// Mock marks a finding in a test helper or mock (IsMock), reported
	// apart and not counted as the project's own (mock.go).
	Mock bool `json:"mock,omitempty"`
	// Harness is the invariant suite the finding's campaign started from
	// when it was not the report's own (harness.go); nil otherwise.
	Harness *Harness `json:"harness,omitempty"`
}

// A Call is one transaction of a finding, rendered for people and kept
// exact (calldata) for replay.
type Call struct {
	Sender   string `json:"sender"`
	Contract string `json:"contract"`
	Address  string `json:"address"`
	// Attacker names the fuzzer's attacker contract the call came from
	// ("reentrant", "reverting", "gas-burning"); Sender is its address.
	Attacker string   `json:"attacker,omitempty"`
	Function string   `json:"function"` // "setY(int256)", or "" for a plain ether transfer
	Args     []string `json:"args"`     // Solidity-literal style
	Value    string   `json:"value"`    // wei, decimal
	Blocks   uint64   `json:"blocks"`   // advanced before the call
	Seconds  uint64   `json:"seconds"`
	Calldata string   `json:"calldata"` // 0x-prefixed hex
	// SenderIndex is the sender's index in the test chain's account pool.
	SenderIndex int `json:"senderIndex"`
	// From names the sender as every output does (SenderName): "user 1",
	// "attacker contract (reentrant)", "deployer".
	From string `json:"from,omitempty"`
	// Notes explain the call's values, e.g. that the shrinker could not
	// reduce an argument ("amount: not reducible: ...").
	Notes []string `json:"notes,omitempty"`
}

// Related is a secondary location of a finding: where, in code the user
// does not own, the failure happened, e.g. the call inside OpenZeppelin's
// Address.sendValue when the finding is at the user's call of sendValue.
type Related struct {
	Path   string `json:"path"`
	Unit   string `json:"unit"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Line   int    `json:"line,omitempty"`   // one-based
	Column int    `json:"column,omitempty"` // one-based, in bytes
	// Function is the function containing it ("Address.sendValue"), ""
	// if unknown.
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
}

// String renders a call as "setY(42)" or "send 1000 wei".
func (c Call) String() string {
	name := c.Function
	if name == "" {
		return fmt.Sprintf("%s: send %s wei", c.Contract, c.Value)
	}
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	s := fmt.Sprintf("%s.%s(%s)", c.Contract, name, strings.Join(c.Args, ", "))
	if c.Value != "0" && c.Value != "" {
		s += fmt.Sprintf(" {value: %s}", c.Value)
	}
	return s
}
