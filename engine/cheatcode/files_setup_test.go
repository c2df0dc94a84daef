package cheatcode

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestSetUpReadsFiles: a Foundry project's setUp() reads a JSON file
// through vm.projectRoot and vm.readFile (as forge-std's StdJson test
// does), within its fs_permissions; one that reads outside the root or
// what fs_permissions do not grant fails naming why.
func TestSetUpReadsFiles(t *testing.T) {
	root, bs := testbuild.FoundryProject(t, filepath.Join("testdata", "files"), "test/Files.t.sol")
	p, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	s, err := RunSetUp(p, "ReadsJsonTest", Options{})
	if err != nil {
		t.Fatalf("ReadsJsonTest: %v", err)
	}
	r := s.Chain.Probe(DefaultSender, s.Test.Address, selectorOf("root()"))
	out, err := stringArgs.Unpack(r.Ret)
	if r.Err != nil || err != nil || out[0] != root {
		t.Errorf("root() = %v (%v, %v), want the project root %q", out, r.Err, err, root)
	}
	for _, tt := range []struct{ test, want string }{
		{"EscapesTest", `setUp() reverted: "vm.readFile(string): the path ../outside.json is outside the project root`},
		{"NotGrantedTest", `setUp() reverted: "vm.readFile(string): the path notgranted.txt is not allowed to be accessed for read operations"`},
	} {
		_, err := RunSetUp(p, tt.test, Options{})
		if !errors.Is(err, ErrSetUp) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %s", tt.test, err, tt.want)
		}
	}
}

// TestSetUpLoneFileHasNoRoot: a test contract outside any project (a lone
// file) has no project root: vm.projectRoot reverts saying so.
func TestSetUpLoneFileHasNoRoot(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Lone.t.sol")
	src := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface FsVm {
    function projectRoot() external view returns (string memory);
}

contract LoneTest {
    function setUp() public view {
        FsVm(address(uint160(uint256(keccak256("hevm cheat code"))))).projectRoot();
    }
}
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := program.New(testbuild.Compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunSetUp(p, "LoneTest", Options{})
	if err == nil || !strings.Contains(err.Error(), "vm.projectRoot(): no project root") {
		t.Errorf("LoneTest: %v, want vm.projectRoot() to revert for want of a project root", err)
	}
}
