// Issue 26 item 5, docs/protocol.md, Session scope (a session allows exactly the listed pairs; the fee tokens'
// `transfer` is added only in gasless mode): against a whole wallet-sim, whose
// wallet signs what the SDK asks, an SDK with no paymaster route (a deployer, no paymasterParams) signs a
// session of exactly the app's methods, and a fee-token transfer is refused before anything is sent; in
// gasless mode (the default without a deployer) the same session grants STRK and ETH `transfer`.

import { WebWallet } from '@webwallet/shim'
import { CONTRACTS, type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessWalletOptions } from '../../support/headless'
import { logIn } from './login'

const STRK = '0x04718f5a0fc34cc1af16a1cdee98ffb20c31f5cd61d6ab07201858f4287c938d'
const ETH = '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7'
const increment = { contract: CONTRACTS.counter, selector: 'increment' }

let sim: RunningSim
beforeAll(async () => {
  sim = await startSim({ seed: 11, approve: 'auto' })
})
afterAll(() => sim?.close())

async function signedWith(email: string, extra: Partial<Parameters<typeof WebWallet.init>[0]>) {
  const token = await logIn(sim, email)
  const wallet = WebWallet.init({
    appName: 'fee-scope',
    sessionParams: { allowedMethods: [increment] },
    ...headlessWalletOptions(sim, token),
    ...extra,
  })
  const { account } = await wallet.requestConnection()
  return { wallet, account }
}

describe('the fee-token transfer scope', () => {
  it('without a paymaster route: exactly the app’s methods, and a STRK transfer is CALL_NOT_ALLOWED, unsent', async () => {
    let deployed = 0
    const deployer = async () => {
      deployed++
      throw new Error('not expected: nothing may be sent')
    }
    const { wallet, account } = await signedWith('no-paymaster@example.com', { deployer })
    const signed = wallet.exportSignedSession()
    expect(signed?.allowedMethods).toEqual([
      { 'Contract Address': increment.contract, selector: 'increment' },
    ])
    const nonce = await account.getNonce().catch(() => '0x0')
    const transfer = { contractAddress: STRK, entrypoint: 'transfer', calldata: [account.address, '1', '0'] }
    await expect(account.execute(transfer)).rejects.toMatchObject({ code: 'CALL_NOT_ALLOWED' })
    expect(deployed).toBe(0)
    expect(await account.getNonce().catch(() => '0x0')).toBe(nonce)
    expect(wallet.getSessionStatus()).toBe('VALID')
  })

  it('in gasless mode (no deployer: deployed through the paymaster) the wallet signs STRK and ETH transfer too', async () => {
    const { wallet } = await signedWith('gasless@example.com', {})
    expect(wallet.exportSignedSession()?.allowedMethods).toEqual([
      { 'Contract Address': increment.contract, selector: 'increment' },
      { 'Contract Address': STRK, selector: 'transfer' },
      { 'Contract Address': ETH, selector: 'transfer' },
    ])
  })
})
