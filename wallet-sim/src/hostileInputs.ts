// Test helper of the hostile-input tests generated from listeners.ts: the fixed extremes every listener is sent,
// and a fast-check arbitrary of JSON values whose keys include the prototype's.
import fc from 'fast-check'

export interface HostileInput {
  readonly name: string
  readonly body: Buffer
  /** The Content-Type an HTTP request sends it with (a WebSocket sends `binary` ones as binary frames). */
  readonly type: string
  readonly binary?: boolean
}

const text = (name: string, body: string, type = 'application/json'): HostileInput => ({
  name,
  body: Buffer.from(body),
  type,
})

/** Prototype keys at the top and one level down, as JSON.parse keeps them (own properties). */
export const PROTOTYPE_KEYS =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}'

/** 100,000 levels of arrays (200 KB): the message that ended wallet-sim through /trpc. */
export const DEEP_ARRAYS = `${'['.repeat(100_000)}${']'.repeat(100_000)}`

/** Every fixed extreme, each small enough to send to every listener of a file in a few seconds. */
export const HOSTILE_INPUTS: readonly HostileInput[] = [
  text('100k nested arrays', DEEP_ARRAYS),
  text('20k nested objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  text('a call nested deep in a batch', `[{"jsonrpc":"2.0","id":1,"method":"x","params":${DEEP_ARRAYS}}]`),
  text('200 KB string', JSON.stringify({ a: 'x'.repeat(200_000) })),
  text('2 MB body', JSON.stringify({ a: 'x'.repeat(2_000_000) })),
  text('prototype keys', PROTOTYPE_KEYS),
  text('prototype keys in a batch', `[${PROTOTYPE_KEYS},[${PROTOTYPE_KEYS}]]`),
  text('batch of batches', '[[[{"jsonrpc":"2.0","id":1,"method":"starknet_chainId"}]],[[]]]'),
  text('10k-call batch', `[${'{"id":1,"method":"query","jsonrpc":"2.0"},'.repeat(9_999)}{}]`),
  text('empty body', ''),
  text('JSON null', 'null'),
  {
    name: 'invalid UTF-8',
    body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
    type: 'application/json',
  },
  text('plain text', 'hello', 'text/plain'),
  text(
    'form with prototype keys',
    'a[__proto__][polluted]=yes&constructor[prototype][polluted]=yes',
    'application/x-www-form-urlencoded',
  ),
  text(
    'multipart garbage',
    '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n',
    'multipart/form-data; boundary=x',
  ),
  {
    name: 'binary',
    body: Buffer.from([0, 1, 2, 0xff, 0x80, 0x7b, 0x5b]),
    type: 'application/octet-stream',
    binary: true,
  },
]

/** 20 MiB and one byte of JSON: one byte over the largest body (and WebSocket message) wallet-sim reads. */
export function overTheLimit(limit: number): HostileInput {
  const filler = 'x'.repeat(limit - 8 + 1)
  return text(`${limit + 1} bytes`, `{"a":"${filler}"}`)
}

/**
 * JSON values with prototype keys and the fields the listeners read (`id`, `method`, `params`, `path`,
 * `input`, `jsonrpc`), nested a few levels.
 * @example fc.assert(fc.property(hostileJson, (value) => …))
 */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'query', 'mutation', 'subscription.stop', '0x1', '', '2.0'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.string(),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'id',
        'method',
        'params',
        'path',
        'input',
        'jsonrpc',
        'toString',
      ),
      tie('node'),
      { maxKeys: 4 },
    ),
  ),
})).node

/**
 * Whether an answer body is a coded error: the services' `{code, message}`, `{error: {code, message}}`
 * (404s, JSON-RPC, tRPC), or a batch of JSON-RPC answers.
 * @example isCodedError({ code: 'BAD_REQUEST', message: 'Malformed JSON body' }) // true
 */
export function isCodedError(body: unknown): boolean {
  if (Array.isArray(body)) return body.length > 0 && body.every((one) => isCodedError(one) || isResult(one))
  if (typeof body !== 'object' || body === null) return false
  const { code, message, error } = body as { code?: unknown; message?: unknown; error?: unknown }
  if (typeof code === 'string' && typeof message === 'string') return true
  return typeof error === 'object' && error !== null && isCodedError(asCode(error))
}

const asCode = (error: object) => {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return { code: typeof code === 'number' ? String(code) : code, message }
}

const isResult = (one: unknown) => typeof one === 'object' && one !== null && 'result' in one
