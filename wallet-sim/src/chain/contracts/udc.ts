// The universal deployer (UDC): `deployContract(class_hash, salt, unique, calldata)` and the
// ContractDeployed event. Deployed at both the current and the legacy canonical address.

import {
  LEGACY_UDC_ADDRESS as PROTOCOL_LEGACY_UDC_ADDRESS,
  UDC_ADDRESS as PROTOCOL_UDC_ADDRESS,
} from '@webwallet/protocol'
import type { ContractClass, EntryPoint } from '../contract'
import { selectorKey, selectorOf } from '../felt'
import { pedersenHash } from '../pedersen'
import { arg } from './u256'

export const UDC_CLASS_HASH = 0x07b3e05f48f0c69e4a65ce5e076a66271a527aff2c34ce1083ec6e1526997a69n
/** starknet.js v8+/v10 default deployer and the legacy one: protocol's constants, as felts. */
export const UDC_ADDRESS = BigInt(PROTOCOL_UDC_ADDRESS)
export const LEGACY_UDC_ADDRESS = BigInt(PROTOCOL_LEGACY_UDC_ADDRESS)

const CONTRACT_DEPLOYED = selectorOf('ContractDeployed')

const deployContract: EntryPoint = (ctx, cd) => {
  const classHash = arg(cd, 0)
  const salt = arg(cd, 1)
  const unique = arg(cd, 2) !== 0n
  const len = Number(arg(cd, 3))
  const calldata = cd.slice(4, 4 + len)
  const deployer = ctx.callerAddress
  // unique: the salt is bound to the caller and the deployer address enters the address hash.
  const effectiveSalt = unique ? pedersenHash(deployer, salt) : salt
  const address = ctx.deploy({
    classHash,
    salt: effectiveSalt,
    constructorCalldata: calldata,
    fromZero: !unique,
  })
  ctx.emitEvent({
    keys: [CONTRACT_DEPLOYED],
    data: [address, deployer, unique ? 1n : 0n, classHash, BigInt(calldata.length), ...calldata, salt],
  })
  return [address]
}

/**
 * The UDC class.
 * @example chain.call({ to: UDC_ADDRESS, selector: selectorOf('deployContract'), calldata }, latest)
 */
export const UdcClass: ContractClass = {
  classHash: UDC_CLASS_HASH,
  name: 'UniversalDeployer',
  abi: [
    {
      type: 'function',
      name: 'deployContract',
      inputs: [
        { name: 'class_hash', type: 'core::starknet::class_hash::ClassHash' },
        { name: 'salt', type: 'core::felt252' },
        { name: 'unique', type: 'core::bool' },
        { name: 'calldata', type: 'core::array::Span::<core::felt252>' },
      ],
      outputs: [{ type: 'core::starknet::contract_address::ContractAddress' }],
      state_mutability: 'external',
    },
  ],
  entryPoints: {
    [selectorKey(selectorOf('deployContract'))]: deployContract,
    [selectorKey(selectorOf('deploy_contract'))]: deployContract,
  },
}
