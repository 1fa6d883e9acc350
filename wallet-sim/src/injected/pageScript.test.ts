// The injected wallet's requests that never reach the wallet page, run in Node over a stub window (the whole
// script runs in Chromium in e2e/tests/compat/injected.test.ts): a declare is a coded refusal that says what to
// do instead; an unknown method is the wallet API's 114.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { envelopeChannel, frameElements, walletError } from './pageFrame'
import { type InjectedConfig, installInjectedWallet, legacyAccount, walletRequest } from './pageScript'

type Wallet = { request(r: { type: string; params?: unknown }): Promise<unknown> }
const config: InjectedConfig = {
  walletOrigin: 'http://localhost:3005',
  id: 'argentX',
  name: 'Argent X',
  icon: 'data:image/svg+xml;base64,',
  version: '1.0.0',
  chainId: '0x534e5f5345504f4c4941',
  chain: 'starknet:SN_SEPOLIA',
  frame: { sandbox: '', allow: '', width: 1, height: 1, zIndex: 1 },
  walletApiCodes: {},
  specs: ['0.9'],
  readyTimeoutMs: 1,
  preload: false,
}
const called: string[] = []
let wallet: Wallet

beforeEach(() => {
  const page: Record<string, unknown> = {}
  Object.assign(globalThis, { window: page })
  installInjectedWallet(config, {
    openWalletFrame: () => ({ call: async (path: string) => void called.push(path) }),
    registerStandardWallet: () => ({ accounts: [] }) as never,
    frameElements,
    envelopeChannel,
    walletError,
    walletRequest,
    legacyAccount,
  })
  wallet = page.starknet_argentX as Wallet
})
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window')
  called.length = 0
})

describe('the injected wallet', () => {
  it('refuses wallet_addDeclareTransaction with NOT_IMPLEMENTED and the way to declare (--node)', async () => {
    const declare = { compiled_class_hash: '0x1', contract_class: { sierra_program: [] } }
    await expect(
      wallet.request({ type: 'wallet_addDeclareTransaction', params: declare }),
    ).rejects.toMatchObject({
      code: 163,
      data: { webwalletErrorCode: 'NOT_IMPLEMENTED', operation: 'wallet_addDeclareTransaction' },
      message: expect.stringMatching(/cannot declare.*--node <starknet-devnet URL>/),
    })
    expect(called).toEqual([]) // nothing went to the wallet page
  })

  it('answers 114 for a method the wallet API does not have', async () => {
    await expect(wallet.request({ type: 'wallet_mintMeTokens' })).rejects.toMatchObject({ code: 114 })
  })
})
