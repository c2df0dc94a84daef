package chain

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/triedb"
	"github.com/holiman/uint256"
)

// Config sets up a Chain. The zero value is usable.
type Config struct {
	GasLimit uint64 // per transaction; default DefaultGasLimit
	Senders  int    // number of funded sender accounts; default 3
	// TxTimeout is a wall-clock guard per transaction: none by default on
	// a local chain, where the gas limit bounds every transaction's work
	// the same on a quiet and on a loaded machine (a wall clock there
	// decided results by the machine's load); 10s on a fork, whose state
	// reads wait on an RPC endpoint, which gas does not bound. A chain
	// that only may fork (Forks set) gets it when a set-up selects a
	// fork, not before: a set-up's billion-gas loop on a local chain must
	// not end by the clock on a loaded machine.
	TxTimeout  time.Duration
	StartTime  uint64 // block timestamp of the deployment block
	StartBlock uint64
	// EVMVersion is solc's name of the EVM version the project targets
	// ("paris", "cancun", ...); the chain follows its rules. Empty means
	// the newest.
	EVMVersion string
	// BlockGasLimit is the block context's gas limit (the GASLIMIT
	// opcode); default DefaultBlockGasLimit.
	BlockGasLimit uint64
	// CodeSizeLimit, when set, is the most bytes of runtime code a
	// deployment may leave (a project's code_size_limit); 0 deploys code
	// of any size, past EIP-170's 24,576 bytes too.
	CodeSizeLimit uint64
	// Fork, when set, starts the chain from a live chain's state at a
	// block (fork.go).
	Fork *Fork
	// Forks opens the forks a Foundry set-up selects (forkswitch.go);
	// nil: a set-up cannot fork.
	Forks Forker
}

// DefaultBlockGasLimit is the block gas limit unless configured.
const DefaultBlockGasLimit = 30_000_000

// ErrCodeSizeLimit is a deployment whose runtime code exceeds the
// project's code_size_limit.
var ErrCodeSizeLimit = errors.New("deployed code exceeds the project's code_size_limit")

// DefaultSenders is the number of funded sender accounts unless
// configured.
const DefaultSenders = 3

// DefaultGasLimit is the per-transaction gas limit: enough for any real
// transaction, small enough that an infinite loop ends quickly.
const DefaultGasLimit = 12_000_000

// Well-known accounts. The deployer deploys every contract; senders are the
// accounts the fuzzer sends transactions from.
var (
	Deployer = common.HexToAddress("0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001")
	coinbase = common.HexToAddress("0xc0ffee0000000000000000000000000000000000")
)

// SenderAddress returns the i-th sender account.
func SenderAddress(i int) common.Address {
	return common.BigToAddress(big.NewInt(int64(0x10000 * (i + 1))))
}

// InitialBalance is what every sender and the deployer start with.
var InitialBalance = new(uint256.Int).Mul(uint256.NewInt(1_000_000), uint256.NewInt(1e18))

// ErrTxTimeout is returned for a transaction cancelled by the wall-clock
// guard.
var ErrTxTimeout = errors.New("transaction exceeded its wall-clock limit")

// A Chain is an in-memory EVM with its state.
type Chain struct {
	cfg         Config
	evm         *vm.EVM
	state       *state.StateDB
	rules       params.Rules
	precompiles []common.Address
	senders     []common.Address
	// extra is the precompile set with installed Go contracts (nil when
	// none): a renewed EVM gets it again.
	extra vm.PrecompiledContracts

	// Block is the block environment of the next transaction.
	Block Block

	guard *time.Timer

	// borrowed is the snapshot whose working state c.state is, reset by
	// reverting to journal revision rev (reset.go); nil when the chain
	// owns c.state. ran says a transaction ran on it since the reset.
	borrowed *snapState
	rev      int
	ran      bool
	// view is c.state as the EVM sees it (view.go).
	view view
	// stored is the state ResetWithStorage keeps (stored.go).
	stored stored
	// fresh counts the accounts created since the state was committed
	// (commit.go); commitErr stops commits after a failed one.
	fresh     int
	committed bool
	commitErr error
	// memo is the probes run on the current state's content before the
	// writes acc notes, nil when unknown; ownMemo holds them for a state
	// no snapshot has, spareMemo is what rebase refills (probememo.go).
	// epoch counts changes to what every state's probes see
	// (precompiles, forks); extraCalled says a probe called an installed
	// precompile; stateful are the installed ones that say when a probe
	// may be remembered.
	memo               *probeMemo
	ownMemo, spareMemo probeMemo
	acc                accesses
	stateful           []Stateful
	// hook is the per-opcode hook, probeOp a probe's (SetProbeHook; nil:
	// hook); innerHook is the one a probe runs under probeHook, which
	// notes what reads the block.
	hook, probeOp, innerHook vm.OpHook
	probeHookFn              vm.OpHook
	epoch                    uint64
	extraCalled              bool
}

