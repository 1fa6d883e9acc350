// The attacker's half of the cross-check (issue 18): what someone holding a stolen session key can send
// without our SDK — forged session transactions, first to the cosigner, then, with the guardian key in hand
// (the cosigner bypassed), straight to the chain, and as SNIP-9 outside executions a relayer submits. One code
// for wallet-sim on its built-in chain and wallet-sim --node in front of starknet-devnet-rs (the real Argent
// 0.4.0 account): the two transcripts must be equal, and equal to FORGED_EXPECTED. The bench the attacks
// share (the stolen session, the forgers, the transcript) is forgery.ts.
import {
  allowedMethodsTree,
  buildSession,
  onChainSession,
  publicKeyOf,
  serializeSignerSignatures,
  sessionHash,
  signHash,
  toHex,
} from '@webwallet/protocol/session'
import type { RunningSim } from '@webwallet/wallet-sim'
import { signSessionMessage } from './attacker'
import {
  FORGED_GUARDIAN_PRIVATE_KEY,
  type ForgedRecord,
  forgeInvoke,
  forgeOutside,
  guardianKeySigns,
  type Heist,
  heist,
  OTHER_KEY,
  record,
  statusOf,
} from './forgery'
import { approve, STRK } from './journeys'
import { revokeSession } from './victim'

export { FORGED_GUARDIAN_PRIVATE_KEY, type ForgedRecord }

const STRK_APPROVE = approve(666, STRK)

/**
 * What the stolen key may do: the session's own calls, co-signed or with the guardian key, whichever of a
 * Stark signature's two valid forms (r, s) or (r, n − s) is sent.
 */
async function allowedCalls(h: Heist) {
  const proofs = h.approveProof
  await forgeInvoke(h, 'allowed call, co-signed', { calls: [approve(2)], proofs })
  await forgeInvoke(h, 'allowed call, guardian key instead of the cosigner', {
    calls: [approve(3)],
    proofs,
    askCosigner: false,
  })
  await forgeInvoke(h, 'session-key signature in its other form (s → n − s)', {
    calls: [approve(4)],
    proofs,
    malleate: 'session key',
  })
  await forgeInvoke(h, "cosigner's signature in its other form (s → n − s)", {
    calls: [approve(5)],
    proofs,
    malleate: 'guardian',
  })
}

/** Calls outside the session: with the proof of an allowed method, a made-up one, or proofs not matching. */
async function outOfScope(h: Heist) {
  const proofs = h.approveProof
  await forgeInvoke(h, 'out-of-scope call, proof of another allowed method', {
    calls: [STRK_APPROVE],
    proofs,
  })
  await forgeInvoke(h, 'out-of-scope call, made-up proof', {
    calls: [STRK_APPROVE],
    proofs: [[0x5ec2e7n, 0xbadn]],
  })
  await forgeInvoke(h, 'a call to the account itself (revoke_session)', {
    calls: [{ contractAddress: h.A, entrypoint: 'revoke_session', calldata: [h.stolen.stored.hash] }],
    proofs,
  })
  await forgeInvoke(h, 'two calls, one proof', { calls: [approve(101), approve(102)], proofs })
  await forgeInvoke(h, 'one call, two proofs', { calls: [approve(103)], proofs: [...proofs, ...proofs] })
}

/** The session elsewhere (another account, another chain) or changed (a later expiry). */
async function sessionMoved(h: Heist) {
  const { A, allowed, signedSession } = h
  await forgeInvoke(h, "A's session on account B", { ...allowed, sender: h.B })
  const mainnetHash = sessionHash(signedSession, A, 'SN_MAIN')
  await forgeInvoke(h, 'session signed for another chain (SN_MAIN)', {
    ...allowed,
    claimedHash: mainnetHash,
    // The same owner key on mainnet: a real session of this account there, signed by owner and guardian.
    authorisation: serializeSignerSignatures([
      signHash(mainnetHash, h.owner),
      signHash(mainnetHash, FORGED_GUARDIAN_PRIVATE_KEY),
    ]),
  })
  const later = { ...signedSession, expiresAt: signedSession.expiresAt + 30n * 86_400n }
  await forgeInvoke(h, 'later expiry than signed, cosigner asked with the token hash', {
    ...allowed,
    session: later,
    claimedHash: sessionHash(later, A, h.chainId),
  })
  await forgeInvoke(h, 'later expiry than signed, cosigner asked with the signed hash', {
    ...allowed,
    session: later,
  })
}

