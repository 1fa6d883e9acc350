// The attacker's bench for forged.ts: the stolen session and what the attacker reads off the chain, the two
// forgers (a session invoke, sent through the cosigner or around it, and an SNIP-9 outside execution a
// relayer submits), and the transcript every attack writes to.
import type { Session as StoredSession } from '@webwallet/protocol'
import {
  type Felt,
  type NamedOutsideCall,
  type OnChainSession,
  type OutsideExecution,
  outsideExecutionCalldata,
  type StarknetSignerSignature,
  toHex,
} from '@webwallet/protocol/session'
import type { RunningSim } from '@webwallet/wallet-sim'
import { Account, RpcProvider } from '../support/starknet10'
import {
  type AppCall,
  askCosigner,
  type CosignerAnswer,
  cosignerSession,
  cosignerTransaction,
  malleated,
  outsideExecution,
  rpcCall,
  type StolenSession,
  signedParts,
  signSessionMessage,
  tokenFelts,
  unsignedInvoke,
} from './attacker'
import { approve, ETH, SPENDER, STRK } from './journeys'
import { victim } from './victim'

/** One attack as the attacker sees it. */
export interface ForgedRecord {
  step: string
  /** The cosigner's answer: `signed`, or its HTTP status and refusal word; absent when it was not asked. */
  cosigner?: string
  /** Whether the chain ran it. */
  accepted: boolean
  /** The JSON-RPC error code, or the receipt's execution status. */
  code?: string
  /** Argent's own words in the error (`session/invalid-call`, `argent/…`), when any. */
  reason?: string
  /** Allowances to SPENDER after the step: the victim's ETH and STRK, and account B's ETH. */
  state: string
}

type Outcome = Pick<ForgedRecord, 'accepted' | 'code' | 'reason'>

const REASON = /(session\/[a-z-]+|argent\/[a-z-]+)/

/** A private key that is neither the session's nor the guardian's. */
export const OTHER_KEY = '0x1234567890abcdef1234567890abcdef'

/**
 * The guardian key of the instances these attacks run on (forged.test.ts starts them with it): the worst
 * case, an attacker who has the guardian key as well. A wallet-sim started without it has a key of its own.
 */
export const FORGED_GUARDIAN_PRIVATE_KEY = '0x6f7267656420677561726469616e'

export const guardianKeySigns = (txHash: Felt, claimed: Felt, cache?: boolean) =>
  signSessionMessage(txHash, claimed, FORGED_GUARDIAN_PRIVATE_KEY, cache)

/** How one forged session invoke is built; anything left out is what the wallet signed. */
export interface InvokeForgery {
  sender?: string
  calls: AppCall[]
  proofs: Felt[][]
  /** The session in the token (default: the one signed). */
  session?: OnChainSession
  /** The session hash the attacker claims to the cosigner and signs with (default: the signed one). */
  claimedHash?: Felt
  authorisation?: readonly Felt[]
  /** Who signs as the session key (default: the stolen key). */
  sessionKey?: string
  /** What the session key signs instead of the transaction hash. */
  sessionKeySigns?: Felt
  /** Argent's `cache_authorization` flag (default off, as the SDK sends it). */
  cache?: boolean
  /** Whether the cosigner is asked first (default yes). */
  askCosigner?: boolean
  /** The guardian signature put in the token when the cosigner gave none (default: by its key, bypassing it). */
  guardian?: (txHash: Felt, claimedHash: Felt, cache?: boolean) => StarknetSignerSignature
  /** Which signature to send in its other valid form, s → n − s. */
  malleate?: 'session key' | 'guardian'
  /** Last changes to the token's felts. */
  edit?: (felts: string[]) => string[]
}

/** How one forged outside execution is built; anything left out is what the wallet signed. */
export interface OutsideForgery {
  account?: string
  calls: NamedOutsideCall[]
  proofs: Felt[][]
  sessionKeySigns?: Felt
  /** Only this address may submit it (default: any caller). */
  caller?: string
  /** SNIP-9 revision 0 (`execute_from_outside`): its hash from the account's own view; no cosigner for it. */
  rev0?: boolean
}

