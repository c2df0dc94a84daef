// Copyright 2020 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package vm

import (
	"errors"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

func makeGasSStoreFunc(clearingRefund uint64) gasFunc {
	return func(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
		if evm.readOnly {
			return GasCosts{}, ErrWriteProtection
		}
		// If we fail the minimum gas availability invariant, fail (0)
		if contract.Gas.ExecutionGas <= params.SstoreSentryGasEIP2200 {
			return GasCosts{}, errors.New("not enough gas for reentrancy sentry")
		}
		// Gas sentry honoured, do the actual gas calculation based on the stored value
		var (
			y, x              = stack.back(1), stack.peek()
			slot              = common.Hash(x.Bytes32())
			current, original = evm.StateDB.GetStateAndCommittedState(contract.Address(), slot)
			cost              = uint64(0)
		)
		// Check slot presence in the access list
		if _, slotPresent := evm.StateDB.SlotInAccessList(contract.Address(), slot); !slotPresent {
			cost = params.ColdSloadCostEIP2929
			// If the caller cannot afford the cost, this change will be rolled back
			evm.StateDB.AddSlotToAccessList(contract.Address(), slot)
		}
		value := common.Hash(y.Bytes32())

		if current == value { // noop (1)
			// EIP 2200 original clause:
			//		return params.SloadGasEIP2200, nil
			return GasCosts{ExecutionGas: cost + params.WarmStorageReadCostEIP2929}, nil // SLOAD_GAS
		}
		if original == current {
			if original == (common.Hash{}) { // create slot (2.1.1)
				return GasCosts{ExecutionGas: cost + params.SstoreSetGasEIP2200}, nil
			}
			if value == (common.Hash{}) { // delete slot (2.1.2b)
				evm.StateDB.AddRefund(clearingRefund)
			}
			// EIP-2200 original clause:
			//		return params.SstoreResetGasEIP2200, nil // write existing slot (2.1.2)
			return GasCosts{ExecutionGas: cost + (params.SstoreResetGasEIP2200 - params.ColdSloadCostEIP2929)}, nil // write existing slot (2.1.2)
		}
		if original != (common.Hash{}) {
			if current == (common.Hash{}) { // recreate slot (2.2.1.1)
				evm.StateDB.SubRefund(clearingRefund)
			} else if value == (common.Hash{}) { // delete slot (2.2.1.2)
				evm.StateDB.AddRefund(clearingRefund)
			}
		}
		if original == value {
			if original == (common.Hash{}) { // reset to original inexistent slot (2.2.2.1)
				// EIP 2200 Original clause:
				//evm.StateDB.AddRefund(params.SstoreSetGasEIP2200 - params.SloadGasEIP2200)
				evm.StateDB.AddRefund(params.SstoreSetGasEIP2200 - params.WarmStorageReadCostEIP2929)
			} else { // reset to original existing slot (2.2.2.2)
				// EIP 2200 Original clause:
				//	evm.StateDB.AddRefund(params.SstoreResetGasEIP2200 - params.SloadGasEIP2200)
				// - SSTORE_RESET_GAS redefined as (5000 - COLD_SLOAD_COST)
				// - SLOAD_GAS redefined as WARM_STORAGE_READ_COST
				// Final: (5000 - COLD_SLOAD_COST) - WARM_STORAGE_READ_COST
				evm.StateDB.AddRefund((params.SstoreResetGasEIP2200 - params.ColdSloadCostEIP2929) - params.WarmStorageReadCostEIP2929)
			}
		}
		// EIP-2200 original clause:
		//return params.SloadGasEIP2200, nil // dirty update (2.2)
		return GasCosts{ExecutionGas: cost + params.WarmStorageReadCostEIP2929}, nil // dirty update (2.2)
	}
}

// gasSLoadEIP2929 calculates dynamic gas for SLOAD according to EIP-2929
// For SLOAD, if the (address, storage_key) pair (where address is the address of the contract
// whose storage is being read) is not yet in accessed_storage_keys,
// charge 2100 gas and add the pair to accessed_storage_keys.
// If the pair is already in accessed_storage_keys, charge 100 gas.
func gasSLoadEIP2929(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	loc := stack.peek()
	slot := common.Hash(loc.Bytes32())
	if _, slotPresent := evm.StateDB.SlotInAccessList(contract.Address(), slot); !slotPresent {
		evm.StateDB.AddSlotToAccessList(contract.Address(), slot)
		return GasCosts{ExecutionGas: params.ColdSloadCostEIP2929}, nil
	}
	return GasCosts{ExecutionGas: params.WarmStorageReadCostEIP2929}, nil
}

// gasSLoad8038 mirrors gasSLoadEIP2929 but uses the EIP-8038 COLD_STORAGE_ACCESS
// for a cold slot.
func gasSLoad8038(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	loc := stack.peek()
	slot := common.Hash(loc.Bytes32())
	if _, slotPresent := evm.StateDB.SlotInAccessList(contract.Address(), slot); !slotPresent {
		evm.StateDB.AddSlotToAccessList(contract.Address(), slot)
		return GasCosts{ExecutionGas: params.ColdStorageAccessAmsterdam}, nil
	}
	return GasCosts{ExecutionGas: params.WarmStorageReadCostEIP2929}, nil
}

// gasExtCodeCopyEIP2929 implements extcodecopy according to EIP-2929
// EIP spec:
// > If the target is not in accessed_addresses,
// > charge COLD_ACCOUNT_ACCESS_COST gas, and add the address to accessed_addresses.
// > Otherwise, charge WARM_STORAGE_READ_COST gas.
func gasExtCodeCopyEIP2929(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	// memory expansion first (dynamic part of pre-2929 implementation)
	gasCost, err := gasExtCodeCopy(evm, contract, stack, mem, memorySize)
	if err != nil {
		return GasCosts{}, err
	}
	gas := gasCost.ExecutionGas
	addr := common.Address(stack.peek().Bytes20())
	// Check slot presence in the access list
	if !evm.StateDB.AddressInAccessList(addr) {
		evm.StateDB.AddAddressToAccessList(addr)
		var overflow bool
		// We charge (cold-warm), since 'warm' is already charged as constantGas
		if gas, overflow = math.SafeAdd(gas, params.ColdAccountAccessCostEIP2929-params.WarmStorageReadCostEIP2929); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		return GasCosts{ExecutionGas: gas}, nil
	}
	return GasCosts{ExecutionGas: gas}, nil
}

// gasExtCodeCopy8038 mirrors gasExtCodeCopyEIP2929 but uses the EIP-8038
// COLD_ACCOUNT_ACCESS and adds an extra WARM_ACCESS for the second
// database read EXTCODECOPY performs.
func gasExtCodeCopy8038(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	// memory expansion first (dynamic part of pre-2929 implementation)
	gasCost, err := gasExtCodeCopy(evm, contract, stack, mem, memorySize)
	if err != nil {
		return GasCosts{}, err
	}
	gas := gasCost.ExecutionGas
	addr := common.Address(stack.peek().Bytes20())
	// Check slot presence in the access list
	if !evm.StateDB.AddressInAccessList(addr) {
		evm.StateDB.AddAddressToAccessList(addr)
		var overflow bool
		// We charge (cold-warm), since 'warm' is already charged as constantGas
		if gas, overflow = math.SafeAdd(gas, params.ColdAccountAccessAmsterdam-params.WarmStorageReadCostEIP2929); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
	}
	// Additional WARM_ACCESS for the second database read (contract code).
	var overflow bool
	if gas, overflow = math.SafeAdd(gas, params.WarmStorageReadCostEIP2929); overflow {
		return GasCosts{}, ErrGasUintOverflow
	}
	return GasCosts{ExecutionGas: gas}, nil
}

// gasEip2929AccountCheck checks whether the first stack item (as address) is present in the access list.
// If it is, this method returns '0', otherwise 'cold-warm' gas, presuming that the opcode using it
// is also using 'warm' as constant factor.
// This method is used by:
// - extcodehash,
// - extcodesize,
// - (ext) balance
func gasEip2929AccountCheck(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	addr := common.Address(stack.peek().Bytes20())
	// Check slot presence in the access list
	if !evm.StateDB.AddressInAccessList(addr) {
		// If the caller cannot afford the cost, this change will be rolled back
		evm.StateDB.AddAddressToAccessList(addr)
		// The warm storage read cost is already charged as constantGas
		return GasCosts{ExecutionGas: params.ColdAccountAccessCostEIP2929 - params.WarmStorageReadCostEIP2929}, nil
	}
	return GasCosts{}, nil
}

// gasEip8038AccountCheck mirrors gasEip2929AccountCheck but uses the EIP-8038
// COLD_ACCOUNT_ACCESS. Used by BALANCE and EXTCODEHASH.
func gasEip8038AccountCheck(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	addr := common.Address(stack.peek().Bytes20())
	// Check slot presence in the access list
	if !evm.StateDB.AddressInAccessList(addr) {
		// If the caller cannot afford the cost, this change will be rolled back
		evm.StateDB.AddAddressToAccessList(addr)
		// The warm storage read cost is already charged as constantGas
		return GasCosts{ExecutionGas: params.ColdAccountAccessAmsterdam - params.WarmStorageReadCostEIP2929}, nil
	}
	return GasCosts{}, nil
}

// gasExtCodeSize8038 prices EXTCODESIZE under EIP-8038: the gasEip8038AccountCheck
// surcharge plus an additional WARM_ACCESS for the second database read (code size).
func gasExtCodeSize8038(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	cost, err := gasEip8038AccountCheck(evm, contract, stack, mem, memorySize)
	if err != nil {
		return GasCosts{}, err
	}
	// Additional WARM_ACCESS for the second database read (contract size).
	cost.ExecutionGas += params.WarmStorageReadCostEIP2929
	return cost, nil
}

func makeCallVariantGasCallEIP2929(oldCalculator gasFunc, addressPosition int) gasFunc {
	return func(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
		addr := common.Address(stack.back(addressPosition).Bytes20())
		// Check slot presence in the access list
		warmAccess := evm.StateDB.AddressInAccessList(addr)
		// The WarmStorageReadCostEIP2929 (100) is already deducted in the form of a constant cost, so
		// the cost to charge for cold access, if any, is Cold - Warm
		coldCost := params.ColdAccountAccessCostEIP2929 - params.WarmStorageReadCostEIP2929
		if !warmAccess {
			evm.StateDB.AddAddressToAccessList(addr)
			// Charge the remaining difference here already, to correctly calculate available
			// gas for call
			if !contract.chargeExecution(coldCost, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
		}
		// Now call the old calculator, which takes into account
		// - create new account
		// - transfer value
		// - memory expansion
		// - 63/64ths rule
		gasCost, err := oldCalculator(evm, contract, stack, mem, memorySize)
		if warmAccess || err != nil {
			return gasCost, err
		}
		// The charges above use GasChangeIgnored: they sit inside the interpreter's
		// opcode event, which reports the opcode's whole budget movement exactly once.

		// In case of a cold access, we temporarily add the cold charge back, and also
		// add it to the returned gas. By adding it to the return, it will be charged
		// outside of this function, as part of the dynamic gas, and that will make it
		// also become correctly reported to tracers.
		contract.Gas.ExecutionGas += coldCost
		contract.Gas.UsedExecutionGas -= coldCost

		gas := gasCost.ExecutionGas
		var overflow bool
		if gas, overflow = math.SafeAdd(gas, coldCost); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		return GasCosts{ExecutionGas: gas}, nil
	}
}

var (
	gasCallEIP2929         = makeCallVariantGasCallEIP2929(gasCall, 1)
	gasDelegateCallEIP2929 = makeCallVariantGasCallEIP2929(gasDelegateCall, 1)
	gasStaticCallEIP2929   = makeCallVariantGasCallEIP2929(gasStaticCall, 1)
	gasCallCodeEIP2929     = makeCallVariantGasCallEIP2929(gasCallCode, 1)
	gasSelfdestructEIP2929 = makeSelfdestructGasFn(true)
	// gasSelfdestructEIP3529 implements the changes in EIP-3529 (no refunds)
	gasSelfdestructEIP3529 = makeSelfdestructGasFn(false)

	// gasSStoreEIP2929 implements gas cost for SSTORE according to EIP-2929
	//
	// When calling SSTORE, check if the (address, storage_key) pair is in accessed_storage_keys.
	// If it is not, charge an additional COLD_SLOAD_COST gas, and add the pair to accessed_storage_keys.
	// Additionally, modify the parameters defined in EIP 2200 as follows:
	//
	// Parameter 	Old value 	New value
	// SLOAD_GAS 	800 	= WARM_STORAGE_READ_COST
	// SSTORE_RESET_GAS 	5000 	5000 - COLD_SLOAD_COST
	//
	//The other parameters defined in EIP 2200 are unchanged.
	// see gasSStoreEIP2200(...) in core/vm/gas_table.go for more info about how EIP 2200 is specified
	gasSStoreEIP2929 = makeGasSStoreFunc(params.SstoreClearsScheduleRefundEIP2200)

	// gasSStoreEIP3529 implements gas cost for SSTORE according to EIP-3529
	// Replace `SSTORE_CLEARS_SCHEDULE` with `SSTORE_RESET_GAS + ACCESS_LIST_STORAGE_KEY_COST` (4,800)
	gasSStoreEIP3529 = makeGasSStoreFunc(params.SstoreClearsScheduleRefundEIP3529)
)

// makeSelfdestructGasFn can create the selfdestruct dynamic gas function for EIP-2929 and EIP-3529
func makeSelfdestructGasFn(refundsEnabled bool) gasFunc {
	gasFunc := func(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
		var (
			gas     uint64
			address = common.Address(stack.peek().Bytes20())
		)
		if evm.readOnly {
			return GasCosts{}, ErrWriteProtection
		}
		if !evm.StateDB.AddressInAccessList(address) {
			// If the caller cannot afford the cost, this change will be rolled back
			evm.StateDB.AddAddressToAccessList(address)
			gas = params.ColdAccountAccessCostEIP2929

			// Terminate the gas measurement if the leftover gas is not sufficient,
			// it can effectively prevent accessing the states in the following steps
			if contract.Gas.ExecutionGas < gas {
				return GasCosts{}, ErrOutOfGas
			}
		}
		// if empty and transfers value
		if evm.StateDB.Empty(address) && evm.StateDB.GetBalance(contract.Address()).Sign() != 0 {
			gas += params.CreateBySelfdestructGas
		}
		if refundsEnabled && !evm.StateDB.HasSelfDestructed(contract.Address()) {
			evm.StateDB.AddRefund(params.SelfdestructRefundGas)
		}
		return GasCosts{ExecutionGas: gas}, nil
	}
	return gasFunc
}

// recordDelegationAccess records the EIP-7702 delegated target in the block
// access list (EIP-7928).
func recordDelegationAccess(evm *EVM, target common.Address) {
	if evm.chainRules.IsAmsterdam {
		evm.StateDB.GetCode(target)
	}
}

var (
	innerGasCallEIP7702    = makeCallVariantGasCallEIP7702(gasCallIntrinsic, params.ColdAccountAccessCostEIP2929)
	gasDelegateCallEIP7702 = makeCallVariantGasCallEIP7702(gasDelegateCallIntrinsic, params.ColdAccountAccessCostEIP2929)
	gasStaticCallEIP7702   = makeCallVariantGasCallEIP7702(gasStaticCallIntrinsic, params.ColdAccountAccessCostEIP2929)
	gasCallCodeEIP7702     = makeCallVariantGasCallEIP7702(gasCallCodeIntrinsic, params.ColdAccountAccessCostEIP2929)
)

func gasCallEIP7702(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	// Return early if this call attempts to transfer value in a static context.
	// Although it's checked in `gasCall`, EIP-7702 loads the target's code before
	// to determine if it is resolving a delegation. This could incorrectly record
	// the target in the block access list (BAL) if the call later fails.
	transfersValue := !stack.back(2).IsZero()
	if evm.readOnly && transfersValue {
		return GasCosts{}, ErrWriteProtection
	}
	return innerGasCallEIP7702(evm, contract, stack, mem, memorySize)
}

var (
	innerGasCall8038    = makeCallVariantGasCallEIP8037(executionGasCall8038, stateGasCall8037, params.ColdAccountAccessAmsterdam)
	gasCallCode8038     = makeCallVariantGasCallEIP7702(gasCallCodeIntrinsic8038, params.ColdAccountAccessAmsterdam)
	gasDelegateCall8038 = makeCallVariantGasCallEIP7702(gasDelegateCallIntrinsic, params.ColdAccountAccessAmsterdam)
	gasStaticCall8038   = makeCallVariantGasCallEIP7702(gasStaticCallIntrinsic, params.ColdAccountAccessAmsterdam)
)

// gasCall8038 prices CALL for Amsterdam, guarding against value transfers in a
// read-only context before delegating to the state-gas-aware wrapper.
func gasCall8038(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
	transfersValue := !stack.back(2).IsZero()
	if evm.readOnly && transfersValue {
		return GasCosts{}, ErrWriteProtection
	}
	return innerGasCall8038(evm, contract, stack, mem, memorySize)
}

func makeCallVariantGasCallEIP7702(intrinsicFunc intrinsicGasFunc, coldCost uint64) gasFunc {
	return func(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
		var (
			eip2929Cost uint64
			eip7702Cost uint64
			addr        = common.Address(stack.back(1).Bytes20())
		)
		// Perform EIP-2929 checks (stateless), checking address presence
		// in the accessList and charge the cold access accordingly.
		if !evm.StateDB.AddressInAccessList(addr) {
			evm.StateDB.AddAddressToAccessList(addr)

			// The WarmStorageReadCostEIP2929 (100) is already deducted in the form
			// of a constant cost, so the cost to charge for cold access, if any,
			// is Cold - Warm
			eip2929Cost = coldCost - params.WarmStorageReadCostEIP2929

			// Charge the remaining difference here already, to correctly calculate
			// available gas for call
			if !contract.chargeExecution(eip2929Cost, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
		}

		// Perform the intrinsic cost calculation including:
		//
		// - transfer value
		// - memory expansion
		// - create new account
		intrinsicCost, err := intrinsicFunc(evm, contract, stack, mem, memorySize)
		if err != nil {
			return GasCosts{}, err
		}
		// Terminate the gas measurement if the leftover gas is not sufficient,
		// it can effectively prevent accessing the states in the following steps.
		// It's an essential safeguard before any stateful check.
		if !contract.chargeExecution(intrinsicCost, evm.Config.Tracer, tracing.GasChangeIgnored) {
			return GasCosts{}, ErrOutOfGas
		}

		// Check if code is a delegation and if so, charge for resolution.
		if target, ok := types.ParseDelegation(evm.StateDB.GetCode(addr)); ok {
			if evm.StateDB.AddressInAccessList(target) {
				eip7702Cost = params.WarmStorageReadCostEIP2929
			} else {
				evm.StateDB.AddAddressToAccessList(target)
				eip7702Cost = coldCost
			}
			if !contract.chargeExecution(eip7702Cost, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
			// The delegated address has passed its gas check; record it in the
			// block access list now, before the call's sender-balance and
			// call-stack-depth checks.
			recordDelegationAccess(evm, target)
		}
		// Calculate the gas budget for the nested call. The costs defined by
		// EIP-2929 and EIP-7702 have already been applied.
		evm.callGasTemp, err = callGas(evm.chainRules.IsEIP150, contract.Gas.ExecutionGas, 0, stack.back(0))
		if err != nil {
			return GasCosts{}, err
		}
		// The charges above use GasChangeIgnored: they sit inside the interpreter's
		// opcode event, which reports the opcode's whole budget movement exactly once.

		// Temporarily add the gas charge back to the contract and return value. By
		// adding it to the return, it will be charged outside of this function, as
		// part of the dynamic gas. This will ensure it is correctly reported to
		// tracers.
		contract.Gas.ExecutionGas += eip2929Cost + eip7702Cost + intrinsicCost

		// Undo the ExecutionGasUsed increments from the direct UseGas charges,
		// since this gas will be re-charged via the returned cost.
		contract.Gas.UsedExecutionGas -= eip2929Cost
		contract.Gas.UsedExecutionGas -= eip7702Cost
		contract.Gas.UsedExecutionGas -= intrinsicCost

		// Aggregate the gas costs from all components, including EIP-2929, EIP-7702,
		// the CALL opcode itself, and the cost incurred by nested calls.
		var (
			overflow  bool
			totalCost uint64
		)
		if totalCost, overflow = math.SafeAdd(eip2929Cost, eip7702Cost); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		if totalCost, overflow = math.SafeAdd(totalCost, intrinsicCost); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		if totalCost, overflow = math.SafeAdd(totalCost, evm.callGasTemp); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		return GasCosts{ExecutionGas: totalCost}, nil
	}
}

// makeCallVariantGasCallEIP8037 creates a call gas function for Amsterdam (EIP-8037).
// It extends the EIP-7702 pattern with state gas handling and GasUsed tracking.
// intrinsicFunc computes the execution gas (memory + transfer, no new account creation).
// stateGasFunc computes the state gas (new account creation as state gas).
func makeCallVariantGasCallEIP8037(executionFunc executionGasFunc, stateGasFunc stateGasFunc, coldCost uint64) gasFunc {
	return func(evm *EVM, contract *Contract, stack *Stack, mem *Memory, memorySize uint64) (GasCosts, error) {
		var (
			eip2929Cost uint64
			eip7702Cost uint64
			addr        = common.Address(stack.back(1).Bytes20())
		)
		// EIP-2929 cold access check.
		if !evm.StateDB.AddressInAccessList(addr) {
			evm.StateDB.AddAddressToAccessList(addr)
			eip2929Cost = coldCost - params.WarmStorageReadCostEIP2929
			if !contract.chargeExecution(eip2929Cost, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
		}

		// Compute execution cost (memory + transfer, no new account creation).
		executionCost, err := executionFunc(evm, contract, stack, mem, memorySize)
		if err != nil {
			return GasCosts{}, err
		}

		// Charge intrinsic cost directly (execution gas). This must happen
		// BEFORE state gas to prevent reservoir inflation, and also serves
		// as the OOG guard before stateful operations.
		if !contract.chargeExecution(executionCost, evm.Config.Tracer, tracing.GasChangeIgnored) {
			return GasCosts{}, ErrOutOfGas
		}

		// EIP-7702 delegation check.
		if target, ok := types.ParseDelegation(evm.StateDB.GetCode(addr)); ok {
			if evm.StateDB.AddressInAccessList(target) {
				eip7702Cost = params.WarmAccountAccessAmsterdam
			} else {
				evm.StateDB.AddAddressToAccessList(target)
				eip7702Cost = coldCost
			}
			if !contract.chargeExecution(eip7702Cost, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
			// The delegated address has passed its gas check; record it in the
			// block access list now, before the call's sender-balance and
			// call-stack-depth checks.
			recordDelegationAccess(evm, target)
		}

		// Compute and charge state gas (new account creation) AFTER execution gas.
		stateGas, err := stateGasFunc(evm, contract, stack)
		if err != nil {
			return GasCosts{}, err
		}
		if stateGas > 0 {
			if !contract.chargeState(stateGas, evm.Config.Tracer, tracing.GasChangeIgnored) {
				return GasCosts{}, ErrOutOfGas
			}
		}

		// Calculate the gas budget for the nested call (63/64 rule).
		evm.callGasTemp, err = callGas(evm.chainRules.IsEIP150, contract.Gas.ExecutionGas, 0, stack.back(0))
		if err != nil {
			return GasCosts{}, err
		}

		// The charges above use GasChangeIgnored: they sit inside the interpreter's
		// opcode event, which reports the opcode's whole budget movement exactly once.

		// Temporarily undo direct execution charges for tracer reporting.
		// The interpreter will charge the returned totalCost.
		contract.Gas.ExecutionGas += eip2929Cost + eip7702Cost + executionCost
		contract.Gas.UsedExecutionGas -= eip2929Cost + eip7702Cost + executionCost

		// Aggregate total cost.
		var (
			overflow  bool
			totalCost uint64
		)
		if totalCost, overflow = math.SafeAdd(eip2929Cost, eip7702Cost); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		if totalCost, overflow = math.SafeAdd(totalCost, executionCost); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		if totalCost, overflow = math.SafeAdd(totalCost, evm.callGasTemp); overflow {
			return GasCosts{}, ErrGasUintOverflow
		}
		return GasCosts{ExecutionGas: totalCost}, nil
	}
}
