// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Lookahead benchmark: an order book. `matchOrders` and `sweep` loop over
// the book, so every book size and match pattern is a new path. The target,
// the circuit breaker in `movePrice`, trips only on the second price move
// of more than 50% once the traded volume exceeds 1,000: orders must be
// placed on both sides at far-apart prices and matched twice.
contract Exchange {
    struct Order {
        address owner;
        uint128 price;
        uint128 amount;
        bool buy;
    }

    Order[] public book;
    mapping(address => uint256) public filled;
    uint256 public lastPrice = 100;
    uint256 public volume;
    uint256 public strikes;
    bool public halted;

    event Placed(uint256 indexed id, address owner, uint128 price, uint128 amount, bool buy);
    event Trade(uint256 indexed bid, uint256 indexed ask, uint128 price, uint128 amount);
    event Halted(uint256 price, uint256 volume);

    function place(uint128 price, uint128 amount, bool buy) external returns (uint256 id) {
        require(!halted, "halted");
        require(price > 0 && amount > 0, "empty");
        require(book.length < 24, "full");
        id = book.length;
        book.push(Order(msg.sender, price, amount, buy));
        emit Placed(id, msg.sender, price, amount, buy);
    }

    function cancel(uint256 id) external {
        require(id < book.length, "no order");
        Order storage o = book[id];
        require(o.owner == msg.sender, "not yours");
        o.amount = 0;
    }

    // Matches each bid against the asks after it, at most `maxSteps` pairs.
    function matchOrders(uint256 maxSteps) external {
        require(!halted, "halted");
        uint256 steps = maxSteps % 64;
        uint256 n = book.length;
        for (uint256 i = 0; i < n && steps > 0; i++) {
            for (uint256 j = i + 1; j < n && steps > 0; j++) {
                steps--;
                Order storage a = book[i];
                Order storage b = book[j];
                if (a.buy == b.buy || a.amount == 0 || b.amount == 0) {
                    continue;
                }
                (Order storage bid, Order storage ask) = a.buy ? (a, b) : (b, a);
                if (bid.price < ask.price) {
                    continue;
                }
                uint128 q = bid.amount < ask.amount ? bid.amount : ask.amount;
                bid.amount -= q;
                ask.amount -= q;
                filled[bid.owner] += q;
                filled[ask.owner] += q;
                volume += q;
                emit Trade(a.buy ? i : j, a.buy ? j : i, ask.price, q);
                movePrice(ask.price);
                if (halted) {
                    return;
                }
            }
        }
    }

    // Drops empty orders from the end of the book.
    function sweep(uint256 limit) external {
        uint256 k = limit % 32;
        while (k > 0 && book.length > 0 && book[book.length - 1].amount == 0) {
            book.pop();
            k--;
        }
    }

    function movePrice(uint256 p) internal {
        uint256 old = lastPrice;
        lastPrice = p;
        if (p > (old * 3) / 2 || p < old / 2) {
            strikes++;
            if (strikes >= 2 && volume > 1000) {
                halted = true; //@target
                emit Halted(p, volume);
            }
        }
    }
}
