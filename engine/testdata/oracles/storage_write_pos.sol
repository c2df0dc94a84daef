// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Oracle: SWC-124 (arbitrary storage write), solc 0.4.
// popCode() on an empty array underflows its length to 2**256 - 1 (0.4 lets
// code assign `length` and does not check arithmetic). After that the
// bounds check in setCodeAt() always passes, and the write lands at slot
// keccak256(1) + idx, i.e. any slot the caller chooses (including slot 0,
// `owner`). Two transactions: popCode(); setCodeAt(idx, c) with any idx.
contract StorageWritePos {
    address private owner;
    uint256[] private codes;

    constructor() public {
        owner = msg.sender;
    }

    function pushCode(uint256 c) public {
        codes.push(c);
    }

    function popCode() public {
        require(0 <= codes.length);
        codes.length--;
    }

    function setCodeAt(uint256 idx, uint256 c) public {
        require(idx < codes.length);
        codes[idx] = c; //@finding(SWC-124)
    }

    function isOwner() public view returns (bool) {
        return msg.sender == owner;
    }
}
