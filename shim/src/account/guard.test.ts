// What stands before a send: the per-account queue, the chain clock's expiry check and clearSession's
// revocation, against a scripted node and cosigner (signatures are not verified here; e2e/tests/sdk runs
// the same against wallet-sim's chain).
import { isWebWalletError, NodeError, SignSessionError } from '@webwallet/protocol/errors'
import { describe, expect, it } from 'vitest'
import { createChainClock } from '../session/clock'
import { createAccountGuard } from './guard'
import { createRpc } from './rpc'
import { SessionAccount } from './SessionAccount'
import { createWorld, ESTIMATE, GAME, testContext, type World } from './testing'

const play = { contractAddress: GAME, entrypoint: 'play', calldata: ['0x1'] }

/** A deployed account whose node takes nonces in order and refuses a repeated one, as a node does. */
function chain(world: World) {
  let nonce = 4n
  const sent: bigint[] = []
  world.node.starknet_getClassHashAt = () => '0x1'
  world.node.starknet_getNonce = () => `0x${nonce.toString(16)}`
  world.node.starknet_estimateFee = () => [ESTIMATE]
  world.node.__lastTxHash = () => '0x0'
  world.node.starknet_addInvokeTransaction = (p: { invoke_transaction: { nonce: string } }) => {
    const used = BigInt(p.invoke_transaction.nonce)
    if (used !== nonce) throw { code: 52, message: 'Invalid transaction nonce' }
    sent.push(used)
    nonce++
    return { transaction_hash: `0x${used.toString(16)}` }
  }
  return sent
}

function account(world: World, now = Date.now()) {
  const ctx = testContext(world)
  const guard = createAccountGuard(createChainClock(ctx.rpc, () => now))
  return { account: new SessionAccount(ctx, { guard }), guard, ctx }
}

const codeOf = (e: unknown) => (isWebWalletError(e) ? e.code : e)

