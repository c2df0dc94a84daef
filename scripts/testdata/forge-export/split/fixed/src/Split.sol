// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.0;

// Fixed: each member withdraws its own share (pull payments), so a member
// that rejects ether keeps only its own share back; distribute() credits
// the shares and pays no one.
contract Split {
    address private immutable owner = msg.sender;
    address[] private payees;
    mapping(address => uint256) public owed;
    uint256 private credited;

    constructor(address[] memory members) payable {
        require(members.length >= 2 && members.length <= 3, "two or three members");
        payees = members;
    }

    receive() external payable {}

    function distribute() external {
        require(msg.sender == owner, "only the owner");
        uint256 share = (address(this).balance - credited) / payees.length;
        require(share > 0, "nothing to split");
        for (uint256 i = 0; i < payees.length; i++) {
            owed[payees[i]] += share;
        }
        credited += share * payees.length;
    }

    function withdraw() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        credited -= amount;
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        require(ok, "withdrawal failed");
    }
}
