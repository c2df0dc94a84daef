package cheatcode

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// Forge's defaults, so that setUp() deploys at the addresses forge would:
// the test contract is created by DefaultSender at nonce 1.
var (
	DefaultSender = common.HexToAddress("0x1804c8AB1F12E6bbf3894d4083f33e07309d1f38")
	// TestBalance is what forge gives the test contract (2^96 - 1).
	TestBalance = new(uint256.Int).SubUint64(new(uint256.Int).Lsh(uint256.NewInt(1), 96), 1)
)

// SetUpGas is the gas the test contract's deployment and setUp() run with:
// Foundry's default gas_limit (2^30, `forge config`), far past a fuzzing
// transaction's. A set-up that news a few contracts over 24 KiB spends
// more than 12M gas on code deposit alone; forge runs it.
const SetUpGas = 1 << 30

// ErrSetUp is wrapped by every failure of a test contract's deployment or
// setUp().
var ErrSetUp = errors.New("setUp failed")

// A Setup is what a test contract's setUp() built.
type Setup struct {
	Test     Deployed   // the test contract
	Deployed []Deployed // contracts created (or etched) while deploying and in setUp(), in order
	// The test contract's StdInvariant choices (empty when it has none).
	TargetContracts, ExcludeContracts []common.Address
	TargetSenders, ExcludeSenders     []common.Address
	TargetSelectors, ExcludeSelectors []FuzzSelector
	TargetArtifacts, ExcludeArtifacts []string
	TargetArtifactSelectors           []FuzzArtifactSelector
	// Invariants are the test contract's invariant functions.
	Invariants []program.Method
	Labels     map[common.Address]string
	// Chain is the chain setUp() ran on, with the cheatcodes installed;
	// Snapshot is its state right after setUp().
	Chain    *chain.Chain
	Cheats   *Cheats
	Snapshot chain.Snapshot
}

// A Deployed is a contract on the chain, named by the compiled contract
// whose runtime code it has ("" when none matches).
type Deployed struct {
	Address  common.Address
	Name     string
	CodeHash common.Hash
	Contract *program.Contract // nil when Name is ""
}

// FuzzSelector is forge-std's StdInvariant.FuzzSelector.
type FuzzSelector struct {
	Addr      common.Address
	Selectors [][4]byte
}

// FuzzArtifactSelector is forge-std's StdInvariant.FuzzArtifactSelector:
// an artifact ("Name" or "path:Name") and functions of its instances.
type FuzzArtifactSelector struct {
	Artifact  string
	Selectors [][4]byte
}

// Options configure RunSetUp.
type Options struct {
	Chain chain.Config
	// Hooks are the caller's own tracing hooks (may be nil); the
	// cheatcodes' hooks run first.
	Hooks *tracing.Hooks
}

// RunSetUp deploys the test contract named test (a contract of p) as forge
// does, calls its setUp() with the cheatcodes live, and reports what it
// built, on a chain of its own. A contract without setUp() is only
// deployed. The chain follows the project's EVM version unless opts.Chain
// names one.
func RunSetUp(p *program.Program, test string, opts Options) (*Setup, error) {
	tc, ok := p.Lookup(test)
	if !ok {
		return nil, fmt.Errorf("%w: no compiled contract %q", ErrSetUp, test)
	}
	if opts.Chain.EVMVersion == "" && tc.Build != nil && tc.Build.Project != nil {
		// The chain follows the EVM version the project compiles for.
		opts.Chain.EVMVersion = tc.Build.Project.Settings.EVMVersion
	}
	cheats := New()
	ch, err := chain.New(opts.Chain, cheats.Hooks(opts.Hooks))
	if err != nil {
		return nil, err
	}
	cheats.Attach(ch)
	return SetUp(ch, cheats, p, test)
}

// SetUp is RunSetUp on a given chain, whose EVM runs cheats' hooks and
// which cheats is attached to: a fuzzing worker sets up its own chain, with
// its own tracer behind the cheatcodes' hooks.
func SetUp(ch *chain.Chain, cheats *Cheats, p *program.Program, test string) (*Setup, error) {
	tc, ok := p.Lookup(test)
	if !ok {
		return nil, fmt.Errorf("%w: no compiled contract %q", ErrSetUp, test)
	}
	if cheats.Code == nil {
		cheats.Code = artifactCode(p)
	}
	if cheats.Files == nil {
		cheats.Files = filesOf(tc)
	}
	cheats.track = true
	defer func() { cheats.track, cheats.frames, cheats.created = false, nil, nil }()
	st := ch.State()
	st.SetBalance(DefaultSender, chain.InitialBalance, tracing.BalanceChangeUnspecified)
	if st.GetNonce(DefaultSender) == 0 {
		st.SetNonce(DefaultSender, 1, tracing.NonceChangeUnspecified)
	}
	addr, err := deployLinked(ch, p, tc, map[string]common.Address{})
	if err != nil {
		return nil, err
	}
	ch.Install(addr, nil, TestBalance)
	cheats.test = addr
	if err := callSetUp(ch, cheats, p, tc, addr); err != nil {
		return nil, err
	}
	st = ch.State() // a new one if setUp() forked
	s := &Setup{Chain: ch, Cheats: cheats, Labels: cheats.Labels()}
	s.Test = identify(ch, p, addr)
	seen := map[common.Address]bool{addr: true}
	for _, a := range append(cheats.created, cheats.etched...) {
		if seen[a] || len(st.GetCode(a)) == 0 {
			continue
		}
		seen[a] = true
		s.Deployed = append(s.Deployed, identify(ch, p, a))
	}
	if err := s.readChoices(ch, tc, addr); err != nil {
		return nil, err
	}
	s.Invariants = invariantsOf(tc)
	s.Snapshot = ch.Snapshot()
	return s, nil
}

