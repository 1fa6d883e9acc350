// The Argent account 0.4.0 class of the simulated chain: entry points keyed by selector, registered under
// Argent's real class hash so `starknet_getClassHashAt` and wallets recognise it.
import { signerGuid } from '@webwallet/protocol/session'
import { type ContractClass, ContractError, type EntryPoint } from '../../contract'
import { selectorKey, selectorOf, shortString } from '../../felt'
import { arg } from '../u256'
import { ARGENT_ACCOUNT_ABI } from './abi'
import { construct } from './constructor'
import { emitSessionRevoked } from './events'
import { assertOnlySelf } from './guards'
import {
  executeFromOutsideV1,
  executeFromOutsideV2,
  isValidOutsideExecutionNonce,
  outsideExecutionMessageHash,
  outsideExecutionMessageHashRev0,
} from './outsideExecution'
import { isSessionAuthorizationCached } from './session'
import { readGuardian, readOwner, revokedSessionSlot } from './storage'
import { execute, isValidSignature, isValidSignatureLegacy, validate, validateDeploy } from './validate'

/** Class hash of Argent account 0.4.0 on mainnet and Sepolia. */
export const ARGENT_ACCOUNT_CLASS_HASH = 0x036078334509b514626504edc9fb252328d1a240e4e948bef8d0c08dff45927fn

/** Interface ids `supports_interface` answers true for (SRC5, SRC6, SNIP-9 rev 0 and 1, and legacy ids). */
export const ARGENT_INTERFACE_IDS: ReadonlySet<bigint> = new Set([
  0x3f918d17e5ee77373b56385708f855659a07f75997f365cf87748628532a055n, // SRC5
  0x2ceccef7f994940b3962a6c67e0ba4fcd37df7d131417c604f91e03caecc1cdn, // SRC6 account
  0x68cfd18b92d1907b8ba3cc324900277f5a3622099431ea85dd8089255e4181n, // SNIP-9 outside execution rev 0
  0x1d1144bb2138366ff28d8e9ab57456b1d332ac42196230c3a602003c89872n, // SNIP-9 outside execution rev 1 (v2)
  0x01ffc9a7n, // legacy ERC-165
  0xa66bd575n, // legacy account
  0x3943f10fn, // legacy account
])

const bool = (value: boolean): bigint[] => [value ? 1n : 0n]

const revokeSession: EntryPoint = (ctx, calldata) => {
  assertOnlySelf(ctx)
  const sessionHash = arg(calldata, 0)
  const slot = revokedSessionSlot(sessionHash)
  if (ctx.storageRead(slot) !== 0n) throw new ContractError('session/already-revoked')
  emitSessionRevoked(ctx, sessionHash)
  ctx.storageWrite(slot, 1n)
  return []
}

const entries: Record<string, EntryPoint> = {
  __validate__: validate,
  __execute__: execute,
  __validate_deploy__: validateDeploy,
  is_valid_signature: isValidSignature,
  isValidSignature: isValidSignatureLegacy,
  execute_from_outside: executeFromOutsideV1,
  execute_from_outside_v2: executeFromOutsideV2,
  is_valid_outside_execution_nonce: isValidOutsideExecutionNonce,
  get_outside_execution_message_hash_rev_0: outsideExecutionMessageHashRev0,
  get_outside_execution_message_hash_rev_1: outsideExecutionMessageHash,
  supports_interface: (_ctx, calldata) => bool(ARGENT_INTERFACE_IDS.has(arg(calldata, 0))),
  supportsInterface: (_ctx, calldata) => bool(ARGENT_INTERFACE_IDS.has(arg(calldata, 0))),
  revoke_session: revokeSession,
  is_session_revoked: (ctx, calldata) => bool(ctx.storageRead(revokedSessionSlot(arg(calldata, 0))) !== 0n),
  is_session_authorization_cached: (ctx, calldata) =>
    bool(isSessionAuthorizationCached(ctx, arg(calldata, 0))),
  get_owner: (ctx) => [readOwner(ctx)],
  get_owner_guid: (ctx) => [signerGuid(readOwner(ctx))],
  get_owner_type: () => [0n],
  get_guardian: (ctx) => [readGuardian(ctx)],
  get_guardian_guid: (ctx) => (readGuardian(ctx) === 0n ? [1n] : [0n, signerGuid(readGuardian(ctx))]),
  get_guardian_backup: () => [0n],
  get_guardian_backup_guid: () => [1n],
  get_version: () => [0n, 4n, 0n],
  get_name: () => [shortString('ArgentAccount')],
  getVersion: () => [shortString('0.4.0')],
  getName: () => [shortString('ArgentAccount')],
}

/**
 * The Argent account class. Constructor: (owner: Signer, guardian: Option<Signer>).
 * @example registerContractClass(ArgentAccountClass)
 */
export const ArgentAccountClass: ContractClass = {
  classHash: ARGENT_ACCOUNT_CLASS_HASH,
  name: 'ArgentAccount',
  abi: ARGENT_ACCOUNT_ABI,
  entryPoints: Object.fromEntries(
    Object.entries(entries).map(([name, ep]) => [selectorKey(selectorOf(name)), ep]),
  ),
  construct,
}
