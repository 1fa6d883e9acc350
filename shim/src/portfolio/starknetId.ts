import type { Profile } from '@webwallet/protocol'
import { CHAIN_IDS } from '@webwallet/protocol/constants'
import {
  AggregateCallError,
  NameServiceNotDeployedError,
  StarknameAddressLookupError,
  StarknameLookupError,
  StarknameNotFoundError,
  StarkProfileError,
} from '@webwallet/protocol/errors'
import { selectorFromName, shortString, toHex } from '@webwallet/protocol/session'
import { CallData, shortString as ss, starknetId } from 'starknet'
import type { Rpc } from '../account/rpc'

// Aliased: the `use` prefix of starknet.js's names reads as React hooks to the linter.
const { useDecoded: decodeDomain, useEncoded: encodeLabel } = starknetId

/** The naming contracts; defaults are starknet.js's per network. */
export interface StarknetIdContracts {
  readonly naming: string
  readonly identity: string
  readonly verifier: string
  readonly pfp: string
  readonly pop: string
  readonly multicall: string
}

/** Where the profile picture falls back to when the identity has none. */
export const IDENTICON_URL = 'https://starknet.id/api/identicons/'

/**
 * Starknet ID reads through the name-service contracts: an address's name, a name's address, the profile.
 *
 * @example
 * const ids = createStarknetId(rpc, '0x534e5f5345504f4c4941')
 * const name = await ids.name(address) // 'alice.stark'
 */
export function createStarknetId(rpc: Rpc, chainId: string, overrides: Partial<StarknetIdContracts> = {}) {
  const contracts = (): StarknetIdContracts => {
    const known = chainId === CHAIN_IDS.SN_MAIN || chainId === CHAIN_IDS.SN_SEPOLIA
    if (!known && Object.keys(overrides).length < 6) throw new NameServiceNotDeployedError()
    const id = chainId as never
    return {
      naming: overrides.naming ?? starknetId.getStarknetIdContract(id),
      identity: overrides.identity ?? starknetId.getStarknetIdIdentityContract(id),
      verifier: overrides.verifier ?? starknetId.getStarknetIdVerifierContract(id),
      pfp: overrides.pfp ?? starknetId.getStarknetIdPfpContract(id),
      pop: overrides.pop ?? starknetId.getStarknetIdPopContract(id),
      multicall: overrides.multicall ?? starknetId.getStarknetIdMulticallContract(id),
    }
  }
  const call = (contractAddress: string, entrypoint: string, calldata: string[]) =>
    rpc.request<string[]>('starknet_call', {
      request: {
        contract_address: contractAddress,
        entry_point_selector: toHex(selectorFromName(entrypoint)),
        calldata,
      },
      block_id: 'latest',
    })
  return {
    /** 'Starkname not found' when the address has none; 'Could not get stark name' on any other failure. */
    async name(address: string): Promise<string> {
      const { naming } = contracts()
      let domain: string[]
      try {
        domain = await call(naming, 'address_to_domain', [address, '0x0'])
      } catch (cause) {
        throw new StarknameLookupError({ cause })
      }
      const name = decodeDomain(domain.slice(1).map((felt) => BigInt(felt)))
      if (!name) throw new StarknameNotFoundError()
      return name
    },
    /** The address of `name` ('.stark' optional); 'Could not get address from stark name' on failure. */
    async address(name: string): Promise<string> {
      const domain = name.endsWith('.stark') ? name : `${name}.stark`
      const { naming } = contracts()
      try {
        if (!starknetId.isStarkDomain(domain)) throw new TypeError('Invalid domain')
        const labels = domain
          .slice(0, -'.stark'.length)
          .split('.')
          .map((label) => toHex(encodeLabel(label)))
        const [address] = await call(naming, 'domain_to_address', [toHex(labels.length), ...labels, '0x0'])
        if (!address) throw new TypeError('Empty answer')
        return address
      } catch (cause) {
        throw new StarknameAddressLookupError({ cause })
      }
    },
    /** The profile; 'Error while calling aggregate function' when the multicall answers nothing usable. */
    async profile(address: string): Promise<Profile> {
      const known = contracts()
      let data: string[]
      try {
        data = await call(
          known.multicall,
          'aggregate',
          CallData.compile({ calls: profileCalls(known, address) }),
        )
      } catch (cause) {
        throw new StarkProfileError({ cause })
      }
      return readProfile(data)
    },
  }
}

