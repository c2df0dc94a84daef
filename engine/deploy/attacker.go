package deploy

import (
	"encoding/binary"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/holiman/uint256"
)

// Attackers are contracts the fuzzer sends transactions through, so that
// the contract under test sees a contract as msg.sender and pays one (sFuzz
// §4: a normal attacker that throws when paid and a reentrancy attacker
// that calls back). A transaction from an attacker is sent by Operator to
// the attacker with the target's address and the calldata; the attacker
// forwards it with the transaction's value and bubbles the result up.
// When the target later calls or pays the attacker, it reacts by kind.
type Attacker int

// Attacker kinds.
const (
	// Reentrant calls back into the target, once per transaction: with
	// the calldata and value of its previous transaction to that target
	// (any function: cross-function reentrancy, a deposit paid in again
	// out of its own ether), then with the calldata of the call it
	// forwarded (the function that paid it).
	Reentrant Attacker = iota
	// Reverting reverts whenever the target calls or pays it.
	Reverting
	// GasBurning uses up all the gas it is given (INVALID), so 2300-gas
	// sends to it fail.
	GasBurning
	NumAttackers
)

func (a Attacker) String() string {
	switch a {
	case Reentrant:
		return "reentrant"
	case Reverting:
		return "reverting"
	case GasBurning:
		return "gas-burning"
	}
	return fmt.Sprintf("attacker(%d)", int(a))
}

// Operator is the externally owned account behind every attacker
// transaction: the tx.origin the target sees.
var Operator = common.HexToAddress("0x0000000000000000000000000000000a77ac0000")

// AttackerAddress returns where attacker a lives.
func AttackerAddress(a Attacker) common.Address {
	return common.BigToAddress(uint256.NewInt(0xa77ac0001 + uint64(a)).ToBig())
}

// Principals returns how many distinct senders transactions can have:
// the chain's externally owned senders, then the attackers, then the
// deployer when Deploy made it a sender (deploy.go).
func Principals(ch *chain.Chain) int { return len(ch.Senders()) + int(NumAttackers) }

// defaultSenders are the senders of a chain with the default senders
// and the deployer among them.
var defaultSenders = func() []common.Address {
	out := make([]common.Address, 0, chain.DefaultSenders+1)
	for i := 0; i < chain.DefaultSenders; i++ {
		out = append(out, chain.SenderAddress(i))
	}
	return append(out, chain.Deployer)
}()

// PrincipalAddress is SenderOf for a chain with the default senders (and
// the deployer, the last principal, if the campaign had it send).
func PrincipalAddress(i int) (common.Address, Attacker, bool) {
	return principal(i, defaultSenders)
}

// PrincipalIn is SenderOf for the chain a deployment was made on (the
// default senders when d is nil or recorded none).
func PrincipalIn(d *Deployment, i int) (common.Address, Attacker, bool) {
	if d == nil || d.Senders == nil {
		return PrincipalAddress(i)
	}
	return principal(i, d.Senders)
}

// SenderOf returns the msg.sender the target sees for principal i, and the
// attacker behind it (ok false for an externally owned sender).
func SenderOf(ch *chain.Chain, i int) (common.Address, Attacker, bool) {
	return principal(i, ch.Senders())
}

// principal resolves principal i given the chain's senders: the ordinary
// senders, the attackers, then the deployer if it is the last sender.
func principal(i int, senders []common.Address) (common.Address, Attacker, bool) {
	n := len(senders)
	deployer := n > 0 && senders[n-1] == chain.Deployer
	if deployer {
		n--
	}
	if i < n {
		return senders[i], 0, false
	}
	if deployer && i == n+int(NumAttackers) {
		return chain.Deployer, 0, false
	}
	a := Attacker((i - n) % int(NumAttackers))
	return AttackerAddress(a), a, true
}

// PrincipalIndex returns the principal index of a on a chain with the
// default senders (the deployer included), or -1.
func PrincipalIndex(a common.Address) int {
	for i := 0; i < chain.DefaultSenders+int(NumAttackers)+1; i++ {
		if p, _, _ := PrincipalAddress(i); p == a {
			return i
		}
	}
	return -1
}

