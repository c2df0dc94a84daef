// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An owner-configured lending market, shaped like Morpho Blue: the owner
// must enable an interest-rate model and a loan-to-value cap before any
// market can be created, and only then can users supply and borrow. The
// owner is immutable, so no storage slot names the deployer. The planted
// bug, borrow's missing collateral check, is only reachable once the owner
// has configured both parameters and a user has created a market.
contract OwnedMarket {
    address public immutable owner = msg.sender;

    address public irm;
    uint256 public maxLltv;

    struct Market {
        address irm;
        uint256 lltv;
        uint256 totalSupply;
        uint256 totalBorrow;
    }

    Market[] public markets;
    mapping(uint256 => mapping(address => uint256)) public supplied;
    mapping(uint256 => mapping(address => uint256)) public borrowed;

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function enableIrm(address newIrm) external onlyOwner {
        require(newIrm != address(0) && newIrm != irm, "already set");
        irm = newIrm;
    }

    function enableLltv(uint256 lltv) external onlyOwner {
        require(lltv < 100, "max LLTV exceeded");
        maxLltv = lltv;
    }

    function createMarket(uint256 lltv) external returns (uint256 id) {
        require(irm != address(0), "IRM not enabled");
        require(lltv != 0 && lltv <= maxLltv, "LLTV not enabled");
        markets.push(Market(irm, lltv, 0, 0));
        return markets.length - 1;
    }

    function supply(uint256 id, uint256 amount) external {
        require(id < markets.length, "market not created");
        require(amount > 0 && amount < 1e30, "bad amount");
        markets[id].totalSupply += amount;
        supplied[id][msg.sender] += amount;
    }

    function withdraw(uint256 id, uint256 amount) external {
        require(id < markets.length, "market not created");
        require(supplied[id][msg.sender] >= amount, "insufficient supply");
        supplied[id][msg.sender] -= amount;
        markets[id].totalSupply -= amount;
    }

    function borrow(uint256 id, uint256 amount) external {
        require(id < markets.length, "market not created");
        require(supplied[id][msg.sender] > 0, "no collateral");
        Market storage m = markets[id];
        // Bug: no check of amount against the collateral times lltv.
        m.totalBorrow += amount;
        borrowed[id][msg.sender] += amount;
        assert(m.totalBorrow <= m.totalSupply); //@finding(assert-failure)
    }

    function repay(uint256 id, uint256 amount) external {
        require(id < markets.length, "market not created");
        require(borrowed[id][msg.sender] >= amount, "repay exceeds debt");
        borrowed[id][msg.sender] -= amount;
        markets[id].totalBorrow -= amount;
    }
}
