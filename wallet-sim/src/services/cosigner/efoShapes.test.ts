// The outside-execution typed data in every form SNIP-12 allows for its values (numbers, hex and decimal
// strings, short strings): starknet.js hashes each form to the same value, and so must the cosigner, or it
// refuses what real clients (x-sessions sends `Execute After` as a number) signed.
import { ANY_CALLER, selectorFromName, toHex } from '@webwallet/protocol/session'
import { typedData } from 'starknet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Served, serve } from '../../infra/http/serve'
import { createCosignerRouter } from './router'
import { ACCOUNT, efoBody, expectGuardianSignature, GAME, GUARDIAN, NOW, post, session } from './testing'

let cosigner: Served
beforeAll(async () => {
  cosigner = await serve('/cosigner', createCosignerRouter({ guardianPrivateKey: GUARDIAN, now: () => NOW }))
})
afterAll(() => cosigner.close())

type Message = ReturnType<typeof efoBody>['body']['message']['message']

/** The body for `message` rewritten by `rewrite`, signed over starknet.js's hash of exactly what is sent. */
function bodyOf(rewrite: (fields: Record<string, unknown>) => Record<string, unknown>) {
  const { body } = efoBody([{ contractAddress: GAME, entrypoint: 'play', calldata: ['0x7', '0x0'] }])
  const message = { ...body.message.message, message: rewrite(body.message.message.message) } as Message
  const hash = hashOrZero(message)
  return { hash, body: { session: session(hash), message: { ...body.message, message } } }
}

/** starknet.js's hash, or 0 for what it cannot hash (the refusals below: the cosigner must answer 400). */
function hashOrZero(message: Message): bigint {
  try {
    return BigInt(typedData.getMessageHash(message as never, ACCOUNT))
  } catch {
    return 0n
  }
}

describe('signSessionEFO reads every SNIP-12 form of a value', () => {
  it('numbers for the window (as x-sessions sends them) and the calldata', async () => {
    const { hash, body } = bodyOf((fields) => ({
      ...fields,
      'Execute After': NOW - 600,
      'Execute Before': NOW + 1200,
      Calls: [{ To: GAME, Selector: toHex(selectorFromName('play')), Calldata: [7, 0] }],
    }))
    expectGuardianSignature(await post(cosigner, '/signSessionEFO', body), hash)
  })

  it('decimal strings, a short-string nonce and calldata, a selector by name', async () => {
    const { hash, body } = bodyOf((fields) => ({
      ...fields,
      Caller: BigInt(ANY_CALLER).toString(),
      Nonce: 'nonce-1',
      'Execute After': String(NOW - 600),
      'Execute Before': String(NOW + 1200),
      Calls: [{ To: BigInt(GAME).toString(), Selector: 'play', Calldata: ['7', 'hello'] }],
    }))
    expectGuardianSignature(await post(cosigner, '/signSessionEFO', body), hash)
  })

  it('the same execution in any form has the same hash, so a signature carries over', async () => {
    const numbers = bodyOf((fields) => ({
      ...fields,
      'Execute After': NOW - 600,
      'Execute Before': NOW + 1200,
    }))
    const strings = bodyOf((fields) => ({
      ...fields,
      'Execute After': toHex(NOW - 600),
      'Execute Before': toHex(NOW + 1200),
    }))
    expect(numbers.hash).toBe(strings.hash)
  })

  it.each([
    ['a negative number', { 'Execute After': -1 }, 'Execute After: Expected a non-negative integer'],
    ['a fraction', { 'Execute Before': 1.5 }, 'Execute Before'],
    ['a number JSON cannot carry exactly', { 'Execute Before': 2 ** 60 }, 'Execute Before'],
    ['a u128 overflow', { 'Execute Before': `0x1${'0'.repeat(32)}` }, 'Expected a u128: below 2^128'],
    ['a felt past the prime', { Nonce: `0x${'f'.repeat(64)}` }, 'Nonce'],
    ['a short string too long', { Nonce: 'x'.repeat(32) }, 'Nonce'],
    ['a non-ASCII short string', { Nonce: 'café' }, 'Nonce'],
    ['a short string for an address', { Caller: 'ANY_CALLER' }, 'Caller'],
    ['a boolean', { Nonce: true }, 'Nonce'],
  ])('refuses %s with a 400 naming the field', async (_name, change, text) => {
    const { body } = bodyOf((fields) => ({ ...fields, ...change }))
    const answer = await post(cosigner, '/signSessionEFO', body)
    expect(answer.status).toBe(400)
    expect(String(answer.body.message)).toContain(text)
  })
})
