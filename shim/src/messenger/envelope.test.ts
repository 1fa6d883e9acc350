import { parseEnvelope } from '@webwallet/protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classify, parseTrpcResponse, parseWindowResponse } from './envelope'

// Values that sit on the edges of the schema: right and wrong types for every field.
const anyValue = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    'x',
    '2.0',
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    [],
    {},
  ),
  fc.string(),
  fc.integer(),
)
const id = fc.oneof(anyValue, fc.constantFrom('a1', 7))
const errorData = fc.oneof(
  anyValue,
  fc.record(
    {
      code: anyValue,
      httpStatus: anyValue,
      path: anyValue,
      webwalletErrorCode: anyValue,
      webwalletErrorMessage: anyValue,
      webwalletError: fc.oneof(anyValue, fc.record({ code: anyValue, message: anyValue, data: anyValue })),
    },
    { requiredKeys: [] },
  ),
)
const trpc = fc.record(
  {
    id,
    jsonrpc: fc.oneof(anyValue, fc.constant('2.0')),
    method: fc.oneof(anyValue, fc.constantFrom('query', 'mutation', 'subscription', 'subscription.stop')),
    params: fc.oneof(anyValue, fc.record({ path: anyValue, input: anyValue }, { requiredKeys: [] })),
    result: fc.oneof(
      anyValue,
      fc.record(
        { type: fc.oneof(anyValue, fc.constantFrom('started', 'stopped', 'data')), data: anyValue },
        { requiredKeys: [] },
      ),
    ),
    error: fc.oneof(
      anyValue,
      fc.record({ code: anyValue, message: anyValue, data: errorData }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: [] },
)
const message = fc.oneof(
  anyValue,
  fc.constant('TRPC_BROWSER::POPUP_LOADED'),
  fc.record({ trpc: fc.oneof(anyValue, trpc) }),
)

function kindOf(data: unknown): string | undefined {
  const kind = classify(data)
  if (kind === 'loaded') return 'loaded'
  if (kind === 'request')
    return (data as { trpc: { method: string } }).trpc.method === 'subscription.stop' ? 'stop' : 'request'
  if (kind === undefined || 'malformed' in kind) return undefined
  return 'error' in kind ? 'error' : 'result'
}

describe('envelope guards', () => {
  it("accept exactly what protocol's parseEnvelope accepts, with the same classification", () => {
    fc.assert(
      fc.property(message, (data) => {
        expect(kindOf(data)).toBe(parseEnvelope(data)?.kind)
      }),
      { numRuns: 5000 },
    )
  })

  it('turn responses into Incoming, replies to an id that fail the schema into malformed, the rest into nothing', () => {
    expect(parseWindowResponse({ trpc: { id: 'a', result: { data: 1 } } })).toEqual({
      id: 'a',
      result: { data: 1 },
    })
    expect(parseWindowResponse({ trpc: { id: 'a', error: { code: -32603, message: 'm' } } })).toEqual({
      id: 'a',
      error: { code: -32603, message: 'm', data: undefined },
    })
    expect(parseWindowResponse({ trpc: { id: 'a', result: 1 } })).toEqual({ id: 'a', malformed: true })
    expect(
      parseWindowResponse({ trpc: { id: 'a', method: 'mutation', params: { path: 'p' } } }),
    ).toBeUndefined()
    expect(parseWindowResponse('TRPC_BROWSER::POPUP_LOADED')).toBeUndefined()
    expect(parseWindowResponse({ id: 'a', result: { data: 1 } })).toBeUndefined()
    expect(parseTrpcResponse({ id: 'a', jsonrpc: '2.0', result: { type: 'stopped' } })).toEqual({
      id: 'a',
      result: { type: 'stopped' },
    })
  })
})
