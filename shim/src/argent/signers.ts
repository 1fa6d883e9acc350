// invisible-sdk 1.0.0's raw signers: a starknet.js signer (the app's starknet.js: its hashes of messages and
// transactions) whose signing is one method, `signRaw(hash)`, and a Stark key pair built on it.
import { bytesToHex, toHex } from '@webwallet/protocol/constants'
import { WebWalletError } from '@webwallet/protocol/errors'
import { ec, Signer } from 'starknet'

/**
 * A starknet.js `SignerInterface` whose signing you write: every `sign*` hashes as starknet.js's `Signer` does
 * and hands the hash to `signRaw`. `getPubKey` throws (there is no one public key), as invisible-sdk's.
 *
 * @example
 * class Remote extends RawSigner { async signRaw(hash: string) { return await myHsm.sign(hash) } }
 */
export abstract class RawSigner extends Signer {
  constructor() {
    super('0x1') // starknet.js's Signer wants a key; signRaw below replaces the only use of it
  }
  /** Signs a hash (hex): the signature's felts. */
  abstract override signRaw(messageHash: string): Promise<string[]>
  /** NOT_IMPLEMENTED, with invisible-sdk's sentence: a raw signer has no one public key. */
  override async getPubKey(): Promise<string> {
    throw new WebWalletError('This signer allows multiple public keys', {
      code: 'NOT_IMPLEMENTED',
      data: undefined,
    })
  }
}

/** 32 random bytes of a Stark private key, as `format`: hex (default, 64 digits), bytes or bigint. @example randomPrivateKey() // '0x…' */
export function randomPrivateKey(format: 'buffer'): Uint8Array
export function randomPrivateKey(format: 'bigint'): bigint
export function randomPrivateKey(format: 'hex'): string
export function randomPrivateKey(): string
export function randomPrivateKey(format: 'buffer' | 'bigint' | 'hex' = 'hex'): Uint8Array | bigint | string {
  const bytes = ec.starkCurve.utils.randomPrivateKey()
  if (format === 'buffer') return bytes
  const hex = `0x${bytesToHex(bytes)}`
  return format === 'hex' ? hex : BigInt(hex)
}

/**
 * A Stark key pair as a {@link RawSigner}: signatures `[r, s]` as decimal strings.
 *
 * @example
 * const giftKey = new LegacyStarknetKeyPair() // a random key
 * createDeposit(sender, { ...params, giftSignerPubKey: giftKey.publicKey })
 */
export class LegacyStarknetKeyPair extends RawSigner {
  override pk: string
  constructor(pk?: string | bigint) {
    super()
    this.pk = pk ? toHex(BigInt(pk)) : randomPrivateKey()
  }
  get privateKey(): string {
    return this.pk
  }
  get publicKey(): bigint {
    return BigInt(ec.starkCurve.getStarkKey(this.pk))
  }
  override async signRaw(messageHash: string): Promise<string[]> {
    const { r, s } = ec.starkCurve.sign(messageHash, this.pk)
    return [r.toString(), s.toString()]
  }
}