/** What every attack works from: the chain, victim A (its session key stolen) and B, and the transcript. */
export interface Heist {
  readonly sim: RunningSim
  readonly provider: RpcProvider
  readonly chainId: string
  readonly A: string
  readonly B: string
  /** A's owner key and login token: the wallet's own, for its revocation. */
  readonly owner: string
  readonly token: string
  readonly stolen: StolenSession
  readonly signedHash: bigint
  readonly signedAuthorisation: bigint[]
  readonly signedSession: OnChainSession
  /** The proof of the session's one method (ETH `approve`), and an allowed call that uses it. */
  readonly approveProof: Felt[][]
  readonly allowed: { calls: AppCall[]; proofs: Felt[][] }
  /** A predeployed account that submits outside executions. */
  readonly relayer: Account
  readonly records: ForgedRecord[]
}

/** Two victims on `sim`, A's session key stolen, and what the attacker reads off A's storage and the chain. */
export async function heist(sim: RunningSim, tag: string): Promise<Heist> {
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  const stolenKey: { privateKey?: string } = {}
  const a = await victim(sim, `forged-a-${tag}@example.com`, stolenKey)
  const b = await victim(sim, `forged-b-${tag}@example.com`)
  const stolen: StolenSession = {
    stored: a.account.session as StoredSession,
    privateKey: stolenKey.privateKey ?? '',
  }
  const { session: signedSession, proofOf } = signedParts(stolen)
  const approveProof = [proofOf({ contractAddress: ETH, entrypoint: 'approve' })]
  const [dev] = sim.accounts
  if (!dev) throw new Error('no predeployed account to relay outside executions')
  return {
    sim,
    provider,
    chainId: await provider.getChainId(),
    A: a.account.address,
    B: b.account.address,
    owner: a.owner,
    token: a.token,
    stolen,
    signedHash: BigInt(stolen.stored.hash),
    signedAuthorisation: stolen.stored.authorisationSignature.map((felt) => BigInt(felt)),
    signedSession,
    approveProof,
    // The calls that run set the victim's ETH allowance to 2, 3, 4…; those refused ask for 100 and more.
    allowed: { calls: [approve(100)], proofs: approveProof },
    relayer: new Account({ provider, address: dev.address, signer: dev.private_key }),
    records: [],
  }
}

/** The allowances to SPENDER: the victim's ETH and STRK, and account B's ETH. */
async function stateOf({ provider, A, B }: Heist): Promise<string> {
  const allowance = async (token: string, owner: string) => {
    const [low = '0x0'] = await provider.callContract({
      contractAddress: token,
      entrypoint: 'allowance',
      calldata: [owner, SPENDER],
    })
    return BigInt(low).toString()
  }
  return `A: ETH ${await allowance(ETH, A)}, STRK ${await allowance(STRK, A)}; B: ETH ${await allowance(ETH, B)}`
}

/** Writes one attack to the transcript, with the state after it. */
export async function record(
  h: Heist,
  step: string,
  cosigner: CosignerAnswer | undefined,
  outcome: Outcome,
): Promise<void> {
  h.records.push({
    step,
    ...(cosigner ? { cosigner: 'signature' in cosigner ? 'signed' : cosigner.refused } : {}),
    ...outcome,
    state: await stateOf(h),
  })
}

/** The receipt's execution status, once the transaction is in a block. */
export async function statusOf(provider: RpcProvider, hash: string): Promise<string> {
  const receipt = await provider.waitForTransaction(hash, { retryInterval: 50 })
  return String((receipt as { execution_status?: string }).execution_status ?? receipt.statusReceipt)
}

