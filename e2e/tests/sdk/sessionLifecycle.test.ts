// The session SDK's lifecycle against a started wallet-sim (issue 15): large sessions store and restore,
// sessions that cannot be stored are refused before the wallet is asked, a rejected new session leaves
// the working one usable, and the gasless route pays its fee without the app allowing `transfer`.
import { createRpc, WebWallet, waitForTransaction } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const RECIPIENT = '0x0000000000000000000000000000000000000000000000000000000000abcdef'
// The app's own call. Not a STRK transfer: the cosigner co-signs a fee-token transfer only to the paymaster.
const INCREMENT = { contract: CONTRACTS.counter, selector: 'increment' }
const increment = { contractAddress: CONTRACTS.counter, entrypoint: 'increment', calldata: [] }

/** 64 methods on 64 distinct contracts (the worst case for storage), then the counter's increment. */
const MANY = [
  ...Array.from({ length: 64 }, (_, i) => ({
    contract: `0x${(0x7a11ce00n + BigInt(i)).toString(16).padStart(64, '0')}`,
    selector: `play_level_${i}`,
  })),
  INCREMENT,
]

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 11, approve: 'auto' })
})
afterAll(async () => {
  await sim?.close()
})

async function executeAndWait(wallet: WebWallet) {
  const { transaction_hash } = await wallet.sessionAccount!.execute(increment)
  const receipt = await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), transaction_hash, {
    retryInterval: 50,
  })
  return receipt.execution_status
}

describe('session storage', () => {
  it('stores a session of 65 app methods (67 with the fee transfers) under the 4,096-character rule and restores it after a reload', async () => {
    const token = await logIn(sim, 'many-methods@example.com')
    const options = {
      appName: 'many-methods',
      sessionParams: { allowedMethods: MANY },
      ...headlessWalletOptions(sim, token),
    }
    const wallet = WebWallet.init(options)
    await wallet.requestConnection()
    const raw = options.storage.getItem('session') ?? ''
    expect(raw.length).toBeGreaterThan(0)
    expect(raw.length).toBeLessThanOrEqual(4096)
    // A reload: a new SDK instance on the same storage and key store.
    const reloaded = WebWallet.init(options)
    const restored = await reloaded.connect()
    // + the STRK and ETH fee transfers the SDK adds
    expect(restored?.account.session.allowedMethods.length).toBe(MANY.length + 2)
    expect(reloaded.getSessionStatus()).toBe('VALID')
    expect(await executeAndWait(reloaded)).toBe('SUCCEEDED')
  })

  it('refuses a session that cannot be stored before the wallet is asked', async () => {
    const token = await logIn(sim, 'huge@example.com')
    sim.walletSim.approval.set('reject') // a wallet prompt would answer USER_REJECTED
    try {
      const wallet = WebWallet.init({
        appName: 'x'.repeat(5000),
        sessionParams: { allowedMethods: MANY },
        ...headlessWalletOptions(sim, token),
      })
      await expect(wallet.requestConnection()).rejects.toMatchObject({
        code: 'INVALID_STORAGE_VALUE',
        message: expect.stringContaining('must be 0-4096 characters long.'),
      })
    } finally {
      sim.walletSim.approval.set('auto')
    }
  })
})

describe('signing a new session', () => {
  it('keeps the working session when the user rejects the new one', async () => {
    const token = await logIn(sim, 'keeps-old@example.com')
    const options = {
      appName: 'keeps-old',
      sessionParams: { allowedMethods: [INCREMENT] },
      ...headlessWalletOptions(sim, token),
    }
    const wallet = WebWallet.init(options)
    const first = await wallet.requestConnection()
    sim.walletSim.approval.set('reject')
    try {
      // One user choice, one code: the wallet's Reject is USER_REJECTED, as a closed popup is.
      await expect(wallet.requestConnection()).rejects.toMatchObject({
        code: 'USER_REJECTED',
        data: { webwalletErrorCode: 'USER_REJECTED' },
      })
    } finally {
      sim.walletSim.approval.set('auto')
    }
    expect(wallet.sessionAccount).toBe(first.account)
    expect(wallet.getSessionStatus()).toBe('VALID')
    expect(await wallet.isConnected()).toBe(true)
    expect(await executeAndWait(wallet)).toBe('SUCCEEDED')
    // And it is still the stored one after a reload.
    const reloaded = WebWallet.init(options)
    expect((await reloaded.connect())?.account.session.hash).toBe(first.account.session.hash)
  })

  it('an aborted request leaves the working session and ends with OPERATION_ABORTED', async () => {
    const token = await logIn(sim, 'aborts@example.com')
    const wallet = WebWallet.init({
      appName: 'aborts',
      sessionParams: { allowedMethods: [INCREMENT] },
      ...headlessWalletOptions(sim, token),
    })
    const first = await wallet.requestConnection()
    sim.walletSim.approval.set('manual') // the wallet waits for a user who never answers
    try {
      const controller = new AbortController()
      const pending = wallet.requestConnection({ signal: controller.signal })
      controller.abort(new Error('user closed the dialog'))
      await expect(pending).rejects.toMatchObject({ code: 'OPERATION_ABORTED' })
    } finally {
      sim.walletSim.approval.set('auto')
    }
    expect(wallet.sessionAccount).toBe(first.account)
    expect(wallet.getSessionStatus()).toBe('VALID')
  })
})

describe('gasless fee permission', () => {
  it('pays the paymaster in STRK although the app allowed no transfer', async () => {
    const token = await logIn(sim, 'no-transfer@example.com')
    const wallet = WebWallet.init({
      appName: 'no-transfer',
      // Only ETH's approve: no transfer of any token is the app's.
      sessionParams: {
        allowedMethods: [
          {
            contract: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
            selector: 'approve',
          },
        ],
      },
      ...headlessWalletOptions(sim, token),
    })
    const { account } = await wallet.requestConnection()
    const methods = account.session.allowedMethods.map((m) => m.selector)
    expect(methods).toEqual(['approve', 'transfer', 'transfer'])
    const { transaction_hash } = await account.execute(
      {
        contractAddress: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
        entrypoint: 'approve',
        calldata: [RECIPIENT, 1, 0],
      },
      { gasless: true },
    )
    const receipt = await waitForTransaction(createRpc({ nodeUrl: sim.rpcUrl }), transaction_hash, {
      retryInterval: 50,
    })
    expect(receipt.execution_status).toBe('SUCCEEDED')
  })
})