// invariantsOf returns the test contract's invariant functions, sorted.
func invariantsOf(tc *program.Contract) []program.Method {
	var out []program.Method
	for _, m := range tc.ABI.Methods {
		if len(m.Inputs) == 0 && strings.HasPrefix(m.RawName, "invariant") {
			md := program.Method{Method: m, Kind: program.Invariant}
			copy(md.Selector[:], m.ID)
			out = append(out, md)
		}
	}
	sortMethods(out)
	return out
}

// callSetUp calls setUp(), if the contract has one.
func callSetUp(ch *chain.Chain, cheats *Cheats, p *program.Program, tc *program.Contract, addr common.Address) error {
	if _, ok := tc.ABI.Methods["setUp"]; !ok {
		return nil
	}
	r := ch.Call(chain.Tx{From: DefaultSender, To: addr, Input: selectorOf("setUp()"), Gas: SetUpGas})
	if err := cheats.Err(); errors.Is(err, ErrFork) {
		return fmt.Errorf("%w: setUp() %w", ErrSetUp, err)
	} else if err != nil {
		return fmt.Errorf("%w: setUp() uses %w", ErrSetUp, err)
	}
	if r.Err != nil {
		return fmt.Errorf("%w: setUp() reverted: %s", ErrSetUp, describeRevert(p, r.Ret, r.Err))
	}
	if cheats.expected != nil {
		return fmt.Errorf("%w: setUp() ends with a vm.expectRevert no call consumed", ErrSetUp)
	}
	return nil
}

func selectorOf(sig string) []byte {
	s := selector(sig)
	return s[:]
}

// readChoices calls forge-std StdInvariant's getters the test contract
// has, each on its own as forge does: one it lacks, or one that reverts
// (older harnesses require a non-empty list), chooses nothing.
func (s *Setup) readChoices(ch *chain.Chain, tc *program.Contract, addr common.Address) error {
	choices := []struct {
		name string
		dst  any
	}{
		{"targetContracts", &s.TargetContracts},
		{"excludeContracts", &s.ExcludeContracts},
		{"targetSenders", &s.TargetSenders},
		{"excludeSenders", &s.ExcludeSenders},
		{"targetSelectors", &s.TargetSelectors},
		{"excludeSelectors", &s.ExcludeSelectors},
		{"targetArtifacts", &s.TargetArtifacts},
		{"excludeArtifacts", &s.ExcludeArtifacts},
		{"targetArtifactSelectors", &s.TargetArtifactSelectors},
	}
	for _, c := range choices {
		v, err := callGetter(ch, tc, addr, c.name)
		if err != nil {
			return err
		}
		if v == nil {
			continue
		}
		if err := convertChoice(v, c.dst); err != nil {
			return fmt.Errorf("%w: %s() %w", ErrSetUp, c.name, err)
		}
	}
	return nil
}

// convertChoice stores a getter's decoded result in dst, a pointer to the
// choice's slice, or says what it returned instead.
func convertChoice(v any, dst any) (err error) {
	defer func() {
		// abi.ConvertType panics on a shape it cannot convert.
		if r := recover(); r != nil {
			err = fmt.Errorf("returns %T, not %T", v, dst)
		}
	}()
	abi.ConvertType(v, dst)
	return nil
}

// callGetter calls a no-argument getter of the test contract and returns
// its single result, or nil when the contract has no such function or it
// reverted.
func callGetter(ch *chain.Chain, tc *program.Contract, addr common.Address, name string) (any, error) {
	m, ok := tc.ABI.Methods[name]
	if !ok || len(m.Inputs) != 0 || len(m.Outputs) != 1 {
		return nil, nil
	}
	r := ch.Probe(DefaultSender, addr, m.ID)
	if r.Err != nil {
		return nil, nil
	}
	out, err := m.Outputs.Unpack(r.Ret)
	if err != nil {
		return nil, fmt.Errorf("%w: %s(): %w", ErrSetUp, name, err)
	}
	return out[0], nil
}

// identify names the contract at addr by its runtime code.
func identify(ch *chain.Chain, p *program.Program, addr common.Address) Deployed {
	code := ch.State().GetCode(addr)
	d := Deployed{Address: addr, CodeHash: crypto.Keccak256Hash(code)}
	for _, c := range p.Contracts {
		if sameRuntime(c, code) {
			d.Name, d.Contract = c.Name, c
			break
		}
	}
	return d
}
