// Starknet ID names the portfolio backend and the dev API read: the built-in chain's naming contract, or,
// in front of a node, none.
import { starknetId } from 'starknet'
import { STARKNET_ID_NAMING_ADDRESS } from '../../chain/contracts/starknetId'
import { selectorOf } from '../../chain/felt'
import type { Simulator } from '../../chain/simulator'
import { HttpError } from '../../infra/http/HttpError'
import type { DevNames } from './names'

/**
 * With --node, Starknet ID names are refused: the node has no Starknet ID contracts of wallet-sim's.
 * @example createDevRouter({ …, names: nodeNames() })
 */
export function nodeNames(): DevNames {
  return {
    register: async () => {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        'Starknet ID names live on the built-in chain; with --node the node has no Starknet ID contracts',
      )
    },
    nameOf: () => undefined,
  }
}

/**
 * `address_to_domain` on the simulated Starknet ID naming contract, decoded (`alice.stark`).
 * @example lookupStarkName(sim, address) // 'alice.stark'
 */
export function lookupStarkName(sim: Simulator, address: string): string | undefined {
  const [length, ...labels] = sim.chain.call(
    {
      to: STARKNET_ID_NAMING_ADDRESS,
      selector: selectorOf('address_to_domain'),
      calldata: [BigInt(address), 0n],
    },
    { tag: 'latest' },
  )
  if (!length) return undefined
  // biome-ignore lint/correctness/useHookAtTopLevel: starknet.js's useDecoded is a plain decoder, not a React hook
  return starknetId.useDecoded(labels.slice(0, Number(length)))
}