// AttackerAt returns the attacker that lives at a, if one does.
func AttackerAt(a common.Address) (Attacker, bool) {
	for k := Attacker(0); k < NumAttackers; k++ {
		if AttackerAddress(k) == a {
			return k, true
		}
	}
	return 0, false
}

// ParseAttacker is the inverse of Attacker.String.
func ParseAttacker(name string) (Attacker, bool) {
	for a := Attacker(0); a < NumAttackers; a++ {
		if a.String() == name {
			return a, true
		}
	}
	return 0, false
}

// AttackerBalance is the ether each attacker contract holds of its own
// before a sequence, besides what the operator sends through it: the
// reentrant attacker re-enters a payable function with the value its
// transaction had, paid out of this (a deposit made again while a
// withdrawal is under way).
var AttackerBalance = chain.InitialBalance

// InstallAttackers puts the attackers' code on ch, funds them and funds
// the operator.
func InstallAttackers(ch *chain.Chain) {
	for a := Attacker(0); a < NumAttackers; a++ {
		ch.Install(AttackerAddress(a), AttackerCodeFor(a, ch.Rules()), AttackerBalance)
	}
	ch.Install(Operator, nil, chain.InitialBalance)
}

// TxOf builds the chain transaction for principal i calling to with input
// and value; buf is reused for the forwarded calldata.
func TxOf(ch *chain.Chain, i int, to common.Address, input []byte, value *uint256.Int, buf *[]byte) chain.Tx {
	from, a, ok := SenderOf(ch, i)
	if !ok {
		return chain.Tx{From: from, To: to, Input: input, Value: value}
	}
	*buf = ForwardInput((*buf)[:0], to, input)
	return chain.Tx{From: Operator, To: AttackerAddress(a), Input: *buf, Value: value}
}

// ForwardInput appends an attacker's calldata: the target's address as a
// 32-byte word, then the calldata to forward.
func ForwardInput(dst []byte, to common.Address, input []byte) []byte {
	dst = append(dst, make([]byte, 12)...)
	dst = append(dst, to[:]...)
	return append(dst, input...)
}

// The attackers keep what they need in their own storage (no transient
// storage or PUSH0, so they run on every EVM version a project can pin):
// slot entered says the reentrant attacker has called back in this
// transaction (cleared when a transaction starts), slot current which of
// two buffers holds the current transaction's target and calldata; the
// other holds the previous transaction's, which the reentrant attacker
// re-enters through first (cross-function reentrancy: deposit, then
// transfer, then withdraw re-entering transfer).
const (
	slotEntered = 0
	slotCurrent = 1
	// bufUnit * (b+1) is buffer b's first slot: the target, then the
	// calldata's length, then the value, then the calldata's words.
	bufUnit = 1 << 32
)

// AttackerCode returns the runtime bytecode of attacker a for EVM
// versions from byzantium on (REVERT and return data).
func AttackerCode(a Attacker) []byte {
	return attackerCode(a, evmFeatures{byzantium: true, eip150: true})
}

// AttackerCodeFor returns the runtime bytecode of attacker a for the
// rules a chain follows: before byzantium there is no REVERT, so failures
// are INVALID and no return data is relayed; before tangerine whistle
// (EIP-150) a call cannot ask for all the gas left.
func AttackerCodeFor(a Attacker, rules params.Rules) []byte {
	return attackerCode(a, evmFeatures{byzantium: rules.IsByzantium, eip150: rules.IsEIP150})
}

// evmFeatures are the instruction set differences the attackers care
// about.
type evmFeatures struct {
	byzantium bool // REVERT, RETURNDATASIZE, RETURNDATACOPY
	eip150    bool // a call gets at most 63/64 of the gas left, whatever it asks
}

// gas pushes the gas argument of a call: all that is left, or before
// EIP-150 all but enough for the call's own costs.
func (f evmFeatures) gas(s *asm) {
	if f.eip150 {
		s.op(vm.GAS)
		return
	}
	s.pushN(callMargin).op(vm.GAS, vm.SUB)
}

// callMargin covers a call's own costs before EIP-150 (value transfer,
// new account).
const callMargin = 40000