// Block is the part of the block context that transactions observe and the
// fuzzer varies.
type Block struct {
	Number, Time uint64
}

// New creates a chain with funded accounts. hooks may be nil (no tracing,
// the fast interpreter loop).
func New(cfg Config, hooks *tracing.Hooks) (*Chain, error) {
	forkConfig(&cfg)
	if cfg.GasLimit == 0 {
		cfg.GasLimit = DefaultGasLimit
	}
	if cfg.Senders == 0 {
		cfg.Senders = DefaultSenders
	}
	if cfg.TxTimeout == 0 && cfg.Fork != nil {
		cfg.TxTimeout = ForkTxTimeout
	}
	if cfg.StartTime == 0 {
		cfg.StartTime = 1_700_000_000
	}
	if cfg.StartBlock == 0 {
		cfg.StartBlock = 1
	}
	if cfg.BlockGasLimit == 0 {
		cfg.BlockGasLimit = DefaultBlockGasLimit
	}
	cc, merged, err := chainConfig(cfg.EVMVersion)
	if err != nil {
		return nil, err
	}
	c := &Chain{cfg: cfg, Block: Block{Number: cfg.StartBlock, Time: cfg.StartTime}}
	bctx := vm.BlockContext{
		CanTransfer: func(db vm.StateDB, a common.Address, v *uint256.Int) bool { return db.GetBalance(a).Cmp(v) >= 0 },
		Transfer: func(db vm.StateDB, from, to common.Address, v *uint256.Int, _ *params.Rules) {
			db.SubBalance(from, v, tracing.BalanceChangeTransfer)
			db.AddBalance(to, v, tracing.BalanceChangeTransfer)
		},
		GetHash:     func(n uint64) common.Hash { return common.BigToHash(new(big.Int).SetUint64(n * BlockHashFactor)) },
		Coinbase:    coinbase,
		GasLimit:    cfg.BlockGasLimit,
		BlockNumber: new(big.Int).SetUint64(c.Block.Number),
		Time:        c.Block.Time,
		Difficulty:  big.NewInt(0),
		BaseFee:     big.NewInt(0),
		BlobBaseFee: big.NewInt(0),
		Random:      &common.Hash{}, // post-merge rules
	}
	if !merged {
		bctx.Random = nil
	}
	db := rawdb.NewMemoryDatabase()
	sdb := c.fork(state.NewDatabase(triedb.NewDatabase(db, nil), state.NewCodeDB(db)), cc, &bctx)
	st, err := state.New(types.EmptyRootHash, sdb)
	if err != nil {
		return nil, fmt.Errorf("new state: %w", err)
	}
	c.state = st
	st.SetBalance(Deployer, InitialBalance, tracing.BalanceChangeUnspecified)
	for i := 0; i < cfg.Senders; i++ {
		a := SenderAddress(i)
		c.senders = append(c.senders, a)
		st.SetBalance(a, InitialBalance, tracing.BalanceChangeUnspecified)
	}
	st.Finalise(params.Rules{})
	c.fresh = 1 + cfg.Senders
	c.view = view{StateDB: st, acc: &c.acc}
	c.evm = vm.NewEVM(bctx, &c.view, cc, vm.Config{Tracer: hooks, NoBaseFee: true, MaxCodeSize: maxCodeSize(cfg.CodeSizeLimit)})
	c.rules = c.evm.GetRules()
	// A copy: InstallPrecompile appends, and go-ethereum shares this slice.
	c.precompiles = slices.Clone(vm.ActivePrecompiles(c.rules))
	c.probeHookFn = c.probeHook
	return c, nil
}

// SetOpHook installs the per-opcode hook (trace.Tracer.Step): go-ethereum
// calls it before every opcode and, unlike a tracer's OnOpcode, keeps its
// fast interpreter loop (third_party/go-ethereum/FORESIGHT.md).
// Probes run under it too, until SetProbeHook says otherwise.
func (c *Chain) SetOpHook(h vm.OpHook) { c.hook, c.probeOp, c.evm.Config.OpHook = h, nil, h }

// OpHook returns the per-opcode hook installed (nil for none).
func (c *Chain) OpHook() vm.OpHook { return c.hook }

// SetGasHook installs the hook go-ethereum calls after an opcode's gas is
// charged, where a tracer's OnOpcode runs (at least for calls and
// creations), also keeping the fast interpreter loop: the cheatcodes
// redirect calls there, after the gas of the original call is settled.
func (c *Chain) SetGasHook(h vm.OpHook) { c.evm.Config.GasHook = h }

