// One cause, one code (issue 36, item 6): a request that gets no answer is SERVICE_UNREACHABLE naming its
// service, because every request of the SDK goes through reach(). The scan below keeps it so: a new path
// that calls fetch itself fails here (e2e/tests/sdk/unreachable.test.ts runs each path against a dead port).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ServiceUnreachableError } from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import { reach } from './reach'

const SRC = new URL('..', import.meta.url).pathname

// The only other places that call fetch, each with why its failure is no SDK error of its own.
const OWN_FETCH: Record<string, string> = {
  'http/reach.ts': 'the helper itself',
  'dialog/listeners.ts': "the dialogs' probe: iframe and popup turn its rejection into SERVICE_UNREACHABLE",
  'transport/allowlist.ts': 'the iframe allow-list: a failure means the popup, never an error',
  'messenger/fromHttp.ts': 'takes fetch as `send` and passes it to reach()',
  'sdk/WebWallet.ts': 'defines the default fetcher (globalThis.fetch), calls nothing',
  'argent/ArgentWebWallet.ts':
    "the default provider's fetcher (globalThis.fetch), given to createRpc, which calls reach()",
  'account/SessionAccount.ts': "adds execute's deadline signal to the fetcher its requests give reach()",
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing\.ts$/.test(entry.name) ? [path] : []
  })
}

describe('reach', () => {
  it('a network failure is SERVICE_UNREACHABLE with the service, the URL and the error as cause', async () => {
    const down = new TypeError('Failed to fetch')
    const error = await reach('cosigner', 'http://x/cosigner/signSession', {}, async () => {
      throw down
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnreachableError)
    expect(error).toMatchObject({
      code: 'SERVICE_UNREACHABLE',
      message: 'The cosigner at http://x/cosigner/signSession could not be reached',
      data: { service: 'cosigner', url: 'http://x/cosigner/signSession' },
    })
    expect((error as Error).cause).toBe(down)
  })

  it('an answer of any status is the answer; an abort stays the abort', async () => {
    const answer = new Response('{}', { status: 500 })
    await expect(reach('node', 'http://x', {}, async () => answer)).resolves.toBe(answer)
    const controller = new AbortController()
    controller.abort()
    const aborted = new DOMException('aborted', 'AbortError')
    await expect(
      reach('node', 'http://x', { signal: controller.signal }, async () => {
        throw aborted
      }),
    ).rejects.toBe(aborted)
  })

  it('is the only way the SDK sends a request (no fetch call elsewhere)', () => {
    const calling = sources(SRC)
      .filter((file) => /\b(?:fetch|fetcher|doFetch)\s*\(|\.fetch\)?\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(calling.filter((file) => !(file in OWN_FETCH))).toEqual([])
  })
})
