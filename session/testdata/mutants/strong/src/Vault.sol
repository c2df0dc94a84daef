// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A vault of ether. withdraw is the change whose mutants the suites must
// notice; rescue is a keeper's, which no sender of a campaign is.
contract Vault {
    address public constant KEEPER = address(0xdead);
    mapping(address => uint256) public balanceOf;
    uint256 public rescued;

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(amount != 0, "zero");
        balanceOf[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }

    function rescue(uint256 amount) external {
        require(msg.sender == KEEPER, "keeper only");
        rescued += amount;
        payable(KEEPER).transfer(amount);
    }
}
