// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Negative twin of swc105_pos_owner_credit_no_debit.sol and of the two
// owner-granted payouts that pay again by design: the refund debits the
// investor first; an owner's grant of the contract's own ether is paid out
// in instalments the grantee names (withdraw(amount)); a salary is paid per
// day that passed; tokens the owner minted are bought back one at a time
// at a fixed price (paid again, but each sale debits a token). Expected
// findings: none.
contract OwnerRefundVaultSafe {
    address public owner;
    bool public refunding;
    mapping(address => uint256) public deposited;
    mapping(address => uint256) public granted;
    mapping(address => uint256) public salary;
    mapping(address => uint256) public paidUntil;
    mapping(address => uint256) public tokens;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function deposit(address investor) external payable onlyOwner {
        deposited[investor] += msg.value;
    }

    function enableRefunds() external onlyOwner {
        refunding = true;
    }

    function refund(address payable investor) external {
        require(refunding, "not refunding");
        uint256 value = deposited[investor];
        deposited[investor] = 0;
        investor.transfer(value);
    }

    function grant(address to, uint256 amount) external onlyOwner {
        granted[to] = amount;
    }

    function withdraw(uint256 amount) external {
        require(amount > 0 && amount <= granted[msg.sender], "granted");
        granted[msg.sender] -= amount;
        payable(msg.sender).transfer(amount);
    }

    function hire(address to, uint256 perDay) external onlyOwner {
        require(perDay <= 1e15, "salary");
        salary[to] = perDay;
        paidUntil[to] = block.timestamp;
    }

    function claimSalary() external {
        uint256 dayCount = (block.timestamp - paidUntil[msg.sender]) / 1 days;
        require(dayCount > 0, "not yet");
        paidUntil[msg.sender] += dayCount * 1 days;
        payable(msg.sender).transfer(dayCount * salary[msg.sender]);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        require(amount <= 100, "mint");
        tokens[to] += amount;
    }

    function sellOne() external {
        require(tokens[msg.sender] > 0, "no token");
        tokens[msg.sender] -= 1;
        payable(msg.sender).transfer(1e15);
    }
}
