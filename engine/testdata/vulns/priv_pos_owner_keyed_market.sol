// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Morpho Blue's shape: the constructor takes its owner as an argument
// (a deployment script passes the deployer), the owner enables
// interest-rate models and loan-to-value ratios as keys of mappings, and
// anyone creates a market whose parameters are enabled keys; a market is
// a mapping entry keyed by the hash of its parameters. Only on a created
// market can users supply and borrow, and borrow's missing liquidity
// check breaks the invariant. No comparison holds the enabled keys: the
// guards read mapping entries.
contract KeyedMarket {
    struct Params {
        address irm;
        uint256 lltv;
    }

    address public owner;
    mapping(address => bool) public isIrmEnabled;
    mapping(uint256 => bool) public isLltvEnabled;
    mapping(bytes32 => uint256) public created;
    mapping(bytes32 => uint256) public totalSupply;
    mapping(bytes32 => uint256) public totalBorrow;

    constructor(address newOwner) {
        require(newOwner != address(0), "zero owner");
        owner = newOwner;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function setOwner(address newOwner) external onlyOwner {
        owner = newOwner;
    }

    function enableIrm(address irm) external onlyOwner {
        require(!isIrmEnabled[irm], "already set");
        isIrmEnabled[irm] = true;
    }

    function enableLltv(uint256 lltv) external onlyOwner {
        require(!isLltvEnabled[lltv], "already set");
        require(lltv < 1e18, "max LLTV exceeded");
        isLltvEnabled[lltv] = true;
    }

    function createMarket(Params memory p) external {
        require(isIrmEnabled[p.irm], "IRM not enabled");
        require(isLltvEnabled[p.lltv], "LLTV not enabled");
        bytes32 id = keccak256(abi.encode(p));
        require(created[id] == 0, "market already created");
        created[id] = block.timestamp + 1;
    }

    function supply(Params memory p, uint256 amount) external {
        bytes32 id = keccak256(abi.encode(p));
        require(created[id] != 0, "market not created");
        require(amount > 0 && amount < 1e30, "bad amount");
        totalSupply[id] += amount;
    }

    function borrow(Params memory p, uint256 amount) external {
        bytes32 id = keccak256(abi.encode(p));
        require(created[id] != 0, "market not created");
        // Bug: no check of amount against the market's liquidity.
        totalBorrow[id] += amount;
        assert(totalBorrow[id] <= totalSupply[id]); //@finding(assert-failure)
    }
}
