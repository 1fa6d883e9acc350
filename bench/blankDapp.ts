// The dapp the user-test benches open (bench/userTests.ts, phases.ts, resets.ts, routeCost.ts): one blank page
// on localhost, the site the Playwright fixtures serve a localhost dapp's wallet from, and the call each sends.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTRACTS } from '@webwallet/wallet-sim'

const HTML = '<!doctype html><meta charset="utf-8"><title>dapp</title><p>a dapp</p>'

/** The transaction of every bench's test: the counter's `increment`, as a wallet_addInvokeTransaction call. */
export const INCREMENT = { contract_address: CONTRACTS.counter, entry_point: 'increment', calldata: [] }

/**
 * Serves a blank dapp page on `http://localhost:<port>` until `close()`.
 *
 * @example
 * const dapp = await serveBlankDapp()
 * await page.goto(dapp.url)
 */
export async function serveBlankDapp(): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HTML))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  }
}
