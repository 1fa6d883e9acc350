// The attacker's transcript as a user expects it (e2e/devnet/forged.ts runs it): the real Argent 0.4.0 account
// on starknet-devnet-rs gives it, and the built-in chain must give the same.
import type { ForgedRecord } from './forged'

// Only the session's own calls run, signed by the stolen key and a guardian signature (the cosigner's, or one
// made with its key). Everything else is refused by the cosigner (403 and a status word; 400 for a body its
// schema refuses) and, with the cosigner bypassed, by the account: 55 (account validation failed) for an
// invoke, 41 (transaction execution error, the relayer's estimate) for an outside execution, with Argent's
// reason. The victim's ETH allowance is set by each call that runs (2, 3, …) and stays put when one is refused;
// its STRK allowance and account B's ETH allowance never move.
const state = (eth: number) => `A: ETH ${eth}, STRK 0; B: ETH 1`
const ran = (step: string, cosigner: string | undefined, eth: number): ForgedRecord => ({
  step,
  ...(cosigner ? { cosigner } : {}),
  accepted: true,
  code: 'SUCCEEDED',
  state: state(eth),
})
const refused = (
  step: string,
  cosigner: string | undefined,
  code: '55' | '41',
  reason: string,
  eth: number,
): ForgedRecord => ({
  step,
  ...(cosigner ? { cosigner } : {}),
  accepted: false,
  code,
  reason,
  state: state(eth),
})

export const FORGED_EXPECTED: ForgedRecord[] = [
  // 0. What the stolen key may do.
  ran('allowed call, co-signed', 'signed', 2),
  ran('allowed call, guardian key instead of the cosigner', undefined, 3),
  ran('session-key signature in its other form (s → n − s)', 'signed', 4),
  ran("cosigner's signature in its other form (s → n − s)", 'signed', 5),
  // 1. Outside the session: a proof is of one (contract, selector) pair, so another method's proves nothing.
  refused(
    'out-of-scope call, proof of another allowed method',
    '403 methodNotAllowed',
    '55',
    'session/invalid-call',
    5,
  ),
  refused('out-of-scope call, made-up proof', '403 methodNotAllowed', '55', 'session/invalid-call', 5),
  refused(
    'a call to the account itself (revoke_session)',
    '403 forbiddenCall',
    '55',
    'argent/no-multicall-to-self',
    5,
  ),
  // The cosigner never sees the token (only its session hash): the proofs are the account's to check.
  refused('two calls, one proof', 'signed', '55', 'session/unaligned-proofs', 5),
  refused('one call, two proofs', 'signed', '55', 'session/unaligned-proofs', 5),
  // 2. The session hash binds account, chain, expiry and key; the authorisation needs owner and guardian.
  refused("A's session on account B", '403 unknownSession', '55', 'session/invalid-account-sig', 5),
  refused(
    'session signed for another chain (SN_MAIN)',
    '403 unknownSession',
    '55',
    'session/invalid-account-sig',
    5,
  ),
  refused(
    'later expiry than signed, cosigner asked with the token hash',
    '403 invalidSessionAuthorisation',
    '55',
    'session/invalid-account-sig',
    5,
  ),
  // What the cosigner signs binds the signed session's hash, which the token with a later expiry does not have.
  refused(
    'later expiry than signed, cosigner asked with the signed hash',
    'signed',
    '55',
    'session/invalid-account-sig',
    5,
  ),
  refused(
    "the attacker's own session, authorised by the guardian key alone",
    '403 invalidSessionAuthorisation',
    '55',
    'argent/invalid-signature-length',
    5,
  ),
  refused(
    "the attacker's own key with the session's authorisation (public once used)",
    '403 invalidSessionSignature',
    '55',
    'session/session-key-mismatch',
    5,
  ),
  refused(
    'session-key signature of another transaction',
    '403 invalidSessionSignature',
    '55',
    'session/invalid-session-sig',
    5,
  ),
  refused('guardian signature missing', undefined, '55', 'session/invalid-calldata', 5),
  refused('guardian signature by another key', undefined, '55', 'session/guardian-key-mismatch', 5),
  refused('guardian signature of another transaction', undefined, '55', 'session/invalid-backend-sig', 5),
  refused('a felt appended to the token', 'signed', '55', 'session/invalid-calldata', 5),
  // Argent's authorisation cache (the cosigner's schema wants the authorisation every time: 400).
  ran('cached authorisation, first use', 'signed', 6),
  ran('cached authorisation, left out', '400 BAD_REQUEST', 7),
  refused(
    'cached authorisation, a longer one than cached',
    '403 invalidSessionAuthorisation',
    '55',
    'session/invalid-auth-len',
    7,
  ),
  // 3. SNIP-9: revision 0 takes the session too (no cosigner endpoint for it: the guardian key signs); the
  //    same checks on the outside execution's hash, and its caller.
  ran('outside execution revision 0 (execute_from_outside), guardian key', undefined, 8),
  refused(
    'outside execution, out-of-scope call, proof of another allowed method',
    '403 methodNotAllowed',
    '41',
    'session/invalid-call',
    8,
  ),
  refused(
    "outside execution, A's session on account B",
    '403 unknownSession',
    '41',
    'session/invalid-account-sig',
    8,
  ),
  refused(
    'outside execution for another caller, submitted by the relayer',
    'signed',
    '41',
    'argent/invalid-caller',
    8,
  ),
  refused(
    'outside execution, session-key signature of another execution',
    '403 invalidSessionSignature',
    '41',
    'session/invalid-session-sig',
    8,
  ),
  // 4. Revoked by the wallet (owner + guardian): refused everywhere, cached authorisation or not.
  ran('wallet revokes the session', undefined, 8),
  refused('revoked session, allowed call', '403 sessionRevoked', '55', 'session/revoked', 8),
  refused('revoked session, outside execution', '403 sessionRevoked', '41', 'session/revoked', 8),
  refused('revoked session, cached authorisation left out', '400 BAD_REQUEST', '55', 'session/revoked', 8),
]
