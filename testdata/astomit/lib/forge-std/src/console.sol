// SPDX-License-Identifier: MIT
pragma solidity >=0.4.22 <0.9.0;

/// forge-std's console, trimmed, with the tokens the AST-less outline
/// (solc.OutlineText) must read as the AST would: literals of every
/// notation, escapes, units, assembly, declarations without code.
library console {
    address constant CONSOLE_ADDRESS = address(0x000000000000000000636F6e736F6c652e6c6f67);
    uint256 constant ONE = 1 ether + 2 days + 1e18 + 0x00_ff + 1_000 + 0.5 ether;
    bytes constant ESCAPED = "tab\there \"quoted\" \x41\u00e9 back\\slash 'single'";
    bytes constant JOINED = "con" "cat" 'en' "ated";
    bytes constant RAW = hex"00_ff" hex'0102';
    string constant WIDE = unicode"wide é ✓";

    struct Pair { uint256 a; uint256 b; }
    enum Level { Low, High }
    event Logged(string what);
    error NotLogged(uint256 code);

    function _sendLogPayload(bytes memory payload) private view {
        uint256 payloadLength = payload.length;
        address consoleAddress = CONSOLE_ADDRESS;
        /// @solidity memory-safe-assembly
        assembly {
            let payloadStart := add(payload, 32)
            let r := staticcall(gas(), consoleAddress, payloadStart, payloadLength, 0, 0)
        }
    }

    function log() internal view {
        _sendLogPayload(abi.encodeWithSignature("log()"));
    }

    function log(string memory p0, uint256 p1, uint256 p2) internal view {
        _sendLogPayload(abi.encodeWithSignature("log(string,uint256,uint256)", p0, p1, p2));
    }

    /* A "quoted" 42 in a comment is no literal. */
    function logPair(uint256[2] memory p) internal view returns (Pair memory out) {
        out = Pair(p[0], p[1 - 1 + 1]);
        if (out.a > 7 wei) {
            _sendLogPayload(abi.encodeWithSignature("log(uint256,uint256)", out.a, out.b));
        }
    }

    function level(uint256 x) internal pure returns (Level) {
        return x > 3 ? Level.High : Level.Low;
    }

    function pick(function(uint256) internal pure returns (Level) f, uint256 x) internal pure returns (Level) {
        return f(x);
    }

    function noisy(uint256 x) private pure returns (uint256 y) {
        for (uint256 i = 0; i < 3; i++) {
            y += x * 10 ** 2;
        }
    }
}
