package cheatcode

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/holiman/uint256"
)

// oracleCode returns slot 0 (PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0
// RETURN).
var oracleCode = common.FromHex("60005460005260206000f3")

var oracleAddr = common.HexToAddress("0xaa")

// blockReader is a fork's state at one block in the unit tests (engine/fork
// reads a node; cmd/foresight's anvil tests run that end to end): the
// oracle, whose price is the block number divided by 100, plus 41.
type blockReader struct{ block uint64 }

func (r blockReader) Account(a common.Address) (*types.StateAccount, error) {
	if a != oracleAddr {
		return nil, nil
	}
	return &types.StateAccount{Nonce: 1, Balance: new(uint256.Int), Root: types.EmptyRootHash, CodeHash: crypto.Keccak256(oracleCode)}, nil
}

func (r blockReader) Storage(a common.Address, k common.Hash) (common.Hash, error) {
	if a != oracleAddr || k != (common.Hash{}) {
		return common.Hash{}, nil
	}
	return common.BigToHash(new(big.Int).SetUint64(41 + r.block/100)), nil
}

func (r blockReader) Code(a common.Address, _ common.Hash) []byte {
	if a == oracleAddr {
		return oracleCode
	}
	return nil
}
func (r blockReader) Has(a common.Address, h common.Hash) bool     { return r.Code(a, h) != nil }
func (r blockReader) CodeSize(a common.Address, h common.Hash) int { return len(r.Code(a, h)) }

// forker serves the alias "mainnet" (chain 77, latest block 300) and logs
// what it was asked.
type forker struct{ asked []string }

func (f *forker) Fork(url string, block uint64) (*chain.Fork, error) {
	f.asked = append(f.asked, fmt.Sprintf("%s@%d", url, block))
	if strings.Contains(url, "://") {
		return nil, errors.New("connection refused")
	}
	if url != "mainnet" {
		return nil, fmt.Errorf("foundry.toml's [rpc_endpoints] has no %q", url)
	}
	if block == 0 {
		block = 300
	}
	return &chain.Fork{Reader: blockReader{block}, ChainID: 77, Number: block, Time: 1_000_000 + block,
		Coinbase: common.HexToAddress("0xc0c0"), GasLimit: 30_000_000}, nil
}

func forkSetUp(t *testing.T, test string) (*Setup, *forker, error) {
	t.Helper()
	p := project(t, "test/Fork.t.sol")
	fk := &forker{}
	s, err := RunSetUp(p, test, Options{Chain: chain.Config{Forks: fk}})
	return s, fk, err
}

// word reads a uint256 getter of the test contract.
func word(t *testing.T, s *Setup, name string) *big.Int {
	t.Helper()
	r := s.Chain.Probe(DefaultSender, s.Test.Address, selectorOf(name+"()"))
	if r.Err != nil || len(r.Ret) != 32 {
		t.Fatalf("%s(): %v %x", name, r.Err, r.Ret)
	}
	return new(big.Int).SetBytes(r.Ret)
}

func TestCreateSelectFork(t *testing.T) {
	s, fk, err := forkSetUp(t, "ForkTest")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"kept": 8, "seen": 42, "chainId": 77, "number": 100, "beforeGone": 1, "id": 0, "active": 0}
	for name, v := range want {
		if got := word(t, s, name); got.Int64() != v {
			t.Errorf("%s() = %v, want %d", name, got, v)
		}
	}
	if got := getter(t, s, "coinbase"); got != common.HexToAddress("0xc0c0") {
		t.Errorf("block.coinbase = %s, want the fork block's", got)
	}
	after := getter(t, s, "afterFork")
	if len(s.Deployed) != 1 || s.Deployed[0].Address != after || s.Deployed[0].Name != "Local" {
		t.Errorf("deployed %+v, want only the Local deployed on the fork (%s)", s.Deployed, after)
	}
	if s.Chain.Block.Number != 100 || s.Chain.Block.Time != 1_000_100 {
		t.Errorf("chain block %+v, want the fork block's", s.Chain.Block)
	}
	if strings.Join(fk.asked, " ") != "mainnet@100" {
		t.Errorf("forker asked %v", fk.asked)
	}
	// After setUp(), transactions run on the fork (the snapshot's state).
	s.Chain.Reset(s.Snapshot)
	if r := s.Chain.Probe(DefaultSender, oracleAddr, nil); r.Err != nil || new(big.Int).SetBytes(r.Ret).Int64() != 42 {
		t.Errorf("oracle after reset: %x %v", r.Ret, r.Err)
	}
}

func TestRollFork(t *testing.T) {
	s, fk, err := forkSetUp(t, "RollTest")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"first": 42, "rolled": 43, "other": 44, "number": 100}
	for name, v := range want {
		if got := word(t, s, name); got.Int64() != v {
			t.Errorf("%s() = %v, want %d", name, got, v)
		}
	}
	if got := strings.Join(fk.asked, " "); got != "mainnet@100 mainnet@200 mainnet@0 mainnet@100" {
		t.Errorf("forker asked %s", got)
	}
}

func TestForkErrors(t *testing.T) {
	_, _, err := forkSetUp(t, "UnknownForkTest")
	if !errors.Is(err, ErrSetUp) || !errors.Is(err, ErrFork) || !strings.Contains(err.Error(), `"nowhere"`) {
		t.Errorf("unknown alias (revert caught): %v", err)
	}
	_, _, err = forkSetUp(t, "TxForkTest")
	if !errors.Is(err, ErrSetUp) || !strings.Contains(err.Error(), "transaction hash is not supported") {
		t.Errorf("fork at a transaction: %v", err)
	}
	_, _, err = forkSetUp(t, "SecretForkTest")
	if !errors.Is(err, ErrFork) || strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "0123456789abcdef0123") {
		t.Errorf("a URL with credentials: %v", err)
	}
	p := project(t, "test/Fork.t.sol")
	_, err = RunSetUp(p, "ForkTest", Options{})
	if !errors.Is(err, ErrFork) || !strings.Contains(err.Error(), "cannot fork") {
		t.Errorf("no Forker: %v", err)
	}
}
