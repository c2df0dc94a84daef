package solc

import (
	"context"
	"path/filepath"
	"testing"
)

// TestRetryLowestVersion: a file whose pragma allows the newest 0.8 but
// that was written for 0.7 (msg.sender.transfer needs an address payable
// from 0.8 on) compiles with the lowest release its pragma allows when it
// is a dependency's, and keeps its errors when it is the user's own, or
// when the lowest release fails too.
func TestRetryLowestVersion(t *testing.T) {
	const old = "// SPDX-License-Identifier: MIT\npragma solidity >=0.7.6 <0.9.0;\ncontract Old {\n    function pay() external { msg.sender.transfer(1); }\n}\n"
	const broken = "// SPDX-License-Identifier: MIT\npragma solidity >=0.7.6 <0.9.0;\ncontract Bad {\n    function f() external { undefinedName(); }\n}\n"
	tc := testToolchain(t)
	for _, tt := range []struct {
		name, file, src string
		want            string // the compiler's version; "" when the build keeps its errors
		pkg             bool   // the installed package is the project (its own package.json)
	}{
		{"dependency written for 0.7", "node_modules/old/Old.sol", old, "0.7.6", false},
		{"installed package fuzzed as the project", "node_modules/old/Old.sol", old, "0.7.6", true},
		{"own code", "src/Old.sol", old, "", false},
		{"dependency broken in every version", "node_modules/old/Bad.sol", broken, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{"package.json": `{"name":"p"}`, "node_modules/old/package.json": `{"name":"old"}`, tt.file: tt.src})
			at := root
			if tt.pkg {
				at = filepath.Join(root, "node_modules", "old")
			}
			p, err := LoadProject(at)
			if err != nil {
				t.Fatal(err)
			}
			bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, tt.file)}, Mode: Full})
			if err != nil {
				t.Fatal(err)
			}
			if len(bs) != 1 {
				t.Fatalf("%d builds, want 1", len(bs))
			}
			b := bs[0]
			if tt.want == "" {
				if !b.HasErrors() {
					t.Fatalf("compiled with %s, want its errors kept", b.Compiler)
				}
				if b.Compiler.Version() != embeddedVersions()[len(embeddedVersions())-1] {
					t.Errorf("errors from %s, want the newest release's", b.Compiler)
				}
				return
			}
			if b.HasErrors() {
				t.Fatalf("errors: %+v", b.Diagnostics)
			}
			if got := b.Compiler.Version().String(); got != tt.want {
				t.Errorf("compiled with %s, want %s", got, tt.want)
			}
		})
	}
}
