package program_test

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestFactoryCalled: the factory of swc112_neg_factory_init.sol creates
// each InitProxy and calls initialize on it in the same function; the
// factory of swc112_pos_factory_noinit.sol calls nothing on the proxies
// it creates, and a contract created in a constructor and never called
// (Logic) has no such function either. A base that declares the
// function the factory calls, and a sibling whose initializer overload
// runs it internally, have it too; a contract with a function of the
// same name and nothing else in common has not. A contract created by a
// helper that returns it (CREATE2 of its creation code in assembly), or
// with new{salt}, and called through its address is created as well.
func TestFactoryCalled(t *testing.T) {
	for _, tt := range []struct {
		file string
		want map[string][]string
	}{
		{"swc112_neg_factory_init.sol", map[string][]string{"InitProxy": {"initialize"}}},
		{"swc112_pos_factory_noinit.sol", map[string][]string{}},
		// The declaration the factory runs, wherever it is carried or run.
		{"swc112_neg_factory_init_base.sol", map[string][]string{
			"AdminProxy": {"initialize"}, "InitProxy": {"initialize"}, "InitAdminProxy": {"initialize"},
		}},
		// The same name in an unrelated contract is not the same function.
		{"swc112_pos_factory_other.sol", map[string][]string{"InitProxy": {"initialize"}}},
		// Created by a helper from the creation code with CREATE2, and
		// with new{salt}, then called through a conversion of the address.
		{"swc112_neg_factory_create2.sol", map[string][]string{
			"InitializableUpgradeabilityProxy": {"initialize"}, "AdminInitProxy": {"initialize"},
		}},
		// The helper's proxy is created and returned uninitialized.
		{"swc112_pos_factory_create2.sol", map[string][]string{"AdminInitProxy": {"initialize"}}},
	} {
		prog, err := program.New(testbuild.Compile(t, filepath.Join("..", "testdata", "vulns", tt.file)))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, c := range prog.Contracts {
			for name := range c.FactoryCalled() {
				got[c.Name] = append(got[c.Name], name)
			}
			sort.Strings(got[c.Name])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: factory-called functions %v, want %v", tt.file, got, tt.want)
		}
	}
}

// createLibrary is a factory that deploys its proxy's creation code, with
// a constructor argument appended, through a library (OpenZeppelin's
// Create2.deploy) and calls it through the returned address; Other's
// factory hashes another contract's code and creates nothing from it.
const createLibrary = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library Create2 {
    function deploy(bytes32 salt, bytes memory code) internal returns (address addr) {
        assembly {
            addr := create2(0, add(code, 0x20), mload(code), salt)
        }
        require(addr != address(0), "deploy failed");
    }
}

contract Proxy {
    address public immutable admin;
    address public implementation;

    constructor(address admin_) {
        admin = admin_;
    }

    function initialize(address impl) external {
        implementation = impl;
    }
}

contract Factory {
    function make(bytes32 salt, address impl) external returns (address p) {
        bytes memory code = abi.encodePacked(type(Proxy).creationCode, abi.encode(address(this)));
        p = Create2.deploy(salt, code);
        Proxy(p).initialize(impl);
    }

    function predict(bytes32 salt) external view returns (bytes32) {
        return keccak256(abi.encodePacked(salt, keccak256(type(Other).creationCode)));
    }
}

contract Other {
    function initialize(address) external {}
}
`

// TestFactoryCalledLibrary: a contract created from its creation code by a
// library call is created, and a hash of another's code creates nothing.
func TestFactoryCalledLibrary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "CreateLibrary.sol")
	if err := os.WriteFile(path, []byte(createLibrary), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := program.New(testbuild.Compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, c := range prog.Contracts {
		for name := range c.FactoryCalled() {
			got[c.Name] = append(got[c.Name], name)
		}
	}
	if want := map[string][]string{"Proxy": {"initialize"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("factory-called functions %v, want %v", got, want)
	}
}
