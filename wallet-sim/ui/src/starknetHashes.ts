// What protocol's modules take from starknet.js (`ec.starkCurve`, `hash.starknetKeccak`,
// `hash.getSelectorFromName`), from the curve library starknet.js itself wraps: the page's build resolves
// `starknet` here (vite.config.ts), so the wallet page does not parse starknet.js's whole barrel (its largest
// part) to hash typed data. starknetHashes.test.ts holds these equal to starknet.js's.
import * as starkCurve from '@scure/starknet'

/** starknet.js's `ec`: the Stark curve, Pedersen, Poseidon, signatures. */
export const ec = { starkCurve }

const utf8 = new TextEncoder()

/** starknet.js's `hash`, the two functions protocol uses. */
export const hash = {
  /** Starknet keccak (250 bits) of a string's UTF-8 bytes. */
  starknetKeccak: (text: string): bigint => starkCurve.keccak(utf8.encode(text)),
  /** The selector of an entry point name, as 0x hex. */
  getSelectorFromName: (name: string): string => `0x${starkCurve.keccak(utf8.encode(name)).toString(16)}`,
}
