package cheatcode

import (
	"errors"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// project copies testdata/project and the forge-std stand-in into a
// scratch Foundry project, compiles the named test files and returns the
// program.
func project(t *testing.T, files ...string) *program.Program {
	t.Helper()
	_, bs := testbuild.FoundryProject(t, filepath.Join("testdata", "project"), files...)
	p, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// getter reads an address-returning getter of the test contract.
func getter(t *testing.T, s *Setup, name string) common.Address {
	t.Helper()
	r := s.Chain.Probe(DefaultSender, s.Test.Address, selectorOf(name+"()"))
	if r.Err != nil || len(r.Ret) != 32 {
		t.Fatalf("%s(): %v %x", name, r.Err, r.Ret)
	}
	return common.BytesToAddress(r.Ret)
}

func TestSetUpDeploysTheProject(t *testing.T) {
	p := project(t, "test/Vault.t.sol")
	s, err := RunSetUp(p, "VaultTest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := common.HexToAddress("0x7FA9385bE102ac3EAc297483Dd6233D62b3e1496"); s.Test.Address != want || s.Test.Name != "VaultTest" {
		t.Errorf("test contract %s at %s, want VaultTest at forge's %s", s.Test.Name, s.Test.Address, want)
	}
	token, vault, handler := getter(t, s, "token"), getter(t, s, "vault"), getter(t, s, "handler")
	alice := getter(t, s, "alice")
	key, _ := crypto.ToECDSA(common.LeftPadBytes([]byte{0x0a, 0x11, 0xce}, 32))
	if want := crypto.PubkeyToAddress(key.PublicKey); alice != want {
		t.Errorf("vm.addr(0xA11CE) = %s, want %s", alice, want)
	}
	// The first contract the test creates is at forge's address too.
	if want := crypto.CreateAddress(s.Test.Address, 1); token != want {
		t.Errorf("token at %s, want %s", token, want)
	}
	var got []string
	for _, d := range s.Deployed {
		got = append(got, d.Name+"@"+d.Address.Hex())
		if d.CodeHash != s.Chain.State().GetCodeHash(d.Address) {
			t.Errorf("%s: code hash %s, state has %s", d.Name, d.CodeHash, s.Chain.State().GetCodeHash(d.Address))
		}
	}
	want := []string{"Token@" + token.Hex(), "Vault@" + vault.Hex(), "Handler@" + handler.Hex(), "Token@" + getter(t, s, "COPY").Hex()}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("deployed:\n got %v\nwant %v", got, want)
	}
	if len(s.TargetContracts) != 1 || s.TargetContracts[0] != handler {
		t.Errorf("targetContracts = %v, want [%s]", s.TargetContracts, handler)
	}
	if len(s.ExcludeContracts) != 1 || s.ExcludeContracts[0] != token {
		t.Errorf("excludeContracts = %v, want [%s]", s.ExcludeContracts, token)
	}
	if len(s.TargetSenders) != 1 || s.TargetSenders[0] != alice {
		t.Errorf("targetSenders = %v, want [%s]", s.TargetSenders, alice)
	}
	deposit := selector("deposit(uint256)")
	if len(s.TargetSelectors) != 1 || s.TargetSelectors[0].Addr != handler ||
		len(s.TargetSelectors[0].Selectors) != 1 || s.TargetSelectors[0].Selectors[0] != deposit {
		t.Errorf("targetSelectors = %+v, want handler's deposit %x", s.TargetSelectors, deposit)
	}
	var invs []string
	for _, m := range s.Invariants {
		invs = append(invs, m.Sig)
	}
	if strings.Join(invs, " ") != "invariant_sharesBounded() invariant_solvent()" {
		t.Errorf("invariants = %v", invs)
	}
	if ts := s.Targets(); len(ts) != 1 || ts[0].Address != handler || ts[0].Name != "Handler" ||
		len(ts[0].Selectors) != 1 || ts[0].Selectors[0] != deposit {
		t.Errorf("targets = %+v, want Handler's deposit", ts)
	}
	if s.Labels[vault] != "vault" {
		t.Errorf("labels = %v", s.Labels)
	}
	// The block set by warp and roll persists.
	if s.Chain.Block.Time != 1_800_000_000+86_400 || s.Chain.Block.Number != 12_345 {
		t.Errorf("block after setUp = %+v", s.Chain.Block)
	}
	// The project is pinned to paris, and so is the chain: PUSH0 is invalid.
	push0 := common.HexToAddress("0x5f")
	s.Chain.Install(push0, []byte{byte(vm.PUSH0)}, nil)
	var invalid *vm.ErrInvalidOpCode
	if r := s.Chain.Call(chain.Tx{From: DefaultSender, To: push0}); !errors.As(r.Err, &invalid) {
		t.Errorf("PUSH0 on the chain of a paris project: %v, want an invalid opcode", r.Err)
	}
	// The snapshot holds setUp's state: the invariants hold on it.
	s.Chain.Reset(s.Snapshot)
	for _, m := range s.Invariants {
		if r := s.Chain.Probe(DefaultSender, s.Test.Address, m.ID); r.Err != nil {
			t.Errorf("%s fails after setUp: %s", m.Sig, describeRevert(nil, r.Ret, r.Err))
		}
	}
}

func TestSetUpErrors(t *testing.T) {
	p := project(t, "test/Unsupported.t.sol")
	for _, tt := range []struct {
		test, want string
		is         error
	}{
		{"UnsupportedTest", "setUp() uses unsupported cheatcode vm.ffi(string[])", ErrUnsupported},
		{"UnknownTest", "setUp() uses unsupported cheatcode vm.0x", ErrUnsupported},
		{"FailingTest", `setUp() reverted: "wrong block"`, ErrSetUp},
		{"NoSuchTest", `no compiled contract "NoSuchTest"`, ErrSetUp},
	} {
		t.Run(tt.test, func(t *testing.T) {
			_, err := RunSetUp(p, tt.test, Options{})
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, tt.is) {
				t.Errorf("err = %v, want one containing %q and wrapping %v", err, tt.want, tt.is)
			}
		})
	}
}