// The test chain's block data are fixed functions of the block number:
// the hash of block n is n*BlockHashFactor, its PREVRANDAO
// n*PrevRandaoFactor+1 (both mod 2^64); an exported Foundry test sets
// the same (engine/foundry, effectblock.go).
const (
	BlockHashFactor  = 0x9e3779b97f4a7c15
	PrevRandaoFactor = 0xc2b2ae3d27d4eb4f
)

// prevrandao is the PREVRANDAO of block n, like GetHash a fixed function
// of the number.
func prevrandao(n uint64) (h common.Hash) {
	binary.BigEndian.PutUint64(h[24:], n*PrevRandaoFactor+1)
	return h
}

// Senders returns the sender accounts.
func (c *Chain) Senders() []common.Address { return c.senders }

// AddSender makes a funded account, such as the deployer, one of the
// senders (last).
func (c *Chain) AddSender(a common.Address) {
	for _, s := range c.senders {
		if s == a {
			return
		}
	}
	c.senders = append(c.senders, a)
}

// SetSenders replaces the sender accounts (a Foundry set-up's
// targetSender choices); their balances are left as they are.
func (c *Chain) SetSenders(a []common.Address) {
	c.senders = append([]common.Address(nil), a...)
}

// Rules returns the rules of the EVM version the chain follows.
func (c *Chain) Rules() params.Rules { return c.rules }

// State returns the current state. Changes made through it outside a
// transaction (set-up code) must come before the next Snapshot; a Reset
// discards them.
func (c *Chain) State() *state.StateDB {
	c.ran = c.ran || c.borrowed != nil
	c.acc.all = true // the caller may write
	c.acc.handed++
	return c.state
}

// Reader is the read side of a state.
type Reader interface {
	GetBalance(common.Address) *uint256.Int
	GetNonce(common.Address) uint64
	GetState(common.Address, common.Hash) common.Hash
	GetCode(common.Address) []byte
	GetLogs(hash common.Hash, block uint64, blockHash common.Hash, blockTime uint64) []*types.Log
}

// Reader returns the current state for reading. Unlike State, it leaves
// the probes remembered for the state (probememo.go) standing, and the
// state it reads may be a snapshot's, borrowed, and stays so.
func (c *Chain) Reader() Reader { return c.state }

// CodeSize returns the size of the code at addr in the current state.
// Unlike State, it is a read only: the state it reads may be a
// snapshot's, borrowed, and stays so.
func (c *Chain) CodeSize(addr common.Address) int { return c.state.GetCodeSize(addr) }

// Tx is one transaction.
type Tx struct {
	From  common.Address
	To    common.Address // zero for a contract creation
	Input []byte
	Value *uint256.Int // nil means zero
	Gas   uint64       // 0 means the chain's GasLimit
}

// Result is what a transaction did.
type Result struct {
	Ret      []byte // return or revert data, read only; a probe's may be the chain's, valid until its next call
	GasUsed  uint64
	Err      error // nil, vm.ErrExecutionReverted, *vm.ErrInvalidOpCode, ErrTxTimeout, ...
	Created  common.Address
	TimedOut bool
	Failed   bool // ProbeFailed: failed() returned true after the call
}

var zero = new(uint256.Int)

// Call runs a transaction with the chain's current block environment, then
// finalises the state as the end of a transaction does (EIP-2200 original
// values, EIP-6780 self-destructs, transient storage).
func (c *Chain) Call(tx Tx) Result {
	v := tx.Value
	if v == nil {
		v = zero
	}
	c.evm.Context.BlockNumber.SetUint64(c.Block.Number)
	c.evm.Context.Time = c.Block.Time
	if r := c.evm.Context.Random; r != nil {
		*r = prevrandao(c.Block.Number) // varies by block, as on a real chain
	}
	c.evm.SetTxContext(vm.TxContext{Origin: tx.From, GasPrice: zero})
	var dst *common.Address
	if tx.To != (common.Address{}) {
		dst = &tx.To
	}
	if c.borrowed != nil && c.ran {
		c.own() // a second transaction since the reset
	}
	nw, all, handed := c.acc.nw, c.acc.all, c.acc.handed
	onBorrowed := c.borrowed != nil
	if onBorrowed {
		c.ran = true
		c.warm(tx.From, dst)
	} else {
		c.state.Prepare(c.rules, tx.From, c.evm.Context.Coinbase, dst, c.precompiles, nil)
	}
	c.startGuard()
	gas := c.cfg.GasLimit
	if tx.Gas != 0 {
		gas = tx.Gas
	}
	budget := vm.NewGasBudget(gas, 0)
	var r Result
	var left vm.GasBudget
	if dst == nil {
		r, left = c.create(tx, budget, v)
	} else {
		r.Ret, left, r.Err = c.evm.Call(tx.From, tx.To, tx.Input, budget, v)
	}
	if c.stopGuard() {
		r.TimedOut = true
		r.Err = ErrTxTimeout
	}
	switch {
	case r.TimedOut:
		// A cancelled EVM stops as at a STOP: what ran stays written.
		c.acc.all = true
	case r.Err != nil && c.acc.handed == handed:
		// A failed transaction is reverted whole (State() handed out
		// during it may have written after the revert, in a hook), but
		// for a creation's nonce, raised before its revision.
		c.acc.nw, c.acc.all = nw, all
		if dst == nil {
			c.acc.write(tx.From, noSlot, kNonce)
		}
	}
	if dst == nil && r.Err == nil {
		c.created()
	}
	r.GasUsed = left.Used(budget)
	if !onBorrowed {
		// On a borrowed state the next Reset reverts the transaction, or
		// own finalises it before anything else runs.
		c.state.Finalise(c.rules)
	}
	return r
}

