package cheatcode

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
)

// Address is forge-std's VM_ADDRESS,
// address(uint160(uint256(keccak256("hevm cheat code")))).
var Address = common.BytesToAddress(crypto.Keccak256([]byte("hevm cheat code"))[12:])

// ErrUnsupported is wrapped by the error of a call to a cheatcode Foresight
// does not implement.
var ErrUnsupported = errors.New("unsupported cheatcode")

// An UnsupportedError names the cheatcode a contract called.
type UnsupportedError struct {
	// Signature is the cheatcode's signature ("ffi(string[])"), or its
	// selector in hex when it is not one Foresight knows.
	Signature string
}

// Error says which cheatcode is unsupported.
func (e *UnsupportedError) Error() string {
	return "unsupported cheatcode vm." + e.Signature
}

// Unwrap makes errors.Is(err, ErrUnsupported) hold.
func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

// AssumeMagic is the revert data of a false vm.assume: forge's own marker,
// so a runner tells a rejected input from a failure.
var AssumeMagic = []byte("FOUNDRY::ASSUME")

// dummyCode is the code at Address: solc checks extcodesize before a call
// that returns nothing, and the precompile answers before the code runs.
var dummyCode = []byte{0x00}

// Cheats is the cheatcode contract of one chain with its per-chain state
// (pranks, expected reverts, labels, recorded storage accesses). Not safe
// for concurrent use, like the chain.
type Cheats struct {
	ch *chain.Chain

	// caller and callerDepth describe the frame calling the precompile
	// now (from the OnEnter hook, which fires just before Run): the
	// precompile itself only sees its input.
	caller      common.Address
	callerDepth int

	pranked  *prankState
	expected *expectation
	inter    []*interposition // redirected calls in flight, innermost last
	creates  []prankedCreate  // pranked creations whose CREATE has not returned
	// gasBefore is the gas of the frame at a CREATE under a prank, before
	// the CREATE's own (OpHook), which the creation run for it may use.
	gasBefore uint64

	recording bool
	reads     map[common.Address][]common.Hash
	writes    map[common.Address][]common.Hash
	// armed says beforeOp may have something to do: set with a prank, an
	// interposition, a pranked creation or a recording, cleared by
	// beforeOp once none is left, so that the per-opcode hook costs one
	// load the rest of the time.
	armed bool

	// While track is set (during SetUp), frames holds the address each
	// open CREATE frame creates (zero for calls) and created the addresses
	// of creations that did not revert.
	track   bool
	frames  []common.Address
	created []common.Address

	labels map[common.Address]string
	etched []common.Address // in order, with repeats

	// Swaps replace creation code at CREATE and CREATE2 (swap.go).
	Swaps []Swap

	// Code resolves an artifact name for vm.getCode and
	// vm.getDeployedCode ("File.sol:Name", "Name.sol" or "Name"); nil
	// makes them fail.
	Code func(name string, deployed bool) ([]byte, error)

	// Files is what the file cheatcodes may read (files.go); SetUp sets
	// the test contract's project when nil, and without a root they revert.
	Files *Files

	// hooked reports that Hooks was called: without the hooks, prank,
	// expectRevert and record cannot work and say so.
	hooked bool

	// failed is the first unsupported cheatcode called (or fork that
	// failed), even if the calling contract caught the revert.
	failed error

	// forks are the set-up's forks (fork.go), active the selected one's
	// index + 1 (0: none); test is the test contract.
	forks  []forkSlot
	active int
	test   common.Address

	// outside says a cheatcode read from outside the chain (a file, the
	// project root): what setUp() built then depends on more than its
	// bytecode, and no other chain resumes from it (resume.go).
	outside bool
}

// New returns the cheatcodes of one chain. Install their Hooks in the
// chain's EVM (chain.New(cfg, c.Hooks(inner))), then Attach them.
func New() *Cheats {
	return &Cheats{labels: map[common.Address]string{}}
}

// Attach installs the cheatcode contract at Address on ch, and the
// cheatcodes' per-opcode hooks after ch's OpHook, which must be set before.
func (c *Cheats) Attach(ch *chain.Chain) {
	c.ch = ch
	if c.hooked {
		ch.SetOpHook(c.opHook(ch.OpHook()))
		ch.SetGasHook(c.afterGas)
	}
	ch.InstallPrecompile(Address, c)
	ch.Install(Address, dummyCode, nil)
}

// Err returns the first unsupported cheatcode called, or nil.
func (c *Cheats) Err() error { return c.failed }

// Labels returns the labels set with vm.label.
func (c *Cheats) Labels() map[common.Address]string { return c.labels }

// Name is the precompile's name in traces.
func (c *Cheats) Name() string { return "CHEATCODES" }

// RequiredGas makes cheatcodes free, as in forge.
func (c *Cheats) RequiredGas([]byte) uint64 { return 0 }

