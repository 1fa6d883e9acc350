import { CHAIN_IDS } from '@webwallet/protocol'
import { selectorFromName, toHex } from '@webwallet/protocol/session'
import { shortString, starknetId } from 'starknet'
import { describe, expect, it } from 'vitest'
import { createRpc } from '../account/rpc'
import { createStarknetId } from './starknetId'

type Request = { contract_address: string; entry_point_selector: string; calldata: string[] }

function nameService(answer: (request: Request) => string[] | Error) {
  const requests: Request[] = []
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const { id, params } = JSON.parse(String(init?.body))
    requests.push(params.request)
    const result = answer(params.request)
    if (result instanceof Error)
      return Response.json({ jsonrpc: '2.0', id, error: { code: 40, message: result.message } })
    return Response.json({ jsonrpc: '2.0', id, result })
  }
  return {
    ids: createStarknetId(createRpc({ nodeUrl: 'http://node', fetch }), CHAIN_IDS.SN_SEPOLIA),
    requests,
  }
}

const { useEncoded: encodeLabel } = starknetId
const alice = toHex(encodeLabel('alice'))

describe('Starknet ID', () => {
  it('reads the name of an address with address_to_domain on the naming contract', async () => {
    const { ids, requests } = nameService(() => ['0x1', alice])
    expect(await ids.name('0xabc')).toBe('alice.stark')
    expect(requests[0]?.contract_address).toBe(
      starknetId.getStarknetIdContract(CHAIN_IDS.SN_SEPOLIA as never),
    )
    expect(requests[0]?.entry_point_selector).toBe(toHex(selectorFromName('address_to_domain')))
  })

  it("says 'Starkname not found' for an empty domain and 'Could not get stark name' on failure", async () => {
    await expect(nameService(() => ['0x0']).ids.name('0xabc')).rejects.toThrow('Starkname not found')
    await expect(nameService(() => new Error('boom')).ids.name('0xabc')).rejects.toThrow(
      'Could not get stark name',
    )
  })

  it('reads the address of a name with domain_to_address', async () => {
    const { ids, requests } = nameService(() => ['0xabc'])
    expect(await ids.address('alice')).toBe('0xabc')
    expect(requests[0]?.calldata).toEqual(['0x1', alice, '0x0'])
    await expect(ids.address('Not Valid!')).rejects.toThrow('Could not get address from stark name')
    await expect(nameService(() => new Error('x')).ids.address('alice.stark')).rejects.toThrow(
      'Could not get address from stark name',
    )
  })

  it('reads the profile through the multicall aggregate, with the identicon fallback', async () => {
    const results = [['0x1', alice], ['0x2a'], ['0x7b'], ['0x0'], ['0x0'], ['0x1'], ['0x0'], ['0x0']]
    const data = [toHex(BigInt(results.length)), ...results.flatMap((r) => [toHex(BigInt(r.length)), ...r])]
    const { ids, requests } = nameService(() => data)
    expect(await ids.profile('0xabc')).toEqual({
      name: 'alice.stark',
      twitter: '123',
      proofOfPersonhood: true,
      profilePicture: 'https://starknet.id/api/identicons/42',
    })
    expect(requests[0]?.entry_point_selector).toBe(toHex(selectorFromName('aggregate')))
  })

  it('uses the token URI as picture when the ninth result is there', async () => {
    const uri = shortString
      .splitLongString('https://pic.example/1.png')
      .map((part) => shortString.encodeShortString(part))
    const results = [
      ['0x1', alice],
      ['0x2a'],
      ['0x0'],
      ['0x0'],
      ['0x0'],
      ['0x0'],
      ['0x1'],
      ['0x1'],
      [toHex(BigInt(uri.length)), ...uri],
    ]
    const data = [toHex(9n), ...results.flatMap((r) => [toHex(BigInt(r.length)), ...r])]
    expect((await nameService(() => data).ids.profile('0xabc')).profilePicture).toBe(
      'https://pic.example/1.png',
    )
  })

  it("fails with 'Error while calling aggregate function' or 'Could not get user stark profile data from address'", async () => {
    await expect(nameService(() => ['0x1', '0x0']).ids.profile('0xabc')).rejects.toThrow(
      'Error while calling aggregate function',
    )
    await expect(nameService(() => new Error('x')).ids.profile('0xabc')).rejects.toThrow(
      'Could not get user stark profile data from address',
    )
  })

  it('is not deployed on other networks', async () => {
    const ids = createStarknetId(createRpc({ nodeUrl: 'http://node' }), '0x1234')
    await expect(ids.name('0xabc')).rejects.toThrow('Starknet.id is not yet deployed on this network')
  })
})
