// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// console.log as forge-std and Hardhat write it: a staticcall to the
// console address whose success flag is ignored by design (the account has
// no code; a log changes nothing the caller relies on). No SWC-104 at the
// logging call or inside the library.
library console {
    address constant CONSOLE_ADDRESS = address(0x000000000000000000636F6e736F6c652e6c6f67);

    function _sendLogPayload(bytes memory payload) private view {
        uint256 payloadLength = payload.length;
        address consoleAddress = CONSOLE_ADDRESS;
        assembly {
            let payloadStart := add(payload, 32)
            let r := staticcall(gas(), consoleAddress, payloadStart, payloadLength, 0, 0)
        }
    }

    function log(string memory p0, uint256 p1) internal view {
        _sendLogPayload(abi.encodeWithSignature("log(string,uint256)", p0, p1));
    }
}

contract LoggedCounter {
    uint256 public count;

    function add(uint256 by) external {
        console.log("adding", by);
        count += by % 1000;
    }
}
