// Test fixture: a chain with a funded, not yet deployed Argent account whose transactions are hashed and
// signed with starknet.js v10 (so the node's hashes and the class's checks meet an independent client).
// Its chain-independent parts (argentAccount, argentSession) also sign the bench's transactions.
import {
  buildSession,
  buildSessionToken,
  type NamedCall,
  type Session,
  serializeSessionToken,
  serializeSignerSignatures,
  sessionHash,
  sessionMessageHash,
  signHash,
  signSessionMessage,
} from '@webwallet/protocol/session'
import {
  CairoCustomEnum,
  CairoOption,
  CairoOptionVariant,
  CallData,
  type constants,
  ec,
  hash,
  type ResourceBoundsBN,
  Signer,
  stark,
  transaction,
} from 'starknet'
import type { Chain } from '../../chain'
import type { Call, Felt } from '../../contract'
import { RpcError } from '../../errors'
import { selectorOf, toHex } from '../../felt'
import { createChain } from '../../genesis'
import { GENEROUS_BOUNDS, signedInvoke } from '../../testHelpers'
import { ETH_ADDRESS, erc20BalanceOf, STRK_ADDRESS } from '../index'
import { ARGENT_ACCOUNT_CLASS_HASH } from './index'

/** 2026-01-01T00:00:00Z, the fixture chain's clock. */
export const NOW = 1_767_225_600

export const keys = { owner: 0x0a11cen, guardian: 0x0b0bn, session: 0x5e55n, stranger: 0xbadn }
export const pub = (key: Felt): Felt => BigInt(ec.starkCurve.getStarkKey(toHex(key)))

const bounds: ResourceBoundsBN = {
  l1_gas: {
    max_amount: BigInt(GENEROUS_BOUNDS.l1_gas.max_amount),
    max_price_per_unit: BigInt(GENEROUS_BOUNDS.l1_gas.max_price_per_unit),
  },
  l2_gas: {
    max_amount: BigInt(GENEROUS_BOUNDS.l2_gas.max_amount),
    max_price_per_unit: BigInt(GENEROUS_BOUNDS.l2_gas.max_price_per_unit),
  },
  l1_data_gas: {
    max_amount: BigInt(GENEROUS_BOUNDS.l1_data_gas.max_amount),
    max_price_per_unit: BigInt(GENEROUS_BOUNDS.l1_data_gas.max_price_per_unit),
  },
}
const common = {
  resource_bounds: GENEROUS_BOUNDS,
  tip: '0x0',
  paymaster_data: [],
  nonce_data_availability_mode: 'L1',
  fee_data_availability_mode: 'L1',
}
const signerDetails = {
  version: '0x3' as const,
  resourceBounds: bounds,
  tip: 0n,
  paymasterData: [],
  accountDeploymentData: [],
  nonceDataAvailabilityMode: 'L1' as const,
  feeDataAvailabilityMode: 'L1' as const,
}

/** The calls a session of the fixture allows: the demo counter and STRK transfers. */
export const allowedMethods = [
  { 'Contract Address': toHex(ETH_ADDRESS), selector: 'transfer' },
  { 'Contract Address': toHex(STRK_ADDRESS), selector: 'transfer' },
  { 'Contract Address': toHex(ETH_ADDRESS), selector: 'approve' },
]

/** Receives the test transfers (nothing else touches it, so its balance counts them). */
export const RECIPIENT = 0x7e51e47n

/** A call by entrypoint name, as starknet.js and x-sessions write it. */
export interface NamedFeltCall {
  readonly contractAddress: string
  readonly entrypoint: string
  readonly calldata: readonly Felt[]
}

/** One fri of STRK to RECIPIENT: allowed by the fixture's session. */
export const pay: NamedFeltCall = {
  contractAddress: toHex(STRK_ADDRESS),
  entrypoint: 'transfer',
  calldata: [RECIPIENT, 1n, 0n],
}

