package fuzz

import (
	"encoding/binary"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
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
	// Reentrant calls back into the target once, with the calldata of
	// the call it forwarded (the function that paid it).
	Reentrant Attacker = iota
	// Reverting reverts whenever the target calls or pays it.
	Reverting
	// GasBurning uses up all the gas it is given (INVALID), so 2300-gas
	// sends to it fail.
	GasBurning
	numAttackers
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
func Principals(ch *chain.Chain) int { return len(ch.Senders()) + int(numAttackers) }

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
	if deployer && i == n+int(numAttackers) {
		return chain.Deployer, 0, false
	}
	a := Attacker((i - n) % int(numAttackers))
	return AttackerAddress(a), a, true
}

// PrincipalIndex returns the principal index of a on a chain with the
// default senders (the deployer included), or -1.
func PrincipalIndex(a common.Address) int {
	for i := 0; i < chain.DefaultSenders+int(numAttackers)+1; i++ {
		if p, _, _ := PrincipalAddress(i); p == a {
			return i
		}
	}
	return -1
}

// ParseAttacker is the inverse of Attacker.String.
func ParseAttacker(name string) (Attacker, bool) {
	for a := Attacker(0); a < numAttackers; a++ {
		if a.String() == name {
			return a, true
		}
	}
	return 0, false
}

// installAttackers puts the attackers' code on ch and funds the operator.
func installAttackers(ch *chain.Chain) {
	for a := Attacker(0); a < numAttackers; a++ {
		ch.Install(AttackerAddress(a), AttackerCode(a), nil)
	}
	ch.Install(Operator, nil, chain.InitialBalance)
}

// txOf builds the chain transaction for principal i calling to with input
// and value; buf is reused for the forwarded calldata.
func txOf(ch *chain.Chain, i int, to common.Address, input []byte, value *uint256.Int, buf *[]byte) chain.Tx {
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

// Transient storage slots of the attackers (EIP-1153: cleared after every
// transaction, so no state leaks between transactions).
const (
	tEntered = 0 // the reentrant attacker has called back
	tTarget  = 1 // the contract the current transaction attacks
	tLen     = 2 // length of the forwarded calldata
	tData    = 3 // first word of the forwarded calldata
)

// AttackerCode returns the runtime bytecode of attacker a.
func AttackerCode(a Attacker) []byte {
	var s asm
	// Called by the operator directly: forward.
	s.op(vm.CALLER, vm.ORIGIN, vm.EQ).push("forward").op(vm.JUMPI)
	switch a {
	case Reentrant:
		// Called back by the target during an attack, the first time:
		// re-enter with the forwarded calldata; otherwise accept.
		s.push1(tEntered).op(vm.TLOAD).push("accept").op(vm.JUMPI)
		s.push1(tTarget).op(vm.TLOAD).op(vm.CALLER, vm.EQ, vm.ISZERO).push("accept").op(vm.JUMPI)
		s.push1(1).push1(tEntered).op(vm.TSTORE)
		// Copy the saved calldata to memory, a word at a time.
		s.op(vm.PUSH0).label("load")
		s.push1(tLen).op(vm.TLOAD, vm.DUP2, vm.LT, vm.ISZERO).push("loaded").op(vm.JUMPI)
		s.op(vm.DUP1).push1(32).op(vm.SWAP1, vm.DIV).push1(tData).op(vm.ADD, vm.TLOAD, vm.DUP2, vm.MSTORE)
		s.push1(32).op(vm.ADD).push("load").op(vm.JUMP)
		s.label("loaded").op(vm.POP)
		s.op(vm.PUSH0, vm.PUSH0).push1(tLen).op(vm.TLOAD, vm.PUSH0, vm.PUSH0).push1(tTarget).op(vm.TLOAD, vm.GAS, vm.CALL, vm.POP, vm.STOP)
		s.label("accept").op(vm.STOP)
	case Reverting:
		s.op(vm.PUSH0, vm.PUSH0, vm.REVERT)
	case GasBurning:
		s.op(vm.INVALID)
	}
	s.label("forward")
	s.op(vm.PUSH0, vm.CALLDATALOAD, vm.DUP1).push1(tTarget).op(vm.TSTORE)
	s.op(vm.CALLDATASIZE).push1(32).op(vm.SWAP1, vm.SUB, vm.DUP1).push1(tLen).op(vm.TSTORE)
	s.op(vm.DUP1).push1(32).op(vm.PUSH0, vm.CALLDATACOPY)
	// Save the calldata in transient storage for the reentrant call.
	s.op(vm.PUSH0).label("save")
	s.op(vm.DUP2, vm.DUP2, vm.LT, vm.ISZERO).push("saved").op(vm.JUMPI)
	s.op(vm.DUP1, vm.MLOAD, vm.DUP2).push1(32).op(vm.SWAP1, vm.DIV).push1(tData).op(vm.ADD, vm.TSTORE)
	s.push1(32).op(vm.ADD).push("save").op(vm.JUMP)
	s.label("saved").op(vm.POP)
	// CALL(gas, target, callvalue, 0, len, 0, 0), then bubble the result.
	s.op(vm.PUSH0, vm.PUSH0, vm.DUP3, vm.PUSH0, vm.CALLVALUE, vm.DUP7, vm.GAS, vm.CALL)
	s.op(vm.RETURNDATASIZE, vm.PUSH0, vm.PUSH0, vm.RETURNDATACOPY).push("ok").op(vm.JUMPI)
	s.op(vm.RETURNDATASIZE, vm.PUSH0, vm.REVERT)
	s.label("ok").op(vm.RETURNDATASIZE, vm.PUSH0, vm.RETURN)
	return s.assemble()
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