// create runs a creation transaction under the project's code-size limit
// (none unless configured).
func (c *Chain) create(tx Tx, budget vm.GasBudget, v *uint256.Int) (Result, vm.GasBudget) {
	var r Result
	var left vm.GasBudget
	snap := c.state.Snapshot()
	r.Ret, r.Created, left, r.Err = c.evm.Create(tx.From, tx.Input, budget, v)
	if limit := c.cfg.CodeSizeLimit; limit > 0 && errors.Is(r.Err, vm.ErrMaxCodeSizeExceeded) {
		// Nothing of a refused deployment stays, its nonce included.
		c.state.RevertToSnapshot(snap)
		return Result{Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrCodeSizeLimit, len(r.Ret), limit)}, vm.NewGasBudget(0, 0)
	}
	return r, left
}

// maxCodeSize is the EVM's limit on the code a creation leaves, at every
// depth: the project's code_size_limit, else none. forge's tests deploy
// code of any size unless the project sets one (Foundry's code_size_limit
// defaults to unset), and projects compiled without the optimizer often
// exceed EIP-170's 24,576 bytes; the fuzzer must still run them.
func maxCodeSize(limit uint64) uint64 {
	if limit == 0 {
		return math.MaxUint64
	}
	return limit
}

// ForkTxTimeout is a forked chain's default wall-clock guard per
// transaction.
const ForkTxTimeout = 10 * time.Second

// startGuard arms the wall-clock guard, when the chain has one: a
// transaction that runs longer than TxTimeout is cancelled instead of
// hanging the worker. The timer is reused.
func (c *Chain) startGuard() {
	if c.cfg.TxTimeout <= 0 {
		return
	}
	if c.guard == nil {
		evm := c.evm
		c.guard = time.AfterFunc(c.cfg.TxTimeout, evm.Cancel)
		return
	}
	c.guard.Reset(c.cfg.TxTimeout)
}

// stopGuard disarms the guard and reports whether it fired.
func (c *Chain) stopGuard() bool {
	if c.guard == nil {
		return false
	}
	c.guard.Stop()
	if c.evm.Cancelled() {
		// The EVM stays cancelled until reset; a fresh abort flag needs a
		// new EVM with the same configuration.
		c.renewEVM()
		return true
	}
	return false
}

func (c *Chain) renewEVM() {
	old := c.evm
	c.evm = vm.NewEVM(old.Context, &c.view, old.ChainConfig(), old.Config)
	if c.extra != nil {
		c.evm.SetPrecompiles(c.extra)
	}
	c.guard = nil
}

// SetStorage overwrites a storage slot directly (HARVEY's aggressive
// mode fuzzes persistent state this way; the result is never a finding).
// The write is finalised as if an earlier transaction made it, so gas
// refunds (EIP-2200 original values) stay consistent.
func (c *Chain) SetStorage(addr common.Address, slot, value common.Hash) {
	c.own()
	c.state.SetState(addr, slot, value)
	c.state.Finalise(c.rules)
	c.forget()
}

// SetTxTimeout changes the wall-clock guard of later transactions.
func (c *Chain) SetTxTimeout(d time.Duration) { c.cfg.TxTimeout = d }

// Advance moves the block environment forward.
func (c *Chain) Advance(blocks, seconds uint64) {
	c.Block.Number += blocks
	c.Block.Time += seconds
}

// Install puts code and a balance at addr directly, as genesis
// allocations do: the fuzzer's attacker contracts live at fixed addresses
// and need no constructor.
func (c *Chain) Install(addr common.Address, code []byte, balance *uint256.Int) {
	c.own()
	c.created()
	defer c.forget()
	if code != nil {
		c.state.SetCode(addr, code, tracing.CodeChangeUnspecified)
	}
	if balance != nil {
		c.state.SetBalance(addr, balance, tracing.BalanceChangeUnspecified)
	}
	c.state.Finalise(c.rules)
}
