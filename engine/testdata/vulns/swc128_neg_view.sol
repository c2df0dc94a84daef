// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Getters whose gas grows with what any sender adds: a view walking every
// deposit (documented as meant to be called off-chain) and a paginated
// one whose caller sets the count. A view is read with eth_call, never
// something a user must send in a transaction: no SWC-128.
contract DepositBook {
    struct Deposit {
        address investor;
        uint256 amount;
        uint256 at;
        uint256 weight;
    }

    Deposit[] private deposits;
    mapping(address => uint256) public credit;

    function invest() external payable {
        require(msg.value > 0, "no value");
        deposits.push(Deposit(msg.sender, msg.value, block.timestamp, 1 + msg.value % 7));
        credit[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = credit[msg.sender];
        credit[msg.sender] = 0;
        payable(msg.sender).transfer(amount);
    }

    /// @notice Meant to be called off-chain: walks every deposit.
    function totalWeighted() external view returns (uint256 total) {
        for (uint256 i = 0; i < deposits.length; i++) {
            Deposit storage d = deposits[i];
            total += d.amount * d.weight + d.at;
        }
    }

    function page(uint256 start, uint256 count) external view returns (uint256 total) {
        uint256 end = start + count;
        if (end > deposits.length) end = deposits.length;
        for (uint256 i = start; i < end; i++) {
            Deposit storage d = deposits[i];
            total += d.amount * d.weight + d.at;
        }
    }
}
