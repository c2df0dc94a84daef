// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// Negative twin of swc101_pos_cap04.sol: the wrap-arounds happen but the
// code checks them itself without reverting. tryAdd() compares the sum
// with an operand (OpenZeppelin's tryAdd idiom) and tryMul() divides the
// product by an operand; a failed check keeps the old value. The ticket
// counter is a uint8 that wraps on purpose (a ring of 256 slots) and is
// only compared with != . Expected findings: none.
contract CheckedWrap04 {
    uint256 public reserved;
    uint256 public area;
    uint8 public head;
    uint8 public tail;
    uint256 public rejected;

    function tryAdd(uint256 a, uint256 b) internal pure returns (bool, uint256) {
        uint256 c = a + b;
        if (c < a) {
            return (false, 0);
        }
        return (true, c);
    }

    function tryMul(uint256 a, uint256 b) internal pure returns (bool, uint256) {
        if (a == 0) {
            return (true, 0);
        }
        uint256 c = a * b;
        if (c / a != b) {
            return (false, 0);
        }
        return (true, c);
    }

    function reserve(uint256 seats) public {
        bool ok;
        uint256 total;
        (ok, total) = tryAdd(reserved, seats);
        if (ok) {
            reserved = total;
        } else {
            rejected += 1;
        }
    }

    function setArea(uint256 w, uint256 h) public {
        bool ok;
        uint256 a;
        (ok, a) = tryMul(w, h);
        if (ok) {
            area = a;
        }
    }

    function push() public {
        uint8 next = head + 1;
        if (next != tail) {
            head = next;
        }
    }

    function pop() public {
        if (tail != head) {
            tail = tail + 1;
        }
    }
}
