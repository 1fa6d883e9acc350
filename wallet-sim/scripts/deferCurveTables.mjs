// A Vite plugin for the wallet page: @scure/starknet builds its Poseidon round constants (273 SHA-256 hashes)
// and two Pedersen tables when it is imported, a quarter of the wallet page's start in a frame; a hands-free
// connect or execute never hashes. The plugin defers both to their first use, where they are built exactly as
// before (same calls, same arguments). Each replaced statement must be found as written: an update of the
// library that changes one fails the build instead of shipping it half-deferred (deferCurveTables.test.ts
// proves the hashes unchanged).

const POSEIDON =
  'export const poseidonSmall = poseidonBasic({ Fp: Fp251, rate: 2, capacity: 1, roundsFull: 8, roundsPartial: 83 }, MDS_SMALL);'
const POSEIDON_LAZY = `let builtPoseidonSmall;
const buildPoseidonSmall = () => (builtPoseidonSmall ??= poseidonBasic({ Fp: Fp251, rate: 2, capacity: 1, roundsFull: 8, roundsPartial: 83 }, MDS_SMALL));
export const poseidonSmall = Object.defineProperties((state) => buildPoseidonSmall()(state), {
  m: { get: () => buildPoseidonSmall().m },
  rate: { get: () => buildPoseidonSmall().rate },
  capacity: { get: () => buildPoseidonSmall().capacity },
});`

/** [as the library writes it, deferred] */
const REPLACEMENTS = [
  [POSEIDON, POSEIDON_LAZY],
  [
    'const PEDERSEN_POINTS1 = pedersenPrecompute(PEDERSEN_POINTS[1], PEDERSEN_POINTS[2]);',
    'let PEDERSEN_POINTS1;',
  ],
  [
    'const PEDERSEN_POINTS2 = pedersenPrecompute(PEDERSEN_POINTS[3], PEDERSEN_POINTS[4]);',
    'let PEDERSEN_POINTS2;',
  ],
  [
    'point = pedersenSingle(point, x, PEDERSEN_POINTS1);',
    'PEDERSEN_POINTS1 ??= pedersenPrecompute(PEDERSEN_POINTS[1], PEDERSEN_POINTS[2]);\n    PEDERSEN_POINTS2 ??= pedersenPrecompute(PEDERSEN_POINTS[3], PEDERSEN_POINTS[4]);\n    point = pedersenSingle(point, x, PEDERSEN_POINTS1);',
  ],
]

/**
 * @scure/starknet's ESM entry with its import-time tables deferred; throws when a statement is not found once.
 * @param {string} code
 * @returns {string}
 * @example deferredScure(readFileSync('node_modules/@scure/starknet/lib/esm/index.js', 'utf8'))
 */
export function deferredScure(code) {
  let out = code
  for (const [eager, lazy] of REPLACEMENTS) {
    if (out.split(eager).length !== 2)
      throw new Error(`deferCurveTables: @scure/starknet changed, "${eager.slice(0, 60)}…" is not there once`)
    out = out.replace(eager, lazy)
  }
  return out
}

/** The Vite plugin: transforms @scure/starknet's ESM entry (and nothing else). @example plugins: [deferCurveTables()] */
export function deferCurveTables() {
  return {
    name: 'webwallet-defer-curve-tables',
    enforce: 'pre',
    transform(code, id) {
      return /[\\/]@scure[\\/]starknet[\\/]lib[\\/]esm[\\/]index\.js$/.test(id)
        ? deferredScure(code)
        : undefined
    },
  }
}
