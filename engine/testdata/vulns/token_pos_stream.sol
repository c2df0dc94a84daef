// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// A token stream whose withdraw forgot to check the caller: any account
// withdraws from a stream another user funded, and is paid the tokens.
// The fuzzer mints itself tokens, creates a stream as one user (every
// sender approved Streams at deployment, as users of a deployed stream
// have) and withdraws it as another (token-theft: paid tokens it never
// paid in, out of another's deposit, named by nobody).
contract StreamToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint() external {
        balanceOf[msg.sender] += 1000;
        totalSupply += 1000;
        emit Transfer(address(0), msg.sender, 1000);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount, "allowance");
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

contract Streams {
    struct Stream {
        address sender;
        address recipient;
        uint256 remaining;
    }

    StreamToken public immutable token;
    Stream[] public streams;

    constructor(StreamToken t) {
        token = t;
    }

    function create(address recipient, uint256 amount) external returns (uint256) {
        require(amount > 0, "empty");
        token.transferFrom(msg.sender, address(this), amount);
        streams.push(Stream(msg.sender, recipient, amount));
        return streams.length - 1;
    }

    function withdraw(uint256 id) external { //@finding(token-theft)
        Stream storage s = streams[id];
        uint256 amount = s.remaining;
        s.remaining = 0;
        token.transfer(msg.sender, amount);
    }
}
