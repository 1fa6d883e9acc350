// The universal deployer (UDC): `deployContract(class_hash, salt, unique, calldata)` and the
// ContractDeployed event. Deployed at both the current and the legacy canonical address.

import type { ContractClass, EntryPoint } from '../contract'
import { selectorKey, selectorOf } from '../felt'
import { pedersenHash } from '../pedersen'
import { arg } from './u256'

export const UDC_CLASS_HASH = 0x07b3e05f48f0c69e4a65ce5e076a66271a527aff2c34ce1083ec6e1526997a69n
/** starknet.js v8+/v10 default deployer and the legacy one. */
export const UDC_ADDRESS = 0x02ceed65a4bd731034c01113685c831b01c15d7d432f71afb1cf1634b53a2125n
export const LEGACY_UDC_ADDRESS = 0x041a78e741e5af2fec34b695679bc6891742439f7afb8484ecd7766661ad02bfn

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
