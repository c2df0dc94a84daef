// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0;

// A stand-in for ds-test's DSTest (not on npm), with its semantics: fail()
// does not revert but records the failure, in the contract's storage and,
// where the cheatcode contract has code, in its "failed" slot; failed()
// reads both back. forge judges a test or an invariant by them after the
// call, not by a revert.
contract DSTest {
    event log(string);
    event log_named_uint(string key, uint256 val);

    bool public IS_TEST = true;
    bool private _failed;

    address constant HEVM_ADDRESS = address(bytes20(uint160(uint256(keccak256("hevm cheat code")))));

    function failed() public returns (bool) {
        if (_failed) {
            return _failed;
        }
        bool globalFailed = false;
        if (hasHEVMContext()) {
            (, bytes memory retdata) = HEVM_ADDRESS.call(
                abi.encodePacked(bytes4(keccak256("load(address,bytes32)")), abi.encode(HEVM_ADDRESS, bytes32("failed")))
            );
            globalFailed = abi.decode(retdata, (bool));
        }
        return globalFailed;
    }

    function fail() internal virtual {
        if (hasHEVMContext()) {
            (bool status,) = HEVM_ADDRESS.call(
                abi.encodePacked(
                    bytes4(keccak256("store(address,bytes32,bytes32)")),
                    abi.encode(HEVM_ADDRESS, bytes32("failed"), bytes32(uint256(0x01)))
                )
            );
            status;
        }
        _failed = true;
    }

    function hasHEVMContext() internal view returns (bool) {
        uint256 hevmCodeSize = 0;
        assembly {
            hevmCodeSize := extcodesize(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D)
        }
        return hevmCodeSize > 0;
    }

    function assertTrue(bool condition) internal {
        if (!condition) {
            emit log("Error: Assertion Failed");
            fail();
        }
    }

    function assertEq(uint256 a, uint256 b) internal {
        if (a != b) {
            emit log("Error: a == b not satisfied [uint]");
            emit log_named_uint("  Expected", b);
            emit log_named_uint("    Actual", a);
            fail();
        }
    }
}