/** Not in the fixture's session: STRK approvals are not allowed. */
export const approveStrk: NamedFeltCall = {
  contractAddress: toHex(STRK_ADDRESS),
  entrypoint: 'approve',
  calldata: [1n, 1n, 0n],
}

/** The node's form of a named call. */
export const toCall = (call: NamedFeltCall): Call => ({
  to: BigInt(call.contractAddress),
  selector: selectorOf(call.entrypoint),
  calldata: call.calldata,
})

/** Runs `fn`, expecting an RpcError; returns its code and data text. */
export function rejection(fn: () => unknown): { code: number; data: string } {
  try {
    fn()
  } catch (error) {
    if (error instanceof RpcError) return { code: error.code, data: String(error.data) }
    throw error
  }
  throw new Error('expected an RpcError')
}

/** The private keys of one Argent account: owner, guardian and session key. */
export interface ArgentKeys {
  readonly owner: Felt
  readonly guardian: Felt
  readonly session: Felt
}

/** Options of {@link argentAccount}. */
export interface ArgentAccountOptions {
  readonly keys: ArgentKeys
  readonly chainId: Felt
  readonly salt?: Felt
  /** Deploy with Some(guardian) (default) or None. */
  readonly guardian?: boolean
}

/**
 * One Argent 0.4 account's deploy and invoke transactions as RPC JSON, hashed and signed with starknet.js
 * v10, independent of any chain object (the fixture submits them in-process, the bench over HTTP).
 * @example
 * const account = argentAccount({ keys, chainId, salt: 1n })
 * await rpc('starknet_addDeployAccountTransaction', { deploy_account_transaction: await account.deployJson() })
 */
export function argentAccount(options: ArgentAccountOptions) {
  const { keys: accountKeys, chainId } = options
  const salt = options.salt ?? 0x5a17n
  const constructorCalldata = CallData.compile({
    owner: new CairoCustomEnum({ Starknet: { pubkey: pub(accountKeys.owner) } }),
    guardian:
      (options.guardian ?? true)
        ? new CairoOption(
            CairoOptionVariant.Some,
            new CairoCustomEnum({ Starknet: { pubkey: pub(accountKeys.guardian) } }),
          )
        : new CairoOption(CairoOptionVariant.None),
  })
  const address = BigInt(
    hash.calculateContractAddressFromHash(salt, ARGENT_ACCOUNT_CLASS_HASH, constructorCalldata, 0),
  )

  /** The deploy-account transaction signed with starknet.js Signers; `sign` picks the signature form. */
  async function deployJson(sign = ownerAndGuardian) {
    const details = {
      ...signerDetails,
      classHash: toHex(ARGENT_ACCOUNT_CLASS_HASH),
      contractAddress: toHex(address),
      constructorCalldata,
      addressSalt: toHex(salt),
      chainId: toHex(chainId) as constants.StarknetChainId,
      nonce: 0n,
    }
    const signatures = await Promise.all(
      [accountKeys.owner, accountKeys.guardian].map(async (key) => {
        const [r, s] = stark.formatSignature(
          await new Signer(toHex(key)).signDeployAccountTransaction(details),
        )
        return { signer: pub(key), r: BigInt(r!), s: BigInt(s!) }
      }),
    )
    return {
      type: 'DEPLOY_ACCOUNT',
      version: '0x3',
      class_hash: toHex(ARGENT_ACCOUNT_CLASS_HASH),
      contract_address_salt: toHex(salt),
      constructor_calldata: constructorCalldata.map((felt) => toHex(BigInt(felt))),
      nonce: '0x0',
      ...common,
      signature: sign(signatures).map(toHex),
    }
  }

  /** The V3 hash starknet.js computes for an invoke of `calls` by the account. */
  function invokeHash(calls: readonly NamedFeltCall[], nonce: bigint): Felt {
    return BigInt(
      hash.calculateInvokeTransactionHash({
        ...signerDetails,
        senderAddress: toHex(address),
        compiledCalldata: executeCalldata(calls),
        chainId: toHex(chainId) as constants.StarknetChainId,
        nonce,
        nonceDataAvailabilityMode: 0,
        feeDataAvailabilityMode: 0,
      }),
    )
  }

  /** The RPC JSON of an invoke of `calls` from the account, signed by `sign(txHash)`. */
  function invokeJson(
    calls: readonly NamedFeltCall[],
    sign: (txHash: Felt) => Felt[],
    nonce: bigint,
    version = '0x3',
  ) {
    return {
      type: 'INVOKE',
      version,
      sender_address: toHex(address),
      calldata: executeCalldata(calls).map((felt) => toHex(BigInt(felt))),
      nonce: toHex(nonce),
      account_deployment_data: [],
      ...common,
      signature: sign(invokeHash(calls, nonce)).map(toHex),
    }
  }

  return { address, constructorCalldata, salt, deployJson, invokeHash, invokeJson }
}

