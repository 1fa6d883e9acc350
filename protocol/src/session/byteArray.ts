// Cairo ByteArray encoding, which SNIP-12 revision 1 uses for the `string` type (the session's Metadata).
import { type Felt, poseidonMany } from './felt'

const WORD_BYTES = 31

/**
 * The Cairo serialisation of a ByteArray: [full_words_len, ...full_words, pending_word, pending_word_len].
 * @example byteArrayFelts('hello') // [0n, 0x68656c6c6fn, 5n]
 */
export function byteArrayFelts(text: string): Felt[] {
  const bytes = new TextEncoder().encode(text)
  const fullWords: Felt[] = []
  let offset = 0
  for (; offset + WORD_BYTES <= bytes.length; offset += WORD_BYTES) {
    fullWords.push(bytesToFelt(bytes.subarray(offset, offset + WORD_BYTES)))
  }
  const pending = bytes.subarray(offset)
  return [BigInt(fullWords.length), ...fullWords, bytesToFelt(pending), BigInt(pending.length)]
}

/**
 * The SNIP-12 revision 1 hash of a `string` value: poseidon over its ByteArray serialisation.
 * @example hashByteArray(JSON.stringify({ projectID: 'demo', txFees: [] }))
 */
export function hashByteArray(text: string): Felt {
  return poseidonMany(byteArrayFelts(text))
}

function bytesToFelt(bytes: Uint8Array): Felt {
  let felt = 0n
  for (const byte of bytes) felt = (felt << 8n) | BigInt(byte)
  return felt
}
