// A cursor over serialised Cairo values, for the verifier side (parsing what x-sessions compiled).
import { ValidationError } from '../errors/validation'
import type { Felt } from './felt'
import type { StarknetSignerSignature } from './signer'

/** Thrown when felts do not deserialise into the expected Cairo type: a VALIDATION error with its own name. */
export class DeserializeError extends ValidationError {
  override name = 'DeserializeError'
  constructor(message: string) {
    super([{ path: [], message }])
  }
}

/**
 * Reads Cairo-serialised values one after another.
 * @example const reader = new FeltReader(felts); const len = reader.length()
 */
export class FeltReader {
  #offset = 0
  constructor(private readonly felts: readonly Felt[]) {}

  get remaining(): number {
    return this.felts.length - this.#offset
  }

  felt(): Felt {
    const value = this.felts[this.#offset]
    if (value === undefined) throw new DeserializeError('Not enough felts')
    this.#offset += 1
    return value
  }

  /** A `u32` length prefix, bounded by what is left so a hostile length cannot allocate. */
  length(): number {
    const value = this.felts[this.#offset]
    if (value === undefined || value > BigInt(this.remaining - 1))
      throw new DeserializeError('Invalid length')
    this.#offset += 1
    return Number(value)
  }

  bool(): boolean {
    const value = this.felt()
    if (value > 1n) throw new DeserializeError('Invalid bool')
    return value === 1n
  }

  u64(): bigint {
    const value = this.felt()
    if (value >= 2n ** 64n) throw new DeserializeError('Invalid u64')
    return value
  }

  array(): Felt[] {
    const length = this.length()
    return Array.from({ length }, () => this.felt())
  }

  /** `SignerSignature`; only the Starknet variant exists in this simulator. */
  signerSignature(): StarknetSignerSignature {
    const variant = this.felt()
    if (variant !== 0n) throw new DeserializeError(`Unsupported signer type ${variant}`)
    const signer = this.felt()
    if (signer === 0n) throw new DeserializeError('Zero public key')
    return { signer, r: this.felt(), s: this.felt() }
  }

  signerSignatures(): StarknetSignerSignature[] {
    const length = this.length()
    return Array.from({ length }, () => this.signerSignature())
  }

  /** Fails unless every felt was consumed, as Argent's `full_deserialize` does. */
  end(): void {
    if (this.remaining !== 0) throw new DeserializeError('Trailing felts')
  }
}
