// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// An owner-configured market whose configuration only two fixed accounts
// may send, neither of them the deployer: the constructor grants CURATOR
// a key in curators (admins[x] = true) and RATER a role in _roles
// (OpenZeppelin's AccessControl shape). The curator enables an
// interest-rate model, the rater a loan-to-value cap; only then can users
// create a market, supply and borrow, and borrow's missing collateral
// check breaks the invariant. The curator may also sweep the contract's
// ether, which is its privilege, not a leak.
// The five-transaction path (two privileged senders, then create, supply,
// borrow) is found by 12 of seeds 1-20 at the common 20,000 executions,
// by all of seeds 1-12 at 40,000.
//@execs 40000
contract RoleMarket {
    address constant CURATOR = 0x4242424242424242424242424242424242424242;
    address constant RATER = 0x5353535353535353535353535353535353535353;
    bytes32 public constant RATE_ROLE = 0x7e1f2c8a0d6b4f3e9a5c1d7b2e8f4a6c3b9d5e1f7a2c8b4d6e0f3a9c5b1d7e2f;

    mapping(address => bool) public curators;
    mapping(bytes32 => mapping(address => bool)) private _roles;
    address public irm;
    uint256 public maxLltv;
    uint256 public markets;
    mapping(uint256 => uint256) public totalSupply;
    mapping(uint256 => uint256) public totalBorrow;
    mapping(uint256 => mapping(address => uint256)) public supplied;

    constructor() {
        curators[CURATOR] = true;
        _roles[RATE_ROLE][RATER] = true;
    }

    function enableIrm(address newIrm) external {
        require(curators[msg.sender], "not curator");
        require(newIrm != address(0), "zero irm");
        irm = newIrm;
    }

    function enableLltv(uint256 lltv) external {
        require(_roles[RATE_ROLE][msg.sender], "not rater");
        require(lltv < 100, "max LLTV exceeded");
        maxLltv = lltv;
    }

    function createMarket(uint256 lltv) external returns (uint256 id) {
        require(irm != address(0), "IRM not enabled");
        require(lltv != 0 && lltv <= maxLltv, "LLTV not enabled");
        return markets++;
    }

    function supply(uint256 id, uint256 amount) external {
        require(id < markets, "market not created");
        require(amount > 0 && amount < 1e30, "bad amount");
        totalSupply[id] += amount;
        supplied[id][msg.sender] += amount;
    }

    function borrow(uint256 id, uint256 amount) external {
        require(id < markets, "market not created");
        require(supplied[id][msg.sender] > 0, "no collateral");
        // Bug: no check of amount against the collateral times lltv.
        totalBorrow[id] += amount;
        assert(totalBorrow[id] <= totalSupply[id]); //@finding(assert-failure)
    }

    function sweep() external {
        require(curators[msg.sender], "not curator");
        payable(msg.sender).transfer(address(this).balance);
    }

    receive() external payable {}
}