func attackerCode(a Attacker, f evmFeatures) []byte {
	byzantium := f.byzantium
	var s asm
	// Called by the operator directly: forward.
	s.op(vm.CALLER, vm.ORIGIN, vm.EQ).push("forward").op(vm.JUMPI)
	switch a {
	case Reentrant:
		reenter(&s, f)
	case Reverting:
		if byzantium {
			s.push1(0).push1(0).op(vm.REVERT)
		} else {
			s.op(vm.INVALID)
		}
	case GasBurning:
		s.op(vm.INVALID)
	}
	s.label("forward")
	forward(&s, a == Reentrant, f)
	return s.assemble()
}

// reenter is the reentrant attacker's answer to a call or payment from
// the target it attacks: the first time in a transaction, with enough gas
// to store a flag (a 2300-gas transfer is accepted), it calls the target
// back with the previous transaction's calldata and value (if that went
// to the same target), then with the current one's calldata; otherwise
// it accepts. The value comes out of the attacker's own ether: a
// withdrawal whose re-entered call reverts unless more ether came in
// meanwhile (SplitPayment's claim, whose share of the balance shrank by
// the payout under way) is re-entered through the deposit first. The
// tracer does not judge a frame the attacker pays as a re-entry: a
// deposit that the outer call then overwrites is the attacker's loss.
func reenter(s *asm, f evmFeatures) {
	s.pushN(10000+callMargin).op(vm.GAS, vm.LT).push("accept").op(vm.JUMPI)
	s.push1(slotEntered).op(vm.SLOAD).push("accept").op(vm.JUMPI)
	// [cur]: the current buffer's base.
	s.push1(slotCurrent).op(vm.SLOAD).push1(1).op(vm.ADD).pushN(bufUnit).op(vm.MUL)
	s.op(vm.DUP1, vm.SLOAD, vm.CALLER, vm.EQ, vm.ISZERO).push("accept").op(vm.JUMPI)
	s.push1(1).push1(slotEntered).op(vm.SSTORE)
	// [cur prev]: the other buffer is 3*bufUnit - cur.
	s.op(vm.DUP1).pushN(3 * bufUnit).op(vm.SUB)
	s.op(vm.DUP1, vm.SLOAD, vm.CALLER, vm.EQ, vm.ISZERO).push("skipPrev").op(vm.JUMPI)
	callBuffer(s, "prev", true, f)
	s.push1(0)
	s.label("skipPrev").op(vm.POP)
	callBuffer(s, "cur", false, f)
	s.label("accept").op(vm.STOP)
}

// callBuffer copies the buffer whose base is on top of the stack into
// memory and calls its target with it, and with its value if paid (a
// value above the attacker's balance makes the call fail), ignoring the
// result; it consumes the base.
func callBuffer(s *asm, name string, paid bool, f evmFeatures) {
	s.op(vm.DUP1).push1(1).op(vm.ADD, vm.SLOAD).push1(0) // base len off
	s.label(name + "Load")
	s.op(vm.DUP2, vm.DUP2, vm.LT, vm.ISZERO).push(name + "Loaded").op(vm.JUMPI)
	s.op(vm.DUP1).push1(32).op(vm.SWAP1, vm.DIV).push1(3).op(vm.ADD, vm.DUP4, vm.ADD, vm.SLOAD, vm.DUP2, vm.MSTORE)
	s.push1(32).op(vm.ADD).push(name + "Load").op(vm.JUMP)
	s.label(name + "Loaded").op(vm.POP) // base len
	// CALL(gas, target, value, 0, len, 0, 0)
	s.push1(0).push1(0).op(vm.DUP3).push1(0)
	if paid {
		s.op(vm.DUP6).push1(2).op(vm.ADD, vm.SLOAD)
	} else {
		s.push1(0)
	}
	s.op(vm.DUP7, vm.SLOAD)
	f.gas(s)
	s.op(vm.CALL)
	s.op(vm.POP, vm.POP, vm.POP)
}

