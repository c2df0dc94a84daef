// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Tickets: redeeming a ticket one holds for more than an odd threshold
// fails an assertion. A sequence that minted twelve tickets and redeems
// the eleventh needs one mint once the ticket's number shrinks to 1
// (TestShrinkToFixpoint).
contract Tickets {
    uint256 public next;
    mapping(uint256 => address) public holder;

    function mint() external {
        next++;
        holder[next] = msg.sender;
    }

    function redeem(uint256 id, uint256 amount) external view {
        require(holder[id] == msg.sender, "not yours");
        require(amount > 39463584007913130164223, "too little");
        assert(false);
    }
}
