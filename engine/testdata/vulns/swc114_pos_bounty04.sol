pragma solidity ^0.4.24;

// A bounty for the first claimer to name the right key: the key travels in
// a pending transaction, so a copier with a faster transaction is paid in
// its place (front-running). A claim costs a 1 finney bond (the winner
// paid in: no ether leak); claims after the bounty is paid revert.
contract Bounty {
    uint256 public constant BOND = 1 finney;
    address public winner;

    function claim(uint256 key) public payable {
        require(msg.value == BOND);
        require(winner == address(0));
        require(key == 7);
        winner = msg.sender;
        msg.sender.transfer(1 ether); //@finding(SWC-114)
    }
}
