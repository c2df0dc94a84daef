package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCompileBudgetGrowsWithUnit: the default limit was a fixed two
// minutes whatever the unit's size, which a loaded machine exceeded on
// large units; now it grows with the input, capped, and a limit the user
// sets is kept as given.
func TestCompileBudgetGrowsWithUnit(t *testing.T) {
	tests := []struct {
		configured time.Duration
		bytes      int
		want       time.Duration
	}{
		{0, 0, DefaultTimeout},
		{0, 10 << 10, DefaultTimeout + TimeoutPerMiB*10/1024},
		{0, 1 << 20, DefaultTimeout + TimeoutPerMiB},
		{0, 3 << 20, DefaultTimeout + 3*TimeoutPerMiB},
		{0, 1 << 30, MaxDefaultTimeout},
		{time.Second, 3 << 20, time.Second},
		{time.Hour, 0, time.Hour},
	}
	for _, tt := range tests {
		if got := compileBudget(tt.configured, tt.bytes); got != tt.want.Round(time.Second) {
			t.Errorf("compileBudget(%s, %d) = %s, want %s", tt.configured, tt.bytes, got, tt.want)
		}
	}
}

// TestTimeoutNamesUnit: a compile given up is one diagnostic that names
// the unit (its compiler and roots), the limit it broke and says to raise
// --compile-timeout, not a bare "timed out" on the first root's pragma.
// The fake compiler burns CPU past a tiny budget.
func TestTimeoutNamesUnit(t *testing.T) {
	if !cpuClock {
		t.Skip("CPU time is not read on this system")
	}
	dir := t.TempDir()
	solc := filepath.Join(dir, "bin", "solc")
	os.MkdirAll(filepath.Dir(solc), 0o755)
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Version: 0.8.20+commit.a1b79de6.Linux.g++'; exit 0; fi\nwhile :; do :; done\n"
	if err := os.WriteFile(solc, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{
		"IA.sol": "pragma solidity ^0.8.0;\ninterface IA {}\n",
		"B.sol":  "pragma solidity ^0.8.0;\nimport \"./IA.sol\";\ncontract B is IA {}\n",
	})
	tc := NewToolchain(Config{SolcPath: solc, NoForge: true, NoInstall: true, Timeout: 200 * time.Millisecond, CacheDir: t.TempDir()})
	defer tc.Close()
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "IA.sol"), filepath.Join(root, "B.sol")}, Mode: Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || len(bs[0].Diagnostics) != 1 || !errors.Is(bs[0].Err, ErrCompileTimeout) {
		t.Fatalf("builds %d, err %v", len(bs), bs[0].Err)
	}
	msg := bs[0].Diagnostics[0].Message
	for _, want := range []string{"B.sol", "IA.sol", "used its CPU budget of 200ms", "--compile-timeout", "solc 0.8.20"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not say %q", msg, want)
		}
	}
}
