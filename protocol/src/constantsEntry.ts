// `@webwallet/protocol/constants`: the constants, environments, Starknet facts and bytes' hex alone, without the zod
// schemas of the main entry. A module behind a dynamic import imports from here: an unsplit bundle (esbuild without splitting,
// Rollup's inlineDynamicImports) runs the whole barrel it imports from, and the main one's is ~20 KB of zod.
export * from './bytes'
export * from './constants'
export * from './environments'
export * from './starknet/index'
