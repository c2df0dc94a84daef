// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

// The file cheatcodes, as forge-std's Vm declares them (the stand-in Vm
// of the tests has none).
interface FsVm {
    function projectRoot() external view returns (string memory);
    function readFile(string calldata path) external view returns (string memory);
    function readFileBinary(string calldata path) external view returns (bytes memory);
    function exists(string calldata path) external view returns (bool);
    function isFile(string calldata path) external view returns (bool);
    function isDir(string calldata path) external view returns (bool);
}

// setUp() reads a JSON file as forge-std's StdJson test does: by a path
// under vm.projectRoot(), and by a path relative to the root.
contract ReadsJsonTest is Test {
    FsVm constant fs = FsVm(address(uint160(uint256(keccak256("hevm cheat code")))));
    string public json;
    string public root;

    function setUp() public {
        root = fs.projectRoot();
        json = fs.readFile(string.concat(root, "/data/config.json"));
        require(keccak256(bytes(json)) == keccak256('{"a":123,"b":"test"}\n'), "wrong contents");
        require(keccak256(fs.readFileBinary("data/config.json")) == keccak256(bytes(json)), "binary differs");
        require(fs.exists("data/config.json") && fs.isFile("data/config.json"), "exists/isFile");
        require(fs.isDir("data") && !fs.isFile("data") && !fs.exists("data/none.json"), "isDir");
    }
}

// setUp() reads outside the project root.
contract EscapesTest is Test {
    FsVm constant fs = FsVm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function setUp() public view {
        fs.readFile("../outside.json");
    }
}

// setUp() reads a file fs_permissions do not grant.
contract NotGrantedTest is Test {
    FsVm constant fs = FsVm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function setUp() public view {
        fs.readFile("notgranted.txt");
    }
}