/** Session-key signatures by other keys, or over another transaction. */
async function otherSessionKeys(h: Heist) {
  // The attacker's own session (its key, any method), authorised with the guardian key alone.
  const own = buildSession({
    expiresAt: h.signedSession.expiresAt,
    allowedMethods: [{ 'Contract Address': STRK, selector: 'approve' }],
    metadata: '{}',
    sessionPublicKey: toHex(publicKeyOf(OTHER_KEY)),
  })
  const ownHash = sessionHash(own, h.A, h.chainId)
  await forgeInvoke(h, "the attacker's own session, authorised by the guardian key alone", {
    calls: [STRK_APPROVE],
    proofs: [allowedMethodsTree(own.allowedMethods).proofFor(STRK_APPROVE)],
    session: onChainSession(own),
    claimedHash: ownHash,
    authorisation: serializeSignerSignatures([signHash(ownHash, FORGED_GUARDIAN_PRIVATE_KEY)]),
    sessionKey: OTHER_KEY,
  })
  await forgeInvoke(h, "the attacker's own key with the session's authorisation (public once used)", {
    ...h.allowed,
    sessionKey: OTHER_KEY,
  })
  await forgeInvoke(h, 'session-key signature of another transaction', {
    ...h.allowed,
    sessionKeySigns: 0x7e57n,
  })
}

/** The guardian's signature missing, by another key or of another transaction; the token one felt longer. */
async function guardianForgeries(h: Heist) {
  const { allowed } = h
  // Token: magic, 4 session felts, cache flag, authorisation (length-prefixed), session-key signature (4 felts).
  const guardianAt = 7 + h.signedAuthorisation.length + 4
  await forgeInvoke(h, 'guardian signature missing', {
    ...allowed,
    askCosigner: false,
    edit: (felts) => [...felts.slice(0, guardianAt), ...felts.slice(guardianAt + 4)],
  })
  await forgeInvoke(h, 'guardian signature by another key', {
    ...allowed,
    askCosigner: false,
    guardian: (txHash, claimed) => signSessionMessage(txHash, claimed, OTHER_KEY),
  })
  await forgeInvoke(h, 'guardian signature of another transaction', {
    ...allowed,
    askCosigner: false,
    guardian: (txHash, claimed) => guardianKeySigns(txHash + 1n, claimed),
  })
  await forgeInvoke(h, 'a felt appended to the token', { ...allowed, edit: (felts) => [...felts, '0x1'] })
}

/**
 * Argent's authorisation cache, which the SDK never uses: once cached, a token may leave the authorisation
 * out, but never carry a longer one (the account's guard against signature-length griefing).
 */
async function cachedAuthorisation(h: Heist) {
  const proofs = h.approveProof
  await forgeInvoke(h, 'cached authorisation, first use', { calls: [approve(6)], proofs, cache: true })
  await forgeInvoke(h, 'cached authorisation, left out', {
    calls: [approve(7)],
    proofs,
    cache: true,
    authorisation: [],
  })
  await forgeInvoke(h, 'cached authorisation, a longer one than cached', {
    ...h.allowed,
    cache: true,
    authorisation: [...h.signedAuthorisation, 0n],
  })
}

/** The same through SNIP-9 outside execution: a relayer submits. */
async function outsideExecutions(h: Heist) {
  const { allowed } = h
  await forgeOutside(h, 'outside execution revision 0 (execute_from_outside), guardian key', {
    calls: [approve(8)],
    proofs: h.approveProof,
    rev0: true,
  })
  await forgeOutside(h, 'outside execution, out-of-scope call, proof of another allowed method', {
    calls: [STRK_APPROVE],
    proofs: h.approveProof,
  })
  await forgeOutside(h, "outside execution, A's session on account B", { ...allowed, account: h.B })
  await forgeOutside(h, 'outside execution for another caller, submitted by the relayer', {
    ...allowed,
    caller: h.B,
  })
  await forgeOutside(h, 'outside execution, session-key signature of another execution', {
    ...allowed,
    sessionKeySigns: 0x7e57n,
  })
}

/** The wallet revokes the session (owner + guardian sign `revoke_session` on the account): refused after. */
async function afterRevocation(h: Heist) {
  const { allowed } = h
  const revoked = await statusOf(h.provider, await revokeSession(h.sim, h.token, h.A, h.stolen.stored.hash))
  await record(h, 'wallet revokes the session', undefined, {
    accepted: revoked === 'SUCCEEDED',
    code: revoked,
  })
  await forgeInvoke(h, 'revoked session, allowed call', allowed)
  await forgeOutside(h, 'revoked session, outside execution', allowed)
  await forgeInvoke(h, 'revoked session, cached authorisation left out', {
    ...allowed,
    cache: true,
    authorisation: [],
  })
}

/**
 * Runs every attack on `sim` and answers the transcript.
 * @example expect(await forgedJourneys(devnetSim, 'devnet')).toEqual(FORGED_EXPECTED)
 */
export async function forgedJourneys(sim: RunningSim, tag: string): Promise<ForgedRecord[]> {
  const h = await heist(sim, tag)
  const attacks = [
    allowedCalls,
    outOfScope,
    sessionMoved,
    otherSessionKeys,
    guardianForgeries,
    cachedAuthorisation,
    outsideExecutions,
    afterRevocation,
  ]
  for (const attack of attacks) await attack(h)
  return h.records
}
