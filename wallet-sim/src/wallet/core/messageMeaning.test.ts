import type { TypedData } from '@webwallet/protocol'
import { describe, expect, it } from 'vitest'
import { messageMeaning } from './messageMeaning'

const DAPP = 'https://app.example'
const domain = { name: 'Demo', version: '1', chainId: 'SN_SEPOLIA', revision: '1' }
const typed = (
  types: TypedData['types'],
  message: Record<string, unknown>,
  primaryType = 'Mail',
): TypedData => ({
  types: { StarknetDomain: [], ...types },
  primaryType,
  domain,
  message,
})

describe('messageMeaning', () => {
  it('text and yes/no only (nested too): it can log you in, it cannot move tokens', () => {
    const login = typed(
      {
        Login: [
          { name: 'statement', type: 'string' },
          { name: 'remember', type: 'bool' },
          { name: 'tags', type: 'shortstring*' },
          { name: 'from', type: 'Site' },
        ],
        Site: [{ name: 'host', type: 'shortstring' }],
      },
      { statement: 'Sign in', remember: true, tags: ['login', 'web'], from: { host: 'app.example' } },
      'Login',
    )
    expect(messageMeaning(login, DAPP)).toEqual({
      kind: 'text',
      statement:
        'This signature can log you in to https://app.example; it cannot move tokens: it holds only text and yes/no, no address, amount or call.',
    })
  })

  it.each<[string, TypedData, string]>([
    [
      'a felt (an address or an amount in disguise)',
      typed({ Mail: [{ name: 'to', type: 'felt' }] }, { to: '0x1' }),
      'to is a felt, which can hold an address or an amount',
    ],
    [
      'a short string that reads as a number (SNIP-12 hashes it as that felt)',
      typed({ Mail: [{ name: 'note', type: 'shortstring' }] }, { note: '0x049d36570d4e46f4' }),
      'note is a number',
    ],
    [
      'a permit typed as text',
      typed({ Permit: [{ name: 'text', type: 'shortstring' }] }, { text: 'hi' }, 'Permit'),
      'it is a Permit',
    ],
    [
      'a spending field name',
      typed({ Mail: [{ name: 'Spender', type: 'shortstring' }] }, { Spender: 'bob' }),
      'it has a field "Spender"',
    ],
    [
      'an amount in a nested struct',
      typed(
        { Mail: [{ name: 'x', type: 'Inner*' }], Inner: [{ name: 'y', type: 'u256' }] },
        { x: [{ y: { low: '1', high: '0' } }] },
      ),
      'x.0.y is a u256, an amount',
    ],
    [
      'an outside execution',
      {
        ...typed({ Mail: [] }, {}),
        types: { StarknetDomain: [{ name: 'name', type: 'shortstring' }], Mail: [] },
        domain: { ...domain, name: 'Account.execute_from_outside' },
      },
      'Typed data: domain.name is the domain of outside executions, but its domain version, revision or Mail type is not the one the account checks',
    ],
    [
      'a type it does not define',
      typed({}, {}, 'Ghost'),
      'Typed data: primaryType "Ghost" is not a type of this typed data',
    ],
    [
      'a type that refers to itself',
      typed({ Mail: [{ name: 'next', type: 'Mail' }] }, { next: { next: {} } }),
      'Typed data: types.Mail refers to itself (Mail > Mail)',
    ],
  ])('attack: %s is never called harmless', (_, typedData, why) => {
    const meaning = messageMeaning(typedData, DAPP)
    expect(meaning).toMatchObject({ kind: 'unknown', why })
    expect(meaning.statement).toBe(
      `The wallet cannot tell what this signature allows (${why}). A contract that trusts your account may act on it, as if you had agreed. Sign only if you trust https://app.example.`,
    )
  })
})
