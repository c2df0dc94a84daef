// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

// Benchmark target: a maze-like contract for measuring fuzzer throughput and
// coverage growth. It has NO findings: no assert, no reachable panic (all
// arithmetic that can wrap is `unchecked`, every array index is reduced modulo
// the array length, every divisor is a non-zero constant) and almost no
// reverts (failed gates return early instead of reverting).
//
// Shape: a walker on a 6x6 grid (walls, doors, plain cells) whose `stage`
// advances 0..15 only when a narrow, invertible condition on the key holds
// (linear equations such as key * 3 + 7 == 1234, unchecked differences,
// ranges, bit masks, XOR constants, position and time conditions). Side
// puzzles (unlock, tune, dial, lever, mix, solve) set bits of `flags` through
// further nested comparisons against distinct constants. Every constant a
// condition needs appears in the code, so a fuzzer that mines PUSH constants
// and comparison operands can go deep; nothing depends on hash inversion.
contract Maze {
    event Moved(address indexed who, uint8 x, uint8 y, uint8 stage);
    event Blocked(address indexed who, uint8 dir, uint8 reason);
    event GateOpened(uint8 indexed stage, uint256 key);
    event FlagSet(uint8 indexed bit, uint32 flags);
    event Treasure(address indexed who, uint256 amount, uint256 round);
    event Tuned(uint16 x, uint16 y, uint32 z, uint8 zone);
    event Mixed(uint256 code, uint8 ones);
    event Solved(uint8 indexed puzzle, address who);

    uint8 internal constant PLAIN = 0;
    uint8 internal constant WALL = 1;
    uint8 internal constant DOOR = 2;
    uint8 internal constant SPRING = 3;
    uint8 internal constant SIZE = 6;
    uint8 internal constant LAST_STAGE = 15;

    uint8 public px;
    uint8 public py;
    uint8 public stage;
    uint32 public flags;
    uint256 public energy;
    uint256 public score;
    uint256 public moves;
    uint256 public rounds;
    uint256 public lastTime;
    uint256 public lastBlock;
    uint256 public dialValue;
    uint256 public mixCode;

    uint8[36] private cells;
    uint256[16] private trail;
    uint256 private trailHead;

    mapping(uint256 => uint256) public visits;
    mapping(address => uint256) public best;
    mapping(uint8 => uint256) public gateKeys;
    mapping(address => uint8) public levers;
    mapping(uint256 => bool) public solved;

    constructor() {
        energy = 500;
        lastTime = block.timestamp;
        lastBlock = block.number;
        _layout();
    }

    // ------------------------------------------------------------------
    // Layout
    // ------------------------------------------------------------------

    function _layout() internal {
        // A fixed pattern of walls, doors and springs on the 6x6 grid.
        // Row-major index y * 6 + x.
        for (uint256 i = 0; i < 36; i++) {
            uint256 x = i % 6;
            uint256 y = i / 6;
            uint8 kind = PLAIN;
            if ((x == 2 && y != 4) || (y == 2 && x > 3)) {
                kind = WALL;
            }
            if ((x == 2 && y == 4) || (x == 4 && y == 2)) {
                kind = DOOR;
            }
            if ((x + y) % 5 == 0 && x != 2 && y != 2 && i != 0) {
                kind = SPRING;
            }
            cells[i] = kind;
        }
    }

    // ------------------------------------------------------------------
    // Main entry: walking
    // ------------------------------------------------------------------

    /// Move one cell in direction dir (0 north, 1 east, 2 south, 3 west);
    /// other directions are "spins" that interact with the key instead.
    function step(uint8 dir, uint256 key) public returns (bool) {
        unchecked {
            moves += 1;
            if (dir > 3) {
                _spin(dir, key);
                return false;
            }
            (uint8 nx, uint8 ny, bool inside) = _next(dir);
            if (!inside) {
                emit Blocked(msg.sender, dir, 0);
                return false;
            }
            uint8 kind = cells[(uint256(ny) * SIZE + nx) % 36];
            if (kind == WALL) {
                emit Blocked(msg.sender, dir, 1);
                return false;
            }
            if (kind == DOOR) {
                if (!_door(nx, ny, key)) {
                    emit Blocked(msg.sender, dir, 2);
                    return false;
                }
            }
            if (energy == 0) {
                emit Blocked(msg.sender, dir, 3);
                return false;
            }
            energy -= 1;
            px = nx;
            py = ny;
            visits[uint256(ny) * SIZE + nx] += 1;
            if (kind == SPRING) {
                _spring(key);
            }
            _record(key);
            _checkStage(key);
            emit Moved(msg.sender, px, py, stage);
            return true;
        }
    }

    function _next(uint8 dir) internal view returns (uint8 nx, uint8 ny, bool inside) {
        nx = px;
        ny = py;
        if (dir == 0) {
            if (ny == 0) return (nx, ny, false);
            ny = ny - 1;
        } else if (dir == 1) {
            if (nx + 1 >= SIZE) return (nx, ny, false);
            nx = nx + 1;
        } else if (dir == 2) {
            if (ny + 1 >= SIZE) return (nx, ny, false);
            ny = ny + 1;
        } else {
            if (nx == 0) return (nx, ny, false);
            nx = nx - 1;
        }
        inside = true;
    }

    function _door(uint8 x, uint8 y, uint256 key) internal view returns (bool) {
        unchecked {
            if (x == 2 && y == 4) {
                // The lower door opens for keys in a narrow window.
                return key >= 2400 && key <= 2410;
            }
            if (x == 4 && y == 2) {
                // The right door wants a key whose low byte is 0x3c and
                // whose second byte equals the current stage.
                return (key & 0xff) == 0x3c && ((key >> 8) & 0xff) == stage;
            }
            return false;
        }
    }

    function _spring(uint256 key) internal {
        unchecked {
            if (key % 4 == 1) {
                energy += 5;
            } else if (key % 4 == 2) {
                energy += 2;
            } else if (energy > 10 && key % 4 == 3) {
                energy -= 3;
            }
            if (energy > 1000) {
                energy = 1000;
            }
        }
    }

    function _record(uint256 key) internal {
        unchecked {
            trail[trailHead % 16] = key;
            trailHead += 1;
        }
    }

    function _spin(uint8 dir, uint256 key) internal {
        unchecked {
            if (dir == 4) {
                if (key == 0) {
                    score += 1;
                } else if (key < 16) {
                    score += key;
                }
            } else if (dir == 5) {
                if (key > 0xffff && key < 0x1ffff) {
                    energy += 10;
                    if (energy > 1000) energy = 1000;
                }
            } else if (dir == 7) {
                if (stage >= 3 && key == 7777) {
                    _setFlag(20);
                }
            } else if (dir == 200) {
                if (px == 0 && py == 0) {
                    // Back at the start: refill.
                    energy = 500;
                }
            } else if (dir >= 250) {
                if (key & 1 == 1 && key & 2 == 0 && key & 4 == 4) {
                    _setFlag(21);
                }
            }
        }
    }

    // ------------------------------------------------------------------
    // Stages: each advances only under a narrow, invertible condition.
    // ------------------------------------------------------------------

    function _checkStage(uint256 key) internal {
        unchecked {
            uint8 s = stage;
            bool open = false;
            if (s == 0) {
                open = key * 3 + 7 == 1234;
            } else if (s == 1) {
                open = key - moves == 77; //@target
            } else if (s == 2) {
                open = key >= 5000 && key <= 5100 && key % 7 == 3;
            } else if (s == 3) {
                open = (key & 0xf0) == 0xa0 && (key & 0x0f) == 0x05;
            } else if (s == 4) {
                open = (key ^ 0xbeef) == 0x1234;
            } else if (s == 5) {
                open = key / 13 == 411;
            } else if (s == 6) {
                open = px == 3 && py == 4 && key == 64;
            } else if (s == 7) {
                open = key + energy == 999;
            } else if (s == 8) {
                open = (key >> 8) == 0xcafe;
            } else if (s == 9) {
                open = key * key == 144;
            } else if (s == 10) {
                open = key > score && key < score + 10;
            } else if (s == 11) {
                open = uint16(key) == 0xfffe && key > 0xffff && key < 0x1000000;
            } else if (s == 12) {
                open = _ones(key & 0xff) == 5 && key < 256;
            } else if (s == 13) {
                open = key % 1000 == 777 && key / 1000 == 3;
            } else if (s == 14) {
                open = block.timestamp > lastTime + 60 && key == 14;
            } else if (s == LAST_STAGE) {
                open = key == 0xdeadbeef;
            }
            if (!open) {
                return;
            }
            gateKeys[s] = key;
            emit GateOpened(s, key);
            if (s == LAST_STAGE) {
                _treasure();
            } else {
                stage = s + 1;
                score += uint256(s) * 10 + 10;
                lastTime = block.timestamp;
            }
        }
    }

    function _treasure() internal {
        unchecked {
            rounds += 1;
            uint256 amount = score + uint256(flags & 0xffff);
            if (amount > best[msg.sender]) {
                best[msg.sender] = amount;
            }
            emit Treasure(msg.sender, amount, rounds);
            stage = 0;
            px = 0;
            py = 0;
            energy = 500;
        }
    }

    function _ones(uint256 v) internal pure returns (uint8 n) {
        for (uint256 i = 0; i < 8; i++) {
            if ((v >> i) & 1 == 1) {
                n += 1;
            }
        }
    }

    // ------------------------------------------------------------------
    // Side puzzles: each sets a bit of `flags`.
    // ------------------------------------------------------------------

    function _setFlag(uint8 bit) internal {
        uint32 mask = uint32(1) << (bit % 32);
        if (flags & mask != 0) {
            return;
        }
        flags |= mask;
        emit FlagSet(bit, flags);
    }

    /// Two-operand lock with several independent combinations.
    function unlock(uint256 a, uint256 b) public returns (uint8) {
        unchecked {
            if (a - b == 77) {
                if (a > 1000 && a < 2000) {
                    _setFlag(0);
                    return 1;
                }
                if (b == 4000) {
                    _setFlag(1);
                    return 2;
                }
                return 3;
            }
            if (a + b == 500) {
                if (a > b) {
                    if (a - b == 100) {
                        _setFlag(2);
                        return 4;
                    }
                    return 5;
                }
                if (b - a == 250) {
                    _setFlag(3);
                    return 6;
                }
                return 7;
            }
            if (a * 2 == b + 3) {
                if (b > 90 && b < 100) {
                    _setFlag(4);
                    return 8;
                }
                return 9;
            }
            if (a == 0x1337 && b > a) {
                if (b & 0xff00 == 0x4200) {
                    _setFlag(5);
                    return 10;
                }
                return 11;
            }
            if (a > 0xfffffff && b == a >> 4) {
                _setFlag(6);
                return 12;
            }
            return 0;
        }
    }

    /// Nested ranges over small integer types.
    function tune(uint16 x, uint16 y, uint32 z) public returns (uint8 zone) {
        unchecked {
            if (x < 1000) {
                if (y < 1000) {
                    zone = 1;
                    if (x + y == 1500) zone = 2;
                    if (x == y && x == 321) {
                        zone = 3;
                        _setFlag(7);
                    }
                } else if (y < 20000) {
                    zone = 4;
                    if (uint32(y) - uint32(x) == 12345) {
                        zone = 5;
                        _setFlag(8);
                    }
                } else {
                    zone = 6;
                    if (z == uint32(y) * 3) {
                        zone = 7;
                        _setFlag(9);
                    }
                }
            } else if (x < 40000) {
                if (z > 1_000_000 && z < 1_000_100) {
                    zone = 8;
                    if (x % 100 == 42 && y % 100 == 24) {
                        zone = 9;
                        _setFlag(10);
                    }
                } else if (z == 0) {
                    zone = 10;
                } else {
                    zone = 11;
                    if (x / 1000 == 33 && y == 65535) {
                        zone = 12;
                        _setFlag(11);
                    }
                }
            } else {
                zone = 13;
                if (x == 0xffff && y == 0 && z == 0xffffffff) {
                    zone = 14;
                    _setFlag(12);
                }
            }
            emit Tuned(x, y, z, zone);
        }
    }

    /// Signed comparisons: a dial that must be turned into narrow bands.
    function dial(int256 v) public returns (int8 band) {
        unchecked {
            if (v < 0) {
                if (v > -100) {
                    band = -1;
                } else if (v > -1000) {
                    band = -2;
                    if (v == -555) {
                        band = -3;
                        _setFlag(13);
                    }
                } else {
                    band = -4;
                    if (v < -1_000_000 && v > -1_000_050) {
                        band = -5;
                        _setFlag(14);
                    }
                }
            } else if (v == 0) {
                band = 0;
            } else {
                if (v < 100) {
                    band = 1;
                } else if (v * 2 - 9 == 991) {
                    band = 2;
                    _setFlag(15);
                } else {
                    band = 3;
                }
            }
            dialValue = uint256(v);
        }
    }

    /// Levers: a per-sender 8-bit combination built one lever at a time.
    function lever(uint8 id, bool on) public returns (uint8 state) {
        unchecked {
            if (id >= 8) {
                return levers[msg.sender];
            }
            uint8 mask = uint8(1) << id;
            state = levers[msg.sender];
            if (on) {
                state |= mask;
            } else {
                state &= ~mask;
            }
            levers[msg.sender] = state;
            if (state == 0x5a) {
                _setFlag(16);
            } else if (state == 0xa5) {
                _setFlag(17);
            } else if (state == 0xff && stage > 0) {
                _setFlag(18);
            }
        }
    }

    /// A small loop that folds the input into a code, then compares ranges
    /// and bit patterns of the result.
    function mix(uint256 v) public returns (uint256 code) {
        unchecked {
            uint8 ones = 0;
            for (uint256 i = 0; i < 8; i++) {
                uint256 nib = (v >> (i * 4)) & 0xf;
                if (nib == i) {
                    code |= uint256(1) << i;
                    ones += 1;
                } else if (nib == 15 - i) {
                    code += 0x100;
                }
            }
            if (ones == 8) {
                _setFlag(19);
            } else if (ones >= 4 && code & 0xf == 0xf) {
                code += 0x10000;
            }
            if (code >= 0x800 && code < 0x900) {
                code ^= 0xabc;
            }
            mixCode = code;
            emit Mixed(code, ones);
        }
    }

    /// A three-unknown linear system; solving it requires two equalities and
    /// a range at once. Several variants, each its own puzzle.
    function solve(uint256 a, uint256 b, uint256 c) public returns (bool) {
        unchecked {
            if (a + b == 300) {
                if (b - c == 40) {
                    if (a * 2 == c + 100) {
                        return _solved(1);
                    }
                }
                return false;
            }
            if (a == b && b == c) {
                if (a == 31) return _solved(2);
                if (a > 1_000_000 && a < 1_000_010) return _solved(3);
                return false;
            }
            if (a < b && b < c) {
                if (c - a == 3 && a == 1000) return _solved(4);
                if (c == 65536 && a == 1) return _solved(5);
                return false;
            }
            if (a > b && b > c) {
                if (a - c == 1_000_000 && c == 5) return _solved(6);
                return false;
            }
            if ((a | b | c) == 0xff && (a & b) == 0 && (b & c) == 0 && (a & c) == 0) {
                if (a == 0x0f) return _solved(7);
                return false;
            }
            return false;
        }
    }

    function _solved(uint8 puzzle) internal returns (bool) {
        if (solved[puzzle]) {
            return false;
        }
        solved[puzzle] = true;
        unchecked {
            score += uint256(puzzle) * 7;
        }
        _setFlag(uint8(21 + puzzle));
        emit Solved(puzzle, msg.sender);
        return true;
    }

    /// Time- and block-dependent branches (the fuzzer advances both between
    /// transactions).
    function wait(uint256 minutesHint) public returns (uint8) {
        unchecked {
            uint256 dt = block.timestamp - lastTime;
            uint256 db = block.number - lastBlock;
            lastBlock = block.number;
            if (dt > 3600) {
                if (minutesHint == dt / 60) {
                    _setFlag(29);
                    return 1;
                }
                energy += 20;
                if (energy > 1000) energy = 1000;
                return 2;
            }
            if (db > 10 && db < 20) {
                _setFlag(30);
                return 3;
            }
            if (dt == 0) {
                return 4;
            }
            return 5;
        }
    }

    /// Teleport to a cell if the code matches its coordinates; costs energy.
    function teleport(uint8 x, uint8 y, uint256 code) public returns (bool) {
        unchecked {
            if (x >= SIZE || y >= SIZE) {
                return false;
            }
            uint8 kind = cells[(uint256(y) * SIZE + x) % 36];
            if (kind == WALL || kind == DOOR) {
                return false;
            }
            if (code != uint256(x) * 1000 + uint256(y) * 10 + 7) {
                return false;
            }
            if (energy < 50) {
                return false;
            }
            energy -= 50;
            px = x;
            py = y;
            visits[uint256(y) * SIZE + x] += 1;
            emit Moved(msg.sender, x, y, stage);
            return true;
        }
    }

    /// Give up: back to the start, keeping flags but halving the score.
    function restart() public {
        px = 0;
        py = 0;
        stage = 0;
        energy = 500;
        score = score / 2;
        lastTime = block.timestamp;
    }

    // ------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------

    function position() public view returns (uint8, uint8, uint8) {
        return (px, py, stage);
    }

    function cellAt(uint8 x, uint8 y) public view returns (uint8) {
        if (x >= SIZE || y >= SIZE) {
            return WALL;
        }
        return cells[(uint256(y) * SIZE + x) % 36];
    }

    function trailAt(uint256 i) public view returns (uint256) {
        return trail[i % 16];
    }

    function flagCount() public view returns (uint8 n) {
        uint32 f = flags;
        for (uint256 i = 0; i < 32; i++) {
            if ((f >> i) & 1 == 1) {
                n += 1;
            }
        }
    }

    function progress() public view returns (uint256) {
        unchecked {
            return uint256(stage) * 1000 + uint256(flagCount()) * 10 + (score % 10);
        }
    }

    function visitedCells() public view returns (uint8 n) {
        for (uint256 i = 0; i < 36; i++) {
            if (visits[i] > 0) {
                n += 1;
            }
        }
    }

    function isSolved(uint8 puzzle) public view returns (bool) {
        return solved[puzzle];
    }
}
