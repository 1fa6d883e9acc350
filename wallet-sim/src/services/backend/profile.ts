import type { Profile } from '@webwallet/protocol'
import { seededRandom } from './random'

/**
 * The name-service profile of an address that has a name: social handles are derived from the name's first
 * label, proof of personhood from the seed, and the picture is the identicon fallback (docs/protocol.md, Portfolio backend).
 *
 * @example
 * profileFor('0x1', 'alice.stark', 'seed').twitter // 'alice'
 */
export function profileFor(address: string, name: string, seed: string): Profile {
  const random = seededRandom(`${seed}:profile:${address}`)
  const handle = name.split('.')[0] ?? name
  return {
    name,
    twitter: handle,
    github: handle,
    discord: handle,
    proofOfPersonhood: random.int(0, 1) === 1,
    profilePicture: `https://identicon.starknet.id/${BigInt(address).toString()}`,
  }
}
