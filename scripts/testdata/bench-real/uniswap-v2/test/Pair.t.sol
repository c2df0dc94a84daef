pragma solidity =0.5.16;

import {ERC20} from "@uniswap/v2-core/contracts/test/ERC20.sol";
import {UniswapV2Factory} from "@uniswap/v2-core/contracts/UniswapV2Factory.sol";
import {UniswapV2Pair} from "@uniswap/v2-core/contracts/UniswapV2Pair.sol";

// Only the cheatcode used here: no test library (none compiles with
// 0.5.16), as forge and Foresight both read targetContracts() and
// invariant_ functions without one.
interface Vm {
    function prank(address sender) external;
}

// Trades on Uniswap v2's pair as one of three funded users, the way its
// router does (tokens sent first, then mint, swap or burn), amounts bounded
// by what the user holds and swaps priced by the constant product so that
// most calls change state instead of reverting.
contract PairHandler {
    Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    UniswapV2Pair public pair;
    ERC20 public token0;
    ERC20 public token1;
    address[3] public users = [address(uint160(0x10001)), address(uint160(0x10002)), address(uint160(0x10003))];

    constructor(UniswapV2Pair p) public {
        pair = p;
        token0 = ERC20(p.token0());
        token1 = ERC20(p.token1());
    }

    function send(ERC20 token, address from, uint amount) internal {
        vm.prank(from);
        token.transfer(address(pair), amount);
    }

    function addLiquidity(uint who, uint amount0, uint amount1) external {
        address u = users[who % 3];
        send(token0, u, amount0 % (token0.balanceOf(u) + 1));
        send(token1, u, amount1 % (token1.balanceOf(u) + 1));
        pair.mint(u);
    }

    function removeLiquidity(uint who, uint liquidity) external {
        address u = users[who % 3];
        liquidity %= pair.balanceOf(u) + 1;
        vm.prank(u);
        pair.transfer(address(pair), liquidity);
        pair.burn(u);
    }

    function swap(uint who, uint amountIn, bool zeroForOne) external {
        address u = users[who % 3];
        (uint112 r0, uint112 r1,) = pair.getReserves();
        (ERC20 tokenIn, uint reserveIn, uint reserveOut) = zeroForOne ? (token0, uint(r0), uint(r1)) : (token1, uint(r1), uint(r0));
        // 0.5.16 divides by zero with INVALID, which forge reports as a
        // failure even where reverts pass: no price without liquidity.
        require(reserveIn > 0 && reserveOut > 0, "no liquidity");
        amountIn %= tokenIn.balanceOf(u) + 1;
        // UniswapV2Library.getAmountOut: the 0.3% fee taken from the input.
        uint out = amountIn * 997 * reserveOut / (reserveIn * 1000 + amountIn * 997);
        send(tokenIn, u, amountIn);
        pair.swap(zeroForOne ? 0 : out, zeroForOne ? out : 0, u, "");
    }

    // Tokens sent without a mint: the pair's balance above its reserves,
    // which skim pays out and sync books.
    function donate(uint who, uint amount, bool zero) external {
        address u = users[who % 3];
        ERC20 token = zero ? token0 : token1;
        send(token, u, amount % (token.balanceOf(u) + 1));
    }

    function skim(uint who) external {
        pair.skim(users[who % 3]);
    }

    function sync() external {
        pair.sync();
    }
}

contract PairInvariants {
    UniswapV2Pair internal pair;
    PairHandler internal handler;
    address[] private targets;

    function setUp() public {
        ERC20 a = new ERC20(3e27);
        ERC20 b = new ERC20(3e27);
        UniswapV2Factory factory = new UniswapV2Factory(address(this));
        pair = UniswapV2Pair(factory.createPair(address(a), address(b)));
        handler = new PairHandler(pair);
        for (uint i = 0; i < 3; i++) {
            a.transfer(handler.users(i), 1e27);
            b.transfer(handler.users(i), 1e27);
        }
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    // One invariant, so that forge (which runs a campaign per invariant)
    // and Foresight (which checks all after each call) price the same
    // transactions: the reserves never promise more than the pair holds,
    // and liquidity tokens are held by the users and address(0) (the
    // locked minimum) only, between calls, as no fee is on.
    function invariant_solvent() public view {
        (uint112 r0, uint112 r1,) = pair.getReserves();
        require(r0 <= handler.token0().balanceOf(address(pair)), "reserve0 > balance");
        require(r1 <= handler.token1().balanceOf(address(pair)), "reserve1 > balance");
        uint sum = pair.balanceOf(address(0)) + pair.balanceOf(address(pair));
        for (uint i = 0; i < 3; i++) {
            sum += pair.balanceOf(handler.users(i));
        }
        require(sum == pair.totalSupply(), "liquidity != supply");
    }
}