/** Sends one forged session invoke (through the cosigner unless told not to) and records the outcome. */
export async function forgeInvoke(h: Heist, step: string, forgery: InvokeForgery): Promise<void> {
  const claimed = forgery.claimedHash ?? h.signedHash
  const authorisation = forgery.authorisation ?? h.signedAuthorisation
  const { tx, hash } = await unsignedInvoke(h.sim.rpcUrl, forgery.sender ?? h.A, forgery.calls)
  const sessionSignature = signSessionMessage(
    forgery.sessionKeySigns ?? hash,
    claimed,
    forgery.sessionKey ?? h.stolen.privateKey,
    forgery.cache,
  )
  const cosigner =
    forgery.askCosigner === false
      ? undefined
      : await askCosigner(h.sim.url, 'signSession', {
          session: cosignerSession(claimed, authorisation, sessionSignature, forgery.cache),
          transaction: cosignerTransaction(tx, h.chainId),
        })
  const guardianSignature =
    cosigner && 'signature' in cosigner
      ? cosigner.signature
      : (forgery.guardian ?? guardianKeySigns)(hash, claimed, forgery.cache)
  const felts = tokenFelts({
    session: forgery.session ?? h.signedSession,
    authorisation,
    sessionSignature: forgery.malleate === 'session key' ? malleated(sessionSignature) : sessionSignature,
    guardianSignature: forgery.malleate === 'guardian' ? malleated(guardianSignature) : guardianSignature,
    proofs: forgery.proofs,
    cache: forgery.cache ?? false,
  })
  const answer = await rpcCall<{ transaction_hash: string }>(h.sim.rpcUrl, 'starknet_addInvokeTransaction', {
    invoke_transaction: { ...tx, signature: forgery.edit ? forgery.edit(felts) : felts },
  })
  if ('error' in answer) {
    const { code, message, data } = answer.error
    await record(h, step, cosigner, refused(String(code), `${message} ${JSON.stringify(data ?? '')}`))
  } else {
    const status = await statusOf(h.provider, answer.result.transaction_hash)
    await record(h, step, cosigner, { accepted: status === 'SUCCEEDED', code: status })
  }
}

/** The revision 0 hash of `execution`, from the account's own view. */
async function rev0Hash(provider: RpcProvider, account: string, execution: OutsideExecution) {
  const struct = outsideExecutionCalldata(execution, []).slice(0, -1)
  const [hash = '0x0'] = await provider.callContract({
    contractAddress: account,
    entrypoint: 'get_outside_execution_message_hash_rev_0',
    calldata: struct.map(toHex),
  })
  return BigInt(hash)
}

/** Has the relayer submit one forged outside execution (co-signed unless revision 0) and records it. */
export async function forgeOutside(h: Heist, step: string, forgery: OutsideForgery): Promise<void> {
  const account = forgery.account ?? h.A
  const now = (await h.provider.getBlock('latest')).timestamp
  const built = outsideExecution(account, h.chainId, forgery.calls, now, forgery.caller)
  const { execution, typedData } = built
  const hash = forgery.rev0 ? await rev0Hash(h.provider, account, execution) : built.hash
  const sessionSignature = signSessionMessage(
    forgery.sessionKeySigns ?? hash,
    h.signedHash,
    h.stolen.privateKey,
  )
  const cosigner = forgery.rev0
    ? undefined
    : await askCosigner(h.sim.url, 'signSessionEFO', {
        session: cosignerSession(h.signedHash, h.signedAuthorisation, sessionSignature),
        message: {
          type: 'eip712',
          chain: 'starknet',
          accountAddress: account,
          message: typedData,
          network: 'sepolia',
        },
      })
  const guardianSignature =
    cosigner && 'signature' in cosigner ? cosigner.signature : guardianKeySigns(hash, h.signedHash)
  const felts = tokenFelts({
    session: h.signedSession,
    authorisation: h.signedAuthorisation,
    sessionSignature,
    guardianSignature,
    proofs: forgery.proofs,
  })
  const call = {
    contractAddress: account,
    entrypoint: forgery.rev0 ? 'execute_from_outside' : 'execute_from_outside_v2',
    calldata: outsideExecutionCalldata(execution, felts).map(toHex),
  }
  try {
    const status = await statusOf(h.provider, (await h.relayer.execute(call)).transaction_hash)
    await record(h, step, cosigner, { accepted: status === 'SUCCEEDED', code: status })
  } catch (error) {
    const text = `${String(error)} ${JSON.stringify((error as { data?: unknown }).data ?? '')}`
    const code = String((error as { code?: unknown }).code ?? (error as Error).name)
    await record(h, step, cosigner, refused(code, text))
  }
}

function refused(code: string, text: string): Outcome {
  const reason = REASON.exec(text)?.[1]
  if (process.env.DEBUG_JOURNEYS) console.error(code, text)
  return { accepted: false, code, ...(reason ? { reason } : {}) }
}
