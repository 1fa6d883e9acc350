// The attacker's half of the cross-check (issue 18): what someone holding a stolen session key can send
// without our SDK — forged session transactions, first to the cosigner, then, with the guardian key in hand
// (the cosigner bypassed), straight to the chain, and as SNIP-9 outside executions a relayer submits. One code
// for wallet-sim on its built-in chain and wallet-sim --node in front of starknet-devnet-rs (the real Argent
// 0.4.0 account): the two transcripts must be equal, and equal to FORGED_EXPECTED.
import type { Session as StoredSession } from '@webwallet/protocol'
import {
  allowedMethodsTree,
  buildSession,
  type Felt,
  type NamedOutsideCall,
  type OnChainSession,
  type OutsideExecution,
  onChainSession,
  outsideExecutionCalldata,
  publicKeyOf,
  type StarknetSignerSignature,
  serializeSignerSignatures,
  sessionHash,
  signHash,
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
import { revokeSession, victim } from './victim'

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

const REASON = /(session\/[a-z-]+|argent\/[a-z-]+)/
const OTHER_KEY = '0x1234567890abcdef1234567890abcdef'

/** How one forged session invoke is built; anything left out is what the wallet signed. */
interface InvokeForgery {
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

/**
 * The guardian key of the instances these attacks run on (forged.test.ts starts them with it): the worst
 * case, an attacker who has the guardian key as well. A wallet-sim started without it has a key of its own.
 */
export const FORGED_GUARDIAN_PRIVATE_KEY = '0x6f7267656420677561726469616e'

const guardianKeySigns = (txHash: Felt, claimed: Felt, cache?: boolean) =>
  signSessionMessage(txHash, claimed, FORGED_GUARDIAN_PRIVATE_KEY, cache)

/**
 * Runs every attack on `sim` and answers the transcript.
 * @example expect(await forgedJourneys(devnetSim, 'devnet')).toEqual(FORGED_EXPECTED)
 */
export async function forgedJourneys(sim: RunningSim, tag: string): Promise<ForgedRecord[]> {
  const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
  const stolenKey: { privateKey?: string } = {}
  const a = await victim(sim, `forged-a-${tag}@example.com`, stolenKey)
  const b = await victim(sim, `forged-b-${tag}@example.com`)
  const A = a.account.address
  const B = b.account.address
  const stolen: StolenSession = {
    stored: a.account.session as StoredSession,
    privateKey: stolenKey.privateKey ?? '',
  }
  const signedHash = BigInt(stolen.stored.hash)
  const signedAuthorisation = stolen.stored.authorisationSignature.map((felt) => BigInt(felt))
  const { session: signedSession, proofOf } = signedParts(stolen)
  const chainId = await provider.getChainId()

  const allowance = async (token: string, owner: string) => {
    const [low = '0x0'] = await provider.callContract({
      contractAddress: token,
      entrypoint: 'allowance',
      calldata: [owner, SPENDER],
    })
    return BigInt(low).toString()
  }
  const state = async () =>
    `A: ETH ${await allowance(ETH, A)}, STRK ${await allowance(STRK, A)}; B: ETH ${await allowance(ETH, B)}`
  const records: ForgedRecord[] = []
  const push = async (step: string, cosigner: CosignerAnswer | undefined, outcome: Outcome) => {
    records.push({
      step,
      ...(cosigner ? { cosigner: 'signature' in cosigner ? 'signed' : cosigner.refused } : {}),
      ...outcome,
      state: await state(),
    })
  }
  const statusOf = async (hash: string) => {
    const receipt = await provider.waitForTransaction(hash, { retryInterval: 50 })
    return String((receipt as { execution_status?: string }).execution_status ?? receipt.statusReceipt)
  }

  const invoke = async (step: string, forgery: InvokeForgery) => {
    const sender = forgery.sender ?? A
    const claimed = forgery.claimedHash ?? signedHash
    const authorisation = forgery.authorisation ?? signedAuthorisation
    const { tx, hash } = await unsignedInvoke(sim.rpcUrl, sender, forgery.calls)
    const sessionSignature = signSessionMessage(
      forgery.sessionKeySigns ?? hash,
      claimed,
      forgery.sessionKey ?? stolen.privateKey,
      forgery.cache,
    )
    const cosigner =
      forgery.askCosigner === false
        ? undefined
        : await askCosigner(sim.url, 'signSession', {
            session: cosignerSession(claimed, authorisation, sessionSignature, forgery.cache),
            transaction: cosignerTransaction(tx, chainId),
          })
    const guardianSignature =
      cosigner && 'signature' in cosigner
        ? cosigner.signature
        : (forgery.guardian ?? guardianKeySigns)(hash, claimed, forgery.cache)
    const felts = tokenFelts({
      session: forgery.session ?? signedSession,
      authorisation,
      sessionSignature: forgery.malleate === 'session key' ? malleated(sessionSignature) : sessionSignature,
      guardianSignature: forgery.malleate === 'guardian' ? malleated(guardianSignature) : guardianSignature,
      proofs: forgery.proofs,
      cache: forgery.cache ?? false,
    })
    const answer = await rpcCall<{ transaction_hash: string }>(sim.rpcUrl, 'starknet_addInvokeTransaction', {
      invoke_transaction: { ...tx, signature: forgery.edit ? forgery.edit(felts) : felts },
    })
    if ('error' in answer) {
      const { code, message, data } = answer.error
      await push(step, cosigner, refused(String(code), `${message} ${JSON.stringify(data ?? '')}`))
    } else {
      const status = await statusOf(answer.result.transaction_hash)
      await push(step, cosigner, { accepted: status === 'SUCCEEDED', code: status })
    }
  }

  const [dev] = sim.accounts
  if (!dev) throw new Error('no predeployed account to relay outside executions')
  const relayer = new Account({ provider, address: dev.address, signer: dev.private_key })
  const chainNow = async () => (await provider.getBlock('latest')).timestamp
  const rev0Hash = async (account: string, execution: OutsideExecution) => {
    const struct = outsideExecutionCalldata(execution, []).slice(0, -1)
    const [hash = '0x0'] = await provider.callContract({
      contractAddress: account,
      entrypoint: 'get_outside_execution_message_hash_rev_0',
      calldata: struct.map(toHex),
    })
    return BigInt(hash)
  }
  const outside = async (
    step: string,
    forgery: {
      account?: string
      calls: NamedOutsideCall[]
      proofs: Felt[][]
      sessionKeySigns?: Felt
      /** Only this address may submit it (default: any caller). */
      caller?: string
      /** SNIP-9 revision 0 (`execute_from_outside`): its hash from the account's own view; no cosigner for it. */
      rev0?: boolean
    },
  ) => {
    const account = forgery.account ?? A
    const built = outsideExecution(account, chainId, forgery.calls, await chainNow(), forgery.caller)
    const { execution, typedData } = built
    const hash = forgery.rev0 ? await rev0Hash(account, execution) : built.hash
    const sessionSignature = signSessionMessage(
      forgery.sessionKeySigns ?? hash,
      signedHash,
      stolen.privateKey,
    )
    const cosigner = forgery.rev0
      ? undefined
      : await askCosigner(sim.url, 'signSessionEFO', {
          session: cosignerSession(signedHash, signedAuthorisation, sessionSignature),
          message: {
            type: 'eip712',
            chain: 'starknet',
            accountAddress: account,
            message: typedData,
            network: 'sepolia',
          },
        })
    const guardianSignature =
      cosigner && 'signature' in cosigner ? cosigner.signature : guardianKeySigns(hash, signedHash)
    const felts = tokenFelts({
      session: signedSession,
      authorisation: signedAuthorisation,
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
      const status = await statusOf((await relayer.execute(call)).transaction_hash)
      await push(step, cosigner, { accepted: status === 'SUCCEEDED', code: status })
    } catch (error) {
      const text = `${String(error)} ${JSON.stringify((error as { data?: unknown }).data ?? '')}`
      await push(
        step,
        cosigner,
        refused(String((error as { code?: unknown }).code ?? (error as Error).name), text),
      )
    }
  }

  const approveProof = [proofOf({ contractAddress: ETH, entrypoint: 'approve' })]
  const strkApprove = approve(666, STRK)
  const madeUpProof = [[0x5ec2e7n, 0xbadn]]
  // The calls that run set the victim's ETH allowance to 2, 3, 4…; those refused ask for 100 and more.
  const allowed = { calls: [approve(100)], proofs: approveProof }

  // 0. What the stolen key may do: the session's own calls, co-signed or with the guardian key, whichever of
  //    a Stark signature's two valid forms (r, s) or (r, n − s) is sent.
  await invoke('allowed call, co-signed', { calls: [approve(2)], proofs: approveProof })
  await invoke('allowed call, guardian key instead of the cosigner', {
    calls: [approve(3)],
    proofs: approveProof,
    askCosigner: false,
  })
  await invoke('session-key signature in its other form (s → n − s)', {
    calls: [approve(4)],
    proofs: approveProof,
    malleate: 'session key',
  })
  await invoke("cosigner's signature in its other form (s → n − s)", {
    calls: [approve(5)],
    proofs: approveProof,
    malleate: 'guardian',
  })
  // 1. A call outside the session, with the proof of an allowed method, then with a made-up one.
  await invoke('out-of-scope call, proof of another allowed method', {
    calls: [strkApprove],
    proofs: approveProof,
  })
  await invoke('out-of-scope call, made-up proof', { calls: [strkApprove], proofs: madeUpProof })
  await invoke('a call to the account itself (revoke_session)', {
    calls: [{ contractAddress: A, entrypoint: 'revoke_session', calldata: [stolen.stored.hash] }],
    proofs: approveProof,
  })
  await invoke('two calls, one proof', { calls: [approve(101), approve(102)], proofs: approveProof })
  await invoke('one call, two proofs', { calls: [approve(103)], proofs: [...approveProof, ...approveProof] })
  // 2. The session elsewhere, or changed; signatures by other keys or over other transactions.
  await invoke("A's session on account B", { ...allowed, sender: B })
  const mainnetHash = sessionHash(signedSession, A, 'SN_MAIN')
  await invoke('session signed for another chain (SN_MAIN)', {
    ...allowed,
    claimedHash: mainnetHash,
    // The same owner key on mainnet: a real session of this account there, signed by owner and guardian.
    authorisation: serializeSignerSignatures([
      signHash(mainnetHash, a.owner),
      signHash(mainnetHash, FORGED_GUARDIAN_PRIVATE_KEY),
    ]),
  })
  const later = { ...signedSession, expiresAt: signedSession.expiresAt + 30n * 86_400n }
  await invoke('later expiry than signed, cosigner asked with the token hash', {
    ...allowed,
    session: later,
    claimedHash: sessionHash(later, A, chainId),
  })
  await invoke('later expiry than signed, cosigner asked with the signed hash', {
    ...allowed,
    session: later,
  })
  // The attacker's own session (its key, any method), authorised with the guardian key alone.
  const own = buildSession({
    expiresAt: signedSession.expiresAt,
    allowedMethods: [{ 'Contract Address': STRK, selector: 'approve' }],
    metadata: '{}',
    sessionPublicKey: toHex(publicKeyOf(OTHER_KEY)),
  })
  const ownHash = sessionHash(own, A, chainId)
  await invoke("the attacker's own session, authorised by the guardian key alone", {
    calls: [strkApprove],
    proofs: [allowedMethodsTree(own.allowedMethods).proofFor(strkApprove)],
    session: onChainSession(own),
    claimedHash: ownHash,
    authorisation: serializeSignerSignatures([signHash(ownHash, FORGED_GUARDIAN_PRIVATE_KEY)]),
    sessionKey: OTHER_KEY,
  })
  await invoke("the attacker's own key with the session's authorisation (public once used)", {
    ...allowed,
    sessionKey: OTHER_KEY,
  })
  await invoke('session-key signature of another transaction', { ...allowed, sessionKeySigns: 0x7e57n })
  // Token: magic, 4 session felts, cache flag, authorisation (length-prefixed), session-key signature (4 felts).
  const guardianAt = 7 + signedAuthorisation.length + 4
  await invoke('guardian signature missing', {
    ...allowed,
    askCosigner: false,
    edit: (felts) => [...felts.slice(0, guardianAt), ...felts.slice(guardianAt + 4)],
  })
  await invoke('guardian signature by another key', {
    ...allowed,
    askCosigner: false,
    guardian: (txHash, claimed) => signSessionMessage(txHash, claimed, OTHER_KEY),
  })
  await invoke('guardian signature of another transaction', {
    ...allowed,
    askCosigner: false,
    guardian: (txHash, claimed) => guardianKeySigns(txHash + 1n, claimed),
  })
  await invoke('a felt appended to the token', { ...allowed, edit: (felts) => [...felts, '0x1'] })
  // Argent's authorisation cache, which the SDK never uses: once cached, a token may leave the authorisation
  // out, but never carry a longer one (the account's guard against signature-length griefing).
  await invoke('cached authorisation, first use', { calls: [approve(6)], proofs: approveProof, cache: true })
  await invoke('cached authorisation, left out', {
    calls: [approve(7)],
    proofs: approveProof,
    cache: true,
    authorisation: [],
  })
  await invoke('cached authorisation, a longer one than cached', {
    ...allowed,
    cache: true,
    authorisation: [...signedAuthorisation, 0n],
  })
  // 3. The same through SNIP-9 outside execution: a relayer submits.
  await outside('outside execution revision 0 (execute_from_outside), guardian key', {
    calls: [approve(8)],
    proofs: approveProof,
    rev0: true,
  })
  await outside('outside execution, out-of-scope call, proof of another allowed method', {
    calls: [strkApprove],
    proofs: approveProof,
  })
  await outside("outside execution, A's session on account B", { ...allowed, account: B })
  await outside('outside execution for another caller, submitted by the relayer', { ...allowed, caller: B })
  await outside('outside execution, session-key signature of another execution', {
    ...allowed,
    sessionKeySigns: 0x7e57n,
  })
  // 4. The wallet revokes the session (owner + guardian sign `revoke_session` on the account): refused after.
  const revoked = await statusOf(await revokeSession(sim, a.token, A, stolen.stored.hash))
  await push('wallet revokes the session', undefined, { accepted: revoked === 'SUCCEEDED', code: revoked })
  await invoke('revoked session, allowed call', allowed)
  await outside('revoked session, outside execution', allowed)
  await invoke('revoked session, cached authorisation left out', {
    ...allowed,
    cache: true,
    authorisation: [],
  })
  return records
}

type Outcome = Pick<ForgedRecord, 'accepted' | 'code' | 'reason'>

function refused(code: string, text: string): Outcome {
  const reason = REASON.exec(text)?.[1]
  if (process.env.DEBUG_JOURNEYS) console.error(code, text)
  return { accepted: false, code, ...(reason ? { reason } : {}) }
}
