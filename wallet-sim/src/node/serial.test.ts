// One send at a time per account: tasks of one key run in order, other keys do not wait, a failure does not
// stop the queue; and the wallet's concurrent executes from a new account deploy it once and take distinct
// nonces (the chain access awaits between reading a nonce and submitting).
import { describe, expect, it } from 'vitest'
import { walletFixture } from '../wallet/testing'
import { createSerial } from './serial'

describe('createSerial', () => {
  it('runs the tasks of one key in order, other keys at once, past a failure', async () => {
    const serial = createSerial()
    const log: string[] = []
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const first = serial('0x1', async () => {
      await gate
      log.push('a1')
      throw new Error('a1 failed')
    })
    const second = serial('0x01', async () => {
      log.push('a2')
      return 'a2'
    })
    const other = serial('0x2', async () => {
      log.push('b1')
      return 'b1'
    })
    expect(await other).toBe('b1')
    release()
    await expect(first).rejects.toThrow('a1 failed')
    expect(await second).toBe('a2')
    expect(log).toEqual(['b1', 'a1', 'a2'])
  })
})

describe('concurrent wallet executes', () => {
  it('deploy a new account once and run both invokes', async () => {
    const fx = walletFixture()
    const { user } = await fx.logIn('concurrent@example.com')
    const call = (spender: string) => ({
      contractAddress: '0x4718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d',
      entrypoint: 'approve',
      calldata: [spender, '1', '0'],
    })
    const hashes = await Promise.all([
      fx.wallet.execute(user, [call('0x1')]),
      fx.wallet.execute(user, [call('0x2')]),
    ])
    for (const hash of hashes) expect((await fx.ledger.receipt(hash)).status).toBe('SUCCEEDED')
  })
})
