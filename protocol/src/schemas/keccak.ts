// A small Keccak-256 (the pre-SHA-3 padding Ethereum and Starknet use), written on 64-bit BigInt
// lanes. It only hashes short inputs (addresses for the checksum), so clarity and size beat speed.

const MASK = (1n << 64n) - 1n
const ROUND_CONSTANTS: bigint[] = []
const ROTATIONS: number[] = new Array(25).fill(0)

// Round constants from the LFSR of the Keccak reference; rotation offsets from the (x, y) walk.
{
  let r = 1
  for (let round = 0; round < 24; round++) {
    let rc = 0n
    for (let j = 0; j < 7; j++) {
      r = ((r << 1) ^ ((r >> 7) * 0x71)) & 0xff
      if (r & 2) rc ^= 1n << BigInt((1 << j) - 1)
    }
    ROUND_CONSTANTS.push(rc)
  }
  let x = 1
  let y = 0
  for (let t = 0; t < 24; t++) {
    ROTATIONS[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
  }
}

function rotl(value: bigint, shift: number): bigint {
  return shift === 0 ? value : ((value << BigInt(shift)) | (value >> BigInt(64 - shift))) & MASK
}

function permute(a: bigint[]): void {
  const c: bigint[] = new Array(5)
  const b: bigint[] = new Array(25)
  for (const rc of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++) c[x] = a[x]! ^ a[x + 5]! ^ a[x + 10]! ^ a[x + 15]! ^ a[x + 20]!
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1)
      for (let y = 0; y < 25; y += 5) a[x + y]! ^= d
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y]!, ROTATIONS[x + 5 * y]!)
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++)
        a[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK & b[((x + 2) % 5) + y]!)
    }
    a[0] = a[0]! ^ rc
  }
}

/**
 * Keccak-256 of bytes.
 *
 * @example
 * bytesToHex(keccak256(new Uint8Array())) // 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136
  const padded = new Uint8Array(Math.floor(data.length / rate + 1) * rate)
  padded.set(data)
  padded[data.length]! ^= 0x01
  padded[padded.length - 1]! ^= 0x80
  const state: bigint[] = new Array(25).fill(0n)
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[offset + i * 8 + k]!)
      state[i] = state[i]! ^ lane
    }
    permute(state)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt(8 * (i & 7))) & 0xffn)
  return out
}

/** @deprecated The same function as `bytesToHex` (its one home, protocol/src/bytes.ts), under its former name. */
export { bytesToHex as bytesToHexString } from '../bytes'
