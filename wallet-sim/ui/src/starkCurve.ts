// The Stark curve library (@scure/starknet) for the wallet page, run at its first use: its module builds the
// Poseidon round constants and the Pedersen tables when it runs, which a hands-free connect or transaction
// never needs. The page's build resolves protocol's `@scure/starknet` imports here, and this file's `require`
// to starkCurveLibrary.ts (the functions protocol takes, from protocol's copy of the library: vite.config.ts);
// the bundler answers a `require` with the module wrapped to run when first required, where an ES import would
// run it as the page starts. Elsewhere (Node, the tests) the `require` is the library itself.
import type * as Scure from '@scure/starknet'

type Curve = Pick<typeof Scure, 'keccak' | 'pedersen' | 'poseidonHash' | 'poseidonHashMany'>

let loaded: Curve | undefined
const curve = (): Curve => {
  loaded ??= require('@scure/starknet') as Curve
  return loaded
}

/** Starknet keccak, the library's on first call. @example keccak(new TextEncoder().encode('transfer')) */
export const keccak: Curve['keccak'] = (data) => curve().keccak(data)
/** Pedersen hash, the library's on first call. @example pedersen(1n, 2n) */
export const pedersen: Curve['pedersen'] = (x, y) => curve().pedersen(x, y)
/** Poseidon of two, the library's on first call. @example poseidonHash(1n, 2n) */
export const poseidonHash: Curve['poseidonHash'] = (x, y, fn) => curve().poseidonHash(x, y, fn)
/** Poseidon of many, the library's on first call. @example poseidonHashMany([1n, 2n, 3n]) */
export const poseidonHashMany: Curve['poseidonHashMany'] = (values, fn) =>
  curve().poseidonHashMany(values, fn)
