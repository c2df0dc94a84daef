// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Deploys only with a non-zero treasury that is not the deployer and a
// salt that matches a magic number: the zero-address and equality requires
// are branches the deployment search solves. The bug is only reachable
// once deployed.
contract Treasury {
    address public treasury;
    uint256 public total;

    constructor(address treasury_, uint64 salt) {
        require(treasury_ != address(0), "zero treasury");
        require(treasury_ != msg.sender, "deployer is no treasury");
        require(salt == 0x5eed_cafe_f00d, "bad salt");
        treasury = treasury_;
    }

    function collect(uint256 amount) external {
        total += amount % 100;
        assert(total != 77); //@finding(assert-failure)
    }
}
