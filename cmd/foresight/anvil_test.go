package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs a real anvil for the fork-mode test (fork_test.go):
// installed from npm by scripts/check-fork, which names it in
// FORESIGHT_ANVIL.

// anvilAccount is anvil's first unlocked account.
var anvilAccount = common.HexToAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")

type anvil struct {
	t   *testing.T
	url string
}

// startAnvil starts anvil offline on a free port with chain id id.
func startAnvil(t *testing.T, id uint64, extra ...string) *anvil {
	t.Helper()
	bin := os.Getenv("FORESIGHT_ANVIL")
	if bin == "" {
		t.Skip("FORESIGHT_ANVIL is not set: scripts/check-fork installs anvil from npm and runs this test")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	args := append([]string{"--port", fmt.Sprint(port), "--chain-id", fmt.Sprint(id), "--silent"}, extra...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	a := &anvil{t: t, url: fmt.Sprintf("http://127.0.0.1:%d", port)}
	for i := 0; ; i++ {
		if _, err := a.try("eth_chainId"); err == nil {
			return a
		}
		if i == 100 {
			t.Fatalf("anvil did not answer on %s", a.url)
		}
		time.Sleep(100 * time.Millisecond) // waiting for a process to listen, not a measurement
	}
}

func (a *anvil) try(method string, params ...any) (json.RawMessage, error) {
	if params == nil {
		params = []any{}
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	resp, err := http.Post(a.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r struct {
		Result json.RawMessage
		Error  *struct{ Message string }
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	if r.Error != nil {
		return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
	}
	return r.Result, nil
}

func (a *anvil) call(method string, params ...any) json.RawMessage {
	a.t.Helper()
	r, err := a.try(method, params...)
	if err != nil {
		a.t.Fatal(err)
	}
	return r
}

// send makes a transaction from anvil's first account (mined at once) and
// requires it to succeed.
func (a *anvil) send(to *common.Address, data []byte) {
	a.t.Helper()
	tx := map[string]any{"from": anvilAccount, "data": "0x" + common.Bytes2Hex(data), "gas": "0x989680"}
	if to != nil {
		tx["to"] = *to
	}
	var hash string
	json.Unmarshal(a.call("eth_sendTransaction", tx), &hash)
	var rec struct{ Status string }
	for i := 0; i < 100 && rec.Status == ""; i++ {
		if i > 0 {
			time.Sleep(20 * time.Millisecond) // anvil may answer before it mined the transaction
		}
		json.Unmarshal(a.call("eth_getTransactionReceipt", hash), &rec)
	}
	if rec.Status != "0x1" {
		_, err := a.try("eth_call", tx)
		a.t.Fatalf("transaction %s to %v failed: %v", hash, to, err)
	}
}

func (a *anvil) blockNumber() uint64 {
	var s string
	json.Unmarshal(a.call("eth_blockNumber"), &s)
	n, _ := new(big.Int).SetString(strings.TrimPrefix(s, "0x"), 16)
	return n.Uint64()
}

// creation returns contract name's creation code from builds.
func creation(t *testing.T, builds []*solc.Build, name string) []byte {
	t.Helper()
	for _, b := range builds {
		arts, err := b.Artifacts()
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range arts {
			if a.Name == name {
				return a.Creation.Bytes
			}
		}
	}
	t.Fatalf("no contract %s", name)
	return nil
}

// word is a uint256 argument.
func word(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }

func selector(sig string) []byte { return crypto.Keccak256([]byte(sig))[:4] }

func e18(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1e18)) }

// forkCacheCleanup removes the fork cache of chain id when the test ends.
func forkCacheCleanup(t *testing.T, id uint64) {
	t.Cleanup(func() { os.RemoveAll(filepath.Join(solc.DefaultCacheDir(), "fork", fmt.Sprint(id))) })
}
