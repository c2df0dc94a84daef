// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

import "forge-std/Test.sol";
import {Morpho} from "../src/Morpho.sol";
import {MarketParams} from "../src/interfaces/IMorpho.sol";
import {MarketParamsLib} from "../src/libraries/MarketParamsLib.sol";
import {ERC20Mock} from "../src/mocks/ERC20Mock.sol";
import {IrmMock} from "../src/mocks/IrmMock.sol";
import {OracleMock} from "../src/mocks/OracleMock.sol";

// MorphoUser is one lender and borrower of the market: every user function
// of Morpho needs the owner's set-up first (enableIrm, enableLltv), then a
// market, so the fuzzer drives Morpho through it.
contract MorphoUser {
    Morpho internal immutable morpho;
    ERC20Mock internal immutable loan;
    ERC20Mock internal immutable coll;
    MarketParams internal params;

    constructor(Morpho morpho_, MarketParams memory params_) {
        morpho = morpho_;
        params = params_;
        loan = ERC20Mock(params_.loanToken);
        coll = ERC20Mock(params_.collateralToken);
        loan.approve(address(morpho_), type(uint256).max);
        coll.approve(address(morpho_), type(uint256).max);
    }

    function supply(uint64 assets) external {
        loan.setBalance(address(this), loan.balanceOf(address(this)) + assets);
        morpho.supply(params, assets, 0, address(this), "");
    }

    function withdraw(uint64 assets) external {
        morpho.withdraw(params, assets, 0, address(this), address(this));
    }

    function supplyCollateral(uint64 assets) external {
        coll.setBalance(address(this), coll.balanceOf(address(this)) + assets);
        morpho.supplyCollateral(params, assets, address(this), "");
    }

    function borrow(uint64 assets) external {
        morpho.borrow(params, assets, 0, address(this), address(this));
    }

    function repay(uint64 assets) external {
        loan.setBalance(address(this), loan.balanceOf(address(this)) + assets);
        morpho.repay(params, assets, 0, address(this), "");
    }
}

contract MorphoOwnerInvariants is Test {
    using MarketParamsLib for MarketParams;

    Morpho internal morpho;
    ERC20Mock internal loan;
    MarketParams internal params;
    address[] private targets;

    function setUp() public {
        address owner = address(0x0A11CE);
        morpho = new Morpho(owner);
        loan = new ERC20Mock();
        ERC20Mock coll = new ERC20Mock();
        IrmMock irm = new IrmMock();
        OracleMock oracle = new OracleMock();
        oracle.setPrice(1e36);
        params = MarketParams(address(loan), address(coll), address(oracle), address(irm), 0.8e18);
        vm.startPrank(owner);
        morpho.enableIrm(address(irm));
        morpho.enableLltv(0.8e18);
        vm.stopPrank();
        morpho.createMarket(params);
        targets.push(address(new MorphoUser(morpho, params)));
        targets.push(address(new MorphoUser(morpho, params)));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    // What Morpho holds of the loan token, plus what it lent, backs what
    // its lenders are owed.
    function invariant_backed() public view {
        (uint128 supplied,, uint128 borrowed,,,) = morpho.market(params.id());
        require(loan.balanceOf(address(morpho)) + borrowed >= supplied, "unbacked");
    }
}