describe('the queue', () => {
  it('sends concurrent executes one after the other, each with the next nonce', async () => {
    const world = createWorld()
    const sent = chain(world)
    const { account: a } = account(world)
    const hashes = await Promise.all([a.execute(play), a.execute(play), a.execute(play)])
    expect(hashes.map((h) => h.transaction_hash)).toEqual(['0x4', '0x5', '0x6'])
    expect(sent).toEqual([4n, 5n, 6n])
  })

  it('goes on when an execute times out on a request that cannot be stopped', async () => {
    const world = createWorld()
    const sent = chain(world)
    const ctx = testContext(world)
    let hang = true
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (!hang || !String(init?.body).includes('starknet_estimateFee')) return ctx.fetch(input, init)
      hang = false
      return new Promise<Response>(() => {}) // ignores its signal
    }
    const a = new SessionAccount(
      { ...ctx, fetch, rpc: createRpc({ nodeUrl: 'http://node', fetch }) },
      { guard: createAccountGuard(createChainClock(ctx.rpc)) },
    )
    const results = await Promise.allSettled([a.execute(play, { timeoutMs: 50 }), a.execute(play)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled'])
    expect(sent).toEqual([4n])
  })

  it('goes on after a failed execute', async () => {
    const world = createWorld()
    chain(world)
    const { account: a } = account(world)
    const results = await Promise.allSettled([
      a.execute({ contractAddress: GAME, entrypoint: 'approve' }),
      a.execute(play),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled'])
  })

  it('refuses an empty call list before any request', async () => {
    const world = createWorld()
    chain(world)
    const { account: a } = account(world)
    await expect(a.execute([]).catch(codeOf)).resolves.toBe('INVALID_OPTIONS')
    expect(world.log).toEqual([])
  })
})

describe('the chain clock', () => {
  it('fails fast with SESSION_EXPIRED when the chain is past the expiry, though the device is not', async () => {
    const world = createWorld()
    chain(world)
    const { account: a, ctx } = account(world)
    const expiresAt = ctx.session.stored.expiresAt
    world.node.starknet_getBlockWithTxHashes = () => ({ timestamp: expiresAt + 1 })
    const error = await a.execute(play).catch((e: unknown) => e)
    expect(codeOf(error)).toBe('SESSION_EXPIRED')
    expect((error as { data: unknown }).data).toEqual({ expiresAt, chainTime: expiresAt + 1 })
    // Only the read of the clock (with the class hash and nonce, batched) reached the network.
    expect(world.log).toEqual([
      'starknet_getClassHashAt',
      'starknet_getNonce',
      'starknet_getBlockWithTxHashes',
    ])
  })

  it('sends when the chain is before the expiry, though the device is past it', async () => {
    const world = createWorld()
    const sent = chain(world)
    const ctx = testContext(world)
    const late = (ctx.session.stored.expiresAt + 3600) * 1000
    const { account: a } = account(world, late)
    world.node.starknet_getBlockWithTxHashes = () => ({ timestamp: Math.floor(Date.now() / 1000) })
    await a.execute(play)
    expect(sent).toEqual([4n])
  })

  it("maps the node's and the cosigner's session/expired to SESSION_EXPIRED and moves the clock", async () => {
    const world = createWorld()
    const { guard } = account(world)
    const node = new NodeError(55, 'Account validation failed', { execution_error: 'session/expired' })
    expect(codeOf(guard.ended(node, 10))).toBe('SESSION_EXPIRED')
    expect(codeOf(guard.ended(new SignSessionError('sessionExpired'), 10))).toBe('SESSION_EXPIRED')
    const other = new SignSessionError(403)
    expect(guard.ended(other, 10)).toBe(other)
  })

  it("maps the node's and the cosigner's session/revoked to SESSION_REVOKED ('revoked') and stops the account", async () => {
    const world = createWorld()
    const { guard } = account(world)
    const refusal = new SignSessionError('sessionRevoked')
    // The gasless retry's aggregate carries the cosigner's refusal among its errors.
    const ended = guard.ended({ errors: [new SignSessionError(403), refusal] }, 10) as {
      code: string
      data: unknown
      cause: unknown
    }
    expect([ended.code, ended.data]).toEqual(['SESSION_REVOKED', { reason: 'revoked' }])
    expect(guard.revoked).toBe(true)
    expect(() => guard.check(10)).toThrow(expect.objectContaining({ data: { reason: 'revoked' } }))
    const node = new NodeError(55, 'Account validation failed', { execution_error: 'session/revoked' })
    expect(codeOf(account(world).guard.ended(node, 10))).toBe('SESSION_REVOKED')
  })

  it('refuses a wrongly shaped block with UNEXPECTED_ANSWER', async () => {
    const world = createWorld()
    chain(world)
    world.node.starknet_getBlockWithTxHashes = () => null
    const { account: a } = account(world)
    await expect(a.execute(play).catch(codeOf)).resolves.toBe('UNEXPECTED_ANSWER')
  })
})

describe('revocation', () => {
  it('stops an account already handed out: execute and signatures fail with SESSION_REVOKED', async () => {
    const world = createWorld()
    chain(world)
    const { account: a, guard } = account(world)
    guard.revoke()
    await expect(a.execute(play).catch(codeOf)).resolves.toBe('SESSION_REVOKED')
    await expect(a.getOutsideExecutionPayload(play).catch(codeOf)).resolves.toBe('SESSION_REVOKED')
    await expect(a.signMessage({} as never).catch(codeOf)).resolves.toBe('SESSION_REVOKED')
    expect(world.log).toEqual([])
  })
})

describe('arguments at the boundary (INVALID_OPTIONS naming the path, before any request)', () => {
  it.each([
    [undefined, undefined, 'calls.0'],
    [[], undefined, 'calls'],
    [{ contractAddress: GAME, entrypoint: 'play', calldata: '123' }, undefined, 'calls.0.calldata'],
    [{ contractAddress: GAME, entrypoint: '' }, undefined, 'calls.0'],
    [play, { signal: 'x' }, 'signal'],
    [play, { timeoutMs: 'abc' }, 'timeoutMs'],
    [play, 'fast', 'options'],
  ])('execute(%j, %j) names %s', async (calls, options, path) => {
    const world = createWorld()
    chain(world)
    const { account: a } = account(world)
    const error = await a.execute(calls as never, options as never).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', data: { path } })
    expect(world.log).toEqual([])
  })
})
