// wallet-sim's injected wallet in any engine: a dapp page that loads it with a `<script src>` of wallet-sim's
// /injected.js (the way for a dapp under development, no Playwright init script needed), and the journey a
// get-starknet v4 dapp makes through it (connect, sign typed data, execute), answered hands-free.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS } from '@webwallet/wallet-sim'
import { launchWalletSim, walletControl } from '@webwallet/wallet-sim/playwright/core'
import { RpcProvider, typedData as td } from 'starknet'
import { greeting } from '../typedData'
import type { Page } from './driver'

const GREETING = greeting('gm from an injected wallet')
const INCREMENT = [{ contract_address: CONTRACTS.counter, entry_point: 'increment', calldata: [] }]

/** In the page: connect, sign, execute through `window.starknet_argentX`. */
const JOURNEY = `async (typedData, calls) => {
  const wallet = window.starknet_argentX
  const [address] = await wallet.request({ type: 'wallet_requestAccounts' })
  const signature = await wallet.request({ type: 'wallet_signTypedData', params: typedData })
  const { transaction_hash } = await wallet.request({ type: 'wallet_addInvokeTransaction', params: { calls } })
  return { address, signature, hash: transaction_hash }
}`

/** What the journey found: the connected account, its signature's verdict, the transaction's outcome. */
export interface InjectedJourney {
  address: string
  user: string
  signatureValid: boolean
  succeeded: boolean
}

/**
 * Starts a hands-free wallet-sim and a dapp page on localhost that loads its injected wallet; dispose to stop.
 * @example await using dapp = await startInjectedDapp(); const result = await dapp.journey(page)
 */
export async function startInjectedDapp() {
  let walletUrl = ''
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end(`<!doctype html><title>dapp</title><script src="${walletUrl}/injected.js?as=argentX"></script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`
  const sim = await launchWalletSim({ dappOrigins: [new URL(url).origin], accounts: 1 })
  walletUrl = sim.url
  const close = async () => {
    await sim.close()
    await new Promise((resolve) => server.close(resolve))
  }
  return {
    url,
    async journey(page: Page): Promise<InjectedJourney> {
      await page.goto(url)
      await page.waitFor('the injected wallet', '() => window.starknet_argentX !== undefined')
      const sent = await page.evaluate<{ address: string; signature: string[]; hash: string }>(
        JOURNEY,
        GREETING,
        INCREMENT,
      )
      const provider = new RpcProvider({ nodeUrl: sim.rpcUrl })
      const [valid] = await provider.callContract({
        contractAddress: sent.address,
        entrypoint: 'is_valid_signature',
        calldata: [
          td.getMessageHash(GREETING, sent.address),
          String(sent.signature.length),
          ...sent.signature,
        ],
      })
      const receipt = await provider.waitForTransaction(sent.hash, { retryInterval: 100 })
      return {
        address: sent.address,
        user: await walletControl(sim.url).address(),
        signatureValid: BigInt(valid ?? 0) === 0x56414c4944n, // 'VALID'
        succeeded: receipt.isSuccess(),
      }
    },
    close,
    [Symbol.asyncDispose]: close,
  }
}