// Run executes one cheatcode call.
func (c *Cheats) Run(input []byte) ([]byte, error) {
	if len(input) < 4 {
		return revertMsg("cheatcode call without a selector")
	}
	var sel [4]byte
	copy(sel[:], input)
	if sel == verdictSelector {
		return c.verdict()
	}
	ch, ok := cheatTable[sel]
	if !ok {
		sig, known := unsupportedSigs[sel]
		if !known {
			sig = fmt.Sprintf("0x%x (unknown selector)", sel)
		}
		err := &UnsupportedError{Signature: sig}
		if c.failed == nil {
			c.failed = err
		}
		return revertMsg("foresight: " + err.Error())
	}
	args, err := ch.in.Unpack(input[4:])
	if err != nil {
		return revertMsg(fmt.Sprintf("vm.%s: bad arguments: %v", ch.sig, err))
	}
	if ch.traced && !c.hooked {
		return revertMsg(fmt.Sprintf("vm.%s needs the cheatcode tracing hooks, which this chain lacks", ch.sig))
	}
	out, err := ch.run(c, args)
	if err != nil {
		var r *revertError
		if errors.As(err, &r) {
			return r.data, vm.ErrExecutionReverted
		}
		return revertMsg(fmt.Sprintf("vm.%s: %v", ch.sig, err))
	}
	if len(ch.out) == 0 {
		return nil, nil
	}
	ret, err := ch.out.Pack(out...)
	if err != nil {
		return revertMsg(fmt.Sprintf("vm.%s: encode result: %v", ch.sig, err))
	}
	return ret, nil
}

// revertError carries exact revert data out of a cheatcode.
type revertError struct{ data []byte }

func (e *revertError) Error() string { return fmt.Sprintf("revert 0x%x", e.data) }

// errorSelector is Solidity's Error(string).
var errorSelector = selector("Error(string)")

var stringArgs = arguments("string")

// encodeError ABI-encodes Error(msg), as require(false, msg) does.
func encodeError(msg string) []byte {
	enc, _ := stringArgs.Pack(msg)
	return append(errorSelector[:], enc...)
}

// decodeError returns the message of Error(string) revert data.
func decodeError(data []byte) (string, bool) {
	if len(data) < 4 || [4]byte(data[:4]) != errorSelector {
		return "", false
	}
	v, err := stringArgs.Unpack(data[4:])
	if err != nil {
		return "", false
	}
	return v[0].(string), true
}

func revertMsg(msg string) ([]byte, error) {
	return encodeError(msg), vm.ErrExecutionReverted
}

// Hooks returns hooks that run the cheatcodes' tracing and then inner's
// (which may be nil). Only the V1 OnEnter and OnExit of inner are chained;
// its other hooks are kept as they are. The cheatcodes' per-opcode work
// runs in the chain's OpHook and GasHook (Attach), not in an OnOpcode,
// which would force go-ethereum's slow interpreter loop.
func (c *Cheats) Hooks(inner *tracing.Hooks) *tracing.Hooks {
	c.hooked = true
	h := &tracing.Hooks{}
	if inner != nil {
		*h = *inner
	}
	enter, exit := h.OnEnter, h.OnExit
	h.OnEnter = func(depth int, typ byte, from, to common.Address, input []byte, gas uint64, value *big.Int) {
		c.onEnter(depth, typ, from, to)
		if enter != nil {
			enter(depth, typ, from, to, input, gas, value)
		}
	}
	h.OnExit = func(depth int, output []byte, gasUsed uint64, err error, reverted bool) {
		c.onExit(depth, output, reverted)
		if exit != nil {
			exit(depth, output, gasUsed, err, reverted)
		}
	}
	return h
}

// Then returns the cheatcodes' per-opcode hook and the flag saying it has
// anything to do, for a tracer to run after its own step (trace.Tracer.
// StepThen) on a chain the cheatcodes are attached to, instead of the
// wrapper Attach puts around an OpHook set before.
func (c *Cheats) Then() (vm.OpHook, *bool) { return c.beforeOp, &c.armed }

// opHook returns the chain's per-opcode hook: inner (the tracer's Step,
// or nil), then the cheatcodes' bookkeeping.
func (c *Cheats) opHook(inner vm.OpHook) vm.OpHook {
	if inner == nil {
		return c.beforeOp
	}
	return func(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
		inner(pc, op, scope, depth)
		if c.armed {
			c.beforeOp(pc, op, scope, depth)
		}
	}
}

var _ chain.Stateful = (*Cheats)(nil)

// Idle reports that no prank, expectation, interposition or recording is
// armed: nothing the cheatcodes hold changes a call that does not call
// them (chain.Stateful).
func (c *Cheats) Idle() bool {
	return !c.armed && c.pranked == nil && c.expected == nil && !c.recording && len(c.inter) == 0 && len(c.creates) == 0
}

// Pure reports that the call is an assertion, which returns or reverts
// by its arguments alone, or vm.load, whose read the chain notes
// (chain.Stateful).
func (c *Cheats) Pure(input []byte) bool {
	if len(input) < 4 {
		return false
	}
	ch, ok := cheatTable[[4]byte(input[:4])]
	return ok && ch.pure
}

// Reset forgets armed pranks and expectations, redirected calls and
// recorded accesses, and the unsupported-cheatcode error: a runner calls it
// when it resets the chain to a snapshot. Labels stay.
func (c *Cheats) Reset() {
	c.pranked, c.expected, c.inter, c.creates = nil, nil, c.inter[:0], c.creates[:0]
	c.recording, c.reads, c.writes = false, nil, nil
	c.armed = false
	c.failed = nil
}

// IsRejection reports whether revert data is a false vm.assume's: the
// input is rejected, which is no failure.
func IsRejection(ret []byte) bool { return string(ret) == string(AssumeMagic) }
