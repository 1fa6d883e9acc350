'use client'
// The page both browser apps render: connect (log in and sign a session in the wallet), then one session
// call to wallet-sim's demo counter. wallet-sim's origin, the counter's address and the paymaster API key that
// sponsors gas come from the page URL (?wallet=…&counter=…&sponsor=…): the test starts wallet-sim on a free port.
import { devUrls, type SessionAccount, WebWallet } from '@webwallet/shim'
import { createConnector } from '@webwallet/shim/connector'
import { useEffect, useState } from 'react'

function createWallet() {
  const query = new URLSearchParams(location.search)
  const walletUrl = new URL(query.get('wallet') ?? 'http://localhost:3005').origin
  const counter = query.get('counter') ?? ''
  const sponsor = query.get('sponsor') ?? ''
  const wallet = WebWallet.init({
    appName: 'consumer-app',
    environment: 'dev',
    urls: devUrls(walletUrl), // every URL of 'dev' on wallet-sim's origin
    connector: createConnector({ url: walletUrl, transport: 'iframe' }),
    sessionParams: { allowedMethods: [{ contract: counter, selector: 'increment' }], validityDays: 1 },
    // A new account is deployed by its first call, through the paymaster: sponsored, so no gas-token transfer.
    paymasterParams: { apiKey: sponsor },
  })
  return { wallet, counter }
}

export function Wallet() {
  // Created in the browser only: server rendering has no page URL (and needs no wallet).
  const [app, setApp] = useState<ReturnType<typeof createWallet> | undefined>()
  useEffect(() => setApp(createWallet()), [])
  const [account, setAccount] = useState<SessionAccount | undefined>()
  const [status, setStatus] = useState('idle')

  const run = (task: () => Promise<string>) => {
    setStatus('busy')
    task().then(setStatus, (error: unknown) => setStatus(`error: ${String(error)}`))
  }
  if (!app) return <p data-testid="status">loading</p>
  const { wallet, counter } = app
  const connect = () =>
    run(async () => {
      const result = await wallet.requestConnection()
      setAccount(result.account)
      return 'connected'
    })
  const increment = (session: SessionAccount) =>
    run(async () => {
      const calls = [{ contractAddress: counter, entrypoint: 'increment', calldata: [] }]
      const { transaction_hash } = await session.execute(calls)
      await session.waitForTransaction(transaction_hash, { retryInterval: 250 })
      return `executed ${transaction_hash}`
    })

  return (
    <main>
      <p data-testid="status">{status}</p>
      {account ? (
        <>
          <p data-testid="address">{account.address}</p>
          <button type="button" data-testid="execute" onClick={() => increment(account)}>
            Increment the counter
          </button>
        </>
      ) : (
        <button type="button" data-testid="connect" onClick={connect}>
          Connect
        </button>
      )}
    </main>
  )
}
