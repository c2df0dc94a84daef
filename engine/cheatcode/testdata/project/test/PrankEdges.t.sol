// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

contract Host {
    function ping() external pure returns (uint256) {
        return 7;
    }
}

contract Probe {
    address public sender;
    address public origin;
    uint256 public value;
    uint256 public pinged;

    function record() external payable {
        sender = msg.sender;
        origin = tx.origin;
        value = msg.value;
    }

    function whoCalls() external view returns (address) {
        return msg.sender;
    }

    function callback() external {
        pinged = Host(msg.sender).ping();
        sender = msg.sender;
    }

    function echo(uint256 x) external pure returns (uint256) {
        return x;
    }

    function fail() external pure {
        revert("probe: fail");
    }

    function failUint() external pure returns (uint256) {
        revert("probe: fail");
    }

    function forward(Probe other) external {
        other.record();
    }
}

contract Created {
    address public creator;

    constructor() payable {
        creator = msg.sender;
    }
}

// Each function is one edge case of vm.prank and vm.expectRevert; the Go
// table test runs each on the state after setUp() and says whether it
// must pass or fail, and with what.
contract PrankEdges is Test {
    Probe internal probe;
    Probe internal other;
    Host internal host;
    address internal constant ALICE = address(0xA11CE);
    address internal constant BOB = address(0xB0B);

    function setUp() public {
        probe = new Probe();
        other = new Probe();
        host = new Host();
    }

    function prankEOA() public {
        vm.prank(ALICE);
        probe.record();
        require(probe.sender() == ALICE, "pranked sender");
        probe.record();
        require(probe.sender() == address(this), "prank outlived its call");
    }

    function prankContractCalledBack() public {
        vm.prank(address(host));
        probe.callback();
        require(probe.pinged() == 7 && probe.sender() == address(host), "callback into the pranked contract");
        require(host.ping() == 7, "host code restored");
    }

    function prankAsTarget() public {
        vm.prank(address(probe));
        probe.record();
        require(probe.sender() == address(probe), "target pranked as itself");
        require(probe.echo(3) == 3, "target code restored");
    }

    function prankValue() public {
        vm.deal(ALICE, 1 ether);
        uint256 before = address(this).balance;
        vm.prank(ALICE);
        probe.record{value: 0.4 ether}();
        require(probe.value() == 0.4 ether && address(probe).balance == 0.4 ether, "value arrived");
        require(ALICE.balance == 0.6 ether && address(this).balance == before, "value left the pranked sender");
    }

    function prankValueInsufficient() public {
        vm.prank(BOB);
        (bool ok,) = address(probe).call{value: 1}(abi.encodeWithSelector(Probe.record.selector));
        require(!ok, "a pranked sender without balance paid");
        require(address(probe).balance == 0, "value moved");
    }

    function prankStatic() public {
        vm.prank(ALICE);
        require(probe.whoCalls() == ALICE, "pranked staticcall");
        require(probe.whoCalls() == address(this), "prank outlived its staticcall");
    }

    function prankOrigin() public {
        vm.prank(ALICE, BOB);
        probe.record();
        require(probe.sender() == ALICE && probe.origin() == BOB, "pranked origin");
        probe.record();
        require(probe.origin() == tx.origin && tx.origin != BOB, "origin restored");
    }

    function startPrankOnlyAtItsDepth() public {
        vm.startPrank(ALICE);
        probe.forward(other);
        require(other.sender() == address(probe), "a nested call was pranked");
        probe.record();
        require(probe.sender() == ALICE, "startPrank ended early");
        vm.stopPrank();
        probe.record();
        require(probe.sender() == address(this), "stopPrank");
    }

    function cheatcodeCallsDoNotConsume() public {
        vm.prank(ALICE);
        vm.label(BOB, "bob");
        vm.warp(5);
        probe.record();
        require(probe.sender() == ALICE, "a cheatcode call consumed the prank");
    }

    function revertBubbles() public {
        vm.prank(ALICE);
        try probe.fail() {
            revert("no revert");
        } catch Error(string memory m) {
            require(keccak256(bytes(m)) == keccak256("probe: fail"), "revert data");
        }
        probe.record();
        require(probe.sender() == address(this), "a reverted call kept the prank");
    }

    function returnData() public {
        vm.prank(ALICE);
        require(probe.echo(42) == 42, "return data");
    }

    function delegatecallNotPranked() public {
        vm.prank(ALICE);
        (bool ok,) = address(probe).delegatecall(abi.encodeWithSelector(Probe.echo.selector, 1));
        require(ok, "delegatecall");
        probe.record();
        require(probe.sender() == ALICE, "a delegatecall consumed the prank");
    }

    function expectRevertReturnsZeros() public {
        vm.expectRevert(bytes("probe: fail"));
        uint256 r = probe.failUint();
        require(r == 0, "zeros");
    }

    function expectRevertSelector() public {
        vm.expectRevert(bytes4(keccak256("Error(string)")));
        probe.fail();
    }

    function expectRevertNoRevert() public {
        vm.expectRevert();
        probe.echo(1);
    }

    function expectRevertWrongData() public {
        vm.expectRevert(bytes("other"));
        probe.fail();
    }

    function prankCreate() public {
        vm.deal(ALICE, 1 ether);
        vm.prank(ALICE);
        Created c = new Created{value: 0.25 ether}();
        require(c.creator() == ALICE, "constructor saw the test contract");
        // forge derives the address from the pranked sender's nonce (0).
        address want = address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xd6), bytes1(0x94), ALICE, bytes1(0x80))))));
        require(address(c) == want, "created address");
        require(address(c).balance == 0.25 ether && ALICE.balance == 0.75 ether, "value from the pranked sender");
        require(new Created().creator() == address(this), "prank outlived its creation");
    }

    function startPrankCreate2ThenCall() public {
        vm.startPrank(ALICE);
        Created c = new Created{salt: bytes32(uint256(1))}();
        probe.record();
        vm.stopPrank();
        require(c.creator() == ALICE && probe.sender() == ALICE, "startPrank over create2 and call");
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), ALICE, bytes32(uint256(1)), keccak256(type(Created).creationCode)));
        require(address(c) == address(uint160(uint256(h))), "create2 address");
    }

    function prankCreateReverts() public {
        vm.prank(ALICE);
        new Created{value: 1 ether}();
    }

    function expectRevertCreate() public {
        vm.expectRevert();
        new Created();
    }

    function prankOverride() public {
        vm.startPrank(ALICE);
        vm.prank(BOB);
    }

    // What Foresight's exported Foundry tests do (engine/foundrytest.go):
    // run creation code at a fixed address as a pranked deployer.
    function deployToAsPranked() public {
        address where = address(0xC0DE);
        address deployer = address(0xDE9);
        vm.etch(where, type(Created).creationCode);
        vm.prank(deployer, deployer);
        (bool ok, bytes memory runtime) = where.call("");
        require(ok, "constructor reverted");
        vm.etch(where, runtime);
        require(Created(where).creator() == deployer, "creator");
    }

    // forge-std's deployCodeTo: vm.getCode by artifact name.
    function deployCodeToByName() public {
        address where = address(0xC0DE);
        deployCodeTo("PrankEdges.t.sol:Created", where);
        require(Created(where).creator() == address(this), "creator");
        require(keccak256(where.code) == keccak256(vm.getDeployedCode("Created")), "runtime code");
    }

    function prankPrecompile() public {
        vm.prank(address(1));
        probe.record();
    }

    function assumeFalse() public pure {
        vm.assume(false);
    }
}