// forward runs a transaction from the operator: calldata is the target as
// a word, then the calldata to forward with the transaction's value. The
// reentrant attacker saves both in the next buffer first.
func forward(s *asm, save bool, f evmFeatures) {
	if save {
		// [base] of the buffer after the current one, now current.
		s.push1(1).push1(slotCurrent).op(vm.SLOAD, vm.SWAP1, vm.SUB)
		s.op(vm.DUP1).push1(slotCurrent).op(vm.SSTORE)
		s.push1(1).op(vm.ADD).pushN(bufUnit).op(vm.MUL)
		s.push1(0).op(vm.CALLDATALOAD, vm.DUP2, vm.SSTORE)
		s.op(vm.CALLVALUE, vm.DUP2).push1(2).op(vm.ADD, vm.SSTORE)
	} else {
		s.push1(0)
	}
	// [base len], the calldata copied to memory.
	s.push1(32).op(vm.CALLDATASIZE, vm.SUB)
	s.op(vm.DUP1).push1(32).push1(0).op(vm.CALLDATACOPY)
	if save {
		s.op(vm.DUP1, vm.DUP3).push1(1).op(vm.ADD, vm.SSTORE)
		s.push1(0).label("save")
		s.op(vm.DUP2, vm.DUP2, vm.LT, vm.ISZERO).push("saved").op(vm.JUMPI)
		s.op(vm.DUP1, vm.MLOAD, vm.DUP2).push1(32).op(vm.SWAP1, vm.DIV).push1(3).op(vm.ADD, vm.DUP5, vm.ADD, vm.SSTORE)
		s.push1(32).op(vm.ADD).push("save").op(vm.JUMP)
		s.label("saved").op(vm.POP)
		s.push1(0).push1(slotEntered).op(vm.SSTORE)
	}
	// CALL(gas, target, callvalue, 0, len, 0, 0), then bubble the result.
	s.push1(0).push1(0).op(vm.DUP3).push1(0).op(vm.CALLVALUE).push1(0).op(vm.CALLDATALOAD)
	f.gas(s)
	s.op(vm.CALL)
	if !f.byzantium {
		s.push("ok").op(vm.JUMPI, vm.INVALID)
		s.label("ok").op(vm.STOP)
		return
	}
	s.op(vm.RETURNDATASIZE).push1(0).push1(0).op(vm.RETURNDATACOPY).push("ok").op(vm.JUMPI)
	s.op(vm.RETURNDATASIZE).push1(0).op(vm.REVERT)
	s.label("ok").op(vm.RETURNDATASIZE).push1(0).op(vm.RETURN)
}

// asm is a tiny assembler with labels (PUSH2 references).
type asm struct {
	code   []byte
	labels map[string]int
	refs   map[int]string // offset of a PUSH2 operand -> label
}

func (s *asm) op(ops ...vm.OpCode) *asm {
	for _, o := range ops {
		s.code = append(s.code, byte(o))
	}
	return s
}

func (s *asm) push1(v byte) *asm {
	s.code = append(s.code, byte(vm.PUSH1), v)
	return s
}

// pushN pushes v with the shortest PUSH (never PUSH0, which needs
// shanghai).
func (s *asm) pushN(v uint64) *asm {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	i := 0
	for i < 7 && b[i] == 0 {
		i++
	}
	s.code = append(s.code, byte(vm.PUSH1)+byte(7-i))
	s.code = append(s.code, b[i:]...)
	return s
}

func (s *asm) push(label string) *asm {
	if s.refs == nil {
		s.refs = map[int]string{}
	}
	s.code = append(s.code, byte(vm.PUSH2), 0, 0)
	s.refs[len(s.code)-2] = label
	return s
}

func (s *asm) label(name string) *asm {
	if s.labels == nil {
		s.labels = map[string]int{}
	}
	s.labels[name] = len(s.code)
	s.code = append(s.code, byte(vm.JUMPDEST))
	return s
}

func (s *asm) assemble() []byte {
	for off, name := range s.refs {
		dst, ok := s.labels[name]
		if !ok {
			panic("attacker code: undefined label " + name)
		}
		binary.BigEndian.PutUint16(s.code[off:], uint16(dst))
	}
	return s.code
}

// PrincipalAddrs lists the accounts the fuzzer controls, by principal
// index.
func PrincipalAddrs(ch *chain.Chain) []common.Address {
	out := make([]common.Address, Principals(ch))
	for i := range out {
		out[i], _, _ = SenderOf(ch, i)
	}
	return out
}