/** The reader {@link createStarknetId} returns. */
export type StarknetId = ReturnType<typeof createStarknetId>

// The nine calls of the profile multicall; later calls read earlier results by (call, index) reference.
function profileCalls(c: StarknetIdContracts, address: string) {
  const { dynamicCallData: arg, dynamicFelt: felt, execution } = starknetId
  const verifierData = (field: string, verifier: string) => ({
    execution: execution({}),
    to: felt(c.identity),
    selector: felt(toHex(selectorFromName('get_verifier_data'))),
    calldata: [arg(undefined, [1, 0]), arg(toHex(shortString(field))), arg(verifier), arg('0')],
  })
  return [
    {
      execution: execution({}),
      to: arg(c.naming),
      selector: arg(toHex(selectorFromName('address_to_domain'))),
      calldata: [arg(address), arg('0')],
    },
    {
      execution: execution({}),
      to: felt(c.naming),
      selector: felt(toHex(selectorFromName('domain_to_id'))),
      calldata: [arg(undefined, undefined, [0, 0])],
    },
    verifierData('twitter', c.verifier),
    verifierData('github', c.verifier),
    verifierData('discord', c.verifier),
    verifierData('proof_of_personhood', c.pop),
    verifierData('nft_pp_contract', c.pfp),
    {
      execution: execution({}),
      to: felt(c.identity),
      selector: felt(toHex(selectorFromName('get_extended_verifier_data'))),
      calldata: [
        arg(undefined, [1, 0]),
        arg(toHex(shortString('nft_pp_id'))),
        arg('2'),
        arg(c.pfp),
        arg('0'),
      ],
    },
    {
      execution: execution(undefined, undefined, [6, 0, 0]),
      to: felt(undefined, [6, 0]),
      selector: felt(toHex(selectorFromName('tokenURI'))),
      calldata: [arg(undefined, [7, 1]), arg(undefined, [7, 2])],
    },
  ]
}

function readProfile(data: readonly string[]): Profile {
  const results: string[][] = []
  const size = Number(BigInt(data[0] ?? '0x0'))
  let index = 1
  for (let i = 0; i < size && index < data.length; i++) {
    const length = Number(BigInt(data[index] ?? '0x0'))
    results.push(data.slice(index + 1, index + 1 + length) as string[])
    index += 1 + length
  }
  if (results.length < 6) throw new AggregateCallError()
  const text = (r: string[] | undefined) =>
    r?.[0] && BigInt(r[0]) !== 0n ? BigInt(r[0]).toString() : undefined
  const name = decodeDomain((results[0] ?? []).slice(1).map((felt) => BigInt(felt)))
  const picture =
    size === 9
      ? (results[8] ?? [])
          .slice(1)
          .map((felt) => ss.decodeShortString(felt))
          .join('')
      : ''
  const profile: Profile = { proofOfPersonhood: BigInt(results[5]?.[0] ?? '0x0') === 1n }
  const set = (
    key: 'name' | 'twitter' | 'github' | 'discord' | 'profilePicture',
    value: string | undefined,
  ) => {
    if (value) profile[key] = value
  }
  set('name', name)
  set('twitter', text(results[2]))
  set('github', text(results[3]))
  set('discord', text(results[4]))
  set('profilePicture', picture || `${IDENTICON_URL}${BigInt(results[1]?.[0] ?? '0x0').toString()}`)
  return profile
}
