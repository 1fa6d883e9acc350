// The attacker's transcript as a user expects it (e2e/devnet/forged.ts runs it): the real Argent 0.4.0 account
// on starknet-devnet-rs gives it, and the built-in chain must give the same.
import type { ForgedRecord } from './forged'

// What a user expects whatever the attacker sends: only the session's own calls run (signed by the stolen
// key and a guardian signature, from the cosigner or from its key); everything else is refused by the cosigner
// (403 and a status word) and, with the cosigner bypassed, by the account: 55 (account validation failed) for
// an invoke, 41 (transaction execution error: the relayer's estimate) for an outside execution, with Argent's
// reason. The allowances show that nothing refused ran.
const HELD = 'A: ETH 3, STRK 0; B: ETH 1'
const CACHED = 'A: ETH 24, STRK 0; B: ETH 1'
const refusedBy = (
  step: string,
  cosigner: string | undefined,
  code: '55' | '41',
  reason: string,
  state = HELD,
) => ({
  step,
  ...(cosigner ? { cosigner } : {}),
  accepted: false,
  code,
  reason,
  state,
})
const ranWith = (step: string, cosigner: string | undefined, state: string) => ({
  step,
  ...(cosigner ? { cosigner } : {}),
  accepted: true,
  code: 'SUCCEEDED',
  state,
})

export const FORGED_EXPECTED: ForgedRecord[] = [
  ranWith('allowed call, co-signed', 'signed', 'A: ETH 2, STRK 0; B: ETH 1'),
  ranWith('allowed call, guardian key instead of the cosigner', undefined, HELD),
  // 1. Outside the session: the Merkle proof is of the (contract, selector) pair, another method's proves nothing.
  refusedBy(
    'out-of-scope call, proof of another allowed method',
    '403 methodNotAllowed',
    '55',
    'session/invalid-call',
  ),
  refusedBy('out-of-scope call, made-up proof', '403 methodNotAllowed', '55', 'session/invalid-call'),
  // 2. The session hash binds account, chain, expiry and key; the authorisation needs owner and guardian.
  refusedBy("A's session on account B", '403 unknownSession', '55', 'session/invalid-account-sig'),
  refusedBy(
    'session signed for another chain (SN_MAIN)',
    '403 unknownSession',
    '55',
    'session/invalid-account-sig',
  ),
  refusedBy(
    'later expiry than signed, cosigner asked with the token hash',
    '403 invalidSessionAuthorisation',
    '55',
    'session/invalid-account-sig',
  ),
  // The cosigner never sees the token: it co-signs the signed session's hash, which the longer one does not have.
  refusedBy(
    'later expiry than signed, cosigner asked with the signed hash',
    'signed',
    '55',
    'session/invalid-account-sig',
  ),
  refusedBy(
    "the attacker's own session, authorised by the guardian key alone",
    '403 invalidSessionAuthorisation',
    '55',
    'argent/invalid-signature-length',
  ),
  refusedBy('a felt appended to the token', 'signed', '55', 'session/invalid-calldata'),
  refusedBy('guardian signature missing', undefined, '55', 'session/invalid-calldata'),
  refusedBy('guardian signature by another key', undefined, '55', 'session/guardian-key-mismatch'),
  refusedBy('guardian signature of another transaction', undefined, '55', 'session/invalid-backend-sig'),
  refusedBy(
    "the attacker's own key with the session's authorisation (public once used)",
    '403 invalidSessionSignature',
    '55',
    'session/session-key-mismatch',
  ),
  refusedBy(
    'a call to the account itself (revoke_session)',
    '403 forbiddenCall',
    '55',
    'argent/no-multicall-to-self',
  ),
  refusedBy('two calls, one proof', 'signed', '55', 'session/unaligned-proofs'),
  refusedBy(
    'session-key signature of another transaction',
    '403 invalidSessionSignature',
    '55',
    'session/invalid-session-sig',
  ),
  // Argent's authorisation cache (the cosigner's schema wants the authorisation every time: 400).
  ranWith('cached authorisation, first use', 'signed', 'A: ETH 23, STRK 0; B: ETH 1'),
  ranWith('cached authorisation, left out', '400 BAD_REQUEST', CACHED),
  refusedBy(
    'cached authorisation, a longer one than cached',
    '403 invalidSessionAuthorisation',
    '55',
    'session/invalid-auth-len',
    CACHED,
  ),
  // 3. SNIP-9: the same checks on the outside execution's hash.
  refusedBy(
    'outside execution, out-of-scope call, proof of another allowed method',
    '403 methodNotAllowed',
    '41',
    'session/invalid-call',
    CACHED,
  ),
  refusedBy(
    "outside execution, A's session on account B",
    '403 unknownSession',
    '41',
    'session/invalid-account-sig',
    CACHED,
  ),
  refusedBy(
    'outside execution, session-key signature of another execution',
    '403 invalidSessionSignature',
    '41',
    'session/invalid-session-sig',
    CACHED,
  ),
  // 4. Revoked by the wallet (owner + guardian): refused everywhere, cached authorisation or not.
  ranWith('wallet revokes the session', undefined, CACHED),
  refusedBy('revoked session, allowed call', '403 sessionRevoked', '55', 'session/revoked', CACHED),
  refusedBy('revoked session, outside execution', '403 sessionRevoked', '41', 'session/revoked', CACHED),
  refusedBy(
    'revoked session, cached authorisation left out',
    '400 BAD_REQUEST',
    '55',
    'session/revoked',
    CACHED,
  ),
]
