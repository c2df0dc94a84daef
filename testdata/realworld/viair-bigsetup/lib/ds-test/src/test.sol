// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0;

// A stand-in for ds-test's DSTest, which forge-std 1.1.x imports but does
// not ship on npm (nor is ds-test on npm): the events and assertions that
// forge-std's Test.sol calls, with ds-test's signatures. fail() records the
// failure without reverting, as ds-test does.
contract DSTest {
    event log(string);
    event log_named_uint(string key, uint256 val);
    event log_named_int(string key, int256 val);
    event log_named_decimal_uint(string key, uint256 val, uint256 decimals);
    event log_named_string(string key, string val);

    bool public IS_TEST = true;
    bool public failed;

    function fail() internal virtual {
        failed = true;
    }

    function assertTrue(bool condition) internal {
        if (!condition) {
            emit log("Error: Assertion Failed");
            fail();
        }
    }

    function assertTrue(bool condition, string memory err) internal {
        if (!condition) {
            emit log_named_string("Error", err);
            assertTrue(condition);
        }
    }

    function assertEq(uint256 a, uint256 b) internal {
        if (a != b) {
            emit log_named_uint("  Expected", b);
            emit log_named_uint("    Actual", a);
            fail();
        }
    }

    function assertEq(int256 a, int256 b) internal {
        if (a != b) {
            emit log_named_int("  Expected", b);
            emit log_named_int("    Actual", a);
            fail();
        }
    }

    function assertEq0(bytes memory a, bytes memory b) internal {
        if (keccak256(a) != keccak256(b)) {
            emit log("Error: a == b not satisfied [bytes]");
            fail();
        }
    }

    function assertEq0(bytes memory a, bytes memory b, string memory err) internal {
        if (keccak256(a) != keccak256(b)) {
            emit log_named_string("Error", err);
            assertEq0(a, b);
        }
    }
}
