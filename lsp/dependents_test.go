package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

const ledgerBase = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

abstract contract Ledger {
    mapping(address => uint256) public balanceOf;

    function credit(uint256 amount) public {
        balanceOf[msg.sender] += amount;
    }

    function debit(uint256 amount) public {
        balanceOf[msg.sender] -= amount;
    }
}
`

// ledgerBug is planted on line ledgerBugLn (zero-based) of ledgerBase.
const (
	ledgerAt    = "balanceOf[msg.sender] -= amount;"
	ledgerBug   = "balanceOf[msg.sender] -= amount; assert(balanceOf[msg.sender] != 1);"
	ledgerBugLn = 11
)

// TestSaveFuzzesDependents: saving a file whose contracts cannot be
// fuzzed alone fuzzes the project's contracts that use it, and the
// finding lands in the saved file. An abstract base is fuzzed in the
// concrete contract of another file that derives from it (the assertion
// planted in Ledger.debit fails in Token); an implementation that
// disables its initializers is fuzzed behind the project's proxy, which
// does not import it (the debit removed from Bank.withdraw pays twice,
// called at BankProxy). Progress and the end message name the contracts
// fuzzed. Before, both saves compiled the saved file alone: nothing to
// call in the abstract base, and the bank alone refuses every deposit.
func TestSaveFuzzesDependents(t *testing.T) {
	t.Run("abstract base", func(t *testing.T) {
		root := t.TempDir()
		ledger := writeFile(t, root, "src/Ledger.sol", ledgerBase)
		writeFile(t, root, "src/Token.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\nimport \"./Ledger.sol\";\n\ncontract Token is Ledger {\n    string public name = \"T\";\n}\n")
		if got := strings.Split(strings.Replace(ledgerBase, ledgerAt, ledgerBug, 1), "\n")[ledgerBugLn]; !strings.Contains(got, "assert(") {
			t.Fatalf("line %d is %q, not the planted assertion", ledgerBugLn, got)
		}
		saveAndExpect(t, root, ledger, ledgerAt, ledgerBug, ledgerBugLn, "Token")
	})
	t.Run("implementation behind a proxy", func(t *testing.T) {
		root := t.TempDir()
		data, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "deploy", "proxy_bank_fixed.sol"))
		if err != nil {
			t.Fatal(err)
		}
		impl, proxy, ok := strings.Cut(string(data), "contract BankProxy")
		if !ok {
			t.Fatal("proxy_bank_fixed.sol has no BankProxy")
		}
		bank := writeFile(t, root, "contracts/Bank.sol", impl)
		writeFile(t, root, "contracts/BankProxy.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\ncontract BankProxy"+proxy)
		at := "balances[msg.sender] -= amount;"
		line := -1
		for i, l := range strings.Split(impl, "\n") {
			if strings.Contains(l, ".call{value: amount}") {
				line = i
			}
		}
		if !strings.Contains(impl, at) || line < 0 {
			t.Fatal("proxy_bank_fixed.sol's withdraw neither debits nor pays")
		}
		saveAndExpect(t, root, bank, at, "balances[msg.sender] -= 0;", uint32(line), "BankProxy")
	})
}

// saveAndExpect opens file in the workspace folder root, plants new in
// place of old, saves, and checks that the save's campaign ran in the
// contract via and found exactly line of file.
func saveAndExpect(t *testing.T, root, file, old, new string, line uint32, via string) {
	t.Helper()
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 5_000), folders: []string{root}})
	f.open(file)
	f.awaitRunEnd(1)
	mark := f.journalLen()
	f.saveEdit(file, old, new)
	if msg := f.awaitReport(mark, "fuzzing"); !strings.HasSuffix(msg, " in "+via) {
		t.Errorf("progress %q, want the campaign in %s", msg, via)
	}
	end := f.awaitRunAfter(mark)
	if !fuzzed(end) || !strings.Contains(end, "(in "+via+")") {
		t.Errorf("the save's run ended with %q, want it fuzzed in %s", end, via)
	}
	f.mu.Lock()
	got := lines(f.findingsLocked(file))
	f.mu.Unlock()
	if fmt.Sprint(got) != fmt.Sprint([]uint32{line}) {
		t.Errorf("findings on lines %v of %s, want %d", got, filepath.Base(file), line)
	}
	f.shutdown()
}