// TestSetUpRevertsDecoded: a setUp() that reverts is reported as forge
// reports it: a custom error by name with its arguments (declared by the
// test contract or by a contract it called), a panic code in words, an
// Error(string) message; data no ABI names stays hex.
func TestSetUpRevertsDecoded(t *testing.T) {
	p := project(t, "test/Reverts.t.sol")
	for _, tt := range []struct{ test, want string }{
		{"CustomErrorTest", "setUp() reverted: Unauthorized(caller: 0x000000000000000000000000000000000000bEEF, need: 7)"},
		{"OwnErrorTest", `setUp() reverted: NotReady(why: "no oracle")`},
		{"PanicTest", "setUp() reverted: Panic(0x11): arithmetic overflow or underflow"},
		{"RawRevertTest", "setUp() reverted: 0xdeadbeef"},
	} {
		t.Run(tt.test, func(t *testing.T) {
			_, err := RunSetUp(p, tt.test, Options{})
			if err == nil || !strings.HasSuffix(err.Error(), tt.want) || !errors.Is(err, ErrSetUp) {
				t.Errorf("err = %v, want one ending in %q", err, tt.want)
			}
		})
	}
}

func TestTargetsByDefault(t *testing.T) {
	// As a fuzzing worker would: its own chain, its tracer behind the
	// cheatcodes' hooks.
	p := project(t, "test/Vault.t.sol")
	var entered int
	c := New()
	ch, err := chain.New(chain.Config{EVMVersion: "paris"}, c.Hooks(&tracing.Hooks{
		OnEnter: func(int, byte, common.Address, common.Address, []byte, uint64, *big.Int) { entered++ },
	}))
	if err != nil {
		t.Fatal(err)
	}
	c.Attach(ch)
	s, err := SetUp(ch, c, p, "VaultDefaultsTest")
	if err != nil {
		t.Fatal(err)
	}
	if entered == 0 || s.Chain != ch {
		t.Errorf("the worker's tracer saw %d frames; setup on chain %p, want %p", entered, s.Chain, ch)
	}
	ts := s.Targets()
	if len(ts) != 1 || ts[0].Name != "Vault" || ts[0].Address != getter(t, s, "vault") {
		t.Fatalf("targets = %+v, want the vault alone", ts)
	}
	var sigs []string
	for _, sel := range ts[0].Selectors {
		m, err := ts[0].Contract.ABI.MethodById(sel[:])
		if err != nil {
			t.Fatal(err)
		}
		sigs = append(sigs, m.Sig)
	}
	if got := strings.Join(sigs, " "); got != "deposit(uint256) donate() setFee(uint256) touchOrigin() withdraw(uint256)" {
		t.Errorf("vault functions = %s, want the non-view ones", got)
	}
	a, bob := common.HexToAddress("0xa"), common.HexToAddress("0xB0B")
	if got := s.Senders([]common.Address{a, bob}); len(got) != 1 || got[0] != a {
		t.Errorf("senders = %v, want [%s]", got, a)
	}
}

func TestSetUpLinksLibraries(t *testing.T) {
	p := project(t, "test/Linked.t.sol")
	s, err := RunSetUp(p, "LinkedTest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Test.Name != "LinkedTest" {
		t.Errorf("test contract named %q: its linked code must match the artifact", s.Test.Name)
	}
	if len(s.Deployed) != 1 || s.Deployed[0].Name != "Twice" {
		t.Errorf("deployed = %+v, want the library", s.Deployed)
	}
}

// TestSetUpDeploysOversized: a via-IR project's setUp() that news
// contracts over 24 KiB, needing more gas than a fuzzing transaction has,
// runs as under forge test.
func TestSetUpDeploysOversized(t *testing.T) {
	_, bs := testbuild.FoundryProject(t, filepath.Join("testdata", "bigsetup"), "test/BigSetUp.t.sol")
	if s := bs[0].Project.Settings; !s.ViaIR {
		t.Fatalf("settings %+v: want via_ir from foundry.toml", s)
	}
	p, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	s, err := RunSetUp(p, "BigSetUpTest", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Deployed) != 3 {
		t.Fatalf("deployed %d contracts, want 3", len(s.Deployed))
	}
	for _, d := range s.Deployed {
		if n := len(s.Chain.State().GetCode(d.Address)); n != 30_000 {
			t.Errorf("%s: %d bytes of code, want 30000", d.Address, n)
		}
	}
}
