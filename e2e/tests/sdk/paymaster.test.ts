// The paymaster client against wallet-sim's AVNU-compatible paymaster with signed answers.

import { publicKeyOf, toHex } from '@webwallet/protocol/session'
import { createPaymaster } from '@webwallet/shim'
import { type RunningSim, startSim } from '@webwallet/wallet-sim'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const SERVER_KEY = '0x5e5e5e'
const ACCOUNT = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
let sim: RunningSim

beforeAll(async () => {
  sim = await startSim({ seed: 2, paymasterPrivateKey: SERVER_KEY })
})
afterAll(async () => {
  await sim?.close()
})

describe('paymaster client against wallet-sim', () => {
  const client = (serverPublicKey?: string) =>
    createPaymaster({ baseUrl: sim.url, ...(serverPublicKey ? { serverPublicKey } : {}) })

  it('verifies the signed answers with the server public key', async () => {
    const paymaster = client(toHex(publicKeyOf(SERVER_KEY)))
    expect((await paymaster.compatibility(ACCOUNT)).isCompatible).toBe(true)
    expect((await paymaster.gasTokenPrices()).length).toBeGreaterThan(0)
  })

  it("refuses answers signed by another key ('Invalid server signature')", async () => {
    await expect(client(toHex(publicKeyOf('0x777'))).gasTokenPrices()).rejects.toThrow(
      'Invalid server signature',
    )
  })

  it("refuses an answer without its signature header ('No server signature')", async () => {
    sim.walletSim.faults.add({ route: '/paymaster/v1/gas-token-prices', count: 1, dropSignatureHeader: true })
    await expect(client(toHex(publicKeyOf(SERVER_KEY))).gasTokenPrices()).rejects.toThrow(
      'No server signature',
    )
  })

  it('reports a 400 with the first message of the body', async () => {
    await expect(
      client().buildTypedData({
        userAddress: ACCOUNT,
        calls: [{ contractAddress: ACCOUNT, entrypoint: 'x', calldata: [] }],
      }),
    ).rejects.toThrow('gasTokenAddress and maxGasTokenAmount are required without an api key')
  })
})
