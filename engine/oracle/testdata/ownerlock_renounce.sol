// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// The pause of ownerlock_neg_pause.sol, with an unpause, but the owner (the
// deployer) can also renounce ownership: pause() then renounceOwnership()
// leaves nobody who can unpause, and the depositors' ether is locked for
// good. Reported at pause(), the call that stops withdrawals (without it,
// renouncing locks nothing). Not in testdata/vulns: a campaign of 20,000
// executions does not build the four-transaction sequence; TestOwnerLock
// runs it.
contract RenouncedBank {
    address public owner;
    bool public paused;
    mapping(address => uint256) public balances;

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function pause() external onlyOwner {
        paused = true;
    }

    function unpause() external onlyOwner {
        paused = false;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }

    function withdraw() external {
        require(!paused, "paused");
        uint256 amount = balances[msg.sender];
        require(amount > 0, "nothing to withdraw");
        balances[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }
}
