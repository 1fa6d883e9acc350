import type { Felt } from '@webwallet/protocol/session'
import type { SessionKeyPair } from './request'

/**
 * A kind of session key other than the default Stark key, given to `WebWallet.init({ sessionKey })`: e.g.
 * `p256SessionKey()` from '@webwallet/shim/p256', a non-extractable WebCrypto P-256 key the account knows as
 * a WebAuthn signer. The SDK stores `publicKey` as it is and `privateKey` sealed, as for a Stark key.
 */
export interface SessionKeyKind {
  /** A fresh key. `privateKey` is what the kind needs to sign again (for a non-extractable key, a reference). */
  generate(): Promise<SessionKeyPair>
  /** The signer GUID the session names the key by (the typed data's `Session Key`). */
  guid(publicKey: string): Felt
  /**
   * Signs a session message (poseidon(hash, session hash, cache flag)): the `SignerSignature` felts the
   * token carries, and the `sessionSignature` the cosigner is sent.
   */
  sign(key: SessionKeyPair, message: Felt): Promise<SessionKeySignature>
  /**
   * L2 gas the account spends checking one of this kind's signatures beyond a Stark key's, when that is more
   * than a validation may use (Argent's WebAuthn check: SHA-256 in Cairo). Such a session never sends its own
   * invoke: every execute goes through the paymaster as an outside execution (checked in `__execute__`),
   * whose gas-token fee covers this much more.
   */
  readonly verifyGas?: bigint
}

/** A session key's signature of one message, in both forms it travels in. */
export interface SessionKeySignature {
  readonly felts: readonly Felt[]
  readonly cosigner: unknown
}
