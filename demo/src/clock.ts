// The simulator's clock can be moved (tests, time travel); sessions expire by chain time, so the demo
// reads the latest block's timestamp and runs the SDK on that clock.
import { RpcProvider } from 'starknet'
import { URLS } from './config'

const provider = new RpcProvider({ nodeUrl: URLS.providerDefaultUrl })
let skewMs = 0

/** Milliseconds since the epoch on the chain's clock (as last synced). */
export const chainNow = (): number => Date.now() + skewMs

/**
 * Reads the chain's time; keeps the last known skew when the node cannot be reached (the status shown may
 * lag until it answers again). Resolves whether the node answered.
 */
export async function syncChainClock(): Promise<boolean> {
  try {
    const block = await provider.getBlock('latest')
    skewMs = block.timestamp * 1000 - Date.now()
    return true
  } catch {
    return false
  }
}

export { provider }
