// Test fixture: a chain with a funded, not yet deployed Argent account whose transactions are hashed and
// signed with starknet.js v10 (so the node's hashes and the class's checks meet an independent client).
import {
  buildSession,
  buildSessionToken,
  type NamedCall,
  type Session,
  serializeSessionToken,
  serializeSignerSignatures,
  sessionHash,
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
import { GENEROUS_BOUNDS, signedInvoke } from '../../test-helpers'
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

export function argentFixture(options: { guardian?: boolean } = {}) {
  const withGuardian = options.guardian ?? true
  const { chain, accounts } = createChain({ accounts: 2, clock: () => NOW * 1000 })
  const [funder, relayer] = accounts.map((a) => ({ address: BigInt(a.address), key: BigInt(a.private_key) }))
  const constructorCalldata = CallData.compile({
    owner: new CairoCustomEnum({ Starknet: { pubkey: pub(keys.owner) } }),
    guardian: withGuardian
      ? new CairoOption(
          CairoOptionVariant.Some,
          new CairoCustomEnum({ Starknet: { pubkey: pub(keys.guardian) } }),
        )
      : new CairoOption(CairoOptionVariant.None),
  })
  const salt = 0x5a17n
  const address = BigInt(
    hash.calculateContractAddressFromHash(salt, ARGENT_ACCOUNT_CLASS_HASH, constructorCalldata, 0),
  )
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
  async function deploy(sign = ownerAndGuardian) {
    const details = {
      ...signerDetails,
      classHash: toHex(ARGENT_ACCOUNT_CLASS_HASH),
      contractAddress: toHex(address),
      constructorCalldata,
      addressSalt: toHex(salt),
      chainId: toHex(chain.chainId) as constants.StarknetChainId,
      nonce: 0n,
    }
    const signatures = await Promise.all(
      [keys.owner, keys.guardian].map(async (key, index) => {
        const [r, s] = stark.formatSignature(
          await new Signer(toHex(key)).signDeployAccountTransaction(details),
        )
        return { signer: pub(index === 0 ? keys.owner : keys.guardian), r: BigInt(r!), s: BigInt(s!) }
      }),
    )
    return chain.addTransaction({
      type: 'DEPLOY_ACCOUNT',
      version: '0x3',
      class_hash: toHex(ARGENT_ACCOUNT_CLASS_HASH),
      contract_address_salt: toHex(salt),
      constructor_calldata: constructorCalldata.map((felt) => toHex(BigInt(felt))),
      nonce: '0x0',
      ...common,
      signature: sign(signatures).map(toHex),
    })
  }

  /** The V3 hash starknet.js computes for an invoke of `calls` by the Argent account. */
  function invokeHash(calls: readonly NamedFeltCall[], nonce: bigint): Felt {
    return BigInt(
      hash.calculateInvokeTransactionHash({
        ...signerDetails,
        senderAddress: toHex(address),
        compiledCalldata: executeCalldata(calls),
        chainId: toHex(chain.chainId) as constants.StarknetChainId,
        nonce,
        nonceDataAvailabilityMode: 0,
        feeDataAvailabilityMode: 0,
      }),
    )
  }

  /** Submits an invoke of `calls` from the Argent account, signed by `sign(txHash)`. */
  /** The RPC JSON of an invoke of `calls` from the Argent account, signed by `sign(txHash)`. */
  function invokeJson(
    calls: readonly NamedFeltCall[],
    sign: (txHash: Felt) => Felt[],
    nonce = chain.base.getNonce(address),
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

  /** Submits an invoke of `calls` from the Argent account, signed by `sign(txHash)`. */
  const invoke = (calls: readonly NamedFeltCall[], sign: (txHash: Felt) => Felt[], nonce?: bigint) =>
    chain.addTransaction(invokeJson(calls, sign, nonce))

  const session: Session = buildSession({
    expiresAt: NOW + 3600,
    allowedMethods,
    metadata: { projectID: 'argent-test', txFees: [] },
    sessionPublicKey: pub(keys.session),
  })

  /** A session-token signature over `messageHash` for `calls`, as the shim + cosigner build it. */
  function sessionSignature(
    calls: NamedCall[],
    messageHash: Felt,
    tweak: { session?: Session; guardianKey?: Felt; cache?: boolean; authorization?: Felt[] } = {},
  ): Felt[] {
    const s = tweak.session ?? session
    const hashOfSession = sessionHash(s, address, chain.chainId)
    const cacheAuthorization = tweak.cache ?? false
    const message = { transactionHash: messageHash, sessionHash: hashOfSession, cacheAuthorization }
    return serializeSessionToken(
      buildSessionToken({
        session: s,
        calls,
        sessionAuthorization:
          tweak.authorization ??
          serializeSignerSignatures([
            signHash(hashOfSession, keys.owner),
            signHash(hashOfSession, keys.guardian),
          ]),
        sessionSignature: signSessionMessage({ ...message, sessionPrivateKey: keys.session }),
        guardianSignature: signSessionMessage({
          ...message,
          sessionPrivateKey: tweak.guardianKey ?? keys.guardian,
        }),
        cacheAuthorization,
      }),
    )
  }

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
