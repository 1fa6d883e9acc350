// What an RPC method is, apart from any method table: the starknet_*, message, devnet and legacy tables all
// build on it, and none of them imports another for its type.
import type { Chain } from '../chain/chain'
import type { SpecVersion } from './format'

/** A method's named params, as the handler hands them on (positional ones already named). */
export type Params = Record<string, unknown>

/** One JSON-RPC method: the names it answers to, and its run over a chain for a spec version. */
export type Method = { names: readonly string[]; run: (chain: Chain, p: Params, v: SpecVersion) => unknown }
