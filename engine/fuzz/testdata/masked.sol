// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Masked has a wrap any sequence reaches (SWC-101, known once found) and
// two assertions behind it: fire's needs arm only, so a sequence that
// wrapped first still shows it once the wrap is shrunk away; afterWrap's
// needs the wrap, so its sequence always finds the wrap first.
contract Masked {
    uint256 public debt;
    bool public armed;

    function wrap(uint256 a) external {
        unchecked {
            debt -= a;
        }
    }

    function arm() external {
        armed = true;
    }

    function fire() external view {
        assert(!armed);
    }

    function afterWrap() external view {
        assert(debt == 0);
    }
}