/** Options of {@link argentSession}. */
export interface ArgentSessionOptions {
  readonly session: Session
  readonly address: Felt
  readonly chainId: Felt
  readonly keys: ArgentKeys
}

/** Variations of a session-token signature, for the tests of its checks. */
export interface SessionSignatureTweak {
  readonly guardianKey?: Felt
  readonly cache?: boolean
  readonly authorization?: Felt[]
  /** Signs the session message (poseidon(hash, session hash, cache)) instead of the Stark session key. */
  readonly sessionSigner?: (sessionMessage: Felt) => readonly Felt[]
}

/**
 * A session of an Argent account and its token signatures, as the shim + cosigner build them: the owner +
 * guardian authorisation of the session hash is signed once and sent with every token.
 * @example
 * const s = argentSession({ session, address, chainId, keys })
 * account.invokeJson([pay], (txHash) => s.signature([pay], txHash), nonce)
 */
export function argentSession(options: ArgentSessionOptions) {
  const { session, keys: sessionKeys } = options
  const hashOfSession = sessionHash(session, options.address, options.chainId)
  let signed: Felt[] | undefined
  const authorization = () =>
    (signed ??= serializeSignerSignatures([
      signHash(hashOfSession, sessionKeys.owner),
      signHash(hashOfSession, sessionKeys.guardian),
    ]))

  /** A session-token signature over `messageHash` (a transaction or outside-execution hash) for `calls`. */
  function signature(calls: NamedCall[], messageHash: Felt, tweak: SessionSignatureTweak = {}): Felt[] {
    const cacheAuthorization = tweak.cache ?? false
    const message = { transactionHash: messageHash, sessionHash: hashOfSession, cacheAuthorization }
    return serializeSessionToken(
      buildSessionToken({
        session,
        calls,
        sessionAuthorization: tweak.authorization ?? authorization(),
        sessionSignature: tweak.sessionSigner
          ? tweak.sessionSigner(sessionMessageHash(messageHash, hashOfSession, cacheAuthorization))
          : signSessionMessage({ ...message, sessionPrivateKey: sessionKeys.session }),
        guardianSignature: signSessionMessage({
          ...message,
          sessionPrivateKey: tweak.guardianKey ?? sessionKeys.guardian,
        }),
        cacheAuthorization,
      }),
    )
  }

  return { session, hash: hashOfSession, authorization, signature }
}

