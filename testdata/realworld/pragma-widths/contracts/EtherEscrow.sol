// SPDX-License-Identifier: MIT
pragma solidity =0.7.6;

import '@uniswap/v3-core/contracts/libraries/LowGasSafeMath.sol';
import '@uniswap/v3-periphery/contracts/libraries/TransferHelper.sol';

// Ether credits in solc 0.7.6, whose arithmetic wraps silently: the sums
// go through Uniswap's LowGasSafeMath and payouts through its
// TransferHelper. scripts/check-realworld plants a bug in withdraw (the
// checked subtraction becomes a bare one, which wraps: SWC-101).
contract EtherEscrow {
    using LowGasSafeMath for uint256;

    mapping(address => uint256) public credit;
    uint256 public total;

    function deposit() external payable {
        credit[msg.sender] = credit[msg.sender].add(msg.value);
        total = total.add(msg.value);
    }

    function withdraw(uint256 amount) external {
        credit[msg.sender] = credit[msg.sender].sub(amount);
        total = total.sub(amount);
        TransferHelper.safeTransferETH(msg.sender, amount);
    }
}