export function argentFixture(
  options: { guardian?: boolean; blockTime?: number; clock?: () => number } = {},
) {
  const { chain, accounts } = createChain({
    accounts: 2,
    clock: options.clock ?? (() => NOW * 1000),
    ...(options.blockTime === undefined ? {} : { blockTime: options.blockTime }),
  })
  const [funder, relayer] = accounts.map((a) => ({ address: BigInt(a.address), key: BigInt(a.private_key) }))
  const account = argentAccount({ keys, chainId: chain.chainId, guardian: options.guardian ?? true })
  const { address, invokeHash } = account
  const nonces = new Map<Felt, bigint>()
  const nextNonce = (sender: Felt) => {
    const nonce = nonces.get(sender) ?? 0n
    nonces.set(sender, nonce + 1n)
    return nonce
  }

  /** An owner-key (OZ) account's signed invoke. */
  const ozInvoke = (who: { address: Felt; key: Felt }, calls: Call[]) =>
    chain.addTransaction(
      signedInvoke({
        sender: who.address,
        privateKey: who.key,
        nonce: nextNonce(who.address),
        calls,
        chainId: chain.chainId,
      }),
    )

  ozInvoke(funder!, [
    { to: STRK_ADDRESS, selector: selectorOf('transfer'), calldata: [address, 10n ** 20n, 0n] },
  ])

  /** Signs the deploy-account transaction with starknet.js Signers; `sign` picks the signature form. */
  const deploy = async (sign = ownerAndGuardian) => chain.addTransaction(await account.deployJson(sign))

  /** The RPC JSON of an invoke of `calls` from the Argent account, signed by `sign(txHash)`. */
  const invokeJson = (
    calls: readonly NamedFeltCall[],
    sign: (txHash: Felt) => Felt[],
    nonce = chain.base.getNonce(address),
    version = '0x3',
  ) => account.invokeJson(calls, sign, nonce, version)

  /** Submits an invoke of `calls` from the Argent account, signed by `sign(txHash)`. */
  const invoke = (calls: readonly NamedFeltCall[], sign: (txHash: Felt) => Felt[], nonce?: bigint) =>
    chain.addTransaction(invokeJson(calls, sign, nonce))

  const session: Session = buildSession({
    expiresAt: NOW + 3600,
    allowedMethods,
    metadata: { projectID: 'argent-test', txFees: [] },
    sessionPublicKey: pub(keys.session),
  })
  const ofSession = (s: Session) => argentSession({ session: s, address, chainId: chain.chainId, keys })
  const fixtureSession = ofSession(session)

  /** A session-token signature over `messageHash` for `calls`, as the shim + cosigner build it. */
  const sessionSignature = (
    calls: NamedCall[],
    messageHash: Felt,
    tweak: SessionSignatureTweak & { session?: Session } = {},
  ): Felt[] =>
    (tweak.session ? ofSession(tweak.session) : fixtureSession).signature(calls, messageHash, tweak)

  /** STRK received by RECIPIENT so far. */
  const paid = () => erc20BalanceOf(chain.base, STRK_ADDRESS, RECIPIENT)

  const view = (name: string, calldata: Felt[] = []) =>
    chain.call({ to: address, selector: selectorOf(name), calldata }, { tag: 'latest' })

  return {
    chain,
    paid,
    funder: funder!,
    relayer: relayer!,
    address,
    deploy,
    invoke,
    invokeHash,
    invokeJson,
    ozInvoke,
    session,
    sessionSignature,
    view,
  }
}

type RS = { signer: Felt; r: Felt; s: Felt }

/** Argent's `Array<SignerSignature>` of owner then guardian. */
export const ownerAndGuardian = (signatures: RS[]): Felt[] => serializeSignerSignatures(signatures)

/** Owner + guardian signature of `hash` as `Array<SignerSignature>`. */
export const signByOwnerAndGuardian = (messageHash: Felt): Felt[] =>
  serializeSignerSignatures([signHash(messageHash, keys.owner), signHash(messageHash, keys.guardian)])

function executeCalldata(calls: readonly NamedFeltCall[]) {
  const starknetCalls = calls.map((call) => ({ ...call, calldata: call.calldata.map(toHex) }))
  return transaction.getExecuteCalldata(starknetCalls, '1')
}

export type ArgentFixture = ReturnType<typeof argentFixture>
export type { Chain }
